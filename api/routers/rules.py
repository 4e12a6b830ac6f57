"""``GET /v1/rules``: every rule id with its text, every knob with its default."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request

from referee.api.deps import request_lang
from referee.api.errors import responses
from referee.report import RulesCatalog, rules_catalog

router = APIRouter(tags=["rules"])


@router.get("/v1/rules", response_model=RulesCatalog, summary="Rule ids and house-rule knobs",
            responses=responses(400))
def get_rules(
    request: Request,
    lang: Annotated[str | None, Query(description="Language of the texts: en or es.")] = None,
) -> RulesCatalog:
    """The same catalog as ``referee rules --json``: rule ids (renuncias, log errors,
    notices, syntax errors) with their text and source seed, the knobs with their
    defaults and meaning, and the rulesets."""
    return rules_catalog(request_lang(request, lang))
