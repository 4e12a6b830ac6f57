"""Every message of every catalog, rendered in Spanish with sample parameters, holds no
English.

The catalogs: the referee's own (:func:`referee.messages.core_catalog`: the engine's
rulings, the reader's syntax errors, the report, the rules and their titles, the CLI,
the language server, the web pages, the live tables, the club nights) and each
registered game's words (:func:`referee.messages.game_messages`). A message is filled
with Spanish-looking samples for its parameters (a faulty meld's ``reason`` is a
:class:`~referee.messages.Phrase`, a ``verb`` a notation keyword), and its words are
looked up in :data:`ENGLISH`, words no Spanish sentence holds. What is written as the
notation or the tags spell it is not English said to the reader: text in backticks or
quotes, tag and knob names (``RunMin``, ``CallsRequired``), and the few words
:data:`ALLOWED` lists, each with its reason.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

import pytest

from referee.messages import Phrase, catalog, render

# Words of English that Spanish does not share (so "no", "a", "has", "me", "son" are
# not here): seen in a Spanish message, they are English left untranslated.
ENGLISH = frozenset("""
the and or of to with without for from by at an is are was were be been being it its
this that these those which who whom whose what when where while than then there their
they them you your yours we our not cannot can't don't doesn't isn't must should could
would will shall might can have had do does did done
card cards meld melds run runs set sets player players turn turns game games hand hands
line lines fewer more less most least only every each any all some none nothing after
before again above below under over into onto out off down up here back next last first
table tables seat seats link links name names open opened closed sealed pile stock
draw draws drew drawn take takes took taken discard discards discarded call calls called
layoff layoffs laid lay lays deal dealt went go goes going wins won winner lost
errors found file files please click send sent undo show shows shown see seen
expected unknown invalid valid missing wrong empty full page pages report reports
totals score scores points point round rounds night nights match matches
yes ok okay new old other others same own
""".split())  # noqa: SIM905  (a list of words reads best as words)

# Tag names, as the notation spells them (capitalised: "una partida sin Round o Table").
TAGS = frozenset({"Game", "Players", "Round", "Table", "Scores", "Match", "Result", "Event",
                  "Hand"})

# Words that stay as they are in Spanish, by message key, and why.
_KNOB_VALUES = "a knob's values, written as the tag takes them (all, down, off, none, hand)"
ALLOWED: Mapping[str, tuple[frozenset[str], str]] = {
    "report.knob.DiscardPegue": (frozenset({"all", "down", "off"}), _KNOB_VALUES),
    "rule.discard-pegue": (frozenset({"all", "down", "off"}), _KNOB_VALUES),
    "report.knob.HandPenalty": (frozenset({"all"}), _KNOB_VALUES),
    "report.knob.MaxJokers": (frozenset({"none"}), _KNOB_VALUES),
    "report.knob.RenunciaPays": (frozenset({"hand"}), _KNOB_VALUES),
    "cli.fmt.lang": (frozenset({"draw", "meld"}), "the English keywords --lang en writes"),
    # the notation's English keyword, named beside the Spanish one: "roba (draw)"
    "rule.deal-size": (frozenset({"deal"}), "the English keyword, beside reparte"),
    "rule.stock-mismatch": (frozenset({"draw"}), "the English keyword, beside roba"),
    "rule.take-mismatch": (frozenset({"take"}), "the English keyword, beside toma"),
    "cli.audit.details": (frozenset({"night"}), "a field of the JSON report"),
    "cli.audit.summary_csv": (frozenset({"file", "game", "line", "players", "winner"}),
                              "the CSV's column names"),
    "cli.standings.csv": (frozenset({"game", "player", "games", "wins", "points"}),
                          "the CSV's column names"),
}

SAMPLES: dict[str, Any] = {
    "verb": "draw",  # a notation keyword: rendered in Spanish by the catalog (VERBS_ES)
    "reason": Phrase("meld.reason.neither"),
    "card": "7h", "cards": "7h 7d 7c", "meld_cards": "7h 7d 7c", "up": "7h", "hint": "7h",
}


def _fields(template: str) -> set[str]:
    """The named fields of ``template`` ("" for a positional one)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(
        template) if name is not None}


def _sample(name: str) -> Any:
    return SAMPLES.get(name, 3 if name in {"count", "line", "column", "points"} else "Ana")


def _rendered(key: str, entry: Mapping[str, str]) -> str:
    names = _fields(entry["es"]) | _fields(entry["en"])
    if "" in names or any(name.isdigit() for name in names):  # positional: a library's text
        return entry["es"].format(*["Ana"] * 4)
    params = {name: _sample(name) for name in names}
    try:
        return render(key, params, "es")
    except (ValueError, TypeError):  # a numeric format spec: numbers throughout
        return render(key, {name: 3 for name in names}, "es")


_SPOKEN_AS_WRITTEN = re.compile(
    r"`[^`]*`"  # the notation, a command, a path
    r"|'[^']*'|\"[^\"]*\"|«[^»]*»"  # what the reader typed, a tag's value
    r"|\b[A-Z][a-z]+[A-Z]\w*"  # a tag or knob name: RunMin, CallsRequired
    r"|\b[A-Z][A-Z_]+\b"  # an option's value: FILE, GAMES
    r"|\w+_\w+"  # a field or column name: log_errors, duplicate_of
    r"|\S*/\S*|\S+\.(?:md|rummy|json|py|toml)\b|--[\w-]+")  # a path, a URL, an option


def english_words(text: str) -> set[str]:
    """The words of ``text`` that are English, outside what is spoken as written."""
    prose = _SPOKEN_AS_WRITTEN.sub(" ", text)
    return {word for word in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", prose)
            if word.lower() in ENGLISH and word not in TAGS}


def _allowed(key: str) -> frozenset[str]:
    return ALLOWED.get(key, (frozenset(), ""))[0]


def _spanish_messages() -> dict[str, str]:
    return {key: _rendered(key, entry) for key, entry in catalog().items() if "es" in entry}


def test_every_message_has_spanish() -> None:
    missing = sorted(key for key, entry in catalog().items() if not entry.get("es"))
    assert missing == []


def test_no_message_in_spanish_holds_english() -> None:
    found = {key: sorted(words) for key, text in _spanish_messages().items()
             if (words := {w for w in english_words(text) if w.lower() not in _allowed(key)})}
    assert found == {}, "\n".join(f"{key}: {words}" for key, words in sorted(found.items()))


@pytest.mark.parametrize(("text", "english"), [
    ("Ana bajó 7h 7d: no es un juego válido (fewer than 3 cards)", {"fewer", "than", "cards"}),
    ("51 (La 51), Colombian rummy", set()),  # a word the list misses is still not flagged
    ("el turno de Ana: `Ana draw 7h`, [RunMin \"4\"]", set()),
    ("Ana canta a Beto", set()),
])
def test_the_check_finds_english_and_only_english(text: str, english: set[str]) -> None:
    assert english_words(text) == english


def test_a_faulty_meld_reason_follows_the_message_language() -> None:
    reason = Phrase("meld.reason.fewer-than-3")
    assert reason == "fewer than 3 cards"  # its English text, as the verdicts compare it
    params = {"player": "Ana", "cards": "7h 7d", "reason": reason}
    assert render("meld-invalid", params, "es").endswith("(menos de 3 cartas)")
    assert render("meld-invalid", params, "en").endswith("(fewer than 3 cards)")
