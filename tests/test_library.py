"""The library's contract: importing the referee, and auditing through its Python API or
its console entry point, changes nothing of the host process and writes nothing but
its cache (Lark's parser cache) and the files it is asked to write.

Each test runs a small host program in a fresh interpreter, with its home, cache and
temporary folders of its own, the way a club's script or a notebook would use the
referee, and compares what it sees with the same program without the referee.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "logs" / "noche-de-viernes.rummy"
AUDIT = (f"import referee.audit\n"
         f"_games = referee.audit.audit_text(open({str(LOG)!r}, encoding='utf-8').read())\n"
         "assert len(list(_games)) == 1\n")


def host(code: str, folder: Path, *, referee: bool = True, flags: tuple[str, ...] = ()
         ) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter whose home, caches, data and temporary folders
    are under ``folder``; with ``referee``, after importing the referee and auditing a log
    through the Python API (twice: a cache written, then read)."""
    home = folder / "home"
    for sub in ("home", "tmp", "work"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("REFEREE_", "XDG_")) and key not in ("PYTHONWARNINGS",)}
    env.update(HOME=str(home), TMPDIR=str(folder / "tmp"), PYTHONDONTWRITEBYTECODE="1")
    prelude = AUDIT + AUDIT if referee else ""
    return subprocess.run([sys.executable, *flags, "-c", prelude + code], cwd=folder / "work",
                          env=env, capture_output=True, text=True, timeout=120)


def both(code: str, tmp_path: Path, flags: tuple[str, ...] = ()) -> tuple[str, str]:
    """What ``code`` prints (standard output and error) with the referee, twice (a second
    process finds the first one's cache), and without it: all three must agree."""
    runs = [host(code, tmp_path / "with", flags=flags), host(code, tmp_path / "with", flags=flags),
            host(code, tmp_path / "without", referee=False, flags=flags)]
    for run in runs:
        assert run.returncode == 0, run.stderr
    outputs = {(run.stdout, run.stderr) for run in runs}
    assert len(outputs) == 1, runs
    return runs[0].stdout, runs[0].stderr


def test_re_is_the_hosts_own(tmp_path: Path) -> None:
    """A host's regular expressions compile as ``re`` compiles them, every time, in every
    process: the debug listing is printed, warnings are given, bytes are checked."""
    code = ("import re, warnings\n"
            "re.compile('a[bc]+d', re.DEBUG)\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n"
            "    re.compile('[[:alpha:]]'); re.compile('[[:alpha:]]')\n"
            "print(len(caught), [w.category.__name__ for w in caught][:1])\n"
            "print(re.compile.__module__, re._compiler.compile.__module__)\n")
    out, _ = both(code, tmp_path)
    assert out.count("LITERAL") >= 2 and "1 ['FutureWarning']" in out
    assert "re re._compiler" in out
    both("import re\nre.compile('abc'); re.compile(b'abc'); print('ok')\n", tmp_path / "bb",
         flags=("-bb",))


def test_inspect_and_dataclasses_are_the_standard_librarys(tmp_path: Path) -> None:
    code = ("import dataclasses, importlib, inspect, sys, types\n"
            "print(len(dir(inspect)) > 100, type(sys.modules['inspect']) is types.ModuleType)\n"
            "importlib.reload(inspect)\n"
            "def f(a, b=1): pass\n"
            "print(type(inspect.signature(f)) is inspect.Signature)\n"
            "print(dataclasses.dataclass.__code__.co_filename == dataclasses.__file__)\n"
            "@dataclasses.dataclass\n"
            "class Point:\n"
            "    x: int\n"
            "print(Point.__doc__, Point.__init__.__code__.co_filename)\n")
    out, _ = both(code, tmp_path)
    assert out.splitlines()[:3] == ["True True", "True", "True"]
    assert "Point(x: int) <string>" in out


def test_the_modules_gc_and_exit_are_the_hosts(tmp_path: Path) -> None:
    """After the audit: every module is a plain module that was imported, the collector
    runs with nothing frozen, and the host's exit functions run at its exit."""
    marker = tmp_path / "atexit.txt"
    code = ("import atexit, gc, sys, types\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'a').write('ran '))\n"
            "odd = [n for n, m in list(sys.modules.items()) if m is not None\n"
            "       and type(m) is not types.ModuleType and not n.startswith('typing.')]\n"
            "print(odd, gc.isenabled(), gc.get_freeze_count(), gc.get_threshold())\n")
    out, _ = both(code, tmp_path)
    assert out == f"[] True 0 {__import__('gc').get_threshold()}\n"
    assert marker.read_text() == "ran ran ran "


def test_the_console_entry_point_leaves_its_caller_as_it_was(tmp_path: Path) -> None:
    """``referee.cli.entry.main`` (the console script) run inside a host: it ends with
    ``SystemExit``, freezes nothing, and the host's exit functions run."""
    marker = tmp_path / "atexit.txt"
    code = ("import atexit, gc, sys\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').write('ran'))\n"
            f"sys.argv = ['referee', 'audit', {str(LOG)!r}, '--json']\n"
            "from referee.cli.entry import main\n"
            "try:\n"
            "    main()\n"
            "except SystemExit as done:\n"
            "    sys.stderr.write(repr((done.code, gc.isenabled(), gc.get_freeze_count())))\n")
    run = host(code, tmp_path, referee=False)
    assert run.stderr == "(1, True, 0)"
    assert json.loads(run.stdout)["games"][0]["eliminated"]
    assert marker.read_text() == "ran"


def _files(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


def test_nothing_is_written_but_lark_s_cache(tmp_path: Path) -> None:
    """The host's own data never reaches the disk; the referee writes its cache folder's
    parser files and nothing else, wherever it runs."""
    token = "s3cr3t-T0KEN-4f9a"
    code = ("import re\n"
            f"re.compile(re.escape({token!r}))\n"
            "from dataclasses import dataclass\n"
            "@dataclass\n"
            "class Secret:\n"
            f"    value: str = {token!r}\n")
    for _ in range(2):
        assert host(code, tmp_path).returncode == 0
    written = _files(tmp_path)
    assert written, "the parser cache"
    assert all(name.startswith("home/.cache/referee51/lark-") and name.endswith(".cache")
               for name in written), written
    for name in written:
        assert token.encode() not in (tmp_path / name).read_bytes()


def test_a_file_of_an_older_referee_in_the_cache_folder_changes_nothing(tmp_path: Path) -> None:
    """Files an older referee kept there (a list of games, a start-up cache, lessons) are
    neither read nor trusted."""
    cache = tmp_path / "home" / ".cache" / "referee51"
    cache.mkdir(parents=True)
    (cache / "games-00000000.txt").write_text("referee-games 1\nx\n51\tx:La51\n")
    (cache / "lessons-00000000.marshal").write_bytes(b"\xe3" * 64)
    (cache / "start-00000000-referee.marshal").write_bytes(b"\xe3" * 64)
    code = ("from referee.games import names\n"
            "print(names()[:2])\n")
    run = host(code, tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "('51', 'rummy-argentino')\n"


# --- The source: none of the tricks --------------------------------------------------------

PRODUCT = ("referee", "cli", "api", "lsp")
FORBIDDEN_MODULES = {"marshal", "_sre", "re._compiler", "sre_compile"}
FORBIDDEN_CALLS = {("gc", "freeze"), ("gc", "disable"), ("os", "_exit"),
                   ("atexit", "_run_exitfuncs")}


def tricks(path: Path) -> list[str]:
    """What a product module does that a library must not: import marshal or the regular
    expressions' internals, write into ``sys.modules``, freeze the collector, leave the
    process without its teardown."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [f"imports {a.name}" for a in node.names if a.name in FORBIDDEN_MODULES]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = {f"{module}.{a.name}" for a in node.names} | {module}
            found += [f"imports {name}" for name in sorted(names & FORBIDDEN_MODULES)]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if (node.value.id, node.attr) in FORBIDDEN_CALLS or (
                    node.value.id == "re" and node.attr in ("_compiler", "_parser")):
                found.append(f"uses {node.value.id}.{node.attr}")
        elif isinstance(node, ast.Subscript | ast.Call):
            target = node.value if isinstance(node, ast.Subscript) else node.func
            if (isinstance(target, ast.Attribute) and target.attr == "modules"
                    and isinstance(target.value, ast.Name) and target.value.id == "sys"
                    and isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)):
                found.append("writes into sys.modules")
    for node in ast.walk(tree):  # sys.modules[...] = ..., sys.modules.setdefault(...)
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("setdefault", "update", "pop", "__setitem__")
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "modules"):
            found.append("writes into sys.modules")
    return found


def test_no_product_module_uses_a_trick() -> None:
    modules = [path for top in PRODUCT for path in (ROOT / top).rglob("*.py")]
    assert len(modules) > 150
    found = {str(path.relative_to(ROOT)): bad for path in modules if (bad := tricks(path))}
    assert found == {}


@pytest.mark.parametrize("line", [
    "import marshal", "from re import _compiler", "import gc\ngc.freeze()",
    "import os\nos._exit(0)", "import sys\nsys.modules['x'] = None",
    "import sys\nsys.modules.setdefault('x', None)", "import re\nre._compiler.compile",
    "import _sre"])
def test_the_trick_finder_finds_each(line: str, tmp_path: Path) -> None:
    path = tmp_path / "module.py"
    path.write_text(line + "\n")
    assert tricks(path)
