"""Mechanisms of rulings 8, 9, 13, 15, 16, 17 (seed 000), each named after the rule it implements:
101.2 (ignoring does-not-leave effects), 104.2c (special wins), 700.2a (modes), 200.3a (effects naming
cards), 813.1 (スター進化), シールド・フォース, 101.5 (a stolen ability's events)."""

from __future__ import annotations

from dm_helpers import A, B, cid, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND

TEST_CARDS = """
- name: 試験用離れない
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーはバトルゾーンを離れない。
  abilities:
    - static: not_leave
"""


def test_101_2_oni_time_ignores_a_not_leave_prohibition() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"]},
            "B": {"battle_zone": [{"card": "試験用離れない", "as": "x"}], "shield_zone": ["filler"]},
        },
        TEST_CARDS,
    )
    game.inject({"play": "spell", "free": True})
    assert names(game, B, GRAVEYARD) == ["試験用離れない"]


def test_101_2_without_oni_time_the_prohibition_holds() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"] * 4},
            "B": {"battle_zone": [{"card": "試験用離れない", "as": "x"}], "shield_zone": ["filler"] * 3},
        },
        TEST_CARDS,
    )
    game.inject({"play": "spell", "free": True})
    assert names(game, B, BATTLE) == ["試験用離れない"]
    assert records(game, "prohibited")


def test_813_1_star_evolution_still_applies_under_oni_time() -> None:
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "鬼槍の一撃", "as": "spell"}], "shield_zone": ["filler"]},
            "B": {
                "battle_zone": [{"card": "ボルシャック・モモキング", "as": "m", "under": ["爆炎野郎ジョー"]}],
                "shield_zone": ["filler"],
            },
        }
    )
    game.inject({"event": "power", "target": "m", "amount": -3000})
    game.inject({"play": "spell", "free": True})
    # the top card left instead; what stayed (power 3000) is then destroyed by nothing more this batch
    assert "ボルシャック・モモキング" in names(game, B, GRAVEYARD)
    assert any("ボルシャック・モモキング" in r.text for r in records(game, "replacement"))


def test_104_2c_a_normal_loss_can_be_replaced_by_s_max() -> None:
    """The control of ruling 17: CRYMAX ジャオウガ does replace a loss that no replacement made."""
    game = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": ["CRYMAX ジャオウガ", "白銀の牙", "炎のたてがみ", "群れを守るトライ・ホーン"],
                "shield_zone": [],
            },
            "B": {"battle_zone": [{"card": "白銀の牙", "as": "attacker"}]},
        }
    )
    game.inject({"attack": "attacker", "target": "player"})
    assert game.pending is not None and game.pending.kind == "replacement"
    game.answer(game.pending.options[0].label)
    game.answer(*[o.label for o in game.pending.options[:3]])
    assert game.result is None
    assert len(names(game, A, GRAVEYARD)) == 3


def test_104_2c_deck_out_by_milling_is_not_a_draw() -> None:
    """水上第九院 シャコガイル wins instead only when the last card was drawn."""
    game = make(
        {
            "turn": "A",
            "A": {"battle_zone": [{"card": "水上第九院 シャコガイル", "as": "s"}], "deck": 1},
            "B": {"deck": 5},
        }
    )
    game.inject({"event": "move", "target": game.cards[game.object_of(0).top].cid, "to": "graveyard"})
    assert game.result is not None and game.result.winner == B


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
