"""``referee fmt``: canonical notation line for line, and ``--check``.

Before: fmt rewrote the whole layout (a blank line after the tags, deals in seat order,
no comments), so the formatted log audited with other line numbers; and there was no
``--check``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.notation.reader import read_games, read_path
from referee.report.model import build_report
from tests.cli import CLEAN, EXAMPLES, LOGS, PEGUE, SYNTAX, run

SAMPLES = sorted(LOGS.rglob("*.rummy")) + sorted(EXAMPLES.glob("*.rummy"))
READABLE = [p for p in SAMPLES if not any(r.errors for r in read_games(read_path(p)))]

MESSY = """\
# Friday, typed by hand
[Game "51"]
[Players "Ana Beto Caro"]   # three tonight
[Event "Viernes #3"]  # a '#' inside a tag value is no comment

deal Ana:   2c 3d 4h 5s 6c 7d 8h 9s 10c Jd Qh Ks Ac 2d 3h
   deal Beto: 4c 5d 6h 7s 8c 9d 10h Js Qc Kd Ah 2s 3c 4d
DEAL Caro: 5c 6d 7h 8s 9c 10d Jh Qs Kc Ad 2h 3s 4s 5d

ana DISCARD 2c
Beto roba 7c       # Spanish keywords are fine
    # an indented comment
Beto bota 7c\r
Caro draw ??
Caro discard 5h
"""


def test_fmt_keeps_comments_blank_lines_and_every_line_number(tmp_path: Path) -> None:
    source = tmp_path / "messy.rummy"
    source.write_bytes(MESSY.replace("\\r", "\r").encode("utf-8"))
    result = run("fmt", source)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "# Friday, typed by hand",
        '[Game "51"]',
        '[Players "Ana Beto Caro"]   # three tonight',
        '[Event "Viernes #3"]  # a \'#\' inside a tag value is no comment',
        "",
        "deal Ana: 2c 3d 4h 5s 6c 7d 8h 9s 10c Jd Qh Ks Ac 2d 3h",
        "deal Beto: 4c 5d 6h 7s 8c 9d 10h Js Qc Kd Ah 2s 3c 4d",
        "deal Caro: 5c 6d 7h 8s 9c 10d Jh Qs Kc Ad 2h 3s 4s 5d",
        "",
        "ana discard 2c",
        "Beto draw 7c       # Spanish keywords are fine",
        "# an indented comment",
        "Beto discard 7c",
        "Caro draw ??",
        "Caro discard 5h",
    ]
    formatted = tmp_path / "formatted.rummy"
    formatted.write_text(result.stdout, encoding="utf-8")
    again = run("fmt", formatted)
    assert again.stdout == result.stdout  # canonical text formats to itself


def test_fmt_in_spanish_with_symbols() -> None:
    result = run("fmt", PEGUE, "--lang", "es", "--symbols")
    assert result.exit_code == 0
    assert "reparte Jaime:" in result.stdout and "♥" in result.stdout
    assert "descarta" in result.stdout


def test_fmt_syntax_error_exits_2() -> None:
    result = run("fmt", SYNTAX)
    assert result.exit_code == 2
    assert ":8:" in result.stderr and "^" in result.stderr
    assert result.stdout == ""


def test_fmt_prints_one_file_at_a_time() -> None:
    result = run("fmt", CLEAN, PEGUE)
    assert result.exit_code == 2 and "--check" in result.stderr


@pytest.mark.skipif(len(READABLE) < 20, reason="the sample logs and shared examples")
@pytest.mark.parametrize("path", READABLE, ids=lambda p: p.name)
def test_the_formatted_log_audits_to_the_same_report(path: Path, tmp_path: Path) -> None:
    """Every log of logs/ and the shared examples: fmt, then audit: the same report,
    line numbers included (and fmt of the output changes nothing)."""
    result = run("fmt", path)
    assert result.exit_code == 0, result.output
    formatted = tmp_path / path.name
    formatted.write_text(result.stdout, encoding="utf-8")
    before = build_report("log", audit_text(read_path(path), "log"))
    after = build_report("log", audit_text(read_path(formatted), "log"))
    assert json.dumps(after, indent=1) == json.dumps(before, indent=1)
    assert run("fmt", "--check", formatted).exit_code == 0


def test_check_names_the_files_that_would_change(tmp_path: Path) -> None:
    (tmp_path / "canonical.rummy").write_bytes(CLEAN.read_bytes())
    (tmp_path / "messy.rummy").write_text(MESSY.replace("\\r", ""), encoding="utf-8")
    canonical = run("fmt", "--check", tmp_path / "canonical.rummy")
    assert canonical.exit_code == 0 and canonical.stdout == ""
    assert "1 file already canonical" in canonical.stderr
    both = run("fmt", "--check", tmp_path)
    assert both.exit_code == 1 and both.stdout == ""
    assert f"would reformat {tmp_path / 'messy.rummy'}" in both.stderr
    assert "canonical.rummy" not in both.stderr
    assert "1 of 2 files would be reformatted" in both.stderr


def test_check_counts_a_byte_order_mark_and_crlf_as_changes(tmp_path: Path) -> None:
    text = CLEAN.read_text(encoding="utf-8")
    (tmp_path / "bom.rummy").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    (tmp_path / "crlf.rummy").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    result = run("fmt", "--check", tmp_path)
    assert result.exit_code == 1 and "2 of 2 files would be reformatted" in result.stderr


def test_check_with_a_syntax_error_is_exit_2(tmp_path: Path) -> None:
    result = run("fmt", "--check", SYNTAX, CLEAN)
    assert result.exit_code == 2
    assert ":8:" in result.stderr


def test_check_in_spanish() -> None:
    result = run("fmt", "--check", PEGUE, "--lang", "es")
    assert result.exit_code == 1  # the Spanish keywords differ from the file's English ones
    assert f"se reformatearía {PEGUE}" in result.stderr
