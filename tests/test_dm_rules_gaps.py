"""Issue 10's twelve gaps, each as a board built from the rule's text (official Q&A style: a question, the
board that asks it, the answer the comprehensive rules Ver.1.48 give)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD


def base(**players: dict) -> dict:
    spec = {"turn": "A", "step": "main"}
    spec.update(players)
    return spec


# ---- gap 1: 101.5 / 101.5a

LOOP_CARDS = """
- name: 試験用不屈の守り手
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーが破壊される時、かわりにタップする。その後、このクリーチャーを破壊する。
  abilities:
    - replace: destroyed
      instead: [{tap: self}]
      then: [{destroy: self}]
"""


@pytest.mark.dm_rules("101.5a")
def test_101_5_a_replacement_does_not_apply_to_its_own_follow_up():
    # Q: 試験用不屈の守り手 is destroyed. Its replacement taps it instead, then destroys it. Is that
    # destruction replaced again?  A: No. The follow-up is part of the one replacement effect that was
    # applied (101.5a: もともとの効果は置換された箇所を含めてひとつの効果として処理します), and a replacement
    # applies once (101.5): the creature is tapped, then destroyed.
    g = make(base(A={"battle_zone": [{"card": "試験用不屈の守り手", "as": "m"}]}), LOOP_CARDS)
    g.inject({"event": "destroy", "target": "m"})
    assert names(g, A, GRAVEYARD) == ["試験用不屈の守り手"]
    assert names(g, A, BATTLE) == []
    assert len(records(g, "replacement")) == 1


# ---- gap 2: 701.26b

ESCAPE_CARDS = """
- name: 試験用エスケープ・ドラゴン
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 7000
  text: このクリーチャーがバトルゾーンを離れる時、かわりに自分のシールドを1つ墓地に置いてもよい。
  abilities:
    - replace: leaves
      optional: true
      instead: [{put_into_graveyard: {choose: 1, zone: shield_zone, owner: you}}]
"""


def escape_attack() -> object:
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用エスケープ・ドラゴン", "as": "d"}],
                "hand": [{"card": "蒼き団長 ドギラゴン剣", "as": "k"}],
                "shield_zone": ["filler", "filler"],
            },
            "B": {"shield_zone": ["filler", "filler", "filler"]},
        },
        ESCAPE_CARDS,
    )
    from dm_helpers import label_for

    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "use_trigger" and "revolution_change" in g.pending.prompt
    g.answer("yes")
    return g


def test_701_26b_an_optional_replacement_on_a_swap_is_asked_and_declining_lets_the_swap_happen():
    # Q: 試験用エスケープ・ドラゴン attacks and 蒼き団長 ドギラゴン剣 is 革命チェンジ'd with it. Its
    # "instead of leaving, you may put a shield into the graveyard" could apply. Does the swap fail at once?
    # A: No. Its controller chooses whether to use it (真・エスケープ example of 701.26b); not using it,
    # the swap is performed.
    g = escape_attack()
    decision = g.pending
    assert decision is not None and decision.player == A and decision.rule == "701.26b"
    g.answer("no")
    while g.pending is not None and g.pending.kind == "choose_cards" and g.pending.player == A:
        g.answer(*g.pending.labels[: g.pending.min])
    assert "蒼き団長 ドギラゴン剣" in names(g, A, BATTLE)
    assert "試験用エスケープ・ドラゴン" in names(g, A, "hand")
    assert len(g.zones[(A, "shield_zone")]) == 2


def test_701_26b_using_the_optional_replacement_means_the_swap_is_not_performed():
    # A (example 2 of 701.26b): using it at the swap, the swap is not performed, and the replacement
    # itself does not resolve: the dragon keeps attacking, ドギラゴン剣 stays in the hand, no shield moves.
    g = escape_attack()
    g.answer("yes")
    assert names(g, A, BATTLE) == ["試験用エスケープ・ドラゴン"]
    assert names(g, A, "hand") == ["蒼き団長 ドギラゴン剣"]
    assert len(g.zones[(A, "shield_zone")]) == 2
    assert any(r.rule == "701.26b" for r in records(g, "rule"))


# ---- gap 3: 110.4g

GRAVE_CARDS = """
- name: 試験用墓地の黒龍
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ブラック・ドラゴン]
  power: 6000
  text: 自分のドラゴンが破壊された時、このクリーチャーを自分の墓地からバトルゾーンに出してもよい。
  abilities:
    - trigger: destroyed
      subject: own_creature
      zones: [graveyard]
      event_filter: {card: {race: ドラゴン}}
      optional: true
      effect: [{put_into_battle_zone: self}]
- name: 試験用の火竜
  type: creature
  civilizations: [fire]
  cost: 5
  races: [アーマード・ドラゴン]
  power: 5000
  text: ""
  abilities: []
"""


def test_110_4g_a_graveyard_ability_does_not_see_the_batch_that_put_its_card_there():
    # Q: 試験用墓地の黒龍 and 試験用の火竜 are destroyed at the same time. Does 試験用墓地の黒龍's ability
    # (it works in the graveyard) trigger on 試験用の火竜's destruction, or on its own?
    # A: No. It functions while its card is in the graveyard (110.4g); the card was not there yet.
    g = make(
        base(
            A={"battle_zone": [{"card": "試験用墓地の黒龍", "as": "k"}, {"card": "試験用の火竜", "as": "f"}]}
        ),
        GRAVE_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["k", "f"]})
    assert g.pending is None or g.pending.kind != "use_trigger"
    assert not records(g, "trigger")
    assert names(g, A, GRAVEYARD) == ["試験用の火竜", "試験用墓地の黒龍"]


@pytest.mark.dm_rules("110.4b")
def test_110_4g_a_graveyard_ability_triggers_once_its_card_is_there():
    # A: Already in the graveyard, it triggers on the next dragon destroyed and may come back.
    g = make(
        base(
            A={
                "graveyard": [{"card": "試験用墓地の黒龍", "as": "k"}],
                "battle_zone": [{"card": "試験用の火竜", "as": "f"}],
            }
        ),
        GRAVE_CARDS,
    )
    g.inject({"event": "destroy", "target": "f"})
    assert g.pending is not None and g.pending.kind == "use_trigger"
    g.answer("yes")
    assert names(g, A, BATTLE) == ["試験用墓地の黒龍"]


# ---- gap 4: 603.5c / 603.5d

WATCH_CARDS = """
- name: 試験用の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: クリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: destroyed
      subject: any_creature
      effect: [{draw: 1}]
- name: 試験用の他者の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: 他のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: destroyed
      subject: any_creature
      event_filter: {card: {other_than_self: true}}
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("603.5c")
def test_603_5d_a_leaving_watcher_looks_back_only_at_its_own_leaving():
    # Q (the example of 603.5d): two creatures and one with "クリーチャーが破壊された時、カードを1枚引く" are
    # in the battle zone; all are destroyed at once. How many times does it trigger?  A: Once, for itself.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用の番人", "as": "w"},
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                    {"card": "うごめく者ボーン・グール", "as": "b"},
                ]
            }
        ),
        WATCH_CARDS,
    )
    hand = len(names(g, A, "hand"))
    g.inject({"event": "destroy", "targets": ["w", "a", "b"]})
    assert len(records(g, "trigger")) == 1
    assert len(names(g, A, "hand")) == hand + 1


@pytest.mark.dm_rules("603.5c")
def test_603_5d_another_creature_leaving_together_is_not_seen_and_one_staying_sees_all():
    # Q: 試験用の他者の番人 is destroyed together with two others. Does it trigger?  A: No — it can look back
    # only at itself, and "他の" excludes itself. A watcher that stays sees both (603.5c): two draws.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用の他者の番人", "as": "w"},
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                    {"card": "うごめく者ボーン・グール", "as": "b"},
                ]
            },
            B={"battle_zone": ["試験用の他者の番人"]},
        ),
        WATCH_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["w", "a", "b"]})
    triggered = records(g, "trigger")
    assert len(triggered) == 3 and all(r.data["effect"] == triggered[0].data["effect"] for r in triggered)
    while g.pending is not None and g.pending.kind == "order_triggers":
        g.answer(g.pending.labels[0])
    draws = [r for r in records(g, "event") if r.data.get("event") == "draw"]
    assert [r.text.split()[0] for r in draws] == ["B", "B", "B"]


# ---- gap 5: 605.2c

THEN_CARDS = """
- name: 試験用の引き直し
  type: spell
  civilizations: [water]
  cost: 2
  text: カードを2枚まで引く。その後、自分の手札を1枚捨てる。
  abilities:
    - spell:
        - draw: {count: 2, up_to: true}
        - discard: {choose: 1, owner: you}
"""


def test_605_2c_a_then_part_is_resolved_in_order_even_after_a_part_that_did_nothing():
    # Q: 試験用の引き直し: "カードを2枚まで引く。その後、自分の手札を1枚捨てる" — choosing to draw 0,
    # is a card still discarded?  A: Yes: the card resolves in the order written (605.2c); その後 is not
    # "if you did" (and even そうしたら only needs the attempt, 101.3a).
    from dm_helpers import cid

    g = make(
        base(
            A={
                "hand": [
                    {"card": "試験用の引き直し", "as": "s"},
                    "うごめく者ボーン・グール",
                    "アクア・ソルジャー",
                ],
            }
        ),
        THEN_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    assert g.pending.kind == "choose_number"
    g.answer("0")
    assert g.pending is not None and g.pending.kind == "choose_cards" and g.pending.min == 1
    assert {o.text for o in g.pending.options} == {"うごめく者ボーン・グール", "アクア・ソルジャー"}
    g.answer(g.pending.labels[0])
    assert len(names(g, A, "hand")) == 1
    assert len(names(g, A, GRAVEYARD)) == 2 and "試験用の引き直し" in names(g, A, GRAVEYARD)


# ---- gap 9: 801

PUT_CARDS = """
- name: 試験用の呼び出し
  type: spell
  civilizations: [nature]
  cost: 4
  text: 自分の手札からクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you, filter: {type: creature}}
"""


@pytest.mark.dm_rules("801.1")
def test_801_1a_an_effect_cannot_put_an_evolution_creature_without_a_base():
    # Q: 試験用の呼び出し puts 超爆合体ダンギルバー (an evolution creature) from the hand, and there is no
    # creature to evolve from. Does it enter with nothing under it?  A: No: without a proper base an
    # evolution creature cannot be put into the battle zone (801.1a); it stays in the hand.
    from dm_helpers import cid

    g = make(
        base(
            A={"hand": [{"card": "試験用の呼び出し", "as": "s"}, {"card": "超爆合体ダンギルバー", "as": "e"}]}
        ),
        PUT_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(g.pending.labels[0])
    assert names(g, A, BATTLE) == []
    assert names(g, A, "hand") == ["超爆合体ダンギルバー"]
    assert any(r.rule == "801.1a" for r in records(g, "rule"))


# ---- gap 6: 113.6 / 701.14b

SHIELD_CARDS = """
- name: 試験用の盾回収
  type: spell
  civilizations: [water]
  cost: 2
  text: 自分のシールドを1つ手札に加える。
  abilities:
    - spell:
        - return_to_hand: {choose: 1, zone: shield_zone, owner: you}
- name: 試験用の盾番
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のシールドがブレイクされた時、カードを1枚引く。
  abilities:
    - trigger: broken
      subject: own_shield
      zones: [battle_zone]
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("701.14b")
def test_113_6_a_shield_put_into_the_hand_by_an_effect_can_use_its_shield_trigger():
    # Q: 試験用の盾回収 puts A's only shield, スパイラル・ゲート (S・トリガー), into the hand. May A use its
    # S・トリガー?  A: Yes: putting a shield into the hand behaves like a break (701.14b), with the same
    # declaration (113.6). But it is not a break: "シールドがブレイクされた時" does not trigger.
    from dm_helpers import cid, label_for

    g = make(
        base(
            A={
                "hand": [{"card": "試験用の盾回収", "as": "s"}],
                "shield_zone": [{"card": "スパイラル・ゲート", "as": "g"}],
                "battle_zone": ["試験用の盾番"],
            },
            B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        ),
        SHIELD_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    decision = g.pending
    assert decision is not None and decision.kind == "use_trigger" and decision.rule == "113.6"
    g.answer("yes")
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(label_for(g, "t"))
    assert names(g, B, "hand") == ["喧嘩屋タイラー"]
    assert not [r for r in records(g, "trigger") if "試験用の盾番" in r.text]
