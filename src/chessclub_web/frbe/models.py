"""Rows of the frbe app."""
