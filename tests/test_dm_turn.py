"""The Duel Masters turn, attacks, keywords and state-based actions: 500–512, 301.5, 801, 703, 104."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, label_for, make, names, obj, records
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS

FIRE_MANA = ["喧嘩屋タイラー"] * 7
WATER_MANA = ["アクア・ビークル"] * 7


def main_labels(g):
    assert g.pending.kind == "main"
    return g.pending.labels


def to_attack_step(g):
    g.answer("end_main")
    assert g.pending.kind == "attack"


@pytest.mark.dm_rules("103.3", "113.1", "401.1", "402.1", "406.1", "406.2", "402", "406")
def test_103_set_up_five_shields_and_five_cards_in_hand():
    decks = [list(d.cards) for d in standard_decks()]
    g = setup({"decks": decks, "seed": 5, "first_player": 0})
    for p in (A, B):
        assert len(g.zones[(p, SHIELDS)]) == 5 and len(g.zones[(p, HAND)]) == 5
        assert all(g.objects[o].face_down for o in g.zones[(p, SHIELDS)])


@pytest.mark.dm_rules("103.5", "500.1", "502.1", "702.3b", "502")
def test_500_6_first_player_skips_the_draw_on_the_first_turn():
    decks = [list(d.cards) for d in standard_decks()]
    g = setup({"decks": decks, "seed": 5, "first_player": 0})
    assert g.turn == 1 and g.pending.kind == "charge" and len(g.zones[(A, HAND)]) == 5
    g.answer("skip")
    g.answer("end_main")
    g.answer("end_attacks")
    assert g.turn == 2 and g.active_player == B and len(g.zones[(B, HAND)]) == 6


@pytest.mark.dm_rules("701.8", "701.8a")
def test_503_1_charge_one_card_from_hand_to_mana():
    decks = [list(d.cards) for d in standard_decks()]
    g = setup({"decks": decks, "seed": 5, "first_player": 0})
    first = g.pending.labels[0]
    g.answer(first)
    assert len(g.zones[(A, MANA)]) == 1 and len(g.zones[(A, HAND)]) == 4
    assert g.pending.kind == "main"


@pytest.mark.dm_rules("112.2a", "201.1a", "301.1", "301.2", "504.1", "605.3", "701.3", "701.3a")
def test_civilization_requirement_needs_mana_of_the_cards_civilization():
    g = make({"A": {"hand": [{"card": "アクア・ソルジャー", "as": "s"}], "mana_zone": FIRE_MANA}})
    assert not any(label.startswith("summon") for label in main_labels(g))
    g = make(
        {
            "A": {
                "hand": [{"card": "アクア・ソルジャー", "as": "s"}],
                "mana_zone": ["アクア・ビークル", *FIRE_MANA[:2]],
            }
        }
    )
    assert f"summon:{label_for(g, 's')}" in main_labels(g)
    g.answer(f"summon:{label_for(g, 's')}")
    assert names(g, A, BATTLE) == ["アクア・ソルジャー"]
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 3


@pytest.mark.dm_rules("101.1", "301.4", "506.1a", "702.3c")
def test_301_5_summoning_sickness_and_speed_attacker():
    g = make(
        {
            "A": {
                "hand": [{"card": "アクア・ビークル", "as": "v"}, {"card": "解体屋ピーカプ", "as": "p"}],
                "mana_zone": FIRE_MANA + WATER_MANA[:2],
            }
        }
    )
    g.answer(f"summon:{label_for(g, 'v')}")
    g.answer(f"summon:{label_for(g, 'p')}")
    to_attack_step(g)
    attackers = {label.split(":")[1] for label in g.pending.labels if label.startswith("attack:")}
    assert attackers == {label_for(g, "p")}  # only the speed attacker


@pytest.mark.dm_rules("801", "801.2", "701.15")
def test_801_evolution_is_the_same_creature_keeps_tapped_and_has_no_summoning_sickness():
    g = make(
        {
            "A": {
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "base", "tapped": True}],
                "hand": [{"card": "クリスタル・ランサー", "as": "cl"}],
                "mana_zone": WATER_MANA[:6],
            }
        }
    )
    before = obj(g, "base").oid
    g.answer(f"evolve:{label_for(g, 'cl')}:{label_for(g, 'base')}")
    evolved = obj(g, "cl")
    assert evolved.oid == before and evolved.tapped  # 801.2: same object, still tapped
    assert [g.name(c) for c in evolved.cards] == ["クリスタル・ランサー", "アクア・ソルジャー"]


def test_801_3_evolution_creature_can_attack_at_once():
    g = make(
        {
            "A": {
                "battle_zone": [{"card": "アクア・ソルジャー", "as": "base", "sick": True}],
                "hand": [{"card": "クリスタル・ランサー", "as": "cl"}],
                "mana_zone": WATER_MANA[:6],
            }
        }
    )
    g.answer(f"evolve:{label_for(g, 'cl')}:{label_for(g, 'base')}")
    to_attack_step(g)
    assert f"attack:{label_for(g, 'cl')}:player" in g.pending.labels


@pytest.mark.dm_rules("509.2", "509.3", "701.14", "701.14a")
def test_509_2b_double_breaker_breaks_two_shields():
    g = make(
        {
            "A": {"battle_zone": [{"card": "暗黒の騎士ザガーン", "as": "z"}]},
            "B": {"shield_zone": ["アクア・ビークル"] * 3},
        }
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 'z')}:player")
    assert g.pending.kind == "break" and g.pending.min == 2
    g.answer("shield_zone:1", "shield_zone:3")
    assert len(g.zones[(B, SHIELDS)]) == 1 and names(g, B, HAND) == ["アクア・ビークル", "アクア・ビークル"]


@pytest.mark.dm_rules("507.1", "507.1a", "508.1", "701.12", "701.12a", "702.3d", "703.4d", "508")
def test_507_blocker_redirects_the_attack_and_703_4d_the_loser_is_destroyed():
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {
                "battle_zone": [{"card": "キング・クラーケン", "as": "k"}],
                "shield_zone": ["アクア・ビークル"],
            },
        }
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "block" and g.pending.player == B
    g.answer(f"block:{label_for(g, 'k')}")
    assert len(g.zones[(B, SHIELDS)]) == 1  # no break: the attack was blocked
    assert [r for r in records(g, "event") if r.data.get("event") == "battle"]
    loser = "喧嘩屋タイラー" if names(g, A, GRAVEYARD) else "キング・クラーケン"
    assert loser in names(g, A, GRAVEYARD) + names(g, B, GRAVEYARD)


@pytest.mark.dm_rules("115.1", "115.3", "701.13", "701.13a", "701.13b")
def test_115_3b_equal_power_both_lose():
    g = make(
        {
            "A": {"battle_zone": [{"card": "うごめく者ボーン・グール", "as": "a"}]},
            "B": {"battle_zone": [{"card": "うごめく者ボーン・グール", "as": "b", "tapped": True}]},
        }
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 'a')}:{label_for(g, 'b')}")
    assert names(g, A, GRAVEYARD) == ["うごめく者ボーン・グール"] and names(g, B, GRAVEYARD) == [
        "うごめく者ボーン・グール"
    ]


@pytest.mark.dm_rules("206.1", "301.3b")
def test_power_attacker_adds_power_only_while_attacking():
    from tcgrules.games.duel_masters import characteristics as ch

    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {"battle_zone": [{"card": "アクア・シューター", "as": "s", "tapped": True}]},
        }
    )
    base = ch.power(g, obj(g, "t"))
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:{label_for(g, 's')}")
    battle = next(r for r in records(g, "event") if r.data.get("event") == "battle")
    assert f"({base + 2000})" in battle.text


def test_slayer_destroys_the_creature_it_battled():
    g = make(
        {
            "A": {"battle_zone": [{"card": "嘆きの影ベルベットフロー", "as": "s"}]},
            "B": {"battle_zone": [{"card": "暗黒の騎士ザガーン", "as": "z", "tapped": True}]},
        }
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 's')}:{label_for(g, 'z')}")
    assert names(g, B, GRAVEYARD) == ["暗黒の騎士ザガーン"]
    assert names(g, A, GRAVEYARD) == ["嘆きの影ベルベットフロー"]


@pytest.mark.dm_rules("404.1", "505.6", "509.5a", "404")
def test_112_3a_shield_trigger_may_be_used_for_free():
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {"shield_zone": [{"card": "スパイラル・ゲート", "as": "sg"}]},
        }
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and g.pending.player == B
    g.answer("yes")
    # スパイラル・ゲート returns the attacker; it was cast for free and went to the graveyard.
    assert names(g, A, HAND) == ["喧嘩屋タイラー"] and names(g, B, GRAVEYARD) == ["スパイラル・ゲート"]
    assert any(r.rule == "505.6" for r in records(g, "rule"))


@pytest.mark.dm_rules("701.6b")
def test_703_4c_power_zero_or_less_is_destroyed():
    g = make({"A": {"battle_zone": [{"card": "うごめく者ボーン・グール", "as": "g"}]}})
    g.inject({"event": "power", "target": "g", "amount": -5000})
    assert names(g, A, GRAVEYARD) == ["うごめく者ボーン・グール"]
    assert any(r.data.get("source_rule") == "703.4c" for r in records(g, "event"))


@pytest.mark.dm_rules("104.1", "104.2a", "509.1", "104")
def test_703_4a_direct_attack_on_a_player_without_shields_loses():
    g = make({"A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]}, "B": {"shield_zone": []}})
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.result is not None and g.result.winner == A and g.result.rule == "703.4a"


@pytest.mark.dm_rules("703.4b")
def test_104_2b_a_player_with_no_cards_in_deck_loses():
    g = make({"A": {"hand": ["アクア・ビークル"]}, "B": {"deck": 1}})
    g.inject({"event": "draw", "player": "B"})
    assert g.result is not None and g.result.winner == A and g.result.rule == "104.2b"


def test_both_decks_empty_at_once_is_a_draw():
    g = make({"A": {"deck": 1}, "B": {"deck": 1}})
    g.inject({"event": "draw", "player": "A"})
    assert g.result is not None and g.result.rule == "104.2b"
    g2 = make({"A": {"deck": 0}, "B": {"deck": 0}})
    assert g2.result is not None and g2.result.winner is None


@pytest.mark.dm_rules("506.1e")
def test_cannot_attack_players_can_still_attack_creatures():
    g = make(
        {
            "A": {"battle_zone": [{"card": "月光の守護者ディア・ノーク", "as": "d"}]},
            "B": {"battle_zone": [{"card": "アクア・ビークル", "as": "v", "tapped": True}]},
        }
    )
    to_attack_step(g)
    labels = g.pending.labels
    assert f"attack:{label_for(g, 'd')}:player" not in labels
    assert f"attack:{label_for(g, 'd')}:{label_for(g, 'v')}" in labels


@pytest.mark.dm_rules("608.2a")
def test_511_2_until_end_of_turn_effects_end():
    from tcgrules.games.duel_masters import characteristics as ch

    g = make({"A": {"battle_zone": [{"card": "暗黒の騎士ザガーン", "as": "z"}]}})
    g.inject({"event": "power", "target": "z", "amount": -2000})
    assert ch.power(g, obj(g, "z")) == 7000 - 2000
    g.answer("end_main")
    g.answer("end_attacks")
    assert ch.power(g, obj(g, "z")) == 7000


@pytest.mark.dm_rules("302", "302.1", "302.2", "605.2f")
def test_twinpact_casts_its_spell_side_and_summons_its_creature_side():
    twin = "ボルメテウス・ホワイト・ドラゴン／ボルメテウス・レジェンド・フレア"
    g = make(
        {
            "A": {"hand": [{"card": twin, "as": "t"}], "mana_zone": ["喧嘩屋タイラー"] * 7},
            "B": {
                "battle_zone": ["アクア・ビークル", "暗黒の騎士ザガーン"],
                "shield_zone": ["アクア・ビークル"] * 2,
            },
        }
    )
    labels = main_labels(g)
    assert f"summon:{label_for(g, 't')}" in labels and f"cast:{label_for(g, 't')}:1" in labels
    g.answer(f"cast:{label_for(g, 't')}:1")
    assert g.pending.kind == "choose_cards" and g.pending.labels == ("shield_zone:1", "shield_zone:2")
    g.answer("shield_zone:2")
    assert names(g, B, BATTLE) == ["暗黒の騎士ザガーン"]  # power 3000 or less destroyed
    assert names(g, B, GRAVEYARD) == ["アクア・ビークル", "アクア・ビークル"]  # and one shield burnt
    assert len(g.zones[(B, SHIELDS)]) == 1 and names(g, A, GRAVEYARD) == [twin]


TWIN_TRIGGER = """
- name: 例示用・双子
  text_status: reconstructed
  faces:
    - name: 例示用・双子獣
      type: creature
      civilizations: [water]
      cost: 3
      races: [テスト]
      power: 1000
      text: ""
      abilities: []
    - name: 例示用・双子呪文
      type: spell
      civilizations: [water]
      cost: 2
      text: S・トリガー カードを1枚引く。
      abilities:
        - keyword: shield_trigger
        - spell: [{draw: 1}]
"""


@pytest.mark.dm_rules("810.3a", "113.6")
def test_810_3a_the_spell_sides_shield_trigger_casts_the_spell():
    # The S・トリガー printed on the spell side is that part's ability: used, it casts the spell — it does
    # not summon the creature side (the first face the card could be used as).
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {"shield_zone": [{"card": "例示用・双子", "as": "twin"}]},
        },
        TWIN_TRIGGER,
    )
    hand_before = len(g.zones.get((B, HAND), []))
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger"
    g.answer("yes")
    assert "例示用・双子" not in names(g, B, BATTLE)
    assert names(g, B, GRAVEYARD) == ["例示用・双子"]
    assert len(g.zones[(B, HAND)]) == hand_before + 1  # the spell drew a card


def test_twinpact_in_the_battle_zone_shows_its_creature_side():
    from tcgrules.games.duel_masters import characteristics as ch

    twin = "ボルメテウス・ホワイト・ドラゴン／ボルメテウス・レジェンド・フレア"
    g = make({"A": {"battle_zone": [{"card": twin, "as": "t"}]}})
    assert ch.power(g, obj(g, "t")) == 7000 and ch.breaker(g, obj(g, "t")) == 2


@pytest.mark.dm_rules("701.10", "701.10a")
def test_search_a_card_from_the_deck_then_shuffle():
    extra = """
- name: 試験用サーチ
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の山札を見て、クリーチャーを1体選び手札に加える。その後、山札をシャッフルする。
  abilities:
    - spell:
        - move: {what: {choose: 1, zone: deck, owner: you, type: creature}, to: hand}
        - shuffle: deck
"""
    g = make(
        {
            "A": {
                "hand": [{"card": "試験用サーチ", "as": "s"}],
                "mana_zone": ["炎のたてがみ"],
                "deck": ["ホーリー・スパーク", "アクア・ビークル", "デーモン・ハンド"],
            }
        },
        extra,
    )
    g.answer(f"cast:{label_for(g, 's')}")
    assert names(g, A, HAND) == ["アクア・ビークル"] and len(g.zones[(A, "deck")]) == 2


@pytest.mark.dm_rules("114.1", "114.2", "701.4", "701.4a")
def test_609_6_draw_n_draws_exactly_n_one_at_a_time():
    extra = """
- name: 試験用ドロー
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを3枚引く。
  abilities:
    - spell: [{draw: 3}]
"""
    g = make(
        {"A": {"hand": [{"card": "試験用ドロー", "as": "d"}], "mana_zone": ["アクア・ビークル"], "deck": 10}},
        extra,
    )
    g.answer(f"cast:{label_for(g, 'd')}")
    assert len(g.zones[(A, HAND)]) == 3 and len(g.zones[(A, "deck")]) == 7
    assert len([r for r in records(g, "event") if r.data.get("event") == "draw"]) == 3


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
"""


@pytest.mark.dm_rules("112.3c", "506.3")
def test_ninja_strike_summons_for_free_on_an_attack_and_baiken_draws():
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {
                "battle_zone": [{"card": "斬隠蒼頭龍バイケン", "as": "baiken"}],
                "hand": [{"card": "例示用・忍者", "as": "ninja"}],
                "mana_zone": ["アクア・ビークル"] * 3,
                "shield_zone": ["アクア・ビークル"],
            },
        },
        NINJA,
    )
    deck_before = len(g.zones[(B, "deck")])
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending.kind == "use_trigger" and "ninja_strike" in g.pending.prompt
    g.answer("yes")
    assert g.pending.kind == "use_trigger" and "斬隠蒼頭龍バイケン" in g.pending.prompt  # its third ability
    g.answer("yes")
    assert names(g, B, BATTLE) == ["例示用・忍者", "斬隠蒼頭龍バイケン"]
    assert len(g.zones[(B, "deck")]) == deck_before - 1  # バイケン drew a card
    while g.turn == 3 and g.pending is not None:
        g.answer(g.pending.labels[-1] if g.pending.kind != "block" else "no_block")
    assert "例示用・忍者" not in names(g, B, BATTLE)  # at the end of the turn: to the bottom of the deck


@pytest.mark.dm_rules("112.3c")
def test_112_3c_ninja_strike_declared_without_enough_mana_summons_nothing():
    # 112.3c: the declaration may be made whatever the mana zone holds; the mana is counted as it resolves
    # (公式Q&A qa/41804) — with too few cards then, the シノビ stays in the hand.
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {"hand": [{"card": "例示用・忍者", "as": "ninja"}], "mana_zone": ["アクア・ビークル"] * 2},
        },
        NINJA,
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    assert g.pending is not None and g.pending.kind == "use_trigger"
    g.answer("yes")
    assert "例示用・忍者" in names(g, B, HAND)
    assert "例示用・忍者" not in names(g, B, BATTLE)


@pytest.mark.dm_rules("112.3c")
def test_112_3c_one_ninja_strike_per_attack():
    # 「その攻撃中に「ニンジャ・ストライク」能力を使っていなかった場合」: both declared, the second
    # does nothing.
    g = make(
        {
            "A": {"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            "B": {
                "hand": [{"card": "例示用・忍者", "as": "n1"}, {"card": "例示用・忍者", "as": "n2"}],
                "mana_zone": ["アクア・ビークル"] * 3,
                "shield_zone": ["アクア・ビークル"],
            },
        },
        NINJA,
    )
    to_attack_step(g)
    g.answer(f"attack:{label_for(g, 't')}:player")
    declared = 0
    while g.pending is not None and g.pending.player == B:
        if g.pending.kind == "use_trigger":
            declared += 1
        g.answer("yes" if g.pending.kind == "use_trigger" else g.pending.labels[0])
    assert declared >= 2
    assert names(g, B, BATTLE) == ["例示用・忍者"]
    assert names(g, B, HAND).count("例示用・忍者") == 1


@pytest.mark.dm_rules("400.2b")
def test_a_card_the_chooser_cannot_see_is_named_by_position_not_by_id():
    extra = """
- name: 試験用ハンデス
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手の手札を1枚選び、捨てさせる。
  abilities:
    - spell: [{discard: {choose: 1, owner: opponent}}]
"""
    g = make(
        {
            "A": {"hand": [{"card": "試験用ハンデス", "as": "h"}], "mana_zone": ["うごめく者ボーン・グール"]},
            "B": {"hand": ["アクア・ビークル", "デーモン・ハンド"]},
        },
        extra,
    )
    g.answer(f"cast:{label_for(g, 'h')}")
    decision = g.pending
    assert decision.labels == ("hand:1", "hand:2")
    assert all("アクア" not in o.text and "デーモン" not in o.text for o in decision.options)


ATTACK_SURGE = """
- name: 例示用・突撃の号令
  type: creature
  civilizations: [fire]
  cost: 3
  races: [ヒューマノイド]
  power: 2000
  text: このクリーチャーが攻撃する時、その攻撃の終わりまで、自分のクリーチャーすべてのパワーを+3000する。
  abilities:
    - trigger: {event: attacks}
      effect:
        - power: {what: {all: true, owner: you, type: creature}, add: 3000, until: end_of_attack}
- name: 例示用・終端の審判
  type: creature
  civilizations: [fire]
  cost: 3
  races: [ヒューマノイド]
  power: 1000
  text: 自分のターンの終わりに、パワー5000以上のクリーチャーをすべて破壊する。
  abilities:
    - trigger: {event: turn_end, player: you}
      effect:
        - destroy: {all: true, type: creature, power: {at_least: 5000}}
"""


@pytest.mark.dm_rules("500", "510.2")
def test_500_3_an_effect_lasting_while_attacking_ends_at_that_attacks_end_not_the_attack_steps() -> None:
    """500.3: 「攻撃中」 (その攻撃の終わりまで) effects end at each creature's attack end, not at the end of
    the attack step: the +3000 lasts through the attack (its creatures are 5000 while it goes on) and is gone
    when the next attack is declared, in the same attack step."""
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [
                    {"card": "例示用・突撃の号令", "as": "surge"},
                    {"card": "喧嘩屋タイラー", "as": "other"},
                ]
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        ATTACK_SURGE,
    )
    from tcgrules.games.duel_masters.characteristics import power

    g.answer(f"attack:{label_for(g, 'surge')}:player")
    assert power(g, obj(g, "surge")) == 5000 and power(g, obj(g, "other")) == 4000  # during the attack
    while g.pending is not None and g.pending.kind != "attack":
        g.answer(*g.pending.labels[: max(g.pending.min, 1)])
    assert g.pending is not None and g.pending.kind == "attack"  # still A's attack step
    assert power(g, obj(g, "surge")) == 2000 and power(g, obj(g, "other")) == 1000
    assert any(r.rule == "500.3" for r in g.log)


def test_500_3_an_effect_lasting_this_turn_still_applies_in_the_end_of_turn_step() -> None:
    """500.3: 「ターン中」 effects end once the turn is over, not as the end of turn step begins: the
    creature given +4000 this turn is still at 5000 when the 「ターンの終わりに」 ability resolves, and is
    destroyed."""
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "例示用・終端の審判", "as": "judge"},
                    {"card": "喧嘩屋タイラー", "as": "zyler"},
                ],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        ATTACK_SURGE,
    )
    g.inject({"event": "power", "target": g.info["aliases"]["zyler"], "amount": 4000})
    g.answer("end_main")
    g.answer("end_attacks")
    assert obj(g, "zyler").zone == (A, GRAVEYARD) and obj(g, "judge").zone == (A, BATTLE)
