"""The audit log: one append-only journal of every change to a tournament (spec R5, C1–C3)."""
