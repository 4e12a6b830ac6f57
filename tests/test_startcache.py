"""The start-up cache (referee/startcache.py): what it hands back is what would have been
built afresh, it survives a torn file, and it is off with an empty cache folder."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from referee import startcache
from referee.startcache import StartCache

ROOT = Path(__file__).resolve().parent.parent


def _make_classes() -> list[type]:
    """Dataclasses of every kind the referee makes (made anew at each call)."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Card:
        rank: int
        suit: str = "h"

    @dataclasses.dataclass(order=True)
    class Row:
        name: str
        points: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(eq=True, unsafe_hash=True, kw_only=True)
    class Score:
        total: int
        note: str | None = None

    return [Card, Row, Score]


METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__",
           "__lt__", "__le__", "__gt__", "__ge__")


def _methods(cls: type) -> dict[str, Any]:
    found = {}
    for name in METHODS:
        function: Any = cls.__dict__.get(name)
        code = getattr(function, "__code__", None)
        if code is not None:
            found[name] = (code.co_code, code.co_consts, code.co_names, code.co_varnames,
                           code.co_flags, function.__annotations__, function.__defaults__,
                           function.__kwdefaults__)
    return found


def test_dataclass_methods_are_those_compiled_afresh(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)  # dataclasses' own way
    fresh = [_methods(cls) for cls in _make_classes()]
    path = tmp_path / "start.marshal"
    first = StartCache(str(path))
    monkeypatch.setattr(dataclasses, "exec", first.exec, raising=False)
    assert [_methods(cls) for cls in _make_classes()] == fresh
    assert first.changed and first.codes
    first.save()
    again = StartCache(str(path))  # another process: every text comes from the file
    assert set(again.codes) == set(first.codes)
    monkeypatch.setattr(dataclasses, "exec", again.exec, raising=False)
    made = _make_classes()
    assert [_methods(cls) for cls in made] == fresh
    assert not again.changed  # nothing compiled
    # ...and the classes work; their __init__'s annotations are this file's (strings: its
    # __future__ import), not the names dataclasses gives them (startcache's __future__)
    card = made[0](3)
    assert repr(card).endswith("Card(rank=3, suit='h')")
    annotations = vars(made[0])["__init__"].__annotations__
    assert annotations == {"rank": "int", "suit": "str", "return": None}
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.rank = 4


PATTERNS: list[tuple[Any, int]] = [
    (r"(?P<rank>[2-9TJQKA])(?P<suit>[shdc])", 0),
    (r"(?i)jk|joker", 0),
    (r"[a-záéíóúñü]+", re.IGNORECASE),
    (r"""
        \[ (?P<tag>\w+) \s+ " (?P<value>[^"]*) " \]   # a tag line
     """, re.VERBOSE),
    (rb"\x00+|\xff(?=a)", 0),
    (r"^(\w+):\s*(.*)$", re.MULTILINE | re.ASCII),
    (r"(a)|(?P<b>b)(?(1)c|d)", 0),
    (r"\d{2,5}?|[^\W\d_]", re.UNICODE | re.DOTALL),
]


def test_patterns_are_those_compiled_afresh(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    original, sre = startcache.re_originals()
    # every pattern the referee itself compiles while it audits, and the list above
    patterns = list(PATTERNS) + [(p.pattern, p.flags) for p in _referee_patterns()]
    path = tmp_path / "start.marshal"
    for round_ in range(2):  # compiled and kept, then read back from the file
        cache = StartCache(str(path))
        kept, stand_in = cache.compiler(original, sre)
        monkeypatch.setattr(re._compiler, "_sre", stand_in)  # type: ignore[attr-defined]
        for pattern, flags in patterns:
            got = kept(pattern, flags)
            monkeypatch.setattr(re._compiler, "_sre", sre)  # type: ignore[attr-defined]
            fresh = original(pattern, flags)
            monkeypatch.setattr(re._compiler, "_sre", stand_in)  # type: ignore[attr-defined]
            assert got == fresh, pattern  # the same pattern, flags and program
            assert (got.flags, got.groups, dict(got.groupindex)) == (
                fresh.flags, fresh.groups, dict(fresh.groupindex))
            assert (pattern, int(flags)) in cache.programs
        assert cache.changed == (round_ == 0)
        cache.save()


def _referee_patterns() -> list[re.Pattern[Any]]:
    import referee.notation.terminals as terminals
    from referee.audit import audit_text

    audit_text((ROOT / "logs" / "noche-de-viernes.rummy").read_text(encoding="utf-8"))
    found = [value for value in vars(terminals).values() if isinstance(value, re.Pattern)]
    found += [value for value in re._cache.values()  # type: ignore[attr-defined]
              if isinstance(value, re.Pattern)]
    return found


def test_locale_patterns_and_scanners_are_not_kept(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    original, sre = startcache.re_originals()
    cache = StartCache(str(tmp_path / "start.marshal"))
    kept, stand_in = cache.compiler(original, sre)
    monkeypatch.setattr(re._compiler, "_sre", stand_in)  # type: ignore[attr-defined]
    assert kept(rb"\w+", re.LOCALE).match(b"abc")
    parsed = re._parser.parse("ab+")
    assert kept(parsed, 0).match("abb")  # what re.Scanner hands it: passed through
    assert cache.programs == {} and not cache.changed


@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xe3" + b"x" * 40])
def test_a_torn_or_foreign_file_is_ignored_and_written_again(tmp_path: Path,
                                                             content: bytes) -> None:
    path = tmp_path / "start.marshal"
    path.write_bytes(content)
    cache = StartCache(str(path))
    assert cache.codes == {} and cache.programs == {}
    cache.code("x = 1\n")
    cache.save()
    assert set(StartCache(str(path)).codes) == {"x = 1\n"}


def test_a_full_cache_builds_without_keeping(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(startcache, "MAX_KEPT", 1)
    cache = StartCache(str(tmp_path / "start.marshal"))
    cache.code("a = 1\n")
    namespace: dict[str, Any] = {}
    cache.exec("b = 2\n", namespace)
    assert namespace["b"] == 2 and set(cache.codes) == {"a = 1\n"}


def _run(cache_dir: str) -> tuple[str, str]:
    """``referee audit --json`` of a sample log in a new process; its stderr starts with
    whether the hooks were installed."""
    code = ("import dataclasses, re, sys\n"
            "from referee.cli.entry import main\n"
            "sys.stderr.write(f'{hasattr(dataclasses, \"exec\")} "
            "{re._compiler.compile.__name__}\\n')\n"
            "sys.argv = ['referee', 'audit', 'logs/noche-de-viernes.rummy', '--json']\n"
            "main()\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["REFEREE_CACHE_DIR"] = cache_dir
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, check=False, cwd=ROOT)
    assert done.returncode == 1, done.stderr  # the sample's renuncias
    return done.stdout, done.stderr


def test_processes_with_and_without_the_cache_report_the_same(tmp_path: Path) -> None:
    off, status = _run("")
    assert status.startswith("False compile\n")  # an empty folder: nothing installed
    folder = tmp_path / "cache"
    first, status = _run(str(folder))
    assert status.startswith("True compile_kept\n")
    assert [p.name for p in folder.glob("start-*.marshal")]
    second, _ = _run(str(folder))  # everything from the file
    assert first == second == off
    assert '"rule"' in off


@pytest.mark.parametrize(("argv0", "name"), [
    ("/home/ana/.venv/bin/referee", "referee"),
    ("/usr/lib/python3/site-packages/pytest/__main__.py", "pytest"),
    ("C:\\\\venv\\\\Scripts\\\\referee.exe", "referee.exe"),
    ("-c", "-c"),
    ("", "python"),
    ("weird name!", "weird_name_"),
])
def test_each_program_keeps_its_own_file(argv0: str, name: str,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    if "\\" in argv0 and os.sep != "\\":
        argv0 = argv0.replace("\\", "/")
    assert startcache.program_name(argv0) == name
    monkeypatch.setattr(sys, "argv", [argv0])
    assert startcache.cache_path("/c").endswith(f"-{name}.marshal")
