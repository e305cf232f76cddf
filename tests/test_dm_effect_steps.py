"""Effect steps that choose or branch: modes (700.2a), effects naming cards (200.3a), シールド・フォース,
a stolen ability (101.5)."""

from __future__ import annotations

from dm_helpers import A, B, cid, make, names
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND


def test_700_2a_a_substitute_with_two_possible_modes_asks() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["モモキング-MAX"], "hand": ["モモキング-MAX"]},
        }
    )
    game.inject({"event": "lose", "player": "A", "rule": "703.4a"})
    assert game.pending is not None and game.pending.kind == "choose_mode"
    game.answer("mode2")
    assert names(game, A, GRAVEYARD) == ["モモキング-MAX"]
    assert names(game, A, BATTLE) == ["モモキング-MAX"]
    assert game.result is None


def test_200_3a_an_effect_naming_cards_takes_only_the_cards_that_match() -> None:
    """テック団の波壊Go!: an evolution of cost 7 on a cost 3 card — only the card under it returns."""
    game = make(
        {
            "turn": "B",
            "A": {"battle_zone": [{"card": "超奇天烈 マスターG", "as": "g", "under": ["アクア・ビークル"]}]},
            "B": {"hand": [{"card": "テック団の波壊Go！", "as": "tech"}]},
        }
    )
    game.inject({"play": "tech", "free": True})
    game.answer("mode1")
    assert names(game, A, HAND) == ["アクア・ビークル"]
    assert names(game, A, BATTLE) == ["超奇天烈 マスターG"]


SHIELD_CARD_PICKER = """
- name: 試験用の盾札拾い
  type: spell
  civilizations: [water]
  cost: 2
  text: カードを1枚、自分のシールドゾーンから墓地に置く。
  abilities:
    - spell:
        - move: {what: {zone: shield_zone, owner: you, choose: 1, cards: true}, to: graveyard}
"""


def test_200_3a_choosing_a_card_from_the_shield_zone_offers_each_face_down_card_unseen() -> None:
    """カードを1枚、自分のシールドゾーンから…: every card of every shield may be chosen, a card of a stacked
    shield alone (109.2a), and the options do not name the face-down cards."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の盾札拾い", "as": "pick"}],
                "shield_zone": [
                    {"card": "アクア・ビークル", "as": "s1"},
                    {
                        "card": "喧嘩屋タイラー",
                        "as": "s2",
                        "under": [{"card": "アクア・ビークル", "as": "s3"}],
                    },
                ],
            },
        },
        SHIELD_CARD_PICKER,
    )
    game.inject({"play": "pick", "free": True})
    decision = game.pending
    assert decision is not None and decision.kind == "choose_cards" and decision.rule == "200.3a"
    assert len(decision.options) == 3
    assert not any("アクア" in o.text or "喧嘩屋" in o.text for o in decision.options)
    game.answer(f"c{cid(game, 's3')}")
    assert names(game, A, GRAVEYARD) == ["アクア・ビークル", "試験用の盾札拾い"]
    assert sorted(names(game, A, "shield_zone")) == ["アクア・ビークル", "喧嘩屋タイラー"]
    assert len(game.zone((A, "shield_zone"))) == 2


def test_shield_force_ends_when_the_shield_leaves() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "不滅の精霊パーフェクト・ギャラクシー", "as": "pg"}],
                "shield_zone": ["filler"],
            },
        }
    )
    game.inject({"play": "pg", "free": True})
    shield = game.zone((A, "shield_zone"))[0]
    game.inject({"event": "move", "target": game.objects[shield].top, "to": "graveyard"})
    game.inject({"event": "destroy", "target": "pg"})
    assert names(game, A, GRAVEYARD) == ["filler", "不滅の精霊パーフェクト・ギャラクシー"]


def test_101_5_a_stolen_abilitys_battle_is_not_replaced_but_its_result_is() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "爆蓮電融 キリュウイン・バト", "as": "k"}],
                "battle_zone": [{"card": "白銀の牙", "as": "w"}],
            },
            "B": {"battle_zone": ["The邪悪 寄成ギョウ"]},
        }
    )
    game.inject({"play": "k", "free": True})
    assert game.pending is not None and game.pending.player == B  # B uses the ability
    game.answer(f"c{cid(game, 'w')}")
    battle = next(r for r in game.log if r.kind == "event" and r.data.get("event") == "battle")
    assert battle.data.get("replaced_by")
    assert names(game, A, GRAVEYARD) == ["白銀の牙"]
