"""The documents an arbiter prints on tournament day: start and check-in lists, pairings,
result slips, standings, crosstables, player cards and the team events' sheets, each as a page
that prints cleanly and as a PDF (spec S5)."""
