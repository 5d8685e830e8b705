"""Rows of the results app."""
