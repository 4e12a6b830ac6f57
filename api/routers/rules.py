"""``GET /v1/rules``: every rule id with its text, every knob with its default."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from referee.api.deps import request_lang
from referee.api.errors import ApiError, responses
from referee.games import games, names
from referee.knobs import shown
from referee.report.catalog import CatalogData, rules_catalog

router = APIRouter(tags=["rules"])


@router.get("/v1/rules", response_model=CatalogData, summary="Rule ids and house-rule knobs",
            responses=responses(400))
def get_rules(
    request: Request,
    lang: Annotated[str | None, Query(description="Language of the texts: en or es.")] = None,
    game: Annotated[str | None, Query(
        description=f"Only this game's rules and knobs: {' or '.join(names())}.")] = None,
) -> CatalogData:
    """The same catalog as ``referee rules --json``: rule ids (renuncias, log errors,
    notices, syntax errors) with their text and source seed, the knobs with their
    defaults and meaning, and the rulesets."""
    code = request_lang(request, lang)
    if game is not None and game not in games():
        raise ApiError(400, f"unknown game {shown(game)}: expected one of {', '.join(games())}")
    return rules_catalog(code, game)
