"""Control characters in a log: which ones are stray, their names, and how a line that
holds one is shown.

A *stray* control character is one of Unicode's control characters (U+0000 to
U+001F and U+007F to U+009F) other than tab, line feed and carriage return. The
grammar (``grammar/rummy.lark``) lets none of them into any terminal, so a line
holding one is a syntax error at its column (:mod:`referee.notation.diagnose`
names it); a text in which more than one character in ten is one is not text at
all (:mod:`referee.notation.encoding`). docs/notation.md says the same.

A line shown to a person (the context under a syntax error) has its stray control
characters, and the line and paragraph separators U+2028 and U+2029, written as
escapes (``\\x00``, ``\\u2028``): a terminal that is sent them raw may beep, move
its cursor or start a new line.
"""

from __future__ import annotations

import re

STRAY_CLASS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
STRAY = re.compile(f"[{STRAY_CLASS}]")
# In UTF-8: a C0 control or DEL is one byte, a C1 control (U+0080 to U+009F) two.
STRAY_UTF8 = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]")
_SHOWN_ESCAPED = re.compile(f"[{STRAY_CLASS}\u2028\u2029]")

# The ISO 6429 / ASCII abbreviations of the control characters, U+0000 to U+001F,
# then U+0080 to U+009F (U+007F is DEL).
_C0 = ("NUL", "SOH", "STX", "ETX", "EOT", "ENQ", "ACK", "BEL", "BS", "HT", "LF", "VT",
       "FF", "CR", "SO", "SI", "DLE", "DC1", "DC2", "DC3", "DC4", "NAK", "SYN", "ETB",
       "CAN", "EM", "SUB", "ESC", "FS", "GS", "RS", "US")
_C1 = ("PAD", "HOP", "BPH", "NBH", "IND", "NEL", "SSA", "ESA", "HTS", "HTJ", "VTS",
       "PLD", "PLU", "RI", "SS2", "SS3", "DCS", "PU1", "PU2", "STS", "CCH", "MW", "SPA",
       "EPA", "SOS", "SGC", "SCI", "CSI", "ST", "OSC", "PM", "APC")


def is_stray(char: str) -> bool:
    """Whether ``char`` (one character) is a stray control character."""
    return STRAY.fullmatch(char) is not None


def char_name(char: str) -> str:
    """``U+0000 NUL``, ``U+001B ESC``, ``U+0085 NEL``: the code point and its abbreviation
    (the code point alone for a character that has none)."""
    code = ord(char)
    if code < 0x20:
        abbreviation: str | None = _C0[code]
    elif code == 0x7F:
        abbreviation = "DEL"
    elif 0x80 <= code < 0xA0:
        abbreviation = _C1[code - 0x80]
    else:
        abbreviation = None
    point = f"U+{code:04X}"
    return point if abbreviation is None else f"{point} {abbreviation}"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with its stray control characters and line separators as escapes
    (``\\x1b``, ``\\u2028``), everything else as it is."""
    return _SHOWN_ESCAPED.sub(_escape, text) if _SHOWN_ESCAPED.search(text) else text
