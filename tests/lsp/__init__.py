"""``referee lsp``: the language server, talked to over stdio by pygls's own client.

:class:`Session` starts ``python -m referee.cli lsp`` as a subprocess and drives it
from a test with plain calls: pygls's asyncio client runs on an event loop of its
own, in a thread, and each call waits for its answer (or for the diagnostics of a
document version).
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Coroutine, Mapping
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
LOGS = ROOT / "logs"
FRIDAY = LOGS / "noche-de-viernes.rummy"
TIMEOUT = 120.0
T = TypeVar("T")


def uri_of(path: Path) -> str:
    return path.resolve().as_uri()


class Session:
    """A running ``referee lsp`` and a client talking to it."""

    def __init__(self, env: Mapping[str, str] | None = None, locale: str | None = None,
                 options: Mapping[str, Any] | None = None, args: tuple[str, ...] = (),
                 command: tuple[str, ...] = (sys.executable, "-m", "referee.cli", "lsp")) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.published: dict[str, list[lsp.PublishDiagnosticsParams]] = {}
        self.arrived = threading.Condition()
        self.messages: list[str] = []
        self.versions: dict[str, int] = {}
        base = {k: v for k, v in os.environ.items() if k not in ("REFEREE_LANG",
                                                                 "REFEREE_DOCS_URL")}
        self.env = {**base, **(env or {})}
        self.client = self.run(self._start(locale, dict(options or {"debounceMs": 30}),
                                           (*command, *args)))

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = TIMEOUT) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _start(self, locale: str | None, options: dict[str, Any],
                     command: tuple[str, ...]) -> LanguageClient:
        client = LanguageClient("referee-tests", "1")

        @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(params: lsp.PublishDiagnosticsParams) -> None:
            with self.arrived:
                self.published.setdefault(params.uri, []).append(params)
                self.arrived.notify_all()

        @client.feature(lsp.WINDOW_SHOW_MESSAGE)
        def message(params: lsp.ShowMessageParams) -> None:
            self.messages.append(params.message)

        await client.start_io(*command, env=self.env, cwd=str(ROOT))
        self.init = await client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), locale=locale,
            initialization_options=options, process_id=os.getpid()))
        client.initialized(lsp.InitializedParams())
        return client

    # -- documents -----------------------------------------------------------------------

    def open(self, path: Path, text: str | None = None) -> list[lsp.Diagnostic]:
        """Open ``path`` (its text, or ``text``) and wait for its diagnostics."""
        uri = uri_of(path)
        body = path.read_text(encoding="utf-8") if text is None else text
        self.versions[uri] = 1
        self.loop.call_soon_threadsafe(self.client.text_document_did_open,
                                       lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
                                           uri, "rummy", 1, body)))
        return self.diagnostics(uri, 1)

    def change(self, path: Path, text: str, wait: bool = True) -> list[lsp.Diagnostic]:
        """Replace the whole text (version + 1); wait for its diagnostics."""
        uri = uri_of(path)
        self.versions[uri] += 1
        version = self.versions[uri]
        change = lsp.TextDocumentContentChangeWholeDocument(text=text)
        self.loop.call_soon_threadsafe(self.client.text_document_did_change,
                                       lsp.DidChangeTextDocumentParams(
                                           lsp.VersionedTextDocumentIdentifier(
                                               version=version, uri=uri),
                                           [change]))
        return self.diagnostics(uri, version) if wait else []

    def edit(self, path: Path, range: lsp.Range, text: str) -> list[lsp.Diagnostic]:
        """An incremental change: ``text`` over ``range``."""
        uri = uri_of(path)
        self.versions[uri] += 1
        version = self.versions[uri]
        change = lsp.TextDocumentContentChangePartial(range=range, text=text)
        self.loop.call_soon_threadsafe(self.client.text_document_did_change,
                                       lsp.DidChangeTextDocumentParams(
                                           lsp.VersionedTextDocumentIdentifier(
                                               version=version, uri=uri),
                                           [change]))
        return self.diagnostics(uri, version)

    def diagnostics(self, uri: str, version: int, timeout: float = TIMEOUT) -> list[lsp.Diagnostic]:
        """The diagnostics published for ``version`` of the document (waiting for them)."""

        def found() -> lsp.PublishDiagnosticsParams | None:
            return next((p for p in self.published.get(uri, []) if p.version == version), None)

        with self.arrived:
            params = self.arrived.wait_for(found, timeout)
        if params is None:
            raise TimeoutError(f"no diagnostics for {uri} version {version}")
        return list(params.diagnostics)

    # -- requests ------------------------------------------------------------------------

    def hover(self, path: Path, line: int, character: int) -> lsp.Hover | None:
        return self.run(self.client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier(uri_of(path)), lsp.Position(line, character))))

    def completion(self, path: Path, line: int, character: int) -> list[lsp.CompletionItem]:
        result = self.run(self.client.text_document_completion_async(lsp.CompletionParams(
            lsp.TextDocumentIdentifier(uri_of(path)), lsp.Position(line, character))))
        if result is None:
            return []
        return list(result.items if isinstance(result, lsp.CompletionList) else result)

    def definition(self, path: Path, line: int, character: int) -> Any:
        return self.run(self.client.text_document_definition_async(lsp.DefinitionParams(
            lsp.TextDocumentIdentifier(uri_of(path)), lsp.Position(line, character))))

    def symbols(self, path: Path) -> Any:
        return self.run(self.client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(lsp.TextDocumentIdentifier(uri_of(path)))))

    def formatting(self, path: Path) -> list[lsp.TextEdit] | None:
        return self.run(self.client.text_document_formatting_async(lsp.DocumentFormattingParams(
            lsp.TextDocumentIdentifier(uri_of(path)), lsp.FormattingOptions(4, True))))

    def code_actions(self, path: Path, range: lsp.Range,
                     diagnostics: list[lsp.Diagnostic]) -> list[Any]:
        result = self.run(self.client.text_document_code_action_async(lsp.CodeActionParams(
            lsp.TextDocumentIdentifier(uri_of(path)), range,
            lsp.CodeActionContext(diagnostics=diagnostics))))
        return list(result or [])

    def stats(self) -> dict[str, Any]:
        result = self.run(self.client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="referee.stats")))
        assert isinstance(result, dict)
        return result

    def close(self) -> None:
        async def stop() -> None:
            await self.client.shutdown_async(None)
            self.client.exit(None)
            await self.client.stop()

        try:
            self.run(stop(), timeout=30)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=10)


def apply_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """``text`` with LSP edits applied (line/character in UTF-16 units of ``\\n`` lines)."""
    lines = text.split("\n")

    def offset(position: lsp.Position) -> int:
        before = sum(len(line) + 1 for line in lines[:position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = 0
        for at, ch in enumerate(line):
            if units >= position.character:
                return before + at
            units += 2 if ord(ch) > 0xFFFF else 1
        return before + len(line)

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text
