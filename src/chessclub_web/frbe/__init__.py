"""Belgian federation: export, player list, rating run (issue 7, frbe.md B1–B6)."""
