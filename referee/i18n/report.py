"""Message catalog (report)."""

MESSAGES: dict[str, dict[str, str]] = {}
