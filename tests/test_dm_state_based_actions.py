"""State-based actions (703) and losing by an empty deck (104.2b).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, names, records
from dm_rule_boards import CARDS, base, event_records, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND


def test_104_2b_drawing_from_an_empty_deck_draws_nothing_and_the_player_loses():
    g = game(A={"deck": 0, "hand": ["喧嘩屋タイラー"]})
    assert g.result is not None and g.result.winner == B  # 104.2b is checked as the board is set up
    g = game(A={"deck": 1, "hand": ["喧嘩屋タイラー"]})
    g.inject({"event": "draw", "player": "A"})
    g2 = g
    assert len(names(g2, A, HAND)) == 2 and g2.result is not None and g2.result.winner == B


@pytest.mark.dm_rules("111.2d", "703.1")
def test_703_1_state_based_actions_happen_while_an_effect_resolves():
    # 試験用の弱体化: −2000, その後 draw. The creature at 0 is destroyed before the draw (111.2d).
    g = game(
        A={"hand": [{"card": "試験用の弱体化", "as": "s"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    play_free(g, "s")
    destroyed = event_records(g, "destroy")[0]
    drawn = event_records(g, "draw")[0]
    assert destroyed.rule == "703.4c" and destroyed.seq < drawn.seq


def test_703_3_all_state_based_actions_found_are_done_at_once():
    g = game(
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "喧嘩屋タイラー", "as": "t2"}]}
    )
    g.inject({"event": "power", "targets": ["t1", "t2"], "amount": -5000})
    sba = [r for r in records(g, "rule") if r.text.startswith("state-based actions")]
    assert sba and sba[0].text == "state-based actions: destroy, destroy"


@pytest.mark.dm_rules("608.1")
def test_703_1b_state_based_actions_take_continuous_effects_into_account():
    g = game(B={"battle_zone": [{"card": "試験用の鎧", "as": "a"}, {"card": "喧嘩屋タイラー", "as": "t"}]})
    g.inject({"event": "power", "targets": ["a", "t"], "amount": -2000})
    assert names(g, B, BATTLE) == ["試験用の鎧"]  # 1000 + 2000 − 2000 = 1000
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]


IN_BATTLE_GUARD = """
- name: 例示用・バトル中の盾
  text_status: reconstructed
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: バトル中、このクリーチャーは破壊されない。
  abilities:
    - static: {not_destroyed: true}
      if: {in_battle: this}
"""


@pytest.mark.dm_rules("703.4d", "115.3b")
def test_703_4d_a_battle_loser_is_destroyed_as_that_battles_result_so_not_destroyed_in_battle_keeps_it():
    """「バトル中、このクリーチャーは破壊されない」 (爆ぜる革命 ドラッケンA, DMD-27): the loser's destruction
    is the battle's result (115.3b, 703.4d), read with that battle still going on — the creature that lost
    stays, the prohibition logged; outside a battle the same creature is destroyed as usual."""
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "例示用・バトル中の盾", "as": "g"}]},
            B={"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "t", "tapped": True}]},
        ),
        CARDS + IN_BATTLE_GUARD,
    )
    g.answer(f"attack:{label_for(g, 'g')}:{label_for(g, 't')}")
    assert names(g, A, BATTLE) == ["例示用・バトル中の盾"]
    assert names(g, B, BATTLE) == ["ボルシャック・ドラゴン"]
    assert any(r.rule == "700.3" and "destroy" in r.text for r in records(g, "prohibited"))
    g.inject({"event": "destroy", "target": "g"})
    assert names(g, A, GRAVEYARD) == ["例示用・バトル中の盾"]
