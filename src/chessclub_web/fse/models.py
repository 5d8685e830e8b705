"""Rows of the fse app."""
