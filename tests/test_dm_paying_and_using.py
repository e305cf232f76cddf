"""Paying costs and using cards (112, 601, 315, 201.2a).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, label_for, make, obj, records
from dm_rule_boards import base, event_records, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, HAND, MANA


@pytest.mark.dm_rules("207.3")
def test_106_2c_a_colourless_card_is_paid_with_any_mana_and_its_mana_has_no_civilization():
    g = game(
        A={"hand": [{"card": "試験用の無色", "as": "c"}], "mana_zone": ["喧嘩屋タイラー", "喧嘩屋タイラー"]}
    )
    assert f"summon:{label_for(g, 'c')}" in g.pending.labels
    # Two colourless mana cards do not pay for a water creature: they give no civilization (207.3).
    g = game(A={"hand": [{"card": "アクア・ビークル", "as": "v"}], "mana_zone": ["試験用の無色"] * 3})
    assert f"summon:{label_for(g, 'v')}" not in g.pending.labels


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
                    {"card": "爆炎大剣 ガイサーガ", "as": "w"},
                ],
                "mana_zone": ["うごめく者ボーン・グール"] * 10,
            }
        )
    )
    labels = g.pending.labels
    assert not any(label.endswith(label_for(g, "p")) or label_for(g, "p") + ":" in label for label in labels)
    assert not any(label_for(g, "w") in label for label in labels)
    assert labels == ("end_main",)


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


MANA_SUMMONER = """
- name: 試験用のマナ召喚の許し
  type: creature
  civilizations: [nature]
  cost: 5
  races: [テスト]
  power: 1000
  text: 自分のターン中、クリーチャーを1体、自分のマナゾーンから召喚してもよい。
  abilities:
    - static: {summon_from: {zone: mana_zone, what: {type: creature}}}
      to: you
"""


@pytest.mark.dm_rules("601.1c", "701.3")
def test_601_1c_a_permission_to_summon_from_the_mana_zone_pays_with_the_card_itself_once_a_turn():
    """「自分のターン中、クリーチャーを1体、自分のマナゾーンから召喚してもよい」 (summon_from): the card
    in the mana zone may tap itself to pay (601.1c); one such summon a turn for the ability (「1体」)."""
    g = make(
        base(
            "A",
            "main",
            A={
                "battle_zone": ["試験用のマナ召喚の許し"],
                "mana_zone": [
                    {"card": "白銀の牙", "as": "fang"},
                    {"card": "白銀の牙", "as": "fang2"},
                    "白銀の牙",
                ],
            },
        ),
        MANA_SUMMONER,
    )
    assert f"summon:{label_for(g, 'fang')}" in g.pending.labels  # cost 3: itself and two other mana cards
    g.answer(f"summon:{label_for(g, 'fang')}")
    assert obj(g, "fang").zone == (A, BATTLE)
    assert f"summon:{label_for(g, 'fang2')}" not in g.pending.labels  # 「1体」: used this turn
