"""Spec (product.md, closing app): the French label of the closing tab and its page is
*Clôturer*, never *Fermer* (Django's own catalogue translates a bare "Close" as "Fermer": the
page's title, heading and button must not pick that one up)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from chessclub_web.clubs.models import Role

from ..builders import make_tournament

pytestmark = pytest.mark.django_db


def test_c1_french_close_page_says_cloturer_not_fermer(client, public_club, make_user):
    t = make_tournament(public_club, [("A", 1500), ("B", 1500)], [[(1, 2, "1-0")]])
    client.force_login(make_user("owner", public_club, Role.OWNER))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    page = client.get(reverse("close", args=("700", t.pk))).content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert title.startswith("Clôturer"), title
    assert "<h2>Clôturer le tournoi</h2>" in page
    assert re.search(r'<button type="submit">\s*Clôturer\s*</button>', page), "button"
    assert "Fermer" not in page and "fermer" not in page
