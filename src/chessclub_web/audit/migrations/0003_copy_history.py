"""Every line of the three former histories becomes a line of the audit log, nothing lost:

* the results history (``results.ResultChange``): one ``result.entered`` / ``result.changed``
  / ``result.corrected`` line per change, with the board's version step (spec R3, R5);
* the pairing history (``pairings.PairingChange``): its message and parameters as they are,
  the action read from the message (a line written before messages existed keeps its text as
  a ``note``);
* the closings (``closing.Closure``): one ``tournament.closed`` line each, with the tiebreaks
  and rule era of the final standings.

The tables of the first two are dropped by the next migrations of their apps.
"""

from django.db import migrations

#: The pairing history's messages and the action each records (the texts as written then).
ACTIONS = {
    "Settings: tiebreaks changed from “%(old)s” to “%(new)s”.": "settings.tiebreaks_changed",
    "Settings: tiebreak rules changed from “%(rules_from)s” to “%(rules_to)s”.": (
        "settings.rules_changed"
    ),
    "Tournament imported from %(file)s: %(players)s players, %(rounds)s rounds.": (
        "tournament.imported"
    ),
    "Settings: ties left after every tiebreak decided by a drawing of lots (seed %(seed)s).": (
        "settings.lots_changed"
    ),
    "Settings: no drawing of lots any more, players tied after every tiebreak share the rank.": (
        "settings.lots_changed"
    ),
    "%(name)s removed from the entries.": "entry.removed",
    "%(name)s: %(field)s changed from “%(old)s” to “%(new)s”.": "entry.changed",
    "%(name)s: rating marked fictitious (***).": "entry.changed",
    "%(name)s: rating no longer marked fictitious.": "entry.changed",
    "Tournament created.": "tournament.created",
    "%(name)s registered in the roster of %(team)s.": "entry.registered",
    "%(name)s registered from round %(round)s (late entry).": "entry.registered",
    "%(name)s registered.": "entry.registered",
    "Round %(round)s: date set to %(date)s.": "round.date_set",
    "Round %(round)s paired (draft).": "round.paired",
    "Round %(round)s paired again.": "round.paired",
    "Round %(round)s published.": "round.published",
    "Round %(round)s unpaired.": "round.unpaired",
    "Initial colour drawn by lot: %(colour)s (seed %(seed)s).": "pairing.colour_drawn",
    "Round %(round)s: %(first)s and %(second)s swapped.": "pairing.board_swapped",
    "Round %(round)s, board %(board)s: colours exchanged (%(white)s now has White).": (
        "pairing.colours_swapped"
    ),
    "Round %(round)s: board %(board)s (%(white)s – %(black)s) removed.": "pairing.board_removed",
    "Round %(round)s: board %(board)s added (%(white)s – %(black)s).": "pairing.board_added",
    "Round %(round)s: pairing-allocated bye given to %(name)s.": "pairing.bye_given",
    "Pairing numbers drawn by lot (seed %(seed)s).": "pairing.numbers_given",
    "Pairing numbers given by rating, then title, then name.": "pairing.numbers_given",
    "Pairing rules changed.": "settings.pairing_changed",
    "%(name)s: %(bye)s requested for round %(round)s.": "bye.requested",
    "%(name)s: bye of round %(round)s cancelled.": "bye.cancelled",
    "%(name)s absent in round %(round)s.": "absence.recorded",
    "%(name)s: absence of round %(round)s cancelled.": "absence.cancelled",
    "%(first)s and %(second)s must not be paired together.": "pairing.forbidden_added",
    "%(first)s and %(second)s may be paired together again.": "pairing.forbidden_removed",
    "%(name)s re-enters from round %(round)s.": "entry.reentered",
    "%(name)s: withdrawal cancelled.": "entry.reentered",
    "%(name)s withdrew from round %(round)s.": "entry.withdrawn",
}

#: A result line's message (as ``results.services`` writes it).
RESULT_MESSAGE = "Round %(round)s, board %(board)s (%(white)s – %(black)s): %(from)s → %(to)s."
LABELS = {"1-0": "1-0", "=": "½-½", "0-1": "0-1", "+-": "+/-", "-+": "-/+", "--": "-/-", "": "–"}
BATCH = 1000


def _batches(rows):
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def copy(apps, schema_editor):
    entry = apps.get_model("audit", "Entry")
    result_change = apps.get_model("results", "ResultChange")
    pairing_change = apps.get_model("pairings", "PairingChange")
    closure = apps.get_model("closing", "Closure")

    def result_line(c):
        if c.correction:
            action = "result.corrected"
        elif c.old_result == "":
            action = "result.entered"
        else:
            action = "result.changed"
        params = {
            "round": c.round_number,
            "board": c.board if c.board is not None else "",
            "white": c.white_name,
            "black": c.black_name,
            "from": c.old_result,
            "to": c.new_result,
            "via": c.via,
        }
        shown = dict(params, **{"from": LABELS.get(c.old_result, c.old_result)})
        shown["to"] = LABELS.get(c.new_result, c.new_result)
        return entry(
            action=action,
            at=c.changed_at,
            user_id=c.user_id,
            username=c.username,
            tournament_id=c.tournament_id,
            round_number=c.round_number,
            board=c.board,
            game_id=c.game_id,
            version=c.old_version,
            message=RESULT_MESSAGE,
            params=params,
            description=RESULT_MESSAGE % shown,
            old={"result": c.old_result},
            new={"result": c.new_result},
        )

    for batch in _batches(result_change.objects.order_by("id").iterator(chunk_size=BATCH)):
        entry.objects.bulk_create([result_line(c) for c in batch])

    def pairing_line(c):
        return entry(
            action=ACTIONS.get(c.message, "note"),
            at=c.at,
            user_id=c.user_id,
            username=c.user.username if c.user_id else "",
            tournament_id=c.tournament_id,
            round_number=c.round_number,
            message=c.message,
            params=c.params,
            description=c.description,
        )

    rows = pairing_change.objects.select_related("user").order_by("id")
    for batch in _batches(rows.iterator(chunk_size=BATCH)):
        entry.objects.bulk_create([pairing_line(c) for c in batch])

    def closing_line(c):
        return entry(
            action="tournament.closed",
            at=c.closed_at,
            user_id=c.closed_by_id,
            username=c.closed_by.username if c.closed_by_id else "",
            tournament_id=c.tournament_id,
            message="Tournament closed.",
            description="Tournament closed.",
            new={"tiebreaks": list(c.codes or []), "rules": c.era},
        )

    rows = closure.objects.select_related("closed_by").order_by("id")
    for batch in _batches(rows.iterator(chunk_size=BATCH)):
        entry.objects.bulk_create([closing_line(c) for c in batch])


class Migration(migrations.Migration):
    dependencies = [
        ("audit", "0002_append_only_trigger"),
        ("results", "0002_history_append_only_trigger"),
        ("pairings", "0003_pairing_change_message_params"),
        ("closing", "0004_finalstanding_fictitious_rating"),
    ]

    operations = [migrations.RunPython(copy, migrations.RunPython.noop)]
