"""``referee audit --dask``: the same report, summary, CSV and exit status as ``--jobs 2``
on a LocalCluster of 2 workers; big files cut into parts between games; a batch that
keeps no per-game state in memory."""

from __future__ import annotations

import gc
import os
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.cli.batch import netting
from referee.cli.batch import parts as parts_module
from referee.cli.batch.ledger import Ledger
from referee.cli.batch.parts import part_records, plan_parts
from referee.cli.batch.results import FileAudit, GameRow
from referee.cli.batch.rows import BATCH_ROWS, RowFile
from referee.notation.reader import iter_path
from tests.cli import AMNESTY, ARGENTINO, CLEAN, DATA, LOGS, NIGHT, NOT_UTF8, PEGUE, SYNTAX, run

distributed = pytest.importorskip("distributed")

PART = 6000  # bytes: the big file of the archive is cut into a dozen parts


def _big_text() -> str:
    """Games of every kind, many times: 51 nights, an argentino match (Match tags), a
    syntax error, hidden hands, comments and Spanish keywords."""
    logs = [LOGS / "noche-completa.rummy", LOGS / "argentino-domingo.rummy",
            LOGS / "un-error-de-escritura.rummy", LOGS / "manos-ocultas-4p.rummy",
            LOGS / "partida-legal-3p-es.rummy", NIGHT, PEGUE, AMNESTY, ARGENTINO]
    one = "\n".join(p.read_text(encoding="utf-8") for p in logs)
    return "# a night of many tables\n\n" + "\n".join([one] * 8)


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("archive")
    for path in (CLEAN, PEGUE, SYNTAX, NIGHT, NOT_UTF8, ARGENTINO):
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "sub").mkdir()
    (folder / "sub" / "night-again.rummy").write_bytes(NIGHT.read_bytes())  # duplicates
    (folder / "empty.rummy").write_text("", encoding="utf-8")
    (folder / "zz-big.rummy").write_text(_big_text(), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """A LocalCluster of 2 worker processes for the module."""
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.ERROR)
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


@pytest.fixture(autouse=True)
def _small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parts_module, "PART_BYTES", PART)
    monkeypatch.setattr(netting, "HELD_PAYMENTS", 2)  # a cut file's night goes to disk


def test_the_big_file_is_cut_into_parts_that_read_as_the_whole(archive: Path) -> None:
    big = str(archive / "zz-big.rummy")
    planned = plan_parts(big, PART)
    assert planned is not None and len(planned) >= 8
    whole = [(r.index, r.line, r.tags, r.events, r.errors) for r in iter_path(big, big)]
    cut = [(r.index, r.line, r.tags, r.events, r.errors)
           for p in planned for r in part_records(big, p, big)]
    assert cut == whole
    text = (archive / "zz-big.rummy").read_bytes()
    match = {index: tags.get("Match") for index, _, tags, _, _ in whole}
    assert any(m is not None for m in match.values())
    for part in planned[1:]:
        assert text[part.start:].startswith(b'[Game "')
        assert text[:part.start].count(b"\n") + 1 == part.line
        before, after = match[part.games], match[part.games + 1]
        # never between two hands of one argentino match
        assert after is None or before is None or before.value != after.value


def test_small_files_and_other_encodings_stay_whole(archive: Path) -> None:
    assert plan_parts(str(archive / "night.rummy"), PART) is None
    assert plan_parts(str(archive / "zz-big.rummy"), PART, "cp1252") is None
    assert plan_parts(str(archive / "zz-big.rummy"), 1 << 30) is None


@pytest.mark.parametrize("mode", [["--json"], [], ["--quiet"]], ids=["json", "human", "quiet"])
def test_dask_gives_what_jobs_2_gives(mode: list[str], archive: Path, scheduler: str,
                                      tmp_path: Path) -> None:
    jobs = run("audit", archive, *mode, "--jobs", "2", "--summary-csv", tmp_path / "jobs.csv")
    dask = run("audit", archive, *mode, "--dask", scheduler,
               "--summary-csv", tmp_path / "dask.csv")
    assert jobs.exit_code == 2  # a syntax error, an unreadable file, an empty file
    assert (dask.exit_code, dask.stdout, dask.stderr) == (jobs.exit_code, jobs.stdout,
                                                          jobs.stderr)
    assert (tmp_path / "dask.csv").read_bytes() == (tmp_path / "jobs.csv").read_bytes()
    if not mode:
        assert "Duplicate games" in dask.stdout and "night-again.rummy" in dask.stdout
        assert "zz-big.rummy" in dask.stdout
    if mode == ["--json"]:
        assert '"source": "' + str(archive / "zz-big.rummy") in dask.stdout


def test_dask_on_clean_files_exits_0_like_jobs(scheduler: str) -> None:
    jobs = run("audit", CLEAN, DATA / "batch", "--json", "--jobs", "2", "--fail-on", "notice")
    dask = run("audit", CLEAN, DATA / "batch", "--json", "--dask", scheduler,
               "--fail-on", "notice")
    assert (dask.exit_code, dask.stdout) == (jobs.exit_code, jobs.stdout)


def test_dask_local_starts_a_local_cluster(archive: Path) -> None:
    jobs = run("audit", archive, "--json", "--jobs", "2")
    local = run("audit", archive, "--json", "--dask", "local", "--jobs", "2")
    assert (local.exit_code, local.stdout) == (jobs.exit_code, jobs.stdout)


def test_dask_without_dask_installed_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    result = run("audit", CLEAN, "--dask", "local")
    assert result.exit_code == 2
    assert "pip install 'referee51[dask]'" in result.stderr
    spanish = run("audit", CLEAN, "--dask", "local", "--lang", "es")
    assert "no está instalado" in spanish.stderr and spanish.exit_code == 2


def test_dask_with_no_scheduler_there_is_exit_2() -> None:
    result = run("audit", CLEAN, "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr
    assert result.stdout == ""


# ----------------------------------------------------------------------------- flat memory


def _audit(source: str, start: int, count: int) -> FileAudit:
    rows = [GameRow(i, 10 * i, ("Ana", "Beto"), True, "Ana", 0, 0, 0, 0, True,
                    f"fp-{(start + i) % 30000}") for i in range(1, count + 1)]
    return FileAudit(source, games=rows)


def test_the_ledger_keeps_fingerprints_on_disk_not_in_memory(tmp_path: Path) -> None:
    with Ledger(tmp_path / "games.csv") as ledger:
        ledger.add(_audit("warm.rummy", 0, 1000))
        assert ledger.db is None  # a small batch never opens the database
        gc.collect()
        before = len(gc.get_objects())
        for n in range(20):  # 40,000 games, the last 10,000 repeating earlier ones
            ledger.add(_audit(f"f{n}.rummy", 2000 * n, 2000))
        gc.collect()
        grown = len(gc.get_objects()) - before
        assert grown < 500  # a few objects per file, none per game
        assert ledger.db_path is not None and os.path.getsize(ledger.db_path) > 0
        db = ledger.db
        assert isinstance(db, sqlite3.Connection)
        assert db.execute("SELECT count(*) FROM first").fetchone() == (30000,)
        assert db.execute("SELECT count(*) FROM dup").fetchone() == (11000,)
        assert ledger.duplicates == len(ledger.duplicate_list()) == 11000
        first = next(iter(ledger.duplicate_list()))
        assert (first.game.source, first.first.source) == ("f0.rummy", "warm.rummy")
        assert sum(s.games for s in ledger.files) == 41000
    assert ledger.db_path is not None and not os.path.exists(ledger.db_path)
    lines = (tmp_path / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 41001 and lines[-1].endswith(",f4.rummy#2000,")


def test_the_batch_keeps_no_audit_when_asked_not_to(archive: Path) -> None:
    from referee.cli.batch.pool import run_batch

    seen: list[str] = []
    kept = run_batch([str(archive / "night.rummy"), str(archive / "zz-big.rummy")], {},
                     "en", 1, emit=lambda a: seen.append(a.source), keep=False)
    assert kept == [] and len(seen) == 2


def test_rows_of_a_cut_file_wait_on_disk() -> None:
    rows = RowFile()
    made = [GameRow(i, i, ("A", "B"), True, None, 0, 0, 0, 0, True, None)
            for i in range(BATCH_ROWS * 2 + 5)]
    rows.extend(made)
    assert rows._path is not None and len(rows._held) == 5
    assert list(rows) == made and len(rows) == len(made)
    path = rows._path
    rows.discard()
    assert not os.path.exists(path) and bool(rows)
