"""``referee lsp``: the language server for `.rummy` logs, over standard input and output.

pygls is imported only here, when the command runs (the CLI's start-up does not pay
for it); a missing pygls is an error that says how to install it. Standard output is
the protocol's: nothing else is written there.
"""

from __future__ import annotations

from referee.cli.common import cli_lang, fail
from referee.messages import render, unknown_lang

INSTALL = "pip install 'pygls>=2'"


def run_lsp(lang: str | None = None, docs_url: str | None = None,
            debounce: int | None = None) -> int:
    code = cli_lang(lang)  # warns (on standard error) about an unknown language
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        fail(render("cli.lsp.missing", {"install": INSTALL}, code), code)
    from referee.lsp.server import serve

    serve(lang=None if lang is None or unknown_lang(lang) else lang, docs_url=docs_url,
          debounce_ms=debounce)
    return 0
