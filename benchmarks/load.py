"""Event-day load test (issue 17, deliverable 6): an interclub Sunday on the production set-up.

Usage: ``make bench-load`` (``python -m benchmarks.load [--quick] [--minutes M] [--spectators N]
[--worker-class sync|gthread] [--report PATH]``). Not part of ``make test`` nor of ``make bench``
(``python -m benchmarks`` only prints how to run it).

What it starts, on loopback only (127.0.0.1), and stops again:

- a throwaway PostgreSQL database (``CHESSCLUB_BENCH_POSTGRES``, default
  ``postgresql://postgres@127.0.0.1:5432/postgres``; the database is named ``load_…``),
  migrated and filled in a set-up process through the teams services and the ORM, dropped at
  the end;
- gunicorn serving ``chessclub_web.wsgi:application`` (``--worker-class sync``:
  ``2 × cores + 1`` processes; ``gthread``: ``cores + 1`` processes of 4 threads), with
  ``CHESSCLUB_DEBUG=0``, a random ``CHESSCLUB_SECRET_KEY``, ``CHESSCLUB_TASKS=database`` and
  ``CHESSCLUB_CACHE_URL=redis://127.0.0.1:6379/7`` (Redis database 7, emptied before the run);
- the task workers (``chessclub worker``, one process) when that command exists; otherwise
  none, and the report says so.

The simulated day (seeded, :func:`interclub_plan`, :func:`arbiter_schedule`):

- 8 divisions of 10 teams (a team round robin each, 8 boards a match, the teams' rosters of
  10 players), all rounds paired by the Berger table and published; the day's round is round 1:
  40 team matches × 8 boards = 320 boards;
- 80 arbiters (2 a match, each a user with the club's arbiter role) log in through the login
  form, open their match's page and save results board by board within ``--minutes`` exactly
  as the page's script (``results/boards.js``) does: a form post of ``game``, ``result`` and
  ``version`` to the autosave URL with the page's CSRF token in ``X-CSRFToken``. Arbiter 1
  enters boards 1–4, arbiter 2 boards 5–8; on some boards the other arbiter saves the same
  board a few seconds later with the version of the page they loaded: the app answers 409
  *Changed by someone else* with the stored result and version, which the arbiter accepts
  when it is the result they meant, or saves again over it (with the new version) when not;
- spectators (``--spectators``, 500) reload a public page every 10–30 s (uniformly drawn): a
  division's pairings (the round's matches, 45 %), its team standings (45 %) or a match's
  boards (10 %), sending ``If-None-Match`` / ``If-Modified-Since`` when an earlier answer gave
  an ``ETag`` / ``Last-Modified``, as a browser's reload does (304s are counted apart).

After the day, **lost results** (:func:`lost_results`): every save the arbiters were answered
2xx for must be in the database's history with that value (one line per version step, spec
R3), and each board must hold the result and version of its last 2xx save. Then the search for
the largest spectator count whose p95 stays under 200 ms (:func:`next_step`): phases of
``--step-seconds`` with 500, 1000, 2000… spectators (while the arbiters' clients keep saving
corrections at the rate of a 10-minute day), stopping at the first phase whose p95 ≥ 200 ms
or which has an error; one more phase halfway between the last good and the first bad count
narrows it (and when 500 is already over, it halves the count down to 25 until one is good).

Bounds: every phase stops at its time, every request has a 30 s time-out, and the whole run
sends at most ``--max-requests`` requests. The client is one asyncio process (httpx) on the
same two cores as the server: its own CPU time and the event loop's lag are reported beside the
figures, as is the machine's load average before and after (the machine may be shared).

Output: a human table on standard output and a JSON report
(``benchmarks/results/load-<date>.json`` or ``--report PATH``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import html
import json
import math
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# --- the day -----------------------------------------------------------------------------------

DIVISIONS = 8
TEAMS_PER_DIVISION = 10
BOARDS = 8
RESERVES = 2  # players of a team's roster beyond its boards
ARBITERS_PER_MATCH = 2
#: Results drawn for the boards, with their weights (ResultCode values; forfeits are rare).
RESULT_WEIGHTS: dict[str, int] = {"1-0": 38, "=": 24, "0-1": 36, "+-": 1, "-+": 1}
#: Chance that the other arbiter of a match also saves a board, and that they then meant a
#: result other than the one stored (they save again over it after the conflict).
OVERLAP = 0.15
DISAGREE = 0.3
#: A spectator's pause between two reloads (seconds) and the pages they read, with weights.
RELOAD_SECONDS = (10.0, 30.0)
SPECTATOR_PAGES: dict[str, int] = {"pairings": 45, "standings": 45, "match": 10}
#: The threshold of the search, and the spectator counts it tries.
P95_LIMIT_MS = 200.0
STEPS = (500, 1000, 2000, 4000, 8000, 16000)
REQUEST_TIMEOUT = 30.0
PASSWORD = "load-test-not-a-secret"
CLUB_NUMBER = "998"
REDIS_URL = "redis://127.0.0.1:6379/7"
ADMIN_URL = os.environ.get(
    "CHESSCLUB_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
RESULTS_DIR = Path(__file__).resolve().parent / "results"


@dataclass(frozen=True)
class Division:
    """One division's team round robin: ``teams`` teams, ``matches`` matches a round."""

    name: str
    teams: int

    @property
    def matches(self) -> int:
        return self.teams // 2


def interclub_plan(
    divisions: int = DIVISIONS, teams_per_division: int = TEAMS_PER_DIVISION
) -> list[Division]:
    """The divisions of a Belgian-interclub-like day: ``divisions`` round robins of
    ``teams_per_division`` teams, named *Division 1* … (8 × 10 teams: 40 matches a round)."""
    if teams_per_division < 2 or teams_per_division % 2:
        raise ValueError("a division needs an even number of teams, at least 2")
    return [Division(f"Division {n}", teams_per_division) for n in range(1, divisions + 1)]


@dataclass(frozen=True)
class PlannedSave:
    """One board result an arbiter saves: ``at`` seconds into the day, ``match`` (0-based
    index of the day's matches), ``board`` (1-based), ``arbiter`` (0 or 1 of that match),
    ``result`` (a ResultCode value), ``second`` when the board is the other arbiter's (the
    save that may meet a conflict)."""

    at: float
    match: int
    board: int
    arbiter: int
    result: str
    second: bool = False


def owner_of(board: int, boards: int = BOARDS) -> int:
    """The arbiter (0 or 1) who enters ``board``: the first half of the boards is arbiter 0's."""
    return 0 if board <= (boards + 1) // 2 else 1


def arbiter_schedule(
    matches: int,
    window: float,
    rng: random.Random,
    *,
    boards: int = BOARDS,
    overlap: float = OVERLAP,
    disagree: float = DISAGREE,
) -> list[PlannedSave]:
    """Every save of the day, in time order: each board of each match once by its owner
    (:func:`owner_of`) at a time uniform in ``[0.02 × window, 0.9 × window]`` (s), and with
    chance ``overlap`` once more by the other arbiter 1–20 s later (never after ``window``),
    meaning the same result, or with chance ``disagree`` another one."""
    codes = list(RESULT_WEIGHTS)
    weights = list(RESULT_WEIGHTS.values())
    plan: list[PlannedSave] = []
    for match in range(matches):
        for board in range(1, boards + 1):
            at = rng.uniform(0.02 * window, 0.9 * window)
            result = rng.choices(codes, weights)[0]
            owner = owner_of(board, boards)
            plan.append(PlannedSave(at, match, board, owner, result))
            if rng.random() < overlap:
                other = result
                if rng.random() < disagree:
                    other = rng.choice([c for c in codes if c != result])
                later = min(window, at + rng.uniform(1.0, 20.0))
                plan.append(PlannedSave(later, match, board, 1 - owner, other, second=True))
    plan.sort(key=lambda s: (s.at, s.match, s.board, s.arbiter))
    return plan


def spectator_reloads(
    duration: float, rng: random.Random, reload: tuple[float, float] = RELOAD_SECONDS
) -> list[float]:
    """The times (s from the phase's start, all < ``duration``) at which one spectator asks
    for a page: the first uniform in ``[0, pause)`` for a first pause drawn in ``reload`` (so
    that a crowd's loads are spread from the start), then one pause drawn in ``reload`` after
    another, counted from one request's start to the next (a fixed schedule: a slow server
    does not slow the crowd down, so its slowness is not hidden from the figures)."""
    times = []
    at = rng.uniform(0.0, rng.uniform(*reload))
    while at < duration:
        times.append(at)
        at += rng.uniform(*reload)
    return times


# --- figures -------------------------------------------------------------------------------------


def percentiles(values: Sequence[float]) -> dict[str, float]:
    """p50, p95, p99 and max of ``values`` (ms), by ``statistics.quantiles``' inclusive method
    (linear interpolation between the closest ranks); one value is every percentile; none
    gives NaN."""
    if not values:
        return {"p50": math.nan, "p95": math.nan, "p99": math.nan, "max": math.nan}
    if len(values) == 1:
        v = float(values[0])
        return {"p50": v, "p95": v, "p99": v, "max": v}
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return {"p50": cuts[49], "p95": cuts[94], "p99": cuts[98], "max": float(max(values))}


@dataclass
class Sample:
    """One request: its kind (``save``, ``pairings``…), answer status (0 for an exception,
    named in ``error``) and time from sending to the whole answer read (ms)."""

    kind: str
    status: int
    ms: float
    error: str = ""


#: Answers that are not errors: pages (200), the login's redirect (302), a current copy (304)
#: and, for saves only, a conflict answered as the app answers it (409 with the stored value).
OK_STATUSES = {200, 302, 304}


def is_error(sample: Sample) -> bool:
    if sample.status in OK_STATUSES:
        return False
    return not (sample.status == 409 and sample.kind.startswith("save"))


def summarize(samples: Iterable[Sample]) -> dict[str, dict[str, Any]]:
    """Per kind of request: count, p50/p95/p99/max (ms), answers by status (``"error"`` for
    the exceptions, by name) and the number of errors (:func:`is_error`)."""
    kinds: dict[str, list[Sample]] = {}
    for s in samples:
        kinds.setdefault(s.kind, []).append(s)
    out: dict[str, dict[str, Any]] = {}
    for kind, rows in sorted(kinds.items()):
        statuses = Counter(str(s.status) if s.status else f"error:{s.error}" for s in rows)
        out[kind] = {
            "count": len(rows),
            **percentiles([s.ms for s in rows]),
            "statuses": dict(sorted(statuses.items())),
            "errors": sum(1 for s in rows if is_error(s)),
        }
    return out


@dataclass(frozen=True)
class SaveRecord:
    """What an arbiter was answered for one save: the board's game id, the result sent, the
    HTTP status, and for a 2xx the version the answer gave (the board's new version)."""

    game: int
    result: str
    status: int
    version: int | None = None


def lost_results(
    records: Iterable[SaveRecord],
    stored: dict[int, tuple[str, int]],
    history: set[tuple[int, int, str]],
) -> list[dict[str, Any]]:
    """The saves answered 2xx that the database does not hold, each with the reason.

    ``stored``: each game's ``(result, version)`` after the run; ``history``: the history's
    result lines as ``(game, version before the change, new result)``. A 2xx answer with
    version ``v`` and result ``r`` says that the board held ``r`` at version ``v``: some save
    took it from ``v − 1`` to ``r`` (the app also answers 2xx, without a new version, to a
    save of the result the board already holds, spec R3's resubmission). It is lost when no
    history line takes the board from ``v − 1`` to ``r``, when another 2xx answer gave the
    same version with another result (one of them was overwritten unseen), or, for the last
    2xx answer of a board (highest version), when the board does not hold that result at that
    version. Empty: nothing lost."""
    lost: list[dict[str, Any]] = []
    by_game: dict[int, list[SaveRecord]] = {}
    for r in records:
        if 200 <= r.status < 300:
            by_game.setdefault(r.game, []).append(r)
    for game, saves in sorted(by_game.items()):
        results_at: dict[int, set[str]] = {}
        for s in saves:
            results_at.setdefault(s.version or 0, set()).add(s.result)
        for s in saves:
            if s.version is None:
                lost.append({**asdict(s), "reason": "saved answer without a version"})
            elif len(results_at[s.version]) > 1:
                lost.append(
                    {**asdict(s), "reason": "two saves answered the same version, other results"}
                )
            elif (game, s.version - 1, s.result) not in history:
                lost.append({**asdict(s), "reason": "no history line for this save"})
        last = max(saves, key=lambda s: s.version or 0)
        now = stored.get(game)
        if now is None or now != (last.result, last.version):
            lost.append(
                {**asdict(last), "reason": f"the board holds {now!r}, not the last saved value"}
            )
    return lost


@dataclass(frozen=True)
class StepOutcome:
    spectators: int
    p95: float
    errors: int

    @property
    def good(self) -> bool:
        return self.errors == 0 and self.p95 < P95_LIMIT_MS


#: The smallest spectator count the search tries when even its first step is over the limit.
MIN_SPECTATORS = 25


def next_step(done: Sequence[StepOutcome], steps: Sequence[int] = STEPS) -> int | None:
    """The spectator count of the search's next phase, or ``None`` when it is over: the next
    of ``steps`` while every phase so far was good (p95 < 200 ms, no error); after the first
    bad one, once, halfway (rounded to 50) between the last good count and it when at least
    100 apart; then nothing. When no phase was good yet (the first step is already over),
    half the smallest count tried (rounded down to 25), down to :data:`MIN_SPECTATORS`, until
    one is good."""
    if not done:
        return steps[0] if steps else None
    bad = [o for o in done if not o.good]
    good = [o for o in done if o.good]
    if not bad:
        larger = [s for s in steps if s > done[-1].spectators]
        return larger[0] if larger else None
    if not good:
        half = min(o.spectators for o in done) // 2 // 25 * 25
        return half if half >= MIN_SPECTATORS else None
    if len(bad) > 1 or done[-1] is not bad[0]:
        return None
    low = max(o.spectators for o in good if o.spectators < bad[0].spectators)
    middle = round((low + bad[0].spectators) / 2 / 50) * 50
    return middle if bad[0].spectators - low >= 100 and low < middle < bad[0].spectators else None


def largest_good(done: Sequence[StepOutcome]) -> int | None:
    """The largest spectator count of a good phase below every bad one (``None``: none)."""
    bad = min((o.spectators for o in done if not o.good), default=math.inf)
    good = [o.spectators for o in done if o.good and o.spectators < bad]
    return max(good, default=None)


def table(summary: dict[str, dict[str, Any]]) -> str:
    """The human table of :func:`summarize`'s figures."""
    lines = [
        f"{'request':<28}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}  answers"
    ]
    for kind, row in summary.items():
        answers = ", ".join(f"{k}: {v}" for k, v in row["statuses"].items())
        lines.append(
            f"{kind:<28}{row['count']:>7}{row['p50']:>9.1f}{row['p95']:>9.1f}"
            f"{row['p99']:>9.1f}{row['max']:>9.1f}  {answers}"
        )
    return "\n".join(lines)


# --- the set-up process (Django) ------------------------------------------------------------------


def _setup(seed: int) -> None:
    """Child process: migrate the throwaway database, create the club, its 80 arbiters and the
    8 divisions (teams, rosters, every round paired and published), and print one JSON line
    with what the clients need (URLs, game ids by board, user names)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.urls import reverse

    from chessclub_web.clubs.models import Club, Membership, Role
    from chessclub_web.teams import services
    from chessclub_web.teams.models import Match
    from chessclub_web.tournaments.models import Round, System, Tournament

    rng = random.Random(seed)
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Interclubs nationaux", number=CLUB_NUMBER, public=True)
    today = datetime.date.today()
    events: list[dict[str, Any]] = []
    matches: list[dict[str, Any]] = []
    for division in interclub_plan():
        t = Tournament.objects.create(
            club=club, name=division.name, system=System.TEAM_ROUND_ROBIN, start_date=today
        )
        settings = services.settings_of(t)
        settings.boards = BOARDS
        settings.save()
        for n in range(1, division.teams + 1):
            team = services.add_team(t, f"{division.name} · Team {n}", f"Club {n}")
            for k in range(1, BOARDS + RESERVES + 1):
                services.add_member(team, f"Player{n:02d}{k:02d}, D{t.pk}", rng.randint(1200, 2400))
        services.pair_round_robin(t)
        Round.objects.filter(tournament=t, number=1).update(date=today)
        base = (club.number, t.pk)
        events.append(
            {
                "tournament": t.pk,
                "name": division.name,
                "pairings": reverse("team_round", args=(*base, 1)),
                "standings": reverse("team_standings", args=base),
            }
        )
        for m in Match.objects.filter(round__tournament=t, round__number=1).order_by("order"):
            games = {b.board: b.game_id for b in m.boards.all() if b.game_id is not None}
            matches.append(
                {
                    "tournament": t.pk,
                    "event": len(events) - 1,
                    "page": reverse("team_match", args=(*base, m.pk)),
                    "save": reverse("save_board", args=(*base, 1)),
                    "games": {str(k): v for k, v in sorted(games.items())},
                }
            )
    # One password hash for every arbiter (hashing 80 times would only slow the set-up).
    hashed = make_password(PASSWORD)
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"arbiter{n:03d}", password=hashed)
        for n in range(len(matches) * ARBITERS_PER_MATCH)
    )
    Membership.objects.bulk_create(Membership(user=u, club=club, role=Role.ARBITER) for u in users)
    for index, match in enumerate(matches):
        match["arbiters"] = [
            users[index * ARBITERS_PER_MATCH + k].username for k in range(ARBITERS_PER_MATCH)
        ]
    print(json.dumps({"login": reverse("login"), "events": events, "matches": matches}))


# --- the clients (asyncio, httpx) --------------------------------------------------------------

_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
_VERSION = re.compile(r'name="version-(\d+)" value="(\d+)"')
_INITIAL = re.compile(r'name="initial-(\d+)" value="([^"]*)"')


@dataclass
class Run:
    """Shared state of the run: samples, the arbiters' save records, the request budget."""

    base: str
    max_requests: int
    samples: list[Sample] = field(default_factory=list)
    records: list[SaveRecord] = field(default_factory=list)
    conflicts: Counter[str] = field(default_factory=Counter)
    sent: int = 0

    def budget(self) -> bool:
        """Take one request from the run's budget; False once it is spent."""
        if self.sent >= self.max_requests:
            return False
        self.sent += 1
        return True


async def _timed(
    run: Run, kind: str, client: Any, method: str, url: str, **kwargs: Any
) -> Any | None:
    """Send one request, record its sample; the response, or ``None`` on an exception."""
    start = time.perf_counter()
    try:
        response = await client.request(method, url, **kwargs)
    except Exception as exc:  # a time-out, a refused connection: counted, never raised
        run.samples.append(
            Sample(kind, 0, (time.perf_counter() - start) * 1000, type(exc).__name__)
        )
        return None
    run.samples.append(Sample(kind, response.status_code, (time.perf_counter() - start) * 1000))
    return response


class Arbiter:
    """One arbiter's browser: its own cookies (session, CSRF), the match page's CSRF token
    and each board's version as the page's script holds them."""

    def __init__(self, run: Run, username: str, match: dict[str, Any]) -> None:
        import httpx

        self.run = run
        self.username = username
        self.match = match
        self.client = httpx.AsyncClient(
            base_url=run.base, timeout=REQUEST_TIMEOUT, follow_redirects=False
        )
        self.token = ""
        self.versions: dict[int, int] = {}
        self.results: dict[int, str] = {}

    async def login(self, login_url: str) -> None:
        page = await self.client.get(login_url)
        token = _TOKEN.search(page.text)
        if page.status_code != 200 or token is None:
            raise RuntimeError(f"login page answered {page.status_code}")
        fields = {"username": self.username, "password": PASSWORD}
        fields["csrfmiddlewaretoken"] = token.group(1)
        answer = await self.client.post(login_url, data=fields)
        if answer.status_code != 302 or "sessionid" not in self.client.cookies:
            raise RuntimeError(f"login of {self.username} answered {answer.status_code}")

    async def open_page(self, kind: str = "arbiter: match page") -> bool:
        if not self.run.budget():
            return False
        page = await _timed(self.run, kind, self.client, "GET", self.match["page"])
        if page is None or page.status_code != 200:
            return False
        token = _TOKEN.search(page.text)
        if token is None:
            return False
        self.token = token.group(1)
        self.versions = {int(g): int(v) for g, v in _VERSION.findall(page.text)}
        self.results = {int(g): html.unescape(r) for g, r in _INITIAL.findall(page.text)}
        return True

    async def save(self, game: int, result: str, kind: str) -> tuple[int, dict[str, Any]]:
        """Post one board as ``boards.js`` does; keep the version the answer gives (saved or
        conflict). Returns the status (0: no answer) and the answer's JSON."""
        if not self.run.budget() or game not in self.versions:
            return 0, {}
        fields = {"game": str(game), "result": result, "version": str(self.versions[game])}
        headers = {"X-CSRFToken": self.token, "Accept": "application/json"}
        answer = await _timed(
            self.run, kind, self.client, "POST", self.match["save"], data=fields, headers=headers
        )
        if answer is None:
            self.run.records.append(SaveRecord(game, result, 0))
            return 0, {}
        try:
            data = answer.json()
        except ValueError:
            data = {}
        version = data.get("version") if isinstance(data, dict) else None
        # The page's script keeps the version of a saved board and of a conflict's stored one.
        if (answer.status_code, data.get("state")) in ((200, "saved"), (409, "conflict")):
            self.versions[game] = int(version)
            self.results[game] = str(data.get("result", ""))
        self.run.records.append(
            SaveRecord(game, result, answer.status_code, int(version) if version else None)
        )
        return answer.status_code, data

    async def enter(self, result: str, game: int, rng: random.Random, kind: str) -> None:
        """Save a board's result; after a conflict, accept the stored result when it is the
        one meant, else choose again over it (as the page lets one), at most 3 times."""
        for attempt in range(3):
            status, data = await self.save(game, result, kind if attempt == 0 else "save after 409")
            if status != 409 or data.get("state") != "conflict":
                return
            if data.get("result") == result:
                self.run.conflicts["409, stored result was the one meant"] += 1
                return
            self.run.conflicts["409, saved again over it"] += 1
            await asyncio.sleep(rng.uniform(2.0, 5.0))  # reads the message, chooses again

    async def close(self) -> None:
        await self.client.aclose()


async def _arbiter_day(
    arbiter: Arbiter,
    plan: list[PlannedSave],
    start: float,
    rng: random.Random,
) -> None:
    """Open the match page at the start of the day, save each planned board at its time,
    reload the page at the end."""
    await asyncio.sleep(rng.uniform(0.0, 3.0))
    if not await arbiter.open_page():
        return
    games = arbiter.match["games"]
    for save in plan:
        await asyncio.sleep(max(0.0, start + save.at - time.perf_counter()))
        kind = "save (other arbiter's board)" if save.second else "save"
        await arbiter.enter(save.result, games[str(save.board)], rng, kind)
    await arbiter.open_page("arbiter: match page reload")


async def _corrections(
    arbiters: list[Arbiter], rate: float, until: float, rng: random.Random
) -> None:
    """During the search's phases: saves at ``rate`` per second (exponential gaps), each by a
    random arbiter on one of their match's boards with another result (so that pages and
    caches keep changing as on the day)."""
    codes = list(RESULT_WEIGHTS)
    while time.perf_counter() < until:
        await asyncio.sleep(rng.expovariate(rate))
        if time.perf_counter() >= until:
            return
        arbiter = rng.choice(arbiters)
        if not arbiter.versions:
            continue
        game = rng.choice(sorted(arbiter.versions))
        # a change of the page's select: another result than the one it shows
        other = [c for c in codes if c != arbiter.results.get(game)]
        await arbiter.enter(rng.choice(other), game, rng, "save (search phase)")


async def _spectator(
    run: Run,
    client: Any,
    rng: random.Random,
    pages: list[tuple[str, str]],
    start: float,
    until: float,
) -> None:
    """Load a page at each time of :func:`spectator_reloads` (a page still loading delays
    the next load until it has arrived: one page at a time a spectator); each answer's
    ``ETag`` and ``Last-Modified`` go back in the next request for that page."""
    kinds = list(SPECTATOR_PAGES)
    weights = list(SPECTATOR_PAGES.values())
    validators: dict[str, dict[str, str]] = {}
    for at in spectator_reloads(until - start, rng):
        await asyncio.sleep(max(0.0, start + at - time.perf_counter()))
        if time.perf_counter() >= until or not run.budget():
            return
        kind = rng.choices(kinds, weights)[0]
        url = rng.choice([u for k, u in pages if k == kind])
        response = await _timed(
            run, f"spectator: {kind}", client, "GET", url, headers=validators.get(url, {})
        )
        if response is not None and response.status_code == 200:
            headers = {}
            if "etag" in response.headers:
                headers["If-None-Match"] = response.headers["etag"]
            if "last-modified" in response.headers:
                headers["If-Modified-Since"] = response.headers["last-modified"]
            validators[url] = headers


def _spectator_client(count: int) -> Any:
    """One connection pool for the spectators (anonymous: cookies refused), as many
    connections as spectators so that no request waits for a free one in the client."""
    from http.cookiejar import CookieJar, DefaultCookiePolicy

    import httpx

    return httpx.AsyncClient(
        timeout=REQUEST_TIMEOUT,
        cookies=CookieJar(policy=DefaultCookiePolicy(allowed_domains=[])),
        limits=httpx.Limits(max_connections=count + 10, max_keepalive_connections=count + 10),
    )


def _spectator_pages(info: dict[str, Any], base: str) -> list[list[tuple[str, str]]]:
    """Each division's public pages (kind, absolute URL): pairings, standings, its matches."""
    per_event: list[list[tuple[str, str]]] = [
        [("pairings", base + e["pairings"]), ("standings", base + e["standings"])]
        for e in info["events"]
    ]
    for m in info["matches"]:
        per_event[m["event"]].append(("match", base + m["page"]))
    return per_event


async def _loop_lag(until: float, lags: list[float]) -> None:
    """The event loop's lag (ms): how late a 100 ms sleep wakes up. A large one means the
    client, not the server, is slow."""
    while time.perf_counter() < until:
        start = time.perf_counter()
        await asyncio.sleep(0.1)
        lags.append((time.perf_counter() - start - 0.1) * 1000)


async def _crowd(
    run: Run, spectators: int, info: dict[str, Any], until: float, rng: random.Random
) -> None:
    pages = _spectator_pages(info, run.base)
    client = _spectator_client(spectators)
    start = time.perf_counter()
    try:
        await asyncio.gather(
            *(
                _spectator(
                    run, client, random.Random(rng.random()), rng.choice(pages), start, until
                )
                for _ in range(spectators)
            )
        )
    finally:
        await client.aclose()


async def _settle(run: Run, seconds: float = 180.0) -> float:
    """Wait until the server has worked off its queue (requests whose clients gave up are
    still served by sync workers): ``/about/`` answered within 0.5 s twice in a row, at most
    ``seconds``. Returns the seconds waited, so that a phase does not pay for the last one."""
    import httpx

    start = time.perf_counter()
    fast = 0
    async with httpx.AsyncClient(base_url=run.base, timeout=REQUEST_TIMEOUT) as client:
        while fast < 2 and time.perf_counter() - start < seconds:
            began = time.perf_counter()
            with contextlib.suppress(httpx.HTTPError):
                await client.get("/about/")
            fast = fast + 1 if time.perf_counter() - began < 0.5 else 0
            await asyncio.sleep(0.5)
    return time.perf_counter() - start


async def _alone_pages(run: Run, info: dict[str, Any], repeat: int) -> dict[str, Any]:
    """Service times with nothing else running: each public page kind ``repeat`` times in a
    row by one client (the first division's pages), before the day."""
    pages = _spectator_pages(info, run.base)[0]
    samples_before = len(run.samples)
    client = _spectator_client(1)
    try:
        for kind in SPECTATOR_PAGES:
            url = next(u for k, u in pages if k == kind)
            for _ in range(repeat):
                if run.budget():
                    await _timed(run, f"alone: {kind}", client, "GET", url)
    finally:
        await client.aclose()
    alone = run.samples[samples_before:]
    del run.samples[samples_before:]
    return summarize(alone)


async def _alone_saves(
    run: Run, arbiter: Arbiter, repeat: int, rng: random.Random
) -> dict[str, Any]:
    """One arbiter's saves with nothing else running (``repeat`` in a row, each another
    result on one of their boards), after the day."""
    samples_before = len(run.samples)
    if arbiter.versions:
        game = min(arbiter.versions)
        codes = list(RESULT_WEIGHTS)[:3]
        for _ in range(repeat):
            other = [c for c in codes if c != arbiter.results.get(game)]
            await arbiter.enter(other[0], game, rng, "alone: save")
    alone = run.samples[samples_before:]
    del run.samples[samples_before:]
    return summarize(alone)


async def _day_and_search(args: argparse.Namespace, base: str, info: dict[str, Any]) -> dict:
    rng = random.Random(args.seed)
    run = Run(base, args.max_requests)
    arbiters = [
        Arbiter(run, name, match) for match in info["matches"] for name in match["arbiters"]
    ]
    report: dict[str, Any] = {}
    try:
        # Logins: 4 at a time (each checks a password hash, seconds of CPU in all).
        gate = asyncio.Semaphore(4)

        async def login(a: Arbiter) -> None:
            async with gate:
                await a.login(info["login"])

        started = time.perf_counter()
        await asyncio.gather(*(login(a) for a in arbiters))
        print(f"  {len(arbiters)} arbiters logged in in {time.perf_counter() - started:.1f} s")
        report["alone_pages"] = await _alone_pages(run, info, args.alone)

        window = args.minutes * 60.0
        plan = arbiter_schedule(len(info["matches"]), window, rng)
        lags: list[float] = []
        cpu = time.process_time()
        start = time.perf_counter()
        tasks = [
            _arbiter_day(
                arbiter,
                [
                    s
                    for s in plan
                    if s.match == i // ARBITERS_PER_MATCH and s.arbiter == i % ARBITERS_PER_MATCH
                ],
                start,
                random.Random(rng.random()),
            )
            for i, arbiter in enumerate(arbiters)
        ]
        print(
            f"  the day: {len(plan)} planned saves by {len(arbiters)} arbiters and "
            f"{args.spectators} spectators over {window:.0f} s"
        )
        await asyncio.gather(
            *tasks,
            _crowd(run, args.spectators, info, start + window, rng),
            _loop_lag(start + window, lags),
        )
        elapsed = time.perf_counter() - start
        report["day"] = {
            "seconds": round(elapsed, 1),
            "planned_saves": len(plan),
            "planned_second_saves": sum(1 for s in plan if s.second),
            "spectators": args.spectators,
            "requests": len(run.samples),
            "summary": summarize(run.samples),
            "conflicts": dict(run.conflicts),
            "client_cpu_seconds": round(time.process_time() - cpu, 1),
            "loop_lag_ms": percentiles(lags),
            "load_average_after": os.getloadavg(),
        }
        report["day_records"] = list(run.records)

        settled = [round(await _settle(run), 1)]
        report["alone_saves"] = await _alone_saves(run, arbiters[0], args.alone, rng)
        # The search: spectators, and corrections at a 10-minute day's rate of saves.
        # (the rate of a 10-minute day: a --quick day's compressed rate would dwarf the crowd)
        rate = len(plan) / max(window, 600.0)
        done: list[StepOutcome] = []
        phases: list[dict[str, Any]] = []
        count = next_step(done, args.steps)
        while count is not None and run.sent < run.max_requests:
            if phases:
                settled.append(round(await _settle(run), 1))
            run.samples = []
            lags = []
            cpu = time.process_time()
            start = time.perf_counter()
            until = start + args.step_seconds
            await asyncio.gather(
                _crowd(run, count, info, until, rng),
                _corrections(arbiters, rate, until, rng),
                _loop_lag(until, lags),
            )
            watched = [s for s in run.samples if s.kind.startswith("spectator")]
            figures = percentiles([s.ms for s in watched])
            outcome = StepOutcome(count, figures["p95"], sum(1 for s in watched if is_error(s)))
            done.append(outcome)
            phase = {
                "spectators": count,
                "seconds": round(time.perf_counter() - start, 1),
                "spectator_requests": len(watched),
                "p95_ms": figures["p95"],
                "errors": outcome.errors,
                "good": outcome.good,
                "summary": summarize(run.samples),
                "client_cpu_seconds": round(time.process_time() - cpu, 1),
                "loop_lag_ms": percentiles(lags),
                "load_average_after": os.getloadavg(),
            }
            phases.append(phase)
            print(
                f"  search: {count:>6} spectators, {len(watched):>6} page loads in "
                f"{phase['seconds']:.0f} s, p95 {figures['p95']:7.1f} ms, "
                f"{outcome.errors} errors -> {'good' if outcome.good else 'over'}"
            )
            count = next_step(done, args.steps)
        report["search"] = {
            "phases": phases,
            "largest_spectators_p95_under_200ms": largest_good(done),
            "corrections_per_second": round(rate, 2),
            "seconds_waited_for_the_queue_to_drain_before_each": settled,
        }
        report["all_records"] = list(run.records)
        report["requests_sent"] = run.sent
    finally:
        await asyncio.gather(*(a.close() for a in arbiters))
    return report


# --- orchestration -------------------------------------------------------------------------------


def _admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3) as conn:
        conn.execute(sql)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _redis(*command: str) -> str | None:
    """One command on Redis database 7 (RESP over a socket); its answer, ``None`` when Redis
    cannot be reached."""
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2) as conn:
            payload = b""
            for cmd in (("SELECT", "7"), command):
                payload += f"*{len(cmd)}\r\n".encode()
                for part in cmd:
                    payload += f"${len(part.encode())}\r\n{part}\r\n".encode()
            conn.sendall(payload)
            data = b""
            while data.count(b"\r\n") < 2:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
        return data.split(b"\r\n")[1].decode().lstrip("+:")
    except OSError:
        return None


def _bin(name: str) -> str:
    return str(Path(sys.executable).parent / name)


def _has_worker_command(env: dict[str, str]) -> bool:
    probe = subprocess.run(
        [_bin("chessclub"), "worker", "--help"], env=env, capture_output=True, timeout=60
    )
    return probe.returncode == 0


def _wait_ready(base: str, server: subprocess.Popen[bytes], seconds: float = 90.0) -> None:
    import httpx

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped (exit {server.returncode})")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/about/", timeout=5).status_code == 200:
                return
        time.sleep(0.5)
    raise RuntimeError("gunicorn did not answer in time")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def _check_lost(db_url: str, info: dict[str, Any], records: list[SaveRecord]) -> list[dict]:
    import psycopg

    games = [g for m in info["matches"] for g in m["games"].values()]
    with psycopg.connect(db_url) as conn:
        stored = {
            row[0]: (row[1], row[2])
            for row in conn.execute(
                "SELECT id, result, version FROM tournaments_game WHERE id = ANY(%s)", (games,)
            )
        }
        history = {
            (row[0], row[1], (row[2] or {}).get("result"))
            for row in conn.execute(
                "SELECT game_id, version, new FROM audit_entry WHERE game_id = ANY(%s)", (games,)
            )
        }
    return lost_results(records, stored, history)


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.load", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--quick", action="store_true", help="a 2-minute version: a 1-minute day")
    parser.add_argument("--minutes", type=float, help="length of the day's entry (default 10)")
    parser.add_argument("--spectators", type=int, default=500, help="spectators of the day")
    parser.add_argument("--step-seconds", type=float, help="length of a search phase (60)")
    parser.add_argument(
        "--steps",
        type=lambda s: tuple(int(x) for x in s.split(",")),
        default=STEPS,
        help="spectator counts of the search (500,1000,2000,…); 0 skips the search",
    )
    parser.add_argument("--worker-class", choices=("sync", "gthread"), default="sync")
    parser.add_argument("--workers", type=int, help="gunicorn processes (sync 2×cores+1)")
    parser.add_argument("--threads", type=int, default=4, help="threads a gthread worker")
    parser.add_argument("--max-requests", type=int, default=400_000)
    parser.add_argument(
        "--alone", type=int, default=20, help="requests of each kind timed with no other load"
    )
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--report", type=Path, help="the JSON report's path")
    args = parser.parse_args(argv)
    if args.minutes is None:
        args.minutes = 1.0 if args.quick else 10.0
    if args.step_seconds is None:
        args.step_seconds = 20.0 if args.quick else 60.0
    if args.steps == (0,):
        args.steps = ()
    if args.quick and args.steps == STEPS:
        args.steps = STEPS[:3]
    cores = os.cpu_count() or 1
    if args.workers is None:
        args.workers = 2 * cores + 1 if args.worker_class == "sync" else cores + 1
    if not 0 < args.minutes <= 30 or not 0 < args.step_seconds <= 300:
        parser.error("--minutes is at most 30 and --step-seconds at most 300")
    return args


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.load``; called without arguments by ``python -m benchmarks``
    (``make bench``), where it only says how to run it."""
    if argv is None:
        print("load: the event-day load test runs alone: make bench-load (--quick: 2 minutes)")
        return 0
    args = _parse(argv)
    try:
        _admin("SELECT 1")
    except Exception as exc:  # any failure means: no PostgreSQL here
        print(f"load: skipped, PostgreSQL not reachable at {ADMIN_URL} ({exc})")
        return 0
    try:
        import httpx  # noqa: F401
    except ImportError:
        print("load: needs httpx (pip install httpx)")
        return 2
    cores = os.cpu_count() or 1
    load_before = os.getloadavg()
    print(
        f"load: {cores} cores, load average before the run "
        f"{', '.join(f'{x:.2f}' for x in load_before)} (1, 5, 15 min)"
    )
    name = f"load_{uuid.uuid4().hex[:10]}"
    db_url = f"{ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    env = {
        **os.environ,
        "DATABASE_URL": db_url,
        "DJANGO_SETTINGS_MODULE": "chessclub_web.settings",
        "CHESSCLUB_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "CHESSCLUB_DEBUG": "0",
        "CHESSCLUB_SECRET_KEY": f"load-{uuid.uuid4().hex}{uuid.uuid4().hex}",
        "CHESSCLUB_TASKS": "database",
        "CHESSCLUB_CACHE_URL": REDIS_URL,
        "CHESSCLUB_LOG_FORMAT": "text",
    }
    redis_up = _redis("FLUSHDB") is not None

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(f"load: stopped by signal {signum}; servers stopped, database dropped")

    # SIGTERM (and SIGINT, which a shell ignores in a background job): the clean-up below runs.
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    processes: list[subprocess.Popen[bytes]] = []
    _admin(f"CREATE DATABASE {name}")
    try:
        started = time.perf_counter()
        setup = subprocess.run(
            [sys.executable, "-m", "benchmarks.load", "--setup", str(args.seed)],
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        info = json.loads(setup.stdout.strip().splitlines()[-1])
        print(
            f"  set-up: database {name} migrated, {len(info['events'])} divisions, "
            f"{len(info['matches'])} matches of the day in {time.perf_counter() - started:.0f} s"
        )
        worker = _has_worker_command(env)
        if worker:
            processes.append(
                subprocess.Popen([_bin("chessclub"), "worker"], env=env, start_new_session=True)
            )
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        command = [
            _bin("gunicorn"),
            "chessclub_web.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--worker-class",
            args.worker_class,
            "--timeout",
            "30",
            "--backlog",
            "2048",
            "--log-level",
            "warning",
        ]
        if args.worker_class == "gthread":
            command += ["--threads", str(args.threads)]
        server = subprocess.Popen(command, env=env, start_new_session=True)
        processes.append(server)
        _wait_ready(base, server)
        threads = f" × {args.threads} threads" if args.worker_class == "gthread" else ""
        print(
            f"  server: gunicorn, {args.workers} {args.worker_class} workers{threads} on {base}; "
            f"task workers: {'1 (chessclub worker)' if worker else 'none (no chessclub worker)'}; "
            f"Redis db 7 {'reachable' if redis_up else 'NOT reachable'}"
        )
        report = asyncio.run(_day_and_search(args, base, info))
        report["day"]["saves_answered_2xx"] = sum(
            1 for r in report.pop("day_records") if 200 <= r.status < 300
        )
        all_records = report.pop("all_records")
        lost = _check_lost(db_url, info, all_records)
        cache_keys = _redis("DBSIZE")
    finally:
        for process in reversed(processes):
            _stop(process)
        _admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    saves_2xx = sum(1 for r in all_records if 200 <= r.status < 300)
    full = {
        "when": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": {
            "cores": cores,
            "load_average_before": load_before,
            "load_average_after": os.getloadavg(),
            "python": sys.version.split()[0],
        },
        "setup": {
            "divisions": len(info["events"]),
            "matches": len(info["matches"]),
            "boards": BOARDS,
            "arbiters": len(info["matches"]) * ARBITERS_PER_MATCH,
            "gunicorn": {
                "workers": args.workers,
                "worker_class": args.worker_class,
                "threads": args.threads if args.worker_class == "gthread" else 1,
            },
            "task_workers": 1 if worker else 0,
            "cache_url": REDIS_URL,
            "redis_keys_after": cache_keys,
            "args": {k: str(v) for k, v in vars(args).items()},
        },
        **report,
        "saves_answered_2xx": saves_2xx,
        "lost_results": len(lost),
        "lost": lost[:100],
    }
    _print_report(full)
    path = args.report or RESULTS_DIR / f"load-{datetime.datetime.now():%Y%m%d-%H%M%S}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(full, indent=2, default=str) + "\n")
    print(f"load: report written to {path}")
    return 1 if lost else 0


def _print_report(full: dict[str, Any]) -> None:
    day = full["day"]
    print()
    print(
        f"The day: {day['seconds']:.0f} s, {day['spectators']} spectators, "
        f"{day['requests']} requests (client CPU {day['client_cpu_seconds']} s, "
        f"loop lag p95 {day['loop_lag_ms']['p95']:.1f} ms)"
    )
    print(table(day["summary"]))
    alone = {**full.get("alone_pages", {}), **full.get("alone_saves", {})}
    if alone:
        print("Service times with nothing else running (one client, in a row):")
        print(table(alone))
    conflicts = ", ".join(f"{k}: {v}" for k, v in day["conflicts"].items()) or "none"
    print(f"Conflicts answered 409: {conflicts}")
    errors = {k: v["errors"] for k, v in day["summary"].items() if v["errors"]}
    print(f"Errors: {errors or 'none'}")
    print(
        f"Lost results: {full['lost_results']} of {full['saves_answered_2xx']} saves answered 2xx"
    )
    search = full["search"]
    if search["phases"]:
        print(
            "Largest spectator count with p95 < 200 ms and no error: "
            f"{search['largest_spectators_p95_under_200ms']}"
        )
    print(f"Redis db 7 keys after the run: {full['setup']['redis_keys_after']}")
    print(
        "Load average before / after: "
        f"{', '.join(f'{x:.2f}' for x in full['machine']['load_average_before'])} / "
        f"{', '.join(f'{x:.2f}' for x in full['machine']['load_average_after'])}"
    )


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--setup":
        _setup(int(sys.argv[2]))
    else:
        sys.exit(main(sys.argv[1:]))
