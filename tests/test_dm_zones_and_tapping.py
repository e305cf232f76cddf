"""Zones, what each player may see there, and tapping (400, 105, 106.2b, 409).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from dm_rule_boards import base, event_records, game, play_free
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS

PENDING_CARDS = """
- name: 試験用の手札頼み
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 0
  text: このクリーチャーのパワーは、自分の手札1枚につき+1000される。
  abilities:
    - static: {power: {times: [1000, {count: {zone: hand, owner: you}}]}}
"""


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


@pytest.mark.dm_rules("405.1")
def test_106_2b_a_multicoloured_card_enters_the_mana_zone_tapped():
    g = game(A={"hand": [{"card": "試験用の水火", "as": "wf"}, {"card": "アクア・ビークル", "as": "v"}]})
    g.inject({"event": "charge", "target": "wf"})
    g.inject({"event": "charge", "target": "v"})
    assert obj(g, "wf").zone == (A, MANA) and obj(g, "wf").tapped
    assert obj(g, "v").zone == (A, MANA) and not obj(g, "v").tapped


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


def test_400_2f_a_hidden_card_a_replacement_reads_is_shown_before_it_moves():
    # Q: During B's turn ゴースト・タッチ makes A discard 斬隠蒼頭龍バイケン from the hand, a hidden zone;
    # its replacement ("墓地に置くかわりにバトルゾーンに出してもよい") reads the card. When is it shown?
    # A: Just before it moves, to every player, because a replacement needs its text (400.2f).
    from dm_helpers import cid

    g = make(
        {
            "turn": "B",
            "step": "main",
            "A": {"hand": [{"card": "斬隠蒼頭龍バイケン", "as": "k"}]},
            "B": {"hand": [{"card": "ゴースト・タッチ", "as": "gt"}]},
        }
    )
    g.inject({"play": cid(g, "gt"), "free": True})
    [shown] = records(g, "reveal")
    assert shown.rule == "400.2f" and "斬隠蒼頭龍バイケン" in shown.text
    assert g.pending is not None and g.pending.kind == "replacement"
    assert not [r for r in records(g, "event") if r.data.get("event") == "discard"]


@pytest.mark.dm_rules("409.1", "409.1c")
def test_409_1a_a_creature_being_summoned_is_pending_and_not_counted_in_its_zone():
    # Q (as example 1 of 409.1c, with a creature): A's only card in hand is アクア・ビークル, and
    # 試験用の手札頼み has 1000 power for it. A summons アクア・ビークル. When is 試験用の手札頼み destroyed?
    # A: As soon as the summon is declared: the creature is pending (409.1a) and no longer counted among
    # the cards in the hand (409.1c), so the power is 0 before アクア・ビークル enters.
    from dm_helpers import label_for

    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用の手札頼み", "as": "h"}],
                "hand": [{"card": "アクア・ビークル", "as": "v"}],
                "mana_zone": ["アクア・ビークル"] * 2,
            }
        ),
        PENDING_CARDS,
    )
    assert names(g, A, BATTLE) == ["試験用の手札頼み"]
    g.answer(f"summon:{label_for(g, 'v')}")
    events = [r for r in records(g, "event") if r.data.get("event") in ("destroy", "enter")]
    assert [r.data["event"] for r in events] == ["destroy", "enter"]
    assert names(g, A, BATTLE) == ["アクア・ビークル"] and names(g, A, GRAVEYARD) == ["試験用の手札頼み"]


@pytest.mark.dm_rules("400.3")
def test_400_3_a_card_does_not_stay_in_a_zone_its_card_type_cannot_enter():
    # Q: A judge's events put 喧嘩屋タイラー into the 超GRゾーン, and destroy A's GR creature and psychic
    # creature. Where do they end up?  A: Each where its card type may be (400.3): a normal card put into the
    # 超GRゾーン goes to the graveyard (118.2), the GR creature under the 超GRゾーン (118.1), the psychic
    # creature back to the 超次元ゾーン (117.1, 805.4b).
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "喧嘩屋タイラー", "as": "t"},
                    {"card": "トムライ 丙-三式", "as": "gr"},
                    {"card": "竜骨なる者ザビ・リゲル", "as": "p"},
                ],
            },
        }
    )
    g.inject({"event": "move", "target": "t", "to": "gr_zone"})
    g.inject({"event": "destroy", "target": "gr"})
    g.inject({"event": "destroy", "target": "p"})
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー"]
    assert names(g, A, "gr_zone") == ["トムライ 丙-三式"]
    assert names(g, A, "hyperspatial") == ["竜骨なる者ザビ・リゲル"]
    assert names(g, A, BATTLE) == []
