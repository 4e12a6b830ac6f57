"""A faulty meld's reason ("fewer than 3 cards") is said in the reader's language: in
the report, in ``referee audit --lang es`` and in the language server under ``es``, in
51 and in Rummy argentino (each reason is a catalog message, a
:class:`~referee.messages.Phrase` the finding's message renders)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.report.model import build_report
from tests.test_catalogs_spanish import english_words

# (game, meld laid, the reason in Spanish)
CASES = [
    ("51", "5h 5d", "menos de 3 cartas"),
    ("51", "JK JK JK", "ninguna carta natural"),
    ("51", "9c 10h Jc", "ni terna ni escalera"),
    ("51", "7h 7d 7c 7s 7h", "un grupo de 5 cartas o más"),
    ("rummy-argentino", "Ah Ad", "menos de 3 cartas"),
    ("rummy-argentino", "9c 10h Jc", "ni terna ni escalera"),
    ("rummy-argentino", "7h 7d JK=8c", "una carta hace de otra de distinto número"),
]


def log_of(game: str, meld: str) -> str:
    return f'[Game "{game}"]\n[Players "Ana Beto"]\n\nAna draw\nAna meld {meld}\n'


def _invalid(text: str, lang: str) -> str:
    report = build_report("x.rummy", audit_text(text, "x.rummy"), lang=lang)
    (game,) = report["games"]
    (message,) = [f["message"] for f in game["findings"] if f["rule"] == "meld-invalid"]
    return message


@pytest.mark.parametrize(("game", "meld", "reason"), CASES)
def test_the_reason_is_in_the_reports_language(game: str, meld: str, reason: str) -> None:
    spanish = _invalid(log_of(game, meld), "es")
    assert spanish.endswith(f"({reason})") and english_words(spanish) == set()
    assert english_words(_invalid(log_of(game, meld), "en"))  # the same in English


def test_referee_audit_in_spanish_says_the_reason_in_spanish(tmp_path: Path) -> None:
    path = tmp_path / "corta.rummy"
    path.write_text(log_of("51", "5h 5d"), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "referee.cli", "audit", str(path), "--lang",
                           "es", "--json"], capture_output=True, text=True, check=False)
    assert "(menos de 3 cartas)" in done.stdout and "fewer than" not in done.stdout


def test_the_language_server_in_spanish_says_the_reason_in_spanish(tmp_path: Path) -> None:
    from tests.lsp import Session

    path = tmp_path / "corta.rummy"
    text = log_of("rummy-argentino", "Ah Ad")
    path.write_text(text, encoding="utf-8")
    server = Session(env={"REFEREE_LANG": "es"})
    try:
        diagnostics = server.open(path)
    finally:
        server.close()
    (invalid,) = [d for d in diagnostics if d.code == "meld-invalid"]
    assert "(menos de 3 cartas)" in invalid.message and "fewer" not in invalid.message
