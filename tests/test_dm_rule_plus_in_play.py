"""ルール・プラス put into the battle zone (314.4; rule_plus.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HYPERSPATIAL

CARDS = """
- name: 例示用のルール・プラス
  type: rule_plus
  civilizations: [water]
  cost: 0
  text: 自分は、デッキの枚数を5枚増やしてゲームを開始する。
  abilities:
    - keyword: larger_deck
      amount: 5
"""


@pytest.mark.dm_rules("314")
def test_314_4_a_rule_plus_in_the_battle_zone_goes_back_through_the_graveyard() -> None:
    # Q: A ルール・プラス is in A's battle zone. What happens at the next check?  A: It cannot exist there: it
    # is put into the graveyard and from there at once back into the 超次元ゾーン (314.4).
    game = make(
        {"A": {"battle_zone": ["例示用のルール・プラス", "ボルシャック・ドラゴン"], "deck": 3}}, CARDS
    )
    game.inject({"event": "draw", "player": "A"})  # any event: state-based actions are checked after it
    assert names(game, A, BATTLE) == ["ボルシャック・ドラゴン"]
    assert names(game, A, GRAVEYARD) == [] and names(game, A, HYPERSPATIAL) == ["例示用のルール・プラス"]
    moves = [r.text for r in game.log if r.rule == "314.4"]
    assert len(moves) == 2 and "graveyard" in moves[0] and "hyperspatial" in moves[1]
