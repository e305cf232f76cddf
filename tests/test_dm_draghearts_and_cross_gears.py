"""Cross gears and draghearts in play (303, 305, 807): crossing, equipment, 龍解 and summoning sickness.

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, label_for, make, names, obj
from dm_rule_boards import game
from tcgrules.games.duel_masters.cross_gears import CROSSED
from tcgrules.games.duel_masters.zones import GRAVEYARD, MANA

GEAR = "ユニバース・ラピア"


RYUKAI_CARDS = """
- name: 試験用の龍解呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のドラグハート・ウエポンを1枚龍解する。
  abilities:
    - spell:
        - ryukai: {choose: 1, owner: you, type: dragheart}
"""


@pytest.mark.dm_rules("303.3d", "303.4", "303.4a", "701.17a")
def test_303_3b_crossing_pays_the_gears_cost_and_the_gear_stays_its_own_object():
    g = game(
        A={
            "battle_zone": [
                {"card": GEAR, "as": "x"},
                {"card": "喧嘩屋タイラー", "as": "t1"},
                {"card": "喧嘩屋タイラー", "as": "t2"},
            ],
            "mana_zone": ["アクア・ビークル"] * 4,
        }
    )
    first = f"cross:{label_for(g, 'x')}:{label_for(g, 't1')}"
    assert first in g.pending.labels
    g.answer(first)
    assert sum(g.objects[o].tapped for o in g.zones[(A, MANA)]) == 2  # its cost, paid again (303.3b)
    assert obj(g, "x").state.get(CROSSED) == obj(g, "t1").oid
    assert obj(g, "x").oid != obj(g, "t1").oid and len(obj(g, "t1").cards) == 1  # not under it (701.17a)
    labels = g.pending.labels
    assert first not in labels  # not again to the same creature (303.4a)
    second = f"cross:{label_for(g, 'x')}:{label_for(g, 't2')}"
    assert second in labels  # but to another one (303.4)
    g.inject({"event": "tap", "target": "t1"})
    assert obj(g, "t1").tapped and not obj(g, "x").tapped  # its own tapped state (303.3d)
    g.answer(second)
    assert obj(g, "x").state.get(CROSSED) == obj(g, "t2").oid


CROSS_SPELL = """
- name: 試験用のクロスする呪文
  type: spell
  civilizations: [fire]
  cost: 1
  text: 自分のクロスギアを1枚選び、自分のクリーチャー1体にコストを支払わずにクロスする。
  abilities:
    - spell:
        - cross:
            what: {choose: 1, owner: you, type: cross_gear}
            to: {choose: 1, owner: you, type: creature}
"""


@pytest.mark.dm_rules("303.3c")
def test_303_3c_an_effect_crosses_a_gear_to_a_creature_without_paying() -> None:
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [{"card": GEAR, "as": "x"}, {"card": "喧嘩屋タイラー", "as": "t1"}],
                "hand": [{"card": "試験用のクロスする呪文", "as": "s"}],
                "mana_zone": ["アクア・ビークル"] * 4,
            },
        },
        CROSS_SPELL,
    )
    g.inject({"play": "s", "free": True})
    assert obj(g, "x").state.get(CROSSED) == obj(g, "t1").oid  # the only gear, the only creature
    assert not any(g.objects[o].tapped for o in g.zones[(A, MANA)])  # nothing paid


@pytest.mark.dm_rules("807.4b")
def test_305_2a_a_weapon_keeps_its_own_tapped_state_and_outside_the_battle_zone_goes_back():
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "爆炎大剣 ガイサーガ", "as": "h", "equipped_to": "g"},
                ]
            },
        }
    )
    g.inject({"event": "tap", "target": "g"})
    assert obj(g, "g").tapped and not obj(g, "h").tapped and obj(g, "h").oid != obj(g, "g").oid
    # 807.4b: a dragheart put anywhere but the battle zone goes back to the 超次元ゾーン at once.
    g.inject({"event": "move", "target": "h", "to": "graveyard"})
    assert names(g, A, "hyperspatial") == ["爆炎大剣 ガイサーガ"] and names(g, A, GRAVEYARD) == []


@pytest.mark.dm_rules("807.2", "807.3")
def test_807_5a_a_weapon_there_since_the_turn_began_may_attack_after_ryukai():
    from tcgrules.games.duel_masters import characteristics as ch

    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "爆炎大剣 ガイサーガ", "as": "h", "equipped_to": "g"},
                ],
                "hand": [{"card": "試験用の龍解呪文", "as": "s"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        RYUKAI_CARDS,
    )
    assert ch.face(g, obj(g, "h")).name == "爆炎大剣 ガイサーガ"
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "h"))
    shown = ch.face(g, obj(g, "h"))
    assert shown.is_creature and shown.name != "爆炎大剣 ガイサーガ"  # only the face shown (807.3)
    g.answer("end_main")
    assert f"attack:{label_for(g, 'h')}:player" in g.pending.labels


def test_807_5_a_dragheart_creature_put_this_turn_has_summoning_sickness():
    # A weapon equipped this turn and turned to its creature side by 龍解 cannot attack this turn.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "爆炎大剣 ガイサーガ", "as": "h", "equipped_to": "g", "sick": True},
                ],
                "hand": [{"card": "試験用の龍解呪文", "as": "s"}],
            },
            "B": {"shield_zone": ["filler"] * 3},
        },
        RYUKAI_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "h"))
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.face(g, obj(g, "h")).is_creature
    g.answer("end_main")
    labels = g.pending.labels
    assert f"attack:{label_for(g, 'g')}:player" in labels
    assert not any(label.startswith(f"attack:{label_for(g, 'h')}:") for label in labels)


@pytest.mark.dm_rules("807.1a")
def test_807_1a_ryukai_keeps_the_position_of_the_dragheart() -> None:
    # 「…を龍解する」 alone (no 「アンタップする」): a tapped weapon shows its creature side and stays tapped.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": [
                    {"card": "最終龍覇 グレンモルト", "as": "g"},
                    {"card": "爆炎大剣 ガイサーガ", "as": "h", "equipped_to": "g", "tapped": True},
                ],
                "hand": [{"card": "試験用の龍解呪文", "as": "s"}],
            },
        },
        RYUKAI_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(label_for(g, "h"))
    from tcgrules.games.duel_masters import characteristics as ch

    assert ch.face(g, obj(g, "h")).name == "爆炎覇龍 ガイフレア" and obj(g, "h").tapped


@pytest.mark.dm_rules("305.2", "305.3", "117.2")
def test_305_2_a_weapon_an_effect_puts_out_is_equipped_to_the_creature_chosen_and_alone_goes_back() -> None:
    # Q: 超次元パンドラ・ホール (「コスト5以下のカードを1枚、自分の超次元ゾーンから出す。
    # (それがウエポンであれば、自分のクリーチャーに装備して出す)」, `equip_to`) puts out 爆炎大剣 ガイサーガ
    # while A has two creatures.
    # A: A chooses which one it is equipped to (305.2). With no creature, it enters alone and goes back to the
    # 超次元ゾーン at once (305.3, 117.2).
    from tcgrules.games.duel_masters.draghearts import equipped_to
    from test_card_language import play_free

    weapon = "爆炎大剣 ガイサーガ"
    board = {
        "turn": "A",
        "A": {
            "hand": [{"card": "超次元パンドラ・ホール", "as": "p"}],
            "battle_zone": [{"card": "喧嘩屋タイラー", "as": "t1"}, {"card": "喧嘩屋タイラー", "as": "t2"}],
            "hyperspatial_zone": [{"card": weapon, "as": "w"}],
        },
    }
    g = make(board)
    play_free(g, "p")
    decision = g.pending
    assert decision is not None and decision.player == A
    assert {o.label for o in decision.options} >= {label_for(g, "t1"), label_for(g, "t2")}
    g.answer(label_for(g, "t2"))
    assert names(g, A, "battle_zone").count(weapon) == 1
    assert equipped_to(g, obj(g, "w").oid) == obj(g, "t2").oid
    alone = make({**board, "A": {**board["A"], "battle_zone": []}})
    play_free(alone, "p")
    assert alone.pending is None or alone.pending.kind == "main"
    assert names(alone, A, "hyperspatial") == [weapon] and names(alone, A, "battle_zone") == []
