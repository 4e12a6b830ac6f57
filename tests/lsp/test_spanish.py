"""``referee lsp`` in Spanish: chosen by ``REFEREE_LANG=es`` or by the client's locale,
and which of them wins."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.lsp import FRIDAY, Session
from tests.lsp.test_server import as_findings, at, audit_json, expected, hover_text

SETUPS: dict[str, dict[str, Any]] = {
    "REFEREE_LANG=es": {"env": {"REFEREE_LANG": "es"}},
    "locale es-CO": {"locale": "es-CO"},
}


@pytest.fixture(scope="module", params=list(SETUPS))
def spanish(request: pytest.FixtureRequest) -> Iterator[Session]:
    server = Session(**SETUPS[request.param])
    yield server
    server.close()


def test_diagnostics_in_spanish_are_the_audits(spanish: Session) -> None:
    diagnostics = spanish.open(FRIDAY)
    assert as_findings(diagnostics) == expected(audit_json(FRIDAY, lang="es"))
    pegue = next(d for d in diagnostics if d.code == "discard-pegue")  # ids never change
    assert pegue.message.split("\n")[1].startswith("descarta una carta que")
    missed = next(d for d in diagnostics if d.code == "missed-call")
    assert missed.related_information is not None
    assert missed.related_information[0].message.startswith("la renuncia que se dejó pasar")


def test_hovers_and_completion_in_spanish(spanish: Session) -> None:
    text = FRIDAY.read_text(encoding="utf-8")
    spanish.open(FRIDAY)
    value = hover_text(spanish, FRIDAY, at(text, "Mateo discard Kh", 14))
    assert value.startswith("**Kh**: rey de corazones")
    assert "es carta pegue: le sirve al juego 1 (Ah 2h 3h 4h 5h) de Sofía" in value
    meld = hover_text(spanish, FRIDAY, at(text, "Lucía layoff 10c on 2", 20))
    assert meld.startswith("**Juego 2: terna o cuarta de Sofía, bajado en la línea 21**")
    line, _ = at(text, "Lucía layoff 10c on 2")
    items = spanish.completion(FRIDAY, line, 0)
    assert items[0].label == "Lucía" and items[0].detail == "jugador (puesto 1)"
    # the log is in English: its keywords stay English whatever the server speaks
    assert [i.label for i in items[4:]] == ["deal", "stock", "up"]
    assert spanish.stats()[FRIDAY.resolve().as_uri()]["lang"] == "es"


def test_an_explicit_choice_beats_the_locale() -> None:
    english = Session(env={"REFEREE_LANG": "en"}, locale="es")
    try:
        english.open(FRIDAY)
        assert english.stats()[FRIDAY.resolve().as_uri()]["lang"] == "en"
    finally:
        english.close()
    chosen = Session(env={"REFEREE_LANG": "en"}, locale="en",
                     options={"lang": "es", "debounceMs": 30})
    try:
        diagnostics = chosen.open(FRIDAY)
        assert as_findings(diagnostics) == expected(audit_json(FRIDAY, lang="es"))
    finally:
        chosen.close()
