"""The report model (REPORT.md's JSON): built once, from an audit's results."""

from __future__ import annotations

import json

import pytest

from referee.cards import Card
from referee.engine.findings import (
    CallRecord,
    Elimination,
    Finding,
    GameResult,
    Payment,
)
from referee.engine.views import HandView, MeldView, TableView
from referee.notation.reader import LogDecodeError, decode_log
from referee.report.model import build_report, exit_status, is_clean, net_payments
from referee.report.table import table_data
from referee.variants.argentino.result import ArgentinoResult, HandScore, MatchInfo

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
    data = json.loads(json.dumps(build_report("friday.rummy", [friday_result()])))
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


def test_an_argentino_hand_adds_match_scores_standings_and_en_ley() -> None:
    result = GameResult(index=2, line=20, ruleset="rummy-argentino", tags={}, rules={},
                        players=["Rosa", "Juan"])
    result.extras = ArgentinoResult(
        MatchInfo("Domingo", 2, False),
        [HandScore("Rosa", 70, 0, 100, 0), HandScore("Juan", 0, 105, 0, 50)],
        {"Rosa": 290, "Juan": -140}, ("Rosa",))
    game = build_report("x", [result])["games"][0]
    assert set(game) == GAME_KEYS | {"match", "scores", "standings", "en_ley"}
    assert game["match"] == {"name": "Domingo", "hand": 2, "over": False, "winner": None,
                             "tied": []}
    assert game["scores"][1] == {"player": "Juan", "laid": 0, "in_hand": 105, "bonus": 0,
                                 "penalty": 50, "total": -155}
    assert game["standings"] == {"Rosa": 290, "Juan": -140} and game["en_ley"] == ["Rosa"]
    assert game["settlement"] == [] and game["calls"] == [] and game["eliminated"] == []


def test_findings_in_line_order_with_optional_fields_only_when_present() -> None:
    findings = build_report("x", [friday_result()])["games"][0]["findings"]
    assert [f["line"] for f in findings] == [28, 29, 30]
    assert set(findings[0]) == {"kind", "rule", "player", "line", "message"}
    assert findings[2].get("ref_line") == 28 and "column" not in findings[2]
    assert findings[0]["message"] == "discard-pegue at 28"


def test_syntax_error_finding_keeps_its_column() -> None:
    first, second = build_report("x", [unfinished_result()])["games"][0]["findings"]
    assert (first["rule"], first["line"]) == ("not-in-hand", 42)
    assert second == {"kind": "syntax-error", "rule": "syntax-error", "player": None,
                      "line": 44, "message": "syntax-error at 44", "column": 7}


def test_null_winner_is_kept_not_dropped() -> None:
    game = json.loads(json.dumps(build_report("x", [unfinished_result()])))["games"][0]
    assert game["winner"] is None and game["finished"] is False
    assert "winner" in game and "result_claimed" in game


def test_summary_counts_findings_and_clean_games() -> None:
    clean = GameResult(index=3, line=90, ruleset="51", tags={}, rules={}, players=["A", "B"])
    clean.findings = [finding("notice", "amnesty", "A", 95)]  # a notice keeps a game clean
    report = build_report("x", [friday_result(), unfinished_result(), clean])
    assert report["summary"] == {"games": 3, "clean": 1, "renuncias": 2, "log_errors": 1,
                                 "syntax_errors": 1}
    assert [is_clean(g) for g in report["games"]] == [False, False, True]
    assert exit_status(report) == 2


def test_exit_status_follows_report_md() -> None:
    assert exit_status(build_report("x", [])) == 0
    assert exit_status(build_report("x", [friday_result()])) == 1
    log_error = unfinished_result()
    log_error.findings = log_error.findings[1:]
    assert exit_status(build_report("x", [log_error])) == 1
    assert exit_status(build_report("x", [unfinished_result()])) == 2


def test_messages_follow_the_language() -> None:
    result = friday_result()
    result.findings = [Finding("renuncia", "discard-pegue", "Ana", 28, "report.winner",
                               {"winner": "Ana"})]
    en = build_report("x", [result], lang="en")["games"][0]["findings"][0]
    es = build_report("x", [result], lang="es")["games"][0]["findings"][0]
    assert en["message"] == "Winner: Ana" and es["message"] == "Ganador: Ana"
    assert en["rule"] == es["rule"] == "discard-pegue"


def test_the_api_schema_documents_the_optional_fields() -> None:
    from pydantic import TypeAdapter

    from referee.report.schema import documented_report

    schema = TypeAdapter(documented_report()).json_schema(mode="serialization")
    finding_props = schema["$defs"]["FindingData"]["properties"]
    assert {"kind", "rule", "player", "line", "message", "column", "ref_line"} <= set(
        finding_props)
    assert set(schema["$defs"]["FindingData"]["required"]) == {
        "kind", "rule", "player", "line", "message"}
    assert {"match", "scores", "standings", "en_ley"} <= set(
        schema["$defs"]["GameData"]["properties"])


def test_a_report_validates_against_its_own_schema() -> None:
    from pydantic import TypeAdapter

    from referee.report.schema import ReportData

    report = build_report("friday.rummy", [friday_result(), unfinished_result()])
    again = TypeAdapter(ReportData).validate_json(json.dumps(report))
    assert again == report


# ----------------------------------------------------------------------------- settlement


def test_net_settlement_cancels_opposite_debts() -> None:
    payments = [("Ana", "Caro", 1400), ("Beto", "Caro", 1400), ("Caro", "Ana", 1400),
                ("Caro", "Beto", 500)]
    assert net_payments(payments) == [("Beto", "Caro", 900)]


def test_net_settlement_keeps_one_line_per_pair() -> None:
    payments = [("Ana", "Caro", 300), ("Ana", "Caro", 200), ("Caro", "Ana", 100),
                ("Beto", "Ana", 100)]
    assert net_payments(payments) == [("Ana", "Caro", 400), ("Beto", "Ana", 100)]
    assert net_payments([]) == []


# ----------------------------------------------------------------------------- decoding


def test_decode_log_drops_bom_and_names_the_bad_byte() -> None:
    assert decode_log("\ufeff[Game \"51\"]\n".encode()) == "[Game \"51\"]\n"
    assert decode_log("Simón".encode()) == "Simón"
    with pytest.raises(LogDecodeError, match=r"0xff at line 2, column 3"):
        decode_log(b"ok\nab\xffc\n")


# ----------------------------------------------------------------------------- replay view


def test_table_data_from_a_table_view() -> None:
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
    data = table_data(view)
    assert data["hands"]["Ana"] == {"known": ["7c", "JK"], "hidden": 2, "size": 4}
    assert data["melds"][0]["cards"] == ["4d", "5d", "6d", "JK=7d"]
    assert data["discard_top"] == "8s" and data["stock_size"] == 61
    assert data["down"] == ["Ana"] and data["bajadas"] == {"Ana": 52}
    assert data["open_renuncias"][0]["rule"] == "discard-pegue"
