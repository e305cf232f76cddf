"""禁断スター進化 (813.1b): a スター進化 creature put into the battle zone without an evolution source;
leaving, only its top card leaves instead, as スター進化's (keywords.py, objects.needs_no_base)."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters.turn import can_attack
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND

CARD = """
- name: 例示用の禁断スター進化
  type: evolution_creature
  civilizations: [darkness, fire]
  cost: 2
  races: [ジョーカーズ, 禁断, レクスターズ]
  power: 9000
  text: 禁断スター進化
  abilities:
  - keyword: forbidden_star_evolution
"""
MANA = ["うごめく者ボーン・グール", "火炎流星弾"]


@pytest.mark.dm_rules("813.1b", "813")
def test_813_1b_it_is_summoned_without_an_evolution_source() -> None:
    game = make(
        {"turn": "A", "A": {"hand": [{"card": "例示用の禁断スター進化", "as": "x"}], "mana_zone": MANA}}, CARD
    )
    label = f"summon:c{cid(game, 'x')}"
    assert label in game.pending.labels
    assert not any(o.startswith("evolve:") for o in game.pending.labels)  # it names no base
    game.answer(label)
    assert names(game, A, BATTLE) == ["例示用の禁断スター進化"]
    assert can_attack(game, obj(game, "x"), player=True)  # 801.3: an evolution creature, as S-MAX (815.1)


@pytest.mark.dm_rules("813.1b")
def test_813_1b_leaving_only_its_top_card_leaves_instead() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用の禁断スター進化", "as": "x", "under": [{"card": "青銅の鎧", "as": "u"}]}
                ]
            },
        },
        CARD,
    )
    game.inject({"event": "destroy", "target": "x"})
    assert names(game, A, GRAVEYARD) == ["例示用の禁断スター進化"]
    assert obj(game, "u").zone == (A, BATTLE)


@pytest.mark.dm_rules("813.1b")
def test_813_1b_two_of_them_stay_815_1a_is_for_s_max_only() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用の禁断スター進化", "as": "first"}],
                "hand": [{"card": "例示用の禁断スター進化", "as": "x"}],
            },
        },
        CARD,
    )
    game.inject({"play": "x", "free": True})
    assert names(game, A, BATTLE) == ["例示用の禁断スター進化"] * 2 and names(game, A, HAND) == []
