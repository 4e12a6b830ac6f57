"""51 Referee: replay recorded games of 51 (La 51) and judge every card.

The engine package has no web or command-line imports. Its layers:

- :mod:`referee.cards`    ranks, suits, cards and jokers, parsed from and printed as notation
- :mod:`referee.notation.events`   the typed, frozen events and the game record the reader produces
- :mod:`referee.notation.reader`   the `.rummy` reader (Lark grammar in :mod:`grammar`) and writer
- :mod:`referee.variants` the games (51, Rummy argentino) and their house-rule knobs
- :mod:`referee.engine`   physical replay plus the rule checks that record findings
- :mod:`referee.report`   the report model (the JSON contract), its JSON writer, the catalog
"""

__version__ = "0.1.0"

# Start-up: inspect, which dataclasses imports for a class without a docstring (none of
# ours), is loaded only if something uses it (referee.deferred); what every process would
# build again (the methods dataclasses writes, the programs of regular expressions) is
# built once and kept in the cache folder (referee.startcache).
from referee.deferred import defer as _defer
from referee.startcache import install as _install_start_cache

_defer("inspect")
_install_start_cache()
