"""The JSON writer: the report written game by game is the report held whole, to the byte."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee.report.json as json_module
from referee.audit import audit_text
from referee.report.json import fast_dumps, orjson_dumps, plain_dumps, write_report
from referee.report.model import build_report, exit_status, game_data

LOGS = Path(__file__).resolve().parents[2] / "logs"
DATA = Path(__file__).resolve().parents[1] / "data"
EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"


def report_logs() -> list[tuple[str, str]]:
    """Logs of every kind: the samples, the test logs, simulated nights (English,
    Spanish, house rules, hidden hands), a syntax error, odd characters, nothing."""
    from referee.notation.reader import read_path
    from referee.sim import simulate_log

    logs = [(str(p), read_path(p)) for p in sorted(LOGS.rglob("*.rummy"))]
    logs += [(str(p), read_path(p)) for p in sorted(EXAMPLES.glob("*.rummy"))]
    logs += [(str(p), read_path(p)) for p in sorted(DATA.rglob("*.rummy"))
             if p.name != "not-utf8.rummy"]
    logs += [
        ("sim", simulate_log(12, (2, 6), 5)),
        ("es", simulate_log(6, (2, 6), 6, lang="es", knobs={"MinOpen": "71", "RunMin": "3"})),
        ("hidden", simulate_log(6, (2, 6), 7, hidden=True)),
        ("odd", '[Game "51"]\n[Players "Ana Beto"]\n[Event "tab\there \x01 \\" \\\\ ñ ♥ \u2028"]\n'
                "Ana discard 7h\nBeto bota 9x\n"),
        ("nothing", ""),
    ]
    return logs


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_streamed_report_is_the_whole_report(lang: str) -> None:
    """The CLI writes each file's report game by game; it must be the report held whole
    (``json.dumps(report, indent=2)``), and a batch's list likewise."""
    reports = []
    batch = io.StringIO()
    batch.write("[")
    for i, (source, text) in enumerate(report_logs()):
        results = audit_text(text, source)
        whole = build_report(source, results, lang)
        out = io.StringIO()
        summary = write_report(out, source, (game_data(r, lang) for r in results))
        assert out.getvalue() == json.dumps(whole, indent=2, ensure_ascii=False)
        assert summary.as_dict() == whole["summary"]
        assert summary.exit_status() == exit_status(whole)
        batch.write(("\n" if i == 0 else ",\n") + "  ")
        write_report(batch, source, (game_data(r, lang) for r in results), depth=1)
        reports.append(whole)
    batch.write("\n]")
    assert batch.getvalue() == json.dumps(reports, indent=2, ensure_ascii=False)


# orjson writes the report's text when it is installed: the same characters as json.dumps.

_KEYS = st.text(max_size=6)
_LEAVES = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
           | st.text(alphabet=st.characters(codec="utf-8"), max_size=12))
_VALUES = st.recursive(_LEAVES, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(_KEYS, inner, max_size=4), max_leaves=20)


@pytest.fixture
def orjson_from_now(monkeypatch: pytest.MonkeyPatch) -> None:
    """fast_dumps past the first values json writes (orjson's turn)."""
    pytest.importorskip("orjson")
    monkeypatch.setattr(json_module, "_plain_left", 0)


@settings(max_examples=400, deadline=None)
@given(_VALUES)
def test_orjson_writes_what_json_writes(value: object) -> None:
    pytest.importorskip("orjson")
    text = orjson_dumps(value)
    assert text is None or text == plain_dumps(value)


@pytest.mark.usefixtures("orjson_from_now")
@pytest.mark.parametrize("value", [
    {"big": 2**70}, {"small": -(2**70)}, {1: "int key"}, {"lone": "\ud800"}, ["\udfff", 3],
    {"control": "\x00\x1f\x7f\u2028\u2029\ufeff\"\\/"},
])
def test_fast_dumps_where_orjson_refuses_or_escapes(value: object) -> None:
    assert fast_dumps(value) == plain_dumps(value)


@pytest.mark.usefixtures("orjson_from_now")
def test_fast_dumps_is_orjson_past_the_first_values() -> None:
    value = {"games": [{"n": 1, "names": ["Ana", "Bea"]}], "clean": True}
    assert orjson_dumps(value) == plain_dumps(value)  # orjson can write it
    assert fast_dumps(value) == plain_dumps(value)
    assert json_module._plain_left == 0


def test_the_first_values_do_not_import_orjson() -> None:
    """A one-game report writes a few values (its source, the game, the summary): json
    writes them and orjson is not imported; a long report goes on with orjson."""
    code = ("import sys, importlib.util\nfrom referee.report.json import PLAIN_FIRST, fast_dumps\n"
            "for n in range(4):\n    fast_dumps({'n': n})\n"
            "assert 'orjson' not in sys.modules, 'imported early'\n"
            "for n in range(PLAIN_FIRST):\n    fast_dumps({'n': n})\n"
            "assert importlib.util.find_spec('orjson') is None or 'orjson' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)
