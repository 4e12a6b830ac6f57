"""What Lark taught, kept between processes (referee.notation.lessons, reader.keep)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee.notation import lessons
from referee.notation.memo import KEPT, LineMemo
from referee.notation.reader import Reader, read_games

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted((ROOT / "logs").glob("*.rummy"))
FRENCH_LOGS = [p for p in LOGS if "baraja" not in p.name]

# A process that keeps lessons, reads the logs it is given, and says whether it loaded
# Lark and what it read (each record's repr: every field, every event).
_PROBE = """
import sys
from referee.notation import reader
kept = reader.keep()
records = [repr(r) for path in sys.argv[1:] for r in reader.iter_path(path)]
print(kept, "lark" in sys.modules, len(records))
print("\\n".join(records))
"""


def _probe(cache: str, *logs: Path) -> tuple[bool, bool, list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["REFEREE_CACHE_DIR"] = cache
    done = subprocess.run([sys.executable, "-c", _PROBE, *map(str, logs)], env=env,
                          capture_output=True, text=True, check=True, cwd=ROOT)
    head, *records = done.stdout.splitlines()
    kept, lark, count = head.split()
    assert int(count) == len(records)
    return kept == "True", lark == "True", records


def _simulated(folder: Path, game: str, seed: int, games: int = 12) -> Path:
    """A log of simulated games (no comments, as a scorekeeper's app writes them: the
    memo reads such a game without Lark once Lark has read one like it)."""
    from referee.sim import simulate_text

    path = folder / f"{game}-{seed}.rummy"
    path.write_text(simulate_text(game, games, (2, 4), seed, None), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["rummy-argentino", "51"])
def test_a_second_process_reads_what_lark_taught_the_first_without_lark(
        tmp_path: Path, game: str) -> None:
    folder = str(tmp_path / "cache")
    log = _simulated(tmp_path, game, 7)
    kept, lark, first = _probe(folder, log)
    assert kept and lark  # nothing kept yet: Lark reads
    assert [p.name[:8] for p in Path(folder).glob("lessons-*.marshal")] == ["lessons-"]
    kept, lark, second = _probe(folder, log)
    assert kept and not lark  # every line known: Lark never loaded
    assert second == first
    off = _probe("", log)
    assert off == (False, True, first)  # no cache folder: nothing kept, same records
    other = _simulated(tmp_path, game, 8)  # new games, words Lark has read: no Lark
    assert _probe(folder, other) == (True, False, _probe("", other)[2])


def test_lessons_from_other_logs_read_new_logs_as_lark_does(tmp_path: Path) -> None:
    folder = str(tmp_path / "cache")
    _probe(folder, *FRENCH_LOGS[:3], _simulated(tmp_path, "rummy-argentino", 3))
    for log in LOGS:  # comments, errors, Spanish decks (their own memos and parsers)
        assert _probe(folder, log)[2] == _probe("", log)[2], log.name


def test_a_process_that_learns_nothing_new_leaves_the_file_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    log = _simulated(tmp_path, "51", 5)
    _probe(str(folder), log)
    _probe(str(folder), log)  # the first game, read by Lark whole at first, now as the rest
    (path,) = folder.glob("lessons-*.marshal")
    os.utime(path, ns=(1, 1))
    _probe(str(folder), log)
    assert path.stat().st_mtime_ns == 1
    _probe(str(folder), ROOT / "logs" / "argentino-domingo.rummy")  # new words: saved
    assert path.stat().st_mtime_ns != 1


def test_a_file_of_another_stamp_or_a_broken_one_is_not_read(tmp_path: Path) -> None:
    path = str(tmp_path / "lessons-x.marshal")
    lessons.save(path, "stamp-a", {"expressions": {"NAME": "x"}})
    assert lessons.load(path, "stamp-a") == {"expressions": {"NAME": "x"}}
    assert lessons.load(path, "stamp-b") is None
    Path(path).write_bytes(b"\xffnot marshal")
    assert lessons.load(path, "stamp-a") is None
    assert lessons.load(str(tmp_path / "none.marshal"), "stamp-a") is None


def test_a_file_that_cannot_be_written_is_not(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    lessons.save(str(blocker / "lessons.marshal"), "stamp", {"expressions": {}})  # no raise
    assert blocker.read_text() == "x" and list(tmp_path.iterdir()) == [blocker]


def test_a_broken_file_in_the_cache_folder_reads_as_lark_does(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    log = ROOT / "logs" / "noche-de-viernes.rummy"
    _probe(str(folder), log)
    (path,) = folder.glob("lessons-*.marshal")
    path.write_bytes(path.read_bytes()[:100])  # torn
    kept, lark, records = _probe(str(folder), log)
    assert kept and lark and records == _probe("", log)[2]


def test_a_memo_s_state_is_written_and_read_back_whole(tmp_path: Path) -> None:
    memo = LineMemo()
    _read_all(Reader(memo), [*FRENCH_LOGS, _simulated(tmp_path, "rummy-argentino", 2)])
    state = {"expressions": {"NAME": "[a-z]+"}, "memo": memo.state()}
    cards = [card for card in state["memo"]["shapes"]["cards"].values()]
    assert any(card.stands_for is not None for card in cards)  # JK=6h, 2s=Kh among them
    path = str(tmp_path / "lessons.marshal")
    lessons.save(path, "stamp", state)
    assert lessons.load(path, "stamp") == state
    with pytest.raises(ValueError, match="no lesson names"):
        lessons.encode({"x": (Reader,)})


def test_the_stamp_changes_with_the_reader_s_code_and_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    before = lessons.stamp()
    assert lessons.stamp() == before
    memo_file = Path(lessons.__file__).with_name("memo.py")
    status = memo_file.stat()
    try:
        os.utime(memo_file, ns=(status.st_atime_ns, status.st_mtime_ns + 1))
        assert lessons.stamp() != before  # an edited module of the reader
    finally:
        os.utime(memo_file, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert lessons.stamp() == before
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path)])
    assert lessons.stamp() != before  # another folder on the path (a new distribution's)


def _read_all(reader: Reader, paths: list[Path]) -> list[str]:
    return [repr(r) for path in paths
            for r in reader.games(path.read_text(encoding="utf-8"), str(path))]


def _counted(memo: LineMemo) -> list[str]:
    """The memo's calls of Lark, as they come."""
    calls: list[str] = []

    def counted(reader: Any, name: str) -> Any:
        def call(text: str, offset: int) -> Any:
            calls.append(name)
            return reader(text, offset)
        return call

    memo.read, memo.read_folded = counted(memo.read, "whole"), counted(memo.read_folded, "left")
    return calls


def test_a_memo_restored_from_another_s_state_reads_as_lark_does(tmp_path: Path) -> None:
    paths = [*FRENCH_LOGS, _simulated(tmp_path, "rummy-argentino", 4)]
    taught = LineMemo()
    learning = _counted(taught)
    first = _read_all(Reader(taught), paths)
    restored = LineMemo()
    restored.restore(taught.state())
    calls = _counted(restored)
    assert _read_all(Reader(restored), paths) == first == _read_all(Reader(None), paths)
    assert len(calls) < len(learning)
    simulated = _read_all(Reader(None), paths[-1:])
    counts = []
    for state in (taught.state(), LineMemo().state()):
        memo = LineMemo()
        memo.restore(state)
        calls = _counted(memo)
        assert _read_all(Reader(memo), paths[-1:]) == simulated
        counts.append(len(calls))
    assert counts[0] <= 1 < 4 < counts[1]  # taught: Lark reads one game of 12 at most


def test_the_state_keeps_the_first_texts_only(monkeypatch: pytest.MonkeyPatch) -> None:
    memo = LineMemo()
    for at in range(KEPT + 10):
        memo.entries[f"discard x{at}"] = (object, ())  # type: ignore[assignment]
    state = memo.state()
    assert list(state["entries"]) == [f"discard x{at}" for at in range(KEPT)]
    small = LineMemo(max_entries=5)
    small.restore(state)
    assert len(small.entries) == 5


def test_loading_the_reader_and_the_audit_loads_no_lark() -> None:
    code = ("import sys, referee.audit, referee.notation.reader, referee.cli.commands.audit\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'lark_cython')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"


def test_the_reader_s_records_are_read_by_lark_calling_them_by_rule_name() -> None:
    # The reducers are a plain class (no Lark Transformer), so that importing the reader
    # loads no Lark: Lark's LALR parser calls any object's methods by rule name.
    from referee.notation.reducers import Records

    assert all(cls.__module__.startswith("referee") or cls is object
               for cls in Records.__mro__)
    games = read_games((ROOT / "logs" / "noche-de-viernes.rummy").read_text(encoding="utf-8"))
    assert games and all(not g.errors for g in games)
