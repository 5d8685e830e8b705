"""Rows of the teams app."""
