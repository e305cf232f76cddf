"""Evolution bases (801.1) and the rebuild (801.4d) with tamaseeds: an evolution whose 進化 names a tamaseed
evolves on one, and a tamaseed under an evolution can stay alone."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, cid, make, names, obj
from tcgrules.games.duel_masters.evolution_bases import base_orders
from tcgrules.games.duel_masters.zones import BATTLE
from tcgrules.kernel import Game


@pytest.mark.dm_rules("801.1")
def test_801_1_an_evolution_whose_base_names_a_tamaseed_evolves_on_a_tamaseed() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "サッヴァーク ＜ギャラクシー.Star＞", "as": "s"}],
                "battle_zone": [
                    {"card": "ゲラッチョの心絵", "as": "seed"},
                    {"card": "喧嘩屋タイラー", "as": "c"},
                ],
                "mana_zone": ["ホーリー・スパーク"] * 5,
            },
        }
    )
    labels = game.pending.labels
    assert f"evolve:c{cid(game, 's')}:c{cid(game, 'seed')}" in labels
    assert f"evolve:c{cid(game, 's')}:c{cid(game, 'c')}" not in labels  # a creature is not a tamaseed
    game.answer(f"evolve:c{cid(game, 's')}:c{cid(game, 'seed')}")
    assert obj(game, "s").cards == [cid(game, "s"), cid(game, "seed")]


@pytest.mark.dm_rules("801.4d")
def test_801_4d_a_rebuild_leaves_a_tamaseed_that_was_under_the_evolution_in_the_battle_zone() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {
                        "card": "サッヴァーク ＜ギャラクシー.Star＞",
                        "as": "s",
                        "under": [{"card": "ゲラッチョの心絵", "as": "seed"}],
                    }
                ],
            },
        }
    )
    game.inject({"event": "move_card", "target": "s", "to": "graveyard"})
    assert names(game, A, BATTLE) == ["ゲラッチョの心絵"]


TAMASEEDS = """
- name: 例示用シンカライズ
  type: tamaseed
  civilizations: [fire]
  cost: 2
  races: [レクスターズ]
  text: (illustration)
  abilities:
    - keyword: shinkarise
- name: 例示用ただのタマシード
  type: tamaseed
  civilizations: [fire]
  cost: 2
  races: [レクスターズ]
  text: (illustration)
"""


@pytest.mark.dm_rules("801.1")
def test_801_1_shinkarise_lets_an_evolution_that_asks_for_a_creature_evolve_on_the_tamaseed() -> None:
    """シンカライズ: このタマシードがクリーチャーであるかのように、この上に進化クリーチャーを置いてもよい —
    the base's race still has to match; a tamaseed without シンカライズ is no base for a creature's
    evolution."""
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "ボルシャック・大和・モモキング", "as": "m"}],
                "battle_zone": [
                    {"card": "例示用シンカライズ", "as": "seed"},
                    {"card": "例示用ただのタマシード", "as": "plain"},
                    {"card": "ゲラッチョの心絵", "as": "no_race"},
                ],
                "mana_zone": ["ボルシャック・大和・モモキング"] * 6,
            },
        },
        TAMASEEDS,
    )
    labels = game.pending.labels
    m = cid(game, "m")
    assert f"evolve:c{m}:c{cid(game, 'seed')}" in labels
    assert f"evolve:c{m}:c{cid(game, 'plain')}" not in labels  # no シンカライズ: not a creature
    assert f"evolve:c{m}:c{cid(game, 'no_race')}" not in labels
    game.answer(f"evolve:c{m}:c{cid(game, 'seed')}")
    assert obj(game, "m").cards == [m, cid(game, "seed")]


EVOLUTION_BY_EFFECT = """
- name: 例示用の竜進化
  type: evolution_creature
  civilizations: [fire]
  cost: 5
  races: [アーマード・ドラゴン]
  power: 8000
  text: 進化－自分のアーマード・ドラゴン1体の上に置く。
  abilities:
    - keyword: evolution
      base: {race: アーマード・ドラゴン}
- name: 例示用の呼び出し
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分の手札からクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature}
- name: 例示用の無償召喚
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分の手札からクリーチャーを1体、コストを支払わずに召喚する。
  abilities:
    - spell:
        - use: {what: {zone: hand, owner: you, type: creature, choose: 1}, free: true}
"""


def _evolution_board(spell: str, battle_zone: list[Any], hand: list[Any] | None = None) -> Game:
    return make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": spell, "as": "spell"},
                    *(hand or [{"card": "例示用の竜進化", "as": "evo"}]),
                ],
                "battle_zone": battle_zone,
            },
        },
        EVOLUTION_BY_EFFECT,
    )


@pytest.mark.parametrize("spell", ["例示用の呼び出し", "例示用の無償召喚"])
def test_801_1a_an_effect_puts_an_evolution_creature_onto_a_base_its_player_chooses(spell: str) -> None:
    """出す and コストを支払わずに召喚する name no base: the evolution creature's player chooses one of the
    proper bases (a creature that is not one is not offered) and it is put on it, the same creature."""
    game = _evolution_board(
        spell,
        [
            {"card": "ボルシャック・ドラゴン", "as": "a"},
            {"card": "ボルシャック・ドラゴン", "as": "b", "tapped": True},
            {"card": "喧嘩屋タイラー", "as": "other"},
        ],
    )
    b_oid = obj(game, "b").oid
    game.inject({"play": cid(game, "spell"), "free": True})
    decision = game.pending
    assert decision is not None and decision.kind == "evolution_base" and decision.player == A
    assert decision.labels == (f"c{cid(game, 'a')}", f"c{cid(game, 'b')}")  # not the ヒューマノイド
    game.answer(f"c{cid(game, 'b')}")
    evo = obj(game, "evo")
    assert evo.zone == (A, BATTLE) and evo.cards == [cid(game, "evo"), cid(game, "b")]
    assert evo.oid == b_oid and evo.tapped  # 801.2: the same creature, still tapped
    assert names(game, A, BATTLE).count("例示用の竜進化") == 1


@pytest.mark.dm_rules("801.1a")
def test_801_1a_one_proper_base_is_taken_without_asking_and_none_leaves_it_where_it_was() -> None:
    game = _evolution_board("例示用の呼び出し", [{"card": "ボルシャック・ドラゴン", "as": "a"}])
    game.inject({"play": cid(game, "spell"), "free": True})
    assert obj(game, "evo").cards == [cid(game, "evo"), cid(game, "a")]
    assert game.pending is not None and game.pending.kind == "main"  # nothing was asked
    game = _evolution_board("例示用の呼び出し", [{"card": "喧嘩屋タイラー", "as": "other"}])
    game.inject({"play": cid(game, "spell"), "free": True})
    assert obj(game, "evo").zone == (A, "hand")  # 801.1a: no proper base, it stays
    assert any(r.rule == "801.1a" for r in game.log)


@pytest.mark.dm_rules("801.1b")
def test_801_1b_the_player_orders_several_bases_put_under_an_evolution_by_an_effect() -> None:
    """進化V put by an effect: each order of its two bases is a choice, the first directly under it."""
    game = _evolution_board(
        "例示用の呼び出し",
        [{"card": "Peppi Pepper", "as": "bird"}, {"card": "Terradragon Arque Delacerna", "as": "dragon"}],
        hand=[{"card": "Soul Phoenix, Avatar of Unity", "as": "evo"}],
    )
    bird, dragon = cid(game, "bird"), cid(game, "dragon")
    game.inject({"play": cid(game, "spell"), "free": True})
    assert game.pending is not None and game.pending.rule == "801.1b"
    assert set(game.pending.labels) == {f"c{bird}+c{dragon}", f"c{dragon}+c{bird}"}
    game.answer(f"c{dragon}+c{bird}")
    assert obj(game, "evo").cards == [cid(game, "evo"), dragon, bird]


@pytest.mark.dm_rules("801.1b")
def test_801_1b_the_main_step_offers_each_order_of_a_vortex_evolutions_bases() -> None:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "Soul Phoenix, Avatar of Unity", "as": "sp"}],
                "battle_zone": [
                    {"card": "Peppi Pepper", "as": "bird"},
                    {"card": "Terradragon Arque Delacerna", "as": "dragon"},
                ],
                "mana_zone": ["白銀の牙", "白銀の牙", "爆炎野郎ジョー", "爆炎野郎ジョー"],
            },
        }
    )
    sp, bird, dragon = cid(game, "sp"), cid(game, "bird"), cid(game, "dragon")
    labels = game.pending.labels
    assert f"evolve:c{sp}:c{bird}+c{dragon}" in labels and f"evolve:c{sp}:c{dragon}+c{bird}" in labels
    game.answer(f"evolve:c{sp}:c{dragon}+c{bird}")
    assert obj(game, "sp").cards == [sp, dragon, bird]


@pytest.mark.dm_rules("801.1b")
def test_801_1b_two_orders_of_bases_showing_the_same_cards_are_one_choice() -> None:
    """Two bases of the same card, one card each: either order leaves the same cards in the same places,
    so only one is offered (nothing the rules read can tell them apart)."""
    game = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "ボルシャック・ドラゴン", "as": "a"},
                    {"card": "ボルシャック・ドラゴン", "as": "b"},
                    {"card": "喧嘩屋タイラー", "as": "c"},
                ]
            },
        }
    )
    a, b, c = obj(game, "a"), obj(game, "b"), obj(game, "c")
    assert base_orders(game, [(a, b)]) == [(a, b)]
    assert base_orders(game, [(a, c)]) == [(a, c), (c, a)]
    assert base_orders(game, [(a,), (b,)]) == [(a,), (b,)]


@pytest.mark.dm_rules("801.1a")
def test_801_1a_the_step_that_puts_an_evolution_onto_a_base_saves_what_it_did() -> None:
    """An effect putting an evolution creature into the battle zone (its base chosen then, 801.1a): the
    step's ``as:`` saves the creature it put, so 「そうしたら」 (``{did: NAME}``) reads that it did."""
    from test_card_language import spell

    s = spell(
        "例示用進化出し",
        "- put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature, evolution: true}\n"
        "  as: put\n- draw: 1\n  if: {did: put}",
    )
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [
                    {"card": "例示用進化出し", "as": "p"},
                    {"card": "サッヴァーク <マン.Star>", "as": "e"},
                ],
                "battle_zone": [{"card": "アクア・ビークル", "as": "base"}],
                "deck": 3,
            },
        },
        s,
    )
    game.inject({"play": cid(game, "p"), "free": True})
    assert obj(game, "e").cards == [cid(game, "e"), cid(game, "base")]
    assert names(game, A, "hand") != [] and len(game.zone((A, "hand"))) == 1  # drew one: it did put it


@pytest.mark.dm_rules("801.1")
def test_801_1_shield_evolution_puts_the_evolution_on_one_of_its_players_shields() -> None:
    # シールド進化: any shield of the player is a base (no creature needed); the shield's card goes under it
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "英知ザクス・コット", "as": "z"}],
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "c"}],
                "shield_zone": [
                    {"card": "デーモン・ハンド", "as": "s1"},
                    {"card": "アクア・ビークル", "as": "s2"},
                ],
                "mana_zone": ["ホーリー・スパーク"] * 4,
            },
        }
    )
    labels = game.pending.labels
    assert f"evolve:c{cid(game, 'z')}:c{cid(game, 's1')}" in labels
    assert f"evolve:c{cid(game, 'z')}:c{cid(game, 's2')}" in labels
    assert f"evolve:c{cid(game, 'z')}:c{cid(game, 'c')}" not in labels  # a creature is not a shield
    game.answer(f"evolve:c{cid(game, 'z')}:c{cid(game, 's1')}")
    assert obj(game, "z").cards == [cid(game, "z"), cid(game, "s1")]
    assert obj(game, "z").zone == (A, BATTLE) and not obj(game, "z").face_down
    assert names(game, A, "shield_zone") == ["アクア・ビークル"]
