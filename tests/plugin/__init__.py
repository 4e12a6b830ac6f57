"""The game plugin of ``examples/plugin-game`` (mini-rummy, issue 19 part 3): its rules
in this process (:mod:`.test_rules`, :mod:`.test_front_ends`), and the plugin
installed in a virtual environment of its own (:mod:`.test_installed`)."""

from __future__ import annotations

import atexit
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "plugin-game"
LOGS = PLUGIN / "logs"

# The in-process tests import the plugin's package without installing it: from a folder
# that holds only the package (a link to it), not from examples/plugin-game, where an
# install leaves its metadata (``*.egg-info``), whose entry point would register the game
# in this whole process.
_IMPORTS = Path(tempfile.mkdtemp(prefix="referee-plugin-"))
(_IMPORTS / "mini_rummy").symlink_to(PLUGIN / "mini_rummy", target_is_directory=True)
sys.path.insert(0, str(_IMPORTS))
atexit.register(shutil.rmtree, _IMPORTS, ignore_errors=True)
