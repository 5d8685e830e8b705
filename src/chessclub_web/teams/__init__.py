"""Team competitions."""
