"""The server's wiring: pygls over standard input and output, one :class:`Document` per
open log, every feature asking the document's :class:`~referee.lsp.analysis.Analysis`.

Diagnostics are published on open and after every change, once the changes have
stopped for the debounce delay (``Settings.debounce``); a request that arrives in
between (a hover, a completion) first brings its document up to date. The analysis
runs on the server's event loop: after a change it reads and audits only the games
that changed (docs/performance.md, "The language server").
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer

from referee import __version__
from referee.lsp.analysis import Analysis, Work
from referee.lsp.completion import completion
from referee.lsp.diagnostics import Fix, diagnostics
from referee.lsp.formatting import blocked_message, code_actions, formatting
from referee.lsp.hover import hover
from referee.lsp.lines import UTF16, Lines
from referee.lsp.locale import Settings, settings
from referee.lsp.symbols import definition, document_symbols

TRIGGERS = [" ", "[", '"']


@dataclass(slots=True)
class Document:
    """An open log: its analysis, lines and quick fixes as last published."""

    uri: str
    analysis: Analysis
    lines: Lines
    version: int | None = None
    fixes: list[Fix] = field(default_factory=list)
    timer: asyncio.TimerHandle | None = None
    stale: bool = True
    work: Work | None = None
    seconds: float = 0.0  # what the last analysis took


def source_name(uri: str) -> str:
    """The file a ``file://`` URI names (else the URI itself), as a report names it."""
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


class RefereeServer(LanguageServer):
    """The referee's language server."""

    def __init__(self, lang: str | None = None, docs_url: str | None = None,
                 debounce_ms: int | None = None) -> None:
        super().__init__("referee", __version__)
        self.command_line = (lang, docs_url, debounce_ms)
        self.settings: Settings = settings(None, None, lang, docs_url, debounce_ms)
        self.documents: dict[str, Document] = {}

    def configure(self, params: lsp.InitializeParams) -> None:
        lang, docs_url, debounce_ms = self.command_line
        self.settings = settings(params.initialization_options, params.locale, lang, docs_url,
                                 debounce_ms)

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or UTF16)

    # -- documents -----------------------------------------------------------------------

    def opened(self, uri: str, version: int | None) -> None:
        self.documents[uri] = Document(uri, Analysis(source_name(uri)), Lines(""), version)
        self.refresh(uri)

    def changed(self, uri: str, version: int | None) -> None:
        document = self.documents.get(uri)
        if document is None:
            self.opened(uri, version)
            return
        document.version = version
        document.stale = True
        if document.timer is not None:
            document.timer.cancel()
        document.timer = asyncio.get_running_loop().call_later(
            self.settings.debounce, self.refresh, uri)

    def closed(self, uri: str) -> None:
        document = self.documents.pop(uri, None)
        if document is not None and document.timer is not None:
            document.timer.cancel()
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri, []))

    def refresh(self, uri: str) -> None:
        """Analyse the document's text as it stands and publish its diagnostics."""
        document = self.documents.get(uri)
        if document is None:
            return
        if document.timer is not None:
            document.timer.cancel()
            document.timer = None
        started = time.perf_counter()
        text = self.workspace.get_text_document(uri).source
        document.work = document.analysis.update(text)
        document.lines = Lines(text, self.encoding)
        found, document.fixes = diagnostics(document.analysis.games, document.lines, uri,
                                            self.settings)
        document.stale = False
        document.seconds = time.perf_counter() - started
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri, found, document.version))

    def current(self, uri: str) -> Document | None:
        """The document brought up to date (a request does not wait for the debounce)."""
        document = self.documents.get(uri)
        if document is not None and document.stale:
            self.refresh(uri)
        return document


def _position(document: Document, position: lsp.Position) -> tuple[int, int]:
    """The reader's line (1-based) and the character (0-based) of an LSP position."""
    line = position.line + 1
    return line, document.lines.column(line, position.character)


def initialize(ls: RefereeServer, params: lsp.InitializeParams) -> None:
    ls.configure(params)


def did_open(ls: RefereeServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.opened(params.text_document.uri, params.text_document.version)


def did_change(ls: RefereeServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.changed(params.text_document.uri, params.text_document.version)


def did_close(ls: RefereeServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.closed(params.text_document.uri)


def on_hover(ls: RefereeServer, params: lsp.HoverParams) -> lsp.Hover | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    line, column = _position(document, params.position)
    return hover(document.analysis, document.lines, line, column, ls.settings.lang)


def on_completion(ls: RefereeServer, params: lsp.CompletionParams) -> lsp.CompletionList | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    line, column = _position(document, params.position)
    return completion(document.analysis, document.lines, line, column, ls.settings.lang)


def on_definition(ls: RefereeServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    line, column = _position(document, params.position)
    return definition(document.analysis, document.lines, line, column, document.uri)


def on_symbols(ls: RefereeServer,
               params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol] | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    return document_symbols(document.analysis, document.lines, ls.settings.lang)


def on_formatting(ls: RefereeServer,
                  params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit] | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    edits = formatting(document.analysis.text, document.lines, document.analysis.source,
                       ls.settings.lang)
    if edits is None:
        ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Info,
                                                     blocked_message(ls.settings.lang)))
    return edits


def on_code_action(ls: RefereeServer,
                   params: lsp.CodeActionParams) -> list[lsp.CodeAction] | None:
    document = ls.current(params.text_document.uri)
    if document is None:
        return None
    return code_actions(document.fixes, params.range, document.uri, ls.settings.lang)


def stats(ls: RefereeServer, *args: Any) -> dict[str, Any]:
    """What the last analysis of each open log did (``referee.stats``: for the tests and
    bench/lsp.py)."""
    return {uri: {"games": d.work.games if d.work else 0,
                  "read": d.work.read if d.work else 0,
                  "audited": d.work.audited if d.work else 0,
                  "seconds": d.seconds, "lang": ls.settings.lang}
            for uri, d in ls.documents.items()}


FEATURES: tuple[tuple[str, Any, Any], ...] = (
    (lsp.INITIALIZE, None, initialize),
    (lsp.TEXT_DOCUMENT_DID_OPEN, None, did_open),
    (lsp.TEXT_DOCUMENT_DID_CHANGE, None, did_change),
    (lsp.TEXT_DOCUMENT_DID_CLOSE, None, did_close),
    (lsp.TEXT_DOCUMENT_HOVER, None, on_hover),
    (lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=TRIGGERS),
     on_completion),
    (lsp.TEXT_DOCUMENT_DEFINITION, None, on_definition),
    (lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL, None, on_symbols),
    (lsp.TEXT_DOCUMENT_FORMATTING, None, on_formatting),
    (lsp.TEXT_DOCUMENT_CODE_ACTION,
     lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]), on_code_action),
)
STATS = "referee.stats"


def build_server(lang: str | None = None, docs_url: str | None = None,
                 debounce_ms: int | None = None) -> RefereeServer:
    """The server with every feature registered."""
    server = RefereeServer(lang, docs_url, debounce_ms)
    for method, options, handler in FEATURES:
        server.feature(method, options)(handler)
    server.command(STATS)(stats)
    return server


def serve(lang: str | None = None, docs_url: str | None = None,
          debounce_ms: int | None = None) -> None:
    """Run the server over standard input and output until the client says exit."""
    build_server(lang, docs_url, debounce_ms).start_io()
