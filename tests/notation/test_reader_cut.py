"""A text that is the end of a longer one, cut before a game, reads as it does in the whole
text (the live table reads only its current hand)."""

from __future__ import annotations

from referee.notation.reader import iter_games, read_games

HEADER = '[Game "51"]\n[Players "Ana Beto"]\n\n'


def test_a_text_cut_before_a_game_reads_as_in_the_whole_text() -> None:
    first = HEADER + "Ana discard 2s\n"
    second = '[Game "51"]\n[Players "Ana Beto"]\n\nAna discrd 2s\n'
    whole = read_games(first + "\n" + second)
    cut = list(iter_games(second, "<text>", first_line=first.count("\n") + 2,
                          games_before=1))
    assert [(r.index, r.line) for r in cut] == [(whole[1].index, whole[1].line)]
    assert [(p.line, p.column, p.message) for p in cut[0].errors] == \
        [(p.line, p.column, p.message) for p in whole[1].errors]
