"""Importing FIDE's list (``fide.services`` through ``federation.services.import_list``): every
field stored, re-imports updating in place with the right counts, a list of one time control
changing only its columns, FIDE IDs listed twice, files refused whole (nothing changed).

The files are the synthetic fixtures of ``tests/fixtures/fide`` (README there) and variants
edited from them; the expected values are read from those lines."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from chessclub.formats.fide_list import FideListError
from chessclub_web.federation import services
from chessclub_web.federation.models import ListVersion
from chessclub_web.fide import services as fide
from chessclub_web.fide.models import FideImport, FidePlayer

from ..lists import import_as_operator
from .files import BLITZ_XML, COMBINED, COMBINED_IDS, RAPID, XML, edited, zipped

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def player(fide_id: int) -> FidePlayer:
    return FidePlayer.objects.get(fide_id=fide_id)


def ratings(fide_id: int) -> tuple[object, ...]:
    row = player(fide_id)
    return (
        row.standard_rating,
        row.standard_games,
        row.standard_k,
        row.rapid_rating,
        row.rapid_games,
        row.rapid_k,
        row.blitz_rating,
        row.blitz_games,
        row.blitz_k,
    )


def counts(version: ListVersion) -> tuple[int, int, int, int]:
    return (version.records, version.created, version.updated, version.removed)


def test_fide_import_stores_every_field_of_the_combined_list():
    version = import_as_operator("fide", COMBINED, "players_list_foa.txt")
    assert counts(version) == (7, 7, 0, 0)
    assert set(FidePlayer.objects.values_list("fide_id", flat=True)) == COMBINED_IDS
    alpha = player(10000011)
    assert (alpha.name, alpha.name_key, alpha.federation, alpha.sex) == (
        "Alpha, Adam",
        "alpha adam",
        "BEL",
        "M",
    )
    assert (alpha.title, alpha.w_title, alpha.o_title, alpha.foa_title) == ("GM", "", "IA", "")
    assert ratings(10000011) == (2501, 5, 10, 2450, 0, 20, 2399, 12, 20)
    assert (alpha.birth_year, alpha.flag, alpha.standard_inactive) == (1980, "", False)
    assert alpha.changed_in == version
    beta = player(10000020)
    assert (beta.title, beta.w_title, beta.flag) == ("WCM", "WCM", "w")
    assert ratings(10000020) == (None, None, None, None, None, None, 1807, 0, 40)
    gamma = player(10000038)
    assert (gamma.federation, gamma.birth_year, gamma.flag, gamma.standard_inactive) == (
        "NON",
        None,
        "i",
        True,
    )
    delta = player(10000046)
    assert (delta.o_title, delta.foa_title, delta.flag) == ("FA,FST", "AIM", "wi")
    assert player(10000054).o_title == "LSI,FI,SI,SLI,NA"  # read though it runs over
    assert player(10000062).name_key == "zeta zoltan"
    assert ratings(537001345) == (None, None, None, 1431, 0, 40, None, None, None)


def test_fide_import_keeps_what_the_reader_reported():
    version = import_as_operator("fide", COMBINED, "players_list_foa.txt")
    found = FideImport.objects.get(version=version)
    assert (found.layout, found.time_control, found.skipped, found.omitted) == (
        "combined-txt",
        "",
        1,
        0,
    )
    assert [(p["line"], p["column"]) for p in found.problems] == [(6, 95), (8, 114)]
    assert (
        fide.summary(version) == "combined list (standard, rapid, blitz), TXT. 1 line was left out."
    )
    assert (
        fide.warnings(version)[1]
        == "Line 8, column 114: SRtng '19x0' is not a number: the line is left out"
    )


def test_fide_reimport_updates_in_place_new_changed_removed():
    first = import_as_operator("fide", COMBINED, "players_list_foa.txt")
    changed = edited(
        COMBINED,
        (b"GM        IA                 2501", b"GM        IA                 2520"),
        (b"10000038       Gamma, Gil     ", b"10000105       Lambda, Lea    "),
    )
    second = import_as_operator("fide", changed, "players_list_foa.txt")
    assert counts(second) == (7, 1, 1, 1)
    assert not FidePlayer.objects.filter(fide_id=10000038).exists()
    assert player(10000105).name == "Lambda, Lea"
    alpha = player(10000011)
    assert alpha.standard_rating == 2520
    assert alpha.changed_in == second
    beta = player(10000020)
    assert beta.changed_in == first  # listed again, unchanged: not written again
    assert FidePlayer.objects.count() == 7
    first.refresh_from_db()
    assert first.rows_kept is False  # no roll-back to it: its records are gone


def test_fide_rapid_list_changes_only_the_rapid_columns():
    import_as_operator("fide", COMBINED, "players_list_foa.txt")
    rapid = edited(RAPID, (b"10000011       Alpha, Adam     ", b"10000011       Alpha, Adamo    "))
    version = import_as_operator("fide", rapid, "rapid_sep26frl.txt")
    assert version.list_date == datetime.date(2026, 9, 1)
    # Alpha and Delta changed, Kappa new; Epsilon, Zeta and Iota no longer rated in rapid
    assert counts(version) == (3, 1, 2, 3)
    alpha = player(10000011)
    assert alpha.name == "Alpha, Adam"  # the identity is the combined list's
    assert ratings(10000011) == (2501, 5, 10, 2460, 3, 20, 2399, 12, 20)
    delta = player(10000046)
    assert ratings(10000046) == (2205, 0, 20, 2190, 0, 20, None, None, None)
    assert (delta.rapid_inactive, delta.flag) == (True, "wi")  # wi: inactive in rapid
    assert ratings(10000054) == (1850, 9, 20, None, None, None, None, None, None)
    assert ratings(537001345) == (None, None, None, None, None, None, None, None, None)
    kappa = player(10000089)
    assert (kappa.name, kappa.federation, kappa.birth_year, kappa.flag) == (
        "Kappa, Kurt",
        "AUT",
        2008,
        "",
    )
    assert ratings(10000089) == (None, None, None, 1620, 11, 40, None, None, None)
    assert FidePlayer.objects.count() == 8  # nobody removed by a list of one time control
    assert FideImport.objects.get(version=version).time_control == "rapid"


def test_fide_blitz_xml_list_and_the_combined_xml():
    combined = import_as_operator(
        "fide", zipped("players_list_xml_foa.xml", XML), "players_list_xml.zip"
    )
    assert counts(combined) == (4, 4, 0, 0)
    assert player(10000070).standard_rating is None  # <rating>n/a</rating>
    blitz = import_as_operator("fide", BLITZ_XML, "blitz_sep26frl_xml.xml")
    assert counts(blitz) == (2, 0, 2, 1)  # Zeta's blitz rating cleared
    assert ratings(10000011) == (2501, 5, 10, 2450, 0, 20, 2410, 30, 20)
    assert player(10000011).blitz_inactive is True
    assert ratings(10000062)[6:] == (None, None, None)


def test_fide_id_listed_twice_second_line_left_out(monkeypatch):
    """Twice in one batch, and in two batches (the first import inserts a batch at once, and
    reads it again player by player when an ID is already there)."""
    alpha = COMBINED.splitlines()[1]
    again = alpha.replace(b"2501", b"2222")
    twice = COMBINED + again + b"\r\n"
    version = import_as_operator("fide", twice, "players_list_foa.txt")
    assert counts(version) == (7, 7, 0, 0)
    assert player(10000011).standard_rating == 2501
    assert fide.warnings(version)[-1].endswith(
        "FIDE ID 10000011 is listed twice: this line is left out"
    )
    FidePlayer.objects.all().delete()
    monkeypatch.setattr(fide, "BATCH", 2)
    version = import_as_operator("fide", twice, "players_list_foa.txt", again=True)
    assert counts(version) == (7, 7, 0, 0)
    assert player(10000011).standard_rating == 2501
    assert "Line 10: FIDE ID 10000011 is listed twice" in " ".join(fide.warnings(version))
    # and in a re-import (the IDs read so far kept in a temporary table)
    again = import_as_operator("fide", twice.replace(b"2501", b"2555", 1), "players_list_foa.txt")
    assert counts(again) == (7, 0, 1, 0)
    assert player(10000011).standard_rating == 2555
    assert "Line 10: FIDE ID 10000011 is listed twice" in " ".join(fide.warnings(again))


def test_fide_bad_header_refused_nothing_stored():
    bad = COMBINED.replace(b"SRtng", b"Rtng ", 1)
    with pytest.raises(FideListError) as caught:
        import_as_operator("fide", bad, "players_list_foa.txt")
    assert caught.value.first.line == 1
    assert not FidePlayer.objects.exists() and not ListVersion.objects.exists()


def test_fide_too_many_bad_lines_refused_half_way_nothing_stored(monkeypatch):
    monkeypatch.setattr(fide, "BATCH", 2)  # batches written before the bad lines come
    bad = COMBINED.splitlines()[7]  # Theta's rating is 19x0
    data = COMBINED + b"\r\n".join([bad] * 11) + b"\r\n"
    with pytest.raises(FideListError, match="the list is refused"):
        import_as_operator("fide", data, "players_list_foa.txt")
    assert not FidePlayer.objects.exists() and not ListVersion.objects.exists()


def test_fide_list_that_would_remove_too_many_refused(monkeypatch):
    """FIDE's list only grows: a file that would remove more than a tenth of the players (past
    1,000; here past 2) is cut short, or not the list it seems."""
    import_as_operator("fide", COMBINED, "players_list_foa.txt")
    monkeypatch.setattr(fide, "REMOVED_FREE", 2)
    cut = b"\r\n".join(COMBINED.splitlines()[:3]) + b"\r\n"
    with pytest.raises(FideListError, match="would remove 5 of the 7 players") as caught:
        import_as_operator("fide", cut, "players_list_foa.txt")
    assert caught.value.first.line == 0
    assert FidePlayer.objects.count() == 7 and ListVersion.objects.count() == 1


def test_fide_no_rollback_the_list_is_updated_in_place():
    import_as_operator("fide", COMBINED, "players_list_foa.txt")
    import_as_operator("fide", RAPID, "rapid_sep26frl.txt")
    with pytest.raises(services.ListRefused, match="updated in place"):
        services.roll_back("fide", None, operator=True)
    with pytest.raises(services.ListRefused, match="updated in place"):
        services.roll_back("fide", None, to=1, operator=True)


def test_fide_same_file_twice_refused_unless_again():
    import_as_operator("fide", COMBINED, "players_list_foa.txt")
    with pytest.raises(services.ListRefused, match="already the current list"):
        import_as_operator("fide", COMBINED, "players_list_foa.txt")
    version = import_as_operator("fide", COMBINED, "players_list_foa.txt", again=True)
    assert counts(version) == (7, 0, 0, 0)


def test_fide_unknown_time_control_option_refused():
    with pytest.raises(services.ListRefused) as caught:
        import_as_operator("fide", RAPID, "list.txt", options={"time_control": "bullet"})
    assert caught.value.status == 400
    version = import_as_operator("fide", RAPID, "list.txt", options={"time_control": "rapid"})
    assert FideImport.objects.get(version=version).time_control == "rapid"


def test_fide_streamed_from_a_file(tmp_path):
    path = tmp_path / "players_list.zip"
    path.write_bytes(zipped("players_list_foa.txt", COMBINED))
    with path.open("rb") as stream:
        version = services.import_list("fide", stream, path.name, None, operator=True)
    assert counts(version) == (7, 7, 0, 0)
    assert version.sha256 == services.file_digest(path.read_bytes())
