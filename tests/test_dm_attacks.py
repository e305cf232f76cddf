"""Attacks, blocks and battles (505-510, 701.12, 115).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, names, obj, records
from dm_rule_boards import CARDS, attack_game, drawers, game
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, SHIELDS

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
        B={"battle_zone": [{"card": "試験用の門衛", "as": "k"}], "shield_zone": ["filler"], "deck": 5},
    )
    g.answer(f"attack:{label_for(g, 'a')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert drawers(g) == ["A", "B"]


def test_505_4_one_blocker_blocks_an_attack():
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={
            "battle_zone": [{"card": "試験用の門衛", "as": "k1"}, {"card": "試験用の門衛", "as": "k2"}],
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
            "B": {"battle_zone": [{"card": "試験用の門衛", "as": "k"}], "shield_zone": ["filler"]},
        },
        CARDS + NINJA,
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    g.answer(f"block:{label_for(g, 'k')}")
    assert g.pending.kind == "use_trigger" and g.pending.player == A and g.pending.rule == "603.2f"
    g.answer("yes")
    assert "例示用・忍者" in names(g, A, BATTLE)


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


GUARDMAN = """
- name: 試験用の守衛
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 9000
  text: ガードマン
  abilities:
    - keyword: guardman
- name: 試験用のすり抜け
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 4000
  text: このクリーチャーはブロックされない。
  abilities:
    - static: {cannot_be_blocked: true}
"""


def _guard_game(attacker: str, guard: dict, target: dict | None = None):
    zone = [guard] + ([target] if target else [])
    g = make(
        {"turn": "B", "step": "attack", "A": {"battle_zone": zone}, "B": {"battle_zone": [attacker]}},
        CARDS + GUARDMAN,
    )
    return g


@pytest.mark.dm_rules("507.2b", "507.2c")
def test_507_1a_guardman_takes_an_attack_on_another_creature_even_with_summoning_sickness():
    # Q: B's 試験用のすり抜け (ブロックされない) attacks A's tapped 喧嘩屋タイラー. A's 試験用の守衛
    # (ガードマン) entered this turn. May A use ガードマン?  A: Yes: ガードマン changes the attack
    # target and is no block (507.2b), so neither summoning sickness nor 「ブロックされない」 stops it;
    # the guard taps and battles.
    g = _guard_game(
        {"card": "試験用のすり抜け", "as": "a"},
        {"card": "試験用の守衛", "as": "guard", "sick": True},
        {"card": "喧嘩屋タイラー", "as": "t", "tapped": True},
    )
    g.answer(f"attack:{label_for(g, 'a')}:{label_for(g, 't')}")
    decision = g.pending
    assert decision is not None and decision.kind == "block" and decision.rule == "507.1a"
    g.answer(f"guard:{label_for(g, 'guard')}")
    assert obj(g, "guard").tapped and obj(g, "t").zone == (A, BATTLE)
    assert names(g, B, GRAVEYARD) == ["試験用のすり抜け"]
    assert not [r for r in records(g, "event") if r.data.get("event") == "block"]


def test_507_1a_guardman_cannot_be_used_when_a_player_is_attacked_or_when_tapped():
    g = _guard_game({"card": "喧嘩屋タイラー", "as": "a"}, {"card": "試験用の守衛", "as": "guard"})
    g.answer(f"attack:{label_for(g, 'a')}:player")
    assert g.pending is None or g.pending.kind != "block"  # 507.1a: not against an attack on a player
    g = _guard_game(
        {"card": "喧嘩屋タイラー", "as": "a"},
        {"card": "試験用の守衛", "as": "guard", "tapped": True},
        {"card": "喧嘩屋タイラー", "as": "t", "tapped": True},
    )
    g.answer(f"attack:{label_for(g, 'a')}:{label_for(g, 't')}")
    assert g.pending is None or g.pending.kind != "block"  # a tapped guard cannot tap to use it


def test_301_5_a_creature_set_up_with_summoning_sickness_entered_this_turn():
    # A board's ``sick: true`` says the creature entered the battle zone this turn (301.5); what reads this
    # turn's record of events (マッハファイター: 「出たターンの間」) must find that it entered, so the
    # ギガント・テキサリス set up sick may attack the untapped creature (never the player); set up without
    # ``sick`` it has been there since before the turn: マッハファイター does not apply, it attacks the player
    # and not the untapped creature.
    for sick, offered in ((True, {"end_attacks", "creature"}), (False, {"end_attacks", "player"})):
        g = make(
            {
                "turn": "A",
                "step": "attack",
                "A": {"battle_zone": [{"card": "ギガント・テキサリス", "as": "t", "sick": sick}]},
                "B": {
                    "battle_zone": [{"card": "群れを守るトライ・ホーン", "as": "h"}],
                    "shield_zone": ["filler"],
                },
            },
            CARDS,
        )
        decision = g.pending
        assert decision is not None and decision.kind == "attack"
        t, h = label_for(g, "t"), label_for(g, "h")
        kinds = {
            "end_attacks" if lb == "end_attacks" else "creature" if lb == f"attack:{t}:{h}" else "player"
            for lb in decision.labels
            if lb == "end_attacks" or lb.startswith(f"attack:{t}:")
        }
        assert kinds == offered, (sick, decision.labels)


@pytest.mark.dm_rules("507.1b", "507.2a")
@pytest.mark.parametrize("last", ["m1", "m2"])
def test_507_2_several_creatures_forced_to_block_all_block_and_the_last_resolved_is_the_blocker(
    last: str,
) -> None:
    """507.1b: two creatures forced to block (「…可能ならブロックする」) must both be chosen; 507.2: their
    ブロッカー abilities resolve one at a time in the order the non-turn player chooses, each tapping its
    creature, and the attack is redirected by the last one, the only blocking creature (507.2a): it battles,
    the other stays tapped and out of the battle."""
    g = make(
        {
            "turn": "B",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "Messa Bahna, Expanse Guardian", "as": "m1"},
                    {"card": "Messa Bahna, Expanse Guardian", "as": "m2"},
                ]
            },
            "B": {"battle_zone": [{"card": "ボルシャック・ドラゴン", "as": "bolshack"}]},
        }
    )
    g.answer(f"attack:{label_for(g, 'bolshack')}:player")
    assert g.pending is not None and g.pending.kind == "block" and g.pending.rule == "507.2"
    assert sorted(g.pending.labels) == sorted([f"block:{label_for(g, 'm1')}", f"block:{label_for(g, 'm2')}"])
    g.answer(f"block:{label_for(g, last)}")
    other = "m2" if last == "m1" else "m1"
    assert obj(g, last).zone == (A, GRAVEYARD)  # the blocking creature battled (5000 against 6000)
    assert obj(g, other).zone == (A, BATTLE) and obj(g, other).tapped  # used its ブロッカー, not blocking
    blocks = [r for r in records(g, "event") if r.data.get("event") == "block"]
    assert len(blocks) == 1
