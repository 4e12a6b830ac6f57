"""Every API error as JSON: ``{"error": {"status": 413, "message": "..."}}``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict
from starlette.exceptions import HTTPException as StarletteHTTPException

CLIENT_CLOSED = 499  # the audit stopped because the client closed the connection


class ClientGoneError(Exception):
    """The client closed the connection before its report was ready."""

    def __init__(self, games: int) -> None:
        super().__init__(f"the client went away (games audited: {games})")
        self.games = games


class ErrorDetail(BaseModel):
    model_config = ConfigDict(extra="allow")  # a refusal of a live table adds its details

    status: int
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class ApiError(Exception):
    """Raised by a route for a client error with a clear message."""

    def __init__(self, status: int, message: str,
                 headers: Mapping[str, str] | None = None,
                 details: Mapping[str, Any] | None = None,
                 beside: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = dict(headers or {})
        self.details = dict(details or {})  # more fields of "error" (rule, column, hint...)
        self.beside = dict(beside or {})  # fields beside "error" (a stale write's seq)


def error_response(status: int, message: str,
                   headers: Mapping[str, str] | None = None,
                   details: Mapping[str, Any] | None = None,
                   beside: Mapping[str, Any] | None = None) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(status=status, message=message, **(details or {})))
    return JSONResponse({**body.model_dump(), **(beside or {})}, status_code=status,
                        headers=headers)


def responses(*statuses: int) -> dict[int | str, dict[str, object]]:
    """OpenAPI ``responses`` entries for the error statuses a route can return."""
    words = {400: "Bad request", 401: "No token: send Authorization: Bearer TOKEN",
             403: "A token of another table or seat", 404: "Not found",
             408: "The body did not arrive in time", 409: "Conflict with the table as it is",
             429: "Too many: changes to one table a second, tables created a minute "
                  "or streams open; wait Retry-After seconds",
             413: "Body too large, too many games or a report too large",
             415: "Not text/plain", 422: "Invalid parameters", 500: "Internal error",
             503: "The audit took too long"}
    return {s: {"model": ErrorBody, "description": words.get(s, "Error")} for s in statuses}


def install(app: FastAPI) -> None:
    async def api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc.status, exc.message, exc.headers, exc.details, exc.beside)

    async def client_gone(_: Request, exc: Exception) -> Response:
        return Response(status_code=CLIENT_CLOSED)  # nobody reads it: the client is gone

    async def http_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        response = error_response(exc.status_code, str(exc.detail))
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def validation_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        parts = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x not in ("query", "body"))
            parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else
                         str(err.get("msg", "invalid")))
        return error_response(400, "; ".join(parts) or "invalid request")

    async def internal_error(_: Request, exc: Exception) -> JSONResponse:
        return error_response(500, f"internal error: {type(exc).__name__}")

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(ClientGoneError, client_gone)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Exception, internal_error)
