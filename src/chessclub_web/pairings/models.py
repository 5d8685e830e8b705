"""Rows of the pairings app."""
