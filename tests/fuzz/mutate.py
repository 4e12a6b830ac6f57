"""Mutations of a log's bytes: what a hostile, broken or badly saved file looks like.

Each mutation takes the bytes, a ``random.Random`` and a source of other logs (for
splices) and returns new bytes. :func:`mutate` applies a few at random. The byte-level
ones (flips, cuts, NUL and other control bytes, bad UTF-8) mostly test reading; the
line- and token-level ones (a line moved, a card changed, a long number) keep the text
readable, so the engine gets games that break its rules deep into play.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Other = Callable[[], bytes]  # another log, for splices
Mutation = Callable[[bytes, random.Random, Other], bytes]

MAX_BYTES = 200_000  # a mutated log stays below this (a check stays fast)

INTERESTING = b"\x00\xff\x80\xc3\r\n#[]\":=? \t-_0912JK"
BAD_UTF8 = (b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82",
            b"\x80\x80", b"\xfe\xff")
UNICODE_DIGITS = ("²", "٣", "７", "١", "𝟕", "⁹", "৩", "¹", "½", "Ⅻ")
CONFUSABLES = {
    "a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "y": "у", "A": "А",
    "K": "К", "J": "Ј", "Q": "Ԛ", "T": "Т", "h": "һ", "s": "ѕ", "d": "ԁ", " ": "\u00a0",
    "\n": "\u2028", "1": "l", "0": "O",
}
ODD_TEXT = ("\u200b", "\u00a0", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x85", "\ufeff",
            "\u0301", "\ufe0f", "\U0001f0a1", "ǅ", "ß", "İ", "ﬁ", "\ud7ff", "\t", "❤", "♥♥")
LONG_NUMBERS = ("9" * 5000, "0" * 5000 + "71", "-" + "0" * 5000 + "9" * 10, "1" + "0" * 9,
                "4" * 4301, "0" * 9 + "1", "99999999999999999999")
_DIGITS = re.compile(rb"\d+")
_CARD = re.compile(rb"(?:10|[2-9AJQKT])[cdhs]|JK")
_WORD = re.compile(rb"[^\s]+")


def _at(data: bytes, rnd: random.Random) -> int:
    return rnd.randint(0, len(data))


def flip_bit(data: bytes, rnd: random.Random, other: Other) -> bytes:
    if not data:
        return data
    at = rnd.randrange(len(data))
    return data[:at] + bytes([data[at] ^ (1 << rnd.randrange(8))]) + data[at + 1:]


def set_byte(data: bytes, rnd: random.Random, other: Other) -> bytes:
    at = _at(data, rnd)
    byte = bytes([rnd.choice(INTERESTING) if rnd.random() < 0.7 else rnd.randrange(256)])
    return data[:at] + byte + data[at + 1:]


def insert_bytes(data: bytes, rnd: random.Random, other: Other) -> bytes:
    at = _at(data, rnd)
    piece = bytes(rnd.choice(INTERESTING) for _ in range(rnd.randint(1, 8)))
    return data[:at] + piece + data[at:]


def delete_range(data: bytes, rnd: random.Random, other: Other) -> bytes:
    at = _at(data, rnd)
    return data[:at] + data[at + rnd.randint(1, 40):]


def truncate(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Cut anywhere: inside a line, a tag, a UTF-8 sequence."""
    return data[:_at(data, rnd)]


def splice(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """The start of this log and the end of another, cut anywhere."""
    second = other()
    return data[:_at(data, rnd)] + second[_at(second, rnd):]


def join_logs(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Two logs one after the other, with or without a blank line between them."""
    return data + rnd.choice((b"", b"\n", b"\n\n")) + other()


def _replace_match(data: bytes, rnd: random.Random, pattern: re.Pattern[bytes],
                   new: Callable[[bytes], bytes]) -> bytes:
    found = list(pattern.finditer(data, rnd.randint(0, max(len(data) - 1, 0))))[:50]
    if not found:
        found = list(pattern.finditer(data))[:50]
    if not found:
        return data
    match = rnd.choice(found)
    return data[:match.start()] + new(match.group()) + data[match.end():]


def long_number(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """A number of thousands of digits where a number was (meld number, knob, score)."""
    number = rnd.choice(LONG_NUMBERS).encode()
    return _replace_match(data, rnd, _DIGITS, lambda _: number)


def unicode_digit(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """An ASCII digit replaced by one ``str.isdigit`` accepts (², ٣, fullwidth 7)."""
    digit = rnd.choice(UNICODE_DIGITS).encode()
    return _replace_match(data, rnd, re.compile(rb"\d"), lambda _: digit)


def confusable(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Letters that look alike: Cyrillic a (U+0430), fullwidth letters, a no-break space."""
    text = data.decode("utf-8", errors="surrogateescape")
    spots = [i for i, ch in enumerate(text[:20_000]) if ch.isascii() and ch.isprintable()]
    if not spots:
        return data
    for _ in range(rnd.randint(1, 3)):
        at = rnd.choice(spots)
        ch = text[at]
        if ch in CONFUSABLES and rnd.random() < 0.6:
            new = CONFUSABLES[ch]
        elif "!" <= ch <= "~":
            new = chr(ord(ch) + 0xFEE0)  # the fullwidth form
        else:
            new = ch
        text = text[:at] + new + text[at + 1:]
    return text.encode("utf-8", errors="surrogateescape")


def odd_text(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Characters Python treats oddly: line separators, zero-width, combining marks."""
    at = _at(data, rnd)
    return data[:at] + rnd.choice(ODD_TEXT).encode("utf-8", errors="surrogatepass") + data[at:]


def bom(data: bytes, rnd: random.Random, other: Other) -> bytes:
    mark = b"\xef\xbb\xbf"
    at = 0 if rnd.random() < 0.6 else _at(data, rnd)
    return data[:at] + mark * rnd.randint(1, 2) + data[at:]


def line_ends(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Every line end, or some, as CRLF, CR alone or LF (and a stray CR)."""
    lines = data.split(b"\n")
    how = rnd.random()
    if how < 0.3:
        end = rnd.choice((b"\r\n", b"\r", b"\n\r"))
        return end.join(lines)
    if how < 0.8:
        return b"".join(line + rnd.choice((b"\r\n", b"\r", b"\n"))
                        for line in lines[:-1]) + lines[-1]
    at = _at(data, rnd)
    return data[:at] + b"\r" + data[at:]


def nul(data: bytes, rnd: random.Random, other: Other) -> bytes:
    at = _at(data, rnd)
    return data[:at] + b"\x00" * rnd.randint(1, 2) + data[at:]


CONTROLS = (*(bytes([b]) for b in (*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F)),
            "\x85".encode(), "\x9b".encode(), b"\x1b[31m", b"\x00" * 3, b"\r\x00", b"\x00\n")
_SPOTS = re.compile(rb"^|\[|\"|#| |$", re.MULTILINE)  # a line start, a tag, a value, a comment


def control_bytes(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """Stray control characters (NUL, ESC, DEL, a form feed, U+0085...), one to three, at
    a line's start, before a tag's ``[``, in a tag value, a comment, a name or a card:
    a syntax error of their game, which spoils no other."""
    for _ in range(rnd.randint(1, 3)):
        spots = [m.start() for m in _SPOTS.finditer(data, rnd.randint(0, len(data)))][:40]
        at = rnd.choice(spots) + rnd.randint(0, 2) if spots else _at(data, rnd)
        at = min(at, len(data))
        data = data[:at] + rnd.choice(CONTROLS) + data[at:]
    return data


def bad_utf8(data: bytes, rnd: random.Random, other: Other) -> bytes:
    at = _at(data, rnd)
    return data[:at] + rnd.choice(BAD_UTF8) + data[at:]


def other_encoding(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """The log saved as Windows-1252 or UTF-16 (with or without its mark)."""
    text = data.decode("utf-8", errors="replace")
    codec = rnd.choice(("cp1252", "latin-1", "utf-16", "utf-16-le", "utf-16-be", "utf-32"))
    return text.encode(codec, errors="replace")


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def move_line(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """A line deleted, repeated, swapped with another or moved."""
    lines = _lines(data)
    if len(lines) < 2:
        return data
    i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
    how = rnd.random()
    if how < 0.3:
        del lines[i]
    elif how < 0.55:
        lines.insert(j, lines[i])
    elif how < 0.8:
        lines[i], lines[j] = lines[j], lines[i]
    elif how < 0.95:
        lines.insert(j, lines.pop(i))
    else:
        lines[i:i] = [lines[i]] * rnd.randint(2, 200)
    return b"\n".join(lines)


def change_card(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """One card turned into another: the game stays readable and breaks a rule."""
    rank = rnd.choice((b"A", b"2", b"5", b"7", b"10", b"J", b"Q", b"K", b"JK=", b"T"))
    suit = rnd.choice((b"c", b"d", b"h", b"s", "♥".encode(), b"x", b""))
    return _replace_match(data, rnd, _CARD, lambda _: rank + suit)


def swap_words(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """A word replaced by a word from elsewhere in this log or another."""
    source = data if rnd.random() < 0.7 else other()
    words = [m.group() for m in _WORD.finditer(source, 0, min(len(source), 20_000))]
    if not words:
        return data
    word = rnd.choice(words)
    return _replace_match(data, rnd, _WORD, lambda _: word)


def long_word(data: bytes, rnd: random.Random, other: Other) -> bytes:
    """A word of 64, 65 or thousands of characters (names have at most 64)."""
    size = rnd.choice((63, 64, 65, 1000, 20_000))
    word = rnd.choice(("A", "é", "7h ", "[", "#")).encode() * size
    return _replace_match(data, rnd, _WORD, lambda _: word)


MUTATIONS: tuple[Mutation, ...] = (
    flip_bit, set_byte, insert_bytes, delete_range, truncate, splice, join_logs, long_number,
    unicode_digit, confusable, odd_text, bom, line_ends, nul, control_bytes, control_bytes,
    bad_utf8, other_encoding,
    move_line, move_line, change_card, change_card, swap_words, long_word,
)


def mutate(data: bytes, rnd: random.Random, other: Other, most: int = 4) -> bytes:
    """``data`` after 0 to ``most`` mutations (none one time in ten: seeds must pass too)."""
    count = 0 if rnd.random() < 0.1 else rnd.randint(1, most)
    for _ in range(count):
        data = rnd.choice(MUTATIONS)(data, rnd, other)
        if len(data) > MAX_BYTES:
            data = data[:MAX_BYTES]
    return data
