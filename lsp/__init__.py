"""``referee lsp``: a Language Server Protocol server for `.rummy` logs (docs/lsp.md).

The server speaks LSP over standard input and output (pygls and lsprotocol) and asks
the referee itself: the reader and the audit (:mod:`.analysis`, kept up to date
game by game as the log changes), the replay (hovers, completion) and the canonical
form (formatting), so the editor and ``referee audit`` never disagree. One module a
job: :mod:`.server` (the wiring), :mod:`.diagnostics`, :mod:`.hover`,
:mod:`.completion`, :mod:`.symbols` (symbols and go-to-definition),
:mod:`.formatting` (formatting and quick fixes), :mod:`.locale` (language and
settings), with :mod:`.lines`, :mod:`.cursor` and :mod:`.tables` beneath them. Only
:mod:`.server` imports pygls.
"""
