"""Team competitions (issue 8)."""
