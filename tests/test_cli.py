"""The ``referee`` command line (typer's CliRunner; one real subprocess for imports).

Logs under tests/data:

- clean-2p.rummy       a legal game played to the end: exit 0 (Wilson's bajada is 70)
- pegue-3p.rummy       Jaime's discard-pegue at line 26, never called: exit 1
- eliminations-4p      an upheld call and a missed call: two players out
- syntax-error.rummy   a bad card at line 8, column 13: exit 2
- not-utf8.rummy       bytes that are not UTF-8: exit 2, no report
- night.rummy          two games: Ana and Caro owe each other 1400, Beto owes Caro 1400
- batch/               a.rummy (clean), sub/b.rummy (pegue), c.rummy (a.rummy again)
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from referee.cli.audit_command import run_audit
from referee.cli.main import app, parse_players

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
EXAMPLES = ROOT.parent / "shared" / "examples"

CLEAN = DATA / "clean-2p.rummy"
PEGUE = DATA / "pegue-3p.rummy"
OUTS = DATA / "eliminations-4p.rummy"
SYNTAX = DATA / "syntax-error.rummy"
NOT_UTF8 = DATA / "not-utf8.rummy"
NIGHT = DATA / "night.rummy"
BATCH = DATA / "batch"

runner = CliRunner()


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("REFEREE_LANG", raising=False)
    monkeypatch.setenv("COLUMNS", "1000")  # no wrapping inside the lines we look for


def run(*args: str | Path, input: str | bytes | None = None,
        env: dict[str, str] | None = None) -> Result:
    return runner.invoke(app, [str(a) for a in args], input=input, env=env)


def audit_json(*args: str | Path) -> tuple[object, int]:
    result = run("audit", *args, "--json")
    return json.loads(result.stdout), result.exit_code


def rules_of(report: dict) -> list[tuple[str, str, str | None, int]]:  # type: ignore[type-arg]
    return [(f["kind"], f["rule"], f["player"], f["line"])
            for g in report["games"] for f in g["findings"] if f["kind"] != "notice"]


# ----------------------------------------------------------------------------- audit: exit codes


def test_clean_log_exits_0_with_a_human_report() -> None:
    result = run("audit", CLEAN)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game 1" in out and "Wilson, Lalo" in out and "ruleset 51" in out
    assert "No findings." in out
    assert "Winner: Wilson" in out
    assert "Lalo pays Wilson 1400" in out
    assert result.stderr == ""


def test_renuncia_exits_1_with_the_finding() -> None:
    report, code = audit_json(PEGUE)
    assert code == 1
    assert isinstance(report, dict)
    assert rules_of(report) == [("renuncia", "discard-pegue", "Jaime", 26)]
    game = report["games"][0]
    assert game["finished"] is False and game["winner"] is None and game["settlement"] == []
    human = run("audit", PEGUE)
    assert human.exit_code == 1
    assert "discard-pegue" in human.stdout and "Jaime" in human.stdout
    assert "Not finished" in human.stdout


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared/examples not beside the repo")
def test_shared_discard_pegue_example_exits_1() -> None:
    report, code = audit_json(EXAMPLES / "discard-pegue-3p.rummy")
    assert code == 1
    assert isinstance(report, dict)
    assert ("renuncia", "discard-pegue", "Jaime", 26) in rules_of(report)


def test_eliminations_calls_and_settlement_in_the_human_report() -> None:
    result = run("audit", OUTS)
    assert result.exit_code == 1
    out = result.stdout
    assert "Calls" in out and "Nora called Rita, upheld" in out
    assert "Eliminated" in out and "Rita at line 38 (discard-pegue)" in out
    assert "Pablo at line 38 (missed-call)" in out
    assert "Winner: Nora" in out
    assert "Rita pays Nora 1400 (14 cards)" in out


def test_syntax_error_exits_2_with_caret_on_stderr_and_still_reports() -> None:
    result = run("audit", SYNTAX, "--json")
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    syntax = [f for f in report["games"][0]["findings"] if f["kind"] == "syntax-error"]
    assert syntax and syntax[0]["line"] == 8 and "column" in syntax[0]
    assert report["summary"]["syntax_errors"] >= 1
    err = result.stderr
    assert f"{SYNTAX}:8:" in err and "syntax error" in err
    assert "Ana discard 9x" in err and "^" in err


def test_a_referee_failure_is_exit_3_and_does_not_sink_the_batch(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.engine

    real = referee.engine.audit_game

    def flaky(record, overrides=None, series=None):  # type: ignore[no-untyped-def]
        if record.players and record.players[0] == "Jaime":
            raise RuntimeError("boom")
        return real(record, overrides, series)

    monkeypatch.setattr(referee.engine, "audit_game", flaky)
    result = run("audit", CLEAN, PEGUE, "--json", "--jobs", "1")
    assert result.exit_code == 3
    assert "the referee failed" in result.stderr and "boom" in result.stderr
    assert [r["source"] for r in json.loads(result.stdout)] == [str(CLEAN)]


def test_missing_file_exits_2() -> None:
    result = run("audit", DATA / "nope.rummy")
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and "nope.rummy" in result.stderr
    assert result.stdout == ""


def test_not_utf8_exits_2_without_a_report() -> None:
    result = run("audit", NOT_UTF8, "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "not-utf8.rummy" in result.stderr


def test_unreadable_file_wins_over_renuncias() -> None:
    result = run("audit", PEGUE, NOT_UTF8, "--json")
    assert result.exit_code == 2
    reports = json.loads(result.stdout)
    assert [r["source"] for r in reports] == [str(PEGUE)]


# ----------------------------------------------------------------------------- audit: inputs


def test_stdin_is_dash() -> None:
    result = run("audit", "-", "--json", input=PEGUE.read_bytes())
    report = json.loads(result.stdout)
    assert report["source"] == "<stdin>"
    assert report["games"][0]["players"] == ["Jaime", "Nora", "Karen"]
    assert result.exit_code == 1


def test_stdin_not_utf8_exits_2() -> None:
    result = run("audit", "-", input=b"\xff\xfe\x00")
    assert result.exit_code == 2
    assert "<stdin>" in result.stderr and "UTF-8" in result.stderr


def test_one_file_gives_an_object_several_give_a_list() -> None:
    one, _ = audit_json(CLEAN)
    assert isinstance(one, dict) and one["source"] == str(CLEAN)
    assert set(one) >= {"source", "games", "summary"}
    several, _ = audit_json(CLEAN, PEGUE)
    assert isinstance(several, list)
    assert [r["source"] for r in several] == [str(CLEAN), str(PEGUE)]


def test_folder_audits_every_rummy_below_it_sorted() -> None:
    reports, code = audit_json(BATCH)
    assert isinstance(reports, list)
    assert [r["source"] for r in reports] == [str(BATCH / "a.rummy"), str(BATCH / "c.rummy"),
                                              str(BATCH / "sub" / "b.rummy")]
    assert code == 1  # b.rummy has a renuncia


def test_empty_folder_exits_2(tmp_path: Path) -> None:
    result = run("audit", tmp_path)
    assert result.exit_code == 2
    assert "no .rummy files" in result.stderr


def test_jobs_2_gives_the_same_reports_as_jobs_1() -> None:
    one = run("audit", BATCH, CLEAN, "--json", "--jobs", "1")
    two = run("audit", BATCH, CLEAN, "--json", "--jobs", "2")
    assert one.exit_code == two.exit_code
    assert json.loads(one.stdout) == json.loads(two.stdout)


# ----------------------------------------------------------------------------- audit: knobs


def test_set_changes_the_rules() -> None:
    report, code = audit_json(CLEAN)
    assert code == 0
    report, code = audit_json(CLEAN, "--set", "MinOpen=71", "--set", "runmin=3")
    assert isinstance(report, dict)
    game = report["games"][0]
    assert game["rules"]["MinOpen"] == 71 and game["rules"]["RunMin"] == 3
    assert ("renuncia", "bajada-below-minimum", "Wilson") in [r[:3] for r in rules_of(report)]
    assert code == 1


@pytest.mark.parametrize("bad, words", [
    ("Nonsense=1", "unknown house rule"),
    ("MinOpen=lots", "MinOpen=lots"),
    ("RunWrap=maybe", "yes or no"),
    ("MinOpen", "KNOB=VALUE"),
])
def test_bad_set_exits_2_with_a_clear_error(bad: str, words: str) -> None:
    result = run("audit", CLEAN, "--set", bad)
    assert result.exit_code == 2
    assert words in result.stderr
    assert result.stdout == ""


# ----------------------------------------------------------------------------- audit: language


def test_lang_es_translates_headings_and_messages_not_ids() -> None:
    en = run("audit", CLEAN)
    es = run("audit", CLEAN, "--lang", "es")
    assert es.exit_code == en.exit_code == 0
    assert "Partida 1" in es.stdout and "Ganador: Wilson" in es.stdout
    assert "Lalo le paga a Wilson 1400" in es.stdout
    assert "Winner" not in es.stdout


def test_referee_lang_env_sets_the_language() -> None:
    result = run("audit", CLEAN, env={"REFEREE_LANG": "es"})
    assert "Partida 1" in result.stdout
    result = run("audit", CLEAN, "--lang", "en", env={"REFEREE_LANG": "es"})
    assert "Game 1" in result.stdout


def test_lang_es_json_keeps_rule_ids() -> None:
    en, _ = audit_json(PEGUE)
    es, _ = audit_json(PEGUE, "--lang", "es")
    assert isinstance(en, dict) and isinstance(es, dict)
    assert rules_of(en) == rules_of(es)
    assert en["games"][0]["findings"][0]["message"] != es["games"][0]["findings"][0]["message"]


def test_spanish_errors_on_stderr() -> None:
    result = run("audit", DATA / "nope.rummy", "--lang", "es")
    assert result.exit_code == 2
    assert "no se puede leer" in result.stderr


# ----------------------------------------------------------------------------- batch extras


def test_batch_summary_table_and_duplicates() -> None:
    result = run("audit", BATCH)
    out = result.stdout
    assert "Summary" in out
    assert "Duplicate games" in out
    assert f"{BATCH / 'c.rummy'} game 1 (line 6) repeats {BATCH / 'a.rummy'} game 1 (line 4)" \
        in out
    # worst files first: the one with a renuncia leads the table
    table = out[out.index("Summary"):]
    assert table.index("sub/b.rummy") < table.index("a.rummy")


def test_summary_csv_has_one_row_per_game(tmp_path: Path) -> None:
    target = tmp_path / "night.csv"
    result = run("audit", BATCH, NIGHT, "--summary-csv", target)
    assert target.exists(), result.output
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert list(rows[0]) == ["file", "game", "line", "players", "finished", "winner",
                             "renuncias", "log_errors", "syntax_errors", "clean",
                             "duplicate_of", "error"]
    assert [(r["file"], r["game"]) for r in rows] == [
        (str(BATCH / "a.rummy"), "1"), (str(BATCH / "c.rummy"), "1"),
        (str(BATCH / "sub" / "b.rummy"), "1"), (str(NIGHT), "1"), (str(NIGHT), "2")]
    a, c, b, _night1, night2 = rows
    assert a["players"] == "Wilson Lalo" and a["line"] == "4"
    assert c["duplicate_of"] == f"{BATCH / 'a.rummy'}#1" and a["duplicate_of"] == ""
    assert night2["duplicate_of"] == ""  # same moves, other players: not a duplicate
    assert (a["finished"], a["winner"], a["clean"]) == ("true", "Wilson", "true")
    assert (b["renuncias"], b["clean"], b["finished"]) == ("1", "false", "false")


def test_summary_csv_lists_unreadable_files(tmp_path: Path) -> None:
    target = tmp_path / "s.csv"
    result = run("audit", CLEAN, NOT_UTF8, "--summary-csv", target)
    assert result.exit_code == 2
    rows = list(csv.DictReader(target.open(encoding="utf-8")))
    assert rows[-1]["file"] == str(NOT_UTF8) and rows[-1]["error"]


def test_night_settlement_is_netted() -> None:
    result = run("audit", NIGHT)
    out = result.stdout
    assert "Settlement over the night, netted" in out
    night = out[out.index("Settlement over the night"):]
    assert "Beto owes Caro 1400" in night
    assert "Ana owes" not in night and "Caro owes" not in night


# ----------------------------------------------------------------------------- other commands


def test_rules_lists_ids_and_knobs() -> None:
    result = run("rules")
    assert result.exit_code == 0
    for rule_id in ("discard-pegue", "missed-call", "not-in-hand", "void-call", "MinOpen",
                    "DiscardPegue"):
        assert rule_id in result.stdout
    data = json.loads(run("rules", "--json").stdout)
    assert {"rules", "knobs"} <= set(data)
    assert {r["id"] for r in data["rules"]} >= {"take-not-first", "result-mismatch", "amnesty"}
    assert {k["name"]: k["default"] for k in data["knobs"]}["MinOpen"] == 51
    es = json.loads(run("rules", "--json", "--lang", "es").stdout)
    assert [r["id"] for r in es["rules"]] == [r["id"] for r in data["rules"]]
    assert es["rules"][0]["text"] != data["rules"][0]["text"]


def test_fmt_prints_canonical_notation() -> None:
    result = run("fmt", CLEAN)
    assert result.exit_code == 0, result.output
    assert '[Game "51"]' in result.stdout and "Wilson" in result.stdout
    assert "#" not in result.stdout  # comments are not kept


def test_fmt_syntax_error_exits_2() -> None:
    result = run("fmt", SYNTAX)
    assert result.exit_code == 2
    assert ":8:" in result.stderr and "^" in result.stderr
    assert result.stdout == ""


def test_replay_shows_the_table() -> None:
    result = run("replay", PEGUE, "--at", "22")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Table after line 22" in out
    assert "Jaime" in out and "Nora" in out and "Karen" in out
    data = json.loads(run("replay", PEGUE, "--at", "22", "--json").stdout)
    assert data["line"] == 22
    assert set(data["hands"]) == {"Jaime", "Nora", "Karen"}
    assert [m["owner"] for m in data["melds"]] == ["Nora", "Nora"]
    assert data["down"] == ["Nora"]


def test_replay_unknown_game_exits_2() -> None:
    result = run("replay", CLEAN, "--game", "5")
    assert result.exit_code == 2
    assert "no game 5" in result.stderr


def test_simulate_prints_a_log(tmp_path: Path) -> None:
    result = run("simulate", "--games", "2", "--players", "3", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert result.stdout.count('[Game "51"]') == 2
    again = run("simulate", "--games", "2", "--players", "3", "--seed", "7")
    assert again.stdout == result.stdout
    target = tmp_path / "sim.rummy"
    run("simulate", "--games", "1", "--players", "2..4", "--seed", "1", "-o", target)
    assert target.read_text(encoding="utf-8").startswith(("[", "#"))
    audited = run("audit", target)  # a simulated game audits clean
    assert audited.exit_code == 0, audited.output


@pytest.mark.parametrize("text", ["1", "7", "5..3", "two", "2..9"])
def test_simulate_rejects_bad_player_counts(text: str) -> None:
    result = run("simulate", "--players", text)
    assert result.exit_code == 2
    assert "--players" in result.stderr


def test_parse_players() -> None:
    assert parse_players("4") == (4, 4)
    assert parse_players("2..6") == (2, 6)
    assert parse_players("3-5") == (3, 5)


def test_every_command_has_help_with_examples() -> None:
    for command in ("audit", "fmt", "replay", "rules", "simulate", "serve"):
        result = run(command, "--help")
        assert result.exit_code == 0, command
        assert "Examples" in result.stdout and f"referee {command}" in result.stdout, command
    top = run("--help")
    assert top.exit_code == 0 and "audit" in top.stdout and "serve" in top.stdout


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("referee ")


def test_audit_does_not_import_the_web_stack() -> None:
    code = (
        "import sys\n"
        "from typer.testing import CliRunner\n"
        "from referee.cli.main import app\n"
        f"r = CliRunner().invoke(app, ['audit', {str(CLEAN)!r}, '--json'])\n"
        "assert r.exit_code in (0, 1), r.output\n"
        "bad = [m for m in ('fastapi', 'uvicorn', 'starlette') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_python_dash_m_cli_runs_the_same_app() -> None:
    done = subprocess.run([sys.executable, "-m", "cli", "audit", str(CLEAN), "--json"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["source"] == str(CLEAN)


# ----------------------------------------------------------------------------- streaming, start-up


def expected_json(*paths: Path, lang: str = "en") -> str:
    """What ``referee audit PATHS --json`` printed when it built the pydantic report."""
    import json

    from referee.audit import audit_text
    from referee.notation.reader import read_path
    from referee.report.model import build_report

    reports = [build_report(str(p), audit_text(read_path(p), str(p)), lang) for p in paths]
    if len(paths) == 1:
        return json.dumps(reports[0], indent=2, ensure_ascii=False) + "\n"
    return json.dumps(reports, indent=2, ensure_ascii=False) + "\n"


@pytest.fixture()
def night_files(tmp_path: Path) -> list[Path]:
    from referee.sim import simulate_log

    paths = []
    for n in range(4):
        path = tmp_path / f"night-{n}.rummy"
        path.write_text(simulate_log(6, (2, 6), 40 + n), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_reports_spilled_to_disk_print_the_same_json(
        jobs: str, night_files: list[Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    import referee.cli.batch

    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))
    monkeypatch.setattr(referee.cli.batch, "SPOOL_CHARS", 500)  # every report goes to a temp file
    one = run("audit", night_files[0], "--json", "--jobs", jobs)
    assert one.stdout == expected_json(night_files[0])
    several = run("audit", *night_files, "--json", "--jobs", jobs)
    assert several.stdout == expected_json(*night_files)
    assert several.exit_code == one.exit_code == 0
    assert list(spill.iterdir()) == []  # every temporary report removed


def test_a_failure_late_in_a_file_prints_none_of_its_report(
        night_files: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.engine

    real = referee.engine.audit_game

    def flaky(record, overrides=None, series=None):  # type: ignore[no-untyped-def]
        if record.source == str(night_files[1]) and record.index == 4:
            raise RuntimeError("boom")
        return real(record, overrides, series)

    monkeypatch.setattr(referee.engine, "audit_game", flaky)
    result = run("audit", *night_files[:3], "--json", "--jobs", "1")
    assert result.exit_code == 3
    assert result.stdout == expected_json(night_files[0], night_files[2])


def test_the_human_report_streams_game_by_game(night_files: list[Path]) -> None:
    result = run("audit", night_files[0])
    assert result.exit_code == 0
    out = result.stdout
    assert [f"Game {n} " in out for n in range(1, 7)] == [True] * 6
    assert out.index("Game 1 ") < out.index("Game 6 ") < out.index("games 6, clean 6")


AUDIT_ARGVS = [
    ["audit", "a.rummy"],
    ["audit", "a.rummy", "b.rummy", "--json"],
    ["audit", "--json", "a.rummy", "-j", "2", "--lang", "ES", "-s", "MinOpen=71",
     "--set", "RunMin=3", "--summary-csv", "out.csv"],
    ["audit", "-", "--jobs", "1", "-l", "en"],
    ["audit", "a.rummy", "--jobs", "3", "--jobs", "4", "--lang", "es", "--lang", "en"],
    ["audit", "a.rummy", "--set", "x"],
    ["audit", "a.rummy", "--encoding", "cp1252", "--json"],
    # typer's business (help, errors, forms the fast path does not read):
    ["audit"], ["audit", "--help"], ["audit", "a.rummy", "--jobs", "0"],
    ["audit", "a.rummy", "--jobs=2"], ["audit", "a.rummy", "-j2"], ["audit", "a.rummy", "--"],
    ["audit", "a.rummy", "--lang", "fr"], ["audit", "a.rummy", "--jobs"],
    ["audit", "a.rummy", "--bogus"], ["audit", "a.rummy", "--set", "--json"],
    ["rules"], ["--version"], [],
]
TOKENS = ["a.rummy", "-", "--json", "--set", "MinOpen=71", "-s", "--lang", "es", "ES", "fr",
          "-l", "--jobs", "-j", "2", "0", "07", "+3", "--summary-csv", "out.csv", "--", "-j2",
          "--help", "--bogus", "DIR", "--encoding", "cp1252"]


def typer_and_fast_calls(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                         folder: Path) -> tuple[dict[str, object] | None, dict[str, object] | None]:
    import inspect

    import referee.cli.audit_command
    from referee.cli.entry import audit_arguments

    argv = [str(folder) if a == "DIR" else a for a in argv]
    calls: list[dict[str, object]] = []
    signature = inspect.signature(run_audit)

    def fake(*args: object, **kwargs: object) -> int:
        calls.append(dict(signature.bind(*args, **kwargs).arguments))
        return 0

    monkeypatch.setattr(referee.cli.audit_command, "run_audit", fake)
    runner.invoke(app, argv)
    fast = audit_arguments(argv)
    if fast is not None:
        fast = dict(signature.bind(**fast).arguments)
    return (calls[0] if calls else None), fast


@pytest.mark.parametrize("argv", AUDIT_ARGVS, ids=" ".join)
def test_the_fast_audit_command_line_reads_as_typer_does(
        argv: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    typer_call, fast_call = typer_and_fast_calls(argv, monkeypatch, tmp_path)
    if fast_call is not None:  # else typer reads it (and may refuse it)
        assert fast_call == typer_call
    if argv[:2] == ["audit", "a.rummy"] and len(argv) == 2:
        assert fast_call is not None


def test_the_fast_audit_command_line_on_random_words(monkeypatch: pytest.MonkeyPatch,
                                                     tmp_path: Path) -> None:
    import random

    rng = random.Random(6)
    fast = 0
    for _ in range(300):
        argv = ["audit", *rng.choices(TOKENS, k=rng.randint(1, 7))]
        typer_call, fast_call = typer_and_fast_calls(argv, monkeypatch, tmp_path)
        if fast_call is not None:
            assert fast_call == typer_call, argv
            fast += 1
    assert fast >= 30  # the fast path did read a fair share of them


def test_referee_audit_json_starts_without_typer_pydantic_or_rich() -> None:
    code = (
        "import sys\n"
        f"sys.argv = ['referee', 'audit', {str(CLEAN)!r}, '--json']\n"
        "from referee.cli.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    status = exc.code\n"
        "heavy = [m for m in ('typer', 'pydantic', 'rich', 'fastapi', 'uvicorn', 'starlette')\n"
        "         if m in sys.modules]\n"
        "sys.stderr.write(repr((status, heavy)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_LANG"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.stderr == repr((0, [])), done.stderr
    assert done.stdout == expected_json(CLEAN)
