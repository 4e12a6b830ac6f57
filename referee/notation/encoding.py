"""From bytes to the text of a log: UTF-8 (with or without a byte-order mark), or an
encoding the user names (``referee audit --encoding cp1252``).

Bytes that are not text in that encoding, or a NUL byte (no log holds one; a
UTF-16 file without a byte-order mark decodes as UTF-8 with a NUL between its
letters), raise :class:`NotText`: where the first bad byte is (line and column,
counted as the reader counts them: the byte-order mark takes no column, a lone
``\\r`` ends a line), what the bytes look like (Latin-1 / Windows-1252, UTF-16,
UTF-32) and how to fix it, in English and Spanish (:mod:`referee.i18n.syntax`).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from typing import Any

from referee.messages import render

UTF8 = "utf-8"
NUL = 0
CP1252 = "cp1252"
_SAMPLE = 40  # characters of the bad line shown as Windows-1252 would read them
_SNIFF = 4096  # bytes looked at for NUL bytes


class NotText(ValueError):
    """Bytes that cannot be read as a log, and why; :meth:`render` says it in words."""

    def __init__(self, key: str, params: dict[str, Any], looks: str | None) -> None:
        self.key = key
        self.params = params
        self.looks = looks  # the encoding the bytes look like ("cp1252", "utf-16"...)
        super().__init__(self.render("en"))

    def render(self, lang: str = "en", how: str = "cli") -> str:
        """The problem in ``lang``; ``how`` is ``cli`` (save as UTF-8, or ``--encoding``)
        or ``api`` (send UTF-8)."""
        looks = _LOOKS.get(self.looks or "", "file.looks-unknown")
        parts = [render(self.key, self.params, lang), render(looks, self.params, lang)]
        if how == "api":
            fix = render("file.fix-api", None, lang)
        elif self.looks is None:
            fix = render("file.fix-cli-unknown", None, lang)
        else:
            fix = render("file.fix-cli", {"encoding": self.looks}, lang)
        return f"{parts[0]}: {parts[1]}; {fix}"


_LOOKS = {CP1252: "file.looks-cp1252", "utf-16": "file.looks-utf16",
          "utf-16-le": "file.looks-utf16", "utf-16-be": "file.looks-utf16",
          "utf-32": "file.looks-utf32"}


def check_encoding(name: str) -> str:
    """The codec's canonical name; LookupError for a name Python does not know, or for a
    codec that does not turn bytes into text (``base64``, ``rot13``: ``open`` refuses them)."""
    codec = codecs.lookup(name)
    if not getattr(codec, "_is_text_encoding", True):
        raise LookupError(f"not a text encoding: {name}")
    return codec.name


def decode(data: bytes, encoding: str | None = None) -> str:
    """The text of ``data``: UTF-8 when ``encoding`` is None (a byte-order mark dropped),
    else that encoding. Raises :class:`NotText` for bytes that are not such text or
    hold a NUL byte."""
    if encoding is None or check_encoding(encoding) == UTF8:
        skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        try:
            text = str(memoryview(data)[skip:], UTF8)  # no copy of the bytes
        except UnicodeDecodeError as err:  # its offsets count from after the mark
            nul = data.find(b"\x00", 0, skip + err.start)
            raise describe(data, nul if nul >= 0 else skip + err.start, None) from None
        if "\x00" in text:
            raise describe(data, data.find(b"\x00"), None)
        return text
    try:
        text = data.decode(encoding)
    except UnicodeError as err:  # a codec may raise one without a place (punycode)
        at = err.start if isinstance(err, UnicodeDecodeError) else 0
        raise describe(data, min(at, len(data) - 1), encoding) from None
    at = text.find("\x00")
    if at >= 0:
        line, column = _place_in_text(text, at)
        raise NotText("file.nul", {"line": line, "column": column}, None)
    return text


def describe(data: bytes, offset: int, encoding: str | None, *, first_line: int = 1,
             sniff: bytes | None = None) -> NotText:
    """The problem at byte ``offset`` of ``data``: line, column, the byte, and what the
    bytes look like. ``data`` is the file, or a part of it starting at the start of
    line ``first_line``; ``sniff`` the file's first bytes (``data`` by default)."""
    line, start = _line_of(data, offset)
    line += first_line - 1
    if line == 1 and data.startswith(codecs.BOM_UTF8, start, offset):
        start += len(codecs.BOM_UTF8)  # the mark takes no column
    column = len(data[start:offset].decode(encoding or UTF8, errors="replace")) + 1
    params: dict[str, Any] = {"line": line, "column": column, "byte": f"0x{data[offset]:02x}"}
    looks = _looks_like(data if sniff is None else sniff, data[offset])
    if looks == CP1252:
        params["sample"] = _sample(data, start, offset)
    if data[offset] == NUL and looks is None:
        return NotText("file.nul", params, None)
    if encoding is not None:
        params["encoding"] = encoding
        return NotText("file.not-encoding", params, looks if looks != encoding else None)
    return NotText("file.not-utf8", params, looks)


def describe_file(path: str | os.PathLike[str], encoding: str | None) -> NotText | None:
    """The first problem in a file (as :func:`describe` says it), read a chunk at a time
    when it is UTF-8, so a huge file with a late bad byte is not held whole; None
    when the file reads cleanly."""
    if encoding is not None and check_encoding(encoding) != UTF8:
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            decode(data, encoding)
        except NotText as problem:
            return problem
        return None
    with open(path, "rb") as handle:
        return _scan_utf8(iter(lambda: handle.read(1 << 20), b""))


def _scan_utf8(chunks: Iterator[bytes]) -> NotText | None:
    """The first bad byte of UTF-8 bytes that come in chunks; what is kept between
    chunks is the current line only."""
    kept = b""  # the bytes from the start of the current line
    line = 1  # the number of that line
    sniff: bytes | None = None
    for chunk in chunks:
        if sniff is None:
            sniff = chunk[:_SNIFF]
        data = kept + chunk
        bad = _first_bad(data, final=False)
        if bad is not None:
            return describe(data, bad, None, first_line=line, sniff=sniff)
        end = len(data) - 1 if data.endswith(b"\r") else len(data)  # \r\n may be cut
        cut = max(data.rfind(b"\n", 0, end), data.rfind(b"\r", 0, end)) + 1
        line += _line_ends(data, cut)
        kept = data[cut:]
    bad = _first_bad(kept, final=True)
    if bad is None:
        return None
    return describe(kept, bad, None, first_line=line, sniff=sniff)


def _first_bad(data: bytes, final: bool) -> int | None:
    """The offset of the first byte of ``data`` that is not UTF-8 text or is NUL; unless
    ``final``, a sequence cut by the end of ``data`` is not (yet) bad."""
    nul = data.find(b"\x00")
    try:
        data.decode(UTF8)
    except UnicodeDecodeError as err:
        cut_short = err.reason == "unexpected end of data" and err.end == len(data)
        if cut_short and not final:
            return nul if 0 <= nul < err.start else None
        return err.start if nul < 0 or err.start < nul else nul
    return nul if nul >= 0 else None


def _line_ends(data: bytes, end: int) -> int:
    """How many lines end in ``data[:end]`` (``\n``, ``\r\n`` or a lone ``\r``)."""
    return data.count(b"\n", 0, end) + data.count(b"\r", 0, end) - data.count(b"\r\n", 0, end)


def _line_of(data: bytes, offset: int) -> tuple[int, int]:
    """The line number of byte ``offset`` and where that line starts (``\n``,
    ``\r\n`` and a lone ``\r`` end a line, as for the reader)."""
    start = max(data.rfind(b"\n", 0, offset), data.rfind(b"\r", 0, offset)) + 1
    return 1 + _line_ends(data, start), start


def _place_in_text(text: str, at: int) -> tuple[int, int]:
    line = 1 + text.count("\n", 0, at) + text.count("\r", 0, at) - text.count("\r\n", 0, at)
    start = max(text.rfind("\n", 0, at), text.rfind("\r", 0, at)) + 1
    return line, at - start + 1


def _looks_like(sniff: bytes, bad: int) -> str | None:
    """The encoding the bytes most likely are in (``sniff``: the file's first bytes;
    ``bad``: the bad byte), or None when they do not look like text."""
    if sniff.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"
    if sniff.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sniff = sniff[:_SNIFF]
    if sniff.count(NUL) * 4 >= len(sniff) > 1:  # ASCII letters with a NUL between them
        return "utf-16-le" if sniff[1::2].count(NUL) >= sniff[0::2].count(NUL) else "utf-16-be"
    if bad >= 0x80:
        try:
            bytes([bad]).decode(CP1252)
        except UnicodeDecodeError:
            return None
        return CP1252
    return None


def _sample(data: bytes, start: int, offset: int) -> str:
    """The bad line around ``offset``, as Windows-1252 reads it."""
    end = data.find(b"\n", offset)
    line = data[start : len(data) if end < 0 else end].rstrip(b"\r")
    text = line.decode(CP1252, errors="replace")
    at = offset - start
    if len(text) <= _SAMPLE:
        return text
    begin = max(0, min(at - _SAMPLE // 2, len(text) - _SAMPLE))
    return ("…" if begin else "") + text[begin : begin + _SAMPLE] + (
        "…" if begin + _SAMPLE < len(text) else "")
