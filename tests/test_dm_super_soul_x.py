"""超魂X (818): abilities printed as 超魂X are the card's own (818.1a), and a creature the card is under has
them too (818.1b, an exception to 200.3a) — the card file's ``super_soul_x: [abilities]``."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, obj
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.language.selectors import has_keyword

CARDS = """
- name: 例示用の超魂X
  type: creature
  civilizations: [light]
  cost: 3
  races: [メタリカ]
  power: 3000
  text: |-
    超魂X:ブロッカー
    超魂X:このクリーチャーが攻撃する時、カードを1枚引く。
  super_soul_x:
  - keyword: blocker
  - trigger: {event: attacks}
    effect:
    - draw: 1
- name: 例示用の光の進化
  type: evolution_creature
  civilizations: [light]
  cost: 2
  races: [メタリカ]
  power: 6000
  text: 進化:自分の光のクリーチャー1体の上に置く。
  abilities:
  - keyword: evolution
    base: {civilization: light}
"""


@pytest.mark.dm_rules("818", "818.1", "818.1a")
def test_818_1a_its_super_soul_x_abilities_are_abilities_of_the_card() -> None:
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用の超魂X", "as": "s"}]}}, CARDS)
    assert has_keyword(game, obj(game, "s"), "blocker")


@pytest.mark.dm_rules("818.1b")
def test_818_1b_a_creature_with_it_under_it_has_its_super_soul_x_abilities() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用の超魂X", "as": "s"}],
                "hand": [{"card": "例示用の光の進化", "as": "e"}],
                "deck": 5,
            },
            "B": {"deck": 5},
        },
        CARDS,
    )
    game.inject({"play": "e", "free": True, "onto": "s"})  # evolves onto it
    evolved = obj(game, "e")
    assert evolved.cards == [cid(game, "e"), cid(game, "s")] and has_keyword(game, evolved, "blocker")
    assert ch.flag(game, evolved, "can_block")  # the ability works: it may block
    hand = len(game.zones[(A, "hand")])
    game.inject({"attack": "e", "target": "player"})
    assert len(game.zones[(A, "hand")]) == hand + 1  # the 超魂X trigger, as the evolution creature's


def test_818_1b_without_it_under_it_the_creature_has_no_such_ability() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "例示用の光の進化", "as": "e", "under": ["アクア・ソルジャー"]}]},
        },
        CARDS,
    )
    assert not has_keyword(game, obj(game, "e"), "blocker") and not ch.flag(game, obj(game, "e"), "can_block")
