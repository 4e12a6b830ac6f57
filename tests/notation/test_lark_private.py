"""What the reader takes from Lark beyond its documented API still works
(:mod:`referee.notation.lark_private`), with the Lark installed here, which must be one
of the versions pyproject.toml allows.

A new Lark release may change any of these: each test says which reliance broke and
where it is used, so that the fix (or a narrower pin) is one module's business.
"""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import lark
import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from referee.cards import Card
from referee.notation import lark_private, parser
from referee.notation.events import Discard, Draw, Event
from referee.notation.folded import build_folded_parser
from referee.notation.reducers import GameText, Records
from referee.notation.terminals import KEYWORDS, spellings, terminal

ROOT = Path(__file__).resolve().parents[2]
TEXT = '[Game "51"]\n[Players "Ana Beto"]\nAna draw 7h\nAna discard 7h  # c\n\nBeto draw\n'
HOW = ("referee/notation/lark_private.py relies on it; adapt that module to Lark "
       f"{lark.__version__}, or pin Lark below it in pyproject.toml")


def broken(what: str) -> str:
    return f"Lark {lark.__version__} changed {what}: {HOW}"


def lark_requirement() -> Requirement:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [found] = [Requirement(text) for text in project["project"]["dependencies"]
               if Requirement(text).name == "lark"]
    return found


def test_the_installed_lark_is_one_pyproject_allows() -> None:
    requirement = lark_requirement()
    assert any(spec.operator == "<" for spec in requirement.specifier), (
        "pin Lark below its next minor release: referee/notation/lark_private.py reaches "
        "past its documented API")
    assert Version(lark.__version__) in requirement.specifier, (
        f"Lark {lark.__version__} is outside {requirement} (pyproject.toml): run "
        "tests/notation/ with it, then move the pin")


def _events(games: list[GameText]) -> list[Event]:
    return [event for game in games for event in game.events]


@pytest.mark.parametrize("cython", [False, True])
def test_a_saved_parser_loads_with_a_transformer_and_plugins(
        cython: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if cython and lark_private.cython_plugins() is None:
        pytest.skip("lark-cython is not installed")
    if not cython:
        monkeypatch.setattr(lark_private, "cython_plugins", lambda: None)
    built = parser.build_parser(strict=False)
    saved = io.BytesIO()
    try:
        lark_private.save_parser(built, saved)
    except Exception as err:  # pragma: no cover - only with another Lark
        pytest.fail(broken(f"Lark.save(f, exclude_options=...) ({err!r})"))
    saved.seek(0)
    records = Records()
    try:
        loaded = lark_private.load_parser(saved, records)
    except Exception as err:  # pragma: no cover - only with another Lark
        pytest.fail(broken(f"Lark._load(f, transformer=..., _plugins=...) ({err!r})"))
    assert loaded.options.transformer is records, broken("the transformer given to _load")
    assert lark_private.runs_pure_lark(loaded) is not cython, broken(
        "the _plugins option given to _load (lark-cython's lexer and parser)")
    records.set_line_offset(10)
    seven = Card.parse("7h")
    assert _events(loaded.parse(TEXT)) == [
        Draw("Ana", 13, 1, seven), Discard("Ana", 14, 1, seven), Draw("Beto", 16, 1)], broken(
        "what a loaded parser's transformer is handed")


def test_the_syntax_errors_are_lark_s() -> None:
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    assert lark_private.syntax_errors() == (UnexpectedCharacters, UnexpectedToken)
    with pytest.raises(lark_private.syntax_errors()):
        parser.parse("[Game \"51\"]\nAna ?? 7h\n", 0)


def test_the_plugins_option_gives_lark_cythons_parser() -> None:
    if lark_private.cython_plugins() is None:
        pytest.skip("lark-cython is not installed")
    options = lark_private.plugin_options()
    assert set(options) == {"_plugins"}
    assert not lark_private.runs_pure_lark(parser.build_parser(strict=False)), broken(
        "the _plugins option (lark-cython no longer takes the lexer and parser)")
    assert lark_private.runs_pure_lark(parser.build_parser(cython=False, strict=False))
    assert lark_private.plugin_options(cython=False) == {}


def test_a_terminals_expression_is_what_the_grammar_says() -> None:
    folded = build_folded_parser(cython=False, strict=False)
    try:
        card = lark_private.terminal_regexp(folded, "CARD")
    except Exception as err:  # pragma: no cover - only with another Lark
        pytest.fail(broken(f"Lark.get_terminal(name).pattern.to_regexp() ({err!r})"))
    assert isinstance(card, str), broken("Pattern.to_regexp()'s result")
    for word in ("7h", "10♦", "JK", "2s=Kh"):
        assert re.match(card, word), broken(f"the CARD terminal's expression ({card})")
    for word in ("7x", "1h"):
        assert not re.fullmatch(card, word), broken(f"the CARD terminal's expression ({card})")
    assert terminal("NAME").fullmatch("Ana"), broken("the NAME terminal's expression")


def test_the_words_of_a_keyword_are_read_off_its_expression() -> None:
    grammar = parser.grammar_text()
    for name in KEYWORDS:
        [definition] = re.findall(rf"^{name}\.2: \((.*)\)", grammar, re.MULTILINE)
        expected = sorted(re.findall(r'"(\w+)"i', definition))
        assert len(expected) >= 2
        assert list(spellings(name)) == expected, broken(
            f"how a case-insensitive string is written as an expression ({name}: "
            f"{terminal(name).pattern})")


def test_the_parse_table_names_what_each_state_expects() -> None:
    strict = parser.build_parser(cython=False, strict=False)
    try:
        states = lark_private.parse_states(strict)
    except AttributeError as err:  # pragma: no cover - only with another Lark
        pytest.fail(broken(f"where a Lark object keeps its LALR parse table ({err!r})"))
    assert len(states) > 20
    expected = set().union(*(set(actions) for actions in states.values()))
    assert {"NAME", "CARD", "TAG_OPEN", "_NL", "$END"} <= expected, broken(
        "the parse table's actions (by terminal name)")
