"""The HTTP API reference (``reference/http.md``), written from the FastAPI app's own
OpenAPI schema (``create_app().openapi()``, what ``/openapi.json`` serves): every route
with its parameters, body and answers, then every schema with its fields. The page is
plain Markdown: it needs no script and nothing from another host."""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

Schema = dict[str, Any]
METHODS = ("get", "post", "put", "patch", "delete")
REF = "#/components/schemas/"


@cache
def openapi() -> Schema:
    """The OpenAPI schema of the app ``referee serve`` runs."""
    from referee.api.app import create_app

    schema: Schema = create_app().openapi()
    return schema


def cell(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def operation_anchor(method: str, path: str) -> str:
    """``post-v1-tables-table_id-events`` for ``POST /v1/tables/{table_id}/events``."""
    return method + "-" + re.sub(r"[^A-Za-z0-9_]+", "-", path).strip("-")


def schema_link(name: str) -> str:
    return f"[{name}](#schema-{name})"


def type_of(schema: Schema) -> str:
    """A schema in words, each named schema linked to its section."""
    if "$ref" in schema:
        return schema_link(schema["$ref"].removeprefix(REF))
    parts: list[Schema] = schema.get("anyOf") or schema.get("oneOf") or []
    if parts:
        return " or ".join(type_of(part) for part in parts)
    if "enum" in schema:
        return "one of " + ", ".join(f"`{value}`" for value in schema["enum"])
    if "const" in schema:
        return f"`{schema['const']}`"
    kind = schema.get("type", "any")
    if kind == "array":
        return "array of " + type_of(schema.get("items", {}))
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return "object of " + type_of(schema["additionalProperties"])
    return f"{kind}{bounds(schema)}"


def bounds(schema: Schema) -> str:
    found = [f"{word} {schema[key]}" for key, word in (
        ("minimum", "≥"), ("maximum", "≤"), ("minLength", "length ≥"), ("maxLength", "length ≤"),
        ("pattern", "matching")) if key in schema]
    if "pattern" in schema:
        found[-1] = f"matching `{schema['pattern']}`"
    return f" ({', '.join(found)})" if found else ""


def operation_section(method: str, path: str, operation: Schema) -> list[str]:
    lines = ["", f"### {method.upper()} {path} {{ #{operation_anchor(method, path)} }}", "",
             f"**{operation.get('summary', '')}**", ""]
    if operation.get("description"):
        lines += [operation["description"], ""]
    if operation.get("security"):
        lines += ["Needs a token: `Authorization: Bearer TOKEN`.", ""]
    params = operation.get("parameters", [])
    if params:
        lines += ["| Parameter | In | Type | Description |", "| --- | --- | --- | --- |"]
        lines += [f"| `{p['name']}`{' (required)' if p.get('required') else ''} | {p['in']} | "
                  f"{cell(type_of(p.get('schema', {})))} | {cell(p.get('description', ''))} |"
                  for p in params]
        lines.append("")
    body = operation.get("requestBody")
    if body:
        lines += ["Body: " + "; ".join(f"`{media}`, {type_of(content.get('schema', {}))}"
                                       for media, content in body.get("content", {}).items()), ""]
    lines += ["| Status | Meaning | Body |", "| --- | --- | --- |"]
    for status, answer in sorted(operation.get("responses", {}).items()):
        content = answer.get("content", {})
        shown = "; ".join(f"`{media}` {type_of(c.get('schema', {}))}".rstrip()
                          for media, c in content.items())
        lines.append(f"| {status} | {cell(answer.get('description', ''))} | {cell(shown)} |")
    return lines


def schema_section(name: str, schema: Schema) -> list[str]:
    lines = ["", f"### {name} {{ #schema-{name} }}", ""]
    if schema.get("description"):
        lines += [schema["description"], ""]
    properties = schema.get("properties", {})
    if not properties:
        return [*lines, f"Type: {type_of(schema)}."]
    required = set(schema.get("required", []))
    lines += ["| Field | Type | Description |", "| --- | --- | --- |"]
    lines += [f"| `{field}`{'' if field in required else ' (optional)'} | "
              f"{cell(type_of(spec))} | {cell(spec.get('description', ''))} |"
              for field, spec in properties.items()]
    return lines


def http_markdown() -> str:
    spec = openapi()
    info = spec["info"]
    operations = [(method, path, operation) for path, item in spec["paths"].items()
                  for method, operation in item.items() if method in METHODS]
    lines = [f"# The HTTP API ({info['title']} {info['version']})", "",
             "Written from the app's OpenAPI schema each time the site is built: the same "
             "schema a running `referee serve` answers at `/openapi.json` "
             f"(OpenAPI {spec['openapi']}; [openapi.json](openapi.json) is this build's copy). "
             "Examples, limits and the live tables' flow: "
             "[The command and the HTTP API](../cli-api.md).", "", info.get("description", ""),
             "", "| Route | What it does |", "| --- | --- |"]
    lines += [f"| [`{method.upper()} {path}`](#{operation_anchor(method, path)}) | "
              f"{cell(operation.get('summary', ''))} |" for method, path, operation in operations]
    tags: dict[str, list[tuple[str, str, Schema]]] = {}
    for method, path, operation in operations:
        tags.setdefault((operation.get("tags") or ["other"])[0], []).append(
            (method, path, operation))
    for tag, members in tags.items():
        lines += ["", f"## {tag.capitalize()}"]
        for method, path, operation in members:
            lines += operation_section(method, path, operation)
    lines += ["", "## Schemas"]
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        lines += schema_section(name, schema)
    return "\n".join(lines) + "\n"
