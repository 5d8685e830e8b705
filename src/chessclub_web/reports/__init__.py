"""Players report their own results (optional per tournament)."""
