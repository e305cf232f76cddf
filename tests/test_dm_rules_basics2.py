"""More rules of Ver.1.48 the engine implemented with no test checking them (see test_dm_rules_basics.py)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS

CARDS = """
- name: 試験用の値下げ
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分の手札のクリーチャーを召喚するコストを2少なくする。
  abilities:
    - static: {cost: -2}
      to: {zone: hand, owner: you, type: creature}
- name: 試験用の竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: ""
  abilities: []
- name: 試験用の安物捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札からコスト4以下のカードをすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you, filter: {cost_max: 4}}
- name: 試験用の勝者
  type: creature
  civilizations: [fire]
  cost: 4
  races: [テスト]
  power: 5000
  text: このクリーチャーがバトルに勝った時、カードを1枚引く。
  abilities:
    - trigger: wins_battle
      effect: [{draw: 1}]
- name: 試験用の忍び足
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーはブロックされない。
  abilities:
    - static: cannot_be_blocked
- name: 試験用の門番
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 3000
  text: |-
    ブロッカー
    このクリーチャーがブロックした時、カードを1枚引いてもよい。
  abilities:
    - keyword: blocker
    - trigger: blocks
      optional: true
      effect: [{draw: 1}]
- name: 試験用の突撃兵
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    このクリーチャーが攻撃する時、カードを1枚引く。
    このクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: attacks
      effect: [{draw: 1}]
    - trigger: attacks
      effect: [{draw: 1}]
- name: 試験用の迎撃見張り
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: 相手のクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: attacks
      subject: opponent_creature
      effect: [{draw: 1}]
- name: 試験用の起き上がり
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーが攻撃する時、このクリーチャーをアンタップする。
  abilities:
    - trigger: attacks
      effect: [{untap: self}]
- name: 試験用の夜更かし
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    自分のターンの終わりに、カードを1枚引く。
    自分のターンの終わりに、カードを1枚引く。
  abilities:
    - trigger: end_of_turn
      effect: [{draw: 1}]
    - trigger: end_of_turn
      effect: [{draw: 1}]
- name: 試験用の竜頼み
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分のバトルゾーンにドラゴンがいれば、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      if: {exists: {owner: you, type: creature, race: ドラゴン}}
      effect: [{draw: 1}]
- name: 試験用の見張り
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: destroyed
      subject: own_creature
      effect: [{draw: 1}]
- name: 試験用のマナ送り
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分のクリーチャーを1体マナゾーンに置く。
  abilities:
    - trigger: destroyed
      subject: own_creature
      effect: [{put_into_mana: {choose: 1, owner: you}}]
- name: 試験用の竜呼び
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、自分の手札からドラゴンを1体バトルゾーンに出す。
  abilities:
    - trigger: destroyed
      subject: own_creature
      effect: [{put_into_battle_zone: {choose: 1, zone: hand, owner: you, filter: {race: ドラゴン}}}]
- name: 試験用の鎧
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 1000
  text: このクリーチャーのパワーは+2000される。
  abilities:
    - static: power
      amount: 2000
- name: 試験用の二枚割り
  type: spell
  civilizations: [fire]
  cost: 4
  text: 相手のシールドを2つブレイクする。
  abilities:
    - spell:
        - break_shields: {count: 2, owner: opponent}
- name: 試験用の破壊と補充
  type: spell
  civilizations: [darkness]
  cost: 4
  text: 相手のクリーチャーを1体破壊する。その後、カードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: opponent}
        - draw: 1
- name: 試験用の覗き捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体手札に戻す。その後、相手の手札を1枚選び、捨てさせる。
  abilities:
    - spell:
        - return_to_hand: {choose: 1, owner: opponent}
        - discard: {choose: 1, zone: hand, owner: opponent}
- name: 試験用の盾送り
  type: spell
  civilizations: [light]
  cost: 3
  text: 相手のクリーチャーを1体、持ち主のシールドに加える。
  abilities:
    - spell:
        - put_into_shields: {choose: 1, owner: opponent}
- name: 試験用の二枚見ず捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を2枚見ないで選び、捨てさせる。
  abilities:
    - spell:
        - discard: {choose: 2, zone: hand, owner: opponent}
- name: 試験用の遅れドロー
  type: spell
  civilizations: [water]
  cost: 2
  text: このターンの終わりに、カードを1枚引く。
  abilities:
    - spell:
        - at_end_of_turn: [{draw: 1}]
"""


def base(turn: str = "A", step: str = "main", **players: dict) -> dict:
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return spec


def game(turn: str = "A", step: str = "main", **players: dict):
    return make(base(turn, step, **players), CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def event_records(g, kind: str) -> list:
    return [r for r in records(g, "event") if r.data.get("event") == kind]


def drawers(g) -> list[str]:
    return [r.text.split()[0] for r in event_records(g, "draw")]


# ---- tamaseeds, costs


@pytest.mark.dm_rules("315", "315.1")
def test_315_2_a_tamaseed_is_used_from_the_hand_and_enters_the_battle_zone():
    g = game(A={"hand": [{"card": "ゲラッチョの心絵", "as": "t"}], "mana_zone": ["ゲラッチョの心絵"] * 3})
    label = f"use:{label_for(g, 't')}"
    assert label in g.pending.labels
    g.answer(label)
    assert obj(g, "t").zone == (A, BATTLE)
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 3


@pytest.mark.dm_rules("604.3", "601.1e", "604.2", "608.3a", "608.3b")
def test_201_2a_a_cost_reduction_changes_the_cost_to_pay_not_the_cost_filters_read():
    # 試験用の値下げ: creatures in your hand cost 2 less to summon. 試験用の竜 (cost 6) is summoned for 4
    # (604.3, 601.1e) — but it is still "a card of cost 6", not one of cost 4 or less (201.2a).
    g = game(
        A={
            "battle_zone": [{"card": "試験用の値下げ", "as": "r"}],
            "hand": [{"card": "試験用の竜", "as": "d"}, {"card": "試験用の安物捨て", "as": "s"}],
            "mana_zone": ["喧嘩屋タイラー"] * 4,
        }
    )
    assert f"summon:{label_for(g, 'd')}" in g.pending.labels
    play_free(g, "s")
    assert obj(g, "d").zone == (A, HAND)  # not discarded: its cost is 6
    g.answer(f"summon:{label_for(g, 'd')}")
    assert obj(g, "d").zone == (A, BATTLE)
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 4
    # 608.3b: without 試験用の値下げ in the battle zone the reduction is gone.
    g = game(A={"hand": [{"card": "試験用の竜", "as": "d"}], "mana_zone": ["喧嘩屋タイラー"] * 4})
    assert f"summon:{label_for(g, 'd')}" not in g.pending.labels


def test_601_1d_payment_covers_the_civilizations_first():
    g = game(
        A={
            "hand": [{"card": "アクア・ビークル", "as": "v"}],
            "mana_zone": ["喧嘩屋タイラー", {"card": "アクア・ビークル", "as": "w"}, "喧嘩屋タイラー"],
        }
    )
    g.answer(f"summon:{label_for(g, 'v')}")
    assert obj(g, "w").tapped  # the water card is among the two tapped
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 2


# ---- battles, blocks, attacks


def attack_game(**players: dict):
    return game("A", "attack", **players)


def test_115_3d_a_wins_battle_ability_triggers_when_its_creature_wins():
    g = attack_game(
        A={"battle_zone": [{"card": "試験用の勝者", "as": "w"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t", "tapped": True}]},
    )
    hand = len(names(g, A, HAND))
    g.answer(f"attack:{label_for(g, 'w')}:{label_for(g, 't')}")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"] and len(names(g, A, HAND)) == hand + 1


def test_700_4_a_creature_that_cannot_be_blocked_is_not_blocked():
    g = attack_game(
        A={"battle_zone": [{"card": "試験用の忍び足", "as": "n"}]},
        B={"battle_zone": ["試験用の門番"], "shield_zone": ["filler"] * 2},
    )
    g.answer(f"attack:{label_for(g, 'n')}:player")
    assert g.pending.kind != "block"
    if g.pending.kind == "break":
        g.answer(g.pending.labels[0])
    assert len(g.zones[(B, SHIELDS)]) == 1


@pytest.mark.dm_rules("507.3", "507.2c", "510.2")
def test_507_3a_a_blocks_ability_triggers_on_the_blocker_and_the_attacker_stays_blocked():
    g = attack_game(
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={"battle_zone": [{"card": "試験用の門番", "as": "k"}], "shield_zone": ["filler"] * 2},
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "block" and g.pending.player == B
    g.answer(f"block:{label_for(g, 'k')}")
    assert g.pending.kind == "use_trigger" and g.pending.player == B  # the blocker's ability waits (507.3)
    assert obj(g, "t").state.get("blocked")
    hand = len(names(g, B, HAND))
    g.answer("yes")
    assert len(names(g, B, HAND)) == hand + 1
    assert len(g.zones[(B, SHIELDS)]) == 2  # blocked: no break
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー"]


@pytest.mark.dm_rules("506.3e", "101.4a")
def test_506_3c_the_turn_player_orders_their_attack_triggers_then_the_non_turn_players_resolve():
    g = attack_game(
        A={"battle_zone": [{"card": "試験用の突撃兵", "as": "a"}], "deck": 5},
        B={"battle_zone": ["試験用の迎撃見張り"], "shield_zone": ["filler"] * 3, "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert g.pending.kind == "order_triggers" and g.pending.player == A
    g.answer(g.pending.labels[1])
    assert drawers(g)[:3] == ["A", "A", "B"]


def test_505_6b_an_attacker_untapped_during_its_attack_still_attacks():
    g = attack_game(
        A={"battle_zone": [{"card": "試験用の起き上がり", "as": "u"}]},
        B={"shield_zone": ["filler"] * 2},
    )
    g.answer(f"attack:{label_for(g, 'u')}:player")
    if g.pending is not None and g.pending.kind == "break":
        g.answer(g.pending.labels[0])
    assert not obj(g, "u").tapped
    assert len(g.zones[(B, SHIELDS)]) == 1


@pytest.mark.dm_rules("511.1c")
def test_511_1a_end_of_turn_abilities_trigger_together_and_their_player_orders_them():
    g = game(A={"battle_zone": ["試験用の夜更かし"], "deck": 5})
    g.answer("end_main")
    g.answer("end_attacks")
    assert g.pending.kind == "order_triggers" and g.pending.player == A
    assert len([r for r in records(g, "trigger") if "夜更かし" in r.text]) == 2


@pytest.mark.dm_rules("603.6", "511.1", "607", "110.3b")
def test_607_2_a_delayed_one_shot_effect_happens_at_the_end_of_the_turn():
    g = game(A={"hand": [{"card": "試験用の遅れドロー", "as": "s"}], "deck": 5})
    play_free(g, "s")
    assert drawers(g) == []
    g.answer("end_main")
    g.answer("end_attacks")
    assert drawers(g)[0] == "A" and g.active_player == B


# ---- triggers and conditions


@pytest.mark.dm_rules("605.2a")
def test_603_4_a_condition_is_checked_again_as_the_ability_resolves():
    # Q: A's creature is destroyed: 試験用の竜頼み ("if you have a dragon, draw") and 試験用のマナ送り
    # trigger. A resolves マナ送り first, putting the dragon into the mana zone. Does 竜頼み draw?  A: No: its
    # condition is checked when it resolves too (603.4), and there is no dragon then.
    g = game(
        A={
            "battle_zone": [
                "試験用の竜頼み",
                "試験用のマナ送り",
                {"card": "試験用の竜", "as": "d"},
                {"card": "うごめく者ボーン・グール", "as": "g"},
            ],
            "deck": 5,
        }
    )
    g.inject({"event": "destroy", "target": "g"})
    assert len(records(g, "trigger")) == 2
    g.answer(next(o.label for o in g.pending.options if "マナ送り" in o.text))
    g.answer(label_for(g, "d"))
    assert obj(g, "d").zone == (A, MANA)
    assert drawers(g) == []


def test_603_4_a_condition_not_met_when_it_triggers_is_met_when_it_resolves():
    # A (603.4: 誘発した時点で条件を満たしているかどうかは問いません): with no dragon when it triggers, 竜頼み
    # still draws if 竜呼び has put one into the battle zone before it resolves.
    g = game(
        A={
            "battle_zone": [
                "試験用の竜頼み",
                "試験用の竜呼び",
                {"card": "うごめく者ボーン・グール", "as": "g"},
            ],
            "hand": [{"card": "試験用の竜", "as": "d"}],
            "deck": 5,
        }
    )
    g.inject({"event": "destroy", "target": "g"})
    assert len(records(g, "trigger")) == 2
    g.answer(next(o.label for o in g.pending.options if "竜呼び" in o.text))
    assert obj(g, "d").zone == (A, BATTLE)
    assert drawers(g) == ["A"]


def test_110_5a_a_waiting_effect_resolves_though_its_source_has_left():
    g = game(
        A={
            "battle_zone": [
                {"card": "試験用の見張り", "as": "w"},
                "試験用のマナ送り",
                {"card": "うごめく者ボーン・グール", "as": "g"},
            ],
            "deck": 5,
        }
    )
    g.inject({"event": "destroy", "target": "g"})
    g.answer(next(o.label for o in g.pending.options if "マナ送り" in o.text))
    g.answer(label_for(g, "w"))  # 試験用の見張り itself goes to the mana zone
    assert obj(g, "w").zone == (A, MANA)
    assert drawers(g) == ["A"]


def test_111_2a_an_ability_triggered_during_a_spell_waits_until_the_spell_has_resolved():
    g = game(
        A={"hand": [{"card": "試験用の破壊と補充", "as": "s"}], "deck": 5},
        B={"battle_zone": ["試験用の見張り", {"card": "うごめく者ボーン・グール", "as": "g"}], "deck": 5},
    )
    play_free(g, "s")
    g.answer(label_for(g, "g"))
    assert drawers(g) == ["A", "B"]  # the spell's own draw first, then B's waiting ability


@pytest.mark.dm_rules("608.1")
def test_703_1b_state_based_actions_take_continuous_effects_into_account():
    g = game(B={"battle_zone": [{"card": "試験用の鎧", "as": "a"}, {"card": "喧嘩屋タイラー", "as": "t"}]})
    g.inject({"event": "power", "targets": ["a", "t"], "amount": -2000})
    assert names(g, B, BATTLE) == ["試験用の鎧"]  # 1000 + 2000 − 2000 = 1000
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]


# ---- shields


@pytest.mark.dm_rules("113.5", "113.6a")
def test_701_14c_shields_broken_by_one_effect_go_to_the_hand_together():
    # Both shields are declared while they wait, before either reaches the hand.
    g = game(
        A={"hand": [{"card": "試験用の二枚割り", "as": "s"}]},
        B={"shield_zone": ["デーモン・ハンド", "デーモン・ハンド", "filler"]},
    )
    play_free(g, "s")
    assert g.pending.kind in ("break", "choose_cards") or g.pending.kind == "use_trigger"
    if g.pending.kind != "use_trigger":
        g.answer(*g.pending.labels[:2])
    assert g.pending.kind == "use_trigger" and not event_records(g, "break")
    g.answer("no")
    assert g.pending.kind == "use_trigger" and not event_records(g, "break")
    g.answer("no")
    breaks = event_records(g, "break")
    assert len(breaks) == 2 and breaks[1].seq == breaks[0].seq + 1
    assert len(g.zones[(B, SHIELDS)]) == 1 and names(g, B, HAND) == ["デーモン・ハンド", "デーモン・ハンド"]


# ---- hidden and public zones


@pytest.mark.dm_rules("400.2c", "400.5a")
def test_400_2a_public_cards_are_named_by_id_hidden_ones_by_position():
    g = game(
        A={"hand": [{"card": "試験用の覗き捨て", "as": "s"}]},
        B={
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": "アクア・ビークル", "as": "v"}],
            "hand": ["試験用の竜"],
        },
    )
    play_free(g, "s")
    assert set(g.pending.labels) == {label_for(g, "t"), label_for(g, "v")}  # the battle zone is public
    g.answer(label_for(g, "t"))
    # Now 喧嘩屋タイラー is in B's hand, a hidden zone: A chooses by position, not by the card (400.5a).
    assert g.pending.kind == "choose_cards" and g.pending.player == A
    assert all(label.startswith("hand:") for label in g.pending.labels) and len(g.pending.labels) == 2
    g.answer("hand:1")
    assert len(names(g, B, GRAVEYARD)) == 1 and len(names(g, B, HAND)) == 1


def test_400_2e_a_card_put_into_the_shield_zone_is_face_down():
    g = game(
        A={"hand": [{"card": "試験用の盾送り", "as": "s"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    play_free(g, "s")
    assert obj(g, "t").zone == (B, SHIELDS) and obj(g, "t").face_down


@pytest.mark.dm_rules("113.6")
def test_509_5e_declared_shield_triggers_resolve_in_the_order_their_player_chooses():
    g = game(
        A={
            "hand": [{"card": "試験用の二枚割り", "as": "s"}],
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "アクア・ビークル", "as": "t2"}],
        },
        B={"shield_zone": ["デーモン・ハンド", "デーモン・ハンド", "filler"]},
    )
    play_free(g, "s")
    if g.pending.kind != "use_trigger":
        g.answer(*g.pending.labels[:2])
    g.answer("yes")
    g.answer("yes")
    assert g.pending.kind == "order_triggers" and g.pending.player == B  # 509.5e
    g.answer(g.pending.labels[1])
    while g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(g.pending.labels[0])
    assert names(g, A, BATTLE) == []
    assert sorted(names(g, A, GRAVEYARD)) == sorted(
        ["アクア・ビークル", "喧嘩屋タイラー", "試験用の二枚割り"]
    )


def test_601_1h_one_choice_cannot_pick_the_same_card_twice():
    from tcgrules.kernel import IllegalActionError

    g = game(
        A={"hand": [{"card": "試験用の二枚見ず捨て", "as": "s"}]},
        B={"hand": ["喧嘩屋タイラー", "アクア・ビークル", "試験用の竜"]},
    )
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.min == 2
    with pytest.raises(IllegalActionError):
        g.answer("hand:1", "hand:1")
    g.answer("hand:1", "hand:2")
    assert len(names(g, B, GRAVEYARD)) == 2
