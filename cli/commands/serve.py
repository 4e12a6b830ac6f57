"""``referee serve``: the page and the HTTP API, with uvicorn.

The socket is bound here, before uvicorn starts, so a port already in use is a clear
error with exit status 2 (uvicorn alone logs it and exits 1; 3 stays for the
referee's own failures).
"""

from __future__ import annotations

import errno
import socket

from referee.cli.common import cli_lang, fail
from referee.messages import render


def bind(host: str, port: int, lang: str) -> socket.socket:
    """A listening socket on ``host``:``port``, as uvicorn binds it; exit 2 when it cannot."""
    params = {"host": host, "port": port}
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        sock = socket.socket(family, socket.SOCK_STREAM)
    except OSError as exc:
        fail(render("cli.serve.cannot_listen", params | {"reason": exc.strerror or str(exc)},
                    lang), lang)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            fail(render("cli.serve.port_in_use", params, lang), lang)
        fail(render("cli.serve.cannot_listen", params | {"reason": exc.strerror or str(exc)},
                    lang), lang)
    sock.set_inheritable(True)
    return sock


def run_serve(host: str = "127.0.0.1", port: int = 8051, log_level: str = "info",
              lang: str | None = None) -> int:
    import uvicorn
    from pydantic import ValidationError

    code = cli_lang(lang)
    sock = bind(host, port, code)  # first: a port in use fails before anything starts
    try:
        from referee.api.app import create_app

        try:
            application = create_app()
        except ValidationError as exc:  # a bad REFEREE_* setting in the environment
            fail(str(exc), code)
        server = uvicorn.Server(uvicorn.Config(application, host=host, port=port,
                                               log_level=log_level))
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0
