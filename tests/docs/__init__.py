"""The documentation site: it builds strictly, and what it shows is what the referee does."""
