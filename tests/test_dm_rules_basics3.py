"""More rules of Ver.1.48 the engine implemented with no test checking them (see test_dm_rules_basics.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, names, obj, records
from tcgrules.games.duel_masters.cross_gears import CROSSED
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA

CARDS = """
- name: 試験用の追い払い
  type: creature
  civilizations: [water]
  cost: 4
  races: [テスト]
  power: 4000
  text: このクリーチャーが攻撃する時、相手のクリーチャーを1体選び、持ち主の手札に戻す。
  abilities:
    - trigger: attacks
      effect: [{return_to_hand: {choose: 1, owner: opponent}}]
- name: 試験用の被ブロック
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーがブロックされた時、カードを1枚引く。
  abilities:
    - trigger: blocked
      effect: [{draw: 1}]
- name: 試験用の門番
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: |-
    ブロッカー
    このクリーチャーがブロックした時、カードを1枚引く。
  abilities:
    - keyword: blocker
    - trigger: blocks
      effect: [{draw: 1}]
- name: 試験用の竜化
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のバトルゾーンのクリーチャーはすべて、種族にドラゴンを追加する。
  abilities:
    - static: {race: ドラゴン}
      to: {zone: battle_zone, owner: you, type: creature}
- name: 試験用の竜見張り
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のドラゴンが出た時、カードを1枚引く。
  abilities:
    - trigger: {event: enters, subject: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


def drawers(g) -> list[str]:
    return [r.text.split()[0] for r in records(g, "event") if r.data.get("event") == "draw"]


GEAR = "ユニバース・ラピア"


@pytest.mark.dm_rules("303.3d", "303.4", "303.4a", "701.17a")
def test_303_3b_crossing_pays_the_gears_cost_and_the_gear_stays_its_own_object():
    g = game(
        A={
            "battle_zone": [
                {"card": GEAR, "as": "x"},
                {"card": "喧嘩屋タイラー", "as": "t1"},
                {"card": "喧嘩屋タイラー", "as": "t2"},
            ],
            "mana_zone": ["アクア・ビークル"] * 4,
        }
    )
    first = f"cross:{label_for(g, 'x')}:{label_for(g, 't1')}"
    assert first in g.pending.labels
    g.answer(first)
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 2  # its cost, paid again (303.3b)
    assert obj(g, "x").state.get(CROSSED) == obj(g, "t1").oid
    assert obj(g, "x").oid != obj(g, "t1").oid and len(obj(g, "t1").cards) == 1  # not under it (701.17a)
    labels = g.pending.labels
    assert first not in labels  # not again to the same creature (303.4a)
    second = f"cross:{label_for(g, 'x')}:{label_for(g, 't2')}"
    assert second in labels  # but to another one (303.4)
    g.inject({"event": "tap", "target": "t1"})
    assert obj(g, "t1").tapped and not obj(g, "x").tapped  # its own tapped state (303.3d)
    g.answer(second)
    assert obj(g, "x").state.get(CROSSED) == obj(g, "t2").oid


def test_115_3a_no_battle_when_the_attacked_creature_has_left():
    # Q: 試験用の追い払い attacks B's tapped 喧嘩屋タイラー; its attack ability returns that creature to
    # the hand. Is there a battle?  A: No: a creature of the battle is gone (115.3a).
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の追い払い", "as": "a"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t", "tapped": True}]},
    )
    g.answer(f"attack:{label_for(g, 'a')}:{label_for(g, 't')}")
    assert names(g, B, HAND) == ["喧嘩屋タイラー"]
    assert not [r for r in records(g, "event") if r.data.get("event") == "battle"]
    assert names(g, A, BATTLE) == ["試験用の追い払い"] and names(g, B, GRAVEYARD) == []


@pytest.mark.dm_rules("507.3g", "507.3")
def test_507_3e_after_a_block_the_turn_players_waiting_effects_resolve_first():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "試験用の被ブロック", "as": "a"}], "deck": 5},
        B={"battle_zone": [{"card": "試験用の門番", "as": "k"}], "shield_zone": ["filler"], "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert drawers(g) == ["A", "B"]


@pytest.mark.dm_rules("608.3c")
def test_603_5b_a_characteristic_given_by_a_static_applies_as_the_card_enters():
    # Q: 試験用の竜化 makes A's creatures dragons; 喧嘩屋タイラー (a ヒューマノイド) enters. Does
    # 試験用の竜見張り's "自分のドラゴンが出た時" trigger?  A: Yes: it is a dragon from the moment it enters.
    g = game(
        A={
            "battle_zone": ["試験用の竜化", "試験用の竜見張り"],
            "hand": [{"card": "喧嘩屋タイラー", "as": "t"}],
            "deck": 5,
        }
    )
    g.inject({"play": g.info["aliases"]["t"], "free": True})
    assert drawers(g) == ["A"]
    g = game(
        A={"battle_zone": ["試験用の竜見張り"], "hand": [{"card": "喧嘩屋タイラー", "as": "t"}], "deck": 5}
    )
    g.inject({"play": g.info["aliases"]["t"], "free": True})
    assert drawers(g) == []


NINJA = """
- name: 例示用・忍者
  text_status: reconstructed
  type: creature
  civilizations: [water]
  cost: 5
  races: [シノビ]
  power: 3000
  text: ニンジャ・ストライク 3
  abilities:
    - keyword: ninja_strike
      mana: 3
- name: 試験用の号令ドラゴン
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: このクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: attacks
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("506.3e", "603.2f", "112.3c")
def test_506_3d_the_non_turn_player_declares_after_the_turn_players_effects_have_resolved():
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の号令ドラゴン", "as": "d"}], "deck": 5},
            "B": {"hand": [{"card": "例示用・忍者", "as": "n"}], "mana_zone": ["アクア・ビークル"] * 3},
        },
        CARDS + NINJA,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B and g.pending.rule == "603.2f"
    assert drawers(g) == ["A"]  # A's attack ability has resolved first (506.3c)
    g.answer("yes")
    assert names(g, B, BATTLE) == ["例示用・忍者"]


@pytest.mark.dm_rules("804.1a")
def test_804_5_a_god_linking_to_one_already_there_has_no_new_summoning_sickness():
    from tcgrules.games.duel_masters.gods import LINKED
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        GODS,
    )
    before = obj(g, "right").oid
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    assert g.pending.kind == "use_trigger"  # G・リンク as it enters (804.1a)
    g.answer("yes")
    linked = obj(g, "right")
    assert linked.oid == before and linked.state.get(LINKED) and obj(g, "left").oid == before
    g.answer("end_main")
    assert any(label.startswith("attack:") and label.endswith(":player") for label in g.pending.labels)


DRAW_CARDS = """
- name: 試験用の引き手
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分がカードを引いた時、自分の手札を1枚捨てる。
  abilities:
    - trigger: {event: drawn, subject: any, player: you}
      effect:
        - discard: {choose: 1, owner: you}
- name: 試験用の手繰り
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札の上から1枚目を手札に加える。
  abilities:
    - spell:
        - move: {what: {choose: 1, zone: deck, owner: you, top: 1}, to: hand}
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell:
        - draw: 1
"""


@pytest.mark.dm_rules("114.5")
def test_114_3_putting_the_top_card_into_the_hand_is_not_drawing():
    # Q: 試験用の手繰り puts the top card of the deck into the hand. Does 試験用の引き手 ("カードを引いた時")
    # trigger?  A: No: without the word 引く it is not a draw (114.3). With 試験用の一枚引き it does, and it
    # resolves once the drawn card is in the hand (114.5): the drawn card can be the one discarded.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["試験用の引き手"],
                "hand": [{"card": "試験用の手繰り", "as": "s"}],
                "deck": 3,
            },
        },
        CARDS + DRAW_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert len(names(g, A, HAND)) == 1 and not records(g, "trigger")
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["試験用の引き手"],
                "hand": [{"card": "試験用の一枚引き", "as": "s"}, "喧嘩屋タイラー"],
                "deck": ["filler", {"card": "アクア・ビークル", "as": "top"}],
            },
        },
        CARDS + DRAW_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert records(g, "trigger")
    assert g.pending.kind == "choose_cards" and label_for(g, "top") in g.pending.labels


REVEAL_CARDS = """
- name: 試験用の透視
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札の上から2枚を表向きにする。
  abilities:
    - spell:
        - reveal: {zone: deck, owner: you, top: 2, all: true}
- name: 試験用の探索
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の山札を見て、クリーチャーを1体選び手札に加える。
  abilities:
    - spell:
        - move: {what: {choose: 1, zone: deck, owner: you, filter: {type: creature}}, to: hand}
"""


@pytest.mark.dm_rules("701.9", "401.5")
def test_701_9b_revealing_shows_the_cards_and_moves_nothing():
    deck = ["filler", {"card": "アクア・ビークル", "as": "b"}, {"card": "喧嘩屋タイラー", "as": "a"}]
    g = make(
        {"turn": "A", "A": {"hand": [{"card": "試験用の透視", "as": "s"}], "deck": deck}},
        CARDS + REVEAL_CARDS,
    )
    before = list(g.zones[(A, "deck")])
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    [shown] = records(g, "reveal")
    assert "喧嘩屋タイラー" in shown.text and "アクア・ビークル" in shown.text
    assert g.zones[(A, "deck")] == before


def test_701_10c_a_card_found_by_a_search_is_not_revealed():
    deck = ["filler", {"card": "アクア・ビークル", "as": "b"}, "filler"]
    g = make(
        {"turn": "A", "A": {"hand": [{"card": "試験用の探索", "as": "s"}], "deck": deck}},
        CARDS + REVEAL_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "b"))
    assert names(g, A, HAND) == ["アクア・ビークル"] and not records(g, "reveal")


def test_505_4_one_blocker_blocks_an_attack():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={
            "battle_zone": [{"card": "試験用の門番", "as": "k1"}, {"card": "試験用の門番", "as": "k2"}],
            "shield_zone": ["filler"],
        },
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "block" and g.pending.max == 1
    assert {f"block:{label_for(g, 'k1')}", f"block:{label_for(g, 'k2')}"} <= set(g.pending.labels)


@pytest.mark.dm_rules("112.3c")
def test_507_3d_after_a_block_the_turn_player_declares_a_ninja_strike():
    # 112.3c: ニンジャ・ストライク is also used by the turn player after the non-turn player's creature
    # blocks; it is declared before the turn player's waiting effects resolve (507.3d).
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}],
                "hand": [{"card": "例示用・忍者", "as": "n"}],
                "mana_zone": ["アクア・ビークル"] * 3,
            },
            "B": {"battle_zone": [{"card": "試験用の門番", "as": "k"}], "shield_zone": ["filler"]},
        },
        CARDS + NINJA,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert g.pending.kind == "use_trigger" and g.pending.player == A and g.pending.rule == "603.2f"
    g.answer("yes")
    assert "例示用・忍者" in names(g, A, BATTLE)


@pytest.mark.dm_rules("807.4b")
def test_305_2a_a_weapon_keeps_its_own_tapped_state_and_outside_the_battle_zone_goes_back():
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "無敵剣 プロト・ギガハート", "as": "h", "equipped_to": "g"},
                ]
            },
        }
    )
    g.inject({"event": "tap", "target": "g"})
    assert obj(g, "g").tapped and not obj(g, "h").tapped and obj(g, "h").oid != obj(g, "g").oid
    # 807.4b: a dragheart put anywhere but the battle zone goes back to the 超次元ゾーン at once.
    g.inject({"event": "move", "target": "h", "to": "graveyard"})
    assert names(g, A, "hyperspatial") == ["無敵剣 プロト・ギガハート"] and names(g, A, GRAVEYARD) == []


def test_804_5a_a_god_left_alone_keeps_the_objects_turn_of_entry():
    from test_dm_objects import GODS

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": "例示用・右のゴッド", "as": "right"}],
                "hand": [{"card": "例示用・左のゴッド", "as": "left"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        GODS,
    )
    g.inject({"play": g.info["aliases"]["left"], "free": True})
    g.answer("yes")
    g.inject({"event": "destroy", "target": "right"})
    assert g.pending is not None and g.pending.rule == "703.4f"
    g.answer(label_for(g, "left"))  # the left God leaves; the right one stays
    assert obj(g, "right").zone == (A, BATTLE) and obj(g, "left").zone == (A, GRAVEYARD)
    g.answer("end_main")
    assert f"attack:{label_for(g, 'right')}:player" in g.pending.labels  # no new summoning sickness


RYUKAI_CARDS = """
- name: 試験用の龍解呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のドラグハート・ウエポンを1枚龍解する。
  abilities:
    - spell:
        - ryukai: {choose: 1, owner: you, filter: {type: dragheart}}
"""


@pytest.mark.dm_rules("807.2", "807.3")
def test_807_5a_a_weapon_there_since_the_turn_began_may_attack_after_ryukai():
    from tcgrules.games.duel_masters import characteristics as ch

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "無敵剣 プロト・ギガハート", "as": "h", "equipped_to": "g"},
                ],
                "hand": [{"card": "試験用の龍解呪文", "as": "s"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        RYUKAI_CARDS,
    )
    assert ch.face(g, obj(g, "h")).name == "無敵剣 プロト・ギガハート"
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "h"))
    shown = ch.face(g, obj(g, "h"))
    assert shown.is_creature and shown.name != "無敵剣 プロト・ギガハート"  # only the face shown (807.3)
    g.answer("end_main")
    assert f"attack:{label_for(g, 'h')}:player" in g.pending.labels


MUST_CARDS = """
- name: 試験用の突進兵
  type: creature
  civilizations: [fire]
  cost: 2
  races: [テスト]
  power: 2000
  text: このクリーチャーは、可能であれば毎ターン攻撃する。
  abilities:
    - static: {must_attack: true}
"""


def test_506_1b_a_creature_that_must_attack_attacks_this_turn_in_any_order():
    # Q: 試験用の突進兵 must attack if it can; 喧嘩屋タイラー need not. May A attack with タイラー first, and
    # end the step before 突進兵 has attacked?  A: タイラー may go first (the order is free), but the step
    # cannot end until 突進兵 has attacked (506.1b).
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用の突進兵", "as": "m"}, {"card": "喧嘩屋タイラー", "as": "t"}]
            },
            "B": {"shield_zone": ["filler"] * 5},
        },
        MUST_CARDS,
    )
    labels = g.pending.labels
    assert "end_attacks" not in labels and f"attack:{label_for(g, 't')}:player" in labels
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer(g.pending.labels[0])  # the shield broken
    assert g.pending.kind == "attack" and "end_attacks" not in g.pending.labels
    g.answer(f"attack:{label_for(g, 'm')}:player")
    g.answer(g.pending.labels[0])
    assert g.pending.kind == "attack" and "end_attacks" in g.pending.labels


def test_701_32b_a_galaxy_shield_is_a_new_face_up_shield():
    g = game(
        A={
            "hand": [{"card": "「雷光の聖騎士」", "as": "k"}],
            "mana_zone": ["アクア・ビークル", "アクア・ビークル", "試験用の門番", "試験用の門番"],
            "shield_zone": ["filler"],
        }
    )
    label = f"galaxy_shield:{label_for(g, 'k')}"
    assert label in g.pending.labels
    g.answer(label)
    shield = obj(g, "k")
    assert shield.zone == (A, "shield_zone") and not shield.face_down
    assert len(g.zones[(A, "shield_zone")]) == 2  # a new shield, not under another


def test_110_2e_an_effect_on_cards_in_a_zone_covers_only_the_cards_there_when_it_was_made():
    from tcgrules.games.duel_masters import characteristics as ch

    g = game(
        A={
            "hand": [{"card": "生命と霊力の変換", "as": "s"}, {"card": "試験用の追い払い", "as": "in_hand"}],
            "battle_zone": [{"card": "試験用の追い払い", "as": "later"}],
        }
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert ch.cost(g, obj(g, "in_hand")) == 3  # in the hand when the effect was made: 4 − 1
    g.inject({"event": "move", "target": "later", "to": "hand"})
    assert ch.cost(g, obj(g, "later")) == 4  # put into the hand afterwards: not affected


def test_807_5_a_dragheart_creature_put_this_turn_has_summoning_sickness():
    # A weapon equipped this turn and turned to its creature side by 龍解 cannot attack this turn.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "無敵剣 プロト・ギガハート", "as": "h", "equipped_to": "g", "sick": True},
                ],
                "hand": [{"card": "試験用の龍解呪文", "as": "s"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        RYUKAI_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "h"))
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.face(g, obj(g, "h")).is_creature
    g.answer("end_main")
    labels = g.pending.labels
    assert f"attack:{label_for(g, 'g')}:player" in labels
    assert not any(label.startswith(f"attack:{label_for(g, 'h')}:") for label in labels)
