"""``referee lsp`` over stdio, in English: diagnostics, hovers, completion, formatting,
quick fixes, definition and symbols, each checked against what the referee itself
says (``referee audit --json``, ``referee fmt``, the engine's replay)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types as lsp

from referee.audit import replay_to
from referee.notation.reader import read_games
from tests.lsp import DATA, FRIDAY, LOGS, ROOT, Session, apply_edits, uri_of

SEVERITY = {"syntax-error": lsp.DiagnosticSeverity.Error,
            "log-error": lsp.DiagnosticSeverity.Error,
            "renuncia": lsp.DiagnosticSeverity.Warning,
            "notice": lsp.DiagnosticSeverity.Information}
DOCS = "https://referee51.readthedocs.io/en/latest"


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    server = Session()
    yield server
    server.close()


def at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """The 0-based line and character of ``needle`` in ``text`` (plus ``offset``)."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)


def audit_json(path: Path, *args: str, lang: str = "en") -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "referee.cli", "audit", str(path), "--json",
                           "--lang", lang, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=600)
    assert done.returncode in (0, 1, 2), done.stderr
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def as_findings(diagnostics: list[lsp.Diagnostic]) -> list[tuple[int, str, str, Any]]:
    """Diagnostics as the audit's findings: line (1-based), rule, message, severity."""
    return sorted((d.range.start.line + 1, str(d.code), d.message.split("\n")[0], d.severity)
                  for d in diagnostics)


def expected(report: dict[str, Any],
             games: list[int] | None = None) -> list[tuple[int, str, str, Any]]:
    return sorted((f["line"], f["rule"], f["message"], SEVERITY[f["kind"]])
                  for g in report["games"] if games is None or g["index"] in games
                  for f in g["findings"])


LOG_FILES = sorted(p for p in [*DATA.glob("*.rummy"), *LOGS.glob("*.rummy")]
                   if p.name != "not-utf8.rummy")


@pytest.mark.parametrize("path", LOG_FILES, ids=lambda p: p.name)
def test_diagnostics_are_the_audits_findings(session: Session, path: Path) -> None:
    diagnostics = session.open(path)
    assert as_findings(diagnostics) == expected(audit_json(path))
    for diagnostic in diagnostics:
        assert diagnostic.source == "referee"
        assert diagnostic.code_description is not None
        assert diagnostic.code_description.href.endswith(f"/#{diagnostic.code}")


def test_friday_a_pegue_and_the_missed_call_that_points_at_it(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    diagnostics = {d.code: d for d in session.open(FRIDAY)}
    pegue, missed = diagnostics["discard-pegue"], diagnostics["missed-call"]
    line, _ = at(text, "Mateo discard Kh")
    assert pegue.severity == lsp.DiagnosticSeverity.Warning
    assert pegue.range == lsp.Range(lsp.Position(line, 0), lsp.Position(line, 16))
    assert pegue.code_description == lsp.CodeDescription(f"{DOCS}/rules/51/#discard-pegue")
    assert pegue.message.split("\n")[1] == (
        "discards a card that some table meld could take (DiscardPegue: all players, down only "
        "those who have gone down, off)")
    missed_line, _ = at(text, "Sofía discard 2c")
    assert missed.range.start.line == missed_line  # on the player's own line
    assert missed.related_information is not None
    related = missed.related_information[0]
    assert related.location.uri == uri_of(FRIDAY)
    assert related.location.range == pegue.range  # the renuncia let pass
    assert "Mateo" in related.message and "discard-pegue" in related.message


def test_a_syntax_error_stands_at_its_line_and_column(session: Session) -> None:
    path = DATA / "syntax-error.rummy"
    (diagnostic,) = session.open(path)
    assert diagnostic.code == "syntax-error"
    assert diagnostic.severity == lsp.DiagnosticSeverity.Error
    assert diagnostic.range == lsp.Range(lsp.Position(7, 12), lsp.Position(7, 14))  # 8:13, "9x"
    assert diagnostic.message.startswith("'9x' is not a card")


def test_columns_are_counted_in_utf16_units(session: Session, tmp_path: Path) -> None:
    path = tmp_path / "wide.rummy"
    text = '[Game "51"]\n[Players "𝔸na Beto"]\n\n𝔸na discard 9x\n'  # its first letter: two units
    (diagnostic,) = session.open(path, text)
    assert diagnostic.range == lsp.Range(lsp.Position(3, 13), lsp.Position(3, 15))
    hover = session.hover(path, 3, 1)  # inside the name's second unit
    assert hover is not None and hover.range == lsp.Range(lsp.Position(3, 0),
                                                          lsp.Position(3, 4))


def test_an_argentino_finding_links_to_the_argentino_page(session: Session, tmp_path: Path) -> None:
    text = (LOGS / "argentino-domingo.rummy").read_text(encoding="utf-8")
    path = tmp_path / "domingo.rummy"
    game = '[Game "rummy-argentino"]'
    broken = text.replace(game, game + '\n[Scores "x"]', 1)
    path.write_text(broken, encoding="utf-8")
    diagnostics = session.open(path)
    assert diagnostics
    assert all("/rules/argentino/#" in d.code_description.href for d in diagnostics
               if d.code_description is not None)


# -- hovers --------------------------------------------------------------------------------

def hover_text(session: Session, path: Path, position: tuple[int, int]) -> str:
    result = session.hover(path, *position)
    assert result is not None
    assert isinstance(result.contents, lsp.MarkupContent)
    return result.contents.value


def test_hover_on_a_discard_that_is_a_pegue_says_which_meld_it_fits(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    session.open(FRIDAY)
    value = hover_text(session, FRIDAY, at(text, "Mateo discard Kh", 14))
    assert value.startswith("**Kh**: king of hearts")
    assert "a pegue: it fits meld 1 (Ah 2h 3h 4h 5h), Sofía's, laid at line 20" in value
    plain = hover_text(session, FRIDAY, at(text, "Lucía discard Kd", 14))
    assert plain == "**Kd**: king of diamonds"  # no meld takes it
    joker = hover_text(session, FRIDAY, at(text, "6c JK 8c", 3))
    assert joker == "**JK**: a joker"


def test_hover_on_a_meld_number_shows_the_meld(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    session.open(FRIDAY)
    value = hover_text(session, FRIDAY, at(text, "Lucía layoff 10c on 2", 20))
    assert value == "**Meld 2: Sofía's set, laid at line 21**\n\ncards: 10h 10s 10d"
    later = hover_text(session, FRIDAY, at(text, "Lucía layoff 6h on 1", 19))
    assert later.startswith("**Meld 1: Sofía's run, laid at line 20**")


def test_hover_on_a_player_shows_their_hand_at_that_line(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    session.open(FRIDAY)
    line, column = at(text, "Mateo discard Kh")
    value = hover_text(session, FRIDAY, (line, column + 2))
    record = read_games(text)[0]
    hand = replay_to(record, line + 1).hands["Mateo"]
    assert value.startswith(f"**Mateo's hand after line {line + 1}: {hand.size} cards**")
    assert "known: " + " ".join(str(c) for c in hand.known) in value
    assert "Kh" not in value.split("known: ")[1]  # discarded on that line


def test_hover_on_a_tag_shows_the_house_rule_its_default_and_its_value(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    session.open(FRIDAY)
    value = hover_text(session, FRIDAY, at(text, '[Stake "50"]', 2))
    assert value.startswith("**House rule Stake: ")
    assert "default: 0" in value and "in this game: 50" in value
    players = hover_text(session, FRIDAY, at(text, "[Players", 3))
    assert players.startswith("Tag Players: the players, in seat order")


# -- completion -----------------------------------------------------------------------------

def labels(items: list[lsp.CompletionItem]) -> list[str]:
    return [item.label for item in items]


def test_completion_of_names_keywords_cards_and_melds(session: Session, tmp_path: Path) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    path = tmp_path / "friday.rummy"
    line, _ = at(text, "Lucía layoff 10c on 2")
    lines = text.split("\n")
    lines[line:line] = ["", "Mateo ", "Lucía discard ", "Lucía layoff 10c on ", "Tomás call ",
                        "Mateo di"]
    edited = "\n".join(lines)
    path.write_text(edited, encoding="utf-8")
    session.open(path, edited)
    assert labels(session.completion(path, line, 0)) == [
        "Lucía", "Mateo", "Sofía", "Tomás", "deal", "stock", "up"]
    assert labels(session.completion(path, line + 1, 6)) == [
        "draw", "take", "meld", "layoff", "discard", "call"]
    record = read_games(edited)[0]
    hand = replay_to(record, line + 2).hands["Lucía"]  # the table as line + 3 finds it
    cards = labels(session.completion(path, line + 2, 14))
    assert cards == list(dict.fromkeys(str(c) for c in hand.known)) and "10c" in cards
    assert labels(session.completion(path, line + 3, 20)) == ["1", "2", "3", "4"]
    assert labels(session.completion(path, line + 4, 11)) == ["Lucía", "Mateo", "Sofía"]
    (partial,) = session.completion(path, line + 5, 8)  # "Mateo di"
    assert partial.label == "discard"
    assert partial.text_edit == lsp.TextEdit(
        lsp.Range(lsp.Position(line + 5, 6), lsp.Position(line + 5, 8)), "discard")


def test_completion_of_tag_names_and_house_rule_values(session: Session, tmp_path: Path) -> None:
    path = tmp_path / "tags.rummy"
    text = '[Game "51"]\n[Players "Ana Beto"]\n[DiscardPegue "\n[Min\n\nAna discard 2s\n'
    session.open(path, text)
    values = session.completion(path, 2, 15)
    assert labels(values) == ["all", "down", "off"]
    assert values[0].detail == "default: all"
    names = labels(session.completion(path, 3, 4))
    assert names == ["MinOpen"]
    every = labels(session.completion(path, 3, 1))
    assert {"Game", "Players", "Result", "MinOpen", "DiscardPegue"} <= set(every)
    assert "Target" not in every  # a house rule of Rummy argentino only


def test_completion_speaks_the_language_of_the_log(session: Session) -> None:
    path = LOGS / "partida-legal-3p-es.rummy"
    text = path.read_text(encoding="utf-8")
    session.open(path)
    record = read_games(text)[0]
    event = record.events[3]
    column = len(event.player) + 1
    assert labels(session.completion(path, event.line - 1, column)) == [
        "roba", "toma", "baja", "pega", "descarta", "canta"]


# -- formatting, quick fixes, definition, symbols --------------------------------------------

def fmt(path: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "referee.cli", "fmt", str(path), *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_formatting_gives_what_referee_fmt_prints(session: Session, tmp_path: Path) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    messy = (text.replace("Tomás draw 9s", "   tomás DRAW 9♠".replace("tomás", "Tomás"))
             .replace("Lucía layoff 10c on 2", "Lucía  layoff Tc   on 2")
             .replace('[Stake "50"]', '[ Stake   "50" ]'))
    messy = messy.rstrip("\n")  # no final newline either
    path = tmp_path / "messy.rummy"
    path.write_text(messy, encoding="utf-8")
    session.open(path, messy)
    edits = session.formatting(path)
    assert edits
    assert apply_edits(messy, edits) == fmt(path)
    changed = {e.range.start.line for e in edits}
    assert len(changed) == 4  # only the lines that change (and the final newline)


def test_formatting_a_spanish_log_keeps_its_language(session: Session, tmp_path: Path) -> None:
    text = (LOGS / "partida-legal-3p-es.rummy").read_text(encoding="utf-8")
    messy = text.replace(" roba ", "  ROBA  ", 3)
    path = tmp_path / "es.rummy"
    path.write_text(messy, encoding="utf-8")
    session.open(path, messy)
    edits = session.formatting(path)
    assert edits and apply_edits(messy, edits) == fmt(path, "--lang", "es")


def test_a_log_with_syntax_errors_is_not_formatted(session: Session) -> None:
    path = DATA / "syntax-error.rummy"
    session.open(path)
    assert not session.formatting(path)
    assert any("syntax errors" in m for m in session.messages)


def test_a_quick_fix_for_each_did_you_mean(session: Session, tmp_path: Path) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    typo = text.replace("Mateo draw Kh", "Mateoo draw Kh").replace("Tomás discard 9s",
                                                                     "Tomás dicsard 9s")
    path = tmp_path / "typo.rummy"
    path.write_text(typo, encoding="utf-8")
    diagnostics = session.open(path, typo)
    fixes = []
    for diagnostic in diagnostics:
        for action in session.code_actions(path, diagnostic.range, [diagnostic]):
            fixes.append(action)
    titles = sorted(a.title for a in fixes)
    assert titles == ["Change 'Mateoo' to 'Mateo'", "Change 'dicsard' to 'discard'"]
    for action in fixes:
        assert action.kind == lsp.CodeActionKind.QuickFix
        (edit,) = action.edit.changes[uri_of(path)]
        typo = apply_edits(typo, [edit])
    assert typo == text
    assert as_findings(session.change(path, typo)) == as_findings(session.open(FRIDAY))


def test_go_to_definition_from_on_n_to_the_meld(session: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    session.open(FRIDAY)
    location = session.definition(FRIDAY, *at(text, "Lucía layoff 10c on 2", 20))
    assert isinstance(location, lsp.Location)
    assert location.uri == uri_of(FRIDAY)
    assert location.range.start == lsp.Position(at(text, "Sofía meld 10h")[0], 0)
    assert session.definition(FRIDAY, *at(text, "Lucía layoff 10c on 2", 14)) is None


def test_document_symbols_one_per_game_its_turns_inside(session: Session) -> None:
    path = DATA / "night.rummy"
    session.open(path)
    symbols = session.symbols(path)
    records = read_games(path.read_text(encoding="utf-8"))
    assert len(symbols) == len(records) == 2
    for symbol, record in zip(symbols, records, strict=True):
        assert symbol.range.start.line == record.line - 1
        turns = []
        for event in record.events:
            if not turns or turns[-1] != event.player:
                turns.append(event.player)
        assert [c.name for c in symbol.children] == [
            f"Turn {n}: {p}" for n, p in enumerate(turns, 1)]
        assert symbol.children[0].selection_range.start.line == record.events[0].line - 1


def test_a_change_is_audited_again_and_published(session: Session, tmp_path: Path) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    path = tmp_path / "change.rummy"
    path.write_text(text, encoding="utf-8")
    session.open(path, text)
    line, _ = at(text, "Mateo discard Kh")
    after = session.edit(path, lsp.Range(lsp.Position(line, 14), lsp.Position(line, 16)), "Jh")
    codes = {d.code for d in after}
    assert "discard-pegue" not in codes  # Jh fits no meld
    edited = text.replace("Mateo discard Kh", "Mateo discard Jh")
    path.write_text(edited, encoding="utf-8")
    assert as_findings(after) == expected(audit_json(path))


def test_changes_are_debounced(tmp_path: Path) -> None:
    server = Session(options={"debounceMs": 600})
    try:
        text = FRIDAY.read_text(encoding="utf-8")
        path = tmp_path / "typing.rummy"
        server.open(path, text)
        for word in ("Kd", "Kc", "Jh"):
            server.change(path, text.replace("Mateo discard Kh", f"Mateo discard {word}"),
                          wait=False)
        server.diagnostics(uri_of(path), 4)
        versions = [p.version for p in server.published[uri_of(path)]]
        assert versions == [1, 4]  # one audit for the three changes
    finally:
        server.close()
