"""Partial information: hidden hands, unseen draws, the card supply, the stock (§8, §9)."""

from __future__ import annotations

from referee.audit import replay_to
from referee.cards import ALL_NATURALS
from tests.variants.la51 import (
    PLAYERS3,
    PLAYERS4,
    audit,
    explain,
    line_of,
    log,
    log_error,
    problems,
    read,
    renuncia,
)


def check(text: str, expected: list):
    result = audit(text)
    assert problems(result) == expected, explain(text, result)
    return result


# -- hidden hands and unseen draws ----------------------------------------------------------------

HIDDEN_GAME = """
Ana discard 5c
Beto draw ??
Beto meld Kh Kc Kd
Beto meld 5h 6h 7h 8h
Beto discard 9s
Caro draw
Caro meld Qh Qc Qd
Caro meld 7c 8c 9c 10c
Caro layoff 9h on 2
Caro discard 2d
Ana draw ??
Ana discard Jd
Beto draw
Beto layoff 4h on 2
Beto discard 3s
"""


def test_hidden_hands_and_unseen_draws_audit_clean():
    text = log(HIDDEN_GAME, hidden=PLAYERS3)
    result = check(text, [])
    assert result.hands == {"Ana": 14, "Beto": 6, "Caro": 6}


def test_mixed_hands_some_dealt_some_hidden():
    text = log(HIDDEN_GAME, deals={"Ana": "5c Jd"}, hidden=("Beto", "Caro"))
    check(text, [])


def test_a_dealt_hand_with_an_unseen_draw_may_play_one_unknown_card():
    # Beto's hand is known; he draws an unseen card and plays 9s, which he was not
    # dealt: that is the unseen card. Next turn he has no hidden card left.
    text = log(
        """
        Ana discard 2c
        Beto draw ??
        Beto discard 9s
        Caro draw
        Caro discard 4d
        Ana draw
        Ana discard 2c
        Beto draw 3d
        Beto discard 8s
        """,
        deals={"Ana": "2c 2c"},
        hidden=("Caro",),
    )
    check(text, [log_error("not-in-hand", "Beto", line_of(text, "Beto discard 8s"))])


def test_an_unseen_draw_covers_one_card_of_a_meld_not_two():
    text = log(
        """
        Ana discard 2c
        Beto draw ??
        Beto meld 9s 10s Js Qs Ks As
        Beto discard 3c
        """,
        deals={"Ana": "2c", "Beto": "9s 10s Js Qs Ks 3c"},
    )
    check(text, [])
    text = log(
        """
        Ana discard 2c
        Beto draw ??
        Beto meld 9s 10s Js Qs Ks As
        Beto discard 3c
        """,
        deals={"Ana": "2c", "Beto": "10s Js Qs Ks 3c"},
    )
    check(text, [log_error("not-in-hand", "Beto", line_of(text, "Beto meld 9s..."))])


def test_a_hidden_hand_runs_out_of_cards():
    # Beto, hidden, holds 14 cards and draws a 15th; he melds all 15 (no-final-discard)
    # and then has no card at all to discard.
    events = ["Ana discard 2c", "Beto draw ??"]
    melds = ["Kh Kc Kd", "Qh Qc Qd", "Jh Jc Jd", "10h 10c 10d", "9h 9c 9d"]
    events += [f"Beto meld {m}" for m in melds]  # 15 cards: his hand is empty
    events += ["Beto discard 3s"]
    text = log("\n".join(events), deals={"Ana": "2c"}, hidden=("Beto",))
    result = audit(text)
    assert log_error("not-in-hand", "Beto", line_of(text, "Beto discard 3s")) in problems(result)
    assert renuncia("no-final-discard", "Beto", line_of(text, "Beto meld 9h 9c 9d")) in problems(
        result
    )


def test_hidden_hands_example_shape_four_players():
    text = log(
        """
        Ana discard 9d
        Beto draw 9h
        Beto discard 5c
        Caro draw ??
        Caro discard Jd
        Dani take Jd
        Dani meld Jh Js Jd
        Dani meld 8h 8c 8d
        Dani discard 4c
        Ana draw
        Ana discard Ad
        """,
        deals={"Ana": "9d Ad", "Beto": "5c"},
        players=PLAYERS4,
        hidden=("Caro", "Dani"),
    )
    check(text, [])


# -- the card supply ------------------------------------------------------------------------------


def test_a_hidden_hand_playing_a_third_copy_is_card_supply():
    text = log(
        "Ana discard 2c\nBeto draw\nBeto discard 5h", deals={"Ana": "2c 5h 5h"}, hidden=("Beto",)
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto discard 5h"))])


def test_an_unseen_draw_played_as_a_third_copy_is_card_supply():
    text = log(
        "Ana discard 2c\nBeto draw ??\nBeto discard 5h", deals={"Ana": "2c 5h", "Caro": "5h"}
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto discard 5h"))])


def test_a_named_draw_of_a_third_copy_is_card_supply():
    text = log(
        "Ana discard 2c\nBeto draw 5h\nBeto draw\nBeto discard 2d",
        deals={"Ana": "2c 5h", "Caro": "5h", "Beto": "2d"},
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto draw 5h"))])


def test_a_fifth_joker_from_a_hidden_hand_is_card_supply():
    text = log(
        "Ana discard 2c\nBeto draw\nBeto meld 5h JK 7h 8h\nBeto discard 3c",
        deals={"Ana": "2c JK JK", "Caro": "JK JK"},
        hidden=("Beto",),
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto meld 5h JK 7h 8h"))])


def test_the_same_card_passing_through_the_discard_pile_is_not_a_new_copy():
    # Ana throws 5h (one of her two); Beto (hidden) takes it and melds it; Caro, hidden,
    # plays nothing of it. Only two copies of 5h ever exist.
    text = log(
        """
        Ana discard 5h
        Beto take 5h
        Beto meld 5h 6h 7h 8h
        Beto meld Kh Kc Kd
        Beto discard 3c
        """,
        deals={"Ana": "5h 5h"},
        hidden=("Beto", "Caro"),
    )
    check(text, [])


def test_one_deck_holds_one_copy():
    text = log(
        "Ana discard 2c\nBeto draw\nBeto discard 5h",
        deals={"Ana": "2c 5h"},
        hidden=("Beto", "Caro"),
        tags={"Decks": "1", "Jokers": "0"},
        decks=1,
    )
    check(text, [log_error("card-supply", "Beto", line_of(text, "Beto discard 5h"))])


def test_no_jokers_in_play():
    text = log("Ana discard 2c", deals={"Ana": "2c JK"}, tags={"Jokers": "0"})
    check(text, [log_error("card-supply", "Ana", line_of(text, "deal Ana: ..."))])


# -- the stock: line ------------------------------------------------------------------------------


def test_stock_line_fixes_the_order_of_draws():
    # A bare draw takes the recorded top (4d), which Caro may then play.
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw\nCaro discard 4d\n"
        "Ana draw 5d\nAna discard 5d",
        deals={"Ana": "2c"},
        stock="3d 4d 5d 6d",
    )
    check(text, [])


def test_stock_mismatch():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw\nCaro discard 4d\n"
        "Ana draw 6d\nAna draw 5d\nAna discard 5d",
        deals={"Ana": "2c"},
        stock="3d 4d 5d 6d",
    )
    check(text, [log_error("stock-mismatch", "Ana", line_of(text, "Ana draw 6d"))])


def test_stock_line_with_a_third_copy_is_card_supply():
    text = log("Ana discard 2c", deals={"Ana": "2c 5h 5h"}, stock="3d 5h 4d")
    check(text, [log_error("card-supply", None, line_of(text, "stock: ..."))])


def test_draws_after_a_short_stock_line_are_unordered():
    text = log(
        "Ana discard 2c\nBeto draw 3d\nBeto discard 3d\nCaro draw 9s\nCaro discard 9s",
        deals={"Ana": "2c"},
        stock="3d",
    )
    check(text, [])


# -- the stock running dry ------------------------------------------------------------------------

ONE_DECK = [str(c) for c in ALL_NATURALS]  # 52 cards, each once


def one_deck_game(events: list[str]) -> tuple[str, list[str]]:
    """Three players, one deck, no jokers: every card is dealt or in the stock (9 cards)."""
    ana, beto, caro, stock = ONE_DECK[:15], ONE_DECK[15:29], ONE_DECK[29:43], ONE_DECK[43:]
    head = [
        '[Game "51"]',
        '[Players "Ana Beto Caro"]',
        '[Decks "1"]',
        '[Jokers "0"]',
        "",
        f"deal Ana: {' '.join(ana)}",
        f"deal Beto: {' '.join(beto)}",
        f"deal Caro: {' '.join(caro)}",
        f"stock: {' '.join(stock)}",
        "",
    ]
    return "\n".join(head + events) + "\n", stock


def drain(stock: list[str]) -> list[str]:
    """Ana throws her first card; then each player draws the stock's top and throws it."""
    events = [f"Ana discard {ONE_DECK[0]}"]
    players = ["Beto", "Caro", "Ana"]
    for i, card in enumerate(stock):
        p = players[i % 3]
        events += [f"{p} draw {card}", f"{p} discard {card}"]
    return events


def test_the_stock_runs_dry_and_is_refilled_from_the_discard_pile():
    _, stock = one_deck_game([])
    events = drain(stock)  # 9 draws: Beto, Caro, Ana x3; the pile now holds 10 cards
    first = ONE_DECK[0]  # Ana's first discard, now deep in the pile
    events += [f"Beto draw {first}", f"Beto discard {first}"]
    events += ["Caro draw", f"Caro discard {ONE_DECK[29]}"]
    text, _ = one_deck_game(events)
    check(text, [])
    record = read(text)[0]
    refill = line_of(text, f"Beto draw {first}")
    view = replay_to(record, refill)
    assert view.stock_size == 8  # 10 cards in the pile, its top stays, one drawn
    assert view.discard_size == 1
    assert str(view.discard_top) == stock[-1]


def test_after_a_refill_the_old_top_card_is_not_in_the_stock():
    _, stock = one_deck_game([])
    events = [*drain(stock), f"Beto draw {stock[-1]}"]  # the top stayed on the pile
    text, _ = one_deck_game(events)
    result = audit(text)
    bad = line_of(text, f"Beto draw {stock[-1]}")
    found = [p for p in problems(result) if p[3] == bad]
    assert len(found) == 1 and found[0][0] == "log-error", explain(text, result)
    assert found[0][1] in ("card-supply", "stock-mismatch")


def test_bare_draws_after_a_refill():
    _, stock = one_deck_game([])
    events = [*drain(stock), "Beto draw", f"Beto discard {ONE_DECK[15]}", "Caro draw ??",
              f"Caro discard {ONE_DECK[29]}"]
    text, _ = one_deck_game(events)
    check(text, [])


def test_stock_empty_when_the_pile_cannot_refill_it():
    # Four hidden hands of 15+14+14+14 = 57 cards from one deck and 5 jokers (57 cards:
    # a deal the decks can supply, RULES.md §13): no stock at all, and the discard pile
    # holds only its top card.
    text = log(
        "Ana discard 2c\nBeto draw",
        players=PLAYERS4,
        hidden=PLAYERS4,
        tags={"Decks": "1", "Jokers": "5"},
    )
    check(text, [log_error("stock-empty", "Beto", line_of(text, "Beto draw"))])


def test_stock_empty_after_extra_draws_drain_it():
    # One deck, three players: 9 cards in the stock. Beto draws ten times in one turn;
    # the tenth finds the stock empty and a pile of one card.
    _, stock = one_deck_game([])
    events = [f"Ana discard {ONE_DECK[0]}"] + [f"Beto draw {c}" for c in stock] + ["Beto draw"]
    text, _ = one_deck_game(events)
    result = audit(text)
    last = line_of(text, "Beto draw")
    assert log_error("stock-empty", "Beto", last) in problems(result), explain(text, result)
    others = [p for p in problems(result) if p[3] != last]
    assert {p[1] for p in others} == {"extra-draw"} and len(others) == 8
