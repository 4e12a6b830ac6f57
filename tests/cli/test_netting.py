"""The night of a file audited in parts: the parts' netted payments netted again, on disk
past a few thousand, give what netting every game's payments gives."""

from __future__ import annotations

import os
import random

import pytest

from referee.cli.batch import netting
from referee.cli.batch.netting import Netting, Payment
from referee.report.model import net_payments

NAMES = ["Ana", "Beto", "Caro", "Álvaro", "Zoë", "ana", "Ana1", "Ana10", "Germán", "日本"]


def _payments(rng: random.Random, count: int, big: bool = False) -> list[Payment]:
    top = 10**30 if big else 50
    return [(rng.choice(NAMES), rng.choice(NAMES), rng.randint(0, top)) for _ in range(count)]


@pytest.mark.parametrize("held", [0, 3, 10_000])
@pytest.mark.parametrize("big", [False, True], ids=["small", "beyond-sqlite"])
def test_parts_netted_again_are_the_whole_night(held: int, big: bool,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(netting, "HELD_PAYMENTS", held)
    rng = random.Random(f"{held}-{big}")
    for _ in range(20):
        parts = [_payments(rng, rng.randint(0, 40), big and rng.random() < 0.3)
                 for _ in range(rng.randint(1, 6))]
        night = Netting()
        for part in parts:
            night.add(net_payments(part))
        assert list(night.netted()) == net_payments([p for part in parts for p in part])
        assert night._path is None  # the database is gone once read


def test_a_discarded_night_leaves_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(netting, "HELD_PAYMENTS", 0)
    night = Netting()
    night.add([("Ana", "Beto", 5)])
    path = night._path
    assert path is not None and os.path.exists(path)
    night.discard()
    assert not os.path.exists(path) and list(night.netted()) == []
