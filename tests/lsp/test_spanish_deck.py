"""The language server under a Spanish deck (RULES.md §13): a card's hover reads it under
the game's deck (``10c`` the sota de copas), and a card the deck lacks is a diagnostic
with its hint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lsprotocol import types as lsp

from tests.lsp import LOGS, Session
from tests.lsp.test_server import at, hover_text


@pytest.fixture(scope="module")
def session() -> Iterator[Session]:
    server = Session()
    try:
        yield server
    finally:
        server.close()


def test_a_spanish_card_hovers_by_its_spanish_name(session: Session, tmp_path: Path) -> None:
    text = '[Game "51"]\n[Players "Ana Beto"]\n[Deck "spanish-40"]\n\nAna discard 10c\n'
    path = tmp_path / "baraja.rummy"
    assert session.open(path, text) == []
    assert hover_text(session, path, at(text, "Ana discard 10c", 13)) == (
        "**10c**: jack (sota) of cups")


def test_a_french_card_under_a_spanish_deck_is_a_diagnostic(session: Session,
                                                          tmp_path: Path) -> None:
    text = '[Game "51"]\n[Players "Ana Beto"]\n[Deck "spanish-48"]\n\nAna discard Qh\n'
    (diagnostic,) = session.open(tmp_path / "francesa.rummy", text)
    assert diagnostic.severity == lsp.DiagnosticSeverity.Error
    assert "a Spanish deck's suits are o (oros)" in diagnostic.message


def test_the_sample_logs_of_the_spanish_deck_open_clean(session: Session) -> None:
    for name in ("baraja-espanola-40.rummy", "baraja-espanola-48.rummy"):
        assert session.open(LOGS / name) == []
