"""Naming and choosing characteristics: card names (202), races (203.4) and civilizations (106.3)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names
from tcgrules.cards.schema import Filter
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD

CARDS = """
- name: 試験用の名指し
  type: spell
  civilizations: [darkness]
  cost: 1
  text: カード名を1つ指定する。相手のクリーチャーのうち、その名前のものをすべて破壊する。
  abilities:
    - spell:
        - declare: {what: card_name, as: named}
        - destroy: {all: true, owner: opponent, type: creature, name: $named}
- name: 試験用の種族指し
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 種族を1つ選ぶ。相手のその種族のクリーチャーをすべて破壊する。
  abilities:
    - spell:
        - declare: {what: race, as: race}
        - destroy: {all: true, owner: opponent, type: creature, race: $race}
- name: 試験用の文明指し
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 文明を1つ選ぶ。相手のその文明のクリーチャーをすべて破壊する。
  abilities:
    - spell:
        - declare: {what: civilization, as: civ}
        - destroy: {all: true, owner: opponent, type: creature, civilization: $civ}
- name: 試験用の名の一部
  type: spell
  civilizations: [fire]
  cost: 1
  text: 名前に《ドラゴン》とある相手のクリーチャーをすべて破壊する。
  abilities:
    - spell: [{destroy: {all: true, owner: opponent, type: creature, name_contains: ドラゴン}}]
- name: 試験用の完全一致
  type: spell
  civilizations: [fire]
  cost: 1
  text: 相手の《喧嘩屋》という名前のクリーチャーをすべて破壊する。
  abilities:
    - spell: [{destroy: {all: true, owner: opponent, type: creature, name: 喧嘩屋}}]
"""

OPPONENT = ["喧嘩屋タイラー", "喧嘩屋タイラー", "ボルシャック・ドラゴン", "アクア・ビークル"]


def game(spell: str):
    return make(
        {"turn": "A", "A": {"hand": [{"card": spell, "as": "s"}]}, "B": {"battle_zone": OPPONENT}}, CARDS
    )


def cast(g) -> None:
    g.inject({"play": cid(g, "s"), "free": True})


@pytest.mark.dm_rules("202")
def test_202_2_naming_a_card_offers_only_card_names_that_exist():
    g = game("試験用の名指し")
    cast(g)
    decision = g.pending
    assert decision.kind == "declare_word" and decision.rule == "202.2" and decision.player == A
    assert {"喧嘩屋タイラー", "ボルシャック・ドラゴン", "アクア・ビークル"} <= set(decision.labels)
    assert "喧嘩屋" not in decision.labels and "filler" not in decision.labels
    g.answer("喧嘩屋タイラー")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー", "喧嘩屋タイラー"]


def test_202_3_a_part_of_a_name_refers_to_every_card_whose_name_contains_it():
    g = game("試験用の名の一部")
    cast(g)
    assert names(g, B, GRAVEYARD) == ["ボルシャック・ドラゴン"]


def test_202_3a_a_name_refers_to_the_whole_name_exactly():
    # 《喧嘩屋》 is not 《喧嘩屋タイラー》: only a name matched whole is referred to.
    g = game("試験用の完全一致")
    cast(g)
    assert names(g, B, GRAVEYARD) == [] and len(names(g, B, BATTLE)) == 4


@pytest.mark.dm_rules("203")
def test_203_4_a_race_chosen_is_a_whole_race_that_exists():
    g = game("試験用の種族指し")
    cast(g)
    decision = g.pending
    assert decision.rule == "203.4"
    races = set(decision.labels)
    assert {"アーマード・ドラゴン", "ヒューマノイド"} <= races
    assert "アーマード" not in races and "サイバー" not in races  # parts of races are not races
    g.answer("ヒューマノイド")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー", "喧嘩屋タイラー"]


def test_106_3_a_civilization_chosen_is_one_of_the_five_and_never_colourless():
    g = game("試験用の文明指し")
    cast(g)
    assert g.pending.rule == "106.3"
    assert g.pending.labels == ("light", "water", "darkness", "fire", "nature")
    g.answer("water")
    assert names(g, B, GRAVEYARD) == ["アクア・ビークル"]


ADDED = """
- name: 試験用の名付け親
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: 自分の他のクリーチャーはすべて、カード名に《喧嘩屋》を追加する。
  abilities:
    - static: {name: 喧嘩屋}
      to: {owner: you, type: creature, other: true}
- name: 試験用の染め手
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: 自分のマナゾーンのカードと他のクリーチャーはすべて、水文明を追加する。
  abilities:
    - static: {civilization: water}
      to: {owner: you, type: creature, other: true}
    - static: {civilization: water}
      to: {zone: mana_zone, owner: you}
- name: 試験用の水抜き
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手の水のクリーチャーをすべて破壊する。
  abilities:
    - spell: [{destroy: {all: true, owner: opponent, type: creature, civilization: water}}]
"""


def test_202_4_a_card_given_another_name_has_both_names():
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の完全一致", "as": "s"}]},
            "B": {"battle_zone": ["試験用の名付け親", "ボルシャック・ドラゴン"]},
        },
        CARDS + ADDED,
    )
    cast(g)
    assert names(g, B, GRAVEYARD) == ["ボルシャック・ドラゴン"]  # 《ボルシャック・ドラゴン》 and 《喧嘩屋》
    assert names(g, B, BATTLE) == ["試験用の名付け親"]


@pytest.mark.dm_rules("106")
def test_106_4_a_civilization_added_by_an_effect_counts_for_filters_and_mana():
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の水抜き", "as": "s"}]},
            "B": {"battle_zone": ["試験用の染め手", "喧嘩屋タイラー"]},
        },
        CARDS + ADDED,
    )
    cast(g)
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]  # fire, and water too
    # Its mana cards are water too: アクア・ビークル (water, 2) is paid with two fire cards.
    from dm_helpers import label_for

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["試験用の染め手"],
                "hand": [{"card": "アクア・ビークル", "as": "v"}],
                "mana_zone": ["喧嘩屋タイラー"] * 2,
            },
        },
        CARDS + ADDED,
    )
    assert f"summon:{label_for(g, 'v')}" in g.pending.labels
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "アクア・ビークル", "as": "v"}], "mana_zone": ["喧嘩屋タイラー"] * 2},
        },
        CARDS + ADDED,
    )
    assert f"summon:{label_for(g, 'v')}" not in g.pending.labels


def test_202_5_a_linked_god_has_the_names_of_all_its_cards():
    from dm_helpers import obj
    from tcgrules.games.duel_masters import characteristics as ch
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
        },
        CARDS + GODS,
    )
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    g.answer("yes")  # G・リンク
    linked = obj(g, "right")
    assert set(ch.names(g, linked)) == {"例示用・右のゴッド", "例示用・左のゴッド"}
    for name in ("例示用・右のゴッド", "例示用・左のゴッド"):
        assert ch.matches(g, linked, Filter(name=name))


def test_110_6_a_characteristic_given_by_an_effect_is_not_an_ability_of_the_card_given_it():
    # 喧嘩屋タイラー is water too by 試験用の染め手's ability. Its own abilities ignored, it is still water (a
    # civilization added is no ability it gained); 試験用の染め手's abilities ignored, it is not.
    ignore = """
- name: 試験用の無視
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを1体選び、このターン、その能力をすべて無視する。
  abilities:
    - spell:
        - grant:
            what: {choose: 1, owner: opponent, type: creature}
            flag: abilities_ignored
"""
    from dm_helpers import label_for

    for ignored, destroyed in (("t", ["喧嘩屋タイラー"]), ("d", [])):
        g = make(
            {
                "turn": "A",
                "A": {"hand": [{"card": "試験用の無視", "as": "i"}, {"card": "試験用の水抜き", "as": "s"}]},
                "B": {
                    "battle_zone": [
                        {"card": "試験用の染め手", "as": "d"},
                        {"card": "喧嘩屋タイラー", "as": "t"},
                    ]
                },
            },
            CARDS + ADDED + ignore,
        )
        g.inject({"play": cid(g, "i"), "free": True})
        g.answer(label_for(g, ignored))
        cast(g)
        assert names(g, B, GRAVEYARD) == destroyed


def test_201_2b_a_card_with_two_costs_is_referred_to_by_the_cost_its_user_prefers():
    # A discards 虚無の守護者グリ・ラ／無情の光 (costs 3 and 4) to 試験用の捨て値: "こうして捨てたカード以下の
    # コストを持つ相手のクリーチャーを1体破壊する". A may refer to its cost 4: the cost-4 creature can be
    # chosen; the cost-5 one cannot.
    extra = """
- name: 試験用の捨て値
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 自分の手札を1枚捨てる。こうして捨てたカード以下のコストを持つ相手のクリーチャーを1体破壊する。
  abilities:
    - spell:
        - discard: {choose: 1, owner: you, as: dropped}
        - destroy: {choose: 1, owner: opponent, type: creature, cost: {at_most: {cost_of: $dropped}}}
- name: 試験用のコスト4
  type: creature
  civilizations: [fire]
  cost: 4
  races: [テスト]
  power: 4000
  text: ""
  abilities: []
- name: 試験用のコスト5
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: ""
  abilities: []
"""
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の捨て値", "as": "s"}, "虚無の守護者グリ・ラ／無情の光"]},
            "B": {
                "battle_zone": [
                    {"card": "試験用のコスト4", "as": "c4"},
                    {"card": "試験用のコスト5", "as": "c5"},
                ]
            },
        },
        CARDS + extra,
    )
    cast(g)
    assert names(g, B, GRAVEYARD) == ["試験用のコスト4"]  # the only one it may choose: chosen at once
    assert names(g, B, BATTLE) == ["試験用のコスト5"]


@pytest.mark.dm_rules("110.1")
def test_110_1_a_keyword_an_effect_gave_is_ignored_with_the_creatures_abilities_an_effect_is_not():
    """Q&A 2022-06-24: a creature whose abilities are ignored loses the ブロッカー an effect gave it (a given
    ability is its own), but an effect that only changes it (here +3000 power) still applies."""
    from tcgrules.games.duel_masters import characteristics as ch

    extra = """
- name: 試験用の付与
  type: spell
  civilizations: [light]
  cost: 1
  text: 自分のクリーチャーを1体選ぶ。このターン、そのクリーチャーは「ブロッカー」を得て、パワーを+3000する。
  abilities:
    - spell:
        - grant: {what: {choose: 1, owner: you, type: creature, as: it}, keyword: blocker, until: end_of_turn}
        - power: {what: $it, add: 3000, until: end_of_turn}
- name: 試験用の全無視
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを1体選び、このターン、その能力をすべて無視する。
  abilities:
    - spell:
        - grant: {what: {choose: 1, owner: opponent, type: creature}, flag: abilities_ignored}
"""
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
                "hand": [{"card": "試験用の付与", "as": "g"}],
            },
            "B": {"hand": [{"card": "試験用の全無視", "as": "i"}]},
        },
        CARDS + extra,
    )
    g.inject({"play": cid(g, "g"), "free": True})
    vehicle = g.objects[g.card_object[cid(g, "v")]]
    assert "blocker" in ch.keywords(g, vehicle)
    g.inject({"play": cid(g, "i"), "free": True})
    vehicle = g.objects[g.card_object[cid(g, "v")]]
    assert "blocker" not in ch.keywords(g, vehicle) and ch.power(g, vehicle) == 4000
