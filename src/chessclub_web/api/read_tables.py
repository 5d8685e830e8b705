"""The *Grille américaine* and the tiebreak explanations through the JSON API (see
:mod:`chessclub_web.api.read`), from the pages' own computations
(:mod:`chessclub_web.tournaments.presentation`: the cached summary, cells and explanations).

- ``GET clubs/{number}/tournaments/{id}/crosstable?round=N``: the crosstable's rows (rank,
  pairing number, name, rating, one cell per round counted, points, tiebreaks), after round N
  as the page (spec S1, S3).
- ``GET …/tournaments/{id}/players/{pairing_number}/explain?round=N&code=C``: how each of the
  player's tiebreak values was made, as the explanation page shows it (every tiebreak of the
  tournament, or only ``code``, written as the standings link it or in the S4 spelling): the
  value, the article and rule era, each round's contribution (counted or cut, and why), the
  group Direct Encounter was applied to, the notes. 404 for a player who is not in the
  standings or a code that is not one of the tournament's tiebreaks.

Visibility, ``?round=`` (400, 404) and ETag/304 as :mod:`.read`.
"""

from __future__ import annotations

import datetime
import html

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Router, Schema
from pydantic import Field

from chessclub.tiebreaks import TiebreakCodeError, parse_tiebreak
from chessclub_web.api.auth import caller_of, optional_caller, tournament_for
from chessclub_web.api.read import (
    TiebreakOut,
    _answer,
    points_exact,
    responses,
    tiebreak_values,
    unchanged,
)
from chessclub_web.tournaments.adapters import canonical_code
from chessclub_web.tournaments.presentation import (
    CellLabels,
    Entry,
    contribution_lines,
    era_label,
    exact_text,
    explanation_notes,
    explanation_value,
    shown_tiebreaks,
    tiebreak_name,
    tournament_cells,
    tournament_explanation,
    tournament_summary,
)
from chessclub_web.tournaments.views import chosen_round

router = Router(auth=optional_caller, tags=["read"])


class CellOut(Schema):
    round: int
    opponent: int | None = Field(description="The opponent's pairing number; null: no game.")
    colour: str | None = Field(description='"W" or "B"; null for a bye or an absence.')
    kind: str = Field(
        description="win, draw, loss, forfeit-win, forfeit-loss, pending, bye-u (pairing-"
        "allocated), bye-h, bye-f, bye-z, absent; prefixed annulled- for an annulled round."
    )
    points: str = Field(description="The round's points as the page writes them: 1, ½, 0.")
    text: str = Field(description="The cell as the page prints it: 12W1, 7B½, 3N+, Bye ½.")


class RoundRef(Schema):
    number: int
    date: datetime.date | None


class CrosstableRowOut(Schema):
    rank: str
    pairing_number: int
    name: str
    rating: str
    fictitious_rating: bool
    annulled: bool
    cells: list[CellOut]
    points: str
    points_exact: str | None
    tiebreaks: list[TiebreakOut]


class CrosstableOut(Schema):
    after_round: int
    final: bool
    rounds: list[RoundRef]
    tiebreaks: list[str]
    rows: list[CrosstableRowOut]


def _cell(labels: CellLabels, entry: Entry) -> CellOut:
    round_number, opponent, colour, kind, points = entry
    return CellOut(
        round=round_number,
        opponent=opponent or None,
        colour=colour or None,
        kind=kind,
        points=points,
        text=html.unescape(labels.text(entry)),
    )


@router.get(
    "clubs/{number}/tournaments/{pk}/crosstable",
    response=responses(CrosstableOut),
    summary="The crosstable (after round N with ?round=N)",
)
def crosstable(
    request: HttpRequest, response: HttpResponse, number: str, pk: int, round: str = ""
) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    after = chosen_round(request, row)
    same = unchanged(request, caller, row.revision)
    if same is not None:
        return same  # nothing computed
    summary = tournament_summary(row, after)
    cells = tournament_cells(row, after)
    labels = CellLabels()
    shown = shown_tiebreaks(summary)
    data = CrosstableOut(
        after_round=summary.last_round,
        final=summary.final_stored_at is not None,
        rounds=[RoundRef(number=n, date=d) for n, d in summary.rounds],
        tiebreaks=list(summary.codes),
        rows=[
            CrosstableRowOut(
                rank=line.rank,
                pairing_number=line.pairing_number,
                name=line.name,
                rating=line.rating,
                fictitious_rating=line.fictitious_rating,
                annulled=line.annulled,
                cells=[_cell(labels, e) for e in (cells[index] if index < len(cells) else ())],
                points=line.points,
                points_exact=points_exact(summary, index),
                tiebreaks=tiebreak_values(summary, index, line, shown[index]),
            )
            for index, line in enumerate(summary.rows)
        ],
    )
    return _answer(request, response, caller, row.revision, data)


class ContributionOut(Schema):
    round: int
    opponent: int | None
    opponent_name: str
    opponent_score: str
    result: str
    source: str
    value: str = Field(description="As the page writes it (the language's decimal sign).")
    value_exact: str = Field(description='Exactly: "11/2".')
    counted: bool
    cut: str = Field(description="Why a cut removed it; empty when counted.")
    vur: bool = Field(description="A voluntary unplayed round (C.07 Art. 16.5).")
    note: str


class PlayerOut(Schema):
    pairing_number: int
    name: str
    rank: str
    points: str
    points_exact: str | None


class GroupMember(Schema):
    pairing_number: int
    name: str


class ExplanationOut(Schema):
    code: str
    name: str
    article: str
    era: str
    era_label: str
    value: str = Field(description="As the explanation page writes it.")
    exact: str | None = Field(description="The core's value exactly; null: not computed.")
    shown: str = Field(
        description="As the standings show it (empty: Direct Encounter separating no one)."
    )
    contributions: list[ContributionOut]
    tied_group: list[GroupMember]
    notes: list[str]


class ExplainOut(Schema):
    after_round: int
    era_from_start_date: bool
    player: PlayerOut
    tiebreaks: list[ExplanationOut]


@router.get(
    "clubs/{number}/tournaments/{pk}/players/{pairing_number}/explain",
    response=responses(ExplainOut),
    summary="How a player's tiebreak values were made (?round=N, ?code=BH/C1)",
)
def explain(
    request: HttpRequest,
    response: HttpResponse,
    number: str,
    pk: int,
    pairing_number: int,
    round: str = "",
    code: str = "",
) -> object:
    caller = caller_of(request)
    row = tournament_for(caller, number, pk)
    after = chosen_round(request, row)
    summary = tournament_summary(row, after)
    place = next(
        (i for i, r in enumerate(summary.rows) if r.pairing_number == pairing_number), None
    )
    if place is None:
        raise Http404(_("No such player in these standings."))
    wanted = range(len(summary.codes))
    if code:
        try:
            spec = parse_tiebreak(code)
        except TiebreakCodeError:
            raise Http404(_("No such tiebreak.")) from None
        canonical = canonical_code(spec)
        found = [i for i, c in enumerate(summary.codes) if c in (canonical, spec.code)]
        if not found:
            raise Http404(_("This is not one of the tournament's tiebreaks."))
        wanted = range(found[0], found[0] + 1)
    same = unchanged(request, caller, row.revision)
    if same is not None:
        return same  # no explanation evaluated
    own = summary.rows[place]
    shown = shown_tiebreaks(summary)[place]
    names = {r.pairing_number: r.name for r in summary.rows}
    explanations = []
    for index in wanted:
        explanation = tournament_explanation(
            row, summary.codes, summary.era, pairing_number, index, after
        )
        lines = contribution_lines(explanation, names)
        explanations.append(
            ExplanationOut(
                code=summary.codes[index],
                name=tiebreak_name(parse_tiebreak(summary.codes[index])),
                article=explanation.article,
                era=explanation.era.value,
                era_label=era_label(explanation.era),
                value=explanation_value(explanation),
                exact=exact_text(explanation.value),
                shown=shown[index],
                contributions=[
                    ContributionOut(
                        round=line.round,
                        opponent=line.opponent,
                        opponent_name=line.opponent_name,
                        opponent_score=line.opponent_score,
                        result=line.result,
                        source=line.source,
                        value=line.value,
                        value_exact=str(core.value),
                        counted=line.counted,
                        cut=line.cut,
                        vur=line.vur,
                        note=line.note,
                    )
                    for line, core in zip(lines, explanation.contributions, strict=True)
                ],
                tied_group=[
                    GroupMember(pairing_number=int(p), name=names.get(int(p), ""))
                    for p in explanation.tied_group
                ],
                notes=explanation_notes(explanation, shown[index], own.tiebreaks[index]),
            )
        )
    data = ExplainOut(
        after_round=summary.last_round,
        era_from_start_date=summary.era_from_start_date,
        player=PlayerOut(
            pairing_number=own.pairing_number,
            name=own.name,
            rank=own.rank,
            points=own.points,
            points_exact=points_exact(summary, place),
        ),
        tiebreaks=explanations,
    )
    return _answer(request, response, caller, row.revision, data)
