"""``referee fmt``: a log in canonical notation, line for line; ``--check`` for many."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.cli.common import (
    EXIT_FINDINGS,
    EXIT_UNREADABLE,
    check_encoding,
    cli_lang,
    fail,
    inputs_or_stdin,
    read_one,
)
from referee.cli.errors import error, record_notes, syntax_notes
from referee.messages import render, render_count


def formatted(source: str, text: str, lang: str, symbols: bool) -> str | None:
    """``text`` in canonical notation; None (the syntax errors printed) when it has any."""
    from referee.notation.canonical import format_log
    from referee.notation.reader import read_games

    records = read_games(text, source)
    notes = record_notes(records, lang)
    if notes:
        syntax_notes(source, notes, lang)
        return None
    return format_log(text, records, lang=lang, symbols=symbols)


def run_fmt(paths: list[str] | None = None, check: bool = False, lang: str | None = None,
            symbols: bool = False, encoding: str | None = None) -> int:
    code = cli_lang(lang)
    check_encoding(encoding, code)
    paths = inputs_or_stdin(paths, "fmt", code)
    if check:
        return _check(paths, code, symbols, encoding)
    if len(paths) > 1 or Path(paths[0]).is_dir():
        fail(render("cli.fmt.one_file", {"count": len(paths)}, code), code)
    source, text = read_one(paths[0], code, encoding)
    out = formatted(source, text, code, symbols)
    if out is None:
        return EXIT_UNREADABLE
    sys.stdout.write(out)
    return 0


def _check(paths: list[str], lang: str, symbols: bool, encoding: str | None) -> int:
    """Name every file that is not canonical (``fmt`` would not print its bytes as they
    are: canonical logs are UTF-8); 1 when one is, 2 when one cannot be read."""
    from referee.cli.batch.inputs import STDIN, expand_inputs, read_source, source_name

    inputs, problems = expand_inputs(paths, lang)
    for problem in problems:
        error(problem.message, lang)
    status = EXIT_UNREADABLE if problems else 0
    changed = checked = 0
    for path in inputs:
        text, unreadable = read_source(path, lang, encoding)
        if text is None:
            error(unreadable or path, lang)
            status = EXIT_UNREADABLE
            continue
        out = formatted(source_name(path), text, lang, symbols)
        if out is None:
            status = EXIT_UNREADABLE
            continue
        checked += 1
        same = out == text if path == STDIN else out.encode("utf-8") == Path(path).read_bytes()
        if not same:
            changed += 1
            sys.stderr.write(render("cli.fmt.would_change", {"path": source_name(path)},
                                    lang) + "\n")
    if changed:
        sys.stderr.write(render_count("cli.fmt.checked", checked,
                                      {"changed": changed, "files": checked}, lang) + "\n")
        status = max(status, EXIT_FINDINGS)
    elif checked:
        sys.stderr.write(render_count("cli.fmt.all_canonical", checked, {"files": checked},
                                      lang) + "\n")
    return status
