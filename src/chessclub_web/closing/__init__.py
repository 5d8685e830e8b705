"""Closing, early end, corrections and the club Elo (issue 6, spec C1–C3, E1–E9)."""
