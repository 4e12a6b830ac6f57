"""Byte-identity snapshot: what the referee writes for a fixed set of inputs, saved and compared.

A refactor must not change a report; a ruling fix changes only the outputs it names.
This script makes that checkable:

    python bench/snapshot.py save  /tmp/snap        # inputs and outputs of the code as it is
    python bench/snapshot.py check /tmp/snap        # the same inputs again: which outputs differ

``save`` writes the inputs it audits into ``DIR/inputs`` (every log of ``logs/``,
``tests/``, the shared examples when they are beside the repository, simulated corpora
of both games and 200 mutated logs), then the outputs into ``DIR/outputs``: for every
input ``audit --json`` with its standard error and exit status; for the unmutated ones
the human report in English and Spanish at a fixed width, ``fmt`` and ``replay --at``
the middle line; a folder audit of all of them; and the simulator's own logs. ``check``
runs the same commands on the saved inputs and lists every output that differs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIMULATIONS: dict[str, list[str]] = {
    "sim-51": ["--games", "60", "--players", "2..6", "--seed", "11"],
    "sim-51-hidden": ["--games", "30", "--players", "2..6", "--seed", "12", "--hidden"],
    "sim-51-knobs": ["--games", "30", "--players", "3..5", "--seed", "15", "--set", "MinOpen=71",
                     "--set", "RunMin=3", "--set", "EarlyDraw=no", "--lang", "es"],
    "sim-ar": ["--game", "rummy-argentino", "--games", "60", "--seed", "13"],
    "sim-ar-match": ["--game", "rummy-argentino", "--matches", "3", "--seed", "14",
                     "--set", "Target=400"],
}
MUTATED = 200


def _referee() -> str:
    return os.environ.get("REFEREE", str(ROOT / ".venv" / "bin" / "referee"))


def _env() -> dict[str, str]:
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", TERM="dumb")
    env.pop("REFEREE_LANG", None)
    return env


def _run(args: list[str]) -> bytes:
    done = subprocess.run([_referee(), *args], capture_output=True, env=_env(), check=False)
    return (b"exit %d\n--- stdout\n" % done.returncode + done.stdout + b"\n--- stderr\n"
            + done.stderr)


def _plain_inputs() -> Iterator[Path]:
    roots = [ROOT / "logs", ROOT / "tests", ROOT.parent / "shared" / "examples"]
    for root in roots:
        if root.is_dir():
            yield from sorted(p for p in root.rglob("*.rummy") if ".venv" not in p.parts)


def _name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent) if ROOT.parent in path.parents else path
    return str(rel).replace(os.sep, "__")


def save_inputs(directory: Path) -> None:
    inputs = directory / "inputs"
    (inputs / "plain").mkdir(parents=True)
    (inputs / "mutated").mkdir()
    (directory / "outputs").mkdir()
    plain = list(_plain_inputs())
    for path in plain:
        shutil.copyfile(path, inputs / "plain" / _name(path))
    for name, args in SIMULATIONS.items():
        text = subprocess.run([_referee(), "simulate", *args], capture_output=True,
                              env=_env(), check=True).stdout
        (inputs / "plain" / f"{name}.rummy").write_bytes(text)
        (directory / "outputs" / f"simulate-{name}.out").write_bytes(text)
    from tests.fuzz.mutate import mutate

    seeds = sorted((inputs / "plain").iterdir())
    datas = [p.read_bytes() for p in seeds if p.stat().st_size < 60_000]
    rnd = random.Random(20261201)
    for k in range(MUTATED):
        data = mutate(rnd.choice(datas), rnd, lambda: rnd.choice(datas))
        if k % 7 == 0:
            data = data.replace(b"\n", b"\r\n")
        (inputs / "mutated" / f"m{k:03d}.rummy").write_bytes(data)


def _middle_line(path: Path) -> int:
    lines = path.read_bytes().count(b"\n")
    return max(1, lines // 2)


def _commands(directory: Path) -> Iterator[tuple[str, list[str]]]:
    inputs = directory / "inputs"
    for path in sorted((inputs / "plain").iterdir()):
        p = str(path)
        yield f"{path.name}.json", ["audit", p, "--json"]
        yield f"{path.name}.en", ["audit", p, "--lang", "en"]
        yield f"{path.name}.es", ["audit", p, "--lang", "es"]
        yield f"{path.name}.fmt", ["fmt", p]
        yield f"{path.name}.replay", ["replay", p, "--at", str(_middle_line(path))]
        yield f"{path.name}.replay-json", ["replay", p, "--at", str(_middle_line(path)),
                                           "--json"]
    for path in sorted((inputs / "mutated").iterdir()):
        yield f"{path.name}.json", ["audit", str(path), "--json"]
    yield "folder-plain.json", ["audit", str(inputs / "plain"), "--json"]
    yield "folder-mutated.json", ["audit", str(inputs / "mutated"), "--json"]
    yield "folder-plain.standings", ["standings", str(inputs / "plain")]


def _outputs(directory: Path) -> dict[str, bytes]:
    commands = list(_commands(directory))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda c: _run(c[1]), commands))
    texts = {name: out.replace(str(directory).encode(), b"$SNAP")
             for (name, _), out in zip(commands, results, strict=True)}
    for name, args in SIMULATIONS.items():
        texts[f"simulate-{name}.out"] = subprocess.run(
            [_referee(), "simulate", *args], capture_output=True, env=_env(),
            check=True).stdout
    return texts


def save(directory: Path) -> None:
    if directory.exists():
        shutil.rmtree(directory)
    save_inputs(directory)
    texts = _outputs(directory)
    for name, data in texts.items():
        (directory / "outputs" / name).write_bytes(data)
    print(f"saved {len(texts)} outputs of {len(list((directory / 'inputs').rglob('*.rummy')))} "
          f"inputs in {directory}")


def check(directory: Path, show: int) -> int:
    texts = _outputs(directory)
    differ = []
    for name, data in sorted(texts.items()):
        saved = directory / "outputs" / name
        if not saved.exists() or saved.read_bytes() != data:
            differ.append(name)
    print(f"{len(texts) - len(differ)} of {len(texts)} outputs identical")
    for name in differ:
        print(f"  differs: {name}")
    for name in differ[:show]:
        old = (directory / "outputs" / name).read_bytes().decode("utf-8", "replace").splitlines()
        new = texts[name].decode("utf-8", "replace").splitlines()
        import difflib

        print(f"--- {name}")
        for line in list(difflib.unified_diff(old, new, lineterm="", n=1))[:40]:
            print(line)
    digest = hashlib.sha256(b"".join(texts[k] for k in sorted(texts))).hexdigest()[:16]
    print(f"digest {digest}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("save", "check"))
    parser.add_argument("directory", type=Path)
    parser.add_argument("--show", type=int, default=3, help="diffs to print (check)")
    args = parser.parse_args()
    if args.action == "save":
        save(args.directory)
        return 0
    return check(args.directory, args.show)


if __name__ == "__main__":
    raise SystemExit(main())
