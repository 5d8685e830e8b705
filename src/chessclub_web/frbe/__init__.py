"""Belgian federation: export, player list, rating run (frbe.md B1–B6)."""
