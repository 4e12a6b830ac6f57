"""The command line and the API on hand-typed and hostile input (issues 13 and 10).

- every typo of a game on standard error in one run;
- a file that is not UTF-8: where, what it looks like, how to fix it; ``--encoding``;
- empty input (an empty file, only comments, empty stdin): exit 2 "no games", the
  JSON report still printed, a CSV row;
- numbers past 4,300 digits or in other scripts: exit 2 or a 400 that says so, never
  a crash (exit 3, a traceback, a 500).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from referee.api.app import create_app
from referee.api.settings import Settings
from tests.cli import console_script, run

HEADER = '[Game "51"]\n[Players "José Ana"]\n'
TEXT = {"Content-Type": "text/plain"}


def write(tmp_path: Path, name: str, data: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8", newline="")
    else:
        path.write_bytes(data)
    return path


# --- Every typo in one run ------------------------------------------------------------------


def test_five_typos_in_one_game_are_on_stderr_in_one_run(tmp_path: Path) -> None:
    from tests.notation.test_typos import FIVE_TYPOS

    path = write(tmp_path, "typos.rummy", FIVE_TYPOS)
    result = run("audit", path, "--json")
    assert result.exit_code == 2
    places = [line.split(": ")[0] for line in result.stderr.splitlines()
              if line.startswith(str(path))]
    assert places == [f"{path}:{n}" for n in ("5:6", "8:5", "10:14", "11:10", "13:21")]
    assert "did you mean 'draw'?" in result.stderr
    report = json.loads(result.stdout)
    assert report["summary"]["syntax_errors"] == 5


# --- Encodings ------------------------------------------------------------------------------


def test_a_windows_file_says_what_it_looks_like_and_encoding_audits_it(tmp_path: Path) -> None:
    path = write(tmp_path, "windows.rummy", (HEADER + "José discard 7h\n").encode("cp1252"))
    result = run("audit", path, "--json")
    assert result.exit_code == 2 and result.stdout == ""
    assert (f"{path}: not UTF-8 text: byte 0xe9 at line 2, column 14: it looks like Latin-1 / "
            "Windows-1252") in result.stderr
    assert "--encoding cp1252" in result.stderr
    result = run("audit", path, "--json", "--lang", "es")
    assert "parece Latin-1 / Windows-1252" in result.stderr
    result = run("audit", path, "--json", "--encoding", "cp1252")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"][0]["players"] == ["José", "Ana"]
    result = run("audit", "-", "--encoding", "latin-1", "--json", input=path.read_bytes())
    assert result.exit_code == 0
    assert run("fmt", path, "--encoding", "cp1252").stdout.startswith(HEADER)
    assert run("replay", path, "--encoding", "cp1252", "--json").exit_code == 0


def test_the_fast_path_reads_encoding_too(tmp_path: Path) -> None:
    from referee.cli.entry import fast_arguments

    path = write(tmp_path, "windows.rummy", (HEADER + "José discard 7h\n").encode("cp1252"))
    argv = ["audit", str(path), "--encoding", "cp1252", "--json"]
    assert fast_arguments(argv) is not None  # read without typer
    status, out, err = console_script(*argv)
    assert status == 0, err
    assert json.loads(out)["games"][0]["players"] == ["José", "Ana"]
    status, out, err = console_script("audit", path, "--encoding", "klingon", "--json")
    assert (status, out) == (2, "")
    assert "unknown encoding 'klingon'" in err


def test_encoding_reaches_every_file_of_a_batch(tmp_path: Path) -> None:
    for name in ("a.rummy", "b.rummy", "c.rummy"):
        write(tmp_path, name, (HEADER + "José discard 7h\n").encode("cp1252"))
    for jobs in ("1", "2"):  # in this process, and in a process pool
        result = run("audit", tmp_path, "--json", "--jobs", jobs, "--encoding", "cp1252")
        assert result.exit_code == 0, result.stderr
        assert [r["games"][0]["players"] for r in json.loads(result.stdout)] == [
            ["José", "Ana"]] * 3


def test_standings_and_fmt_check_take_encoding(tmp_path: Path) -> None:
    path = write(tmp_path, "windows.rummy", (HEADER + "José discard 7h\n").encode("cp1252"))
    result = run("standings", path, "--json")
    assert result.exit_code == 2 and "--encoding cp1252" in result.stderr
    result = run("standings", path, "--json", "--encoding", "cp1252")
    assert result.exit_code == 0, result.stderr
    assert [p["player"] for p in json.loads(result.stdout)["players"]] == ["Ana", "José"]
    ascii_log = write(tmp_path, "plain.rummy", run("fmt", path, "--encoding", "cp1252").stdout
                      .replace("José", "Jose"))
    result = run("fmt", "--check", ascii_log, "--encoding", "cp1252")
    assert result.exit_code == 0, result.stderr
    result = run("fmt", "--check", path)
    assert result.exit_code == 2 and "--encoding cp1252" in result.stderr
    result = run("fmt", "--check", path, "--encoding", "cp1252")  # read; fmt would print UTF-8
    assert result.exit_code == 1
    assert f"would reformat {path}" in result.stderr


def test_an_unknown_encoding_is_exit_2(tmp_path: Path) -> None:
    path = write(tmp_path, "a.rummy", HEADER)
    for command in (["audit", path], ["fmt", path], ["fmt", "--check", path], ["replay", path],
                    ["standings", path]):
        result = run(*command, "--encoding", "klingon")
        assert result.exit_code == 2
        assert "unknown encoding 'klingon'" in result.stderr
        assert result.stdout == ""
    spanish = run("audit", path, "--encoding", "klingon", "--lang", "es")
    assert "codificación desconocida 'klingon'" in spanish.stderr


def test_utf16_on_stdin_is_named() -> None:
    result = run("audit", "-", input=HEADER.encode("utf-16"))
    assert result.exit_code == 2
    assert "cannot read <stdin>: not UTF-8 text" in result.stderr
    assert "it looks like UTF-16" in result.stderr
    assert "--encoding utf-16" in result.stderr  # the command line's fix, not the API's
    spanish = run("audit", "-", "--lang", "es", input=HEADER.encode("utf-16"))
    assert "no se puede leer <stdin>: no es texto UTF-8" in spanish.stderr
    assert "parece UTF-16" in spanish.stderr
    result = run("audit", "-", "--encoding", "utf-16", "--json",
                 input=(HEADER + "José discard 7h\n").encode("utf-16"))
    assert result.exit_code == 0, result.stderr


def test_carriage_returns_alone_read_as_line_ends(tmp_path: Path) -> None:
    path = write(tmp_path, "mac.rummy", (HEADER + "José discard 7h\n").replace("\n", "\r"))
    result = run("audit", path, "--json")
    assert result.exit_code == 0, result.stderr


# --- Stray control bytes -------------------------------------------------------------------


def _archive() -> str:
    """600 games, six lines each: the archive of the issue."""
    game = HEADER + "José draw 7h\nJosé discard 7h\nAna draw\n\n"
    return game * 600


def test_one_nul_byte_spoils_only_its_game(tmp_path: Path) -> None:
    """Before: exit 2, "not text", no report, 599 good games unjudged."""
    lines = _archive().split("\n")
    lines[1830] = "\x00" + lines[1830]
    path = write(tmp_path, "archive.rummy", "\n".join(lines))
    result = run("audit", path, "--json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["summary"]["games"] == 600 and report["summary"]["syntax_errors"] == 1
    spoiled = [g["index"] for g in report["games"]
               if any(f["kind"] == "syntax-error" for f in g["findings"])]
    assert spoiled == [306]
    assert f"{path}:1831:1: syntax error: a control character (U+0000 NUL)" in result.stderr
    assert '    \\x00[Game "51"]\n    ^\n' in result.stderr  # escaped, not the raw byte
    human = run("audit", path)
    assert human.exit_code == 2
    assert "\x00" not in human.stdout and "\x00" not in human.stderr
    assert "U+0000 NUL" in human.stdout
    again = run("audit", path, "--json", "--jobs", "2")
    assert (again.exit_code, json.loads(again.stdout)) == (2, report)


def test_cut_parts_read_stray_controls_as_the_whole_file(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.cli.batch import parts
    from referee.notation.reader import NotationFileError, iter_path

    text = _archive().replace("Ana draw\n", '[Game "51"]\n', 1)  # a cut lands before tags
    text = text[:20_000] + "Ana\x1b draw\n" + text[20_000:]
    path = write(tmp_path, "archive.rummy", text)
    planned = parts.plan_parts(str(path), 4096)
    assert planned is not None and len(planned) > 4
    cut = [r for part in planned for r in parts.part_records(str(path), part, str(path))]
    assert cut == list(iter_path(path, str(path)))
    path.write_bytes(text.encode() + b"\x00" * 40_000)  # not text after all: not cut
    assert parts.plan_parts(str(path), 4096) is None
    with pytest.raises(NotationFileError, match="characters are control characters"):
        list(iter_path(path))
    failed = 0
    for part in planned:  # the parts of before: the one with the stray byte finds out
        try:
            list(parts.part_records(str(path), part, str(path)))
        except NotationFileError as exc:
            assert "characters are control characters" in exc.message
            failed += 1
    assert failed >= 1


# --- Empty input ----------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "# only a comment\n\n   \n"])
def test_a_file_with_no_game_is_exit_2_with_its_report(tmp_path: Path, text: str) -> None:
    # Before: a report with no games and exit 0, as if all were well.
    path = write(tmp_path, "empty.rummy", text)
    out = tmp_path / "summary.csv"
    result = run("audit", path, "--json", "--summary-csv", out)
    assert result.exit_code == 2
    assert json.loads(result.stdout)["games"] == []
    assert f"error: no games in {path}" in result.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["file"], r["game"], r["error"]) for r in rows] == [(str(path), "", "no games")]


def test_empty_stdin_is_exit_2_no_games() -> None:
    result = run("audit", "-", "--json", input=b"")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["games"] == []
    assert "no games in <stdin>" in result.stderr
    assert "ninguna partida en <stdin>" in run("audit", "-", "-l", "es", input=b"").stderr


def test_an_empty_file_in_a_batch_makes_it_exit_2(tmp_path: Path) -> None:
    good = write(tmp_path, "good.rummy", HEADER + "José discard 7h\n")
    empty = write(tmp_path, "empty.rummy", "")
    out = tmp_path / "summary.csv"
    result = run("audit", good, empty, "--json", "--jobs", "1", "--summary-csv", out)
    assert result.exit_code == 2
    assert [r["source"] for r in json.loads(result.stdout)] == [str(good), str(empty)]
    assert f"error: no games in {empty}" in result.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["file"], r["game"], r["error"]) for r in rows] == [
        (str(good), "1", ""), (str(empty), "", "no games")]


def test_an_empty_file_on_the_fast_path_and_in_the_standings(tmp_path: Path) -> None:
    empty = write(tmp_path, "empty.rummy", "# nothing yet\n")
    status, out, err = console_script("audit", empty, "--json")
    assert status == 2
    assert json.loads(out)["games"] == []
    assert f"error: no games in {empty}" in err
    result = run("standings", empty, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["games"] == 0
    assert f"error: no games in {empty}" in result.stderr


# --- Numbers --------------------------------------------------------------------------------


def test_a_huge_meld_number_is_a_syntax_error_not_a_crash(tmp_path: Path) -> None:
    path = write(tmp_path, "big.rummy", HEADER + "José layoff 8d on " + "9" * 5000 + "\n")
    result = run("audit", path, "--json")
    assert result.exit_code == 2  # before: 3, "the referee failed", and no report
    assert "too long for a meld number: at most 9 digits" in result.stderr
    assert json.loads(result.stdout)["summary"]["syntax_errors"] == 1
    assert run("fmt", path).exit_code == 2


@pytest.mark.parametrize("value", ["9" * 5000, "²", "٣"])
def test_set_numbers_are_checked(tmp_path: Path, value: str) -> None:
    path = write(tmp_path, "a.rummy", HEADER + "José discard 7h\n")
    for command in (["audit", path], ["replay", path]):
        result = run(*command, "--set", f"MinOpen={value}")
        assert result.exit_code == 2
        assert "MinOpen" in result.stderr and "Traceback" not in result.stderr


def test_set_with_thousands_of_leading_zeros_reads_the_number(tmp_path: Path) -> None:
    # Before: int() refused the 5002 digits and the command died with a traceback.
    path = write(tmp_path, "a.rummy", HEADER + "José discard 7h\n")
    result = run("audit", path, "--json", "--set", "MinOpen=" + "0" * 5000 + "71")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["games"][0]["rules"]["MinOpen"] == 71
    response_path = write(tmp_path, "z.rummy", HEADER + '[MinOpen "' + "0" * 5000 + '7"]\n')
    result = run("audit", response_path, "--json")
    assert json.loads(result.stdout)["games"][0]["rules"]["MinOpen"] == 7


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(max_body_bytes=1 << 20))) as c:
        yield c


@pytest.mark.parametrize(("value", "words"), [("9" * 5000, "at most 9 digits"),
                                              ("²", "expected a whole number"),
                                              ("٣", "expected a whole number")])
def test_api_knob_numbers_are_a_400_that_says_so(client: TestClient, value: str,
                                                 words: str) -> None:
    response = client.post("/v1/audit", params={"MinOpen": value},
                           content=HEADER.encode(), headers=TEXT)
    assert response.status_code == 400
    assert words in response.json()["error"]["message"]


def test_api_names_the_right_byte_after_a_bom(client: TestClient) -> None:
    body = b"\xef\xbb\xbf" + HEADER.encode() + "José draw\n".encode("cp1252")
    response = client.post("/v1/audit", content=body, headers=TEXT)
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert message.startswith("not UTF-8 text: byte 0xe9 at line 3, column 4: it looks like "
                              "Latin-1 / Windows-1252")
    assert message.endswith("send the log as UTF-8 text")
    spanish = client.post("/v1/audit", params={"lang": "es"}, content=body, headers=TEXT)
    assert spanish.json()["error"]["message"].startswith("no es texto UTF-8: byte 0xe9")


def test_api_huge_meld_number_is_a_200_with_the_syntax_error(client: TestClient) -> None:
    body = (HEADER + "José layoff 8d on " + "9" * 5000 + "\n").encode()
    response = client.post("/v1/audit", content=body, headers=TEXT)
    assert response.status_code == 200  # before: 500
    assert response.json()["summary"]["syntax_errors"] == 1
