"""Rows of the closing app."""
