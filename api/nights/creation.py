"""``POST /v1/nights`` and ``POST /v1/nights/{id}/players``: a night and its passes.

The players' names, the tags and knobs are checked as a live table checks them
(:func:`referee.api.live.names.check_players`, names compared after NFC and case
folding, and :func:`referee.api.live.creation.new_table`, the live tables' own
validator), on
tables of the night's sizes: a name or tag a live table would refuse is refused here
(400, with the same message) rather than when a round is seated. A player count that
no table sizes within the night's can seat is 400, with the sizes that would.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from referee.api.errors import ApiError
from referee.api.live import tokens
from referee.api.live.creation import new_table
from referee.api.live.names import check_players
from referee.api.nights.round import night_tags
from referee.api.nights.service import ORGANIZER, Nights, change_row
from referee.api.nights.store import NightCommit, NightRow, NightSnapshot, PlayerRow
from referee.games import find_game, games
from referee.knobs import shown
from referee.messages import render
from referee.night.seating import METHODS
from referee.night.sizes import sizes_that_seat, table_sizes

SEED_LIMIT = 2**31
PASS_BYTES = 24


def pass_token(organizer: str, night_id: str, player: str) -> str:
    """A player's pass: derived from the organizer's token (HMAC-SHA256), so that the
    organizer's view can print the sheet of passes again; random to anyone else, and
    stored only as its hash, as every token."""
    digest = hmac.new(organizer.encode("utf-8"), f"{night_id}\n{player}".encode(),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:PASS_BYTES]).decode("ascii")


def passes(organizer: str, night_id: str, players: Sequence[str]) -> dict[str, str]:
    return {player: pass_token(organizer, night_id, player) for player in players}


def bad(key: str, lang: str, **params: Any) -> ApiError:
    return ApiError(400, render(key, params, lang))


def check_names(game: str, players: Sequence[str], tags: dict[str, str], sizes: tuple[int, int],
                lang: str) -> None:
    """Each name (and the tags) as a live table of the night's sizes would take them."""
    check_players(list(players), lang, twice="night.error.duplicate")
    counts = table_sizes(len(players), *sizes) or [len(players)]
    start = 0
    for size in counts:
        chunk = list(players[start:start + size])
        start += size
        new_table(game, chunk, tags, "sealed", lang, "", {})


def cannot_seat(count: int, sizes: tuple[int, int], least: int, most: int,
                lang: str) -> ApiError:
    would = sizes_that_seat(count, sizes[0], sizes[1], least, most)
    said = "; ".join(render("night.error.would", {"low": a, "high": b}, lang)
                     for a, b in would) or render("night.error.nothing_would", None, lang)
    return bad("night.error.cannot_seat", lang, players=count, low=sizes[0], high=sizes[1],
               would=said)


def create_night(nights: Nights, body: dict[str, Any], lang: str) -> dict[str, Any]:
    """A new night: its id, board, the organizer's token and one pass per player (shown
    only here)."""
    settings = nights.settings
    variant = find_game(body["game"])
    if variant is None:
        raise bad("unknown-game", lang, value=shown(body["game"]), known=", ".join(games()))
    players = list(body["players"])
    if not 4 <= len(players) <= settings.night_max_players:
        raise bad("night.error.players", lang, count=len(players),
                  most=settings.night_max_players)
    low, high = body.get("tables") or variant.night_table_sizes()
    if not variant.min_players <= low <= high <= variant.max_players:
        raise bad("night.error.sizes", lang, low=low, high=high, least=variant.min_players,
                  most=variant.max_players)
    rounds = body.get("rounds") or 3
    if not 1 <= rounds <= settings.night_max_rounds:
        raise bad("night.error.rounds", lang, rounds=rounds, most=settings.night_max_rounds)
    method = body.get("seating") or METHODS[0]
    counts = table_sizes(len(players), low, high)
    if counts is None:
        raise cannot_seat(len(players), (low, high), variant.min_players,
                          variant.max_players, lang)
    if len(counts) > settings.night_max_tables:
        raise bad("night.error.tables", lang, tables=len(counts),
                  most=settings.night_max_tables)
    name = body.get("name") or render("night.unnamed", None, lang)
    tags = {k: str(v) for k, v in (body.get("tags") or {}).items()}
    check_names(variant.name, players, night_tags(tags, name, 1, 1, None), (low, high), lang)
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    now = datetime.now(UTC)
    organizer = tokens.new_token()
    night_id = tokens.new_table_id()
    given = passes(organizer, night_id, players)
    night = NightRow(night_id, name, variant.name, lang,
                     body.get("reveal") or "sealed", list(tags.items()), (low, high), rounds,
                     body.get("per_round") or variant.night_per_round, method, int(seed),
                     tokens.token_hash(organizer), 1, now, now)
    rows = [PlayerRow(player, i, tokens.token_hash(token))
            for i, (player, token) in enumerate(given.items())]
    nights.sweep_if_due()
    nights.store.create(night, rows, {"seq": 1, "at": now, "by": ORGANIZER,
                                      "action": "create", "text": name, "reason": None})
    url = f"/n/{night.id}"
    return {"id": night.id, "url": url, "seed": night.seed,
            "organizer": {"token": organizer, "url": f"{url}#organizer={organizer}"},
            "players": [{"name": player, "token": token, "url": f"{url}#player={token}"}
                        for player, token in given.items()]}


def add_player(nights: Nights, night_id: str, token: str | None,
               name: str) -> dict[str, Any]:
    """A late player, seated from the next round: their pass (shown only here)."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        lang = snap.night.lang
        nights.organizer(snap, token)
        check_players([name], lang, taken=[p.player for p in snap.players],
                      twice="night.error.duplicate")
        if len(snap.players) >= nights.settings.night_max_players:
            raise ApiError(409, render("night.error.players", {
                "count": len(snap.players) + 1, "most": nights.settings.night_max_players},
                lang))
        others = [p.player for p in snap.players][:snap.night.sizes[1] - 1]
        tags = night_tags(dict(snap.night.tags), snap.night.name, 1, 1, None)
        new_table(snap.night.game, [*others, name], tags, "sealed", lang, "", {})
        joined = (snap.rounds[-1].round if snap.rounds else 0) + 1
        made = pass_token(token or "", snap.night.id, name)
        row = PlayerRow(name, len(snap.players), tokens.token_hash(made), joined)
        commit = NightCommit(snap.night.id, snap.night.seq,
                             change_row(snap, who, "player", name), players=[row])
        url = f"/n/{snap.night.id}"
        return commit, {"name": name, "token": made, "url": f"{url}#player={made}",
                        "round": joined}

    return nights.change(night_id, token, plan)


def withdraw(nights: Nights, night_id: str, token: str | None, name: str,
             reason: str | None) -> dict[str, Any]:
    """A player withdraws: no seat from the next round, their results kept."""

    def plan(snap: NightSnapshot, who: str) -> tuple[NightCommit, dict[str, Any]]:
        lang = snap.night.lang
        nights.organizer(snap, token)
        player = next((p for p in snap.players if p.player == name), None)
        if player is None:
            raise ApiError(404, render("night.error.no_player", {"player": shown(name)}, lang))
        if player.withdrawn is not None:
            raise ApiError(409, render("night.error.withdrawn", {"player": name}, lang))
        current = snap.rounds[-1] if snap.rounds else None
        since = 1 if current is None else current.round + 1
        commit = NightCommit(snap.night.id, snap.night.seq,
                             change_row(snap, who, "withdraw", name, reason),
                             withdraw=(name, since))
        return commit, {"player": name, "withdrawn": since}

    return nights.change(night_id, token, plan)
