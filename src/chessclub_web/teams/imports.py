"""A TRF-2026 team file stored as a team event (the tournament app's import calls it through
:data:`chessclub_web.tournaments.hooks.import_team_event`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from chessclub.formats import trf as trf_format
from chessclub.formats.trf.teams import to_team_tournament
from chessclub.model import TournamentSystem
from chessclub.model.teams import TeamTournament
from chessclub_web.clubs.models import Club
from chessclub_web.teams import services as teams
from chessclub_web.teams.models import Team
from chessclub_web.tournaments import models as rows
from chessclub_web.tournaments.adapters import row_problems
from chessclub_web.tournaments.errors import TeamImportError, ValueDoesNotFitError

_TEAM_SYSTEMS = {
    TournamentSystem.ROUND_ROBIN: rows.System.TEAM_ROUND_ROBIN,
    TournamentSystem.DOUBLE_ROUND_ROBIN: rows.System.TEAM_DOUBLE_ROUND_ROBIN,
}


def _team_rounds(core: TeamTournament) -> dict[int, list[tuple[Any, ...]]]:
    """Each team's rounds as the standings see them: kind, opponent, colour, match points,
    game points."""
    return {
        team: [(c.round, c.kind, c.opponent, c.colour, c.mp, c.gp) for c in cells]
        for team, cells in core.team_rounds().items()
    }


def import_team_event(
    club: Club,
    document: trf_format.TrfDocument,
    *,
    filename: str,
    digest: str,
    creator: Any,
    kind: str,
    time_control_category: str,
) -> rows.Tournament:
    """Store a TRF-2026 team file (``document``, read by :func:`chessclub.formats.trf.read_trf`)
    as a team event of ``club`` (inside the caller's transaction).

    The tournament's fields (name, dates, place, federation, arbiters, time control), the
    players' details (title, sex, federation, FIDE ID, birth date) and the round dates come
    from the individual reading of the file (:func:`chessclub.formats.trf.to_tournament`); the
    teams, rosters, line-ups, matches, byes and match-point scoring from
    :func:`chessclub.formats.trf.teams.to_team_tournament`, stored by the teams app
    (``teams.services.store_team_tournament``). The stored event is then read back: if any
    team's round (kind, opponent, colour, match or game points) differs from the file's,
    :class:`~chessclub_web.tournaments.errors.TeamImportError` names the first one and the
    caller's transaction leaves nothing behind. Raises
    :class:`chessclub.formats.FormatError` for a malformed file,
    :class:`~chessclub_web.tournaments.errors.TeamImportError` for team records that cannot
    be read, :class:`~chessclub_web.tournaments.errors.ValueDoesNotFitError` for values the
    rows cannot hold.
    """
    individual = trf_format.to_tournament(document, source=filename)
    try:
        core = to_team_tournament(document)
    except ValueError as exc:  # TeamTrfError, or the model's TournamentError
        raise TeamImportError(
            _(
                "The team records of this file cannot be read (%(reason)s): nothing was "
                "imported. Create the team event and enter its teams on its Teams tab."
            )
            % {"reason": exc}
        ) from exc
    row = rows.Tournament(
        club=club,
        name=individual.name,
        kind=kind,
        system=_TEAM_SYSTEMS.get(individual.system, rows.System.TEAM_SWISS),
        time_control_category=time_control_category,
        time_control=individual.time_control,
        start_date=individual.start_date,
        end_date=individual.end_date,
        planned_rounds=core.planned_rounds,
        city=individual.city,
        federation=individual.federation,
        chief_arbiter=individual.chief_arbiter,
        deputy_arbiters="\n".join(individual.deputy_arbiters),
        source_filename=filename,
        source_sha256=digest,
        creator=creator,
    )
    problems = row_problems(row, _("tournament"))
    name_length = Team._meta.get_field("name").max_length or 0
    for core_team in core.teams:
        if len(core_team.name) > name_length:
            problems.append(
                _("team %(number)s: name longer than %(max)s characters")
                % {"number": core_team.number, "max": name_length}
            )
    if problems:
        raise ValueDoesNotFitError(problems)
    row.save()
    try:
        teams.store_team_tournament(row, core)
    except ValueError as exc:  # teams.services.TeamError
        raise TeamImportError(
            _(
                "This team file cannot be stored as a team event (%(reason)s): nothing was "
                "imported. Create the team event and enter its teams on its Teams tab."
            )
            % {"reason": exc}
        ) from exc
    dates = {int(r.number): r.date for r in individual.rounds if r.date is not None}
    for round_row in row.rounds.filter(number__in=dates):
        round_row.date = dates[round_row.number]
        round_row.save(update_fields=["date"])
    details = {int(p.pairing_number): p for p in individual.players}
    players = []
    for player in row.players.all():
        found = details.get(player.pairing_number)
        if found is None:
            continue
        player.title = found.title
        player.sex = found.sex
        player.federation = found.federation
        player.fide_id = found.fide_id
        player.matricule = found.matricule
        player.birth_date = found.birth_date
        problems += row_problems(player, _("player %(number)s") % {"number": found.pairing_number})
        players.append(player)
    if problems:
        raise ValueDoesNotFitError(problems)
    rows.TournamentPlayer.objects.bulk_update(
        players, ["title", "sex", "federation", "fide_id", "matricule", "birth_date"]
    )
    rows.touch_tournament(row.pk)
    expected, stored = _team_rounds(core), _team_rounds(teams.load_team_tournament(row))
    for team in sorted(expected):
        for want, got in zip(expected[team], stored.get(team, []), strict=False):
            if want != got:
                raise TeamImportError(
                    _(
                        "This team file cannot be stored faithfully as a team event (round "
                        "%(round)s, team %(team)s: %(want)s in the file, %(got)s once "
                        "stored): nothing was imported. Create the team event and enter its "
                        "teams on its Teams tab."
                    )
                    % {
                        "round": want[0],
                        "team": team,
                        "want": _round_text(want),
                        "got": _round_text(got),
                    }
                )
        if len(expected[team]) != len(stored.get(team, [])):
            raise TeamImportError(
                _(
                    "This team file cannot be stored faithfully as a team event (team "
                    "%(team)s: %(want)s rounds in the file, %(got)s once stored): nothing was "
                    "imported. Create the team event and enter its teams on its Teams tab."
                )
                % {"team": team, "want": len(expected[team]), "got": len(stored.get(team, []))}
            )
    row.refresh_from_db()
    return row


def _round_text(cell: tuple[Any, ...]) -> str:
    """A team's round as the refusal names it: ``against 4: 2 MP, 5/2 GP``."""
    _number, _kind, opponent, _colour, mp, gp = cell
    return _("against %(opponent)s: %(mp)s MP, %(gp)s GP") % {
        "opponent": opponent or "—",
        "mp": mp,
        "gp": gp,
    }
