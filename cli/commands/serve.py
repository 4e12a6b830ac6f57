"""``referee serve``: the page and the HTTP API, with uvicorn.

The socket is bound here, before uvicorn starts, so a port already in use is a clear
error with exit status 2 (uvicorn alone logs it and exits 1; 3 stays for the
referee's own failures).
"""

from __future__ import annotations

import errno
import os
import socket
from typing import TYPE_CHECKING, Any

from referee.cli.common import cli_lang, fail
from referee.messages import render

if TYPE_CHECKING:
    from referee.api.settings import Settings

APP_FACTORY = "referee.api.app:create_app"


def bind(host: str, port: int, lang: str) -> socket.socket:
    """A listening socket on ``host``:``port``, as uvicorn binds it; exit 2 when it cannot."""
    params = {"host": host, "port": port}
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        # IPPROTO_TCP, as asyncio makes its own: only then does it set TCP_NODELAY on
        # the connections it accepts (else a kept-alive request waits ~40 ms, Nagle's
        # algorithm meeting the client's delayed ACK)
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
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


def apply_options(workers: int | None, keep_alive: int | None, request_timeout: int | None,
                  audit_timeout: int | None) -> None:
    """The options over the ``REFEREE_*`` environment, which every worker process reads."""
    given = {"REFEREE_WORKERS": workers, "REFEREE_KEEP_ALIVE_TIMEOUT": keep_alive,
             "REFEREE_REQUEST_TIMEOUT": request_timeout, "REFEREE_AUDIT_TIMEOUT": audit_timeout}
    for name, value in given.items():
        if value is not None:
            os.environ[name] = str(value)


def serve_one(settings: Settings, sock: socket.socket, config: dict[str, Any]) -> None:
    """One process: the app built here, served on ``sock``."""
    import uvicorn

    from referee.api.app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(settings), **config))
    server.run(sockets=[sock])


def serve_many(workers: int, sock: socket.socket, config: dict[str, Any]) -> None:
    """``workers`` processes sharing ``sock``, each building the app from the environment
    (uvicorn's supervisor restarts one that dies)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    uv_config = uvicorn.Config(APP_FACTORY, factory=True, workers=workers, **config)
    Multiprocess(uv_config, sockets=[sock]).run()


def run_serve(host: str = "127.0.0.1", port: int = 8051, log_level: str = "info",
              lang: str | None = None, workers: int | None = None,
              keep_alive: int | None = None, request_timeout: int | None = None,
              audit_timeout: int | None = None) -> int:
    from pydantic import ValidationError

    from referee.api.settings import Settings

    code = cli_lang(lang)
    sock = bind(host, port, code)  # first: a port in use fails before anything starts
    try:
        apply_options(workers, keep_alive, request_timeout, audit_timeout)
        try:
            settings = Settings()
        except ValidationError as exc:  # a bad REFEREE_* setting in the environment
            fail(str(exc), code)
        from referee.api.protocol import TimedH11Protocol

        config: dict[str, Any] = {"host": host, "port": port, "log_level": log_level,
                                  "timeout_keep_alive": settings.keep_alive_timeout,
                                  "http": TimedH11Protocol}
        if settings.workers > 1:
            serve_many(settings.workers, sock, config)
        else:
            serve_one(settings, sock, config)
    finally:
        sock.close()
    return 0
