"""The cup's rules one by one (K31–K39): settings and their lock, the draw, colours, the lot,
permissions, bad input, the public bracket, the printable bracket and match sheet."""

from __future__ import annotations

import pytest
from django.test import Client

from chessclub.club_systems.knockout import drawn_bracket
from chessclub_web.audit.models import Entry
from chessclub_web.clubs.models import Club, Role
from chessclub_web.cups import services
from chessclub_web.cups.models import CupMatch, CupSettings
from chessclub_web.tournaments.models import Game, Tournament

from ..builders import (
    boards_url,
    button_data,
    client_for,
    entries_url,
    make_tournament,
    register,
    round_url,
    tournament_url,
)

PLAYERS = [("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700), ("E", 1600)]

LOT_CHAIN = {
    "preset": "custom",
    "seeding": "rating",
    "seed": "",
    "first_colour": "bracket",
    "armageddon_white": "lot",
    "stage0_kind": "games",
    "stage0_games": "1",
    "stage1_kind": "lot",
}


@pytest.fixture
def cup(public_club, owner) -> Tournament:
    return make_tournament(public_club, PLAYERS, [], system="knockout", name="Coupe")


def _first_round(row: Tournament) -> list[tuple[str, str | None]]:
    return [
        (m.first.name, m.second.name if m.second else None)
        for m in CupMatch.objects.filter(tournament=row, cup_round=1).order_by("position")
    ]


def test_k31_presets_from_the_spec_table(cup, owner):
    client = client_for(owner)
    for preset in ("grenchen", "bellheim", "ssb-final", "thun"):
        data = {**LOT_CHAIN, "preset": preset, "stage1_kind": ""}
        assert client.post(tournament_url(cup, "cup_settings"), data).status_code == 302
    settings = services.settings_of(cup)
    chain = services.chain_of(settings)
    # Thun: best of five at 15+10, first to 2½ (4 games, the fifth an Armageddon), and the
    # lower-rated player chooses the Armageddon's colour.
    assert [(s.kind, s.games, s.first_to) for s in chain] == [
        ("games", 4, 2.5),
        ("armageddon", 1, None),
    ]
    assert services.armageddon_rule(settings) == "lower_rated"


def test_k31_a_chain_that_may_never_end_is_refused(cup, owner):
    client = client_for(owner)
    data = {**LOT_CHAIN, "stage1_kind": "games", "stage1_games": "2"}
    response = client.post(tournament_url(cup, "cup_settings"), data)
    assert response.status_code == 400
    assert "toujours départager" in response.content.decode() or "always decide" in (
        response.content.decode()
    )
    assert not CupSettings.objects.exists()


def test_k31_bad_first_to_is_a_400_naming_the_value(cup, owner):
    data = {**LOT_CHAIN, "stage0_first_to": "two and a half"}
    response = client_for(owner).post(tournament_url(cup, "cup_settings"), data)
    assert response.status_code == 400
    assert "two and a" in response.content.decode()


def test_k32_settings_locked_once_drawn_but_time_controls(cup, owner):
    client = client_for(owner)
    assert client.post(tournament_url(cup, "cup_settings"), LOT_CHAIN).status_code == 302
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    refused = client.post(tournament_url(cup, "cup_settings"), {**LOT_CHAIN, "seeding": "drawn"})
    assert refused.status_code == 409
    assert services.settings_of(cup).seeding == "rating"
    changed = {**LOT_CHAIN, "stage0_time_control": "60 min"}
    assert client.post(tournament_url(cup, "cup_settings"), changed).status_code == 302
    assert services.chain_of(services.settings_of(cup))[0].time_control == "60 min"


def test_k33_drawn_bracket_from_the_recorded_seed(cup, owner):
    client = client_for(owner)
    data = {**LOT_CHAIN, "seeding": "drawn", "seed": "4242"}
    assert client.post(tournament_url(cup, "cup_settings"), data).status_code == 302
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    seeds = "ABCDE"
    expected = [
        (seeds[a - 1], seeds[b - 1] if b is not None else None) for a, b in drawn_bracket(5, 4242)
    ]
    assert _first_round(cup) == expected
    # 5 entrants in a bracket of 8: three byes, one a match (K14, K16).
    assert sum(1 for _a, b in expected if b is None) == 3
    page = client.get(tournament_url(cup, "cup_bracket")).content.decode()
    assert "4242" in page


def test_k33_the_bracket_is_drawn_once(cup, owner):
    client = client_for(owner)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    again = client.post(tournament_url(cup, "cup_draw"))
    assert again.status_code == 409
    assert CupMatch.objects.filter(tournament=cup).count() == 4


def test_k33_seed_chosen_at_the_draw_is_recorded(cup, owner):
    assert client_for(owner).post(tournament_url(cup, "cup_draw")).status_code == 302
    settings = CupSettings.objects.get(tournament=cup)
    assert settings.seed is not None and settings.drawn_at is not None
    assert Entry.objects.filter(tournament_id=cup.pk, action="pairing.numbers_given").exists()


def test_k33_withdrawn_players_are_not_drawn(cup, owner):
    cup.players.filter(name="E").update(withdrawn_from_round=1)
    assert client_for(owner).post(tournament_url(cup, "cup_draw")).status_code == 302
    assert _first_round(cup) == [("A", "D"), ("B", "C")]


def test_k36_colours_from_the_bracket_alternate_down_the_chart(public_club, owner):
    players = [(n, 2000 - 10 * i) for i, n in enumerate("ABCDEFGH")]
    row = make_tournament(public_club, players, [], system="knockout")
    client = client_for(owner)
    assert client.post(tournament_url(row, "cup_draw")).status_code == 302
    # Chart 1–8, 4–5, 2–7, 3–6: the upper player White in matches 1 and 3, the lower in 2, 4.
    boards = list(
        row.rounds.get().games.order_by("board").values_list("white__name", "black__name")
    )
    assert boards == [("A", "H"), ("E", "D"), ("B", "G"), ("F", "C")]


def test_k36_tiebreak_game_reverses_the_colours(public_club, owner):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [], system="knockout")
    client = client_for(owner)
    client.post(tournament_url(row, "cup_draw"))  # default: SK Grenchen
    client.post(round_url(row, 1), {"action": "publish"})
    client.post(boards_url(row, 1), button_data(row, 1, {1: "="}))
    assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    game = Game.objects.get(round__tournament=row, round__number=2)
    assert (game.white.name, game.black.name, game.rated) == ("B", "A", False)


def test_k37_lot_entered_by_the_arbiter(public_club, owner, make_user):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [], system="knockout")
    arbiter = make_user("arbiter", public_club, Role.ARBITER)
    client_for(owner).post(tournament_url(row, "cup_settings"), LOT_CHAIN)
    client = client_for(arbiter)
    client.post(tournament_url(row, "cup_draw"))
    match = CupMatch.objects.get(tournament=row)
    b = row.players.get(name="B").pk
    early = client.post(tournament_url(row, "cup_lot", match.pk), {"player": b})
    assert early.status_code == 409  # the main game is not played yet
    client.post(round_url(row, 1), {"action": "publish"})
    client.post(boards_url(row, 1), button_data(row, 1, {1: "="}))
    page = client.get(tournament_url(row, "cup_bracket")).content.decode()
    assert 'action="' + tournament_url(row, "cup_lot", match.pk) in page
    assert client.post(tournament_url(row, "cup_lot", match.pk), {"player": b}).status_code == 302
    page = Client().get(tournament_url(row, "cup_bracket")).content.decode()
    assert 'data-winner="B"' in page
    assert Entry.objects.filter(tournament_id=row.pk, action="note").exists()


def test_k37_only_the_lower_rated_player_chooses(public_club, owner):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [], system="knockout")
    client = client_for(owner)
    client.post(tournament_url(row, "cup_settings"), {**LOT_CHAIN, "preset": "thun"})
    client.post(tournament_url(row, "cup_draw"))
    for number in range(1, 5):
        client.post(round_url(row, number), {"action": "publish"})
        client.post(boards_url(row, number), button_data(row, number, {1: "="}))
        if number < 4:
            assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    match = CupMatch.objects.get(tournament=row)
    url = tournament_url(row, "cup_armageddon", match.pk)
    a, b = row.players.get(name="A").pk, row.players.get(name="B").pk
    refused = client.post(url, {"player": a, "colour": "W"})
    assert refused.status_code == 400
    assert "B" in refused.content.decode()
    assert client.post(url, {"player": b, "colour": "B"}).status_code == 302
    match.refresh_from_db()
    assert (match.armageddon_white, match.armageddon_chosen) == (1, True)


@pytest.mark.parametrize("page", ["cup_draw", "cup_pair", "cup_settings"])
def test_k30_a_visitor_cannot_draw_nor_pair(cup, page):
    response = Client().post(tournament_url(cup, page), LOT_CHAIN)
    assert response.status_code == 302 and "login" in response["Location"]
    assert not CupMatch.objects.exists() and not cup.rounds.exists()


def test_k30_another_clubs_arbiter_cannot_draw_nor_enter(cup, owner, make_user):
    other = Club.objects.create(name="Autre cercle", number="701", public=True)
    stranger = make_user("stranger", other, Role.ARBITER)
    client = client_for(stranger)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 403
    client_for(owner).post(tournament_url(cup, "cup_draw"))
    match = CupMatch.objects.filter(tournament=cup, second__isnull=False).first()
    for page in ("cup_lot", "cup_armageddon", "cup_withdraw"):
        response = client.post(tournament_url(cup, page, match.pk), {"player": match.first_id})
        assert response.status_code == 403
    match.refresh_from_db()
    assert match.withdrawn is None and match.lot_winner is None
    with pytest.raises(services.refusals.NotAllowed):
        services.pair_next(cup, stranger)


def test_k38_bad_player_and_bad_match_are_4xx_and_nothing_changes(cup, owner):
    client = client_for(owner)
    client.post(tournament_url(cup, "cup_draw"))
    match = CupMatch.objects.filter(tournament=cup, second__isnull=False).first()
    bad = client.post(tournament_url(cup, "cup_withdraw", match.pk), {"player": "x1"})
    assert bad.status_code == 400 and "x1" in bad.content.decode()
    other = cup.players.exclude(pk__in=(match.first_id, match.second_id)).first()
    wrong = client.post(tournament_url(cup, "cup_withdraw", match.pk), {"player": other.pk})
    assert wrong.status_code == 400
    assert client.post(tournament_url(cup, "cup_withdraw", 99999), {"player": 1}).status_code == 404
    match.refresh_from_db()
    assert match.withdrawn is None
    # A withdrawal before the round is published removes the unplayed game (K38).
    ok = client.post(tournament_url(cup, "cup_withdraw", match.pk), {"player": match.second_id})
    assert ok.status_code == 302
    assert not Game.objects.filter(round__tournament=cup, black_id=match.second_id).exists()
    assert not Game.objects.filter(round__tournament=cup, white_id=match.second_id).exists()


def test_k39_public_bracket_without_login_private_club_hidden(cup, private_club, owner):
    client_for(owner).post(tournament_url(cup, "cup_draw"))
    assert Client().get(tournament_url(cup, "cup_bracket")).status_code == 200
    hidden = make_tournament(private_club, PLAYERS, [], system="knockout", name="Privée")
    assert Client().get(tournament_url(hidden, "cup_bracket")).status_code in (302, 404)


def test_k39_bracket_pdf_and_match_sheet(cup, owner):
    client = client_for(owner)
    client.post(tournament_url(cup, "cup_draw"))
    pdf = Client().get(tournament_url(cup, "cup_bracket_pdf"))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    match = CupMatch.objects.filter(tournament=cup, second__isnull=False).first()
    sheet = Client().get(tournament_url(cup, "cup_match", match.pk))
    assert sheet.status_code == 200
    assert match.first.name in sheet.content.decode()
    sheet_pdf = Client().get(tournament_url(cup, "cup_match", match.pk) + "?format=pdf")
    assert sheet_pdf.content.startswith(b"%PDF")


def test_k34_next_games_wait_for_every_result(public_club, owner):
    players = [(n, 2000 - 10 * i) for i, n in enumerate("ABCD")]
    row = make_tournament(public_club, players, [], system="knockout")
    client = client_for(owner)
    client.post(tournament_url(row, "cup_draw"))
    draft = client.post(tournament_url(row, "cup_pair"))
    assert draft.status_code == 409  # round 1 is a draft
    client.post(round_url(row, 1), {"action": "publish"})
    client.post(boards_url(row, 1), button_data(row, 1, {1: "1-0"}))
    missing = client.post(tournament_url(row, "cup_pair"))
    assert missing.status_code == 409
    assert row.rounds.count() == 1
    client.post(boards_url(row, 1), button_data(row, 1, {2: "="}))
    assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    # Only the drawn match plays a tie-break game.
    assert row.rounds.get(number=2).games.count() == 1


def test_k35_a_correction_that_decides_earlier_stops_the_pairing(public_club, owner):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [], system="knockout")
    client = client_for(owner)
    client.post(tournament_url(row, "cup_draw"))  # SK Grenchen: 1 game, then sudden death
    client.post(round_url(row, 1), {"action": "publish"})
    client.post(boards_url(row, 1), button_data(row, 1, {1: "="}))
    client.post(tournament_url(row, "cup_pair"))
    client.post(round_url(row, 2), {"action": "publish"})
    client.post(boards_url(row, 2), button_data(row, 2, {1: "="}))
    found = services.bracket(row).rounds[0].states[0]
    assert (found.winner, found.needs, len(found.lines)) == (None, "game", 2)
    # The main game corrected to a win: the sudden-death game should not have been played.
    client.post(boards_url(row, 1), button_data(row, 1, {1: "1-0"}))
    found = services.bracket(row).rounds[0].states[0]
    assert found.needs == "error" and found.error
    assert client.post(tournament_url(row, "cup_pair")).status_code == 409


# -- the bracket kept whole by the other pages (K33–K38) -----------------------------------------


def _semis_played(row: Tournament, client: Client) -> None:
    """Four players, SK Grenchen: chart 1–4 (A–D), 2–3 (B–C); White from the bracket (K36):
    A in match 1, C in match 2. A and B win their main games; the final A–B is paired."""
    assert client.post(tournament_url(row, "cup_draw")).status_code == 302
    client.post(round_url(row, 1), {"action": "publish"})
    played = client.post(boards_url(row, 1), button_data(row, 1, {1: "1-0", 2: "0-1"}))
    assert played.status_code == 302
    assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    final = CupMatch.objects.get(tournament=row, cup_round=2)
    assert (final.first.name, final.second.name) == ("A", "B")


@pytest.mark.parametrize("code", ["0-1", "=", "-+"])
def test_k35_a_correction_changing_the_winner_of_a_match_gone_on_is_refused(
    public_club, owner, code
):
    row = make_tournament(public_club, PLAYERS[:4], [], system="knockout")
    client = client_for(owner)
    _semis_played(row, client)
    # D winning, a draw (the match undecided again) or D winning by forfeit: A, who plays the
    # final, would not have won the semi-final.
    refused = client.post(boards_url(row, 1), button_data(row, 1, {1: code}))
    assert refused.status_code == 409
    text = refused.content.decode()
    assert "Demi-finales, match 1 (A – D)" in text
    assert "Finale, match 1" in text
    assert Game.objects.get(round__tournament=row, round__number=1, board=1).result == "1-0"


def test_k35_a_correction_keeping_the_winner_is_saved(public_club, owner):
    row = make_tournament(public_club, PLAYERS[:4], [], system="knockout")
    client = client_for(owner)
    _semis_played(row, client)
    # A's win becomes a forfeit win: A still won the semi-final.
    saved = client.post(boards_url(row, 1), button_data(row, 1, {1: "+-"}))
    assert saved.status_code == 302
    assert Game.objects.get(round__tournament=row, round__number=1, board=1).result == "+-"


def test_k33_no_player_enters_once_the_bracket_is_drawn(cup, owner):
    client = client_for(owner)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    refused = register(client, cup, "F", 1500)
    assert refused.status_code == 409
    text = refused.content.decode()
    assert "tableau de la coupe est tiré" in text
    assert "toutes rondes" not in text
    assert not cup.players.filter(name="F").exists()


def test_k38_a_player_in_the_bracket_is_not_removed_from_the_entries(cup, owner):
    from django.db.models import RestrictedError

    client = client_for(owner)
    assert client.post(tournament_url(cup, "cup_draw")).status_code == 302
    # Five players, a chart of 8: A (seed 1) has a bye in match 1 and no game to play.
    a = cup.players.get(name="A")
    refused = client.post(entries_url(cup), {"action": "remove_player", "player": a.pk})
    assert refused.status_code == 409
    assert "A est dans le tableau de la coupe (tour de coupe 1, match 1)" in (
        refused.content.decode()
    )
    assert CupMatch.objects.filter(tournament=cup).count() == 4
    # The rows themselves keep the match: an entry in the bracket cannot be deleted.
    with pytest.raises(RestrictedError):
        a.delete()
    # Deleting the tournament deletes its bracket with it.
    cup.delete()
    assert not CupMatch.objects.exists()


def _six_drawn(row: Tournament, client: Client) -> tuple[Game, dict[str, int]]:
    """Six players, a chart of 8 (K15: 1–8, 4–5, 2–7, 3–6): A and B have byes; round 1 is
    D–E (match 2, even: E White) and C–F (match 4, even: F White)."""
    row.players.create(pairing_number=6, name="F", rating=1500)
    assert client.post(tournament_url(row, "cup_draw")).status_code == 302
    assert _boards(row) == [("E", "D"), ("F", "C")]
    game = Game.objects.get(round__tournament=row, round__number=1, board=1)
    return game, {p.name: p.pk for p in row.players.all()}


def _boards(row: Tournament) -> list[tuple[str, str]]:
    games = Game.objects.filter(round__tournament=row).order_by("round__number", "board")
    return list(games.values_list("white__name", "black__name"))


@pytest.mark.parametrize("action", ["swap", "remove_board", "add_board", "give_bye"])
def test_k34_hand_edits_of_a_cup_round_are_refused(cup, owner, action):
    from chessclub_web.tournaments.models import Bye, ByeCode

    client = client_for(owner)
    game, pk = _six_drawn(cup, client)
    data = {
        "swap": {"first": pk["E"], "second": pk["C"]},
        "remove_board": {"game": game.pk},
        "add_board": {"white": pk["A"], "black": pk["B"]},
        "give_bye": {"player": pk["A"]},
    }[action]
    if action == "give_bye":  # a player left unpaired in the draft (as removing a board does)
        Bye.objects.create(round=game.round, player_id=pk["A"], kind=ByeCode.ABSENT)
    refused = client.post(round_url(cup, 1), {"action": action, **data})
    assert refused.status_code == 409
    assert "les parties de ses matchs" in refused.content.decode()
    assert _boards(cup) == [("E", "D"), ("F", "C")]
    assert not Bye.objects.filter(round=game.round, kind=ByeCode.PAIRING_ALLOCATED).exists()


@pytest.mark.parametrize("how", ["colours", "swap"])
def test_k36_the_arbiter_swaps_a_cup_boards_colours(cup, owner, how):
    client = client_for(owner)
    game, pk = _six_drawn(cup, client)
    data = {"game": game.pk} if how == "colours" else {"first": pk["D"], "second": pk["E"]}
    assert client.post(round_url(cup, 1), {"action": how, **data}).status_code == 302
    assert _boards(cup) == [("D", "E"), ("F", "C")]


def test_k37_an_armageddons_colours_are_not_swapped_by_hand(public_club, owner):
    row = make_tournament(public_club, [("A", 2000), ("B", 1900)], [], system="knockout")
    client = client_for(owner)
    client.post(tournament_url(row, "cup_settings"), {**LOT_CHAIN, "preset": "ssb-final"})
    client.post(tournament_url(row, "cup_draw"))
    for number in (1, 2):
        client.post(round_url(row, number), {"action": "publish"})
        client.post(boards_url(row, number), button_data(row, number, {1: "="}))
        if number == 1:
            assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    match = CupMatch.objects.get(tournament=row)
    b = row.players.get(name="B").pk
    url = tournament_url(row, "cup_armageddon", match.pk)
    assert client.post(url, {"player": b}).status_code == 302
    assert client.post(tournament_url(row, "cup_pair")).status_code == 302
    game = Game.objects.get(round__tournament=row, round__number=3)
    assert game.white.name == "B"
    refused = client.post(round_url(row, 3), {"action": "colours", "game": game.pk})
    assert refused.status_code == 409
    assert "Armageddon" in refused.content.decode()
    game.refresh_from_db()
    assert game.white.name == "B"
