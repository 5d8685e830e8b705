"""R-REG-9: one bound on a Swiss's planned rounds everywhere. The new-tournament form refuses 0
rounds for a Swiss (1 to 99); the *Inscriptions* tab's pairing rules took 0, and the TRF export
then wrote the rounds held as ``XXR`` and every round was paired as if it were the last. Now
the rules form and the service refuse 0 (and 100) for a Swiss, as the new-tournament form; a
round robin's rules still take 0 (its Berger table decides)."""

from __future__ import annotations

import pytest

from chessclub_web.pairings import services
from chessclub_web.tournaments.models import Tournament

from ..builders import entries_url, make_tournament, new_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _rules(rounds: object) -> dict[str, object]:
    return {
        "action": "rules",
        "planned_rounds": rounds,
        "initial_colour": "",
        "missed_round_points": "Z",
    }


@pytest.mark.parametrize("rounds", [0, "", 100])
def test_r_reg_9_swiss_rules_refuse_rounds_outside_1_to_99(owner_client, public_club, rounds):
    t = new_tournament(owner_client, public_club)  # a Swiss of 5 rounds
    response = owner_client.post(entries_url(t), _rules(rounds))
    assert response.status_code == 400
    assert "planned_rounds" in response.content.decode()
    if rounds == 0:
        assert "A Swiss tournament plans 1 to 99 rounds." in response.content.decode()
    t.refresh_from_db()
    assert t.planned_rounds == 5


def test_r_reg_9_swiss_rules_take_1_and_99(owner_client, public_club):
    t = new_tournament(owner_client, public_club)
    for rounds in (1, 99):
        assert owner_client.post(entries_url(t), _rules(rounds)).status_code == 302
        t.refresh_from_db()
        assert t.planned_rounds == rounds


def test_r_reg_9_service_refuses_zero_rounds_for_a_swiss(owner_client, public_club, owner):
    t = new_tournament(owner_client, public_club)
    with pytest.raises(services.Refused, match="1 to 99"):
        services.set_pairing_rules(t, {"planned_rounds": 0}, owner)
    assert Tournament.objects.get(pk=t.pk).planned_rounds == 5


def test_r_reg_9_round_robin_rules_still_take_zero(owner_client, public_club):
    t = make_tournament(public_club, [("Testeur, Alpha", 1500), ("Testeur, Beta", 1400)], [])
    assert owner_client.post(entries_url(t), _rules(0)).status_code == 302
    t.refresh_from_db()
    assert t.planned_rounds == 0
