"""Results entry, calendar, history (issue 5, spec R1–R5)."""
