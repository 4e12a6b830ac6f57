"""Who may do what: the organizer writes everything, a player's pass is theirs, watchers
read. No token: 401; a token that opens nothing here, or a player's for an organizer's
action: 403."""

from __future__ import annotations

from typing import Any

import pytest

from tests.api.nights import NAMES, make_night, table_log

ORGANIZER_WRITES = [
    ("post", "/rounds", None),
    ("post", "/rounds/1/close", None),
    ("post", "/rounds/1/tables/1/void", {"reason": "x"}),
    ("put", "/rounds/1/tables/1/scores", {"hand": 1, "scores": {}}),
    ("post", "/players", {"name": "Zoe"}),
    ("post", f"/players/{NAMES[0]}/withdraw", {}),
]


@pytest.fixture
def night(client: Any) -> Any:
    made = make_night(client, NAMES[:8], tables={"min": 4, "max": 4})
    made.seated()
    return made


@pytest.mark.parametrize(("method", "path", "body"), ORGANIZER_WRITES)
def test_the_organizers_actions(client: Any, night: Any, method: str, path: str,
                                body: Any) -> None:
    url = f"/v1/nights/{night.id}{path}"
    other = make_night(client, NAMES[:8])
    for headers, status in (({}, 401), (night.auth(NAMES[0]), 403),
                            (other.auth(), 403),
                            ({"Authorization": "Bearer not-a-token"}, 403)):
        response = getattr(client, method)(url, json=body, headers=headers)
        assert response.status_code == status, (headers, response.text)
    if status == 401:
        assert response.headers["www-authenticate"] == "Bearer"


def test_a_log_is_the_organizers_to_hand_in(client: Any, night: Any) -> None:
    table = night.get()["rounds"][0]["tables"][0]
    text = table_log("51", table["players"], 1, 1)
    assert night.hand_in(1, 1, text, who=None).status_code == 401
    assert night.hand_in(1, 1, text, who=table["players"][0]).status_code == 403
    assert night.hand_in(1, 1, text).status_code == 200


def test_reads_need_no_token_and_me_says_whose_token(client: Any, night: Any) -> None:
    for path in ("", "/report", "/trail"):
        assert client.get(f"/v1/nights/{night.id}{path}").status_code == 200
    me = f"/v1/nights/{night.id}/me"
    assert client.get(me).status_code == 401
    assert client.get(me, headers=night.auth()).json() == {"role": "organizer", "player": None}
    assert client.get(me, headers=night.auth(NAMES[3])).json() == {
        "role": "player", "player": NAMES[3]}
    assert client.get(me, headers={"Authorization": "Bearer nope"}).status_code == 403


def test_a_pass_opens_only_its_own_seat(client: Any, night: Any) -> None:
    table = night.get()["rounds"][0]["tables"][0]
    outsider = next(p for p in NAMES[:8] if p not in table["players"])
    seat = table["players"][0]
    cards = client.put(f"/v1/tables/{table['table_id']}/hands/{seat}",
                       json={"cards": "2h 3h"}, headers=night.auth(outsider))
    assert cards.status_code == 403


def test_the_passes_sheet_is_the_organizers(client: Any, night: Any) -> None:
    url = f"/n/{night.id}/passes"
    sheet = client.post(url, data={"token": night.organizer})
    assert sheet.status_code == 200
    assert all(token in sheet.text for token in night.passes.values())
    assert sheet.text.count("<svg") == 9  # eight passes and the organizer's link
    assert client.post(url, data={"token": night.passes[NAMES[0]]}).status_code == 403
    assert client.post(url, data={}).status_code == 401
    crossed = client.post(url, data={"token": night.organizer},
                          headers={"Sec-Fetch-Site": "cross-site"})
    assert crossed.status_code == 403
