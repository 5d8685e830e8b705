"""H6 (issue 17): the event-day load test's pure parts (benchmarks/load.py): the interclub
plan, the arbiters' schedule, the spectators' reloads, the percentiles, the lost-results check
and the search's steps. The run itself (gunicorn, PostgreSQL, Redis) is ``make bench-load``."""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[3] / "benchmarks" / "load.py"


def _load_module():  # the benchmarks folder is not an installed package
    spec = importlib.util.spec_from_file_location("chessclub_bench_load", _PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


load = _load_module()


def test_h6_interclub_plan_is_8_divisions_of_10_teams_40_matches():
    plan = load.interclub_plan()
    assert [d.name for d in plan][:2] == ["Division 1", "Division 2"]
    assert len(plan) == 8
    assert sum(d.matches for d in plan) == 40


def test_h6_interclub_plan_refuses_an_odd_division():
    with pytest.raises(ValueError, match="even number"):
        load.interclub_plan(teams_per_division=9)


def test_h6_schedule_saves_every_board_once_by_its_owner_inside_the_window():
    plan = load.arbiter_schedule(40, 600.0, random.Random(1))
    firsts = [s for s in plan if not s.second]
    assert sorted((s.match, s.board) for s in firsts) == [
        (m, b) for m in range(40) for b in range(1, 9)
    ]
    assert all(s.arbiter == (0 if s.board <= 4 else 1) for s in firsts)
    assert all(0.02 * 600 <= s.at <= 0.9 * 600 for s in firsts)
    assert [s.at for s in plan] == sorted(s.at for s in plan)
    assert all(set(s.result) <= set("10=+-") and s.result for s in plan)


def test_h6_schedule_second_saves_are_the_other_arbiter_later_on_the_same_board():
    plan = load.arbiter_schedule(40, 600.0, random.Random(2), overlap=0.5, disagree=0.5)
    first = {(s.match, s.board): s for s in plan if not s.second}
    seconds = [s for s in plan if s.second]
    # 320 boards, half of them again: far from 0 and from 320 with this seed
    assert 120 < len(seconds) < 200
    for s in seconds:
        owner = first[(s.match, s.board)]
        assert s.arbiter == 1 - owner.arbiter
        assert owner.at < s.at <= min(600.0, owner.at + 20.0)
    differ = sum(1 for s in seconds if s.result != first[(s.match, s.board)].result)
    assert 0.3 * len(seconds) < differ < 0.7 * len(seconds)


def test_h6_schedule_is_seeded():
    a = load.arbiter_schedule(5, 60.0, random.Random(7))
    b = load.arbiter_schedule(5, 60.0, random.Random(7))
    c = load.arbiter_schedule(5, 60.0, random.Random(8))
    assert a == b
    assert a != c


def test_h6_spectator_reloads_every_10_to_30_seconds_within_the_phase():
    rng = random.Random(3)
    runs = [load.spectator_reloads(600.0, rng) for _ in range(200)]
    gaps = [b - a for times in runs for a, b in itertools.pairwise(times)]
    assert min(gaps) >= 10.0
    assert max(gaps) <= 30.0
    assert all(0 <= t < 600.0 for times in runs for t in times)
    # 600 s at a mean of 20 s a reload: about 30 page loads each
    assert 25 < sum(map(len, runs)) / len(runs) < 35
    # the first loads are spread over the first half-minute, not all at once
    assert max(times[0] for times in runs) > 15.0


def test_h6_percentiles_interpolate_between_ranks():
    values = list(range(1, 101))  # 1 … 100 ms
    figures = load.percentiles(values)
    assert figures["p50"] == pytest.approx(50.5)
    assert figures["p95"] == pytest.approx(95.05)
    assert figures["p99"] == pytest.approx(99.01)
    assert figures["max"] == 100
    assert load.percentiles([42.0]) == {"p50": 42.0, "p95": 42.0, "p99": 42.0, "max": 42.0}
    assert math.isnan(load.percentiles([])["p95"])


def test_h6_summary_counts_statuses_and_errors_per_kind():
    samples = [
        load.Sample("save", 200, 10.0),
        load.Sample("save", 409, 30.0),  # a conflict answered by the app: not an error
        load.Sample("save", 500, 50.0),
        load.Sample("spectator: standings", 304, 5.0),
        load.Sample("spectator: standings", 409, 5.0),  # a page has no business with 409
        load.Sample("spectator: standings", 0, 30000.0, "ReadTimeout"),
    ]
    summary = load.summarize(samples)
    assert summary["save"]["statuses"] == {"200": 1, "409": 1, "500": 1}
    assert summary["save"]["errors"] == 1
    assert summary["save"]["p50"] == pytest.approx(30.0)
    spectators = summary["spectator: standings"]
    assert spectators["statuses"] == {"304": 1, "409": 1, "error:ReadTimeout": 1}
    assert spectators["errors"] == 2
    text = load.table(summary)
    assert "save" in text.splitlines()[1]
    assert "error:ReadTimeout: 1" in text


def _saved(game, result, version):
    return load.SaveRecord(game, result, 200, version)


def test_h6_nothing_lost_when_history_and_boards_hold_every_saved_value():
    records = [
        _saved(1, "1-0", 2),
        load.SaveRecord(1, "0-1", 409, 2),  # the conflict: not a save
        _saved(1, "=", 3),
        _saved(2, "0-1", 2),
        load.SaveRecord(3, "1-0", 0),  # no answer: the arbiter does not believe it saved
    ]
    history = {(1, 1, "1-0"), (1, 2, "="), (2, 1, "0-1")}
    stored = {1: ("=", 3), 2: ("0-1", 2), 3: ("", 1)}
    assert load.lost_results(records, stored, history) == []


def test_h6_a_saved_value_overwritten_or_missing_is_lost():
    records = [_saved(1, "1-0", 2), _saved(2, "0-1", 2), _saved(3, "=", 2), _saved(3, "1-0", 2)]
    history = {(1, 1, "1-0"), (2, 1, "0-1"), (3, 1, "="), (3, 1, "1-0")}
    stored = {1: ("0-1", 3), 2: ("0-1", 2), 3: ("1-0", 2)}
    lost = load.lost_results(records, stored, history)
    reasons = Counter((item["game"], item["reason"]) for item in lost)
    # game 1: someone changed it without a 2xx answer; game 3: two saves took version 2
    assert reasons[(1, "the board holds ('0-1', 3), not the last saved value")] == 1
    assert reasons[(3, "two saves answered the same version, other results")] == 2
    assert all(item["game"] != 2 for item in lost)


def test_h6_a_resubmission_answered_saved_at_the_same_version_is_not_lost():
    # the app answers 200 without a new version to a save of the result the board holds
    records = [_saved(1, "1-0", 2), _saved(1, "1-0", 2)]
    assert load.lost_results(records, {1: ("1-0", 2)}, {(1, 1, "1-0")}) == []


def test_h6_a_save_without_its_history_line_is_lost():
    lost = load.lost_results([_saved(1, "1-0", 2)], {1: ("1-0", 2)}, set())
    assert [item["reason"] for item in lost] == ["no history line for this save"]


def _outcome(spectators, p95, errors=0):
    return load.StepOutcome(spectators, p95, errors)


def test_h6_search_doubles_while_good_then_tries_halfway_once():
    steps = (500, 1000, 2000, 4000)
    assert load.next_step([], steps) == 500
    done = [_outcome(500, 80.0), _outcome(1000, 150.0)]
    assert load.next_step(done, steps) == 2000
    done.append(_outcome(2000, 250.0))
    assert load.next_step(done, steps) == 1500
    done.append(_outcome(1500, 180.0))
    assert load.next_step(done, steps) is None
    assert load.largest_good(done) == 1500


def test_h6_search_halves_down_when_its_first_step_is_over_the_limit():
    done = [_outcome(500, 900.0)]
    assert load.next_step(done, (500, 1000)) == 250
    done.append(_outcome(250, 400.0, errors=3))
    assert load.next_step(done, (500, 1000)) == 125
    done.append(_outcome(125, 150.0))
    assert load.next_step(done, (500, 1000)) is None
    assert load.largest_good(done) == 125
    # never below 25 spectators
    assert load.next_step([_outcome(25, 300.0)], (25,)) is None
    assert load.next_step([_outcome(50, 300.0)], (50,)) == 25


def test_h6_search_stops_on_errors_and_at_the_last_step():
    assert load.largest_good([_outcome(500, 20.0, errors=1)]) is None
    assert load.next_step([_outcome(500, 20.0), _outcome(1000, 30.0)], (500, 1000)) is None
    assert load.next_step([], ()) is None
    # p95 exactly at the limit is over it
    assert not _outcome(500, 200.0).good
