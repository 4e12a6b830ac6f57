"""Where the time of ``referee audit`` goes, stage by stage, in one process.

Used by ``bench/audit.py``: CPU time per event of each stage of the path a
``referee audit F --json`` (or the human report) takes, best of ``repeat`` runs on
the whole corpus, each stage timed on the output of the one before it.
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Transformer

from referee.audit import Series, audit_game
from referee.cards import FRENCH
from referee.cli.batch.fingerprint import game_fingerprint
from referee.cli.render.console import ConsoleSpec
from referee.cli.render.report import HumanReportWriter
from referee.notation.parser import build
from referee.notation.pieces import pieces
from referee.notation.reader import Reader
from referee.report.json import JsonReportWriter
from referee.report.model import game_data

RULES = ("start", "game", "setups", "events", "tag", "deal", "stock", "up", "draw", "take",
         "meld", "layoff", "discard", "call")


def cpu_best(fn: Callable[[], object], repeat: int) -> float:
    """The best CPU time of ``repeat`` runs of ``fn`` (this process, one core)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def _nothing(_items: list[Any]) -> None:
    return None


class _Nothing(Transformer[Any, None]):
    """Reducers that do nothing: Lark's lexer and parser alone."""


for _rule in RULES:
    setattr(_Nothing, _rule, staticmethod(_nothing))


def noop_parser() -> Lark:
    return build(FRENCH, _Nothing(), cache=False)


def tokens_per_event(texts: list[str], events: int) -> float:
    """Tokens the lexer makes per event, the ignored blanks left out (pure Lark, which
    lexes as lark-cython does)."""
    parser = build(FRENCH, cython=False, cache=False)
    parser.options.transformer.set_line_offset(0)
    tokens = 0
    for text in texts:
        interactive = parser.parse_interactive(text)
        tokens += sum(1 for _ in interactive.iter_parse())
    return tokens / events


@dataclass
class Stages:
    events: int
    tokens: float
    seconds: dict[str, float] = field(default_factory=dict)

    def rows(self) -> list[tuple[str, str, str]]:
        total = sum(s for name, s in self.seconds.items() if _in_total(name))
        out = []
        for name, seconds in self.seconds.items():
            share = f"{seconds / total:.0%}" if _in_total(name) else ""
            out.append((name, f"{seconds / self.events * 1e6:.2f}", share))
        out.append(("total of the --json path", f"{total / self.events * 1e6:.2f}", "100%"))
        return out

    def text(self) -> str:
        lines = [f"where the time goes (CPU µs per event; {self.tokens:.2f} tokens per event)"]
        lines += [f"  {name:<42} {us:>7}  {share:>4}" for name, us, share in self.rows()]
        return "\n".join(lines)

    def markdown(self) -> str:
        out = [f"| stage (--json path; {self.tokens:.2f} tokens per event) | µs per event | "
               "share |", "| --- | ---: | ---: |"]
        out += [f"| {name} | {us} | {share} |" for name, us, share in self.rows()]
        return "\n".join(out)


def _in_total(name: str) -> bool:
    """The stages of the ``--json`` path (not the human report's drawing, nor the rows
    in brackets: what reading would cost without the line memo)."""
    return name != "human report drawing" and not name.startswith("(")


def stage_split(text: str, repeat: int, startup_per_event: float) -> Stages:
    texts = [t if t.endswith("\n") else t + "\n" for t in pieces((text,))]
    records = list(Reader().games(text, "corpus"))
    events = sum(len(r.events) for r in records)
    stages = Stages(events, tokens_per_event(texts[:200], sum(len(r.events)
                                                               for r in records[:200])))
    s = stages.seconds
    s["cutting the text into games"] = cpu_best(lambda: sum(1 for _ in pieces((text,))), repeat)

    def with_memo() -> list[Any]:
        parse = Reader().parse_for(FRENCH)  # a memo of its own, as in a process of its own
        return [parse(t, 0) for t in texts]

    nothing = noop_parser()
    lark = cpu_best(lambda: [nothing.parse(t) for t in texts], repeat)
    without = Reader(memo=False).parse_for(FRENCH)
    full = cpu_best(lambda: [without(t, 0) for t in texts], repeat)
    s["reading: Lark for new lines, the line memo for lines seen before"] = mine = cpu_best(
        with_memo, repeat)

    def read_all() -> int:
        return sum(1 for _ in Reader().games(text, "corpus"))

    read = cpu_best(read_all, repeat)
    s["header checks, records"] = max(read - mine - s["cutting the text into games"], 0.0)
    s["(without the memo: Lark lexer + LALR parser, every line)"] = lark
    s["(without the memo: reducers, every line)"] = max(full - lark, 0.0)

    def replay() -> list[Any]:
        series = Series()
        return [audit_game(r, None, series) for r in records]

    s["replay (engine)"] = cpu_best(replay, repeat)
    s["duplicate fingerprint"] = cpu_best(lambda: [game_fingerprint(r) for r in records],
                                          repeat)
    results = replay()
    s["report dicts"] = cpu_best(lambda: [game_data(r, "en") for r in results], repeat)
    games = [game_data(r, "en") for r in results]

    def write_json() -> None:
        writer = JsonReportWriter(io.StringIO(), "corpus")
        for game in games:
            writer.game(game)
        writer.close()

    s["JSON text"] = cpu_best(write_json, repeat)
    s["start-up (one game's process, amortised)"] = startup_per_event * events

    def draw() -> None:
        writer = HumanReportWriter(io.StringIO(), "corpus", "en",
                                   ConsoleSpec(100, None, False, "utf-8", False))
        for game in games:
            writer.game(game)
        writer.close()

    s["human report drawing"] = cpu_best(draw, repeat)
    return stages
