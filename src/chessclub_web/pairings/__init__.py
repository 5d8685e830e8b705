"""Entries and pairing."""
