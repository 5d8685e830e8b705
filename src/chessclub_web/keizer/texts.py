"""Texts of the Keizer competition that other apps show (the system's name on every tournament
page, the new-tournament form's choice and its warning, the refused federation files): kept in
this app's catalogue with the rest of the Keizer texts."""

from django.utils.translation import gettext_noop

TEXTS = (
    gettext_noop("Keizer system"),
    gettext_noop("Keizer system (club competition, outside FIDE's systems)"),
    gettext_noop(
        "This Keizer competition is outside FIDE's systems: its Keizer score is its ranking, "
        "no FIDE tiebreak applies and no FIDE or federation file is made for it."
    ),
    gettext_noop(
        "A Keizer competition is outside FIDE's systems: its Keizer score is its ranking, so "
        "no FIDE or federation file is made for it."
    ),
    gettext_noop("Keizer parameters changed (preset %(preset)s)."),
    gettext_noop("Evening %(round)s: %(name)s %(status)s %(result)s."),
)
