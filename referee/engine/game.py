"""The seam every game plugs into: what a game is to the engine and to the front ends.

A game is one :class:`Variant` subclass (in the spirit of python-chess's
``variant.py``): its facts as class attributes (its name, players, deal, knobs,
rule ids, what its notation allows) and its hooks as methods. The engine never
looks a game up and imports none: :mod:`referee.audit` finds the game in the
registry (:mod:`referee.games`, entry points ``referee.games``) and hands it in.

What a game brings, and where each piece is read:

- its **facts**: ``name`` (the ``Game`` tag), ``title``, ``min_players`` and
  ``max_players``, ``config_class`` (its knobs: :mod:`referee.knobs`),
  ``rule_ids`` (every rule id its rulings cite), ``rules`` (rule ids the core's
  rule book, :mod:`referee.rulebook`, does not have), what its notation allows
  (``take_whole_pile``, ``face_up_card``, ``wild_twos``, ``match_tags``);
- its **deal** (:meth:`Variant.deal_size`) and **cards** (:meth:`Variant.shoe`);
- its **referee** (:meth:`Variant.referee`): a subclass of
  :class:`referee.engine.replay.Referee` that judges each event through the
  hooks it overrides (:class:`RefereeHooks`), using rule functions that return
  findings (:mod:`referee.engine.findings`: ``renuncia()``, ``finding()``);
- its **melds**: objects that follow :class:`MeldShape`;
- its **result**: the fields every game has are :class:`GameResult`'s; what only
  this game has is its own result object (:class:`GameExtras`), whose
  ``report_fields()`` the report adds to the game's JSON;
- its **words** (:meth:`Variant.messages`): message keys in English and Spanish,
  for its findings (the rule id, or ``rule:case``), its rule texts
  (``rule.<id>``), its knobs' help (``report.knob.<Name>``), its title
  (``report.variant.<name>``) and whatever its rendering says;
- its **rendering**: the human report's (:meth:`Variant.human_report`), the page's
  (:meth:`Variant.page_template`) and ``referee standings``' (``standings``,
  :meth:`Variant.standing_points`); the language server's rule links
  (``docs_page``) and pegue hover (:meth:`Variant.discard_fit`); the OpenAPI
  example (``example_log``) and ``referee simulate`` (:meth:`Variant.simulate`);
- its **club night** (:mod:`referee.night`): a game's points for the night
  (:meth:`Variant.night_points`), its default table sizes and games per round
  (``night_sizes``, ``night_per_round``), and whether a night's table asks each seat
  for its hand before play (``night_hands_first``).

Every hook has a default that suits a game without that part.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from dataclasses import fields
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from referee.cards import FRENCH, Card, Deck, Shoe
from referee.knobs import KnobError, Reader, all_knobs, json_value, knob_name, reader_of

if TYPE_CHECKING:
    from referee.engine.findings import GameResult
    from referee.engine.replay import Referee
    from referee.engine.table import TableMeld
    from referee.notation.events import Call, Discard, Draw, GameRecord, Layoff, Meld, Tag, Take
    from referee.rulebook import Rule

ConfigT = TypeVar("ConfigT")


# --------------------------------------------------------------------------- protocols


class MeldShape(Protocol):
    """A valid meld on the table, as its game reads it (a faulty meld has no shape).

    The engine keeps the meld (:class:`~referee.engine.table.TableMeld`: its number,
    owner, line, the cards as they read, the cards that did not fit) and asks its
    shape what it needs: its ``kind`` (``set``, ``run``, or a kind of the game's own),
    the cards as they read now (a wild card with what it stands for, once fixed),
    where a card would go (None: it does not fit), and to take a card that fits.
    """

    @property
    def kind(self) -> str: ...

    def readings(self) -> list[Card]:
        """The cards as they read now, in the order they are shown."""
        ...

    def placement(self, card: Card) -> object | None:
        """Where ``card`` (as written in a log) would go; None when it does not fit."""
        ...

    def lay_off(self, card: Card, by: str) -> object:
        """Take ``card``, laid off by the player ``by`` (only a card whose
        :meth:`placement` is not None). What it returns is handed to the game's
        ``after_layoff`` hook (51: the points the card counts; argentino: its slot)."""
        ...

    def points(self) -> int:
        """What the meld is worth now, as the game counts it."""
        ...


class GameExtras(Protocol):
    """A game's own result: what only this game has beside :class:`GameResult`'s common
    fields (argentino: the hand's match, scores, match totals, players en ley)."""

    def report_fields(self) -> dict[str, Any]:
        """The fields the report adds to the game's JSON, after the common ones, JSON
        ready, in the order they are written (docs/report.md: fields may be added,
        never renamed or dropped)."""
        ...


class StandingsTable:
    """How ``referee standings`` lists a game's players: in the JSON field ``key``, under
    the title ``title`` (a message key), counting money (51: games, wins, renuncias,
    eliminations, net) or points (argentino: hands, went out, renuncias, points;
    :meth:`Variant.standing_points`). Money tables come first, then the night's
    settlement, then points tables."""

    __slots__ = ("key", "points", "title")

    def __init__(self, key: str, title: str, points: bool = False) -> None:
        self.key = key
        self.title = title
        self.points = points


class NightPoints:
    """What one game (hand) gives each player at a club night (:mod:`referee.night`):
    ``points`` by player, or None when the game does not count (it scores 0 for all and
    is flagged ``flag``: ``unfinished``, ``no-scores``); a game that counts has no flag."""

    __slots__ = ("flag", "points")

    def __init__(self, points: Mapping[str, int] | None, flag: str | None = None) -> None:
        self.points = None if points is None else dict(points)
        self.flag = flag


UNFINISHED = "unfinished"  # a night's flag: the game did not finish


class RefereeHooks(Protocol):
    """What a game's referee (a :class:`~referee.engine.replay.Referee` subclass)
    overrides: the engine calls these, in this order, for each event.

    For a draw, take, meld, lay-off or discard the engine first checks that the player
    may act (``barred``: 51 refuses a player who has left the game) and that the move
    is physically possible (the table's ``verify_*``): a log error, and the event is
    skipped, when not. Then it calls the ``judge_*``
    hook (the game's rulings: rule functions return findings, the hook records them
    with ``record_all`` and keeps the game's own state; the table has not moved yet),
    then the table moves the cards (:class:`~referee.engine.table.Table`, the one
    place that moves them, the pile and the melds included), then the ``after_*``
    hook says what follows from the table as it now stands (a hand emptied: the
    turn ends, or the game, with ``finish``). A call moves no card: only
    :meth:`judge_call`. After an event that set ``after_pending``,
    :meth:`after_event`; when the log ends,
    :meth:`close`; then :meth:`result_fields` fills the result.

    What the step-through shows of the game: :meth:`current_player`, and where the
    game has them, ``down_players``, ``opening_points``, ``out_players``,
    ``open_renuncias`` and ``game_view`` (its own view).
    """

    def judge_draw(self, ev: Draw) -> None: ...

    def judge_take(self, ev: Take) -> None: ...

    def judge_meld(self, ev: Meld) -> MeldPlan:
        """The meld's rulings, and what is laid: its shape (None: faulty), the cards as
        they read, the game's turn count."""
        ...

    def after_meld(self, ev: Meld, meld: TableMeld) -> None: ...

    def judge_layoff(self, ev: Layoff, meld: TableMeld, fits: bool) -> None:
        """``fits``: the meld's shape takes the card (:meth:`MeldShape.placement`)."""
        ...

    def after_layoff(self, ev: Layoff, meld: TableMeld, placed: object) -> None:
        """``placed``: what the shape's :meth:`MeldShape.lay_off` returned (None when
        the card did not fit and sits on the meld as a stray)."""
        ...

    def judge_discard(self, ev: Discard) -> None: ...

    def after_discard(self, ev: Discard) -> None: ...

    def judge_call(self, ev: Call) -> None: ...

    def after_event(self) -> None: ...

    def close(self) -> None: ...

    def result_fields(self, result: GameResult) -> None:
        """The common fields the game has (calls, eliminations, settlement) and its own
        result object (``result.extras``: :class:`GameExtras`)."""
        ...

    def current_player(self) -> str | None: ...


class MeldPlan:
    """What a game's ``judge_meld`` decides of a laid meld: its shape (None: faulty, it
    takes no lay-offs), the cards as they read, and the turn it is laid in (the
    game's own count of turns, which its lay-off rules may read)."""

    __slots__ = ("cards", "shape", "turn")

    def __init__(self, shape: MeldShape | None, cards: list[Card], turn: int) -> None:
        self.shape = shape
        self.cards = cards
        self.turn = turn


# --------------------------------------------------------------------------- the game


CONFIGS_KEPT = 256  # configs kept per game (then the cache starts over)
_CONFIGS: dict[type[Any], dict[tuple[tuple[tuple[str, Any], ...], int], Any]] = {}
"""Each game's configs already made, by knob values and player count (:meth:`Variant.config`)."""


class Variant(Generic[ConfigT]):
    """A game the referee judges. Subclasses set the facts and implement the hooks;
    ``ConfigT`` is its config dataclass (``config_class``)."""

    name: ClassVar[str]  # the Game tag's value
    title: ClassVar[str]  # in English; the messages have it as ``report.variant.<name>``
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    config_class: ClassVar[type[Any]]  # a frozen dataclass: one knob per field (referee.knobs)
    rule_ids: ClassVar[tuple[str, ...]]  # every rule id its rulings cite
    rules: ClassVar[tuple[Rule, ...]] = ()  # rule ids the core's rule book does not have
    deck: ClassVar[Deck] = FRENCH

    # What the game's notation allows beyond the common events (docs/notation.md).
    take_whole_pile: ClassVar[bool] = False  # ``take`` takes the pile (bare, or listed)
    face_up_card: ClassVar[bool] = False  # an ``up:`` line starts the pile
    wild_twos: ClassVar[bool] = False  # a 2 may say what it stands for (``2s=Kh``)
    match_tags: ClassVar[tuple[str, ...]] = ()  # tags this game reads beyond knobs
    # Of those, the tags that speak of one hand only (a live table gives the tags it was
    # made with to its first hand alone, and its others to every hand).
    hand_only_tags: ClassVar[tuple[str, ...]] = ()
    # The tag that makes consecutive games of a file one series (argentino's Match): a
    # big file is never cut between two games of one series.
    series_tag: ClassVar[str | None] = None

    # What the front ends show of it.
    docs_page: ClassVar[str] = ""  # its rules' page on the docs site ({docs}/rules/PAGE/;
    # empty: its name)
    example_log: ClassVar[str] = ""  # a short log of it (the API's documented example)
    standings: ClassVar[StandingsTable | None] = None  # None: a money table of its own
    simulated_players: ClassVar[tuple[int, int] | None] = None  # with a simulator: players

    # A club night (referee/night): the table sizes a night allows when it names none
    # (None: min_players..max_players), the games (hands) a table plays in one round when
    # it names none, and whether a night's table asks each seat for its hand before the
    # seat's first event (so that every hand can be scored).
    night_sizes: ClassVar[tuple[int, int] | None] = None
    night_per_round: ClassVar[int] = 1
    night_hands_first: ClassVar[bool] = False

    # -- knobs ---------------------------------------------------------------------------

    @classmethod
    def knob_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls.config_class))

    @classmethod
    def has_knob(cls, name: str) -> bool:
        return name in cls.knob_readers()

    @classmethod
    def knob_readers(cls) -> dict[str, Reader]:
        """Each knob's reader, by name (worked out once per class)."""
        found: dict[str, Reader] | None = cls.__dict__.get("_knob_readers")
        if found is None:
            found = {f.name: reader_of(f) for f in fields(cls.config_class)}
            cls._knob_readers = found  # type: ignore[attr-defined]
            cls._knob_lower = {name.lower(): name for name in found}  # type: ignore[attr-defined]
        return found

    def config(self, tags: Mapping[str, str], players: int,
               overrides: Mapping[str, str] | None = None) -> ConfigT:
        """The knobs in force: the defaults, the game's tags, then the caller's overrides.

        Tags name knobs in any case; tags of knobs this game does not have are ignored
        (kept, like any unknown tag); a bad tag value is ignored here (the reader has
        reported it). An override of another game's knob is ignored; one no registered
        game has, or a bad value, raises :class:`KnobError` (the CLI and the API check
        them first).
        """
        readers = self.knob_readers()
        lower: dict[str, str] = type(self)._knob_lower  # type: ignore[attr-defined]
        values: dict[str, Any] = {}
        for name, value in tags.items():
            canonical = lower.get(name.lower())
            if canonical is not None:
                with suppress(KnobError):
                    values[canonical] = readers[canonical](value)
        if overrides:
            every = all_knobs()
            for name, value in overrides.items():
                canonical = knob_name(name) or name
                if canonical not in every:
                    raise KnobError(f"unknown house rule {name!r}")
                every[canonical].parse(value)
                reader = readers.get(canonical)
                if reader is not None:
                    values[canonical] = reader(value)
        # One config per set of knob values and player count (a file's games mostly share
        # one): building it is a fixed cost of each game, a short argentino hand's
        # included (docs/performance.md). Configs are frozen, ``complete`` a function of
        # its arguments, every knob value hashable.
        made = _CONFIGS.get(type(self))
        if made is None:
            made = _CONFIGS[type(self)] = {}
        key = (tuple(values.items()), players)
        config = made.get(key)
        if config is None:
            if len(made) >= CONFIGS_KEPT:
                made.clear()
            config = made[key] = self.complete(self.config_class(**values), players)
        return config

    def complete(self, config: ConfigT, players: int) -> ConfigT:
        """The config with what depends on the player count worked out (a hook; a function
        of its arguments alone: :meth:`config` keeps what it returns)."""
        return config

    def config_json(self, config: ConfigT) -> dict[str, Any]:
        """The knobs as the report's ``rules`` lists them."""
        # The names from knob_readers(), worked out once (``fields()`` is not free per game).
        return {name: json_value(getattr(config, name)) for name in self.knob_readers()}

    @classmethod
    def defaults_json(cls) -> dict[str, Any]:
        """Each knob's default (as a tag would spell it), before any player count."""
        return {f.name: json_value(f.default) for f in fields(cls.config_class)}

    # -- the deal ------------------------------------------------------------------------

    def deal_size(self, seat: int, players: int, config: ConfigT) -> int:
        """Cards dealt to the player in ``seat`` (0 is the first to play)."""
        raise NotImplementedError

    def shoe(self, config: ConfigT) -> Shoe:
        """The cards in play: by default ``Decks`` copies of the game's ``deck`` and
        ``Jokers`` jokers, from the knobs of those names."""
        knobs: Any = config
        return Shoe(self.deck, int(knobs.Decks), int(knobs.Jokers))

    # -- notation ------------------------------------------------------------------------

    def tag_problems(self, tags: Mapping[str, Tag]) -> list[tuple[Tag, str, dict[str, Any]]]:
        """Syntax problems in this game's own tags: (tag, message key, parameters)."""
        return []

    def deal_problems(self, tags: Mapping[str, Tag], players: int,
                      overrides: Mapping[str, str] | None
                      ) -> list[tuple[Tag, str, dict[str, Any]]]:
        """Syntax problems of the deal the tags and the caller's knobs set (51: decks that
        cannot supply it, at the ``Players`` tag): (tag, message key, parameters)."""
        return []

    def knob_notices(self, tags: Mapping[str, Tag], overrides: Mapping[str, str] | None
                     ) -> list[tuple[Tag, str, dict[str, Any]]]:
        """Notices on knob tags that do not apply under the rest of the rules (51:
        ``AlternateColors`` under a Spanish deck): (tag, rule id, parameters)."""
        return []

    # -- judging -------------------------------------------------------------------------

    def referee(self, record: GameRecord, config: ConfigT,
                context: Any = None) -> Referee[ConfigT]:
        """The referee of one game (a hand, in argentino) of a log. ``context`` is what
        this game carries from the earlier games of the same file (:meth:`new_context`)."""
        raise NotImplementedError

    def not_judged(self, record: GameRecord, context: Any, result: GameResult) -> None:
        """A game whose tags hold a syntax error is not judged (RULES.md §14); what it
        still is to the file's later games goes into ``context`` and ``result``
        (argentino: a hand of its match). Nothing, by default."""

    def new_context(self) -> Any:
        """What this game carries from one game of a file to the next (argentino's
        matches); None when nothing carries over."""
        return None

    # -- words and rendering ---------------------------------------------------------------

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        """The game's own message keys, each ``{"en": ..., "es": ...}`` (``str.format``
        templates): merged into the catalog (:mod:`referee.messages`) after the core's."""
        return {}

    def report_schema(self) -> type | None:
        """The game's own report fields as a ``typing_extensions.TypedDict`` (what
        :meth:`GameExtras.report_fields` gives), for the API to document and validate
        them; None: none of its own."""
        return None

    def human_report(self) -> object | None:
        """What the human report draws of this game's own fields: an object that follows
        :class:`referee.cli.render.hooks.HumanReport` (None: nothing of its own)."""
        return None

    def page_template(self) -> str | None:
        """The page's rendering of this game's own fields: the text of a Jinja2 template
        included in each of its games' article (``game`` is the game's report, ``t``
        the translator); None: nothing of its own."""
        return None

    def standings_table(self) -> StandingsTable:
        """The ``referee standings`` table its games count in: ``standings``, else a money
        table under the game's name, titled with its title."""
        return self.standings or StandingsTable(self.name, "cli.standings.title_of")

    def standing_points(self, game: Mapping[str, Any]) -> Iterable[tuple[str, int]]:
        """``referee standings`` of a points table (``standings.points``): each player's
        points in one game's report. None of them, by default."""
        return ()

    def night_points(self, game: Mapping[str, Any]) -> NightPoints:
        """A club night's points for one game's report (:mod:`referee.night`): by default
        a finished game's :meth:`standing_points` (none: 0 each), and a game that did not
        finish counts for nobody (flagged ``unfinished``)."""
        if not game.get("finished"):
            return NightPoints(None, UNFINISHED)
        points = {name: 0 for name in game.get("players", ())}
        for name, value in self.standing_points(game):
            points[name] = points.get(name, 0) + value
        return NightPoints(points)

    @classmethod
    def night_table_sizes(cls) -> tuple[int, int]:
        """The table sizes a night allows by default."""
        return cls.night_sizes or (cls.min_players, cls.max_players)

    def discard_fit(self, melds: Iterable[TableMeld], card: Card,
                    config: ConfigT) -> TableMeld | None:
        """The table meld a discarded ``card`` would fit, for a game that judges a
        discard against the table (51's ``discard-pegue``): the language server's
        hover says so. None by default."""
        return None

    def simulate(self, count: int, players: tuple[int, int], seed: int,
                 knobs: Mapping[str, str] | None, hidden: bool, lang: str,
                 matches: bool) -> str:
        """``count`` random, legal games of this game as ``.rummy`` text
        (``referee simulate``); :class:`NotImplementedError` for a game with no
        simulator."""
        raise NotImplementedError(self.name)
