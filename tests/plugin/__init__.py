"""The game plugin of ``examples/plugin-game`` (mini-rummy, issue 19 part 3): its rules
in this process (:mod:`.test_rules`, :mod:`.test_front_ends`), and the plugin
installed in a virtual environment of its own (:mod:`.test_installed`)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "plugin-game"
LOGS = PLUGIN / "logs"

if str(PLUGIN) not in sys.path:  # the in-process tests import it without installing it
    sys.path.insert(0, str(PLUGIN))
