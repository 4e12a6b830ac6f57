"""After a ``layoff-mismatch`` (RULES.md §12, the last clarification): the misfit card stays
on the table with that meld, outside its shape; the meld keeps taking the cards that fit
its other cards, and its pegues are those it had before the misfit, as a meld with a joker
over the ``MaxJokers`` cap does. Under the French deck and a Spanish one, each point with
its neighbour (the card the misfit would have made fit is still refused)."""

from __future__ import annotations

import pytest

from referee.audit import replay_to
from tests.variants.la51 import audit, line_of, log, problems, read, renuncia
from tests.variants.la51 import spanish as es
from tests.variants.la51.rulings import BOTH_DOWN, BOTH_DOWN_DEALS, deals

# -- the French deck: Beto's meld 2 is 5h 6h 7h 8h (takes 4h and 9h), meld 1 Kh Kc Kd ------

MISFIT = BOTH_DOWN + "Beto draw 2d\nBeto layoff 10h on 2\nBeto discard 2d\n"
MISFIT_DEALS = deals(BOTH_DOWN_DEALS, {"Beto": "10h"})


def french(caro: str, caro_cards: str) -> str:
    """Beto's misfit 10h on his run, then Caro's turn: ``caro``'s lines."""
    return log(MISFIT + caro, deals=deals(MISFIT_DEALS, {"Caro": caro_cards}))


Finding = tuple[str, str, str, int]


def mismatch(text: str, player: str = "Beto", layoff: str = "Beto layoff 10h on 2") -> Finding:
    return renuncia("layoff-mismatch", player, line_of(text, layoff))


def test_the_misfit_stays_on_the_table_with_its_meld() -> None:
    text = french("Caro draw Ad\nCaro discard Ad\n", "")
    assert problems(audit(text)) == [mismatch(text)]
    record = read(text)[0]
    before = replay_to(record, line_of(text, "Beto draw 2d"))
    after = replay_to(record, line_of(text, "Beto layoff 10h on 2"))
    meld = after.melds[1]
    assert meld.number == 2 and meld.owner == "Beto"
    assert sorted(str(card) for card in meld.cards) == ["10h", "5h", "6h", "7h", "8h"]
    assert after.hands["Beto"].size == before.hands["Beto"].size - 1  # gone from his hand
    assert "10h" not in [str(card) for card in after.hands["Beto"].known]


@pytest.mark.parametrize("card", ["9h", "4h"])
def test_the_meld_keeps_taking_the_cards_that_fit_its_other_cards(card: str) -> None:
    text = french(f"Caro draw Ad\nCaro layoff {card} on 2\nCaro discard Ad\n", card)
    assert problems(audit(text)) == [mismatch(text)]
    after = replay_to(read(text)[0])
    assert card in [str(c) for c in after.melds[1].cards]


def test_a_card_that_fits_only_the_misfit_is_a_mismatch_too() -> None:
    text = french("Caro draw Ad\nCaro layoff Jh on 2\nCaro discard Ad\n", "Jh")
    assert problems(audit(text)) == [mismatch(text),
                                     mismatch(text, "Caro", "Caro layoff Jh on 2")]


def test_its_pegues_are_those_it_had_before_the_misfit() -> None:
    text = french("Caro draw Ad\nCaro discard 9h\n", "9h Ad")
    assert problems(audit(text)) == [
        mismatch(text), renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 9h"))]


def test_a_card_the_misfit_would_take_is_no_pegue() -> None:
    text = french("Caro draw Ad\nCaro discard Jh\n", "Jh Ad")
    assert problems(audit(text)) == [mismatch(text)]


def test_a_set_keeps_its_rank_after_a_misfit() -> None:
    text = log(BOTH_DOWN + "Beto draw 2d\nBeto layoff Qs on 1\nBeto discard 2d\n"
               "Caro draw Ad\nCaro layoff Ks on 1\nCaro discard Ad\n",
               deals=deals(BOTH_DOWN_DEALS, {"Beto": "Qs", "Caro": "Ks"}))
    assert problems(audit(text)) == [mismatch(text, layoff="Beto layoff Qs on 1")]
    after = replay_to(read(text)[0])
    assert sorted(str(card) for card in after.melds[0].cards) == ["Kc", "Kd", "Kh", "Ks", "Qs"]


def test_a_discarded_king_is_still_a_pegue_of_the_set() -> None:
    text = log(BOTH_DOWN + "Beto draw 2d\nBeto layoff Qs on 1\nBeto discard 2d\n"
               "Caro draw Ad\nCaro discard Ks\n",
               deals=deals(BOTH_DOWN_DEALS, {"Beto": "Qs", "Caro": "Ks Ad"}))
    assert problems(audit(text)) == [
        mismatch(text, layoff="Beto layoff Qs on 1"),
        renuncia("discard-pegue", "Caro", line_of(text, "Caro discard Ks"))]


# -- a Spanish deck (spanish-40: 1-7, 10-12): Beto's meld 1 is 4o 5o 6o 7o (takes 3o, 10o);
# his misfit 12o (it fits his meld 2, 12c 12e 12b) goes on meld 1.

ES_DOWN = """Ana discard 2e
Beto draw 3b
Beto meld 4o 5o 6o 7o
Beto meld 12c 12e 12b
Beto discard 3b
Caro draw 2c
Caro meld 11o 11c 11e
Caro meld 1o 1c 1b
Caro discard 2c
Ana draw 2o
Ana discard 2o
Beto draw 2b
Beto layoff 12o on 1
Beto discard 2b
"""
ES_DEALS = {"Ana": "2e", "Beto": "4o 5o 6o 7o 12c 12e 12b 12o",
            "Caro": "11o 11c 11e 1o 1c 1b"}


def spanish(caro: str, caro_cards: str) -> str:
    return es.spanish_log(ES_DOWN + caro, deals=deals(ES_DEALS, {"Caro": caro_cards}),
                          tags={"MinOpen": "30"})


def es_mismatch(text: str, player: str = "Beto",
                layoff: str = "Beto layoff 12o on 1") -> Finding:
    return renuncia("layoff-mismatch", player, line_of(text, layoff))


def test_spanish_the_misfit_stays_and_the_run_takes_its_own_cards() -> None:
    text = spanish("Caro draw 2e\nCaro layoff 10o on 1\nCaro layoff 3o on 1\nCaro discard 2e\n",
                   "10o 3o")
    assert problems(es.audit(text)) == [es_mismatch(text)]
    after = replay_to(read(text)[0])
    assert sorted(str(card) for card in after.melds[0].cards) == sorted(
        ["3o", "4o", "5o", "6o", "7o", "10o", "12o"])


def test_spanish_a_card_that_fits_only_the_misfit_is_a_mismatch() -> None:
    text = spanish("Caro draw 2e\nCaro layoff 11o on 1\nCaro discard 2e\n", "11o")
    assert problems(es.audit(text)) == [es_mismatch(text),
                                        es_mismatch(text, "Caro", "Caro layoff 11o on 1")]


def test_spanish_its_pegues_are_those_it_had_before_the_misfit() -> None:
    text = spanish("Caro draw 2e\nCaro discard 10o\n", "10o")
    assert problems(es.audit(text)) == [
        es_mismatch(text), renuncia("discard-pegue", "Caro", line_of(text, "Caro discard 10o"))]
    neighbour = spanish("Caro draw 2e\nCaro discard 11o\n", "11o")
    assert problems(es.audit(neighbour)) == [es_mismatch(neighbour)]
