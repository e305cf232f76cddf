"""Duel Masters replacement effects and prohibitions: 101.5, 609.1–609.9b, 110.5, 603.2d, 700.3."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA
from tcgrules.kernel import IllegalActionError

TEST_CARDS = """
- name: 試験用ジャシン
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 7000
  text: このクリーチャーが離れる時、かわりに自分の手札を2枚捨ててもよい。
  abilities:
    - replace: {event: leaves}
      optional: true
      instead: [{discard: {choose: 2, owner: you}}]
- name: 試験用見張り
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{draw: 1}]
- name: 試験用マナ送り
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 2000
  text: 相手のクリーチャーが破壊される時、かわりに持ち主のマナゾーンに置く。
  abilities:
    - replace: {event: destroyed, subject: {owner: opponent, type: creature}}
      instead: [{put_into_mana: event_subject}]
- name: 試験用不死
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーは破壊されない。このクリーチャーが破壊される時、かわりに手札に戻す。
  abilities:
    - static: {not_destroyed: true}
    - replace: {event: destroyed}
      instead: [{return_to_hand: self}]
- name: 試験用身代わり
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーが手札に戻される時、かわりに自分の他のクリーチャーを1体破壊する。
  abilities:
    - replace: {event: leaves}
      instead: [{destroy: {choose: 1, owner: you, other: true}}]
- name: 試験用避難
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: |-
    このクリーチャーが破壊される時、かわりに手札に戻してもよい。
    このクリーチャーが破壊される時、かわりにマナゾーンに置いてもよい。
  abilities:
    - replace: {event: destroyed}
      optional: true
      instead: [{return_to_hand: self}]
    - replace: {event: destroyed}
      optional: true
      instead: [{put_into_mana: self}]
"""

DEMON_HAND = {"card": "dh"}


def base(**players: dict) -> dict:
    spec = {"turn": "A", "step": "main"}
    spec.update(players)
    return spec


def test_609_1_aqua_soldier_returns_to_hand_instead_of_the_graveyard():
    g = make(
        base(
            A={"battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}]},
            B={"hand": [{"card": "デーモン・ハンド", "as": "dh"}]},
        )
    )
    g.inject({"event": "destroy", "target": "s", "source": DEMON_HAND})
    assert names(g, A, HAND) == ["アクア・ソルジャー"]
    assert names(g, A, GRAVEYARD) == []
    [applied] = records(g, "replacement")
    assert "アクア・ソルジャー" in applied.text


def test_110_5_substitute_keeps_the_source_of_the_replaced_event():
    g = make(
        base(
            A={"battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}]},
            B={"hand": [{"card": "デーモン・ハンド", "as": "dh"}]},
        )
    )
    g.inject({"event": "destroy", "target": "s", "source": DEMON_HAND})
    moved = [r for r in records(g, "event") if r.data.get("event") == "move"][-1]
    assert moved.data["source"] == cid(g, "dh")
    assert moved.data["replaced_by"], "the move was made by a replacement"


def test_603_2d_a_replaced_event_triggers_nothing():
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "アクア・ソルジャー", "as": "s"},
                    "試験用見張り",
                    {"card": "うごめく者ボーン・グール", "as": "g"},
                ]
            }
        ),
        TEST_CARDS,
    )
    hand_before = len(names(g, A, HAND))
    g.inject({"event": "destroy", "target": "s"})
    assert len(names(g, A, HAND)) == hand_before + 1  # アクア・ソルジャー itself, no draw
    g.inject({"event": "destroy", "target": "g"})
    assert len(names(g, A, HAND)) == hand_before + 2  # the real destruction triggers a draw


def test_101_5_an_event_made_by_a_replacement_is_not_replaced_again():
    # 試験用身代わり: returning it to hand is replaced by destroying another creature of yours; that
    # destruction was made by a replacement, so アクア・ソルジャー's own replacement cannot apply to it.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用身代わり", "as": "x"},
                    {"card": "アクア・ソルジャー", "as": "s"},
                ]
            }
        ),
        TEST_CARDS,
    )
    g.inject({"event": "move", "target": "x", "to": "hand"})
    assert names(g, A, BATTLE) == ["試験用身代わり"]
    assert names(g, A, GRAVEYARD) == ["アクア・ソルジャー"]


@pytest.mark.dm_rules("101.5b")
def test_609_8_turn_players_replacement_has_priority():
    g = make(
        base(
            A={"battle_zone": ["試験用マナ送り"]},
            B={"battle_zone": [{"card": "アクア・ソルジャー", "as": "s"}]},
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "target": "s"})
    assert names(g, B, MANA) == ["アクア・ソルジャー"]  # A's replacement applied; B's could not
    assert names(g, B, HAND) == []


def test_609_8_a_player_chooses_among_their_own_replacements():
    g = make(base(A={"battle_zone": [{"card": "試験用避難", "as": "e"}]}), TEST_CARDS)
    g.inject({"event": "destroy", "target": "e"})
    decision = g.pending
    assert decision is not None and decision.kind == "replacement" and decision.player == A
    assert decision.rule == "609.8" and len(decision.options) == 3  # two replacements and "none"
    second = decision.options[1].label
    g.answer(second)
    assert names(g, A, MANA) == ["試験用避難"]


def test_609_9a_turn_player_decides_then_non_turn_player_then_all_apply_at_once():
    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用ジャシン", "as": "ja"}],
                "hand": ["うごめく者ボーン・グール"] * 2 + ["アクア・ソルジャー"],
            },
            B={
                "battle_zone": [{"card": "試験用ジャシン", "as": "jb"}],
                "hand": ["うごめく者ボーン・グール", "うごめく者ボーン・グール"],
            },
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["ja", "jb"]})
    first = g.pending
    assert first.player == A and first.kind == "replacement" and first.rule == "609.9a"
    g.answer(first.options[0].label)
    choose = g.pending
    assert choose.player == A and choose.kind == "choose_cards" and choose.min == choose.max == 2
    g.answer(*[o.label for o in choose.options if o.text == "うごめく者ボーン・グール"])
    second = g.pending
    assert second.player == B and second.kind == "replacement"
    g.answer("none")
    assert names(g, A, BATTLE) == ["試験用ジャシン"]
    assert names(g, A, GRAVEYARD) == ["うごめく者ボーン・グール", "うごめく者ボーン・グール"]
    assert names(g, A, HAND) == ["アクア・ソルジャー"]
    assert names(g, B, GRAVEYARD) == ["試験用ジャシン"]
    order = [r.data.get("labels") for r in records(g, "answer")]
    assert len(order) == 3


def test_609_9b_cards_chosen_for_one_replacement_cannot_be_chosen_for_another():
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用ジャシン", "as": "j1"},
                    {"card": "試験用ジャシン", "as": "j2"},
                ],
                "hand": ["うごめく者ボーン・グール", "うごめく者ボーン・グール"],
            }
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["j1", "j2"]})
    g.answer(g.pending.options[0].label)
    g.answer(*g.pending.labels)  # both cards in hand go to the first replacement
    # The second replacement would need the same two cards (609.9b), so it is not offered again.
    assert g.pending is None or g.pending.kind != "replacement"
    assert names(g, A, BATTLE) == ["試験用ジャシン"]
    assert names(g, A, GRAVEYARD).count("試験用ジャシン") == 1
    assert any(r.rule == "609.9b" for r in records(g, "rule"))


@pytest.mark.dm_rules("609.9a")
def test_609_9b_a_replacement_taking_the_top_card_is_assigned_by_its_player():
    # インフィニティ・ドラゴン's substitute asks nothing (the top card of the deck), but it takes that card:
    # two dragons destroyed together cannot both get it (609.9b), so its player chooses which one does.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "インフィニティ・ドラゴン", "as": "inf"},
                    {"card": "ボルシャック・ドラゴン", "as": "bol"},
                ],
                "deck": ["アクア・ビークル", "ボルシャック・ドラゴン"],
            }
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "targets": ["inf", "bol"]})
    assert g.pending is not None and g.pending.kind == "replacement" and g.pending.player == A
    assert len(g.pending.options) == 2
    g.answer(g.pending.options[1].label)  # the second event: ボルシャック・ドラゴン's destruction
    assert names(g, A, BATTLE) == ["ボルシャック・ドラゴン"]
    assert names(g, A, GRAVEYARD) == ["インフィニティ・ドラゴン", "ボルシャック・ドラゴン"]


def test_609_4_a_replacement_that_cannot_be_performed_does_not_apply():
    g = make(
        base(
            A={"battle_zone": [{"card": "試験用ジャシン", "as": "j"}], "hand": ["うごめく者ボーン・グール"]}
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "target": "j"})
    assert g.pending is None or g.pending.kind != "replacement"  # never offered
    assert names(g, A, GRAVEYARD) == ["試験用ジャシン"]
    assert names(g, A, HAND) == ["うごめく者ボーン・グール"]


def test_700_3_prohibition_is_checked_before_replacement():
    g = make(base(A={"battle_zone": [{"card": "試験用不死", "as": "u"}]}), TEST_CARDS)
    g.inject({"event": "destroy", "target": "u"})
    assert names(g, A, BATTLE) == ["試験用不死"]  # not destroyed, and not returned to hand either
    assert records(g, "prohibited") and not records(g, "replacement")


def test_700_3_not_destroyed_ignores_power_zero_state_based_action():
    g = make(base(A={"battle_zone": [{"card": "試験用不死", "as": "u"}]}), TEST_CARDS)
    g.inject({"event": "power", "target": "u", "amount": -5000})
    assert names(g, A, BATTLE) == ["試験用不死"]


def jashin_destroyed_with_two_cards_in_hand():
    """試験用ジャシン (optional "leaves: discard 2 instead") is destroyed while its owner holds two cards."""
    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用ジャシン", "as": "j"}],
                "hand": ["うごめく者ボーン・グール", "うごめく者ボーン・グール"],
            }
        ),
        TEST_CARDS,
    )
    g.inject({"event": "destroy", "target": "j"})
    return g


def test_optional_replacement_may_be_declined():
    g = jashin_destroyed_with_two_cards_in_hand()
    assert g.pending.kind == "replacement"
    g.answer("none")
    assert names(g, A, GRAVEYARD) == ["試験用ジャシン"]


def test_illegal_replacement_answer_is_refused_and_changes_nothing():
    g = jashin_destroyed_with_two_cards_in_hand()
    before = (g.pending, len(g.log), len(g.history))
    with pytest.raises(IllegalActionError, match="not an option"):
        g.answer(label_for(g, "j"))
    assert (g.pending, len(g.log), len(g.history)) == before


@pytest.mark.dm_rules("603.2", "603.3", "605.1")
def test_101_4_turn_players_waiting_effects_resolve_first_and_each_player_orders_their_own():
    extra = """
- name: 試験用見張り二号
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, type: creature}}
      effect: [{draw: 1}]
"""
    g = make(
        base(
            A={
                "battle_zone": [
                    "試験用見張り",
                    "試験用見張り二号",
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                ]
            },
            B={"battle_zone": ["試験用見張り", {"card": "うごめく者ボーン・グール", "as": "b"}]},
        ),
        TEST_CARDS + extra,
    )
    g.inject({"event": "destroy", "targets": ["a", "b"]})
    order = g.pending
    assert order.kind == "order_triggers" and order.player == A and order.rule == "101.4a"
    g.answer(order.options[1].label)  # A picks its second watcher first
    resolving = [r for r in records(g, "rule") if r.text.startswith("resolving")]
    assert [r.text for r in resolving] == [
        "resolving 試験用見張り二号 (trigger destroyed)",
        "resolving 試験用見張り (trigger destroyed)",
        "resolving 試験用見張り (trigger destroyed)",
    ]
    draws = [r for r in records(g, "event") if r.data.get("event") == "draw"]
    assert [r.text.split()[0] for r in draws] == ["A", "A", "B"]  # 101.4a: the turn player's first


def test_101_4a_shield_trigger_class_resolves_before_other_waiting_effects():
    extra = """
- name: 試験用攻撃時ドロー
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のシールドがブレイクされた時、カードを1枚引く。
  abilities:
    - trigger: {event: broken, subject: {owner: you, zone: shield_zone}}
      zones: [battle_zone]
      effect: [{draw: 1}]
"""
    g = make(
        base(
            A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            B={
                "battle_zone": ["試験用攻撃時ドロー"],
                "shield_zone": [{"card": "スパイラル・ゲート", "as": "sg"}],
            },
        ),
        extra,
    )
    g.answer("end_main")
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and "スパイラル・ゲート" in g.pending.prompt  # S・トリガー first
    g.answer("yes")
    g.answer(label_for(g, "t"))  # スパイラル・ゲート returns the attacker
    resolving = [r.text for r in records(g, "rule") if r.text.startswith("resolving")]
    assert resolving[0].startswith("resolving スパイラル・ゲート") and "試験用攻撃時ドロー" in resolving[1]
