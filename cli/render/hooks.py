"""What the human report asks of a game about its own fields: the hook a game's
:meth:`~referee.engine.game.Variant.human_report` gives.

The report draws what every game has (the heading, the findings, calls,
eliminations, the winner, the hands, the settlement, the night's money); a game
with fields of its own (argentino: its match, its scores, the match table) draws
them through these methods, on the same :class:`~referee.cli.render.plain.Canvas`
with the same words (:class:`~referee.cli.render.console.Words`). ``game`` is the
game's report (:func:`referee.report.model.game_data`): the common fields and the
game's own ``report_fields()``; a game the engine could not replay has none of its
own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from referee.cli.render.console import Words
    from referee.cli.render.plain import Canvas


@runtime_checkable
class HumanReport(Protocol):
    """A game's part of the human report."""

    def heading(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """Under the game's heading, before its findings."""
        ...

    def outcome(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """After the winner, the hands and the settlement of a judged game."""
        ...

    def not_judged(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """After "not judged" (the game's tags hold a syntax error, RULES.md §14)."""
        ...

    def closing_entry(self, game: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
        """What the file's closing needs of this game, under a key that the closing
        groups by (argentino: each match's latest hand, by the match's first game: a
        later hand of the match replaces the entry). None: nothing."""
        ...

    def closing(self, console: Canvas, t: Words, entries: Mapping[int, Mapping[str, Any]]
                ) -> None:
        """The file's closing, from the entries of its games (in file order), drawn
        instead of the night's money (argentino: where each match ended)."""
        ...


def human_hook(ruleset: str | None) -> HumanReport | None:
    """The human-report hook of the game a report names (None: none of its own)."""
    from referee.games import find_game, known

    games = known()

    def build() -> HumanReport | None:
        game = find_game(ruleset)
        hook = None if game is None else game.human_report()
        return hook if isinstance(hook, HumanReport) else None

    return games.memo(("human-report", ruleset), build)
