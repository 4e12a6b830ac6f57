"""Message catalog (engine)."""

MESSAGES: dict[str, dict[str, str]] = {}
