"""Modules loaded at first use (referee/deferred.py): inspect, which dataclasses imports.

Each check runs in a process of its own: this one imported inspect long ago (pytest).
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSPECT_S_OWN = ("ast", "dis", "tokenize", "linecache")  # what loading inspect imports


def _process(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=env)


def _run(code: str) -> str:
    done = _process(code)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_the_referee_leaves_inspect_unloaded_until_used() -> None:
    out = _run(
        "import sys\n"
        "import referee\n"
        f"own = {INSPECT_S_OWN!r}\n"
        "print(type(sys.modules['inspect']).__name__, [m for m in own if m in sys.modules])\n"
        "import inspect\n"
        "deferred = inspect\n"
        "print(type(sys.modules['inspect']).__name__)\n"
        "print(inspect.signature(lambda a, b=2: None))\n"
        "print(type(inspect).__name__, sys.modules['inspect'] is deferred,\n"
        "      all(m in sys.modules for m in own))\n"
        "from inspect import Parameter, getsource\n"
        "print(Parameter.KEYWORD_ONLY, callable(getsource))\n"
        "try:\n"
        "    inspect.no_such_thing\n"
        "except AttributeError as exc:\n"
        "    print('AttributeError', exc)\n"
    )
    assert out.splitlines() == [
        "_OnFirstUse []",
        "_OnFirstUse",  # the import statement alone does not load it
        "(a, b=2)",
        "module True True",  # loaded into the object everyone holds
        "KEYWORD_ONLY True",
        "AttributeError module 'inspect' has no attribute 'no_such_thing'",
    ]


def test_a_dataclass_without_a_docstring_still_gets_one() -> None:
    # What dataclasses uses inspect for: it then loads, and writes the docstring.
    out = _run(
        "import sys, referee\n"
        "from dataclasses import dataclass\n"
        "@dataclass\n"
        "class Point:\n"
        "    x: int\n"
        "    y: int = 0\n"
        "print(Point.__doc__, type(sys.modules['inspect']).__name__)\n"
    )
    assert out == "Point(x: int, y: int = 0) module"


def test_threads_using_it_first_at_once_all_get_the_module() -> None:
    out = _run(
        "import sys, threading, referee\n"
        "import inspect\n"
        "barrier = threading.Barrier(8)\n"
        "got = []\n"
        "def use():\n"
        "    barrier.wait()\n"
        "    got.append(inspect.isfunction(use) and inspect.Parameter.POSITIONAL_ONLY.name)\n"
        "threads = [threading.Thread(target=use) for _ in range(8)]\n"
        "for t in threads: t.start()\n"
        "for t in threads: t.join()\n"
        "print(got.count('POSITIONAL_ONLY'), type(inspect).__name__)\n"
    )
    assert out == "8 module"


def test_threads_using_a_slow_module_first_at_once_run_its_code_once(tmp_path: Path) -> None:
    (tmp_path / "slow.py").write_text(
        "import builtins, time\n"
        "builtins.__dict__.setdefault('slow_runs', []).append(1)\n"
        "time.sleep(0.2)\n"
        "value = 42\n", encoding="utf-8")
    out = _run(
        "import builtins, sys, threading\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from referee.deferred import defer\n"
        "defer('slow')\n"
        "import slow\n"
        "barrier = threading.Barrier(6)\n"
        "got = []\n"
        "def use():\n"
        "    barrier.wait()\n"
        "    got.append(slow.value)\n"
        "threads = [threading.Thread(target=use) for _ in range(6)]\n"
        "for t in threads: t.start()\n"
        "for t in threads: t.join()\n"
        "print(got, len(builtins.slow_runs))\n")
    assert out == "[42, 42, 42, 42, 42, 42] 1"


def test_a_module_imported_already_is_left_as_it_is() -> None:
    out = _run(
        "import inspect, sys\n"
        "before = sys.modules['inspect']\n"
        "import referee\n"
        "from referee.deferred import defer\n"
        "print(sys.modules['inspect'] is before, type(before).__name__,\n"
        "      defer('inspect'), defer('no_such_module_anywhere'),\n"
        "      'no_such_module_anywhere' in sys.modules)\n"
        "print(defer('_csv'), defer('email'), defer('json.tool'), '_csv' in sys.modules,\n"
        "      'email' in sys.modules)\n"
    )
    # A compiled module, a package, a submodule: not deferred, not touched.
    assert out.splitlines() == ["True module False False False", "False False False False False"]


def test_a_module_looking_itself_up_while_it_loads_finds_what_it_has_so_far(
    tmp_path: Path,
) -> None:
    # Its own code runs while it loads: a name it has not yet defined is missing (as in
    # a plain import), not a second load.
    (tmp_path / "selfish.py").write_text(
        "import sys\n"
        "me = sys.modules[__name__]\n"
        "first = 1\n"
        "seen = me.first\n"
        "try:\n"
        "    me.later\n"
        "except AttributeError:\n"
        "    missing = True\n"
        "later = 2\n"
        "runs = getattr(me, 'runs', 0) + 1\n", encoding="utf-8")
    out = _run(
        "import sys\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "from referee.deferred import defer\n"
        "print(defer('selfish'), type(sys.modules['selfish']).__name__)\n"
        "import selfish\n"
        "print(selfish.later, selfish.seen, selfish.missing, selfish.runs,\n"
        "      type(selfish).__name__)\n")
    assert out.splitlines() == ["True _OnFirstUse", "2 1 True 1 module"]


def test_a_warm_audit_process_never_loads_inspect(tmp_path: Path) -> None:
    """The command a user runs most: once its cache folder holds what Lark taught (the
    second run), an audit of argentino hands loads neither Lark nor inspect."""
    from referee.sim import simulate_text

    log = tmp_path / "hands.rummy"
    log.write_text(simulate_text("rummy-argentino", 4, (2, 5), 7), encoding="utf-8")
    code = (
        "import sys\n"
        f"sys.argv = ['referee', 'audit', {str(log)!r}, '--json']\n"
        "from referee.cli.entry import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    status = exc.code\n"
        f"own = {INSPECT_S_OWN!r}\n"
        "sys.stderr.write(repr((status, type(sys.modules['inspect']).__name__,\n"
        "                       [m for m in own if m in sys.modules], 'lark' in sys.modules)))\n"
    )
    env = {**os.environ, "REFEREE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("REFEREE_LANG", None)
    runs = [_process(code, env) for _ in range(3)]
    assert runs[-1].stderr == repr((0, "_OnFirstUse", [], False)), runs[-1].stderr
    assert runs[0].stdout == runs[-1].stdout  # the same report, inspect loaded or not


PACKAGES = ("referee", "cli", "api", "lsp")


def _dataclasses_without_docstring(folders: list[Path]) -> list[str]:
    missing = []
    for folder in folders:
        for path in sorted(folder.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef)
                        and any("dataclass" in ast.unparse(d) for d in node.decorator_list)
                        and ast.get_docstring(node) is None):
                    missing.append(f"{path.relative_to(folder.parent)}:{node.lineno} {node.name}")
    return missing


def test_every_dataclass_has_a_docstring() -> None:
    """Else dataclasses loads inspect to write one (referee/deferred.py)."""
    assert _dataclasses_without_docstring([ROOT / p for p in PACKAGES]) == []


def test_the_docstring_check_finds_a_dataclass_without_one(tmp_path: Path) -> None:
    folder = tmp_path / "pkg"
    folder.mkdir()
    (folder / "m.py").write_text(
        "from dataclasses import dataclass, field\n\n"
        "@dataclass(frozen=True)\nclass Bare:\n    x: int\n\n"
        "@dataclass\nclass Told:\n    \"\"\"Has one.\"\"\"\n\n    y: int = field(default=0)\n",
        encoding="utf-8")
    assert _dataclasses_without_docstring([folder]) == ["pkg/m.py:4 Bare"]
