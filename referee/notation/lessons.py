"""What Lark has taught the reader, kept between processes: a game read without Lark.

Importing Lark and loading its parser cost a one-game ``referee audit`` about a third
of its process (docs/performance.md, issue 23 round 6), and the line memo
(:mod:`referee.notation.memo`) reads most games without Lark once Lark has read a few:
their texts, card words, setup keywords, tag lines and skeletons. So what the process's
memo learned, and the folded grammar's terminal expressions (which the memo, the header
checks and the error messages match text with), are kept in a file of the referee's
cache folder (``REFEREE_CACHE_DIR``, as the parser's cache; empty: nothing kept), saved
when a process that keeps them exits having learned something new. The next process
starts with them: a game made of what Lark has read before is read without loading Lark
at all.

Nothing enters the file but what Lark read (the memo's promise): it is read back only by
a process whose reader is the one that wrote it. The file is stamped with what the
reading depends on: every folder of ``sys.path`` with its modification time (installing,
upgrading or removing a distribution, Lark among them, changes its folder's), each module
of ``referee/notation/`` and ``referee/cards.py`` with its size and modification time,
and the grammar file's text; a stamp that does not match is a file not read (and written
again at exit). One file per Python executable and ``sys.path``, as the games' list.

Only processes that ask keep (:func:`referee.notation.reader.keep`: the ``referee``
command does); a library caller or a test run reads as before.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import sys
import zlib
from typing import Any

from referee.cards import Card
from referee.notation.events import Call, Deal, Discard, Draw, Layoff, Meld, Take
from referee.notation.reducers import StockLine, UpLine

FORMAT = "referee-lessons 2"
_SEP = "\x1f"

# The classes the lessons name (the memo's events and setup lines), by name.
CLASSES: dict[str, type] = {cls.__name__: cls for cls in (
    Draw, Take, Meld, Layoff, Discard, Call, Deal, StockLine, UpLine)}


def stamp() -> str:
    """What the kept reading depends on (the module's docstring); changes with any of it."""
    from referee.games import path_stamp
    from referee.notation.folded import folded_grammar

    here = os.path.dirname(os.path.abspath(__file__))
    # The folded grammar (kept: the memo's tag lines need it): the grammar file's text
    # read once, and folded.py, which folds it, is among the modules stamped below.
    parts = [path_stamp(), f"{zlib.crc32(folded_grammar().encode('utf-8')):08x}"]
    cards = os.path.join(os.path.dirname(here), "cards.py")
    with os.scandir(here) as found:
        files = sorted(entry.path for entry in found if entry.name.endswith(".py"))
    for path in [*files, cards]:
        try:
            status = os.stat(path)
        except OSError:
            parts.append(path + "\0-")
            continue
        parts.append(f"{path}\0{status.st_size}\0{status.st_mtime_ns}")
    return _SEP.join(parts)


def lessons_path(folder: str) -> str:
    """The file for this Python executable and ``sys.path``."""
    key = (sys.executable + _SEP + _SEP.join(sys.path)).encode("utf-8", "surrogatepass")
    return os.path.join(folder, f"lessons-{zlib.crc32(key):08x}.marshal")


def encode(value: Any) -> Any:
    """``value`` (strings, numbers, None, tuples, lists, dictionaries, cards and the
    classes of :data:`CLASSES`) in what :mod:`marshal` writes: a card as its text in
    bytes, a class as its name in a one-item frozenset (nothing else the lessons hold
    is either). :mod:`marshal` is in every process already; :mod:`pickle` would be one more
    import, a tenth of a process that reads without Lark."""
    if isinstance(value, Card):
        return value.text.encode("utf-8")
    if isinstance(value, type):
        if CLASSES.get(value.__name__) is not value:
            raise ValueError(f"no lesson names {value!r}")
        return frozenset((value.__name__,))
    if isinstance(value, tuple):
        return tuple(encode(item) for item in value)
    if isinstance(value, list):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {key: encode(item) for key, item in value.items()}
    return value


def decode(value: Any) -> Any:
    """What :func:`encode` was given (cards read back by the French deck's reader, the
    one the kept memo reads with)."""
    if isinstance(value, bytes):
        return Card.parse(value.decode("utf-8"))
    if isinstance(value, frozenset):
        (name,) = value
        return CLASSES[name]
    if isinstance(value, list):
        return [decode(item) for item in value]
    if isinstance(value, tuple):
        return tuple(decode(item) for item in value)
    if isinstance(value, dict):
        return {key: decode(item) for key, item in value.items()}
    return value


def load(path: str, expected: str) -> dict[str, Any] | None:
    """The lessons saved at ``path`` under the stamp ``expected``; None when there is no
    such file, it does not load, or its stamp is another."""
    try:
        with open(path, "rb") as handle:
            loaded = marshal.loads(handle.read())
        if (not isinstance(loaded, tuple) or len(loaded) != 3 or loaded[0] != FORMAT
                or loaded[1] != expected or not isinstance(loaded[2], dict)):
            return None
        found = decode(loaded[2])
    except Exception:  # no file, a torn or foreign one: nothing kept
        return None
    return found if isinstance(found, dict) else None


def save(path: str, current: str, lessons: dict[str, Any]) -> None:
    """Write ``lessons`` under the stamp ``current`` (a temporary file renamed into place:
    a reader sees the old file or the new one, whole); a file that cannot be written
    (a read-only home, a full disk) is not."""
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        data = marshal.dumps((FORMAT, current, encode(lessons)))
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.remove(temporary)
