"""chessclub: a chess club's tournament and rating system.

The package ``chessclub`` is the pure domain core (no Django, no database, no network):
the tournament model, standings, and federation file formats. The Django web layer lives in
the separate package ``chessclub_web`` and depends on this one, never the reverse.
"""

__version__ = "0.1.0"
