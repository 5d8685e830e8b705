"""The *Exporter* tab's TRFs (``?download=trf`` and the TRF-like ``?download=trflike``):

- the rank column of each ``001`` record (cols 86–89) is the player's final rank (TRF-16,
  fide.md §2.1): the *Classement* under the tournament's own tiebreaks, rule era and lots. The
  expected ranks come from FIDE's answer to the C.07 "held" exercise 25 (final ranks after
  points then DE, ``tests/fixtures/tiebreaks/held_individual_expected.json``) and from FIDE's
  reference implementation gacrux, which re-ranks the downloaded file and compares;
- the arbiter's forbidden pairs are written as TRF-2026 records ``260`` (cols 5–7 first round,
  9–11 last round, players from col 13 every 5 cols), so that ``chessclub check`` on the file
  re-pairs as the web checker does.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from chessclub.pairing import check_trf
from chessclub_web.clubs.models import Role
from chessclub_web.pairings import services as pairing_services
from chessclub_web.tournaments import services
from chessclub_web.tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
HELD = FIXTURES / "tiebreaks"
EXERCISE_25 = next(
    e
    for e in json.loads((HELD / "held_individual_expected.json").read_text(encoding="utf-8"))[
        "exercises_2023_rules"
    ]
    if e["exercise"] == 25
)
SWISS_DEFAULTS = ["BH/C1", "BH", "SB", "DE", "WIN"]


def download(client, t: Tournament, which: str) -> bytes:
    response = client.get(reverse("export", args=(t.club.number, t.pk)) + f"?download={which}")
    assert response.status_code == 200, response.content[:500]
    return bytes(response.content)


def rank_column(data: bytes) -> dict[int, int | None]:
    """Starting rank → the rank column (cols 86–89) of each ``001`` line, read by hand."""
    found: dict[int, int | None] = {}
    for line in data.decode("latin-1").splitlines():
        if line.startswith("001"):
            text = line[85:89].strip()
            found[int(line[4:8])] = int(text) if text else None
    return found


def gacrux_check(data: bytes, codes: list[str]) -> bool:
    """Whether gacrux, ranking the file's players by points then ``codes`` under its rules of
    2024 (the 2023 era: the start date is set to 2024-09-01), finds each at the file's rank."""
    from gacrux.tiebreak import tiebreak
    from gacrux.trf2json import trf2json

    text = "042 2024-09-01\n" + re.sub(r"^042 .*\n", "", data.decode("utf-8"), flags=re.M)
    chessfile = trf2json()
    chessfile.parse_file(text, 0)
    assert chessfile.get_status() == 0, chessfile.chessjson.get("status")
    t = chessfile.get_tournament(1)
    params: dict[str, object] = {
        "tiebreak": ["PTS", *codes],
        "check": True,
        "pre_determined": False,
        "swiss": True,
        "unrated": None,
    }
    return bool(tiebreak(t, -1, params).compute_tiebreaks(t, params)["check"])


def classement_ranks(client, t: Tournament) -> dict[int, int]:
    """Pairing number → the rank the *Classement* page shows (first of a shared ``2–5``)."""
    page = client.get(reverse("tournament", args=(t.club.number, t.pk))).content.decode()
    rows = re.findall(r'<tr id="player-(\d+)">\s*<td class="num rank">(\d+)', page)
    return {int(number): int(rank) for number, rank in rows}


def test_b1_trf_rank_is_fides_final_rank_under_the_tournaments_tiebreak(
    owner_client, public_club
) -> None:
    """Held exercise 25: FIDE's final ranks after points then DE, shared ranks included
    (3, 3, then 5…). The tournament's *Paramètres* say DE under the 2023 rules: the downloaded
    TRF's rank column is FIDE's answer for all 16 players (the former column, points then
    pairing number, was not)."""
    row = services.import_tournament(
        public_club, (HELD / "held_swiss_9.trf").read_bytes(), "held_swiss_9.trf"
    )
    Tournament.objects.filter(pk=row.pk).update(
        tiebreaks="DE", tiebreak_rules="2023", chief_arbiter="Arbiter, Ann"
    )
    written = rank_column(download(owner_client, row, "trf"))
    assert {str(k): v for k, v in written.items()} == EXERCISE_25["expected"]


def test_b1_trf_and_trf_like_rank_the_demo_as_the_classement(owner_client, elite) -> None:
    """The 16-player championship of 2000. Under its default settings (Swiss defaults, the
    2009 rules of its start date) India Ivan (9) is 2nd on the *Classement*, which the file
    said was 5th (four players on 4½, then by pairing number). Both TRFs rank every player
    as the page does. Under the 2023 rules, with the default and with another order of
    tiebreaks, gacrux re-ranks the downloaded file and finds every rank right."""
    page = classement_ranks(owner_client, elite)
    assert page[9] == 2
    for which in ("trf", "trflike"):
        assert rank_column(download(owner_client, elite, which)) == page
    Tournament.objects.filter(pk=elite.pk).update(tiebreak_rules="2023")
    assert gacrux_check(download(owner_client, elite, "trf"), SWISS_DEFAULTS)
    Tournament.objects.filter(pk=elite.pk).update(tiebreaks="SB,WIN,BH")
    data = download(owner_client, elite, "trf")
    assert gacrux_check(data, ["SB", "WIN", "BH"])
    assert not gacrux_check(data, SWISS_DEFAULTS)  # the check can fail
    assert rank_column(download(owner_client, elite, "trflike")) == rank_column(data)


def test_b1_trf_writes_the_forbidden_pairs_and_check_agrees_with_the_web(
    owner_client, public_club, make_user
) -> None:
    """Four players, 1 and 3 must not meet. By C.04.3 round 1 would be 1-3, 4-2; the engine
    pairs 1-4, 3-2 instead. The web checker reports no difference; the downloaded TRF holds
    ``260   1   5    1    3`` (rounds 1 to the planned 5) and ``chessclub check`` on it
    reports none either — without that record it reports round 1."""
    user = make_user("arbiter-owner", public_club, Role.OWNER)
    owner_client.force_login(user)
    t = Tournament.objects.create(
        name="Forbidden",
        system="swiss",
        planned_rounds=5,
        initial_colour="W",
        club=public_club,
        creator=user,
        chief_arbiter="Arbiter, Ann",
    )
    for i in range(1, 5):
        pairing_services.add_player(
            t, pairing_services.NewEntry(name=f"Player{i}", rating=2400 - 37 * (i - 1)), user
        )
    first, third = t.players.get(pairing_number=1), t.players.get(pairing_number=3)
    pairing_services.add_forbidden_pair(first, third, "family", user)
    assert (
        owner_client.post(reverse("pair_next", args=(public_club.number, t.pk))).status_code == 302
    )
    round_url = reverse("pairing_round", args=(public_club.number, t.pk, 1))
    assert owner_client.post(round_url, {"action": "publish"}).status_code == 302
    Game.objects.filter(round__tournament=t, round__number=1).update(result="=")
    pairs = sorted(
        (g.white.pairing_number, g.black.pairing_number)
        for g in Game.objects.filter(round__tournament=t).select_related("white", "black")
    )
    assert pairs == [(1, 4), (3, 2)]
    web = owner_client.post(
        reverse("check_pairings", args=(public_club.number, t.pk)), HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "Every round is paired as the FIDE Dutch system pairs it." in web.content.decode()

    data = download(owner_client, t, "trf")
    records = [line for line in data.decode().splitlines() if line.startswith("260")]
    assert len(records) == 1
    line = records[0]
    assert (line[4:7], line[8:11], line[12:16], line[17:21]) == ("  1", "  5", "   1", "   3")
    assert check_trf(data, workers=1) == []
    without = "".join(
        line for line in data.decode().splitlines(keepends=True) if not line.startswith("260")
    ).encode()
    differences = check_trf(without, workers=1)
    assert differences and {d.round for d in differences} == {1}
