"""The results app's values: how a result reached the server (:class:`Via`).

The history of board results (spec R5) is the tournament's audit log
(:mod:`chessclub_web.audit`): one ``result.*`` line per change of a board's result, the first
result of a board included, written in the same transaction as the change
(``results.services``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Via(models.TextChoices):
    """How a change reached the server."""

    AUTOSAVE = "autosave", _("automatic save")
    BUTTON = "button", _("button")
    API = "api", _("JSON API")
    PLAYER = "player", _("reported by the players")
