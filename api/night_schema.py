"""The club nights' request and answer models (docs/cli-api.md, nights): the OpenAPI
schema documents them; the answers are built as plain JSON by :mod:`referee.api.nights`
(and :mod:`referee.night.report`) and are these shapes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.api.live_schema import (
    EXAMPLE_GAME,
    FEWEST,
    GAMES,
    MOST,
    PLAYER_SCHEMA,
    TAG_VALUE,
    TAGS_SCHEMA,
    extra,
)

SEATING = Literal["mixer", "standings", "random"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


# The schema promises what every game serves (as a live table's does): table sizes
# every game seats. The server takes each game's own (51: 2 to 6, argentino: 2 to 8);
# ``min`` above ``max``, or sizes that cannot seat the players, are 400 (rules across
# fields that no JSON schema states).
class SizesIn(Strict):
    min: int = Field(ge=FEWEST, le=MOST, description="The smallest table.")
    max: int = Field(ge=FEWEST, le=MOST, description="The largest table.")


class NightIn(Strict):
    name: str | None = Field(default=None, max_length=100,
                             description="The night's name (its tables' Event tag).",
                             examples=["Jueves de rummy"],
                             json_schema_extra=extra(pattern=TAG_VALUE["pattern"]))
    game: str = Field(description=f"The game: one of {', '.join(GAMES)}.",
                      examples=[EXAMPLE_GAME], json_schema_extra=extra(enum=GAMES))
    players: list[str] = Field(description="The players (4 to 120), names as at a live "
                                           "table.",
                               examples=[["Ana", "Beto", "Caro", "Dani", "Eva", "Fede"]],
                               json_schema_extra=extra(minItems=4, maxItems=120,
                                                       uniqueItems=True,
                                                       items=PLAYER_SCHEMA))
    tags: dict[str, str | int] = Field(default_factory=dict, json_schema_extra=TAGS_SCHEMA,
                                       description="The tables' tags, house-rule knobs "
                                                   "included.",
                                       examples=[{"Stake": "100", "MinOpen": "71"}])
    tables: SizesIn | None = Field(default=None, description="The table sizes allowed "
                                                             "(default: the game's).")
    rounds: int | None = Field(default=None, ge=1, le=20, description="Rounds (default 3).")
    per_round: int | None = Field(default=None, ge=1, le=10,
                                  description="Games (hands) each table plays in a round "
                                              "(default: the game's).")
    seating: SEATING | None = Field(default=None, description="mixer (default), standings "
                                                              "or random.")
    reveal: Literal["sealed", "open"] | None = Field(default=None,
                                                     description="The tables' reveal mode.")
    lang: Literal["en", "es"] | None = Field(default=None, description="The tables' language.")
    seed: int | None = Field(default=None, ge=0, lt=2**31,
                             description="Makes every draw reproducible (default: random, "
                                         "then shown).")


class Pass(Strict):
    name: str
    token: str
    url: str


class OrganizerPass(Strict):
    token: str
    url: str


class NightCreated(Strict):
    id: str
    url: str
    seed: int
    organizer: OrganizerPass
    players: list[Pass]


class LateIn(Strict):
    name: str = Field(description="The late player's name.", examples=["Gabi"])


class LateOut(Strict):
    name: str
    token: str
    url: str
    round: int = Field(description="The first round they are seated in.")


class ReasonIn(Strict):
    reason: str = Field(default="", max_length=500, description="Why (kept in the trail).")


class VoidIn(Strict):
    reason: str = Field(min_length=1, max_length=500, description="Why (kept in the trail).")


class ScoresIn(Strict):
    hand: int = Field(ge=1, description="The hand (game) at the table, 1 first.")
    scores: dict[str, int] = Field(description="Each player's points for the hand.",
                                   examples=[{"Rosa": 45, "Juan": -10, "Eva": 20}])
    reason: str = Field(default="", max_length=500)


class Standing(Open):
    rank: int
    player: str
    points: int
    played: int
    won: int
    renuncias: int
    byes: int
    best: int | None = None


class NightTable(Open):
    table: int
    players: list[str]
    starter: str
    table_id: str | None
    state: Literal["playing", "finished", "handed-in", "voided"]
    verdict_id: str | None
    points: dict[str, int]
    flags: list[dict[str, Any]]


class NightRound(Open):
    round: int
    closed: bool
    tables: list[NightTable]
    byes: list[str]


class Night(Open):
    id: str | None
    name: str
    game: str
    players: list[str]
    round: int
    standings: list[Standing]
    rounds: list[NightRound]


class TrailItem(Strict):
    seq: int
    at: str
    by: str
    action: str
    text: str | None
    reason: str | None


class NightReport(Night):
    trail: list[TrailItem]


class SeatedTable(Open):
    table: int
    players: list[str]
    starter: str
    table_id: str
    url: str


class Seated(Open):
    round: int
    tables: list[SeatedTable]
    byes: list[str]
    repeats: int


class Whose(Strict):
    role: Literal["organizer", "player"]
    player: str | None
