"""Formatting (``referee fmt``'s canonical form, line for line) and quick fixes (a code
action for each "did you mean ...?").

The log is formatted in the language its keywords are written in
(:func:`referee.lsp.locale.log_lang`), so the edits are exactly what
``referee fmt --lang LANG`` prints; as ``referee fmt``, a log with syntax errors is
not formatted. The edits replace only the lines that change; a text whose line ends
are not all ``\\n`` is replaced whole (``fmt`` writes ``\\n``).
"""

from __future__ import annotations

from collections.abc import Iterable

from lsprotocol import types as lsp

from referee.lsp.diagnostics import Fix
from referee.lsp.lines import Lines
from referee.lsp.locale import log_lang
from referee.messages import render
from referee.notation.canonical import format_log
from referee.notation.reader import read_games


def canonical(text: str, source: str, lang: str) -> str | None:
    """``text`` as ``referee fmt`` writes it; None when it has syntax errors."""
    records = read_games(text, source)
    if any(record.errors for record in records):
        return None
    return format_log(text, records, lang=lang)


def formatting(text: str, lines: Lines, source: str, lang: str) -> list[lsp.TextEdit] | None:
    """The edits that make the document canonical (None: it cannot be formatted)."""
    out = canonical(text, source, log_lang(lines.lines, lang))
    if out is None:
        return None
    if out == text:
        return []
    if "\r" in text:
        return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), lines.end()), out)]
    new = out.split("\n")
    edits = [lsp.TextEdit(lines.span(number, 0, len(old)), new[number - 1])
             for number, old in enumerate(lines.lines, 1)
             if number <= len(new) and new[number - 1] != old]
    if not text.endswith("\n"):  # fmt ends the last line
        last = len(lines.lines) - 1
        if edits and edits[-1].range.start.line == last:
            edits[-1].new_text += "\n"
        else:
            edits.append(lsp.TextEdit(lsp.Range(lines.end(), lines.end()), "\n"))
    return edits


def blocked_message(lang: str) -> str:
    return render("lsp.fmt_blocked", None, lang)


def code_actions(fixes: Iterable[Fix], wanted: lsp.Range, uri: str,
                 lang: str) -> list[lsp.CodeAction]:
    """A quick fix for each "did you mean" whose diagnostic touches ``wanted``."""
    return [lsp.CodeAction(
        title=render("lsp.fix", {"old": fix.old, "new": fix.new}, lang),
        kind=lsp.CodeActionKind.QuickFix, diagnostics=[fix.diagnostic], is_preferred=True,
        edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(fix.range, fix.new)]}))
        for fix in fixes if _touches(fix.diagnostic.range, wanted)]


def _touches(a: lsp.Range, b: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return (p.line, p.character)

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)
