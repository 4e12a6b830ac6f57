"""Fuzzing: logs from the grammar and the simulator, mutated, through ``referee audit``'s
and ``referee fmt``'s own functions (:mod:`tests.fuzz.check`) and the real CLI.

CI runs a few thousand examples, derandomized (the same inputs every run, so a failure
reproduces). ``REFEREE_FUZZ_EXAMPLES=N`` scales every test here to about N examples in
all; ``REFEREE_FUZZ_RANDOM=1`` draws fresh inputs each run. ``bench/fuzz.py`` runs a
million (docs/testing.md).
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from typer.testing import CliRunner

from referee.cli.app import app
from referee.cli.batch.worker import Output, audit_file
from referee.notation.encoding import NotText, decode
from referee.notation.parser import GRAMMAR_FILE, GRAMMAR_PACKAGE
from tests.fuzz import check
from tests.fuzz.corpus import grammar_log, sample_logs, simulated_logs
from tests.fuzz.mutate import MUTATIONS, Mutation, control_bytes

TOTAL = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "2500"))  # examples in all, roughly
# Each test's share of TOTAL (the mutated logs are the bulk; the grammar's own strategy
# and the CLI are slow).
SHARES = {"mutated": 0.6, "plain": 0.08, "lark": 0.06, "file": 0.12, "cli": 0.01,
          "controls": 0.05, "replay": 0.03, "api": 0.03}


def fuzz_settings(share: str) -> settings:
    return settings(
        max_examples=max(5, int(TOTAL * SHARES[share])),
        derandomize=os.environ.get("REFEREE_FUZZ_RANDOM") != "1",
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much, HealthCheck.large_base_example],
    )


# --- strategies ---------------------------------------------------------------------------

grammar_logs = st.integers(0, 2**32 - 1).map(lambda n: grammar_log(random.Random(n)))


@st.composite
def seeds(draw: st.DrawFn) -> bytes:
    """A log to start from: simulated (both games), a sample log, or built from the
    grammar's statements."""
    return draw(st.one_of(st.sampled_from(simulated_logs()), st.sampled_from(sample_logs()),
                          grammar_logs))


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    """A seed after up to four mutations, each with its own random state (a failure
    shrinks to fewer, earlier mutations)."""
    data = draw(seeds())
    steps = draw(st.lists(st.tuples(st.sampled_from(MUTATIONS), st.integers(0, 2**32 - 1)),
                          max_size=4))
    for mutation, state in steps:
        data = apply(mutation, data, state, draw)
    note(f"input: {data!r}")
    return data


def apply(mutation: Mutation, data: bytes, state: int, draw: st.DrawFn) -> bytes:
    rnd = random.Random(state)
    other: Callable[[], bytes] = lambda: draw(seeds())  # noqa: E731 - drawn only on demand
    return mutation(data, rnd, other)[:200_000]


@st.composite
def lark_texts(draw: st.DrawFn) -> str:
    """Text from the notation's grammar itself (hypothesis.extra.lark): every terminal
    and rule, though the lexer's lookaheads are not honoured, so many lines are wrong."""
    return draw(from_lark(_lark(), start="start"))


_LARK: list[Lark] = []


def _lark() -> Lark:
    if not _LARK:
        _LARK.append(Lark.open_from_package(GRAMMAR_PACKAGE, GRAMMAR_FILE, ("", "decks/french"),
                                            parser="lalr", lexer="contextual"))
    return _LARK[0]


languages = st.sampled_from(["en", "en", "es"])


# --- in process: the functions the CLI uses -----------------------------------------------


@fuzz_settings("mutated")
@given(mutated(), languages, st.booleans(), st.integers(0, 9))
def test_mutated_logs_keep_the_invariants(data: bytes, lang: str, symbols: bool,
                                          roll: int) -> None:
    check.check_bytes(data, lang, fmt=True, symbols=symbols, human=roll == 0)


@st.composite
def with_controls(draw: st.DrawFn) -> bytes:
    """Several games, then stray control bytes in some of them (one bad game must spoil
    only itself: every game is judged as it is alone, :mod:`tests.fuzz.spoil`)."""
    logs = draw(st.lists(seeds(), min_size=2, max_size=3))
    data = b"\n".join(logs)
    for state in draw(st.lists(st.integers(0, 2**32 - 1), min_size=1, max_size=3)):
        data = apply(control_bytes, data, state, draw)
    note(f"input: {data!r}")
    return data


@fuzz_settings("controls")
@given(with_controls(), languages)
def test_stray_control_bytes_spoil_only_their_game(data: bytes, lang: str) -> None:
    outcome = check.check_bytes(data, lang, fmt=False)
    assert outcome.strays or not outcome.decoded  # read as text, each a syntax error


@fuzz_settings("replay")
@given(mutated(), languages)
def test_replay_at_sampled_lines_agrees_with_the_audit(data: bytes, lang: str) -> None:
    check.check_bytes(data, lang, fmt=False, alone=False, replay=True)


@fuzz_settings("api")
@given(mutated(), languages)
def test_the_http_api_answers_as_the_command_line(data: bytes, lang: str) -> None:
    check.check_bytes(data, lang, fmt=False, alone=False, api=True)


@fuzz_settings("plain")
@given(seeds(), languages)
def test_seed_logs_keep_the_invariants(data: bytes, lang: str) -> None:
    check.check_bytes(data, lang, fmt=True, human=True)


@fuzz_settings("lark")
@given(lark_texts())
def test_text_from_the_grammar_keeps_the_invariants(text: str) -> None:
    check.check_bytes(text.encode("utf-8", errors="surrogatepass"), fmt=True)


ENCODINGS = (None, None, None, "cp1252", "latin-1", "utf-16", "utf-16-le", "utf-32",
             "utf-8", "shift_jis", "punycode", "undefined")


@fuzz_settings("file")
@given(mutated(), st.sampled_from(ENCODINGS))
def test_a_file_reads_as_its_text(data: bytes, encoding: str | None) -> None:
    """``referee audit FILE [--encoding E]`` reads the file a chunk at a time
    (:func:`audit_file`): the same report as the bytes decoded whole (standard input),
    or the same refusal in the same words, and never a crash."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.rummy"
        path.write_bytes(data)
        audit = audit_file(str(path), output=Output("json"), encoding=encoding)
    assert audit.crash is None, audit.crash
    try:
        text: str | None = decode(data, encoding)
    except NotText as problem:
        text = None
        assert audit.error is not None and problem.render() in audit.error, audit.error
    assert (audit.error is None) == (text is not None), audit.error
    if text is None:
        return
    _, report = check.audit_text(text)
    assert audit.report is not None
    out = io.StringIO()
    audit.report.copy_to(out)
    from_file = json.loads(out.getvalue())
    assert from_file["games"] == report["games"] and from_file["summary"] == report["summary"]
    assert audit.exit_status() == check.expected_status(report)


# --- the real command line ----------------------------------------------------------------

runner = CliRunner()


def invoke(*args: Any) -> Any:
    return runner.invoke(app, [str(a) for a in args], env={"COLUMNS": "100"})


@fuzz_settings("cli")
@given(mutated())
def test_the_cli_on_mutated_bytes(data: bytes) -> None:
    """``referee audit`` (human and JSON) and ``referee fmt`` on the bytes as a file:
    never exit 3, the status the in-process check found, fmt's output as checked."""
    expected = check.check_bytes(data, fmt=False)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "log.rummy"
        path.write_bytes(data)
        for extra in ((), ("--json",)):
            result = invoke("audit", path, *extra)
            assert result.exit_code == expected.status, (result.exit_code, result.output[-800:])
            assert result.exception is None or isinstance(result.exception, SystemExit)
        result = invoke("fmt", path)
    text = check.read_bytes(data)
    out = None if text is None else check.formatted(text)
    assert result.exit_code == (0 if out is not None else 2), result.output[-800:]
    if out is not None:
        assert result.stdout == out


@pytest.mark.parametrize("seed", range(3))
def test_the_fuzzer_reaches_every_outcome(seed: int) -> None:
    """The generator is worth running: over a few hundred inputs it reaches clean logs,
    renuncias, log and syntax errors, refused bytes and formatted logs."""
    rnd = random.Random(seed)
    from tests.fuzz.corpus import seed_log
    from tests.fuzz.mutate import mutate

    outcomes = [check.check_bytes(mutate(seed_log(rnd), rnd, lambda: seed_log(rnd)))
                for _ in range(150)]
    assert {o.status for o in outcomes} == {0, 1, 2}
    assert any(not o.decoded for o in outcomes) and any(o.formatted for o in outcomes)
    assert sum(o.games for o in outcomes) > 150
    assert any(o.strays for o in outcomes) and sum(o.alone for o in outcomes) > 20


def test_the_console_script_on_many_mutated_files(tmp_path: Path) -> None:
    """``python -m referee.cli audit F1 F2 ... --json --jobs 2``: the console script's own
    fast path and the process pool, on fifty mutated files at once; and ``fmt --check``."""
    from tests.fuzz.corpus import seed_log
    from tests.fuzz.mutate import mutate

    rnd = random.Random(2026)
    expected: dict[str, dict[str, Any] | None] = {}
    statuses = []
    for n in range(50):
        data = mutate(seed_log(rnd), rnd, lambda: seed_log(rnd))
        path = tmp_path / f"log-{n:02}.rummy"
        path.write_bytes(data)
        statuses.append(check.check_bytes(data, fmt=False).status)
        text = check.read_bytes(data)
        expected[str(path)] = None if text is None else check.audit_text(text)[1]
    files = sorted(expected)
    done = subprocess.run([sys.executable, "-m", "referee.cli", "audit", *files, "--json",
                           "--jobs", "2"], capture_output=True, text=True, timeout=600,
                          env=os.environ | {"REFEREE_LANG": "en"})
    assert "failed on this file" not in done.stderr and "Traceback" not in done.stderr
    assert done.returncode == max(statuses)
    reports = {r["source"]: r for r in json.loads(done.stdout)}
    assert set(reports) == {path for path, report in expected.items() if report is not None}
    for path, report in reports.items():
        wanted = expected[path]
        assert wanted is not None
        assert (report["games"], report["summary"]) == (wanted["games"], wanted["summary"])
    done = subprocess.run([sys.executable, "-m", "referee.cli", "fmt", "--check", *files],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode in (1, 2) and "Traceback" not in done.stderr
