"""One router per resource: audit, rules, health."""
