"""A night made of typed logs: grouped by Round and Table, scored, validated as a whole."""

from __future__ import annotations

from pathlib import Path

from referee.cli.batch.worker import Output, audit_file
from referee.night.offline import GameFacts, OfflineNight, night_of_logs
from tests.night import SIXTEEN, night_logs, table_text


def facts(*paths: Path) -> list[GameFacts]:
    return [g for p in sorted(paths) for g in audit_file(str(p), output=Output(None,
                                                                               night=True)).night]


def night_of(folder: Path, **kwargs: object) -> OfflineNight:
    return night_of_logs(facts(*folder.glob("*.rummy")), **kwargs)  # type: ignore[arg-type]


def kinds(night: OfflineNight) -> list[str]:
    return [p.kind for p in night.problems]


def test_a_clean_night_has_its_rounds_tables_and_standings(tmp_path: Path) -> None:
    night_logs(tmp_path)
    night = night_of(tmp_path)
    assert night.problems == []
    assert night.name == "Jueves" and night.game == "51"
    assert sorted(night.tables) == [1, 2, 3]
    assert all(len(tables) == 4 for tables in night.tables.values())
    assert sorted(night.players) == sorted(SIXTEEN)
    assert [r.rank for r in night.standings] == list(range(1, 17))
    assert sum(r.points for r in night.standings) == 0  # 51 is zero-sum
    assert all(r.played == 3 for r in night.standings)
    first = night.tables[1]
    assert night.players[:4] == first[0].players  # the draw: round 1 in seat order


def test_a_player_at_two_tables_in_one_round(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    text = files[(2, 1)].read_text(encoding="utf-8")
    players = text.split('[Players "')[1].split('"')[0].split()
    other = files[(2, 2)].read_text(encoding="utf-8")
    intruder = other.split('[Players "')[1].split('"')[0].split()[0]
    files[(2, 1)].write_text(text.replace(players[-1], intruder), encoding="utf-8")
    night = night_of(tmp_path)
    problem = next(p for p in night.problems if p.kind == "two-tables")
    assert dict(problem.params)["player"] == intruder
    assert problem.source.endswith((".rummy",)) and problem.line == 1
    assert "missing" in kinds(night)  # the player replaced misses round 2


def test_a_player_not_of_the_night(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    text = files[(3, 4)].read_text(encoding="utf-8")
    player = text.split('[Players "')[1].split('"')[0].split()[0]
    files[(3, 4)].write_text(text.replace(player, "Zoe"), encoding="utf-8")
    night = night_of(tmp_path, roster=SIXTEEN)
    assert "not-in-night" in kinds(night)
    assert {"missing"} == set(kinds(night_of(tmp_path)))  # no list: Zoe missed rounds 1-2
    assert ("player", "Zoe") in next(p for p in night.problems
                                     if p.kind == "not-in-night").params


def test_given_players_make_the_night(tmp_path: Path) -> None:
    night_logs(tmp_path)
    night = night_of(tmp_path, roster=[*SIXTEEN, "Zoe"])
    missing = [p for p in night.problems if p.kind == "missing"]
    assert missing and all(("player", "Zoe") in p.params for p in missing)
    assert night.players[-1] == "Zoe"


def test_a_missing_table_is_players_missing_without_a_bye(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    files[(2, 3)].unlink()
    night = night_of(tmp_path)
    missing = [p for p in night.problems if p.kind == "missing"]
    assert len(missing) == 4 and all(("round", 2) in p.params for p in missing)


def test_a_bye_when_the_count_cannot_be_seated(tmp_path: Path) -> None:
    players = SIXTEEN[:9]  # tables of 4 only: one sits out each round
    for number, bye in ((1, 8), (2, 7)):
        seats = [p for i, p in enumerate(players) if i != bye]
        for table in (1, 2):
            (tmp_path / f"r{number}t{table}.rummy").write_text(
                table_text("51", seats[(table - 1) * 4:table * 4], number, table),
                encoding="utf-8")
    night = night_of(tmp_path, sizes=(4, 4))
    assert night.problems == []
    assert night.byes == {1: [players[8]], 2: [players[7]]}
    assert {r.player: r.byes for r in night.standings}[players[8]] == 1


def test_the_same_game_twice(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    (tmp_path / "copy.rummy").write_text(files[(1, 1)].read_text(encoding="utf-8"),
                                         encoding="utf-8")
    night = night_of(tmp_path)
    assert kinds(night) == ["duplicate"]
    assert night.standings == night_of_logs(facts(*files.values())).standings


def test_a_game_without_round_or_table(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    text = files[(1, 2)].read_text(encoding="utf-8")
    files[(1, 2)].write_text(text.replace('[Round "1"]\n', ""), encoding="utf-8")
    text = files[(2, 2)].read_text(encoding="utf-8")
    files[(2, 2)].write_text(text.replace('[Table "2"]', '[Table "two"]'), encoding="utf-8")
    night = night_of(tmp_path)
    assert {"no-round", "no-table"} <= set(kinds(night))


def test_mixed_games_and_another_event(tmp_path: Path) -> None:
    files = night_logs(tmp_path)
    seats = files[(3, 1)].read_text(encoding="utf-8").split('[Players "')[1].split('"')[0]
    (tmp_path / "r3-t1.rummy").write_text(
        table_text("rummy-argentino", seats.split(), 3, 1), encoding="utf-8")
    text = files[(3, 2)].read_text(encoding="utf-8")
    files[(3, 2)].write_text(text.replace('[Event "Jueves"]', '[Event "Viernes"]'),
                             encoding="utf-8")
    night = night_of(tmp_path)
    assert {"mixed-games", "other-event"} <= set(kinds(night))


def test_an_argentino_night_adds_the_hands(tmp_path: Path) -> None:
    night_logs(tmp_path, game="rummy-argentino", players=SIXTEEN[:10], per_round=2)
    night = night_of(tmp_path)
    assert night.problems == [] and night.game == "rummy-argentino"
    table = night.tables[1][0]
    assert len(table.games) == 2
    assert table.points == {p: sum((g.points or {}).get(p, 0) for g in table.games)
                            for p in table.players}
    assert all(r.played == 6 for r in night.standings)
