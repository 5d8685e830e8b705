"""``chessclub document KIND FILE``: the same documents from a tournament file, no database;
exit codes as the other commands (README's table)."""

from __future__ import annotations

import pytest

from chessclub_web import cli
from chessclub_web.documents.kinds import KEIZER, KINDS, TEAM

from ..conftest import ELITE_FILE
from .helpers import in_order, pdf_pages, pdf_text


def test_s5_cli_writes_the_pairings_pdf_of_a_round(tmp_path, capsys):
    out = tmp_path / "pairings.pdf"
    code = cli.main(
        [
            "document",
            "pairings",
            str(ELITE_FILE),
            "--round",
            "3",
            "--language",
            "en",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    assert f"Wrote {out} (1 page(s))" in capsys.readouterr().out
    text = pdf_text(out.read_bytes())
    assert "Pairings by board" in text and "Round 3" in text
    assert in_order(text, "Lima Louise", "Alpha Anne", "Bravo Bruno", "Kilo Karim")


def test_s1_cli_standings_after_round_4_in_french(tmp_path):
    out = tmp_path / "standings.pdf"
    assert cli.main(["document", "standings", str(ELITE_FILE), "--round", "4", "-o", str(out)]) == 0
    text = pdf_text(out.read_bytes())
    assert "Classement" in text and "après la ronde 4" in text
    assert "India Ivan 2159 BEL 622 3 " in text  # 1 1 0 1 by hand


def test_s5_cli_result_slips_and_html(tmp_path):
    out = tmp_path / "slips.pdf"
    assert cli.main(["document", "result-slips", str(ELITE_FILE), "-o", str(out)]) == 0
    assert len(pdf_pages(out.read_bytes())) == 2  # round 7: 7 boards, six a page
    page = tmp_path / "start.html"
    assert cli.main(["document", "start-list", str(ELITE_FILE), "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Alpha Anne" in html and "@page" in html


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["pairings", str(ELITE_FILE), "--round", "9"], 4, "La ronde 9 n'est pas"),
        (["pairings", str(ELITE_FILE), "--round", "9", "--language", "en"], 4, "Round 9 is not"),
        (["pairings", "/no/such/file.txt"], 4, "no such file"),
        (
            ["player-cards", str(ELITE_FILE), "--player", "99", "--language", "de"],
            4,
            "Startnummer 99",
        ),
    ],
)
def test_cli_document_exit_codes(tmp_path, capsys, argv, code, message):
    assert cli.main(["document", *argv, "-o", str(tmp_path / "x.pdf")]) == code
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.pdf").exists()


def test_cli_document_refuses_a_file_of_neither_format(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("not a tournament\n")
    assert cli.main(["document", "standings", str(bad), "-o", str(tmp_path / "x.pdf")]) == 3
    assert "line 1" in capsys.readouterr().err


def test_cli_document_usage_and_help(capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main(["document", "no-such-document", str(ELITE_FILE), "-o", "x.pdf"])
    assert exit_.value.code == 2
    with pytest.raises(SystemExit) as exit_:
        cli.main(["document", "--help"])
    assert exit_.value.code == 0
    help_text = capsys.readouterr().out
    assert "result-slips" in help_text and "--round N" in help_text and "Exit codes" in help_text


def test_cli_document_offers_every_individual_document():
    # A file is never a Keizer competition (K27): its Keizer standings are the web's only.
    assert tuple(k.slug for k in KINDS if k.scope not in (TEAM, KEIZER)) == cli.FILE_DOCUMENTS


@pytest.mark.parametrize(
    ("output", "message"),
    [
        ("missing-folder/x.pdf", "does not exist"),
        ("a-file/x.pdf", "is a file, not a folder"),
        ("", "-o needs a file name"),
        (".", "is a folder, not a file"),
    ],
)
def test_cli_document_says_why_it_cannot_write(tmp_path, capsys, monkeypatch, output, message):
    """Checked before the document is drawn: exit 1 and the reason, never a traceback."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a-file").write_text("")
    assert cli.main(["document", "standings", str(ELITE_FILE), "-o", output]) == 1
    err = capsys.readouterr().err
    assert "cannot write the document" in err and message in err
    assert "Traceback" not in err
