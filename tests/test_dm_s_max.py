"""S-MAX evolution creatures (815): summoned without an evolution source, one per player (objects.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, HAND

MOMO = "モモキング-MAX"
MANA = ["青銅の鎧", "火炎流星弾"] * 3


@pytest.mark.dm_rules("815.1")
def test_815_1_an_s_max_evolution_creature_is_summoned_without_an_evolution_source() -> None:
    game = make({"turn": "A", "A": {"hand": [{"card": MOMO, "as": "m"}], "mana_zone": MANA}})
    label = f"summon:c{cid(game, 'm')}"
    assert label in game.pending.labels
    game.answer(label)
    assert names(game, A, BATTLE) == [MOMO]
    assert can_attack(game, obj(game, "m"), player=True)  # 801.3: an evolution creature


@pytest.mark.dm_rules("815.1a")
def test_815_1a_a_second_s_max_evolution_creature_sends_the_other_back_to_the_hand() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": MOMO, "as": "first"}], "hand": [{"card": MOMO, "as": "m"}]},
        }
    )
    game.inject({"play": "m", "free": True})
    assert names(game, A, BATTLE) == [MOMO] and names(game, A, HAND) == [MOMO]
    assert obj(game, "m").zone == (A, BATTLE)  # the one that entered last stays
