"""Limits a turn (各ターン、…までしか, turn_limits.py): 《DG-パルテノン 〜龍の創り出される地〜》's
「クリーチャーを3体までしか出せない」 and 「呪文を3枚までしか唱えられない」 (700.3 prohibitions; 601.1b)."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names
from tcgrules.games.duel_masters.zones import BATTLE, HAND
from tcgrules.kernel import Game

PARTENON = "DG-パルテノン 〜龍の創り出される地〜"
SMALL = "喧嘩屋タイラー"  # fire, cost 2
CARDS = """
- name: 例示用総出撃
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分の手札からクリーチャーをすべて出す。
  abilities:
  - spell:
    - put_into_battle_zone: {all: true, zone: hand, owner: you, type: creature}
- name: 例示用一枚呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: カードを1枚引く。
  abilities:
  - spell:
    - draw: 1
"""


def _board(hand: list[str], mana: int) -> Game:
    return make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [PARTENON],
                "hand": [{"card": n, "as": f"h{i}"} for i, n in enumerate(hand)],
                "mana_zone": ["喧嘩屋タイラー"] * mana,
            },
        },
        CARDS,
    )


@pytest.mark.dm_rules("700.3", "601.1b")
def test_700_3_after_three_creatures_this_turn_a_fourth_summon_cannot_be_declared() -> None:
    game = _board([SMALL] * 4, 8)
    for i in range(3):
        game.answer(f"summon:c{cid(game, f'h{i}')}")
    assert names(game, A, BATTLE).count(SMALL) == 3
    assert f"summon:c{cid(game, 'h3')}" not in game.pending.labels  # type: ignore[union-attr]


@pytest.mark.dm_rules("700.3")
def test_700_3_of_four_creatures_put_out_together_only_three_enter() -> None:
    game = _board(["例示用総出撃", SMALL, SMALL, SMALL, SMALL], 1)
    game.answer(f"cast:c{cid(game, 'h0')}")
    assert names(game, A, BATTLE).count(SMALL) == 3
    assert names(game, A, HAND) == [SMALL]
    assert any(r.kind == "prohibited" for r in game.log)


@pytest.mark.dm_rules("601.1b")
def test_601_1b_after_three_spells_this_turn_a_fourth_cannot_be_declared() -> None:
    game = _board(["例示用一枚呪文"] * 4, 4)
    for i in range(3):
        game.answer(f"cast:c{cid(game, f'h{i}')}")
    assert f"cast:c{cid(game, 'h3')}" not in game.pending.labels  # type: ignore[union-attr]
