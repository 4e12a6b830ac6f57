"""The layers, checked on the source (issue 19): arrows go down only.

- the shared layers (the engine, the report, the notation, the CLI, the API, the
  language server) import no game package and name no game: a game reaches them
  only through the registry (:mod:`referee.games`) and the seam
  (:mod:`referee.engine.game`);
- no module-level import circle anywhere in the installed package;
- no router imports another router (what they share is in ``api/deps.py`` and
  ``api/requests.py``);
- a knob two games share reads the same in both;
- the core's own modules (``referee/audit.py``, ``cards.py``, ``games.py``, ``knobs.py``,
  ``messages.py``, ``rulebook.py``) and its message catalogs (``referee/i18n/``) name no
  game (but for a listed few texts, each with its reason) and hold no rule id or
  message key only one game has: a game's words are its own (``Variant.messages()``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee.games import games

ROOT = Path(__file__).resolve().parent.parent
MAPPED = {"cli": "referee.cli", "api": "referee.api", "grammar": "referee.grammar",
          "lsp": "referee.lsp"}  # top-level folders installed under referee.

SHARED = ("referee/engine", "referee/report", "referee/notation", "referee/night", "cli", "api",
          "lsp")
GAME_PACKAGES = ("referee.variants",)
# The registry reads the list of the referee's own games (its entry-point-like strings)
# from the games' root package, which imports no game (test below).
SHIPPED_LIST = {("referee.games", "referee.variants"),
                ("referee.games", "referee.variants.SHIPPED")}

# The two loops inside the reader that the ``reader`` branch (issue 19, part 4) takes
# apart: they go away with it. Today one side of each imports inside a function (a
# run-time loop, which this check does not see); listed so that the restructuring may
# pass through a module-level loop there. Nothing else may form a circle.
KNOWN_CIRCLES = {
    frozenset({"referee.notation.files", "referee.notation.reader"}),
}


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[0] in MAPPED:
        parts = [*MAPPED[parts[0]].split("."), *parts[1:]]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def package_files() -> dict[str, Path]:
    """Every module of the installed ``referee`` package, by its dotted name."""
    found: dict[str, Path] = {}
    for top in ("referee", *MAPPED):
        for path in (ROOT / top).rglob("*.py"):
            if "__pycache__" not in path.parts:
                found[module_name(path)] = path
    return found


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (of the module, classes, functions)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value,
                                                                    ast.Constant):
                found.add(id(body[0].value))
    return found


def _imports(tree: ast.AST, name: str) -> Iterator[str]:
    package = name if Path(name).name == "__init__" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]
                                + ([base] if base else []))
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def game_words() -> tuple[set[str], re.Pattern[str]]:
    """What names a game: a registered game's ``Game`` tag, its package's name, its
    classes' names (the game's and its config's)."""
    exact: set[str] = set()
    words: set[str] = set()
    for game in games().values():
        exact.add(game.name)
        module = type(game).__module__
        words.update({module.split(".")[-1], type(game).__name__,
                      game.config_class.__name__})
        if not game.name.isdigit():
            words.add(game.name)
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(words))) + r")(?![\w-])")
    return exact, pattern


def naming(path: Path) -> list[str]:
    """Where a module imports a game package or names a game in its code (its
    docstrings and comments may speak of the games)."""
    exact, words = game_words()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = [f"imports {name}" for name in _imports(tree, module_name(path))
             if any(name == p or name.startswith(p + ".") for p in GAME_PACKAGES)
             and (module_name(path), name) not in SHIPPED_LIST]
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docs:
            text = node.value
            if text in exact or any(f'"{name}"' in text for name in exact) \
                    or words.search(text):
                found.append(f"line {node.lineno}: the string {text[:40]!r}")
        elif isinstance(node, ast.Name) and words.fullmatch(node.id):
            found.append(f"line {node.lineno}: the name {node.id}")
        elif isinstance(node, ast.Attribute) and words.fullmatch(node.attr):
            found.append(f"line {node.lineno}: the name {node.attr}")
    return found


def shared_modules() -> list[Path]:
    return sorted(p for layer in SHARED for p in (ROOT / layer).rglob("*.py"))


def test_the_shared_layers_import_no_game_and_name_none() -> None:
    modules = shared_modules()
    assert len(modules) > 100
    bad = {str(p.relative_to(ROOT)): found for p in modules if (found := naming(p))}
    assert bad == {}


def test_the_game_check_finds_an_import_and_a_name(tmp_path: Path) -> None:
    sample = ROOT / "cli" / "sample_for_the_test.py"
    sample.write_text('"""Docstrings may say rummy-argentino."""\n'
                      "from referee.variants.la51.knobs import Rules51\n"
                      'GAME = "51"\nOTHER = "[Game \\"rummy-argentino\\"]"\n')
    try:
        found = naming(sample)
    finally:
        sample.unlink()
    assert found[0] == "imports referee.variants.la51.knobs"
    assert "line 3: the string '51'" in found
    assert any("line 4" in f for f in found) and any("Rules51" in f for f in found)
    assert not any("line 1" in f for f in found)


# --------------------------------------------------------------------------- circles


def module_level_imports() -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports when it is
    imported itself: at its top level (also in ``try`` and ``if`` blocks), not inside
    functions and not under ``if TYPE_CHECKING``."""
    files = package_files()
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in _top_level(tree.body):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    candidate = f"{base}.{alias.name}"
                    found.add(candidate if candidate in files else base)
        graph[name] = {m for m in found if m in files and m != name}
    return graph


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            yield from _top_level(node.orelse)
        elif isinstance(node, ast.If):
            yield from _top_level(node.body)
            yield from _top_level(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody,
                          *(h.body for h in node.handlers)):
                yield from _top_level(block)
        else:
            yield node


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = list(graph.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return seen


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The groups of modules that import each other, in a circle (each group once)."""
    reach = {node: reachable(graph, node) for node in graph}
    found: list[frozenset[str]] = []
    for node in sorted(graph):
        if node in reach[node]:
            group = frozenset(m for m in reach[node] if node in reach[m])
            if group not in found:
                found.append(group)
    return found


def test_no_module_level_import_circle_in_the_package() -> None:
    graph = module_level_imports()
    assert "referee.engine.replay" in graph and "referee.api.app" in graph
    assert [sorted(c) for c in circles(graph) if c not in KNOWN_CIRCLES] == []



def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [frozenset({"a", "b", "c"})]


# --------------------------------------------------------------------------- routers


def test_no_router_imports_another_router() -> None:
    routers = sorted((ROOT / "api" / "routers").glob("*.py"))
    assert len(routers) > 5
    bad = []
    for path in routers:
        name = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        bad += [f"{name} imports {imported}" for imported in _imports(tree, name)
                if imported.startswith("referee.api.routers.") and imported != name
                and name != "referee.api.routers"]
    assert bad == []


# --------------------------------------------------------------------------- knobs


@pytest.mark.parametrize("name", ["Decks", "Jokers", "RunMin", "RunWrap"])
def test_a_knob_two_games_share_reads_the_same_in_both(name: str) -> None:
    having = [g for g in games().values() if g.has_knob(name)]
    assert len(having) >= 2
    readers = {g.knob_readers()[name] for g in having}
    assert len(readers) == 1, readers


def test_every_shared_knob_reads_the_same_in_every_game() -> None:
    seen: dict[str, object] = {}
    for game in games().values():
        for name, reader in game.knob_readers().items():
            assert seen.setdefault(name, reader) == reader, (game.name, name)


# --------------------------------------------------------------------------- words


CORE_TOP = ("referee/audit.py", "referee/cards.py", "referee/games.py", "referee/knobs.py",
            "referee/messages.py", "referee/rulebook.py")
# Core texts that still name a shipped game, each for a reason (tests hold the list):
NAMING_ALLOWED = {
    # The product's name and what it ships, in ``referee --help`` and the docs links.
    "cli.app.summary", "web.brand", "cli.lsp.details",
    # ``referee standings`` describes its two kinds of table by the games that fill them.
    "cli.standings.details", "cli.standings.settlement",
    # Examples of the notation's first line (``[Game "51"]``): the default game's tag.
    "no-tags", "expected-tag-value",
}


def core_catalog_naming() -> dict[str, str]:
    """The keys of the core's catalogs whose text names a game, with the text."""
    from referee.messages import core_catalog

    exact, words = game_words()
    found: dict[str, str] = {}
    for key, entry in core_catalog().items():
        for text in entry.values():
            spelled = re.sub(r"docs/\S+\.md", "", text)  # a docs page's path is no name
            if words.search(spelled) or re.search(
                    "|".join(rf"(?<![\w./-]){re.escape(name)}(?![\w-])" for name in exact),
                    spelled):
                found[key] = text
    return found


def test_the_core_catalogs_name_no_game() -> None:
    assert sorted(set(core_catalog_naming()) - NAMING_ALLOWED) == []
    assert set(core_catalog_naming()) >= NAMING_ALLOWED, "an allowed key no longer names one"


def test_the_core_modules_import_no_game_and_name_none() -> None:
    modules = [ROOT / path for path in CORE_TOP] + sorted((ROOT / "referee/i18n").glob("*.py"))
    bad = {}
    for path in modules:
        found = [f for f in naming(path) if "docs/" not in f]
        if path.parent.name == "i18n":  # their texts: test_the_core_catalogs_name_no_game
            found = [f for f in found if not f.startswith("line ") or "the name" in f]
        if found:
            bad[str(path.relative_to(ROOT))] = found
    assert bad == {}


def game_owned() -> dict[str, set[str]]:
    """Each game's own rule ids (the ones no other registered game cites) and the keys of
    its words."""
    every = games()
    owned: dict[str, set[str]] = {}
    for name, game in every.items():
        others = {r for other, g in every.items() if other != name for r in g.rule_ids}
        owned[name] = {r for r in game.rule_ids if r not in others} | set(game.messages())
    return owned


# Rule ids the core keeps for any game though one shipped game cites them: a call in a
# game without calls (argentino's; examples/plugin-game's mini-rummy cites it too).
ANY_GAME = {"no-calls"}


def test_the_core_holds_no_games_key_and_no_games_rule() -> None:
    from referee.messages import core_catalog
    from referee.rulebook import RULES

    core_keys = set(core_catalog())
    core_rules = {rule.id for rule in RULES}
    for name, every_owned in game_owned().items():
        owned = every_owned - ANY_GAME
        assert core_rules & owned == set(), name
        keys = {k for k in core_keys if k.split(":")[0] in owned
                or k.removeprefix("rule.") in owned}
        assert keys == set(), name


def test_the_words_check_finds_a_games_key_in_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import messages

    sneaked = {"discard-pegue": {"en": "x", "es": "x"},
               "report.sneaked": {"en": "Rummy argentino: x", "es": "x"}}
    real = messages.core_catalog()
    monkeypatch.setattr(messages, "core_catalog", lambda: {**real, **sneaked})
    with pytest.raises(AssertionError):
        test_the_core_holds_no_games_key_and_no_games_rule()
    assert "report.sneaked" in core_catalog_naming()


def test_the_list_of_shipped_games_imports_no_game() -> None:
    """``referee/variants/__init__.py``, which the registry reads, only lists where the
    referee's own games are: importing it loads none of them."""
    tree = ast.parse((ROOT / "referee/variants/__init__.py").read_text(encoding="utf-8"))
    assert list(_imports(tree, "referee.variants")) == []
    from referee.variants import SHIPPED

    assert list(SHIPPED) == ["51", "rummy-argentino"]
    assert list(games())[:2] == list(SHIPPED)
