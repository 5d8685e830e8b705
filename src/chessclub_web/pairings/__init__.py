"""Entries and pairing (issue 4)."""
