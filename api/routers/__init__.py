"""One router per resource: audit, rules, health, verdicts; and the page."""
