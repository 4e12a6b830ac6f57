"""Every API error as JSON: ``{"error": {"status": 413, "message": "..."}}``."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException


class ErrorDetail(BaseModel):
    status: int
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class ApiError(Exception):
    """Raised by a route for a client error with a clear message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(status: int, message: str) -> JSONResponse:
    body = ErrorBody(error=ErrorDetail(status=status, message=message))
    return JSONResponse(body.model_dump(), status_code=status)


def responses(*statuses: int) -> dict[int | str, dict[str, object]]:
    """OpenAPI ``responses`` entries for the error statuses a route can return."""
    words = {400: "Bad request", 413: "Body too large", 415: "Not text/plain",
             422: "Invalid parameters", 500: "Internal error"}
    return {s: {"model": ErrorBody, "description": words.get(s, "Error")} for s in statuses}


def install(app: FastAPI) -> None:
    async def api_error(_: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return error_response(exc.status, exc.message)

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
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Exception, internal_error)
