"""From bytes to the text of a log: UTF-8 (with or without a byte-order mark), or an
encoding the user names (``referee audit --encoding cp1252``).

Bytes that are not text raise :class:`NotText`, which says where the first bad byte
is (line and column, counted as the reader counts them: the byte-order mark takes no
column, a lone ``\\r`` ends a line), what the bytes look like (Latin-1 /
Windows-1252, UTF-16, UTF-32) and how to fix it, in English and Spanish
(:mod:`referee.i18n.syntax`). Bytes are not text (docs/notation.md) when

- they are not UTF-8 (or not in the encoding named);
- read as UTF-8, eight ASCII characters in a row each have one NUL byte (or three)
  beside them: UTF-16 (or UTF-32) without a byte-order mark;
- more than one character in ten (:data:`CONTROL_SHARE`) is a stray control
  character (:mod:`referee.notation.controls`: a control character other than tab,
  line feed and carriage return), as in a file of NUL bytes.

Fewer stray control characters leave the bytes text: each line holding one is a
syntax error of its game (the grammar lets none into any terminal), and the other
games are read as they are. :func:`decode` reads bytes whole, :func:`describe_file`
a file a chunk at a time, to the same answer.
"""

from __future__ import annotations

import codecs
import os
import re
from collections.abc import Iterator
from typing import Any

from referee.messages import render
from referee.notation.controls import STRAY, STRAY_UTF8, char_name

UTF8 = "utf-8"
NUL = 0
CP1252 = "cp1252"
_SAMPLE = 40  # characters of the bad line shown as Windows-1252 would read them
_SNIFF = 4096  # bytes looked at for NUL bytes
CONTROL_SHARE = 10  # more than one character in this many a stray control character: not text
# UTF-16 or UTF-32 read as UTF-8: eight ASCII characters, each with one NUL byte or three.
_RUN = re.compile(rb"(?:[\t\n\r -~]\x00(?:\x00\x00)?){8}")
_KEEP = 32 + 3  # the longest match of _RUN, and the NULs before it in big-endian
_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
_C0_BYTES = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
_CONTINUATION = bytes(range(0x80, 0xC0))  # the bytes of UTF-8 that start no character


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
          "utf-32": "file.looks-utf32", "utf-32-le": "file.looks-utf32",
          "utf-32-be": "file.looks-utf32"}


def check_encoding(name: str) -> str:
    """The codec's canonical name; LookupError for a name Python does not know, or for a
    codec that does not turn bytes into text (``base64``, ``rot13``: ``open`` refuses them)."""
    codec = codecs.lookup(name)
    if not getattr(codec, "_is_text_encoding", True):
        raise LookupError(f"not a text encoding: {name}")
    return codec.name


def decode(data: bytes, encoding: str | None = None) -> str:
    """The text of ``data``: UTF-8 when ``encoding`` is None (a byte-order mark dropped),
    else that encoding. Raises :class:`NotText` for bytes that are not text (see above)."""
    if encoding is None or check_encoding(encoding) == UTF8:
        skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        try:
            text: str | None = str(memoryview(data)[skip:], UTF8)  # no copy of the bytes
        except UnicodeDecodeError:
            text = None
        if text is None or STRAY.search(text):  # the scan says what and where
            problem = _scan_utf8(iter((data,)))
            if problem is not None:
                raise problem
        assert text is not None, "bytes that are not UTF-8 have a first bad byte"
        return text
    try:
        text = data.decode(encoding)
    except UnicodeError as err:  # a codec may raise one without a place (punycode)
        at = err.start if isinstance(err, UnicodeDecodeError) else 0
        raise describe(data, min(at, len(data) - 1), encoding) from None
    problem = _too_many_controls(text)
    if problem is not None:
        raise problem
    return text


def _too_many_controls(text: str) -> NotText | None:
    """The problem of a text in which more than one character in :data:`CONTROL_SHARE`
    is a stray control character; None for any other text."""
    first = STRAY.search(text)
    if first is None:
        return None
    count = len(text) - len(STRAY.sub("", text))
    if count * CONTROL_SHARE <= len(text):
        return None
    line, column = _place_in_text(text, first.start())
    return _control_problem(count, len(text), first.group(), line, column)


def _control_problem(count: int, chars: int, first: str, line: int, column: int) -> NotText:
    return NotText("file.control", {"count": count, "chars": chars, "char": char_name(first),
                                    "line": line, "column": column}, None)


def describe(data: bytes, offset: int, encoding: str | None, *, first_line: int = 1,
             sniff: bytes | None = None, looks: str | None = None) -> NotText:
    """The problem at byte ``offset`` of ``data``: line, column, the byte, and what the
    bytes look like (``looks``, else guessed from ``sniff``, the file's first bytes:
    ``data`` by default). ``data`` is the file, or a part of it starting at the start
    of line ``first_line``."""
    line, column, start = _place(data, offset, encoding, first_line)
    params: dict[str, Any] = {"line": line, "column": column, "byte": f"0x{data[offset]:02x}"}
    if looks is None:
        looks = _looks_like(data if sniff is None else sniff, data[offset])
    if looks == CP1252:
        params["sample"] = _sample(data, start, offset)
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
    """The problem of UTF-8 bytes that come in chunks (cut anywhere), as :func:`decode`
    finds it in their concatenation: what is kept between chunks is the current line
    (and the last bytes before it, for a UTF-16 run cut by a chunk's end)."""
    scan = _Utf8Scan()
    for chunk in chunks:
        problem = scan.feed(chunk)
        if problem is not None:
            return problem
    return scan.finish()


class _Utf8Scan:
    """The state of :func:`_scan_utf8`: the bytes kept (from the start of line
    ``line``), the file's first bytes, and the stray control characters counted in
    the bytes already let go (with the place of the first)."""

    def __init__(self) -> None:
        self.kept = b""
        self.line = 1
        self.sniff: bytes | None = None
        self.controls = 0
        self.chars = 0
        self.first: tuple[str, int, int] | None = None  # the first stray's name, line, column

    def feed(self, chunk: bytes) -> NotText | None:
        if self.sniff is None or len(self.sniff) < _SNIFF:
            self.sniff = (self.sniff or b"") + chunk[:_SNIFF]
        data = self.kept + chunk
        problem = self._problem(data, final=False)
        if problem is not None:
            return problem
        # Let go of whole lines, keeping at least the last bytes a run may start in
        # (and the NULs before its first character); a \r\n is not cut in two.
        limit = max(len(data) - _KEEP, 0)
        cut = max(data.rfind(b"\n", 0, limit), data.rfind(b"\r", 0, limit)) + 1
        if cut and data.startswith(b"\r\n", cut - 1):
            cut += 1
        self._count(data, cut)
        self.line += _line_ends(data, cut)
        self.kept = data[cut:]
        return None

    def finish(self) -> NotText | None:
        data = self.kept
        problem = self._problem(data, final=True)
        if problem is not None:
            return problem
        self._count(data, len(data))
        chars = self.chars - (self.sniff or b"").startswith(codecs.BOM_UTF8)  # not text
        if self.first is None or self.controls * CONTROL_SHARE <= chars:
            return None
        char, line, column = self.first
        return _control_problem(self.controls, chars, char, line, column)

    def _problem(self, data: bytes, final: bool) -> NotText | None:
        """The first bad byte of ``data``, or the first NUL of a UTF-16 run, if any."""
        bad = _first_bad(data, final)
        run = _first_run(data, len(data) if bad is None else bad)
        if run is not None:
            offset, looks = run
            return describe(data, offset, None, first_line=self.line, looks=looks)
        if bad is not None:
            return describe(data, bad, None, first_line=self.line, sniff=self.sniff)
        return None

    def _count(self, data: bytes, end: int) -> None:
        """Count the characters and stray control characters of ``data[:end]`` (whole
        lines, or the end of the file: no character is cut)."""
        part = data[:end]
        self.chars += len(part.translate(None, _CONTINUATION))
        controls = len(part) - len(part.translate(None, _C0_BYTES))
        if b"\xc2" in part:
            controls += sum(1 for _ in _C1_UTF8.finditer(part))
        if controls and self.first is None:
            found = STRAY_UTF8.search(part)
            assert found is not None
            line, column, _ = _place(data, found.start(), None, self.line)
            self.first = (found.group().decode(UTF8), line, column)
        self.controls += controls


def _first_bad(data: bytes, final: bool) -> int | None:
    """The offset of the first byte of ``data`` that is not UTF-8 text; unless ``final``,
    a sequence cut by the end of ``data`` is not (yet) bad."""
    try:
        data.decode(UTF8)
    except UnicodeDecodeError as err:
        cut_short = err.reason == "unexpected end of data" and err.end == len(data)
        return None if cut_short and not final else err.start
    return None


def _first_run(data: bytes, end: int) -> tuple[int, str] | None:
    """The first NUL byte of the first UTF-16 or UTF-32 run (:data:`_RUN`) in
    ``data[:end]``, and what the run looks like; None when there is none."""
    if data.find(b"\x00", 0, end) < 0:
        return None
    found = _RUN.search(data, 0, end)
    if found is None:
        return None
    at = found.start()  # the run's first character
    lead = at
    while lead > max(at - 3, 0) and data[lead - 1] == 0:
        lead -= 1  # big-endian: the NULs come before each character
    width = "utf-32" if data.startswith(b"\x00\x00\x00", at + 1) else "utf-16"
    if lead < at:
        return lead, f"{width}-be"
    return at + 1, f"{width}-le"


def _line_ends(data: bytes, end: int) -> int:
    """How many lines end in ``data[:end]`` (``\n``, ``\r\n`` or a lone ``\r``)."""
    return data.count(b"\n", 0, end) + data.count(b"\r", 0, end) - data.count(b"\r\n", 0, end)


def _place(data: bytes, offset: int, encoding: str | None,
           first_line: int) -> tuple[int, int, int]:
    """Byte ``offset``'s line and column, and where its line starts (``data`` starts at
    the start of line ``first_line``; on line 1 a byte-order mark takes no column)."""
    line, start = _line_of(data, offset)
    line += first_line - 1
    if line == 1 and data.startswith(codecs.BOM_UTF8, start, offset):
        start += len(codecs.BOM_UTF8)
    column = len(data[start:offset].decode(encoding or UTF8, errors="replace")) + 1
    return line, column, start


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
