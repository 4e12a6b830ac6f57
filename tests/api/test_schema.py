"""Schemathesis against ``/openapi.json``: no request is a server error, and no request the
schema calls valid is refused.

The schema types every parameter a request may carry (``lang`` an enum, each house-rule
knob its own range or choices, a log body that is not blank), so the requests
schemathesis makes from it are the valid ones; its ``positive_data_acceptance`` check
then fails on any 4xx but 404 for them. Invalid requests (the negative mode) must be
4xx too, never a 500. The example count is small enough for CI: well under a minute.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import (
    negative_data_rejection,
    positive_data_acceptance,
)

from referee.api.app import create_app
from referee.api.schema import LARGEST, knob_schemas
from referee.api.settings import Settings
from referee.i18n.syntax import MESSAGES as SYNTAX_MESSAGES
from referee.knobs import KnobError, all_knobs, parse_knob
from referee.messages import LANGS

EXAMPLES = 25  # per operation and mode


DATABASE = Path(tempfile.mkdtemp(prefix="referee-schema-"))
APP = create_app(Settings(database_url=f"sqlite:///{DATABASE / 'verdicts.sqlite3'}",
                          max_body_bytes=64 * 1024,
                          create_rate=1_000_000))  # the fuzzing creates many tables a minute
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _remove_the_database() -> Iterator[None]:
    yield
    APP.state.store.close()
    shutil.rmtree(DATABASE, ignore_errors=True)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_error_and_no_valid_request_refused(case: Any) -> None:
    # Every default check (not_a_server_error, positive_data_acceptance, the status codes,
    # content types and bodies the schema declares) but one: the API reads some values
    # the schema leaves out (lang=ES, MinOpen=071, RunWrap=Yes), which is no error. And a
    # table whose deal its decks cannot supply is refused though each field is valid.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        response = case.call()
        excluded = [negative_data_rejection]
        if refused_for_the_supply(response.status_code, response.text) \
                or refused_across_fields(response.status_code, response.text):
            excluded.append(positive_data_acceptance)
        case.validate_response(response, excluded_checks=excluded)


def refused_across_fields(status: int, text: str) -> bool:
    """A 400 for a night whose table sizes cannot seat its players (or make too many
    tables), or whose smallest table is larger than its largest: rules across fields
    (players, tables.min and tables.max together) that no JSON schema states."""
    import re

    from referee.i18n.night import MESSAGES as NIGHT_MESSAGES

    if status != 400:
        return False
    message = json.loads(text).get("error", {}).get("message", "")
    patterns = [re.escape(NIGHT_MESSAGES[key][lang]).replace(r"\{", "{").replace(r"\}", "}")
                for key in ("night.error.cannot_seat", "night.error.sizes",
                            "night.error.tables") for lang in LANGS]
    return any(re.fullmatch(re.sub(r"\{[a-z]+\}", ".*", pattern), message, re.DOTALL)
               for pattern in patterns)


def refused_for_the_supply(status: int, text: str) -> bool:
    """A 400 for a deal the decks cannot supply: a rule across fields (the players, Deck,
    Decks and Jokers together, RULES.md §13) that no JSON schema states. Found by this
    test: 6 players with two 40-card decks and 4 jokers (84 cards for a deal of 85)."""
    if status != 400:
        return False
    message = json.loads(text).get("error", {}).get("message", "")
    return any(message.startswith(SYNTAX_MESSAGES["deal-supply"][lang].split("{")[0])
               for lang in LANGS)


def test_a_table_the_decks_cannot_deal_is_refused_as_the_supply() -> None:
    client = TestClient(APP)
    body = {"game": "51", "players": list("ABCDEF"),
            "tags": {"Deck": "spanish-40", "Decks": "2", "Jokers": "4"}}
    refused = client.post("/v1/tables", json=body)
    assert refused_for_the_supply(refused.status_code, refused.text)
    body["tags"]["Decks"] = "3"
    assert client.post("/v1/tables", json=body).status_code == 201
    assert not refused_for_the_supply(400, '{"error": {"message": "an unknown game"}}')


# ----------------------------------------------------------------------------- the types


def operations() -> dict[str, Any]:
    paths: dict[str, Any] = create_app(Settings()).openapi()["paths"]
    return paths


def test_lang_is_an_enum_everywhere() -> None:
    langs = [param for path in operations().values() for op in path.values()
             for param in op.get("parameters", []) if param["name"] == "lang"]
    assert len(langs) >= 5
    assert all(param["schema"] == {"type": "string", "enum": list(LANGS)} for param in langs)


def test_every_knob_is_typed_on_every_route_that_takes_knobs() -> None:
    for route in ("/v1/audit", "/v1/verdicts", "/v1/timeline"):
        params = {p["name"]: p["schema"] for p in operations()[route]["post"]["parameters"]}
        assert {name: params[name] for name in all_knobs()} == knob_schemas()
    assert knob_schemas()["Decks"] == {"type": "integer", "minimum": 1, "maximum": 8}
    assert knob_schemas()["RunMin"] == {"type": "integer", "minimum": 3, "maximum": 13}
    assert knob_schemas()["MinOpen"] == {"type": "integer", "minimum": 0, "maximum": LARGEST}
    assert knob_schemas()["DiscardPegue"] == {"type": "string", "enum": ["all", "down", "off"]}
    assert {"yes", "no", "sí"} <= set(knob_schemas()["RunWrap"]["enum"])
    assert knob_schemas()["MaxJokers"]["anyOf"][1]["enum"] == ["none"]


def number_schemas(schema: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in schema.get("anyOf", [schema]) if s.get("type") == "integer"]


@pytest.mark.parametrize("name", list(all_knobs()))
def test_a_knob_takes_exactly_what_its_schema_says(name: str) -> None:
    schema = knob_schemas()[name]
    for choices in [s["enum"] for s in schema.get("anyOf", [schema]) if "enum" in s]:
        for value in choices:
            parse_knob(name, value)
    for number in number_schemas(schema):
        parse_knob(name, str(number["minimum"]))
        parse_knob(name, str(number["maximum"]))
        for outside in (number["minimum"] - 1, number["maximum"] + 1):
            if outside >= 0:
                with pytest.raises(KnobError):
                    parse_knob(name, str(outside))
    assert number_schemas(schema) or "enum" in str(schema)


def test_a_log_body_is_typed_not_blank_and_under_the_limit() -> None:
    body = operations()["/v1/audit"]["post"]["requestBody"]["content"]["text/plain"]["schema"]
    assert body["minLength"] == 1
    assert body["maxLength"] == Settings().max_body_bytes // 4
    assert "\\s" in body["pattern"]
