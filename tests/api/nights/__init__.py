"""Club-night API tests: a night over the in-process client, its tables played through
the live tables' API (each seat with its own pass) or handed in as logs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx

from referee.notation.reader import read_games
from referee.sim.night import simulate_table
from referee.sim.record import format_record

NAMES = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi", "Hugo", "Ines", "Juan",
         "Kike", "Lola", "Mia", "Nico", "Olga", "Pepe")


@dataclass
class Night:
    """A night made through the API, with its tokens."""

    client: Any
    id: str
    organizer: str
    passes: dict[str, str]
    created: dict[str, Any] = field(default_factory=dict)

    def auth(self, who: str | None = "organizer") -> dict[str, str]:
        if who is None:
            return {}
        token = self.organizer if who == "organizer" else self.passes[who]
        return {"Authorization": f"Bearer {token}"}

    def get(self) -> dict[str, Any]:
        response = self.client.get(f"/v1/nights/{self.id}")
        assert response.status_code == 200, response.text
        data: dict[str, Any] = response.json()
        return data

    def seat(self, who: str | None = "organizer") -> httpx.Response:
        response: httpx.Response = self.client.post(f"/v1/nights/{self.id}/rounds",
                                                    headers=self.auth(who))
        return response

    def seated(self) -> dict[str, Any]:
        response = self.seat()
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def close(self, number: int, who: str | None = "organizer") -> httpx.Response:
        response: httpx.Response = self.client.post(
            f"/v1/nights/{self.id}/rounds/{number}/close", headers=self.auth(who))
        return response

    def table_path(self, number: int, table: int) -> str:
        return f"/v1/nights/{self.id}/rounds/{number}/tables/{table}"

    def hand_in(self, number: int, table: int, text: str, who: str | None = "organizer",
                reason: str = "") -> httpx.Response:
        response: httpx.Response = self.client.put(
            self.table_path(number, table) + "/log", content=text.encode("utf-8"),
            params={"reason": reason} if reason else None,
            headers={**self.auth(who), "Content-Type": "text/plain; charset=utf-8"})
        return response

    def trail(self) -> list[dict[str, Any]]:
        response = self.client.get(f"/v1/nights/{self.id}/trail")
        assert response.status_code == 200
        trail: list[dict[str, Any]] = response.json()
        return trail


def make_night(client: Any, players: tuple[str, ...] = NAMES[:14], game: str = "51",
               **body: Any) -> Night:
    values = {"name": "Jueves", "game": game, "players": list(players), "seed": 7, **body}
    response = client.post("/v1/nights", json=values)
    assert response.status_code == 201, response.text
    created = response.json()
    return Night(client, created["id"], created["organizer"]["token"],
                 {p["name"]: p["token"] for p in created["players"]}, created)


def table_log(game: str, seats: list[str], number: int, table: int, per_round: int = 1,
              seed: int = 0, event: str = "Jueves") -> str:
    """A table's games, simulated, as a log with the night's tags."""
    tags = [("Event", event), ("Round", str(number)), ("Table", str(table))]
    records = simulate_table(game, seats, seed or 100 * number + table, per_round, tags)
    return "\n".join(format_record(r) for r in records)


def play_live(client: Any, night: Night, table_id: str, text: str) -> None:
    """Record the games (or the hands of a match) of ``text`` at a night's live table:
    each seat gives its hand and posts its own events with its pass; a match's next
    hands are started through the night (by a player of the table)."""
    records = read_games(text)
    for number, record in enumerate(records, start=1):
        if number > 1:
            response = client.post(f"/v1/tables/{table_id}/hands",
                                   json={"players": list(record.players), "tags": {}},
                                   headers=night.auth("organizer"))
            assert response.status_code == 201, response.text
        for player, deal in record.deals.items():
            cards = " ".join(str(card) for card in deal.cards)
            response = client.put(f"/v1/tables/{table_id}/hands/{player}",
                                  json={"cards": cards}, headers=night.auth(player))
            assert response.status_code == 201, response.text
        if record.up is not None:
            response = client.put(f"/v1/tables/{table_id}/up", json={"card": str(record.up)},
                                  headers=night.auth("organizer"))
            assert response.status_code == 201, response.text
        for event in record.events:
            response = client.post(f"/v1/tables/{table_id}/events",
                                   json={"text": str(event)}, headers=night.auth(event.player))
            assert response.status_code == 201, (str(event), response.text)
