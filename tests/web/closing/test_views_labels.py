"""The interface's French labels of the spec (C1, C2, C3, E8, E9) and the other languages."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from chessclub_web.closing import services
from chessclub_web.clubs.models import Role

from ..builders import make_tournament

pytestmark = pytest.mark.django_db


def test_c1_c2_french_labels(client, public_club, make_user):
    """C1/C2 in French: *Clôturer*, *Date de fin*, *Terminer après la ronde* N."""
    t = make_tournament(
        public_club,
        [("A", 1500), ("B", 1500)],
        [[(1, 2, "1-0")], [(2, 1, "")]],
        system="swiss",
        planned_rounds=3,
    )
    client.force_login(make_user("owner", public_club, Role.OWNER))
    page = client.get(reverse("close", args=("700", t.pk))).content.decode()
    assert "Terminer après la ronde 1" in page
    assert "Ronde 2, échiquier 1" in page


def test_c1_e9_french_labels_after_closing(client, public_club, make_user):
    t = make_tournament(public_club, [("A", 1500), ("B", 1500)], [[(1, 2, "1-0")]])
    client.force_login(make_user("owner", public_club, Role.OWNER))
    page = client.get(reverse("close", args=("700", t.pk))).content.decode()
    assert "Clôturer" in page and "Date de fin" in page
    services.close_tournament(t, None, datetime.date(2026, 5, 1))
    page = client.get(reverse("close", args=("700", t.pk))).content.decode()
    assert "Enregistrer les corrections" in page
    page = client.get(reverse("elo_changes", args=("700", t.pk))).content.decode()
    assert "Variations Elo" in page and "pas l'Elo FIDE" in page.replace("&#x27;", "'")


@pytest.mark.parametrize(
    ("language", "label"),
    [("nl", "Elo-wijzigingen"), ("de", "Elo-Änderungen"), ("en", "Elo changes")],
)
def test_e9_label_in_each_language(client, public_club, language, label):
    t = make_tournament(public_club, [("A", 1500), ("B", 1500)], [[(1, 2, "1-0")]])
    services.close_tournament(t, None, datetime.date(2026, 5, 1))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = language
    page = client.get(reverse("elo_changes", args=("700", t.pk))).content.decode()
    assert label in page
