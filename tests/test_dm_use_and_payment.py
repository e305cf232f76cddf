"""Using cards (chapter 1: 101.4d, 105.4, 110.4, 110.4e, 112.2–112.3b): what may be used, how it is paid,
what runs as part of an effect."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA

CARDS = """
- name: 例示用・S・バック光
  text_status: reconstructed
  type: creature
  civilizations: [light]
  cost: 5
  races: [例示用]
  power: 5000
  text: S・バック—光
  abilities:
    - keyword: s_back
      shield: {civilization: light}
- name: 試験用の光の盾
  type: spell
  civilizations: [light]
  cost: 3
  text: カードを1枚引く。
  abilities:
    - spell: [{draw: 1}]
- name: 試験用の呼び水
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の手札から呪文を1枚、コストを支払わずに唱える。その後、カードを1枚引く。
  abilities:
    - spell:
        - use: {what: {choose: 1, zone: hand, owner: you, type: spell}, free: true}
        - draw: 1
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell: [{draw: 1}]
- name: 試験用の引く見張り
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: 自分がカードを引いた時、自分の山札の上から1枚目を墓地に置く。
  abilities:
    - trigger: {event: drawn, subject: any, player: you}
      effect: [{mill: 1}]
- name: 試験用の安売り
  type: creature
  civilizations: [fire]
  cost: 5
  races: [テスト]
  power: 5000
  text: このクリーチャーの召喚コストを3少なくする。
  abilities:
    - static: {cost: -3}
      zones: [hand]
"""


def game(turn: str = "A", step: str = "main", **players: dict):
    spec: dict = {"turn": turn, "step": step}
    spec.update(players)
    return make(spec, CARDS)


@pytest.mark.dm_rules("111.2a")
def test_101_4d_a_spell_used_by_an_effect_resolves_as_part_of_it_and_triggers_wait():
    # 試験用の呼び水 casts 試験用の一枚引き from the hand as part of its effect, then draws. The inner spell
    # resolves in the middle of the outer one (its draw comes first); 試験用の引く見張り's triggers from both
    # draws wait until the outer spell has finished (no mill between the draws).
    g = game(
        A={
            "hand": [{"card": "試験用の呼び水", "as": "w"}, {"card": "試験用の一枚引き", "as": "i"}],
            "battle_zone": ["試験用の引く見張り"],
            "deck": 9,
        }
    )
    g.inject({"play": cid(g, "w"), "free": True})
    while g.pending is not None and g.pending.kind == "order_triggers":
        g.answer(g.pending.labels[0])
    kinds = [
        (r.data.get("event"), r.text)
        for r in records(g, "event")
        if r.data.get("event") in ("draw", "move", "use")
    ]
    order = [k for k, _ in kinds]
    assert order[:4] == [
        "use",
        "use",
        "draw",
        "move",
    ]  # casts 呼び水, casts 一枚引き, draws, 一枚引き to grave
    assert order[4] == "draw"  # then 呼び水's own draw
    assert names(g, A, GRAVEYARD).count("filler") == 2  # and then the two waiting mills


def test_105_4_a_card_changes_orientation_only_by_the_rules_and_effects():
    # Nothing offered to the player taps or untaps a card at will: the main step offers uses only; tapping is
    # done by paying (112.2) and attacking (506.1c).
    g = game(A={"hand": [{"card": "喧嘩屋タイラー", "as": "t"}], "mana_zone": ["喧嘩屋タイラー"] * 2})
    verbs = {label.split(":")[0] for label in g.pending.labels}
    assert verbs <= {
        "summon",
        "cast",
        "evolve",
        "generate",
        "use",
        "end_main",
        "galaxy_shield",
        "cross",
        "bad",
    }
    g.answer(f"summon:{label_for(g, 't')}")
    mana = [g.objects[o] for o in g.zones[(A, MANA)]]
    assert all(o.tapped for o in mana)
    assert [r for r in records(g, "rule") if r.rule == "301.2" and "taps" in r.text]


@pytest.mark.dm_rules("110.4c", "110.3a")
def test_110_4_spell_abilities_work_as_the_spell_resolves_others_where_their_card_is():
    # 試験用の一枚引き's spell ability works only when it is cast; 試験用の引く見張り's ability only in the
    # battle zone (not from the hand).
    g = game(A={"hand": [{"card": "試験用の一枚引き", "as": "s"}, "試験用の引く見張り"], "deck": 5})
    g.inject({"event": "draw", "player": "A"})
    assert len(g.zones[(A, HAND)]) == 3 and not records(g, "trigger")
    g.inject({"play": cid(g, "s"), "free": True})
    assert len(g.zones[(A, HAND)]) == 3  # the spell drew one


def test_110_4e_a_cards_own_cost_change_works_in_the_zone_it_is_used_from():
    # 試験用の安売り (cost 5, "-3" while in the hand) can be summoned with 2 mana.
    g = game(A={"hand": [{"card": "試験用の安売り", "as": "c"}], "mana_zone": ["喧嘩屋タイラー"] * 2})
    assert f"summon:{label_for(g, 'c')}" in g.pending.labels
    g.answer(f"summon:{label_for(g, 'c')}")
    assert names(g, A, BATTLE) == ["試験用の安売り"]


@pytest.mark.dm_rules("112.2a", "112.3a")
def test_112_2_a_cost_is_paid_by_tapping_mana_and_some_abilities_use_a_card_for_free():
    g = game(A={"hand": [{"card": "喧嘩屋タイラー", "as": "t"}], "mana_zone": ["喧嘩屋タイラー"]})
    assert f"summon:{label_for(g, 't')}" not in g.pending.labels  # cost 2, one mana
    g = game(
        "A",
        "attack",
        A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        B={"shield_zone": [{"card": "ホーリー・スパーク", "as": "s"}]},
    )
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B  # S・トリガー: free (112.3)
    g.answer("yes")
    assert names(g, B, GRAVEYARD) == ["ホーリー・スパーク"] and not g.zones.get((B, MANA))


@pytest.mark.dm_rules("112.3")
def test_112_3b_an_s_back_card_broken_together_with_its_card_is_not_in_the_hand_so_cannot_be_used():
    # Both 例示用・S・バック光 and 試験用の光の盾 (light) are broken at once: the S・バック card is not in the
    # hand when the shields are added, so no S・バック is offered. With the S・バック card in the hand, it is.
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
    spec = {
        "turn": "A",
        "step": "attack",
        "A": {"battle_zone": [{"card": "試験用の二枚割り", "as": "d"}]},
        "B": {"shield_zone": ["例示用・S・バック光", "試験用の光の盾"]},
    }
    g = make(spec, CARDS + extra)
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert not [d for d in _asked(g) if d == "509.5c"]
    assert sorted(names(g, B, HAND)) == ["例示用・S・バック光", "試験用の光の盾"]
    spec["B"] = {"shield_zone": ["試験用の光の盾"], "hand": ["例示用・S・バック光"]}
    g = make(spec, CARDS + extra)
    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "declare" and g.pending.rule == "509.5c"


def _asked(g) -> list[str]:
    pending = [g.pending.rule] if g.pending is not None else []
    return [str(r.data["decision"].rule) for r in records(g, "answer") if "decision" in r.data] + pending


def test_112_2b_a_cost_reduced_below_its_civilizations_still_pays_each_civilization():
    # 試験用の三色 (light, water and fire; cost 3, "-2" while in the hand) costs 1, but its three
    # civilizations are paid first: three mana cards are tapped, one of each.
    extra = """
- name: 試験用の三色
  type: creature
  civilizations: [light, water, fire]
  cost: 3
  races: [テスト]
  power: 3000
  text: このクリーチャーの召喚コストを2少なくする。
  abilities:
    - static: {cost: -2}
      zones: [hand]
"""
    g = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用の三色", "as": "c"}],
                "mana_zone": ["試験用の光の盾", "アクア・ビークル", "喧嘩屋タイラー", "喧嘩屋タイラー"],
            },
        },
        CARDS + extra,
    )
    g.answer(f"summon:{label_for(g, 'c')}")
    assert names(g, A, BATTLE) == ["試験用の三色"]
    tapped = [g.name(g.objects[o].top) for o in g.zones[(A, MANA)] if g.objects[o].tapped]
    assert sorted(tapped) == sorted(["試験用の光の盾", "アクア・ビークル", "喧嘩屋タイラー"])


@pytest.mark.dm_rules("602.3a")
def test_110_3c_an_activated_ability_is_used_at_its_timing_only_when_its_condition_is_met():
    # 試験用の起動者's tap ability (an activated ability) is offered in the attack step instead of attacking,
    # never in the main step, and not while it could not attack (summoning sickness).
    extra = """
- name: 試験用の起動者
  type: creature
  civilizations: [water]
  cost: 2
  races: [テスト]
  power: 1000
  text: ■ タップ：カードを1枚引く。
  abilities:
    - tap_ability: [{draw: 1}]
"""
    g = make(
        {"turn": "A", "A": {"battle_zone": [{"card": "試験用の起動者", "as": "t"}], "deck": 5}}, CARDS + extra
    )
    assert not any(label.startswith("tap_ability") for label in g.pending.labels)
    g.answer("end_main")
    label = f"tap_ability:{label_for(g, 't')}"
    assert label in g.pending.labels
    g.answer(label)
    assert len(g.zones[(A, HAND)]) == 1
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "試験用の起動者", "as": "t", "sick": True}]},
        },
        CARDS + extra,
    )
    assert f"tap_ability:{label_for(g, 't')}" not in g.pending.labels


@pytest.mark.dm_rules("113.6a")
def test_113_6d_a_waiting_shields_continuous_effect_lasts_until_it_moves_to_the_hand():
    # B's face-up shield 試験用の盾の加護 gives B's creatures +1000 while in the shield zone. Broken, it waits
    # while B declares its S・トリガー: the +1000 still applies then; once it is in the hand, no longer.
    from dm_helpers import obj
    from tcgrules.games.duel_masters import characteristics as ch

    extra = """
- name: 試験用の盾の加護
  type: spell
  civilizations: [light]
  cost: 2
  text: |-
    S・トリガー
    このカードがシールドゾーンにある間、自分のクリーチャーのパワーは+1000される。
  abilities:
    - keyword: shield_trigger
    - static: {power: 1000}
      to: {owner: you, type: creature}
      zones: [shield_zone]
    - spell: [{draw: 1}]
"""
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
                "shield_zone": [{"card": "試験用の盾の加護", "as": "s", "face_up": True}],
                "deck": 5,
            },
        },
        CARDS + extra,
    )
    base = 1000
    assert ch.power(g, obj(g, "v")) == base + 1000
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B
    assert ch.power(g, obj(g, "v")) == base + 1000  # waiting, still in the shield zone
    g.answer("no")
    assert names(g, B, HAND) == ["試験用の盾の加護"] and ch.power(g, obj(g, "v")) == base


@pytest.mark.dm_rules("107", "107.2", "207", "207.1")
def test_207_2_an_effect_changing_the_mana_number_changes_how_much_mana_a_card_makes():
    # With 試験用の倍マナ ("自分のマナゾーンのカードのマナ数は2"), do two fire cards pay the 6 of
    # ボルシャック・ドラゴン? No: 2 × 2 = 4 mana. Three cards make 6: all three are tapped, no more (112.2c).
    extra = """
- name: 試験用の倍マナ
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分のマナゾーンのカードのマナ数は2になる。
  abilities:
    - static: {mana_number: 2}
      to: {zone: mana_zone, owner: you}
"""
    spec = {
        "turn": "A",
        "A": {
            "battle_zone": ["試験用の倍マナ"],
            "hand": [{"card": "ボルシャック・ドラゴン", "as": "b"}],
            "mana_zone": ["喧嘩屋タイラー"] * 2,
        },
    }
    g = make(spec, CARDS + extra)
    assert f"summon:{label_for(g, 'b')}" not in g.pending.labels
    spec["A"]["mana_zone"] = ["喧嘩屋タイラー"] * 5
    g = make(spec, CARDS + extra)
    g.answer(f"summon:{label_for(g, 'b')}")
    assert names(g, A, BATTLE) == ["ボルシャック・ドラゴン", "試験用の倍マナ"]
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 3
    # Without it, each card makes one mana (107.2): five cards do not pay 6.
    spec["A"]["battle_zone"] = []
    g = make(spec, CARDS + extra)
    assert f"summon:{label_for(g, 'b')}" not in g.pending.labels


def test_110_4f_a_state_defining_effect_is_no_replacement_and_every_one_applies():
    # Two 試験用の縛り手 ("相手のクリーチャーはタップしてバトルゾーンに出る"): B's creature enters tapped; no
    # replacement decision is asked, and both apply (it is simply tapped).
    extra = """
- name: 試験用の縛り手
  type: creature
  civilizations: [darkness]
  cost: 4
  races: [テスト]
  power: 3000
  text: 相手のクリーチャーはタップしてバトルゾーンに出る。
  abilities:
    - static: {enters_tapped: true}
      to: {owner: opponent, type: creature}
"""
    from dm_helpers import obj

    g = make(
        {
            "turn": "B",
            "A": {"battle_zone": ["試験用の縛り手", "試験用の縛り手"]},
            "B": {"hand": [{"card": "喧嘩屋タイラー", "as": "t"}], "mana_zone": ["喧嘩屋タイラー"] * 2},
        },
        CARDS + extra,
    )
    g.answer(f"summon:{label_for(g, 't')}")
    assert obj(g, "t").zone == (B, BATTLE) and obj(g, "t").tapped
    assert not records(g, "replacement") and g.pending.kind == "main"
    # A's own creatures are not concerned.
    g = make(
        {
            "turn": "A",
            "A": {"battle_zone": ["試験用の縛り手"], "hand": [{"card": "喧嘩屋タイラー", "as": "t"}]},
        },
        CARDS + extra,
    )
    g.inject({"play": cid(g, "t"), "free": True})
    assert not obj(g, "t").tapped
