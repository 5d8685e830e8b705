"""Texts of the knockout cup that other apps show (the system's name on every tournament page,
the tab, the new-tournament form's choice and its warning, the refused federation files): kept
in this app's catalogue with the rest of the cup's texts."""

from django.utils.translation import gettext_noop

TEXTS = (
    gettext_noop("Knockout cup"),
    gettext_noop("Cup"),
    gettext_noop("Knockout cup (club competition, outside FIDE's systems)"),
    gettext_noop(
        "This knockout cup is outside FIDE's systems: its bracket is its result, no FIDE "
        "tiebreak applies and no FIDE or federation file is made for it. Register its players, "
        "then draw the bracket on the Cup tab."
    ),
    gettext_noop(
        "This club competition is outside FIDE's systems: no FIDE or federation file is made "
        "for it."
    ),
)
