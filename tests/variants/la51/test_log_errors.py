"""Log errors (RULES.md §9): the record itself is impossible.

For each id: a log that makes it fire (kind, rule, player and line, and no other
renuncia or log error) and its legal neighbour, the closest legal play, which
produces no finding. House-rule knobs are set with tags, as a log would.
"""

from __future__ import annotations

import pytest

from tests.variants.la51 import (
    PLAYERS4,
    audit,
    line_of,
    log,
    log_error,
    problems,
    renuncia,
)
from tests.variants.la51.rulings import (
    BETO_SECOND_TURN,
    BOTH_DOWN_DEALS,
    PEGUE,
    PEGUE_DEALS,
    check,
    clean,
    deals,
    first_turn_win,
)

# -------------------------------------------------------------------------------------------------
# §9 log errors
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "play",
    ["Beto discard 9s", "Beto meld 9s 10s Js Qs Ks As", "Beto meld 10s Js Qs Ks As 9s"],
)
def test_not_in_hand_fires_and_the_event_is_skipped(play):
    # Beto holds 10s Js Qs Ks As but no 9s; the play is skipped, his turn goes on.
    text = log(
        f"Ana discard 2c\nBeto draw 3d\n{play}\nBeto discard 3d\nCaro draw 4d",
        deals={"Ana": "2c", "Beto": "10s Js Qs Ks As"},
    )
    result = check(text, [log_error("not-in-hand", "Beto", line_of(text, play))])
    assert result.hands["Beto"] == 14


def test_not_in_hand_on_a_layoff():
    text = log(BETO_SECOND_TURN.format(body="Beto layoff 4h on 2\n"), deals=BOTH_DOWN_DEALS)
    check(text, [log_error("not-in-hand", "Beto", line_of(text, "Beto layoff 4h on 2"))])


def test_not_in_hand_legal_neighbour():
    clean(log("Ana discard 2c\nBeto draw 3d\nBeto discard 9s", deals={"Ana": "2c", "Beto": "9s"}))


def test_card_supply_fires_on_a_deal():
    text = log("Ana discard 2c", deals={"Ana": "2c 5h 5h", "Caro": "5h"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_fires_on_a_fifth_joker():
    text = log("Ana discard 2c", deals={"Ana": "2c JK JK JK", "Beto": "JK", "Caro": "JK"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_fires_on_a_draw_and_the_draw_is_skipped():
    text = log(
        "Ana discard 2c\nBeto draw 5h\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c 5h 5h"}
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto draw 5h"))])


def test_card_supply_with_one_deck():
    text = log("Ana discard 2c", deals={"Ana": "2c 5h", "Caro": "5h"}, decks=1, tags={"Decks": "1"})
    check(text, [log_error("card-supply", "Caro", line_of(text, "deal Caro: ..."))])


def test_card_supply_legal_neighbour_two_copies():
    clean(
        log(
            "Ana discard 2c\nBeto draw 3d\nBeto discard 3d",
            deals={"Ana": "2c 5h JK JK", "Caro": "5h JK JK"},
        )
    )


def test_take_mismatch_fires_and_the_take_is_skipped():
    text = log("Ana discard 2c\nBeto take 3c\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"})
    check(text, [log_error("take-mismatch", "Beto", line_of(text, "Beto take 3c"))])


def test_take_mismatch_on_an_empty_pile():
    text = log("Beto take 3c\nAna discard 2c", deals={"Ana": "2c"})
    result = audit(text)
    assert log_error("take-mismatch", "Beto", line_of(text, "Beto take 3c")) in problems(result)


def test_take_mismatch_legal_neighbour():
    # the same take, of the real top card, melded at once
    text = log(
        "Ana discard 2c\nBeto take 2c\nBeto meld 2c 3c 4c 5c\nBeto meld Kh Kc Kd\n"
        "Beto meld Qh Qc Qd\nBeto discard 3d",
        deals={"Ana": "2c", "Beto": "3c 4c 5c Kh Kc Kd Qh Qc Qd 3d"},
    )
    clean(text)


def test_stock_mismatch_fires_and_the_draw_is_skipped():
    text = log(
        "Ana discard 2c\nBeto draw 4d\nBeto draw 3d\nBeto discard 3d",
        deals={"Ana": "2c"},
        stock="3d 4d 5d",
    )
    check(text, [log_error("stock-mismatch", "Beto", line_of(text, "Beto draw 4d"))])


def test_stock_mismatch_legal_neighbour():
    clean(
        log(
            "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw\nCaro discard 4d",
            deals={"Ana": "2c"},
            stock="3d 4d 5d",
        )
    )


def test_deal_size_fires():
    text = log("Ana discard 2c", deals={"Ana": "2c"})
    lines = text.splitlines()
    n = line_of(text, "deal Ana: ...")
    lines[n - 1] = lines[n - 1].rsplit(" ", 1)[0]  # 14 cards for the starter
    text = "\n".join(lines) + "\n"
    check(text, [log_error("deal-size", "Ana", n)])


def test_deal_size_fires_for_15_cards_to_a_non_starter():
    text = log("Ana discard 2c", deals={"Ana": "2c"})
    lines = text.splitlines()
    n = line_of(text, "deal Beto: ...")
    lines[n - 1] += " 3d"
    text = "\n".join(lines) + "\n"
    check(text, [log_error("deal-size", "Beto", n)])


def test_deal_size_legal_neighbour():
    result = clean(log("Ana discard 2c", deals={"Ana": "2c"}))
    assert result.hands == {"Ana": 14, "Beto": 14, "Caro": 14}


@pytest.mark.parametrize(
    "event, name",
    [
        ("Zoe draw 3d", "Zoe"),
        ("Caro call Zoe", "Zoe"),
        ("Zoe call Beto", "Zoe"),
        ("ana draw 3d", "ana"),
    ],
)
def test_unknown_player_fires(event, name):
    text = log(f"Ana discard 2c\n{event}\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"})
    check(text, [log_error("unknown-player", name, line_of(text, event))])


def test_unknown_player_in_a_deal():
    text = log("Ana discard 2c", deals={"Ana": "2c", "Zoe": "3d 4d"})
    check(text, [log_error("unknown-player", "Zoe", line_of(text, "deal Zoe: 3d 4d"))])


def test_unknown_player_legal_neighbour():
    clean(log("Ana discard 2c\nBeto draw 3d\nBeto discard 3d", deals={"Ana": "2c"}))


def test_player_out_fires():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nAna discard 6d\nCaro draw 5d", deals=PEGUE_DEALS
    )
    check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            log_error("player-out", "Caro", line_of(text, "Caro draw 5d")),
        ],
    )


def test_player_out_fires_on_a_call_by_a_player_out():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nCaro call Ana\nAna discard 6d", deals=PEGUE_DEALS
    )
    check(
        text,
        [
            renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h")),
            log_error("player-out", "Caro", line_of(text, "Caro call Ana")),
        ],
    )


def test_player_out_legal_neighbour_turns_skip_them():
    text = log(
        PEGUE + "Ana call Caro\nAna draw 6d\nAna discard 6d\nBeto draw 5d\nBeto discard 5d"
        "\nAna draw 6s\nAna discard 6s",
        deals=PEGUE_DEALS,
    )
    check(text, [renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))])


@pytest.mark.parametrize("number", [5, 0, 99])
def test_no_such_meld_fires(number):
    text = log(
        BETO_SECOND_TURN.format(body=f"Beto layoff 9h on {number}\nBeto layoff 9h on 2\n"),
        deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h"}),
    )
    check(text, [log_error("no-such-meld", "Beto", line_of(text, f"Beto layoff 9h on {number}"))])


def test_no_such_meld_legal_neighbour():
    clean(
        log(
            BETO_SECOND_TURN.format(body="Beto layoff 9h on 2\n"),
            deals=deals(BOTH_DOWN_DEALS, {"Beto": "9h"}),
        )
    )


def test_after_end_fires():
    text = first_turn_win("Caro draw 4d\nCaro discard 4d\n")
    result = check(
        text,
        [
            log_error("after-end", "Caro", line_of(text, "Caro draw 4d")),
            log_error("after-end", "Caro", line_of(text, "Caro discard 4d")),
        ],
    )
    assert result.winner == "Beto"


def test_after_end_fires_on_a_call():
    text = first_turn_win("Caro call Beto\n")
    check(text, [log_error("after-end", "Caro", line_of(text, "Caro call Beto"))])


def test_after_end_legal_neighbour():
    clean(first_turn_win())


def test_stock_empty_fires():
    # One deck and five jokers, 57 cards: four hidden hands of 15+14+14+14 = 57 take
    # them all (a deal the decks cannot supply is a syntax error at Players, RULES.md
    # §13), so there is no stock at all, and the discard pile holds a single card.
    text = log(
        "Ana discard 2c\nBeto draw",
        players=PLAYERS4,
        hidden=PLAYERS4,
        tags={"Decks": "1", "Jokers": "5"},
    )
    check(text, [log_error("stock-empty", "Beto", line_of(text, "Beto draw"))])


def test_stock_empty_legal_neighbour_two_decks():
    clean(log("Ana discard 2c\nBeto draw\nBeto discard 3c", players=PLAYERS4, hidden=PLAYERS4))


def test_result_mismatch_fires():
    text = first_turn_win(tags={"Result": "Caro"})
    result = check(text, [log_error("result-mismatch", None, line_of(text, '[Result "Caro"]'))])
    assert result.result_claimed == "Caro"
    assert result.winner == "Beto"


@pytest.mark.parametrize("claimed", ["Beto", "*"])
def test_result_mismatch_legal_neighbour(claimed):
    result = clean(first_turn_win(tags={"Result": claimed}))
    assert result.result_claimed == claimed


def test_result_mismatch_not_for_an_unfinished_game():
    clean(log("Ana discard 2c", deals={"Ana": "2c"}, tags={"Result": "Caro"}))


