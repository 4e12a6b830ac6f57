"""Live-table tests: a table over the in-process client, and a log played through it.

:func:`play_log` records a whole ``.rummy`` log through the API, one request per
change: a table with the log's tags, each hand given with ``PUT .../hands``, the
face-up card, every event line, and for a match each next hand.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx

from referee.api.app import create_app
from referee.api.settings import Settings
from referee.notation.events import GameRecord
from referee.notation.reader import read_games

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

FRIDAY_EVENTS = """Ana discard 2s
Beto draw Qd
Beto discard Jh
Caro take Jh
Caro meld Jc Jh Js
Caro meld 4d 5d 6d 7d
Caro discard Qc
Ana draw 8h
Ana discard Qs
Beto draw 3h
Beto discard 8s
Caro draw 5c
Caro layoff 8d on 2
Caro discard 5c
Ana draw 2d
Ana discard 9d
Beto draw 7s
Beto discard Qh
Caro draw 10h
Caro call Ana""".splitlines()
FRIDAY_DEALS = {"Ana": "2h 3h 4h 5h 9c 9d 9s Kc Kh JK Qs 10d 7c 7h 2s",
                "Beto": "Ah 2c 3c 4c 6d 6s 8h 8s Jd Jh Qh 4s 5s 10c",
                "Caro": "9h 4d 5d 6d 7d Kd Ks 3s 3d 8c 8d Jc Js Qc"}
NAMED_DRAW = re.compile(r"^(\S+ (?:draw|roba)) (?!\?\?)\S+.*$", re.IGNORECASE)


def public(lines: list[str]) -> list[str]:
    """Event lines as others than the drawer see them while the hand is played: a named
    draw without its card (``Beto draw``)."""
    return [NAMED_DRAW.sub(r"\1", line) for line in lines]


PEGUE_AT = FRIDAY_EVENTS.index("Ana discard 9d")  # the renuncia (discard-pegue)
MATCH_TAGS = ("Match", "Hand")


def live_settings(database_url: str, **extra: Any) -> Settings:
    """Settings for a test: high change and creation rates (tests post fast) unless given."""
    values: dict[str, Any] = {"database_url": database_url, "table_rate": 10_000,
                              "create_rate": 10_000}
    values.update(extra)
    return Settings(**values)


@contextmanager
def live_client(database_url: str, **extra: Any) -> Iterator[TestClient]:
    with TestClient(create_app(live_settings(database_url, **extra))) as client:
        yield client


@dataclass
class Table:
    """A table created through the API, with its tokens."""

    client: TestClient | httpx.Client
    id: str
    scribe: str
    seats: dict[str, str]
    created: dict[str, Any] = field(default_factory=dict)

    def auth(self, who: str | None) -> dict[str, str]:
        if who is None:
            return {}
        token = self.scribe if who == "scribe" else self.seats[who]
        return {"Authorization": f"Bearer {token}"}

    def post(self, text: str, who: str | None = "scribe", **body: Any) -> httpx.Response:
        return self.client.post(f"/v1/tables/{self.id}/events", json={"text": text, **body},
                                headers=self.auth(who))

    def event(self, text: str, who: str | None = "scribe", **body: Any) -> dict[str, Any]:
        """Post an event that must be accepted; its answer."""
        response = self.post(text, who, **body)
        assert response.status_code == 201, (text, response.text)
        answer: dict[str, Any] = response.json()
        return answer

    def hand(self, player: str, cards: str, who: str | None = "seat") -> httpx.Response:
        """Give ``player``'s hand with ``who``'s token (the player's own seat by default)."""
        return self.client.put(f"/v1/tables/{self.id}/hands/{player}", json={"cards": cards},
                               headers=self.auth(player if who == "seat" else who))

    def up(self, card: str, who: str | None = "scribe") -> httpx.Response:
        return self.client.put(f"/v1/tables/{self.id}/up", json={"card": card},
                               headers=self.auth(who))

    def undo(self, seq: int, who: str | None = "scribe") -> httpx.Response:
        return self.client.post(f"/v1/tables/{self.id}/undo", json={"seq": seq},
                                headers=self.auth(who))

    def next_hand(self, players: list[str], who: str | None = "scribe",
                  tags: Mapping[str, str] | None = None) -> httpx.Response:
        return self.client.post(f"/v1/tables/{self.id}/hands",
                                json={"players": players, "tags": dict(tags or {})},
                                headers=self.auth(who))

    def state(self, who: str | None = None) -> dict[str, Any]:
        response = self.client.get(f"/v1/tables/{self.id}", headers=self.auth(who))
        assert response.status_code == 200, response.text
        state: dict[str, Any] = response.json()
        return state

    def log(self, who: str | None = "scribe") -> str:
        """The log (with the scribe's token: a sealed table's log is the scribe's only
        while it is played)."""
        response = self.client.get(f"/v1/tables/{self.id}/log", headers=self.auth(who))
        assert response.status_code == 200, response.text
        return response.text

    def trail(self) -> list[dict[str, Any]]:
        response = self.client.get(f"/v1/tables/{self.id}/trail")
        assert response.status_code == 200, response.text
        trail: list[dict[str, Any]] = response.json()
        return trail


def new_table(client: TestClient | httpx.Client, game: str = "51",
              players: tuple[str, ...] = ("Ana", "Beto", "Caro"), **body: Any) -> Table:
    response = client.post("/v1/tables", json={"game": game, "players": list(players), **body})
    assert response.status_code == 201, response.text
    created = response.json()
    return Table(client, created["id"], created["scribe"]["token"],
                 {seat["player"]: seat["token"] for seat in created["seats"]}, created)


def friday(client: TestClient | httpx.Client, reveal: str = "sealed", deals: bool = True,
           upto: int | None = None, **body: Any) -> Table:
    """The NOTATION.md example (friday.rummy) played up to event ``upto``."""
    table = new_table(client, reveal=reveal, tags={"Event": "Viernes", "Stake": "100"}, **body)
    if deals:
        for player, cards in FRIDAY_DEALS.items():
            assert table.hand(player, cards).status_code == 201
    for text in FRIDAY_EVENTS[:upto]:
        table.event(text)
    return table


def _hand_tags(record: GameRecord, skip: tuple[str, ...]) -> dict[str, str]:
    return {name: tag.value for name, tag in record.tags.items()
            if name not in ("Game", "Players", *skip)}


def play_log(client: TestClient | httpx.Client, text: str, reveal: str = "sealed",
             by_seats: bool = False) -> Table:
    """Record the games of ``text`` (one 51 game, or the hands of one match) through the
    API, one request per change; with ``by_seats`` each player posts their own events
    and hand with their seat's token."""
    records = read_games(text)
    first = records[0]
    matches = first.ruleset != "51"
    table = new_table(client, game=first.ruleset or "?", players=first.players,
                      reveal=reveal, tags=_hand_tags(first, ("Hand",) if matches else ()))
    for number, record in enumerate(records, start=1):
        if number > 1:
            own = _hand_tags(record, MATCH_TAGS)
            response = table.next_hand(list(record.players), tags=own)
            assert response.status_code == 201, response.text
        for player, deal in record.deals.items():
            cards = " ".join(str(card) for card in deal.cards)
            response = table.hand(player, cards, who=player if by_seats else "scribe")
            assert response.status_code == 201, response.text
        if record.up is not None:
            assert table.up(str(record.up)).status_code == 201
        for event in record.events:
            table.event(str(event), who=event.player if by_seats else "scribe")
    return table
