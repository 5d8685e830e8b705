"""Signals between the web apps, so that each area stays in its own app.

``results_corrected`` is sent (``sender=Tournament``, ``tournament=``, ``user=``) after
corrections in a closed tournament are saved (spec C3); the closing app stores the final
standings again and recomputes the club Elo from this tournament on.

``tournament_closed`` is sent (``sender=Tournament``, ``tournament=``) once a tournament has
been closed and its final standings stored (spec C1); federation apps may react.
"""

from __future__ import annotations

from django.dispatch import Signal

results_corrected = Signal()
tournament_closed = Signal()
