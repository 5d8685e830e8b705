"""Results reported by the players (filled by the reports app)."""
