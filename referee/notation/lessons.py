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
import os
import sys
import zlib
from typing import Any

FORMAT = "referee-lessons 1"
_SEP = "\x1f"


def stamp() -> str:
    """What the kept reading depends on (the module's docstring); changes with any of it."""
    from referee.games import path_stamp
    from referee.notation.parser import grammar_text

    here = os.path.dirname(os.path.abspath(__file__))
    parts = [path_stamp(), f"{zlib.crc32(grammar_text().encode('utf-8')):08x}"]
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
    return os.path.join(folder, f"lessons-{zlib.crc32(key):08x}.pickle")


def load(path: str, expected: str) -> dict[str, Any] | None:
    """The lessons saved at ``path`` under the stamp ``expected``; None when there is no
    such file, it does not load, or its stamp is another."""
    import pickle

    try:
        with open(path, "rb") as handle:
            loaded = pickle.load(handle)
    except Exception:  # no file, a torn or foreign one: nothing kept
        return None
    if (not isinstance(loaded, tuple) or len(loaded) != 3 or loaded[0] != FORMAT
            or loaded[1] != expected or not isinstance(loaded[2], dict)):
        return None
    return loaded[2]


def save(path: str, current: str, lessons: dict[str, Any]) -> None:
    """Write ``lessons`` under the stamp ``current`` (a temporary file renamed into place:
    a reader sees the old file or the new one, whole); a file that cannot be written
    (a read-only home, a full disk) is not."""
    import pickle

    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        data = pickle.dumps((FORMAT, current, lessons), protocol=pickle.HIGHEST_PROTOCOL)
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.remove(temporary)
