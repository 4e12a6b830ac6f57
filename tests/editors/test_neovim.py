"""docs/editors.md's Neovim set-up, run: ``nvim --headless`` with the documented
``init.lua`` (the snippet for the installed Neovim's version, taken from the page, and the
comment string), a log with a renuncia opened: the filetype is ``rummy``, the referee's
language server is attached and its diagnostics arrive (``discard-pegue`` on line 28).

Needs ``nvim`` (Debian's ``neovim``, which ``.ci/run`` installs). Without it these tests
skip and say so; under CI (``REFEREE_CI=1``) they fail instead.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DOC = ROOT / "docs" / "editors.md"
FRIDAY = ROOT / "tests" / "data" / "friday.rummy"  # Ana's discard of 9d, line 28: a pegue
LUA_BLOCK = re.compile(r"```lua\n(.*?)```", re.DOTALL)
# What the test does once the log is open: wait for diagnostics (a bound, not a speed
# check), then write what Neovim saw and quit.
DRIVER = """
local ok = vim.wait(90000, function() return #vim.diagnostic.get(0) > 0 end, 100)
local clients = 0
local attached = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 })
  or vim.lsp.buf_get_clients(0)
for _, client in pairs(attached) do
  if client.name == "referee" then clients = clients + 1 end
end
local lines = { "filetype " .. vim.bo.filetype, "commentstring " .. vim.bo.commentstring,
                "clients " .. clients }
for _, found in ipairs(vim.diagnostic.get(0)) do
  local lsp = found.user_data and found.user_data.lsp or {}
  table.insert(lines, "diagnostic " .. (found.lnum + 1) .. " "
    .. tostring(found.code or lsp.code) .. " " .. found.message:gsub("\\n", " "))
end
vim.fn.writefile(lines, os.getenv("NVIM_TEST_OUT"))
vim.cmd("qa!")
"""


def nvim_version() -> tuple[int, int]:
    """The installed Neovim's version, or a skip (a failure under ``REFEREE_CI``)."""
    nvim = shutil.which("nvim")
    if nvim is None:
        reason = "Neovim is not installed (apt-get install neovim)"
        if os.environ.get("REFEREE_CI"):
            pytest.fail(f"REFEREE_CI is set and {reason}")
        pytest.skip(reason)
    shown = subprocess.run([nvim, "--version"], capture_output=True, text=True, timeout=60,
                           check=True).stdout
    found = re.search(r"NVIM v(\d+)\.(\d+)", shown)
    assert found is not None, shown
    return int(found.group(1)), int(found.group(2))


def neovim_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n## Neovim\n")
    return text[start:text.index("\n## ", start + 1)]


def documented_init(version: tuple[int, int]) -> str:
    """The page's init.lua for ``version``: the server's snippet (0.11 and later, or 0.7 to
    0.10) and the comment string's."""
    blocks = LUA_BLOCK.findall(neovim_section())
    newer = [block for block in blocks if "vim.lsp.enable" in block]
    older = [block for block in blocks if "vim.lsp.start_client" in block]
    comments = [block for block in blocks if "commentstring" in block]
    assert len(newer) == len(older) == len(comments) == 1, blocks
    return "\n".join([(newer if version >= (0, 11) else older)[0], comments[0]])


def test_the_page_has_a_set_up_for_neovim_0_7_and_one_for_0_11() -> None:
    assert "vim.g.do_filetype_lua = 1" in documented_init((0, 7))
    assert "vim.lsp.config" in documented_init((0, 11))
    assert '"referee", "lsp"' in documented_init((0, 7)) and \
        '"referee", "lsp"' in documented_init((0, 11))


def test_the_documented_set_up_shows_the_referees_diagnostics(tmp_path: Path) -> None:
    version = nvim_version()
    if version < (0, 7):
        pytest.skip(f"the page's set-ups need Neovim 0.7 or later, found {version}")
    config = tmp_path / "init.lua"
    config.write_text(documented_init(version), encoding="utf-8")
    driver = tmp_path / "driver.lua"
    driver.write_text(DRIVER, encoding="utf-8")
    log = tmp_path / "friday.rummy"
    shutil.copyfile(FRIDAY, log)
    out = tmp_path / "seen.txt"
    # `referee` on PATH as a reader installs it; no config, plugin or state of the user's.
    home = tmp_path / "home"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}"
           f"{os.environ.get('PATH', '')}", "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"),
           "NVIM_TEST_OUT": str(out), "REFEREE_LANG": "en"}
    result = subprocess.run(
        ["nvim", "--headless", "-i", "NONE", "-u", str(config), str(log),
         "-c", f"luafile {driver}"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=180,
        stdin=subprocess.DEVNULL, check=False)
    assert out.exists(), (result.returncode, result.stdout[-2000:], result.stderr[-2000:])
    seen = out.read_text(encoding="utf-8").splitlines()
    assert seen[:3] == ["filetype rummy", "commentstring # %s", "clients 1"], seen
    pegue = [line for line in seen if line.startswith("diagnostic 28 discard-pegue ")]
    assert pegue, seen
