"""Power as a characteristic: negative power referred to (108.1b), outside the battle zone (206.2a), fixed
(206.3) and doubled (206.4) powers, and creatures that win their battles regardless of power (115.3c)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters import characteristics as ch
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD

CARDS = """
- name: 試験用の不死身
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーは破壊されない。
  abilities:
    - static: {not_destroyed: true}
- name: 試験用の弱体
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを1体選び、このターン、そのパワーを-3000する。
  abilities:
    - spell: [{power: {what: {choose: 1, owner: opponent, type: creature}, add: -3000, until: end_of_turn}}]
- name: 試験用の合計測り
  type: spell
  civilizations: [fire]
  cost: 1
  text: 相手のクリーチャーのパワーの合計が1000以上なら、カードを1枚引く。
  abilities:
    - spell:
        - draw: 1
          if: {at_least: [{power_of: {owner: opponent, type: creature}}, 1000]}
- name: 試験用の零以下狩り
  type: spell
  civilizations: [fire]
  cost: 1
  text: パワー0以下の相手のクリーチャーをすべて手札に戻す。
  abilities:
    - spell: [{return_to_hand: {all: true, owner: opponent, type: creature, power: {at_most: 0}}}]
- name: 試験用の増強者
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分の他のクリーチャーのパワーは+1000される。
  abilities:
    - static: {power: 1000}
      to: {owner: you, type: creature, other: true}
- name: 試験用の倍化者
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 3000
  text: このクリーチャーのパワーは倍になる。
  abilities:
    - static: {power_doubled: true}
- name: 試験用の固定者
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 1000
  text: バトルゾーンにあるクリーチャーのパワーはすべて500に固定される。
  abilities:
    - static: {power_fixed: 500}
      to: {type: creature}
- name: 試験用の勝者
  type: creature
  civilizations: [fire]
  cost: 2
  races: [テスト]
  power: 1000
  text: このクリーチャーはバトルに勝つ。
  abilities:
    - static: {wins_battles: true}
- name: 試験用の手札強化
  type: creature
  civilizations: [fire]
  cost: 2
  races: [テスト]
  power: 1000
  text: このクリーチャーのパワーは+5000される。
  abilities:
    - static: {power: 5000}
- name: 試験用のパワー拾い
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の手札からパワー3000以上のクリーチャーを1体、バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature, power: {at_least: 3000}}
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def test_108_1b_a_negative_power_counts_as_zero_when_referred_to():
    # 試験用の不死身 (1000, not destroyed) gets -3000: its power is -2000, but referred to it is 0 — a sum
    # of powers adds 0 for it, and "パワー0以下" matches it.
    g = game(
        A={
            "hand": [
                {"card": "試験用の弱体", "as": "w"},
                {"card": "試験用の合計測り", "as": "m"},
                {"card": "試験用の零以下狩り", "as": "z"},
            ],
            "deck": 9,
        },
        B={"battle_zone": [{"card": "試験用の不死身", "as": "u"}, {"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    play_free(g, "w")
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(label_for(g, "u"))
    assert ch.power(g, obj(g, "u")) == -2000 and ch.referred_power(g, obj(g, "u")) == 0
    assert names(g, B, BATTLE) == ["喧嘩屋タイラー", "試験用の不死身"]
    play_free(g, "m")  # the sum of B's powers: 0 + 1000 (喧嘩屋タイラー) = 1000, not -2000 + 1000
    assert len(g.zones[(A, "hand")]) == 2  # 試験用の零以下狩り and the card drawn
    play_free(g, "z")  # "パワー0以下" finds it (its power counts as 0), not 喧嘩屋タイラー
    assert names(g, B, BATTLE) == ["喧嘩屋タイラー"] and names(g, B, "hand") == ["試験用の不死身"]


@pytest.mark.dm_rules("206", "206.2")
def test_206_2a_outside_the_battle_zone_a_creature_has_its_printed_power():
    # 試験用の手札強化 (1000, "+5000") in the hand is a 1000-power creature: "パワー3000以上" does not find
    # it.
    g = game(A={"hand": [{"card": "試験用のパワー拾い", "as": "s"}, {"card": "試験用の手札強化", "as": "h"}]})
    play_free(g, "s")
    assert obj(g, "h").zone == (A, "hand")
    g = game(A={"battle_zone": [{"card": "試験用の手札強化", "as": "h"}]})
    assert ch.power(g, obj(g, "h")) == 6000


def test_206_3_a_fixed_power_is_not_changed_by_any_other_effect():
    g = game(
        A={
            "battle_zone": [
                "試験用の固定者",
                "試験用の増強者",
                {"card": "試験用の倍化者", "as": "d"},
                {"card": "ボルシャック・ドラゴン", "as": "b"},
            ]
        }
    )
    assert ch.power(g, obj(g, "d")) == 500 and ch.power(g, obj(g, "b")) == 500


@pytest.mark.dm_rules("108.2")
def test_206_4_doubling_comes_after_every_increase_and_decrease():
    # 試験用の倍化者 (3000) with +1000 from 試験用の増強者: (3000 + 1000) × 2 = 8000.
    g = game(A={"battle_zone": [{"card": "試験用の倍化者", "as": "d"}, "試験用の増強者"]})
    assert ch.power(g, obj(g, "d")) == 8000
    g = game(A={"battle_zone": [{"card": "試験用の倍化者", "as": "d"}]})
    assert ch.power(g, obj(g, "d")) == 6000


@pytest.mark.dm_rules("115.3b")
def test_115_3c_a_creature_that_wins_battles_wins_regardless_of_power_and_two_such_both_win():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の勝者", "as": "w"}]},
        B={"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "b", "tapped": True}]},
    )
    g.answer(f"attack:{label_for(g, 'w')}:{label_for(g, 'b')}")
    assert names(g, A, BATTLE) == ["試験用の勝者"] and names(g, B, GRAVEYARD) == ["ボルシャック・ドラゴン"]
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の勝者", "as": "w"}]},
        B={"battle_zone": [{"card": "試験用の勝者", "as": "w2", "tapped": True}]},
    )
    g.answer(f"attack:{label_for(g, 'w')}:{label_for(g, 'w2')}")
    assert names(g, A, BATTLE) == ["試験用の勝者"] and names(g, B, BATTLE) == ["試験用の勝者"]


def test_115_1a_a_battle_also_comes_from_an_effect():
    spell = """
- name: 試験用の決闘
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のクリーチャーを1体と相手のクリーチャーを1体選び、バトルさせる。
  abilities:
    - spell:
        - battle:
            what: {choose: 1, owner: you, type: creature}
            with: {choose: 1, owner: opponent, type: creature}
"""
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の決闘", "as": "s"}], "battle_zone": ["ボルシャック・ドラゴン"]},
            "B": {"battle_zone": ["喧嘩屋タイラー"]},
        },
        CARDS + spell,
    )
    play_free(g, "s")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"] and names(g, A, BATTLE) == ["ボルシャック・ドラゴン"]


def test_101_4f_abilities_triggered_by_a_battle_an_effect_makes_take_effect_at_once():
    # 試験用の決闘後引き makes 試験用の戦士 battle, then draws. Its "バトルした時、山札の上から1枚目を
    # 墓地に置く" resolves right after the battle, before the spell's draw (101.4f).
    extra = """
- name: 試験用の決闘後引き
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のクリーチャーを1体と相手のクリーチャーを1体選び、バトルさせる。その後、カードを1枚引く。
  abilities:
    - spell:
        - battle:
            what: {choose: 1, owner: opponent, type: creature}
            with: {choose: 1, owner: you, type: creature}
        - draw: 1
- name: 試験用の戦士
  type: creature
  civilizations: [fire]
  cost: 7
  races: [テスト]
  power: 9000
  text: このクリーチャーがバトルした時、自分の山札の上から1枚目を墓地に置く。
  abilities:
    - trigger: {event: battled}
      effect: [{mill: 1}]
"""
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の決闘後引き", "as": "s"}],
                "battle_zone": ["試験用の戦士"],
                "deck": 5,
            },
            "B": {"battle_zone": ["喧嘩屋タイラー"]},
        },
        CARDS + extra,
    )
    play_free(g, "s")
    kinds = [
        r.data.get("event") for r in records(g, "event") if r.data.get("event") in ("battle", "move", "draw")
    ]
    assert kinds[:3] == ["battle", "move", "draw"]  # the mill (a move to the graveyard) before the draw
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]


def test_101_4e_a_battle_made_by_a_spell_is_part_of_it_so_its_loser_is_destroyed_by_the_spell():
    # 試験用の呪文嫌い: "このクリーチャーが相手の呪文によって破壊された時、カードを1枚引く". It loses a
    # battle that A's spell made: it was destroyed by that spell (101.4e), so it triggers. Losing a battle
    # of an attack, it does not.
    extra = """
- name: 試験用の決闘
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のクリーチャーを1体と相手のクリーチャーを1体選び、バトルさせる。
  abilities:
    - spell:
        - battle:
            what: {choose: 1, owner: opponent, type: creature}
            with: {choose: 1, owner: you, type: creature}
- name: 試験用の呪文嫌い
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: このクリーチャーが相手の呪文によって破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, by: {player: opponent, kind: spell}}
      effect: [{draw: 1}]
"""
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の決闘", "as": "s"}], "battle_zone": ["ボルシャック・ドラゴン"]},
            "B": {"battle_zone": ["試験用の呪文嫌い"], "deck": 5},
        },
        CARDS + extra,
    )
    play_free(g, "s")
    assert names(g, B, GRAVEYARD) == ["試験用の呪文嫌い"] and len(g.zones[(B, "hand")]) == 1
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "b"}]},
            "B": {"battle_zone": [{"card": "試験用の呪文嫌い", "as": "h", "tapped": True}], "deck": 5},
        },
        CARDS + extra,
    )
    g.answer(f"attack:{label_for(g, 'b')}:{label_for(g, 'h')}")
    assert names(g, B, GRAVEYARD) == ["試験用の呪文嫌い"] and not g.zones.get((B, "hand"))
