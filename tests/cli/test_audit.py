"""``referee audit``: exit statuses, inputs, knobs, language, the batch, streaming."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from tests.cli import (
    BATCH,
    CLEAN,
    DATA,
    EXAMPLES,
    LOGS,
    NIGHT,
    NOT_UTF8,
    OUTS,
    PEGUE,
    SYNTAX,
    audit_json,
    rules_of,
    run,
)

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
    import referee.audit

    real = referee.audit.audit_game

    def flaky(record, overrides=None, series=None, deadline=None):  # type: ignore[no-untyped-def]
        if record.players and record.players[0] == "Jaime":
            raise RuntimeError("boom")
        return real(record, overrides, series, deadline)

    monkeypatch.setattr(referee.audit, "audit_game", flaky)
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


@pytest.mark.parametrize(("log", "lang", "named"), [
    ("baraja-espanola-40.rummy", "en", "ruleset 51 · deck spanish-40"),
    ("baraja-espanola-48.rummy", "es", "reglamento 51 · baraja spanish-48")])
def test_the_heading_names_a_deck_other_than_the_french(log: str, lang: str,
                                                         named: str) -> None:
    result = run("audit", LOGS / log, "--lang", lang)
    assert result.exit_code == 0
    assert named in result.stdout.splitlines()[0]
    french = run("audit", CLEAN).stdout.splitlines()[0]
    assert "ruleset 51 " in french and "deck" not in french  # the usual deck goes unsaid


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


# ----------------------------------------------------------------------------- streaming


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

    import referee.cli.batch.spool

    spill = tmp_path / "spill"
    spill.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spill))
    monkeypatch.setattr(referee.cli.batch.spool, "SPOOL_CHARS", 500)  # every report to a file
    one = run("audit", night_files[0], "--json", "--jobs", jobs)
    assert one.stdout == expected_json(night_files[0])
    several = run("audit", *night_files, "--json", "--jobs", jobs)
    assert several.stdout == expected_json(*night_files)
    assert several.exit_code == one.exit_code == 0
    assert list(spill.iterdir()) == []  # every temporary report removed


def test_a_failure_late_in_a_file_prints_none_of_its_report(
        night_files: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.audit

    real = referee.audit.audit_game

    def flaky(record, overrides=None, series=None, deadline=None):  # type: ignore[no-untyped-def]
        if record.source == str(night_files[1]) and record.index == 4:
            raise RuntimeError("boom")
        return real(record, overrides, series, deadline)

    monkeypatch.setattr(referee.audit, "audit_game", flaky)
    result = run("audit", *night_files[:3], "--json", "--jobs", "1")
    assert result.exit_code == 3
    assert result.stdout == expected_json(night_files[0], night_files[2])


def test_the_human_report_streams_game_by_game(night_files: list[Path]) -> None:
    result = run("audit", night_files[0])
    assert result.exit_code == 0
    out = result.stdout
    assert [f"Game {n} " in out for n in range(1, 7)] == [True] * 6
    assert out.index("Game 1 ") < out.index("Game 6 ") < out.index("games 6, clean 6")
