"""Sending a tournament to the Belgian federation (spec ``frbe.md`` B1–B4, B6).

:func:`check_export` lists every blocking problem before anything is produced (B1): missing
tournament data (name, start and end dates, arbiter, time control, the date of every round),
a game without a result, a missing matricule, a matricule unknown to the federation's
``PLAYER`` list (when one is given), a missing FIDE ID in a FIDE-rated event, a tournament
without players or rounds (an empty file; decision). It also finds the players not affiliated
at the tournament date (their results become ``0F-0F``, B1), the games that may not be rated
(B6, under a named rule set) and, with the list, the fictitious Elo of unrated players (B4).

:func:`prepare_export` applies those findings to the tournament; :func:`results_file` writes
the federation's layout (Latin-1, CR LF); :func:`trf_like_file` the newer TRF-like variant
(B3: header records ``00A``…``00F``, then TRF ``012``…``132`` and ``001`` lines with the
Belgian rating in cols 49–52 and the matricule right-aligned in cols 64–68).

Decisions: "affiliated at the tournament date" is read from the list as given (B3 has no
affiliation dates): a listed player with no club (``CLUB`` empty or 0) or marked deceased is
not affiliated. Ineligible games (B6) are left out of the results file (the round becomes
``0 - -`` for both players) and written as unrated games (``W``/``D``/``L``) in the TRFs. The
contents of the TRF-like variant's ``00A``…``00F`` records are not given by the spec (M):
``00A`` the B2 file name, ``00B`` the sending club, ``00C`` the event code, ``00D`` players and
rounds, ``00E`` start and end dates ``YYYYMMDD``, ``00F`` the time control.

Issues carry a ``kind`` and ``params`` so that the web layer can translate them; ``text`` is
English. Each issue also names the files it blocks (``blocks``: :data:`RESULTS_FILE`,
:data:`TRF_LIKE_FILE`, :data:`FIDE_TRF`): the Belgian checks (B1 mandatory data, matricules,
club numbers, the results file's layout) block the two Belgian files; what FIDE's TRF itself
needs blocks the FIDE TRF too, and the TRF-like variant (a TRF) with it: the name (``012``) and
the chief arbiter (``102``), both marked mandatory for rating in TRF-16, FIDE IDs in a
FIDE-rated event, an Elo wider than the ``001`` record's four columns, a game without result
(only finished games are reported for rating), a tournament without players or rounds, and
whatever the TRF writer cannot hold. Decision: the start and end dates, the time control and
the round dates are Belgian requirements (B1); TRF-16 does not mark them mandatory.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from chessclub.formats import frbe
from chessclub.formats.frbe_players import FrbePlayer
from chessclub.model import Bye, ByeKind, Game, GameResult, PairingNumber, Round, Tournament
from chessclub.ratings.frbe.eligibility import (
    GameEligibility,
    parse_time_control,
    tournament_eligibility,
)
from chessclub.ratings.frbe.fictitious import FictitiousElo, FictitiousEloError, fictitious_elo
from chessclub.ratings.frbe.rulesets import DEFAULT_ELIGIBILITY_RULES, EligibilityRules

__all__ = [
    "BELGIAN_FILES",
    "EXPORT_FILES",
    "FIDE_TRF",
    "RESULTS_FILE",
    "TRF_LIKE_FILE",
    "ExportCheck",
    "ExportIssue",
    "check_export",
    "plain_trf",
    "prepare_export",
    "results_file",
    "trf_like_file",
]


RESULTS_FILE = "frbe"
"""The federation's results file (B3)."""
TRF_LIKE_FILE = "trflike"
"""The federation's newer TRF-like variant (B3)."""
FIDE_TRF = "trf"
"""FIDE's Tournament Report File (fide.md §2)."""
EXPORT_FILES = (RESULTS_FILE, TRF_LIKE_FILE, FIDE_TRF)
"""The files of the export, in the order the pages list them."""
BELGIAN_FILES = frozenset({RESULTS_FILE, TRF_LIKE_FILE})
"""What a Belgian check (B1–B3) blocks."""
_EVERY_FILE = frozenset(EXPORT_FILES)
_TRF_FILES = frozenset({FIDE_TRF, TRF_LIKE_FILE})

#: The files each kind of blocking problem blocks (see the module docstring).
BLOCKS: Mapping[str, frozenset[str]] = {
    "missing_name": _EVERY_FILE,
    "missing_start_date": BELGIAN_FILES,
    "missing_end_date": BELGIAN_FILES,
    "missing_arbiter": _EVERY_FILE,
    "missing_time_control": BELGIAN_FILES,
    "missing_round_date": BELGIAN_FILES,
    "nothing_to_send": _EVERY_FILE,
    "no_result": _EVERY_FILE,
    "missing_matricule": BELGIAN_FILES,
    "unknown_matricule": BELGIAN_FILES,
    "matricule_too_long": BELGIAN_FILES,
    "bad_club": BELGIAN_FILES,
    "rating_too_wide": _EVERY_FILE,
    "missing_fide_id": _EVERY_FILE,
    "does_not_fit": frozenset({RESULTS_FILE}),
    "does_not_fit_trf": _TRF_FILES,
}


@dataclass(frozen=True, slots=True)
class ExportIssue:
    """One finding: ``kind`` (``missing_name``, ``missing_start_date``, ``missing_end_date``,
    ``missing_arbiter``, ``missing_time_control``, ``missing_round_date``, ``no_result``,
    ``missing_matricule``, ``unknown_matricule``, ``missing_fide_id``, ``not_affiliated``,
    ``unreadable_time_control``, ``fictitious_failed``, ``nothing_to_send``,
    ``matricule_too_long``, ``rating_too_wide``, ``bad_club``, ``does_not_fit`` (the results
    file's layout), ``does_not_fit_trf`` (the TRF writer)), its ``params``, English ``text``
    and, for a blocking problem, the files it ``blocks`` (values of :data:`EXPORT_FILES`;
    by default those :data:`BLOCKS` gives its kind, every file for an unknown kind)."""

    kind: str
    text: str
    params: Mapping[str, str | int] = field(default_factory=dict)
    blocks: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not self.blocks:
            object.__setattr__(self, "blocks", BLOCKS.get(self.kind, _EVERY_FILE))


@dataclass(frozen=True, slots=True)
class ExportCheck:
    """What :func:`check_export` found. ``blocking`` empty: every file may be produced;
    :meth:`ok_for` tells it per file."""

    blocking: tuple[ExportIssue, ...]
    warnings: tuple[ExportIssue, ...]
    not_affiliated: tuple[PairingNumber, ...]
    ineligible: tuple[GameEligibility, ...]
    eligibility_rules: str
    fictitious: FictitiousElo | None = None

    @property
    def ok(self) -> bool:
        """No blocking problem at all (every file may be produced)."""
        return not self.blocking

    def blocking_for(self, file: str) -> tuple[ExportIssue, ...]:
        """The blocking problems that concern ``file`` (a value of :data:`EXPORT_FILES`)."""
        return tuple(issue for issue in self.blocking if file in issue.blocks)

    def ok_for(self, file: str) -> bool:
        """Whether ``file`` (a value of :data:`EXPORT_FILES`) may be produced."""
        return not self.blocking_for(file)


MATRICULE_DIGITS = 5
"""B3: the matricule takes cols 31–35 of a player line (and 64–68 of the TRF-like ``001``)."""
MAX_MATRICULE = 10**MATRICULE_DIGITS - 1
MAX_RATING = 9999
"""B3: Elo ``%04d`` in cols 45–48."""
CLUB_DIGITS = 3
"""B3: the club number takes cols 37–39."""


def _matricule(text: str) -> int:
    stripped = text.strip()
    return int(stripped) if stripped.isascii() and stripped.isdigit() else 0


def check_export(
    tournament: Tournament,
    *,
    players: Mapping[int, FrbePlayer] | None = None,
    fide_rated: bool = False,
    rules: EligibilityRules = DEFAULT_ELIGIBILITY_RULES,
) -> ExportCheck:
    """B1/B4/B6 checks of ``tournament`` before export. ``players``: the federation's list by
    matricule (``None``: not imported, matricules are then only checked for presence);
    ``fide_rated``: the event is FIDE-rated (every player needs a FIDE ID)."""
    blocking: list[ExportIssue] = []
    warnings: list[ExportIssue] = []
    t = tournament
    for attr, kind, text in (
        ("name", "missing_name", "the tournament has no name"),
        ("start_date", "missing_start_date", "the tournament has no start date"),
        ("end_date", "missing_end_date", "the tournament has no end date"),
        ("chief_arbiter", "missing_arbiter", "the tournament has no arbiter"),
        ("time_control", "missing_time_control", "the tournament has no time control"),
    ):
        value = getattr(t, attr)
        if value is None or (isinstance(value, str) and not value.strip()):
            blocking.append(ExportIssue(kind, text))
    held = {int(r.number): r for r in t.rounds}
    for number in range(1, max([t.planned_rounds, *held]) + 1 if (held or t.planned_rounds) else 1):
        rnd = held.get(number)
        if rnd is None or rnd.date is None:
            blocking.append(
                ExportIssue("missing_round_date", f"round {number} has no date", {"round": number})
            )
    if not t.players or not t.rounds:
        blocking.append(
            ExportIssue("nothing_to_send", "the tournament has no player or no round to send")
        )
    for rnd in t.rounds:
        for game in rnd.games:
            if not game.result.is_entered:
                blocking.append(
                    ExportIssue(
                        "no_result",
                        f"round {rnd.number}: game {game.white}–{game.black} has no result",
                        {"round": int(rnd.number), "white": game.white, "black": game.black},
                    )
                )
    not_affiliated: list[PairingNumber] = []
    for p in sorted(t.players, key=lambda p: p.pairing_number):
        who: dict[str, str | int] = {"number": p.pairing_number, "name": p.name}
        number = _matricule(p.matricule)
        if number <= 0:
            blocking.append(
                ExportIssue(
                    "missing_matricule", f"player {p.pairing_number} ({p.name}): no matricule", who
                )
            )
        elif players is not None:
            listed = players.get(number)
            if listed is None:
                blocking.append(
                    ExportIssue(
                        "unknown_matricule",
                        f"player {p.pairing_number} ({p.name}): matricule {number} is not in "
                        "the federation's player list",
                        {**who, "matricule": number},
                    )
                )
            elif not listed.club or listed.deceased:
                not_affiliated.append(p.pairing_number)
                warnings.append(
                    ExportIssue(
                        "not_affiliated",
                        f"player {p.pairing_number} ({p.name}): not affiliated at the "
                        "tournament date: every result becomes 0F-0F",
                        {**who, "matricule": number},
                    )
                )
        if number > MAX_MATRICULE:
            blocking.append(
                ExportIssue(
                    "matricule_too_long",
                    f"player {p.pairing_number} ({p.name}): matricule {number} does not fit the "
                    f"results file's {MATRICULE_DIGITS} digits",
                    {**who, "matricule": number},
                )
            )
        if p.rating is not None and p.rating > MAX_RATING:
            blocking.append(
                ExportIssue(
                    "rating_too_wide",
                    f"player {p.pairing_number} ({p.name}): Elo {p.rating} does not fit 4 digits",
                    {**who, "rating": p.rating},
                )
            )
        club = p.club.strip()
        if club and not (club.isascii() and club.isdigit() and len(club) <= CLUB_DIGITS):
            blocking.append(
                ExportIssue(
                    "bad_club",
                    f"player {p.pairing_number} ({p.name}): club {club!r} is not a club number "
                    f"of at most {CLUB_DIGITS} digits",
                    {**who, "club": club},
                )
            )
        if fide_rated and not p.fide_id.strip().strip("0"):
            blocking.append(
                ExportIssue(
                    "missing_fide_id",
                    f"player {p.pairing_number} ({p.name}): no FIDE ID (FIDE-rated event)",
                    who,
                )
            )
    ineligible: tuple[GameEligibility, ...] = ()
    if t.time_control.strip():
        try:
            control = parse_time_control(t.time_control)
        except ValueError as error:
            warnings.append(
                ExportIssue(
                    "unreadable_time_control",
                    f"{error}: the games' eligibility (B6) was not checked",
                    {"tempo": t.time_control},
                )
            )
        else:
            ineligible = tuple(
                v for v in tournament_eligibility(t, control, rules) if not v.eligible
            )
    fictitious = None
    if players is not None:
        counts = {
            p.pairing_number: players[_matricule(p.matricule)].games
            for p in t.players
            if _matricule(p.matricule) in players
        }
        known = {p.pairing_number for p in t.players if _matricule(p.matricule) > 0}
        if known <= set(counts):
            try:
                fictitious = fictitious_elo(t, counts)
            except FictitiousEloError as error:
                warnings.append(ExportIssue("fictitious_failed", str(error)))
    check = ExportCheck(
        tuple(blocking),
        tuple(warnings),
        tuple(not_affiliated),
        ineligible,
        rules.label,
        fictitious,
    )
    # Whatever else a layout cannot hold (more than 99 rounds, 999 players…): found here,
    # listed with the rest, rather than raised by the download.
    found: list[ExportIssue] = []
    if check.ok_for(RESULTS_FILE):
        try:
            frbe.write_tournament(prepare_export(t, check))
        except ValueError as error:
            found.append(ExportIssue("does_not_fit", str(error), {"detail": str(error)}))
    if check.ok_for(FIDE_TRF):
        from chessclub.formats import trf

        try:
            # The rank column is the standings' (any rank fits): not computed for the check.
            trf.write_tournament(prepare_export(t, check, for_trf=True), ranks={})
        except ValueError as error:
            found.append(ExportIssue("does_not_fit_trf", str(error), {"detail": str(error)}))
    if found:
        return dataclasses.replace(check, blocking=check.blocking + tuple(found))
    return check


def _refuse_unless_ok(check: ExportCheck, file: str) -> None:
    if not check.ok_for(file):
        raise ValueError("\n".join(issue.text for issue in check.blocking_for(file)))


def prepare_export(
    tournament: Tournament, check: ExportCheck, *, for_trf: bool = False
) -> Tournament:
    """The tournament as sent: every game of a player not affiliated becomes ``0F-0F`` (B1),
    fictitious Elo applied (B4, ``***``), ineligible games (B6) left out (results file:
    ``0 - -`` for both players) or marked unrated (``for_trf``)."""
    cut = set(check.not_affiliated)
    bad = {(v.round, v.white, v.black) for v in check.ineligible}
    rounds: list[Round] = []
    for rnd in tournament.rounds:
        games: list[Game] = []
        byes = list(rnd.byes)
        for game in rnd.games:
            if game.white in cut or game.black in cut:
                game = dataclasses.replace(game, result=GameResult.DOUBLE_FORFEIT)
            elif (int(rnd.number), game.white, game.black) in bad:
                if for_trf:
                    game = dataclasses.replace(game, rated=False)
                else:
                    byes += [Bye(game.white, ByeKind.ABSENT), Bye(game.black, ByeKind.ABSENT)]
                    continue
            games.append(game)
        rounds.append(dataclasses.replace(rnd, games=tuple(games), byes=tuple(byes)))
    players = tournament.players
    if check.fictitious is not None and check.fictitious.applies:
        values = check.fictitious.values
        players = tuple(
            dataclasses.replace(p, rating=values[p.pairing_number], fictitious_rating=True)
            if p.pairing_number in values
            else p
            for p in players
        )
    return dataclasses.replace(tournament, rounds=tuple(rounds), players=players)


def results_file(tournament: Tournament, check: ExportCheck) -> bytes:
    """B3: the federation's results file (current layout, Latin-1, CR LF). Raises
    ``ValueError`` if ``check`` has problems blocking :data:`RESULTS_FILE`."""
    _refuse_unless_ok(check, RESULTS_FILE)
    return frbe.write_tournament(prepare_export(tournament, check))


def plain_trf(
    tournament: Tournament,
    check: ExportCheck,
    *,
    ranks: Mapping[PairingNumber, int] | None = None,
    forbidden: Iterable[Collection[int]] = (),
    comments: Sequence[str] = (),
) -> bytes:
    """FIDE's TRF of the tournament as sent (the TRF writer, ineligible games unrated).

    ``ranks``: the rank column of the ``001`` records, the tournament's final ranking by
    pairing number (TRF-16: the final rank, fide.md §2.1) — the *Classement* under the
    tournament's own tiebreaks, :func:`chessclub.formats.trf.final_ranks`; ``None``: the
    standings of ``tournament`` under the system's default tiebreaks (spec S4). ``forbidden``:
    the arbiter's forbidden pairs (groups of pairing numbers), written as TRF-2026 records
    ``260`` for every round; ``comments``: ``###`` lines after the records (leaving FIDE
    mode). Raises ``ValueError`` if ``check`` has problems blocking
    :data:`FIDE_TRF` (an ``ExportError``, a ``ValueError``, for a forbidden group naming a
    player not in the tournament)."""
    from chessclub.formats import trf

    _refuse_unless_ok(check, FIDE_TRF)
    if ranks is None:
        # The final ranking is the tournament's, before the export's changes (0F-0F, B1).
        ranks = trf.final_ranks(tournament)
    return trf.write_tournament(
        prepare_export(tournament, check, for_trf=True),
        ranks=ranks,
        forbidden=forbidden,
        comments=comments,
    )


def trf_like_file(
    tournament: Tournament,
    check: ExportCheck,
    *,
    file_name: str,
    club: str,
    ranks: Mapping[PairingNumber, int] | None = None,
    forbidden: Iterable[Collection[int]] = (),
) -> bytes:
    """B3's newer TRF-like variant: ``00A``…``00F`` header records (contents assumed, see the
    module docstring), then the TRF (:func:`plain_trf`, with the same ``ranks`` and
    ``forbidden``) with the Belgian rating in cols 49–52 and the matricule right-aligned in
    cols 64–68 of every ``001`` line. Latin-1, CR LF. Raises ``ValueError`` if ``check`` has
    problems blocking :data:`TRF_LIKE_FILE`."""
    _refuse_unless_ok(check, TRF_LIKE_FILE)
    sent = prepare_export(tournament, check, for_trf=True)
    text = plain_trf(tournament, check, ranks=ranks, forbidden=forbidden).decode("utf-8")
    by_number = {p.pairing_number: p for p in sent.players}
    start = sent.start_date.strftime("%Y%m%d") if sent.start_date else ""
    end = sent.end_date.strftime("%Y%m%d") if sent.end_date else ""
    rounds = max([sent.planned_rounds, *(int(r.number) for r in sent.rounds)])
    lines = [
        f"00A {file_name}",
        f"00B {club}",
        f"00C {frbe.event_code_of_system(sent.system)}",
        f"00D {len(sent.players)} {rounds}",
        f"00E {start} {end}",
        f"00F {sent.time_control}",
    ]
    for line in text.splitlines():
        if line.startswith("001 ") and len(line) >= 8 and line[4:8].strip().isdigit():
            player = by_number.get(PairingNumber(int(line[4:8])))
            if player is not None:
                line = line.ljust(68)
                elo = f"{player.rating:4d}" if player.rating else "    "
                matricule = player.matricule.strip()[-5:].rjust(5)
                line = line[:48] + elo + line[52:57] + " " * 6 + matricule + line[68:]
        lines.append(line.rstrip())
    return ("\r\n".join(lines) + "\r\n").encode("latin-1", errors="replace")
