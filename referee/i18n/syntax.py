"""Message catalog (syntax)."""

MESSAGES: dict[str, dict[str, str]] = {}
