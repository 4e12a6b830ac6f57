"""The tables as the current schema has them (``migrations`` builds them, step by step)."""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
)

metadata = MetaData()

ID_LENGTH = 24
HASH_LENGTH = 64

schema_versions = Table(
    "referee_schema_versions",
    metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("description", String(200), nullable=False),
    Column("applied_at", DateTime(timezone=True), nullable=False),
)

verdicts = Table(
    "verdicts",
    metadata,
    Column("id", String(ID_LENGTH), primary_key=True),
    Column("content_hash", String(HASH_LENGTH), nullable=False),
    Column("log", Text, nullable=False),
    Column("knobs", Text, nullable=False),  # JSON object, knob name -> canonical value
    Column("referee_version", String(40), nullable=False),
    Column("reports", Text, nullable=False),  # JSON object, language -> report
    Column("reports_sha256", String(HASH_LENGTH), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# The live tables (docs/cli-api.md, live tables): a table, its seats, its changes.

NAME_LENGTH = 80  # a player's name (the notation allows 64 characters) or "scribe"
KEY_LENGTH = 64

live_tables = Table(
    "live_tables",
    metadata,
    Column("id", String(ID_LENGTH), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("reveal", String(8), nullable=False),
    Column("players", Text, nullable=False),  # JSON list: the seats, as created
    Column("tags", Text, nullable=False),  # JSON list of [name, value]: the table's tags
    Column("scribe_hash", String(HASH_LENGTH), nullable=False),
    Column("seq", Integer, nullable=False),  # the last change's seq (0: none yet)
    Column("hand", Integer, nullable=False),  # the hand being played (1 for a game of one)
    Column("hand_players", Text, nullable=False),  # JSON list: this hand's seat order
    Column("hand_tags", Text, nullable=False),  # JSON list of [name, value]: this hand's own
    Column("finished", Boolean, nullable=False),  # this hand has ended
    Column("over", Boolean, nullable=False),  # the table takes no more changes
    Column("verdict_id", String(ID_LENGTH), nullable=True),  # the latest verdict
    Column("events", Integer, nullable=False),  # events posted (undone ones too)
    Column("done_log", Text, nullable=False),  # the log of the hands that have ended
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("touched_at", DateTime(timezone=True), nullable=False),  # the last change
    # each seat gives its hand before its first event (a club night's table of a game
    # whose hands are scored: referee/night)
    Column("hands_first", Boolean, nullable=False, default=False),
    Column("abandoned", Boolean, nullable=False, default=False),
)
Index("live_tables_touched_at", live_tables.c.touched_at)

live_seats = Table(
    "live_seats",
    metadata,
    Column("table_id", String(ID_LENGTH), primary_key=True),
    Column("player", String(NAME_LENGTH), primary_key=True),
    Column("token_hash", String(HASH_LENGTH), nullable=False),
)

live_changes = Table(
    "live_changes",
    metadata,
    Column("table_id", String(ID_LENGTH), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("by", String(NAME_LENGTH), nullable=False),  # the poster: a player or "scribe"
    Column("action", String(16), nullable=False),  # event, undo, hand, up, next-hand
    Column("hand", Integer, nullable=False),
    Column("player", String(NAME_LENGTH), nullable=True),  # whose event or hand
    Column("text", Text, nullable=True),  # the event line, the cards, the new hand's seats
    Column("line", Integer, nullable=True),  # an event's line in the table's log
    Column("target", Integer, nullable=True),  # an undo's event
    Column("undone_by", Integer, nullable=True),  # the undo that removed this change
    Column("request_key", String(KEY_LENGTH), nullable=True),
    Column("answer", LargeBinary, nullable=True),  # the poster's answer, for a resent key
    Column("public", LargeBinary, nullable=False),  # the stream's message, per language
)
Index("live_changes_request_key", live_changes.c.table_id, live_changes.c.by,
      live_changes.c.request_key, unique=True)

# The club nights (docs/cli-api.md, nights): a night, its players (their passes), its
# rounds, its tables (each one or more live tables, or a log handed in), its trail.

nights = Table(
    "nights",
    metadata,
    Column("id", String(ID_LENGTH), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("game", String(40), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("reveal", String(8), nullable=False),
    Column("tags", Text, nullable=False),  # JSON list of [name, value]
    Column("sizes_min", Integer, nullable=False),
    Column("sizes_max", Integer, nullable=False),
    Column("rounds", Integer, nullable=False),  # the rounds planned
    Column("per_round", Integer, nullable=False),
    Column("seating", String(16), nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("organizer_hash", String(HASH_LENGTH), nullable=False),
    Column("seq", Integer, nullable=False),  # the night's own changes (its trail)
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("touched_at", DateTime(timezone=True), nullable=False),
)
Index("nights_touched_at", nights.c.touched_at)

night_players = Table(
    "night_players",
    metadata,
    Column("night_id", String(ID_LENGTH), primary_key=True),
    Column("player", String(NAME_LENGTH), primary_key=True),
    Column("position", Integer, nullable=False),  # the order players were given
    Column("token_hash", String(HASH_LENGTH), nullable=False),
    Column("joined", Integer, nullable=False),  # the first round they may be seated in
    Column("withdrawn", Integer, nullable=True),  # the first round they are not seated in
)

night_rounds = Table(
    "night_rounds",
    metadata,
    Column("night_id", String(ID_LENGTH), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("closed", Boolean, nullable=False),
    Column("byes", Text, nullable=False),  # JSON list
    Column("repeats", Integer, nullable=False),
)

night_tables = Table(
    "night_tables",
    metadata,
    Column("night_id", String(ID_LENGTH), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("players", Text, nullable=False),  # JSON list: the seats, the starter first
    Column("voided", Boolean, nullable=False),
    Column("reason", Text, nullable=True),
    Column("log", Text, nullable=True),  # a log handed in instead of live play
    Column("verdict_id", String(ID_LENGTH), nullable=True),  # the log's verdict
    Column("scores", Text, nullable=False),  # JSON: hand number -> {player: points}
)

night_games = Table(
    "night_games",
    metadata,
    Column("night_id", String(ID_LENGTH), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("number", Integer, primary_key=True, autoincrement=False),
    Column("game", Integer, primary_key=True, autoincrement=False),
    Column("table_id", String(ID_LENGTH), nullable=False),  # the live table
)
Index("night_games_table", night_games.c.table_id)

night_changes = Table(
    "night_changes",
    metadata,
    Column("night_id", String(ID_LENGTH), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("by", String(NAME_LENGTH), nullable=False),
    Column("action", String(16), nullable=False),
    Column("text", Text, nullable=True),
    Column("reason", Text, nullable=True),
)
