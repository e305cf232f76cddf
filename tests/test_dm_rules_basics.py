"""Rules of Ver.1.48 that the engine already implemented with no test checking them: each test builds a board
from the rule's text and checks what the rule says (and would fail if the engine did otherwise)."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.games.duel_masters.zones import BATTLE, DECK, GRAVEYARD, HAND, MANA, SHIELDS
from tcgrules.kernel import IllegalActionError

CARDS = """
- name: 試験用の朝焼け
  type: creature
  civilizations: [light]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のターンのはじめに、このクリーチャーをタップする。
  abilities:
    - trigger: start_of_turn
      effect: [{tap: self}]
- name: 試験用の二重ドロー
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: |-
    このクリーチャーが出た時、カードを1枚引く。
    このクリーチャーが出た時、カードを1枚引く。
  abilities:
    - trigger: enters
      effect: [{draw: 1}]
    - trigger: enters
      effect: [{draw: 1}]
- name: 試験用の無色
  type: creature
  civilizations: []
  cost: 2
  races: [テスト]
  power: 1000
  text: ""
  abilities: []
- name: 試験用の水火
  type: creature
  civilizations: [water, fire]
  cost: 2
  races: [テスト]
  power: 1000
  text: ""
  abilities: []
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
- name: 試験用の報復
  type: creature
  civilizations: [darkness]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分のクリーチャーが破壊された時、相手のクリーチャーを1体破壊する。
  abilities:
    - trigger: destroyed
      subject: own_creature
      effect: [{destroy: {choose: 1, owner: opponent}}]
- name: 試験用の小物払い
  type: spell
  civilizations: [darkness]
  cost: 3
  text: コスト3以下のクリーチャーをすべて破壊する。
  abilities:
    - spell:
        - destroy: {all: true, owner: any, filter: {cost_max: 3}}
- name: 試験用の竜退治
  type: spell
  civilizations: [light]
  cost: 3
  text: ドラゴンをすべて破壊する。
  abilities:
    - spell:
        - destroy: {all: true, owner: any, filter: {race: ドラゴン}}
- name: 試験用の手札一掃
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 自分の手札をすべて捨てる。
  abilities:
    - spell:
        - discard: {all: true, zone: hand, owner: you}
- name: 試験用の二枚捨て
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を2枚捨てさせる。
  abilities:
    - spell:
        - discard: {choose: 2, zone: hand, owner: opponent, chooser: opponent}
- name: 試験用の無作為
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手の手札を見ないで1枚選び、捨てる。
  abilities:
    - spell:
        - discard: {choose: 1, zone: hand, owner: opponent, random: true}
- name: 試験用の弱体化
  type: spell
  civilizations: [darkness]
  cost: 3
  text: 相手のクリーチャーを1体選び、このターン、そのパワーを-2000する。その後、カードを1枚引く。
  abilities:
    - spell:
        - power: {what: {choose: 1, owner: opponent}, amount: -2000, until: end_of_turn}
        - draw: 1
- name: 試験用のマナ召喚
  type: spell
  civilizations: [nature]
  cost: 3
  text: 自分のマナゾーンからクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: mana_zone, owner: you, filter: {type: creature}}
- name: 試験用の引き寄せ
  type: spell
  civilizations: [water]
  cost: 3
  text: カードを3枚まで引く。
  abilities:
    - spell:
        - draw: {count: 3, up_to: true}
- name: 試験用のシャッフル
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札をシャッフルする。
  abilities:
    - spell:
        - shuffle: deck
- name: 試験用の竜
  type: creature
  civilizations: [fire]
  cost: 6
  races: [アーマード・ドラゴン]
  power: 6000
  text: ""
  abilities: []
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


# ---- chapter 1


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


def test_105_4a_only_battle_zone_and_mana_cards_can_be_tapped():
    g = game(
        A={
            "battle_zone": [{"card": "ゲラッチョの心絵", "as": "seed"}],
            "mana_zone": [{"card": "喧嘩屋タイラー", "as": "m"}],
            "hand": [{"card": "アクア・ビークル", "as": "h"}],
            "graveyard": [{"card": "アクア・ソルジャー", "as": "gy"}],
        }
    )
    for alias in ("seed", "m", "h", "gy"):
        g.inject({"event": "tap", "target": alias})
    assert obj(g, "seed").tapped and obj(g, "m").tapped  # a tamaseed in the battle zone, a mana card
    assert not obj(g, "h").tapped and not obj(g, "gy").tapped  # other zones' cards cannot be tapped
    assert len(event_records(g, "tap")) == 2


@pytest.mark.dm_rules("701.2", "701.2a", "701.2b")
def test_105_6_tapping_a_tapped_card_does_nothing():
    g = game(A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]})
    g.inject({"event": "tap", "target": "t"})
    assert obj(g, "t").tapped
    g.inject({"event": "tap", "target": "t"})
    assert len(event_records(g, "tap")) == 1  # the second tap is no event at all (105.6)
    g.inject({"event": "untap", "target": "t"})
    g.inject({"event": "untap", "target": "t"})
    assert not obj(g, "t").tapped and len(event_records(g, "untap")) == 1


def test_106_1_there_are_exactly_five_civilizations():
    assert DUEL_MASTERS.civilizations == frozenset({"light", "water", "darkness", "fire", "nature"})


@pytest.mark.dm_rules("405.1")
def test_106_2b_a_multicoloured_card_enters_the_mana_zone_tapped():
    g = game(A={"hand": [{"card": "試験用の水火", "as": "wf"}, {"card": "アクア・ビークル", "as": "v"}]})
    g.inject({"event": "charge", "target": "wf"})
    g.inject({"event": "charge", "target": "v"})
    assert obj(g, "wf").zone == (A, MANA) and obj(g, "wf").tapped
    assert obj(g, "v").zone == (A, MANA) and not obj(g, "v").tapped


@pytest.mark.dm_rules("207.3")
def test_106_2c_a_colourless_card_is_paid_with_any_mana_and_its_mana_has_no_civilization():
    g = game(
        A={"hand": [{"card": "試験用の無色", "as": "c"}], "mana_zone": ["喧嘩屋タイラー", "喧嘩屋タイラー"]}
    )
    assert f"summon:{label_for(g, 'c')}" in g.pending.labels
    # Two colourless mana cards do not pay for a water creature: they give no civilization (207.3).
    g = game(A={"hand": [{"card": "アクア・ビークル", "as": "v"}], "mana_zone": ["試験用の無色"] * 3})
    assert f"summon:{label_for(g, 'v')}" not in g.pending.labels


def test_108_1a_a_number_chosen_by_an_effect_is_zero_or_more():
    g = game(A={"hand": [{"card": "試験用の引き寄せ", "as": "s"}]})
    play_free(g, "s")
    assert g.pending.kind == "choose_number" and g.pending.labels == ("0", "1", "2", "3")


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


def test_104_2b_drawing_from_an_empty_deck_draws_nothing_and_the_player_loses():
    g = game(A={"deck": 0, "hand": ["喧嘩屋タイラー"]})
    assert g.result is not None and g.result.winner == B  # 104.2b is checked as the board is set up
    g = game(A={"deck": 1, "hand": ["喧嘩屋タイラー"]})
    g.inject({"event": "draw", "player": "A"})
    g2 = g
    assert len(names(g2, A, HAND)) == 2 and g2.result is not None and g2.result.winner == B


# ---- chapter 1: paying and using


@pytest.mark.dm_rules("601.1f", "601.1g")
def test_112_2c_paying_taps_exactly_the_cost_then_the_card_is_used():
    g = game(A={"hand": [{"card": "アクア・ビークル", "as": "v"}], "mana_zone": ["アクア・ビークル"] * 5})
    cost = 2  # アクア・ビークル
    assert obj(g, "v").zone == (A, HAND)
    g.answer(f"summon:{label_for(g, 'v')}")
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == cost
    paid = next(r for r in records(g, "rule") if "taps" in r.text)
    used = next(r for r in event_records(g, "use"))
    entered = event_records(g, "enter")[0]
    assert paid.seq < used.seq < entered.seq  # pay, then use, then it enters (601.1f–g)


def test_112_3g_a_free_summon_is_still_a_summon():
    # Q: A creature is put into the battle zone "without paying its cost" (a free use). Is it summoned?
    # A: Yes: it is used — a "use" event with the method summon — with no mana tapped.
    g = game(A={"hand": [{"card": "試験用の二重ドロー", "as": "d"}], "mana_zone": ["アクア・ビークル"] * 3})
    play_free(g, "d")
    [used] = event_records(g, "use")
    assert used.data["source"] == cid(g, "d") and "summons" in used.text
    assert not any(g.objects[o].tapped for o in g.zones[(A, MANA)])
    assert obj(g, "d").zone == (A, BATTLE)


@pytest.mark.dm_rules("201.1b", "805.4a", "807.4a")
def test_112_4_cards_of_the_hyperspatial_zone_are_never_offered_for_use():
    g = make(
        base(
            A={
                "hyperspatial_zone": [
                    {"card": "ガロウズ・セブ・カイザー", "as": "p"},
                    {"card": "無敵剣 プロト・ギガハート", "as": "w"},
                ],
                "mana_zone": ["うごめく者ボーン・グール"] * 10,
            }
        )
    )
    labels = g.pending.labels
    assert not any(label.endswith(label_for(g, "p")) or label_for(g, "p") + ":" in label for label in labels)
    assert not any(label_for(g, "w") in label for label in labels)
    assert labels == ("end_main",)


# ---- chapter 2: filters


@pytest.mark.dm_rules("201.2", "403.1")
def test_201_2_a_cost_filter_compares_the_cost():
    g = game(
        A={"hand": [{"card": "試験用の小物払い", "as": "s"}], "battle_zone": ["アクア・ビークル"]},
        B={"battle_zone": ["喧嘩屋タイラー", "試験用の竜"], "hand": ["アクア・ビークル"]},
    )
    play_free(g, "s")
    assert names(g, A, BATTLE) == [] and names(g, B, BATTLE) == ["試験用の竜"]
    assert names(g, B, HAND) == ["アクア・ビークル"]  # the battle zone only (403.1)


def test_203_2_a_race_filter_matches_a_race_containing_the_word():
    g = game(
        A={"hand": [{"card": "試験用の竜退治", "as": "s"}]},
        B={"battle_zone": ["試験用の竜", "喧嘩屋タイラー"]},
    )
    play_free(g, "s")
    assert names(g, B, BATTLE) == ["喧嘩屋タイラー"]  # アーマード・ドラゴン contains ドラゴン


# ---- chapter 4: zones


@pytest.mark.dm_rules("409.1c", "110.3a")
def test_409_1b_a_spell_is_pending_while_it_resolves_and_then_goes_to_the_graveyard():
    # Example 2 of 409.1c: a spell that discards its caster's hand cannot discard itself.
    g = game(A={"hand": [{"card": "試験用の手札一掃", "as": "s"}, "喧嘩屋タイラー", "アクア・ビークル"]})
    play_free(g, "s")
    discarded = [c for r in event_records(g, "discard") for c in r.data["cards"]]
    assert cid(g, "s") not in discarded and len(discarded) == 2
    moved = event_records(g, "move")[-1]
    assert moved.rule == "302.3" and cid(g, "s") in moved.data["cards"]
    assert sorted(names(g, A, GRAVEYARD)) == sorted(
        ["試験用の手札一掃", "喧嘩屋タイラー", "アクア・ビークル"]
    )


def test_400_5b_a_tapped_mana_card_put_into_the_battle_zone_enters_untapped_as_a_new_object():
    g = game(
        A={
            "hand": [{"card": "試験用のマナ召喚", "as": "s"}],
            "mana_zone": [{"card": "喧嘩屋タイラー", "as": "t", "tapped": True}],
        }
    )
    before = obj(g, "t").oid
    play_free(g, "s")
    assert obj(g, "t").zone == (A, BATTLE) and not obj(g, "t").tapped and obj(g, "t").oid != before


# ---- chapter 5: attacks


def attack_game(**players: dict):
    return make(base("A", "attack", **players), CARDS)


def test_509_2a_a_creature_without_a_breaker_breaks_one_shield():
    g = attack_game(
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]}, B={"shield_zone": ["filler"] * 3}
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    if g.pending.kind == "break":
        assert g.pending.min == g.pending.max == 1
        g.answer(g.pending.labels[0])
    assert len(g.zones[(B, SHIELDS)]) == 2 and len(names(g, B, HAND)) == 1


@pytest.mark.dm_rules("505.2", "505.3")
def test_505_2_only_the_player_and_tapped_creatures_are_attacked_and_only_creatures_attack():
    g = attack_game(
        A={
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}, {"card": "ゲラッチョの心絵", "as": "seed"}]
        },
        B={
            "battle_zone": [
                {"card": "アクア・ビークル", "as": "u"},
                {"card": "アクア・ビークル", "as": "tt", "tapped": True},
            ]
        },
    )
    labels = set(g.pending.labels)
    t = label_for(g, "t")
    assert {f"attack:{t}:player", f"attack:{t}:{label_for(g, 'tt')}"} <= labels
    assert f"attack:{t}:{label_for(g, 'u')}" not in labels
    assert not any(label.startswith(f"attack:{label_for(g, 'seed')}") for label in labels)


@pytest.mark.dm_rules("504", "504.1", "505.5", "506.2")
def test_505_1_the_attack_step_offers_attacks_until_it_is_ended_and_no_card_is_used_there():
    g = attack_game(
        A={
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "喧嘩屋タイラー", "as": "t2"}],
            "hand": [{"card": "アクア・ビークル", "as": "v"}],
            "mana_zone": ["アクア・ビークル"] * 4,
        },
        B={"shield_zone": ["filler"] * 3},
    )
    assert not any(label.startswith(("summon", "cast")) for label in g.pending.labels)
    g.answer(f"attack:{label_for(g, 't1')}:player")
    if g.pending.kind == "break":
        g.answer(g.pending.labels[0])
    assert g.pending.kind == "attack" and f"attack:{label_for(g, 't2')}:player" in g.pending.labels
    g.answer("end_attacks")
    assert g.active_player == B  # ending the attack step: no attacker, the turn goes on to its end (506.2)


@pytest.mark.dm_rules("506.1d")
def test_510_2_the_attacking_mark_lasts_until_the_attack_ends():
    g = attack_game(
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={"battle_zone": [{"card": "試験用の見張り", "as": "w"}], "shield_zone": ["filler"] * 3},
    )
    # No blocker: no block decision. During the break decision the attacker is attacking.
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert obj(g, "t").state.get("attacking")
    if g.pending.kind == "break":
        g.answer(g.pending.labels[0])
    assert not obj(g, "t").state.get("attacking")


def test_701_12a_only_a_blocker_is_offered_in_the_block_step():
    g = attack_game(
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={"battle_zone": [{"card": "アクア・ビークル", "as": "v"}], "shield_zone": ["filler"] * 3},
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind != "block"  # アクア・ビークル is no ブロッカー


def test_509_6_a_shield_cannot_be_chosen_twice_for_one_attack():
    extra = """
- name: 試験用の二枚割り
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: W・ブレイカー
  abilities:
    - keyword: double_breaker
"""
    g = make(
        base(
            "A",
            "attack",
            A={"battle_zone": [{"card": "試験用の二枚割り", "as": "d"}]},
            B={"shield_zone": ["filler"] * 3},
        ),
        CARDS + extra,
    )
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "break" and g.pending.min == g.pending.max == 2
    with pytest.raises(IllegalActionError):
        g.answer("shield_zone:1", "shield_zone:1")
    g.answer("shield_zone:1", "shield_zone:2")
    assert len(g.zones[(B, SHIELDS)]) == 1 and len(names(g, B, HAND)) == 2


# ---- chapter 6


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


def test_605_2b_a_single_candidate_is_chosen_without_asking_and_none_does_nothing():
    g = game(
        A={"hand": [{"card": "試験用の弱体化", "as": "s"}, {"card": "試験用の弱体化", "as": "s2"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    hand = len(names(g, A, HAND))
    play_free(g, "s")
    assert g.pending.kind == "main"  # nothing was asked
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]  # 1000 − 2000: destroyed
    play_free(g, "s2")  # no creature to choose: that part does nothing, the draw still happens
    assert len(names(g, A, HAND)) == hand - 2 + 2


@pytest.mark.dm_rules("111.2d", "703.1")
def test_703_1_state_based_actions_happen_while_an_effect_resolves():
    # 試験用の弱体化: −2000, その後 draw. The creature at 0 is destroyed before the draw (111.2d).
    g = game(
        A={"hand": [{"card": "試験用の弱体化", "as": "s"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    play_free(g, "s")
    destroyed = event_records(g, "destroy")[0]
    drawn = event_records(g, "draw")[0]
    assert destroyed.rule == "703.4c" and destroyed.seq < drawn.seq


def test_703_3_all_state_based_actions_found_are_done_at_once():
    g = game(
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "喧嘩屋タイラー", "as": "t2"}]}
    )
    g.inject({"event": "power", "targets": ["t1", "t2"], "amount": -5000})
    sba = [r for r in records(g, "rule") if r.text.startswith("state-based actions")]
    assert sba and sba[0].text == "state-based actions: destroy, destroy"


@pytest.mark.dm_rules("701.7b", "606")
def test_606_2_an_effect_does_as_much_as_it_can_and_the_named_player_chooses():
    g = game(A={"hand": [{"card": "試験用の二枚捨て", "as": "s"}]}, B={"hand": ["喧嘩屋タイラー"]})
    play_free(g, "s")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"] and g.pending.kind == "main"
    g = game(A={"hand": [{"card": "試験用の二枚捨て", "as": "s"}]}, B={"hand": ["喧嘩屋タイラー"] * 3})
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.player == B and g.pending.min == 2


def test_701_7b_a_random_discard_asks_nobody():
    g = game(
        A={"hand": [{"card": "試験用の無作為", "as": "s"}]},
        B={"hand": ["喧嘩屋タイラー", "アクア・ビークル", "試験用の竜"]},
    )
    play_free(g, "s")
    assert g.pending.kind == "main" and len(names(g, B, GRAVEYARD)) == 1 and len(names(g, B, HAND)) == 2


# ---- chapter 7


@pytest.mark.dm_rules("701.11a")
def test_701_11_shuffling_is_random_but_reproducible_with_the_games_seed():
    deck = [
        {"card": n}
        for n in [
            "喧嘩屋タイラー",
            "アクア・ビークル",
            "試験用の竜",
            "試験用の見張り",
            "アクア・ソルジャー",
            "うごめく者ボーン・グール",
        ]
    ]

    def shuffled(seed: int) -> list[str]:
        g = make(
            base(A={"deck": deck, "hand": [{"card": "試験用のシャッフル", "as": "s"}]}), CARDS, seed=seed
        )
        play_free(g, "s")
        return [g.name(g.objects[o].top) for o in g.zones[(A, DECK)]]

    orders = {tuple(shuffled(s)) for s in range(8)}
    assert len(orders) > 1
    assert shuffled(3) == shuffled(3)


def test_103_4_the_first_player_is_chosen_by_the_seed():
    decks = [list(d.cards) for d in standard_decks()]
    firsts = {setup({"decks": decks, "seed": s}).active_player for s in range(12)}
    assert firsts == {0, 1}
    assert (
        setup({"decks": decks, "seed": 7}).active_player == setup({"decks": decks, "seed": 7}).active_player
    )
