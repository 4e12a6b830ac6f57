"""Log files: their text, whole (:func:`read_path`) or a chunk at a time
(:func:`text_chunks`), in UTF-8 or in an encoding the user names. The reader reads
their games (:func:`referee.notation.reader.iter_path`).

A file that cannot be read, or whose bytes are not text in that encoding, raises
:class:`NotationFileError`, which says where the first bad byte is, what the bytes
look like and how to fix it (:mod:`referee.notation.encoding`), in English or
Spanish (:meth:`NotationFileError.render`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from referee.messages import render
from referee.notation.controls import STRAY
from referee.notation.encoding import UTF8, NotText, check_encoding, decode, describe_file

CHUNK_CHARS = 1 << 20  # how much of a file :func:`text_chunks` reads at a time
# Read whole: their stream decoders refuse a file without a byte-order mark, which
# ``bytes.decode`` (and so :func:`read_path`) reads in the machine's byte order.
_WHOLE = ("utf-16", "utf-32")


class NotationFileError(Exception):
    """A log file that cannot be read at all: missing, unreadable, or not text in its
    encoding (``problem`` says where and why)."""

    def __init__(self, path: str | os.PathLike[str], message: str,
                 problem: NotText | None = None) -> None:
        super().__init__(f"{os.fspath(path)}: {message}")
        self.path = os.fspath(path)
        self.message = message
        self.problem = problem

    def render(self, lang: str = "en") -> str:
        """``PATH: the problem`` in ``lang``."""
        if self.problem is None:
            return str(self)
        return f"{self.path}: {self.problem.render(lang)}"


def read_path(path: str | os.PathLike[str], encoding: str | None = None) -> str:
    """The text of a log file: UTF-8 without its byte-order mark, or ``encoding``.

    Raises :class:`NotationFileError` when the file cannot be read or is not text
    (naming the first bad byte's line and column, and what the bytes look like).
    """
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise NotationFileError(path, f"cannot read the file: {err.strerror or err}") from None
    try:
        return decode(data, encoding)
    except NotText as problem:
        raise NotationFileError(path, str(problem), problem) from None


def text_chunks(path: str | os.PathLike[str], encoding: str | None = None) -> Iterator[str]:
    """The text of a log file a chunk at a time (:data:`CHUNK_CHARS` characters), never
    holding it whole: together, :func:`read_path`'s text. The reader reads its games
    from them (:func:`referee.notation.reader.iter_path`).

    Raises :class:`NotationFileError` (with :func:`read_path`'s words) when the file
    cannot be opened or turns out not to be text, possibly after some chunks have
    been given: at a byte that is not UTF-8 (or not in ``encoding``), or at the first
    stray control character when the whole file is not text (a UTF-16 run in it, or
    too many of them: :mod:`referee.notation.encoding`).
    """
    codec = "utf-8-sig" if encoding is None or check_encoding(encoding) == UTF8 else encoding
    if check_encoding(codec) in _WHOLE:
        yield read_path(path, encoding)
        return
    try:
        handle = open(path, encoding=codec, newline="")  # noqa: SIM115 - closed below
    except OSError:
        read_path(path, encoding)  # raises NotationFileError with the usual words
        raise

    def check() -> None:  # the first stray control character: is the file text at all?
        problem = describe_file(path, encoding)
        if problem is not None:
            raise NotationFileError(path, str(problem), problem)

    try:
        with handle:
            yield from checked_text(iter(lambda: handle.read(CHUNK_CHARS), ""), check)
    except UnicodeError:
        problem = describe_file(path, encoding)  # where, found again without the whole file
        if problem is None:  # the file changed under us
            raise NotationFileError(path, render("file.changed", None)) from None
        raise NotationFileError(path, str(problem), problem) from None


def checked_text(chunks: Iterable[str], check: Callable[[], None]) -> Iterator[str]:
    """The chunks of a file's text, calling ``check`` once, at the first chunk that
    holds a stray control character: ``check`` raises when the whole file is not text
    (:func:`referee.notation.encoding.describe_file` looks at it, from its first byte;
    a file with few of them is text, each such line a syntax error)."""
    checked = False
    for chunk in chunks:
        if not checked and STRAY.search(chunk):
            check()
            checked = True
        yield chunk
