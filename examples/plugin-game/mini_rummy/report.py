"""What mini-rummy adds to a game's report, and how the front ends show it.

- :class:`MiniResult`: the game's own result (the seam's
  :class:`~referee.engine.game.GameExtras`): its ``report_fields()`` are added to the
  game's JSON after the fields every game has;
- :class:`MiniFields`: those fields typed, for the API's schema;
- :class:`MiniHuman`: its part of the human report (``referee audit``); the page's
  part is the template ``page.html``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NotRequired

from rich.text import Text
from typing_extensions import TypedDict

if TYPE_CHECKING:
    from referee.cli.render.console import Words
    from referee.cli.render.plain import Canvas


class MiniResult:
    """Each player's points left in hand when someone went out (empty: not scored)."""

    __slots__ = ("points",)

    def __init__(self, points: dict[str, int]) -> None:
        self.points = points

    def report_fields(self) -> dict[str, Any]:
        return {"mini_points": dict(self.points)}


class MiniFields(TypedDict):
    """What a game of mini-rummy adds to its report (``mini_points``: each player's
    points left in hand once someone went out, every hand known; else empty)."""

    mini_points: NotRequired[dict[str, int]]


class MiniHuman:
    """mini-rummy's part of the human report (:class:`referee.cli.render.hooks.HumanReport`)."""

    def heading(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """Nothing under the heading: the common one says it all."""

    def outcome(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """The points left in each hand, once the game is over."""
        if not game.get("finished"):
            return
        points = game.get("mini_points")
        if not points:
            console.print(Text(t("mini.points_unknown"), style="yellow"))
            return
        shown = " · ".join(f"{name} {value}" for name, value in points.items())
        console.print(Text.assemble((t("mini.points") + ": ", "bold"), shown))

    def not_judged(self, console: Canvas, game: Mapping[str, Any], t: Words) -> None:
        """A game not judged has nothing of its own to show."""

    def closing_entry(self, game: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
        return None  # no closing of its own: the file ends as any other's

    def closing(self, console: Canvas, t: Words,
                entries: Mapping[int, Mapping[str, Any]]) -> None:
        """Never called: :meth:`closing_entry` gives nothing."""
