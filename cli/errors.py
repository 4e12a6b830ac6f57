"""What the CLI writes on standard error: errors, warnings and syntax errors, as plain
text (scripts read them too), and the one conversion of a syntax error for display.

No rich here: ``referee audit small.rummy --json`` never imports it. The progress bar
is :mod:`referee.cli.progress`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.messages import render

if TYPE_CHECKING:
    from referee.engine.findings import Finding
    from referee.notation.events import GameRecord


def error(message: str, lang: str = "en") -> None:
    """One error line on standard error."""
    sys.stderr.write(f"{render('report.error', None, lang)}: {message}\n")
    sys.stderr.flush()


def warning(message: str, lang: str = "en") -> None:
    """One warning line on standard error."""
    sys.stderr.write(f"{render('cli.warning', None, lang)}: {message}\n")
    sys.stderr.flush()


@dataclass(frozen=True, slots=True)
class SyntaxNote:
    """A syntax error as standard error shows it: where, the words and the caret."""

    line: int
    column: int | None
    message: str
    context: str


def syntax_note(finding: Finding, lang: str, context: str | None = None) -> SyntaxNote:
    """The one conversion of a syntax error (a ``syntax-error`` finding) for display:
    its message in ``lang`` and its context (the line and a caret), the finding's own
    unless ``context`` is given."""
    from referee.report.model import finding_message

    if context is None:
        context = str(finding.params.get("context") or "")
    return SyntaxNote(finding.line, finding.column, finding_message(finding, lang), context)


def record_notes(records: Iterable[GameRecord], lang: str) -> list[SyntaxNote]:
    """The syntax errors of games as read (before any audit)."""
    from referee.engine.audit import syntax_finding

    return [syntax_note(syntax_finding(p), lang) for record in records for p in record.errors]


def syntax_notes(source: str, notes: Sequence[SyntaxNote], lang: str) -> None:
    """Syntax errors on standard error: ``file:line:column: words``, the line and a caret."""
    for note in notes:
        column = note.column if note.column is not None else "?"
        sys.stderr.write(render("report.syntax_error_at",
                                {"source": source, "line": note.line, "column": column,
                                 "message": note.message}, lang) + "\n")
        for context_line in note.context.split("\n"):  # not splitlines: \x0c, \u2028...
            sys.stderr.write("    " + context_line + "\n")
    sys.stderr.flush()
