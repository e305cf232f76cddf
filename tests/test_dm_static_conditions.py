"""A static ability's condition (``if``) that reads what the static itself changes (abilities.py,
``own_condition_holds``): Kilstine, Nebula Elemental (DM-12) gives your creatures ブロッカー and
W・ブレイカー while you have two other wave strikers — and counting wave strikers reads every creature's
keywords, which those very statics change."""

from __future__ import annotations

import pytest

from dm_helpers import make, obj
from tcgrules.games.duel_masters import abilities
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.language.selectors import has_keyword


def board(strikers: int) -> object:
    battle = [{"card": "Kilstine, Nebula Elemental", "as": f"k{i}"} for i in range(strikers)]
    battle += [{"card": "アクア・ソルジャー", "as": f"s{i}"} for i in range(5)]
    return make({"turn": "A", "A": {"battle_zone": battle, "deck": ["filler"] * 5}})


@pytest.mark.dm_rules("604.2")
def test_604_2_a_static_condition_reading_what_the_static_gives_is_read_without_it() -> None:
    """With three wave strikers each has two others: every creature of yours has ブロッカー; with two,
    none has (each has one other). Reading the condition takes a bounded number of steps: the static does
    not apply while its own condition is read, so one creature's keywords do not read it again for every
    other creature (it used to grow exponentially with the creatures)."""
    calls = 0
    real = abilities.condition_holds

    def counted(*args: object, **kwargs: object) -> bool:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    abilities.condition_holds = counted  # type: ignore[assignment]
    try:
        game = board(3)
        calls = 0
        assert has_keyword(game, obj(game, "s0"), "blocker")
        assert has_keyword(game, obj(game, "k0"), "blocker")
        assert calls < 200, calls  # exponential before: thousands of readings for eight creatures
        game = board(2)
        assert not has_keyword(game, obj(game, "s0"), "blocker")
        assert ch.face(game, obj(game, "k0")).name == "Kilstine, Nebula Elemental"
    finally:
        abilities.condition_holds = real  # type: ignore[assignment]
