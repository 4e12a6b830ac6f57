"""Golden tests: every sample log in ``logs/`` audits to its recorded report.

The recorded reports live in ``tests/golden/`` (same relative path, ``.json``).
After a deliberate change of a ruling or message, regenerate them with
``REFEREE_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from referee.audit import audit_text
from referee.notation.reader import read_path
from referee.report.model import build_report

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "logs"
GOLDEN = Path(__file__).resolve().parent / "golden"
SAMPLES = sorted(LOGS.rglob("*.rummy"))


def report_of(path: Path) -> dict[str, object]:
    source = path.relative_to(ROOT).as_posix()
    results = audit_text(read_path(path), source)
    return dict(build_report(source, results))


def test_there_are_sample_logs() -> None:
    assert len(SAMPLES) >= 8


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.relative_to(LOGS).as_posix())
def test_sample_log_matches_its_golden_report(path: Path) -> None:
    golden = GOLDEN / path.relative_to(LOGS).with_suffix(".json")
    report = report_of(path)
    if os.environ.get("REFEREE_UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", "utf-8")
    assert golden.exists(), f"no golden report for {path.name}: run with REFEREE_UPDATE_GOLDEN=1"
    assert report == json.loads(golden.read_text("utf-8"))


def test_the_sample_logs_say_what_they_show() -> None:
    for path in SAMPLES:
        assert path.read_text("utf-8").startswith("#"), f"{path.name} has no opening comment"
