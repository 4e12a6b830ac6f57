"""The games the referee judges, one package each, found by the ``Game`` tag.

- :mod:`referee.variants.base`      the :class:`Variant` seam and the registry
- :mod:`referee.variants.knobs`     house-rule knobs: names, readers
- :mod:`referee.variants.la51`      51 (La 51)
- :mod:`referee.variants.argentino` Rummy argentino
"""

from referee.variants.argentino import Argentino
from referee.variants.base import REGISTRY, Variant, find_variant, register
from referee.variants.la51 import La51

VARIANTS: tuple[type[Variant], ...] = (La51, Argentino)
"""Every game, in the order ``referee rules`` lists them."""

for _variant in VARIANTS:
    register(_variant)

__all__ = ["REGISTRY", "VARIANTS", "Argentino", "La51", "Variant", "find_variant", "register"]
