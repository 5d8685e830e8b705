"""Closing, early end, corrections and the club Elo (spec C1–C3, E1–E9)."""
