"""The live tables' request and answer models (docs/cli-api.md, live tables): the OpenAPI
schema documents them; the answers themselves are built as plain JSON by
:mod:`referee.api.live` and are exactly these shapes.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from referee.api.live.names import reads_as_card
from referee.api.schema import knob_schemas
from referee.games import games
from referee.notation.terminals import KEYWORDS, spellings
from referee.report.schema import FindingData

GAMES = list(games())
EXAMPLE_GAME = GAMES[0]
KEY_LENGTH = 64
# The schema promises what is always served (tests/api/test_schema.py): names every game
# reads (a capitalized word that is no keyword), as many players as every game takes,
# tags whose values the reader accepts. The server takes more (any name the notation
# reads, each game's own player count, the games' own tags that name players); a
# request beyond the schema may be refused with the referee's message.
FEWEST = max(v.min_players for v in games().values())
MOST = min(v.max_players for v in games().values())
# ... and no card of any deck: the capitalized words of two letters that read as one (Ah,
# Ab, Td, Jk).
CARD_NAMES = {word for word in (f"{rank}{suit}" for rank in "AJKQT"
                                for suit in "abcdefghijklmnopqrstuvwxyz")
              if reads_as_card(word)}
NOT_NAMES = sorted({w.capitalize() for w in spellings(*KEYWORDS)} | {"Scribe"} | CARD_NAMES)
PLAYER_SCHEMA: Any = {"type": "string", "pattern": "^[A-Z][a-z]{1,11}$",
                           "not": {"enum": NOT_NAMES}}
# A tag value holds no line end and no control character (docs/notation.md, "Control
# characters": the reader refuses them).
TAG_VALUE: Any = {"type": "string", "maxLength": 100,
                  "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*$"}
# The games' own tags but their series tag (argentino's Match), which a table may set.
NOT_TAGS = list(dict.fromkeys(["Game", "Players", *(
    tag for g in games().values() for tag in g.match_tags if tag != g.series_tag)]))
TAGS_SCHEMA: Any = {
    "type": "object", "maxProperties": 12,
    "propertyNames": {"pattern": "^[A-Z][A-Za-z0-9_]{0,19}$", "not": {"enum": NOT_TAGS}},
    "properties": {**knob_schemas(), "Decks": {"type": "integer", "minimum": 2, "maximum": 8}},
    "additionalProperties": TAG_VALUE,
}


def extra(**schema: Any) -> Any:
    """More of a field's JSON schema."""
    return schema


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- requests ----------------------------------------------------------------------------


class TableIn(Strict):
    game: str = Field(description=f"The game: one of {', '.join(GAMES)}.",
                      examples=[EXAMPLE_GAME], json_schema_extra=extra(enum=GAMES))
    players: list[str] = Field(description="The players in seat order (the first plays "
                                           "first). A name is one word (Abuela_María), in "
                                           "one alphabet, not a card (7h, JK, 10o) nor a "
                                           "keyword of the notation (draw, roba); names are "
                                           "compared after NFC normalization and case "
                                           "folding (Ana and ana are one name): 400 with a "
                                           "hint otherwise.",
                               examples=[["Ana", "Beto", "Caro"]],
                               json_schema_extra=extra(minItems=FEWEST, maxItems=MOST,
                                                       uniqueItems=True,
                                                       items=PLAYER_SCHEMA))
    tags: dict[str, str | int] = Field(default_factory=dict,
                                       json_schema_extra=TAGS_SCHEMA,
                                       description="The log's tags, house-rule knobs "
                                                   "included (Game and Players come from "
                                                   "game and players).",
                                 examples=[{"Event": "Viernes", "Stake": "100",
                                            "MinOpen": "71"}])
    reveal: Literal["sealed", "open"] = Field(
        default="sealed", description="sealed: renuncias are shown once a call concerns them "
                                      "or the game ends; open: at once.")
    lang: Literal["en", "es"] | None = Field(
        default=None, description="The table's language (default: the server's).")


class EventIn(Strict):
    text: str = Field(description="One event line in the notation (either language).",
                      examples=["Ana discard 7h"], max_length=1000)
    after: int | None = Field(default=None, ge=0,
                              description="The seq the client last saw: 409 if the table "
                                          "has moved on.")
    key: str | None = Field(default=None, min_length=1, max_length=KEY_LENGTH,
                            description="Makes the request idempotent: the same key again "
                                        "gives the first answer (200).")


class HandIn(Strict):
    cards: str = Field(description="The player's hand as dealt, cards separated by spaces.",
                       examples=["2h 3h 4h 5h 9c 9d 9s Kc Kh JK Qs 10d 7c 7h 2s"],
                       max_length=1000)


class UpIn(Strict):
    card: str = Field(description="The card turned up to start the pile.", examples=["10c"],
                      max_length=100)


class UndoIn(Strict):
    seq: int = Field(ge=1, description="The change to undo: the last event not undone (or a "
                                       "hand given, while its player has not played).")


class NextHandIn(Strict):
    players: list[str] = Field(description="The seats of the new hand, in turn order.",
                               json_schema_extra=extra(maxItems=8, items=PLAYER_SCHEMA))
    tags: dict[str, str | int] = Field(default_factory=dict,
                                       json_schema_extra=extra(
                                           maxProperties=12, additionalProperties=TAG_VALUE),
                                       description="Tags of this hand only (CutBonus, for "
                                                   "one).")


# -- answers -----------------------------------------------------------------------------


class Token(BaseModel):
    token: str = Field(description="A bearer token: shown only here, stored only hashed.")


class Seat(BaseModel):
    player: str
    token: str
    url: str = Field(description="The seat's page: /t/ID#seat=TOKEN (the fragment never "
                                 "reaches the server).")


class TableCreated(BaseModel):
    id: str = Field(description="The table's id: 24 characters from a-z and 2-7.")
    url: str = Field(description="The table's page: /t/ID.")
    seq: int
    scribe: Token
    seats: list[Seat]


class Meld(BaseModel):
    number: int
    owner: str
    kind: str | None = Field(description="set, run or invalid; null while a sealed table's "
                                         "hand is played.")
    cards: list[str]


class EventItem(BaseModel):
    seq: int
    line: int = Field(description="The event's line in the table's log.")
    text: str = Field(description="The line as its sender wrote it.")
    by: str = Field(description="Who posted it: a player or \"scribe\".")
    shown: str = Field(description="The line written again from the parsed event with the "
                                   "keywords of the state's language (`Caro canta Abuela`).")


class LiveFinding(FindingData):
    """A finding of a live table: the report's fields, its rule's short title and the
    event it is about, in the state's language."""

    title: str  # the rule's short title ("Discarded a pegue"), its text for a rule with none
    event: str | None  # the event's line as shown; null for a line that is no event


class Ruling(BaseModel):
    seq: int | None = Field(description="The call's change.")
    line: int
    caller: str
    accused: str
    outcome: Literal["upheld", "unfounded", "void"]
    renuncias: list[FindingData] = Field(description="The renuncia the call concerns, then "
                                                     "the missed calls of the cascade.")
    eliminated: list[str] = Field(description="Everyone the call put out: the accused, then "
                                              "the cascade.")
    message: str = Field(description="The ruling, in the table's language.")


class MyHand(BaseModel):
    cards: list[str]
    hidden: int = Field(description="Cards drawn that nobody saw (a draw with no card).")


class State(BaseModel):
    id: str
    game: str
    reveal: Literal["sealed", "open"]
    players: list[str] = Field(description="This hand's seats, in turn order.")
    seq: int
    turn: str | None = Field(description="Whose turn it is; null once the hand has ended.")
    turn_started: bool = Field(default=False, description="The turn's player has drawn or "
                                                          "taken (51's starter: from the "
                                                          "start).")
    finished: bool = Field(description="The game (in a match: this hand) has ended.")
    over: bool = Field(description="The table takes no more changes (its game or match is "
                                   "over, or it was abandoned).")
    abandoned: bool = Field(description="The scribe abandoned the table: no more changes, "
                                        "no verdict.")
    winner: str | None
    hands: dict[str, int] = Field(description="Cards held by each player.")
    hands_given: list[str] = Field(description="Players whose hand the referee knows.")
    melds: list[Meld]
    pile_top: str | None
    pile: int = Field(description="Cards in the discard pile.")
    stock: int = Field(description="Cards in the stock.")
    up: str | None = Field(description="The face-up card, when the game turns one up and "
                                       "it was given.")
    events: list[EventItem] = Field(description="This hand's last events (up to 30); a "
                                                "named draw shows its card only to its "
                                                "drawer until the hand ends (Beto draw).")
    events_total: int = Field(description="This hand's events not undone.")
    calls: list[Ruling]
    eliminated: list[str]
    findings: list[LiveFinding] = Field(description="Every finding of the hand; [] while a "
                                                    "sealed table's hand is played.")
    verdict_id: str | None = Field(description="The latest verdict (/v/ID), once a game or "
                                               "hand has ended.")
    my_hand: MyHand | None = Field(description="The seat's own hand, with its token, once "
                                               "given (or once it drew a card it named).")
    hand: int | None = Field(default=None, description="A game whose hands form matches: the "
                                                       "hand's number in the match.")
    scores: list[dict[str, Any]] | None = Field(default=None,
                                                description="A match's hand: its scores, once "
                                                            "it has ended.")
    standings: dict[str, int] | None = Field(default=None,
                                             description="A match's hand: the match totals "
                                                         "after the last hand that ended.")
    en_ley: list[str] | None = Field(default=None, description="A match's hand: who entered the "
                                                               "hand en ley.")
    match: dict[str, Any] | None = Field(default=None, description="A match's hand: the match "
                                                                   "(name, hand, over, "
                                                                   "winner, tied).")


class EventOut(BaseModel):
    seq: int
    action: Literal["event"]
    line: int
    text: str
    by: str
    player: str = Field(description="Whose event it is.")
    ruling: Ruling | None = Field(description="A call's ruling; null for other events.")
    state: State


class HandOut(BaseModel):
    seq: int
    action: Literal["hand"]
    player: str
    by: str
    state: State = Field(description="The state as that seat sees it (my_hand included).")


class UpOut(BaseModel):
    seq: int
    action: Literal["up"]
    card: str
    by: str
    state: State


class UndoOut(BaseModel):
    seq: int
    action: Literal["undo"]
    undone: int = Field(description="The change taken back.")
    by: str
    state: State


class NextHandOut(BaseModel):
    seq: int
    action: Literal["next-hand"]
    hand: int
    players: list[str]
    by: str
    state: State


class SeatToken(BaseModel):
    player: str
    token: str = Field(description="The seat's new token: shown only here, stored only "
                                   "hashed; the previous one opens nothing from now on.")
    url: str = Field(description="The seat's page: /t/ID#seat=TOKEN.")


class Me(BaseModel):
    by: str = Field(description="Whose token it is: the seat's player, or \"scribe\".")
    player: str | None = Field(description="The seat's player; null for the scribe's token.")


class TrailItem(BaseModel):
    seq: int
    at: str = Field(description="When (ISO 8601, UTC).")
    by: str
    action: Literal["event", "undo", "hand", "up", "next-hand", "seat", "abandon"]
    text: str | None = Field(description="The event line, the card, the new hand (JSON); a "
                                         "hand's cards, and a named draw's card, once its "
                                         "hand has ended; null for a seat's new link and "
                                         "for abandon.")
    undone: bool
    player: str | None
    line: int | None
    undone_by: int | None
    target: int | None = Field(description="An undo's change.")
