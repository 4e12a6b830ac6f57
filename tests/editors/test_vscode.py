"""The VS Code extension in ``editors/vscode``: its node tests pass and its ``.vsix`` builds.

Both need Node.js 20 or later, npm and the extension's pinned packages
(``npm ci --prefix editors/vscode``, which ``.ci/run`` does). Without them these
tests skip and say what is missing; under CI (``REFEREE_CI=1``, exported by
``.ci/run``) they fail instead, so that CI cannot pass without running them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
EXTENSION = ROOT / "editors" / "vscode"
NODE_MAJOR = 20


def missing() -> str | None:
    """What the extension's tools lack here, or None."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return f"Node.js {NODE_MAJOR}+ and npm are not installed"
    version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=False)
    major = re.match(r"v(\d+)", version.stdout)
    if major is None or int(major.group(1)) < NODE_MAJOR:
        return f"Node.js {NODE_MAJOR}+ is needed, found {version.stdout.strip() or 'none'}"
    if not (EXTENSION / "node_modules").is_dir():
        return "editors/vscode/node_modules is missing: run npm ci --prefix editors/vscode"
    return None


def needs_node() -> None:
    reason = missing()
    if reason is None:
        return
    if os.environ.get("REFEREE_CI"):
        pytest.fail(f"REFEREE_CI is set and {reason}")
    pytest.skip(reason)


def test_the_grammar_and_extension_tests_pass() -> None:
    needs_node()
    npm = shutil.which("npm")
    assert npm is not None
    result = subprocess.run([npm, "test"], cwd=EXTENSION, capture_output=True, text=True,
                            timeout=600, stdin=subprocess.DEVNULL, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    passed = re.search(r"^# pass (\d+)$", result.stdout, re.MULTILINE)
    assert passed is not None and int(passed.group(1)) >= 50, output[-2000:]
    assert re.search(r"^# fail 0$", result.stdout, re.MULTILINE), output[-2000:]


def test_the_vsix_builds(tmp_path: Path) -> None:
    needs_node()
    target = tmp_path / "rummy-referee.vsix"
    result = subprocess.run(
        [str(EXTENSION / "node_modules" / ".bin" / "vsce"), "package",
         "--allow-missing-repository", "--out", str(target)],
        cwd=EXTENSION, capture_output=True, text=True, timeout=600,
        stdin=subprocess.DEVNULL, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    with zipfile.ZipFile(target) as vsix:
        names = set(vsix.namelist())
        grammar = vsix.read("extension/syntaxes/rummy.tmLanguage.json")
        manifest = json.loads(vsix.read("extension/package.json"))
    for name in ("extension.js", "src/server.js", "language-configuration.json",
                 "package.nls.json", "package.nls.es.json", "l10n/bundle.l10n.es.json",
                 "LICENSE.txt", "readme.md",
                 # the language client goes in: VS Code does not provide it
                 "node_modules/vscode-languageclient/package.json"):
        assert f"extension/{name}" in names, name
    assert grammar == (EXTENSION / "syntaxes" / "rummy.tmLanguage.json").read_bytes()
    assert manifest["contributes"]["languages"][0]["id"] == "rummy"
    # neither the tests, the grammar's build script nor the development packages
    assert not [name for name in names if name.startswith("extension/test/")]
    assert "extension/syntaxes/build-grammar.mjs" not in names
    development = re.compile(r"extension/node_modules/(vscode-textmate|vscode-oniguruma|@vscode)/")
    assert not [name for name in names if development.match(name)]
