"""Texts read by their shape: the line memo's (:mod:`referee.notation.memo`) words.

The line memo knows the texts after a name that Lark has read. A text seen for the
first time may still be known by its shape: a keyword Lark read as an event's, then
words Lark read as that event's cards (and a lay-off's ``on`` and meld number), one
space apart (``meld Jc Qc Kc`` once ``meld`` and those three cards have each been
read). Rummy argentino's melds, lay-offs and listed takes rarely repeat whole, but
their words do. So do the setup lines' (``deal Ana: ...``, ``stock: ...``, ``up: ...``),
whose cards never repeat whole.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from referee.cards import Card, Rank
from referee.notation.events import Deal, Discard, Draw, Event, Layoff, Meld, Take
from referee.notation.reducers import Setup, StockLine, UpLine

MAX_SHAPE_WORDS = 4096  # words of a shape (cards, meld numbers, keywords) remembered
PLAIN = re.compile(r"[^\s#]+(?: [^\s#]+)*")  # words one space apart, no blank or comment in them

Entry = tuple[type[Event], tuple[Any, ...]]
MAX_SETUP_WORDS = 64  # first words of setup lines (keywords in their cases) remembered
_Found = TypeVar("_Found", Card, Card | None)  # a word's card (a pile's: or None, ``??``)


class CardWords(dict[str, _Found]):
    """Words Lark read as cards (or, in a take's pile, as ``??``: None), and the wild
    readings written with two of them: ``JK=6h`` or ``2s=6h`` once ``JK`` or ``2s`` and
    ``6h`` have each been read as cards (in ``cards``: this dictionary, or the cards' one
    for a pile's).

    The grammar's card is ``("JK" | "2" SUIT) "=" RANK SUIT`` beside ``RANK SUIT`` and
    ``JK``, in every deck's grammar: a joker's or a 2's word, ``=``, a natural card's
    word, whatever the two. Every deck reads such a word as the first card standing for
    the second (:func:`referee.cards.Card` with ``stands_for``), the one rule the cards'
    reader applies to any two such words. A joker and a 2 standing for each of 52 cards
    are hundreds of words a meld line may hold, most of them never read by Lark yet
    (docs/performance.md)."""

    def __init__(self, cards: CardWords[Card] | None = None) -> None:
        super().__init__()
        self.source: dict[str, Any] = self if cards is None else cards

    def __missing__(self, word: str) -> _Found:
        head, equals, tail = word.partition("=")
        if equals:
            source = self.source
            wild, natural = source.get(head), source.get(tail)
            if (wild is not None and natural is not None and wild.stands_for is None
                    and (wild.rank is None or wild.rank == Rank.TWO)
                    and natural.rank is not None and natural.stands_for is None):
                card: Any = Card(wild.rank, wild.suit, natural)  # a pile's too
                if len(self) < MAX_SHAPE_WORDS:
                    self[word] = card
                return card  # type: ignore[no-any-return]
        raise KeyError(word)


class Shapes:
    """Event texts read by their shape: a keyword, then words one space apart, each read
    by Lark before in the same place of such a text (a card of a meld, a take, a draw, a
    discard or a lay-off, an unseen card of a take, a lay-off's ``on`` and meld number).

    What follows a name is read by the parser in the same state whoever the player (the
    line memo's own argument); after a keyword, the lexer offers that event's terminals
    alone, and each is a run of such words (``CARDS``: cards one blank apart; ``PILE``:
    cards or ``??``; ``CARD``; ``CARD`` ``on`` ``MELD_NUMBER``), each word read by itself
    (a card ends where its word ends). So a text made of a keyword and words Lark read so
    reads as those words read, in any combination: ``meld Jc Qc Kc`` once ``meld``, ``Jc``,
    ``Qc`` and ``Kc`` have been. Only plain texts are learned and so only plain texts
    match: single spaces, no tab, line end or comment (``#``) anywhere.

    Argentino's melds, lay-offs and listed takes seldom repeat whole (the line memo
    served 81% of its event lines, 97% of 51's); by their shape nearly all of them are
    served, and Lark reads at most the first tag, setup and event lines of a game, and
    none once it has read a game of that skeleton (docs/performance.md)."""

    def __init__(self) -> None:
        self.keywords: dict[str, type[Event]] = {}  # an event's keyword as written
        self.cards: CardWords[Card] = CardWords()  # a card's word
        # a take's word: a card's, or an unseen one's
        self.pile: CardWords[Card | None] = CardWords(self.cards)
        self.ons: set[str] = set()  # a lay-off's ``on`` as written
        self.numbers: dict[str, int] = {}  # a lay-off's meld number as written
        # a setup line's first word as written (``deal``, ``stock:``, ``up:``)
        self.setups: dict[str, type[Setup]] = {}

    def read(self, text: str) -> Entry | None:
        """The event class and fields (after player, line and column) of ``text``, when
        it is a keyword and words all learned; None else."""
        keyword, _, after = text.partition(" ")
        cls = self.keywords.get(keyword)
        if cls is None:
            return None
        # The words looked up by map(), no loop of our own (a KeyError: a word not learned).
        try:
            if cls is Meld:
                return Meld, (tuple(map(self.cards.__getitem__, after.split(" "))),)
            if cls is Take:
                return Take, (tuple(map(self.pile.__getitem__, after.split(" "))),)
            if cls is Layoff:
                word, on, number = after.split(" ")
                if on in self.ons:
                    return Layoff, (self.cards[word], self.numbers[number])
                return None
        except (KeyError, ValueError):
            return None
        card = self.cards.get(after)  # a draw or a discard: one word (no word holds a space)
        return None if card is None else (cls, (card,))

    def learn(self, event: Event, text: str) -> None:
        """Learn the words of ``text``, the text after the name of ``event``, which Lark
        has just read (only a plain text: :data:`PLAIN`)."""
        if (len(self.pile) + len(self.numbers) + len(self.keywords) >= MAX_SHAPE_WORDS
                or PLAIN.fullmatch(text) is None):
            return
        keyword, *words = text.split(" ")
        cards = self.cards
        if isinstance(event, Meld | Take):
            listed = event.cards
            if listed is None or len(listed) != len(words):
                return
            for word, card in zip(words, listed, strict=True):
                self.pile[word] = card
                if card is not None:
                    cards[word] = card
        elif isinstance(event, Draw | Discard):
            if event.card is None or len(words) != 1:
                return
            cards[words[0]] = self.pile[words[0]] = event.card
        elif isinstance(event, Layoff):
            if len(words) != 3:
                return
            cards[words[0]] = self.pile[words[0]] = event.card
            self.ons.add(words[1])
            self.numbers[words[2]] = event.meld
        else:
            return
        self.keywords[keyword] = type(event)

    def read_setup(self, cls: type[Setup], after: str, line: int,
                   name: Callable[[str], bool]) -> Setup | None:
        """The setup line at ``line`` whose first word was read as one of ``cls`` and
        ``after`` follows it (a name and ``:`` for a deal, then cards), when it is made of
        words all learned (and a deal's name is a whole ``NAME``: ``name``); None else.
        Its first word starts the line: column 1."""
        try:
            if cls is Deal:
                player, _, dealt = after.partition(" ")
                if player[-1:] != ":" or not name(player[:-1]):
                    return None
                return Deal(player[:-1], tuple(map(self.cards.__getitem__, dealt.split(" "))),
                            line, 1)
            if cls is StockLine:
                return StockLine(tuple(map(self.cards.__getitem__, after.split(" "))), line, 1)
        except KeyError:
            return None
        card = self.cards.get(after)  # an up: line, one card
        return None if card is None else UpLine(card, line, 1)

    def learn_setups(self, setup: list[Setup], lines: list[str], line_offset: int) -> None:
        """Learn the words of the setup lines Lark has just read: a plain line
        (:data:`PLAIN`) at column 1, its first word the keyword (with the ``:`` of a stock
        or up line), then a deal's name and ``:``, then one word per card Lark read."""
        for item in setup:
            if item.column != 1 or len(self.pile) >= MAX_SHAPE_WORDS:
                continue
            line = lines[item.line - line_offset - 1]
            if PLAIN.fullmatch(line) is None:
                continue
            keyword, *words = line.split(" ")
            cards = self._cards_of(item, keyword, words)
            if cards is None:
                continue
            for word, card in zip(words[-len(cards):], cards, strict=True):
                self.cards[word] = self.pile[word] = card
            if keyword not in self.setups and len(self.setups) < MAX_SETUP_WORDS:
                self.setups[keyword] = type(item)

    @staticmethod
    def _cards_of(item: Setup, keyword: str, words: list[str]) -> tuple[Card, ...] | None:
        """The cards of ``item`` when they are its line's last words one for one (the
        words before them are the keyword's and a deal's name's: each token its word)."""
        if isinstance(item, Deal):
            aligned = words[:1] == [item.player + ":"] and len(words) == len(item.cards) + 1
            return item.cards if aligned else None
        if keyword[-1:] != ":":
            return None
        if isinstance(item, StockLine):
            return item.cards if len(words) == len(item.cards) else None
        return (item.card,) if item.card is not None and len(words) == 1 else None

    def state(self) -> dict[str, Any]:
        """Every word learned (:meth:`referee.notation.memo.LineMemo.state`)."""
        return {"keywords": dict(self.keywords), "cards": dict(self.cards),
                "pile": dict(self.pile), "ons": sorted(self.ons), "numbers": dict(self.numbers),
                "setups": dict(self.setups)}

    def restore(self, state: dict[str, Any]) -> None:
        """Learn again the words :meth:`state` gave, within :data:`MAX_SHAPE_WORDS`."""
        room = MAX_SHAPE_WORDS - len(self.pile) - len(self.numbers) - len(self.keywords)
        for name in ("keywords", "numbers", "pile"):  # the words learn() counts
            mine: dict[str, Any] = getattr(self, name)
            for word, value in state[name].items():
                if room <= 0:
                    break
                if word not in mine:
                    mine[word] = value
                    room -= 1
        cards = self.cards  # bounded as CardWords bounds itself
        for word, card in list(state["cards"].items())[:max(MAX_SHAPE_WORDS - len(cards), 0)]:
            cards.setdefault(word, card)
        self.ons.update(state["ons"])
        for keyword, cls in list(state["setups"].items())[:MAX_SETUP_WORDS]:
            self.setups.setdefault(keyword, cls)

    def forget(self) -> None:
        self.setups.clear()
        self.keywords.clear()
        self.cards.clear()
        self.pile.clear()
        self.ons.clear()
        self.numbers.clear()
