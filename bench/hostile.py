"""The reader on hostile input: ``python bench/hostile.py [--lines N] [--mb M]``.

Prints, for texts built to hurt (issue 10) and typo-ridden games (issue 13):

1. time against size: each case read at N and 4N lines, CPU seconds and their
   ratio (4 is linear; 16 would be quadratic, as repeated tag and deal lines
   were before);
2. memory against size: the peak of Python allocations (tracemalloc) while
   reading one huge line of M MB, as a multiple of the text's size (it was about
   95 for a meld line, 476 for blank lines).

The reference for the time ratios is a clean game of the same size, read in the
same run.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable

from referee.notation.reader import read_games

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n'

TIME_CASES: dict[str, Callable[[int], str]] = {
    "clean game (reference)": lambda n: HEADER + "Ana draw\nAna discard 7h\n" * (n // 2),
    "repeated tag lines": lambda n: HEADER + '[Stake "1"]\n' * n + "Ana discard 7h\n",
    "repeated deal lines": lambda n: HEADER + "deal Ana: 7h\n" * n + "Ana discard 7h\n",
    "a typo every 50 lines": lambda n: HEADER + "".join(
        "Ana drwa\n" if i % 50 == 0 else "Ana draw\n" for i in range(n)),
    "every line a typo": lambda n: HEADER + "Ana draw\n" + "".join(
        f"Ana w{i}\n" for i in range(n)),
}

MB = 1 << 20
MEMORY_CASES: dict[str, Callable[[int], str]] = {
    "a meld line": lambda size: HEADER + "Ana meld " + "7h " * (size // 3) + "\n",
    "a meld line ending in a typo": lambda size: HEADER + "Ana meld " + "7h " * (size // 3)
    + "x\n",
    "a tag value": lambda size: HEADER + '[Event "' + "e" * size + '"]\n',
    "blank lines": lambda size: HEADER + "\n" * size + "Ana draw\n",
    "a player's name": lambda size: HEADER + "A" * size + " draw\n",
}


def cpu(text: str) -> float:
    start = time.process_time()
    read_games(text)
    return time.process_time() - start


def peak(text: str) -> int:
    tracemalloc.start()
    try:
        read_games(text)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--lines", type=int, default=5000, help="N (default 5000)")
    options.add_argument("--mb", type=float, default=4.0, help="M (default 4)")
    args = options.parse_args()
    read_games(HEADER)  # load the parser first
    n = args.lines
    print(f"{'time':32} {n:>7} lines {4 * n:>7} lines   ratio")
    for name, build in TIME_CASES.items():
        small, large = cpu(build(n)), cpu(build(4 * n))
        print(f"{name:32} {small:11.2f} s {large:11.2f} s {large / max(small, 1e-9):7.1f}")
    size = int(args.mb * MB)
    print(f"\n{'memory, one huge line':32} {'text':>9} {'peak':>9}   peak/text")
    for name, build in MEMORY_CASES.items():
        text = build(size)
        used = peak(text)
        print(f"{name:32} {len(text) / MB:7.1f} MB {used / MB:7.1f} MB {used / len(text):9.1f}")


if __name__ == "__main__":
    main()
