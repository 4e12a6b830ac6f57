"""axe-core in the browser tests: ``serious_violations(page)`` runs axe on a Playwright page
and names every critical or serious violation it finds.

axe-core comes from npm, pinned by ``tests/axe/package-lock.json`` (``npm ci --prefix
tests/axe``, which ``.ci/run`` does). Without it the tests that call this skip and say
so; under CI (``REFEREE_CI=1``) they fail instead, so that CI cannot pass without axe.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("critical", "serious")
# axe's rules for WCAG 2.x A and AA and its best practices, on the whole page; and one of its
# experimental rules: a control's name holds its visible text (WCAG 2.5.3, "JK" is in
# "JK (Joker)"), so that a voice user can say what they see.
RUN = """async () => await axe.run(document, {
    resultTypes: ["violations"],
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa",
                                    "wcag22aa", "best-practice"]},
    rules: {"label-content-name-mismatch": {enabled: true}},
})"""


def axe_source() -> str:
    """axe.min.js, or a skip (a failure under ``REFEREE_CI``) when it is not installed."""
    if not AXE.is_file():
        reason = "tests/axe/node_modules is missing: run npm ci --prefix tests/axe"
        if os.environ.get("REFEREE_CI"):
            pytest.fail(f"REFEREE_CI is set and {reason}")
        pytest.skip(reason)
    return AXE.read_text(encoding="utf-8")


def describe(violation: dict[str, Any]) -> str:
    """One line for a violation: its rule, its impact, what it asks and where it is."""
    where = "; ".join(" ".join(str(part) for part in node["target"])
                      for node in violation["nodes"][:5])
    more = len(violation["nodes"]) - 5
    checks = [check for node in violation["nodes"][:1]
              for check in node.get("any", []) + node.get("all", []) + node.get("none", [])]
    why = f" [{checks[0]['message']}]" if checks and checks[0].get("message") else ""
    return (f"{violation['id']} ({violation['impact']}): {violation['help']} at {where}"
            + (f" (and {more} more)" if more > 0 else "") + why)


def violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (axe injected through the DevTools
    protocol, so a page's Content-Security-Policy does not stop it)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    found: dict[str, Any] = page.evaluate(RUN)
    return list(found["violations"])


def serious_violations(page: Any) -> list[str]:
    """The critical and serious violations on the page, each as one line (empty: none)."""
    return [describe(violation) for violation in violations(page)
            if violation.get("impact") in SERIOUS]
