"""Results entry, calendar, history (spec R1–R5)."""
