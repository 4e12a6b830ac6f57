"""The pydantic report (REPORT.md's JSON), the rule book and the report catalog."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from referee import rulebook
from referee.cards import Card
from referee.i18n import report as report_catalog
from referee.messages import render
from referee.report import (
    BatchReport,
    LogDecodeError,
    Report,
    build_report,
    decode_log,
    net_settlement,
    rules_catalog,
    table_model,
)
from referee.results import (
    CallRecord,
    Elimination,
    Finding,
    GameResult,
    HandView,
    MeldView,
    Payment,
    TableView,
)
from referee.variants import REGISTRY
from referee.variants.knobs import KNOBS

SPEC = Path(__file__).resolve().parents[2] / "shared" / "spec"

GAME_KEYS = {"index", "line", "ruleset", "tags", "rules", "players", "findings", "calls",
             "eliminated", "finished", "winner", "result_claimed", "hands", "settlement"}


def finding(kind: str, rule: str, player: str | None, line: int, **extra: object) -> Finding:
    return Finding(kind, rule, player, line, "test.finding",
                   {"message": f"{rule} at {line}"}, **extra)  # type: ignore[arg-type]


def friday_result() -> GameResult:
    """The worked example of NOTATION.md, as the engine would hand it over."""
    result = GameResult(
        index=1, line=2, ruleset="51",
        tags={"Game": "51", "Players": "Ana Beto Caro", "Stake": "100", "Result": "Caro"},
        rules={"MinOpen": 51, "RunMin": 4, "EarlyDraw": True},
        players=["Ana", "Beto", "Caro"],
    )
    # given out of order on purpose: the report sorts by line
    result.findings = [
        finding("renuncia", "missed-call", "Beto", 30, ref_line=28),
        finding("notice", "unfounded-call", "Caro", 29),
        finding("renuncia", "discard-pegue", "Ana", 28),
    ]
    result.calls = [CallRecord(32, "Caro", "Ana", "upheld")]
    result.eliminated = [Elimination("Ana", 32, "discard-pegue"),
                         Elimination("Beto", 32, "missed-call")]
    result.finished = True
    result.winner = "Caro"
    result.result_claimed = "Caro"
    result.hands = {"Ana": 14, "Beto": 14, "Caro": 7}
    result.settlement = [Payment("Ana", "Caro", 14, 1400), Payment("Beto", "Caro", 14, 1400)]
    return result


def unfinished_result(index: int = 2) -> GameResult:
    result = GameResult(index=index, line=40, ruleset="51", tags={"Game": "51"}, rules={},
                        players=["Ana", "Beto"])
    result.findings = [finding("syntax-error", "syntax-error", None, 44, column=7),
                       finding("log-error", "not-in-hand", "Ana", 42)]
    return result


# ----------------------------------------------------------------------------- JSON shape


def test_report_has_exactly_the_fields_of_report_md() -> None:
    data = json.loads(build_report("friday.rummy", [friday_result()]).to_json())
    assert set(data) == {"source", "games", "summary"}
    assert data["source"] == "friday.rummy"
    game = data["games"][0]
    assert set(game) == GAME_KEYS
    assert game["players"] == ["Ana", "Beto", "Caro"]
    assert game["calls"] == [{"line": 32, "caller": "Caro", "accused": "Ana",
                              "outcome": "upheld"}]
    assert game["eliminated"] == [{"player": "Ana", "line": 32, "rule": "discard-pegue"},
                                  {"player": "Beto", "line": 32, "rule": "missed-call"}]
    assert game["settlement"] == [
        {"payer": "Ana", "payee": "Caro", "cards": 14, "amount": 1400},
        {"payer": "Beto", "payee": "Caro", "cards": 14, "amount": 1400},
    ]
    assert game["hands"] == {"Ana": 14, "Beto": 14, "Caro": 7}
    assert game["winner"] == "Caro" and game["result_claimed"] == "Caro"
    assert game["rules"] == {"MinOpen": 51, "RunMin": 4, "EarlyDraw": True}


def test_findings_in_line_order_with_optional_fields_only_when_present() -> None:
    data = build_report("x", [friday_result()]).model_dump(mode="json")
    findings = data["games"][0]["findings"]
    assert [f["line"] for f in findings] == [28, 29, 30]
    assert set(findings[0]) == {"kind", "rule", "player", "line", "message"}
    assert findings[2]["ref_line"] == 28 and "column" not in findings[2]
    assert findings[0]["message"] == "discard-pegue at 28"


def test_syntax_error_finding_keeps_its_column() -> None:
    data = build_report("x", [unfinished_result()]).model_dump(mode="json")
    first, second = data["games"][0]["findings"]
    assert (first["rule"], first["line"]) == ("not-in-hand", 42)
    assert second == {"kind": "syntax-error", "rule": "syntax-error", "player": None,
                      "line": 44, "message": "syntax-error at 44", "column": 7}


def test_null_winner_is_kept_not_dropped() -> None:
    data = json.loads(build_report("x", [unfinished_result()]).to_json())
    game = data["games"][0]
    assert game["winner"] is None and game["finished"] is False
    assert "winner" in game and "result_claimed" in game


def test_summary_counts_findings_and_clean_games() -> None:
    clean = GameResult(index=3, line=90, ruleset="51", tags={}, rules={}, players=["A", "B"])
    clean.findings = [finding("notice", "amnesty", "A", 95)]  # a notice keeps a game clean
    report = build_report("x", [friday_result(), unfinished_result(), clean])
    assert report.summary.model_dump() == {"games": 3, "clean": 1, "renuncias": 2,
                                           "log_errors": 1, "syntax_errors": 1}
    assert [g.clean for g in report.games] == [False, False, True]
    assert report.exit_status() == 2


def test_exit_status_follows_report_md() -> None:
    assert build_report("x", []).exit_status() == 0
    assert build_report("x", [friday_result()]).exit_status() == 1
    log_error = unfinished_result()
    log_error.findings = log_error.findings[1:]
    assert build_report("x", [log_error]).exit_status() == 1
    assert build_report("x", [unfinished_result()]).exit_status() == 2


def test_report_round_trips_through_json() -> None:
    report = build_report("friday.rummy", [friday_result(), unfinished_result()])
    again = Report.model_validate_json(report.to_json())
    assert again.model_dump(mode="json") == report.model_dump(mode="json")


def test_batch_report_is_a_json_list() -> None:
    one = build_report("a.rummy", [friday_result()])
    two = build_report("b.rummy", [])
    data = json.loads(BatchReport([one, two]).model_dump_json())
    assert isinstance(data, list) and [d["source"] for d in data] == ["a.rummy", "b.rummy"]


def test_report_schema_documents_optional_finding_fields() -> None:
    schema = Report.model_json_schema(mode="serialization")
    props = schema["$defs"]["FindingModel"]["properties"]
    assert {"kind", "rule", "player", "line", "message", "column", "ref_line"} <= set(props)


def test_messages_follow_the_language() -> None:
    result = friday_result()
    result.findings = [Finding("renuncia", "discard-pegue", "Ana", 28, "report.winner",
                               {"winner": "Ana"})]
    en = build_report("x", [result], lang="en").games[0].findings[0]
    es = build_report("x", [result], lang="es").games[0].findings[0]
    assert en.message == "Winner: Ana" and es.message == "Ganador: Ana"
    assert en.rule == es.rule == "discard-pegue"


# ----------------------------------------------------------------------------- settlement


def test_net_settlement_cancels_opposite_debts() -> None:
    first = friday_result()  # Ana -> Caro 1400, Beto -> Caro 1400
    second = GameResult(index=2, line=40, ruleset="51", tags={}, rules={},
                        players=["Ana", "Caro"])
    second.settlement = [Payment("Caro", "Ana", 14, 1400)]
    third = GameResult(index=3, line=80, ruleset="51", tags={}, rules={},
                       players=["Ana", "Beto"])
    third.settlement = [Payment("Caro", "Beto", 5, 500)]
    report = build_report("night", [first, second, third])
    assert net_settlement(report.games) == [("Beto", "Caro", 900)]


def test_net_settlement_keeps_one_line_per_pair() -> None:
    g = friday_result()
    g.settlement = [Payment("Ana", "Caro", 3, 300), Payment("Ana", "Caro", 2, 200),
                    Payment("Caro", "Ana", 1, 100), Payment("Beto", "Ana", 1, 100)]
    report = build_report("x", [g])
    assert net_settlement(report.games) == [("Ana", "Caro", 400), ("Beto", "Ana", 100)]
    assert net_settlement([]) == []


# ----------------------------------------------------------------------------- decoding


def test_decode_log_drops_bom_and_names_the_bad_byte() -> None:
    assert decode_log("\ufeff[Game \"51\"]\n".encode()) == "[Game \"51\"]\n"
    assert decode_log("Simón".encode()) == "Simón"
    with pytest.raises(LogDecodeError, match=r"0xff at line 2, column 3"):
        decode_log(b"ok\nab\xffc\n")


# ----------------------------------------------------------------------------- replay view


def test_table_model_from_a_table_view() -> None:
    view = TableView(
        line=25,
        hands={"Ana": HandView((Card.parse("7c"), Card.parse("JK")), 2),
               "Beto": HandView((), 14)},
        melds=(MeldView(1, "Ana", (Card.parse("4d"), Card.parse("5d"), Card.parse("6d"),
                                   Card.parse("JK=7d")), "run", 17),),
        discard_top=Card.parse("8s"),
        discard_size=4,
        stock_size=61,
        down=("Ana",),
        bajadas={"Ana": 52},
        out=(),
        turn="Beto",
        open_renuncias=(finding("renuncia", "discard-pegue", "Ana", 24),),
        finished=False,
        winner=None,
    )
    data = table_model(view).model_dump(mode="json")
    assert data["hands"]["Ana"] == {"known": ["7c", "JK"], "hidden": 2, "size": 4}
    assert data["melds"][0]["cards"] == ["4d", "5d", "6d", "JK=7d"]
    assert data["discard_top"] == "8s" and data["stock_size"] == 61
    assert data["down"] == ["Ana"] and data["bajadas"] == {"Ana": 52}
    assert data["open_renuncias"][0]["rule"] == "discard-pegue"


# ----------------------------------------------------------------------------- rule book


RENUNCIAS = {
    "out-of-turn", "early-draw", "play-before-draw", "extra-draw", "meld-invalid",
    "set-repeated-suit", "set-colors", "run-too-short", "run-not-ordered", "joker-limit",
    "bajada-below-minimum", "bajada-not-above-previous", "bajada-first-turn",
    "take-not-melded", "take-not-first", "layoff-before-down", "layoff-mismatch",
    "layoff-same-turn", "meld-after-layoff", "discard-pegue", "no-final-discard", "missed-call",
}
LOG_ERRORS = {
    "not-in-hand", "card-supply", "take-mismatch", "stock-mismatch", "deal-size",
    "unknown-player", "player-out", "no-such-meld", "after-end", "stock-empty",
    "result-mismatch",
}
NOTICES = {"unfounded-call", "amnesty", "void-call", "unsupported-ruleset",  # + §11
           "unknown-tag"}  # docs/notation.md: a tag one letter off a knob


def test_rulebook_holds_every_id_of_rules_md() -> None:
    by_kind: dict[str, set[str]] = {}
    for rule in rulebook.RULES:
        by_kind.setdefault(rule.kind, set()).add(rule.id)
    assert by_kind["renuncia"] == RENUNCIAS
    assert by_kind["log-error"] == LOG_ERRORS
    assert by_kind["notice"] == NOTICES
    assert by_kind["syntax-error"] == {"syntax-error"}
    assert len(rulebook.BY_ID) == len(rulebook.RULES)
    for rule in rulebook.RULES:
        assert rule.text_en and rule.text_es and rule.seed
        assert rule.text("es") == rule.text_es and rule.text("en") == rule.text_en
    assert rulebook.kind_of("discard-pegue") == "renuncia"
    assert rulebook.get("nope") is None


@pytest.mark.skipif(not (SPEC / "RULES.md").exists(), reason="shared/spec not beside the repo")
def test_rulebook_matches_the_tables_of_rules_md() -> None:
    text = (SPEC / "RULES.md").read_text(encoding="utf-8")
    section6 = text[text.index("## 6."):text.index("## 7.")]
    section9 = text[text.index("## 9."):text.index("## 10.")]
    ids6 = set(re.findall(r"^\| `([a-z-]+)` \|", section6, re.M))
    ids9 = set(re.findall(r"^\| `([a-z-]+)` \|", section9, re.M))
    assert ids6 == RENUNCIAS
    assert ids9 == LOG_ERRORS
    seeds = {m[0]: m[1].strip() for m in re.findall(r"^\| `([a-z-]+)` \|[^|]*\| ([^|]+) \|$",
                                                     section6, re.M)}
    for rule_id, seed in seeds.items():
        assert rulebook.BY_ID[rule_id].seed == seed


def test_rules_catalog_lists_rules_and_knobs_with_defaults() -> None:
    catalog = rules_catalog("en")
    assert [r.id for r in catalog.rules] == [r.id for r in rulebook.RULES]
    knobs = {k.name: k for k in catalog.knobs}
    assert list(knobs) == list(KNOBS)
    defaults = REGISTRY["51"].defaults_json()
    for name, knob in knobs.items():
        assert knob.default == defaults.get(name)
        assert knob.help == render(f"report.knob.{name}")
    assert knobs["MaxJokers"].default is None and knobs["DiscardPegue"].default == "all"
    assert {rs.name for rs in catalog.rulesets} >= {"51", "rummy-argentino"}


def test_rules_catalog_in_spanish_keeps_ids() -> None:
    en, es = rules_catalog("en"), rules_catalog("es")
    assert [r.id for r in en.rules] == [r.id for r in es.rules]
    assert en.rules[0].text != es.rules[0].text
    assert all(k.help for k in es.knobs)
    assert {k.name: k.help for k in es.knobs}["MinOpen"] != render("report.knob.MinOpen")


# ----------------------------------------------------------------------------- catalog


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_report_catalog_is_complete_in_both_languages() -> None:
    for key, entry in report_catalog.MESSAGES.items():
        assert key.startswith("report."), key
        assert entry.get("en") and entry.get("es"), key
        assert _fields(entry["en"]) == _fields(entry["es"]), key
    for kind in rulebook.KINDS:
        assert f"report.kind.{kind}" in report_catalog.MESSAGES
    from referee.i18n import knobs as knob_catalog

    for name in KNOBS:
        assert f"report.knob.{name}" in knob_catalog.MESSAGES


# ----------------------------------------------------------------------------- plain dicts

LOGS = Path(__file__).resolve().parent.parent / "logs"
DATA = Path(__file__).resolve().parent / "data"


def report_logs() -> list[tuple[str, str]]:
    """Logs of every kind: the samples, the test logs, simulated nights (English,
    Spanish, house rules, hidden hands), a syntax error, odd characters, nothing."""
    from referee.notation.reader import read_path
    from referee.simulate import simulate_log

    logs = [(str(p), read_path(p)) for p in sorted(LOGS.rglob("*.rummy"))]
    logs += [(str(p), read_path(p)) for p in sorted(DATA.rglob("*.rummy"))
             if p.name != "not-utf8.rummy"]
    logs += [
        ("sim", simulate_log(12, (2, 6), 5)),
        ("es", simulate_log(6, (2, 6), 6, lang="es", knobs={"MinOpen": "71", "RunMin": "3"})),
        ("hidden", simulate_log(6, (2, 6), 7, hidden=True)),
        ("odd", '[Game "51"]\n[Players "Ana Beto"]\n[Event "tab\there \x01 \\" \\\\ ñ ♥ \u2028"]\n'
                "Ana discard 7h\nBeto bota 9x\n"),
        ("nothing", ""),
    ]
    return logs


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plain_dicts_are_the_pydantic_report(lang: str) -> None:
    """The CLI's pydantic-free report (referee.report_data) is the models' report, to
    the byte: the models stay the one definition of its shape."""
    import io

    from referee.audit import audit_text
    from referee.report import game_report
    from referee.report_data import game_data, write_report

    reports = []
    batch = io.StringIO()
    batch.write("[")
    for i, (source, text) in enumerate(report_logs()):
        results = audit_text(text, source)
        for result in results:
            assert game_data(result, lang) == game_report(result, lang).model_dump(mode="json")
        model = build_report(source, results, lang)
        out = io.StringIO()
        summary = write_report(out, source, (game_data(r, lang) for r in results))
        assert out.getvalue() == model.to_json()
        assert summary.as_dict() == model.summary.model_dump()
        assert summary.exit_status() == model.exit_status()
        batch.write(("\n" if i == 0 else ",\n") + "  ")
        write_report(batch, source, (game_data(r, lang) for r in results), depth=1)
        reports.append(model)
    batch.write("\n]")
    assert batch.getvalue() == BatchReport(reports).model_dump_json(indent=2)
