"""Texts of the Scheveningen match that other apps show (the tab's name, the system's name on
every tournament page, the new-tournament form's choice and its warning): kept in this app's
catalogue with the rest of the Scheveningen texts."""

from django.utils.translation import gettext_noop

TEXTS = (
    gettext_noop("Scheveningen"),
    gettext_noop("Scheveningen match"),
    gettext_noop("Scheveningen match (team against team, outside FIDE's systems)"),
    gettext_noop(
        "This Scheveningen match is outside FIDE's systems: no FIDE tiebreak applies and no "
        "FIDE or federation file is made for it. Register the players of both teams, then "
        "choose the teams and their board order."
    ),
    gettext_noop("Scheveningen match set up: %(team_a)s against %(team_b)s."),
)
