"""Triggered abilities: when they trigger, where they work, and the order they resolve in (603, 110.4,
101.4, 506.3, 511, 607).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import IGNORE_ALL_ABILITIES, A, B, label_for, make, names, obj, records
from dm_rule_boards import CARDS, attack_game, base, drawers, event_records, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA

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
    - trigger: {event: attacks}
      effect: [{draw: 1}]
"""


GRAVE_CARDS = """
- name: 試験用墓地の黒龍
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ブラック・ドラゴン]
  power: 6000
  text: 自分のドラゴンが破壊された時、このクリーチャーを自分の墓地からバトルゾーンに出してもよい。
  abilities:
    - trigger: {event: destroyed, subject: {owner: you, race: ドラゴン, type: creature}}
      zones: [graveyard]
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


WATCH_CARDS = """
- name: 試験用の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: クリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {type: creature}}
      effect: [{draw: 1}]
- name: 試験用の他者の番人
  type: creature
  civilizations: [darkness]
  cost: 3
  races: [テスト]
  power: 2000
  text: 他のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - trigger: {event: destroyed, subject: {other: true, type: creature}}
      effect: [{draw: 1}]
"""


DECLARE_CARDS = """
- name: 試験用の号令ドラゴン
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: このクリーチャーが攻撃する時、カードを1枚引く。
  abilities:
    - trigger: {event: attacks}
      effect: [{draw: 1}]
"""


def declare_attack():
    from dm_helpers import label_for

    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用の号令ドラゴン", "as": "d"}],
                "hand": [{"card": "蒼き団長 ドギラゴン剣", "as": "k"}],
                "deck": 5,
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        DECLARE_CARDS,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    return g


@pytest.mark.dm_rules("105.2", "702.3a", "702.1", "702.2", "111.2c", "501.2", "501.1", "702")
def test_105_2_the_turn_players_cards_untap_before_start_of_turn_abilities_trigger():
    # Q: A's creature and mana are tapped; A's turn begins. 試験用の朝焼け taps itself at the start of the
    # turn. What is tapped afterwards?  A: The untap comes first (702.2, 702.3a) — everything untaps — then
    # the start-of-turn ability taps 試験用の朝焼け (501.2). B's tapped creature stays tapped.
    g = game(
        turn="B",
        A={
            "battle_zone": [
                {"card": "試験用の朝焼け", "as": "d", "tapped": True},
                {"card": "喧嘩屋タイラー", "as": "t", "tapped": True},
            ],
            "mana_zone": [{"card": "喧嘩屋タイラー", "as": "m", "tapped": True}],
        },
        B={"battle_zone": [{"card": "アクア・ビークル", "as": "v", "tapped": True}]},
    )
    g.answer("end_main")
    g.answer("end_attacks")
    assert g.active_player == A
    assert not obj(g, "t").tapped and not obj(g, "m").tapped
    assert obj(g, "d").tapped
    assert obj(g, "v").tapped


@pytest.mark.dm_rules("110.2c")
def test_110_7_the_same_ability_twice_works_twice():
    g = game(A={"hand": [{"card": "試験用の二重ドロー", "as": "d"}], "mana_zone": ["アクア・ビークル"] * 3})
    hand = len(names(g, A, HAND))
    g.answer(f"summon:{label_for(g, 'd')}")
    while g.pending.kind == "order_triggers":
        g.answer(g.pending.labels[0])
    assert len(names(g, A, HAND)) == hand - 1 + 2
    assert len([r for r in records(g, "trigger") if "試験用の二重ドロー" in r.text]) == 2


def test_110_4c_an_ability_without_a_zone_works_only_in_the_battle_zone():
    # 試験用の見張り in the hand does not trigger; in the battle zone it does.
    g = game(
        A={
            "hand": ["試験用の見張り"],
            "battle_zone": [
                {"card": "うごめく者ボーン・グール", "as": "g1"},
                {"card": "うごめく者ボーン・グール", "as": "g2"},
            ],
        }
    )
    g.inject({"event": "destroy", "target": "g1"})
    assert not records(g, "trigger")
    g = game(A={"battle_zone": ["試験用の見張り", {"card": "うごめく者ボーン・グール", "as": "g1"}]})
    g.inject({"event": "destroy", "target": "g1"})
    assert len(records(g, "trigger")) == 1


@pytest.mark.dm_rules("111.1", "101.4")
def test_101_4c_a_turn_players_effect_made_while_the_non_turn_players_resolve_goes_first():
    # Q: It is A's turn. B's creature is destroyed: B's 試験用の報復 and 試験用の見張り trigger. B resolves
    # 報復 first, destroying A's creature, which triggers A's 試験用の見張り. Which draw is next?
    # A: A's (101.4c): the turn player's new effect interrupts the non-turn player's remaining ones.
    g = game(
        A={"battle_zone": ["試験用の見張り", {"card": "うごめく者ボーン・グール", "as": "ag"}], "deck": 5},
        B={
            "battle_zone": [
                "試験用の報復",
                "試験用の見張り",
                {"card": "うごめく者ボーン・グール", "as": "bg"},
            ],
            "deck": 5,
        },
    )
    g.inject({"event": "destroy", "target": "bg"})
    order = g.pending
    assert order.kind == "order_triggers" and order.player == B
    g.answer(next(o.label for o in order.options if "報復" in o.text))
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(label_for(g, "ag"))
    draws = [r.text.split()[0] for r in event_records(g, "draw")]
    assert draws == ["A", "B"]


@pytest.mark.dm_rules("603.5a")
def test_603_2b_a_trigger_fires_once_for_each_creature_it_sees():
    g = game(
        A={
            "battle_zone": [
                "試験用の見張り",
                {"card": "うごめく者ボーン・グール", "as": "a"},
                {"card": "うごめく者ボーン・グール", "as": "b"},
            ]
        }
    )
    g.inject({"event": "destroy", "targets": ["a", "b"]})
    assert len(records(g, "trigger")) == 2
    g = game(A={"hand": [{"card": "試験用の二重ドロー", "as": "d"}]})
    play_free(g, "d")  # "出た時" sees its own card entering (603.5a)
    assert records(g, "trigger")


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


@pytest.mark.dm_rules("603.2e", "506.3b")
def test_603_2f_an_ability_triggering_in_the_hand_is_declared_before_any_waiting_effect_resolves():
    # Q: 試験用の号令ドラゴン attacks; its "攻撃する時、カードを1枚引く" triggers, and so does 革命チェンジ of
    # 蒼き団長 ドギラゴン剣 in the hand. When does A say whether to use 革命チェンジ?  A: First: an ability
    # that triggers in a hidden zone is declared (603.2e–f), the turn player declaring all of theirs before
    # their waiting effects resolve (506.3b); then the effects resolve in the order A chooses, and the
    # declared 革命チェンジ is used without being asked again.
    g = declare_attack()
    first = g.pending
    assert first.kind == "use_trigger" and first.rule == "603.2f" and "revolution_change" in first.prompt
    assert not [r for r in records(g, "event") if r.data.get("event") == "draw"]
    g.answer("yes")
    assert g.pending.kind == "order_triggers"
    g.answer(next(o.label for o in g.pending.options if "revolution_change" in o.text))
    assert g.pending is None or g.pending.rule != "603.4"  # no second "use it?"
    while g.pending is not None and g.pending.kind == "break":
        g.answer(*g.pending.labels[: g.pending.min])
    assert "蒼き団長 ドギラゴン剣" in names(g, A, BATTLE)


def test_603_2f_an_ability_not_declared_never_triggered():
    g = declare_attack()
    g.answer("no")
    assert g.pending is None or g.pending.kind != "order_triggers"  # only the draw is waiting
    while g.pending is not None and g.pending.kind == "break":
        g.answer(*g.pending.labels[: g.pending.min])
    assert names(g, A, BATTLE) == ["試験用の号令ドラゴン"]
    assert "蒼き団長 ドギラゴン剣" in names(g, A, "hand")


SUBJECT_CONDITION = """
- name: 試験用の火の見張り
  type: creature
  civilizations: [fire]
  cost: 3
  races: [ヒューマノイド]
  power: 1000
  text: 他のクリーチャーが出た時、そのクリーチャーが火のクリーチャーなら、カードを1枚引く。
  abilities:
    - trigger: {event: enters, subject: {type: creature, other: true}}
      if: {exists: {in: event.subject, civilization: fire}}
      effect: [{draw: 1}]
"""


@pytest.mark.parametrize(("entering", "draws"), [("Picora's Wrench", 1), ("Steam Star", 0)])
def test_603_4_a_condition_reads_the_event_subject_of_its_own_trigger(entering: str, draws: int) -> None:
    # 「そのクリーチャーが…なら」: the condition checked as the ability resolves (603.4) names the creature
    # its event is about — the fire creature that entered draws, the water one does not.
    g = make(
        base(A={"battle_zone": ["試験用の火の見張り"], "hand": [{"card": entering, "as": "e"}], "deck": 5}),
        SUBJECT_CONDITION,
    )
    play_free(g, "e")
    assert obj(g, "e").zone == (A, BATTLE)
    assert drawers(g) == ["A"] * draws


BOTH_ZONE_CARDS = """
- name: 試験用の盾と場の精霊
  type: creature
  civilizations: [light]
  cost: 4
  races: [テスト]
  power: 3000
  text: このクリーチャーがシールドゾーンに置かれた時、またはバトルゾーンに出た時、カードを1枚引く。
  abilities:
    - trigger:
        any_of:
          - {event: moved, to: shield_zone}
          - {event: enters}
      zones: [battle_zone, shield_zone]
      effect: [{draw: 1}]
- name: 試験用の場と墓地の死霊
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 3000
  text: このクリーチャーが破壊された時、カードを1枚引く。(この能力はバトルゾーンと墓地で働く)
  abilities:
    - trigger: {event: destroyed}
      zones: [battle_zone, graveyard]
      effect: [{draw: 1}]
- name: 試験用の場と墓地の番人
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 3000
  text: クリーチャーが破壊された時、カードを1枚引く。(この能力はバトルゾーンと墓地で働く)
  abilities:
    - trigger: {event: destroyed, subject: {type: creature}}
      zones: [battle_zone, graveyard]
      effect: [{draw: 1}]
"""


@pytest.mark.dm_rules("603.5a", "603.5c")
def test_603_5_an_ability_working_in_both_zones_triggers_once_as_its_card_moves_from_one_to_the_other():
    # Q: 「このクリーチャーがシールドゾーンに置かれた時、またはバトルゾーンに出た時」 works in the shield
    # zone and the battle zone; its card goes from the shield zone to the battle zone. How often does it
    # trigger?  A: Once. The new battle-zone object checks its own arrival (603.5a); the shield-zone
    # object's instance is no leave trigger to look back with (603.5c), so it does not trigger again.
    g = make(
        base(A={"shield_zone": [{"card": "試験用の盾と場の精霊", "as": "s", "face_up": True}], "deck": 5}),
        BOTH_ZONE_CARDS,
    )
    hand = len(names(g, A, HAND))
    g.inject({"event": "enter", "target": "s"})
    assert len(records(g, "trigger")) == 1
    assert g.pending is None or g.pending.kind != "order_triggers"
    assert names(g, A, BATTLE) == ["試験用の盾と場の精霊"]
    assert len(names(g, A, HAND)) == hand + 1


@pytest.mark.dm_rules("603.5c", "603.5d")
def test_603_5c_a_leave_trigger_working_in_the_zone_it_goes_to_triggers_once():
    # Q: 「このクリーチャーが破壊された時」 works in the battle zone and in the graveyard; the creature is
    # destroyed. A: One trigger — the graveyard object sees its card's own arrival (110.4g), the battle-zone
    # object's look-back instance does not trigger again for the same event.
    g = make(
        base(A={"battle_zone": [{"card": "試験用の場と墓地の死霊", "as": "d"}], "deck": 5}), BOTH_ZONE_CARDS
    )
    hand = len(names(g, A, HAND))
    g.inject({"event": "destroy", "target": "d"})
    assert len(records(g, "trigger")) == 1
    assert len(names(g, A, HAND)) == hand + 1


@pytest.mark.dm_rules("603.5c", "603.5d", "110.4g")
def test_603_5c_the_old_object_still_looks_back_when_the_new_one_does_not_see_the_event():
    # Q: 「クリーチャーが破壊された時」 works in the battle zone and the graveyard; it is destroyed with two
    # other creatures. A: It triggers once, for itself, by looking back (603.5d): its graveyard object does
    # not see the batch that put it there (110.4g), so only the leaving object's instance triggers.
    g = make(
        base(
            A={
                "battle_zone": [
                    {"card": "試験用の場と墓地の番人", "as": "w"},
                    {"card": "うごめく者ボーン・グール", "as": "a"},
                    {"card": "うごめく者ボーン・グール", "as": "b"},
                ],
                "deck": 5,
            }
        ),
        BOTH_ZONE_CARDS,
    )
    hand = len(names(g, A, HAND))
    g.inject({"event": "destroy", "targets": ["w", "a", "b"]})
    assert len(records(g, "trigger")) == 1
    assert len(names(g, A, HAND)) == hand + 1


@pytest.mark.dm_rules("603.5c")
def test_603_5c_a_destroyed_trigger_looks_back_at_abilities_ignored_as_it_left() -> None:
    # からみカズラ: 「このクリーチャーが破壊された時、自分のマナゾーンに置く」. Destroyed while its abilities
    # are ignored, it is seen as it was just before (603.5c): no ability, no trigger; else it triggers.
    for ignored, mana in ((True, []), (False, ["からみカズラ"])):
        hand = [{"card": "例示用の全無視", "as": "i"}] if ignored else []
        g = make(
            {"turn": "A", "A": {"battle_zone": [{"card": "からみカズラ", "as": "k"}], "hand": hand}},
            IGNORE_ALL_ABILITIES,
        )
        if ignored:
            g.inject({"play": "i", "free": True})
        g.inject({"event": "destroy", "target": "k"})
        assert names(g, A, MANA) == mana
        assert ("からみカズラ" in names(g, A, GRAVEYARD)) == ignored
