"""Triggered abilities and resolving effects (603, 605, 608, 609.2): boards built from the rules' text, each a
question and the answer Ver.1.48 gives."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND

CARDS = """
- name: 試験用の凡兵
  type: creature
  civilizations: [nature]
  cost: 2
  races: [テスト]
  power: 2000
  text: ""
  abilities: []
- name: 試験用の寝起き番
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分のクリーチャーがタップ状態になった時、カードを1枚引く。
  abilities:
    - trigger: {event: tapped, subject: {owner: you, type: creature}}
      effect: [{draw: 1}]
- name: 試験用の寝たまま出し
  type: spell
  civilizations: [nature]
  cost: 3
  text: 自分の手札からクリーチャーを1体、タップしてバトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {what: {choose: 1, zone: hand, owner: you, type: creature}, tapped: true}
- name: 試験用の後出し見張り
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分のクリーチャーを1体破壊する。このターン、自分のクリーチャーが破壊された時、カードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: you}
        - delayed:
            when: {event: destroyed, subject: {owner: you, type: creature}}
            effect: [{draw: 1}]
            until: end_of_turn
- name: 試験用の数え引き
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体破壊する。その後、相手のクリーチャー1体につきカードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: opponent}
        - draw: {count: {count: {owner: opponent, type: creature}}}
- name: 試験用の強者狩り
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体破壊する。そのクリーチャーのパワーが3000以上だったなら、カードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: opponent, as: victim}
        - draw: 1
          if: {at_least: [{power_of: $victim}, 3000]}
- name: 試験用の応援団
  type: creature
  civilizations: [fire]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分の他のクリーチャーのパワーは+2000される。
  abilities:
    - static: {power: 2000}
      to: {owner: you, type: creature, other: true}
- name: 試験用の遅い盾
  type: spell
  civilizations: [light]
  cost: 3
  text: >-
    相手のクリーチャーを1体破壊する。その後、このターン、相手のクリーチャーは
    「このクリーチャーが破壊される時、墓地に置くかわりに手札に戻す」を得る。
  abilities:
    - spell:
        - destroy: {choose: 1, owner: opponent}
        - grant:
            what: {all: true, owner: opponent, type: creature}
            ability:
              replace: {event: destroyed}
              instead: [{return_to_hand: this}]
            until: end_of_turn
- name: 試験用の後払い強化
  type: spell
  civilizations: [fire]
  cost: 3
  text: 自分のクリーチャーを1体選ぶ。このターン、そのクリーチャーのパワーを、自分の手札1枚につき+1000する。
  abilities:
    - spell:
        - power:
            what: {choose: 1, owner: you}
            add: {times: [1000, {count: {zone: hand, owner: you}}]}
            until: end_of_turn
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS + LOOK_CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def draws(g) -> list[str]:
    return [r.text.split()[0] for r in records(g, "event") if r.data.get("event") == "draw"]


# ---- 603: triggered abilities


def test_603_2c_a_becomes_tapped_trigger_sees_only_the_change():
    # Q: 試験用の寝起き番 draws when one of A's creatures "becomes tapped". A's creature is put into the
    # battle zone tapped, then an already tapped creature is tapped again, then an untapped one is tapped. How
    # many draws?  A: One: entering in that state is not becoming tapped, and a creature that stays tapped
    # does not become tapped again (603.2c, 105.6); only the untapped one turning tapped triggers.
    g = game(
        A={
            "battle_zone": [
                "試験用の寝起き番",
                {"card": "アクア・ビークル", "as": "up"},
                {"card": "試験用の凡兵", "as": "down", "tapped": True},
            ],
            "hand": [
                {"card": "試験用の寝たまま出し", "as": "s"},
                {"card": "うごめく者ボーン・グール", "as": "c"},
            ],
            "deck": 5,
        }
    )
    play_free(g, "s")
    assert obj(g, "c").zone == (A, BATTLE) and obj(g, "c").tapped
    assert draws(g) == []
    g.inject({"event": "tap", "target": "down"})
    assert draws(g) == []
    g.inject({"event": "tap", "target": "up"})
    assert draws(g) == ["A"]


def test_603_6a_a_delayed_trigger_does_not_see_what_happened_before_it_was_made():
    # Q: 試験用の後出し見張り destroys one of A's creatures, then makes "this turn, when a creature of yours
    # is destroyed, draw". Does the creature it destroyed itself make A draw?  A: No: the delayed ability
    # exists from when it is made, never looking back (603.6a); a creature destroyed afterwards does.
    g = game(
        A={
            "battle_zone": [
                {"card": "アクア・ビークル", "as": "v"},
                {"card": "試験用の凡兵", "as": "w"},
            ],
            "hand": [{"card": "試験用の後出し見張り", "as": "s"}],
            "deck": 5,
        }
    )
    play_free(g, "s")
    g.answer(label_for(g, "v"))
    assert obj(g, "v").zone == (A, GRAVEYARD)
    assert draws(g) == []
    g.inject({"event": "destroy", "target": "w"})
    assert draws(g) == ["A"]


# ---- 605: resolving


def test_605_2d_a_value_is_read_when_that_part_of_the_effect_is_done():
    # Q: B has three creatures. 試験用の数え引き destroys one of them, then draws one card per creature B has.
    # How many?  A: Two: the number is fixed when the draw is done (605.2d), after the destruction.
    g = game(
        A={"hand": [{"card": "試験用の数え引き", "as": "s"}], "deck": 5},
        B={
            "battle_zone": [
                {"card": "アクア・ビークル", "as": "v"},
                "試験用の凡兵",
                "うごめく者ボーン・グール",
            ]
        },
    )
    play_free(g, "s")
    g.answer(label_for(g, "v"))
    assert draws(g) == ["A", "A"]


def test_605_2e_an_element_that_left_is_read_as_it_was_just_before_it_left():
    # Q: B's アクア・ビークル (power 1000) has +2000 from 試験用の応援団. 試験用の強者狩り destroys it: "if
    # its power was 3000 or more, draw". Does A draw?  A: Yes: the creature has left the battle zone, so its
    # power is read as it was just before it left (605.2e), 3000 — not 1000 as a card in the graveyard.
    g = game(
        A={"hand": [{"card": "試験用の強者狩り", "as": "s"}], "deck": 5},
        B={"battle_zone": [{"card": "アクア・ビークル", "as": "v"}, "試験用の応援団"]},
    )
    play_free(g, "s")
    g.answer(label_for(g, "v"))
    assert obj(g, "v").zone == (B, GRAVEYARD)
    assert draws(g) == ["A"]


RACE_CARDS = """
- name: 試験用の種族授け
  type: creature
  civilizations: [fire]
  cost: 4
  races: [ガーディアン]
  power: 3000
  text: 自分の他のクリーチャーはすべて種族にアーマード・ドラゴンを追加する。
  abilities:
    - static: {race: アーマード・ドラゴン}
      to: {owner: you, type: creature, other: true}
- name: 試験用の同族狩り
  type: creature
  civilizations: [fire]
  cost: 4
  races: [テスト]
  power: 2000
  text: 相手のクリーチャーが破壊された時、そのクリーチャーと同じ種族を持つクリーチャーをすべて破壊する。
  abilities:
    - trigger: {event: destroyed, subject: {owner: opponent, type: creature}}
      effect:
        - destroy: {all: true, type: creature, shares_race_with: event.subject}
- name: 試験用の一体破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを1体選び、破壊する。
  abilities:
    - spell: [{destroy: {choose: 1, owner: opponent, type: creature}}]
"""


@pytest.mark.parametrize("granted", [True, False])
def test_605_2e_a_destroyed_creature_has_the_races_an_effect_gave_it_as_it_left(granted: bool):
    # Q: B's 喧嘩屋タイラー (a ヒューマノイド) is an アーマード・ドラゴン too while 試験用の種族授け is out;
    # A destroys it, and A's 試験用の同族狩り destroys every creature of the same race. Is B's
    # ボルシャック・ドラゴン destroyed?  A: Yes: the creature that left is read as it was just before it left
    # (605.2e), the race an effect gave it included (203.3; ruling 152). Without the race giver it is not.
    b_side = [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": "ボルシャック・ドラゴン", "as": "b"}]
    if granted:
        b_side.append("試験用の種族授け")
    g = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "試験用の一体破壊", "as": "s"}], "battle_zone": ["試験用の同族狩り"]},
            "B": {"battle_zone": b_side},
        },
        RACE_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    g.answer(label_for(g, "t"))
    assert obj(g, "t").zone == (B, GRAVEYARD)
    assert obj(g, "b").zone == ((B, GRAVEYARD) if granted else (B, BATTLE))


# ---- 608 / 609: continuous and replacement effects


@pytest.mark.dm_rules("608")
def test_608_2b_a_variable_of_a_continuous_effect_is_fixed_when_it_resolves():
    # Q: A has 2 cards in hand besides 試験用の後払い強化, which gives アクア・ビークル +1000 per card in A's
    # hand this turn. A then draws 2 cards. What is its power?  A: 1000 + 2000: the amount was fixed as the
    # spell resolved (608.2b) and does not grow with the hand.
    from tcgrules.games.duel_masters import characteristics as ch

    g = game(
        A={
            "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
            "hand": [
                {"card": "試験用の後払い強化", "as": "s"},
                "試験用の凡兵",
                "うごめく者ボーン・グール",
            ],
            "deck": 5,
        }
    )
    play_free(g, "s")
    assert ch.power(g, obj(g, "v")) == 3000
    g.inject({"event": "draw", "player": "A"})
    g.inject({"event": "draw", "player": "A"})
    assert len(names(g, A, HAND)) == 4
    assert ch.power(g, obj(g, "v")) == 3000


def test_609_2_a_replacement_made_after_the_event_cannot_change_it():
    # Q: 試験用の遅い盾 destroys B's creature, then gives B's creatures "instead of being destroyed, return to
    # the hand". Does the destroyed creature go back to the hand?  A: No: a replacement must exist before its
    # event (609.2); it never goes back in time. A creature destroyed afterwards this turn does return.
    g = game(
        A={"hand": [{"card": "試験用の遅い盾", "as": "s"}], "deck": 5},
        B={
            "battle_zone": [
                {"card": "アクア・ビークル", "as": "v"},
                {"card": "試験用の凡兵", "as": "w"},
            ]
        },
    )
    play_free(g, "s")
    g.answer(label_for(g, "v"))
    assert obj(g, "v").zone == (B, GRAVEYARD)
    g.inject({"event": "destroy", "target": "w"})
    assert obj(g, "w").zone == (B, HAND)
    assert names(g, B, GRAVEYARD) == ["アクア・ビークル"]


# ---- 605.4: cards of a deck being looked at

LOOK_CARDS = """
- name: 試験用の天啓
  type: spell
  civilizations: [light]
  cost: 6
  text: >-
    自分の山札の上から5枚を見る。その中から呪文を1枚、コストを支払わずに唱えてもよい。残りを好きな順序で山札の
    一番下に置く。
  abilities:
    - spell:
        - look: {what: {all: true, top: 5, zone: deck, owner: you}, as: shown}
        - use: {what: {up_to: 1, zone: deck, owner: you, in: $shown, type: spell}, free: true}
        - move: {what: {all: true, zone: deck, owner: you, in: $shown}, to: deck_bottom}
- name: 試験用の二枚引き
  type: spell
  civilizations: [water]
  cost: 3
  text: カードを2枚引く。
  abilities:
    - spell:
        - draw: 2
- name: 試験用の選り抜き
  type: spell
  civilizations: [nature]
  cost: 3
  text: 自分の山札の上から2枚を見る。その中からドラゴンを1体手札に加える。
  abilities:
    - spell:
        - look: {what: {all: true, top: 2, zone: deck, owner: you}, as: shown}
        - move:
            what: {up_to: 1, zone: deck, owner: you, in: $shown, type: creature, race: ドラゴン}
            to: hand
- name: 試験用の山札強化
  type: creature
  civilizations: [nature]
  cost: 4
  races: [テスト]
  power: 2000
  text: 自分の山札のクリーチャーは種族にドラゴンを追加する。
  abilities:
    - static: {race: ドラゴン}
      to: {zone: deck, owner: you, type: creature}
"""


@pytest.mark.dm_rules("605")
def test_605_4_cards_being_looked_at_are_not_affected_by_another_effect():
    # Q (as the rule's example with 《聖霊左神ジャスティス》): 試験用の天啓 looks at the top 5 cards of A's
    # deck and A casts 試験用の二枚引き from among them. Which cards does it draw?  A: The 6th and 7th: the
    # cards being looked at belong to the deck but are not affected by the drawing spell's effect (605.4).
    deck = [
        {"card": "試験用の凡兵", "as": "eighth"},
        {"card": "アクア・ビークル", "as": "seventh"},
        {"card": "うごめく者ボーン・グール", "as": "sixth"},
        *(["filler"] * 4),
        {"card": "試験用の二枚引き", "as": "d"},
    ]
    g = game(A={"hand": [{"card": "試験用の天啓", "as": "s"}], "deck": deck})
    play_free(g, "s")
    g.answer(label_for(g, "d"))
    assert names(g, A, HAND) == ["うごめく者ボーン・グール", "アクア・ビークル"] or sorted(
        names(g, A, HAND)
    ) == sorted(["うごめく者ボーン・グール", "アクア・ビークル"])
    assert obj(g, "eighth").zone == (A, "deck")
    assert "looked_at" not in g.info  # the look is over: ordinary deck cards again
    assert names(g, A, GRAVEYARD) == ["試験用の二枚引き", "試験用の天啓"]


def test_605_4a_a_looked_at_card_keeps_the_effects_already_on_it():
    # Q: 試験用の山札強化 gives the creatures of A's deck +2000. 試験用の選り抜き looks at the top 2 and takes
    # a creature of power 3000 or more. Can it take アクア・ビークル (1000)?  A: Yes: the +2000 it already had
    # goes on applying while it is looked at (605.4a), so its power is 3000.
    deck = ["試験用の二枚引き", {"card": "アクア・ビークル", "as": "v"}]
    g = game(
        A={
            "hand": [{"card": "試験用の選り抜き", "as": "s"}],
            "battle_zone": ["試験用の山札強化"],
            "deck": deck,
        }
    )
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.labels == (label_for(g, "v"),)
    g.answer(label_for(g, "v"))
    assert obj(g, "v").zone == (A, HAND)
    plain = game(A={"hand": [{"card": "試験用の選り抜き", "as": "s"}], "deck": deck})
    play_free(plain, "s")
    assert plain.pending.kind != "choose_cards" or not plain.pending.labels
    assert names(plain, A, HAND) == []


START_CARDS = """
- name: 試験用の早起き
  type: creature
  civilizations: [light]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のターンのはじめに、カードを1枚引く。
  abilities:
    - trigger: {event: turn_start, player: you}
      effect: [{draw: 1}]
"""


def test_603_2a_every_start_of_turn_ability_triggers_as_the_step_begins():
    # Q: A has two 試験用の早起き ("at the start of your turn, draw"). B ends their turn. When do they
    # trigger? A: Both at once as A's turn begins (603.2a), after the untap (702.3a): they wait together and A
    # chooses which resolves first.
    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"battle_zone": ["試験用の早起き", "試験用の早起き"], "deck": 5},
            "B": {"deck": 5},
        },
        CARDS + START_CARDS,
    )
    g.answer("end_main")
    while g.pending is not None and g.active_player == B and g.pending.kind != "order_triggers":
        g.answer("end_attacks" if "end_attacks" in g.pending.labels else g.pending.labels[-1])
    assert g.pending.kind == "order_triggers" and g.pending.player == A
    assert len([r for r in records(g, "trigger") if "試験用の早起き" in r.text]) == 2
    assert draws(g) == []
