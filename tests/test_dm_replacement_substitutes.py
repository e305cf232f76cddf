"""Replacement effects' substitutes (609.1, 701.26b), and an effect that cannot put an evolution alone
(801.1a).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names, records
from dm_rule_boards import base
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD

ESCAPE_CARDS = """
- name: 試験用エスケープ・ドラゴン
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 7000
  text: このクリーチャーがバトルゾーンを離れる時、かわりに自分のシールドを1つ墓地に置いてもよい。
  abilities:
    - replace: {event: leaves}
      optional: true
      instead: [{put_into_graveyard: {choose: 1, zone: shield_zone, owner: you}}]
"""


def escape_attack() -> object:
    g = make(
        {
            "turn": "A",
            "step": "attack",
            "A": {
                "battle_zone": [{"card": "試験用エスケープ・ドラゴン", "as": "d"}],
                "hand": [{"card": "蒼き団長 ドギラゴン剣", "as": "k"}],
                "shield_zone": ["filler", "filler"],
            },
            "B": {"shield_zone": ["filler", "filler", "filler"]},
        },
        ESCAPE_CARDS,
    )
    from dm_helpers import label_for

    g.answer(f"attack:{label_for(g, 'd')}:player")
    assert g.pending.kind == "use_trigger" and "revolution_change" in g.pending.prompt
    g.answer("yes")
    return g


PUT_CARDS = """
- name: 試験用の呼び出し
  type: spell
  civilizations: [nature]
  cost: 4
  text: 自分の手札からクリーチャーを1体バトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {choose: 1, zone: hand, owner: you, type: creature}
"""


REDRAW_CARDS = """
- name: 試験用の身代わり読み
  type: creature
  civilizations: [water]
  cost: 4
  races: [テスト]
  power: 3000
  text: このクリーチャーが破壊される時、かわりにカードを2枚引く。その後、自分の手札を1枚捨てる。
  abilities:
    - replace: {event: destroyed}
      instead:
        - draw: 2
        - discard: {choose: 1, owner: you}
"""


def test_701_26b_an_optional_replacement_on_a_swap_is_asked_and_declining_lets_the_swap_happen():
    # Q: 試験用エスケープ・ドラゴン attacks and 蒼き団長 ドギラゴン剣 is 革命チェンジ'd with it. Its
    # "instead of leaving, you may put a shield into the graveyard" could apply. Does the swap fail at once?
    # A: No. Its controller chooses whether to use it (真・エスケープ example of 701.26b); not using it,
    # the swap is performed.
    g = escape_attack()
    decision = g.pending
    assert decision is not None and decision.player == A and decision.rule == "701.26b"
    g.answer("no")
    while g.pending is not None and g.pending.kind == "choose_cards" and g.pending.player == A:
        g.answer(*g.pending.labels[: g.pending.min])
    assert "蒼き団長 ドギラゴン剣" in names(g, A, BATTLE)
    assert "試験用エスケープ・ドラゴン" in names(g, A, "hand")
    assert len(g.zones[(A, "shield_zone")]) == 2


def test_701_26b_using_the_optional_replacement_means_the_swap_is_not_performed():
    # A (example 2 of 701.26b): using it at the swap, the swap is not performed, and the replacement
    # itself does not resolve: the dragon keeps attacking, ドギラゴン剣 stays in the hand, no shield moves.
    g = escape_attack()
    g.answer("yes")
    assert names(g, A, BATTLE) == ["試験用エスケープ・ドラゴン"]
    assert names(g, A, "hand") == ["蒼き団長 ドギラゴン剣"]
    assert len(g.zones[(A, "shield_zone")]) == 2
    assert any(r.rule == "701.26b" for r in records(g, "rule"))


@pytest.mark.dm_rules("801.1", "110.2b")
def test_801_1a_an_effect_cannot_put_an_evolution_creature_without_a_base():
    # Q: 試験用の呼び出し puts 超爆合体ダンギルバー (an evolution creature) from the hand, and there is no
    # creature to evolve from. Does it enter with nothing under it?  A: No: without a proper base an
    # evolution creature cannot be put into the battle zone (801.1a); it stays in the hand.
    from dm_helpers import cid

    g = make(
        base(
            A={"hand": [{"card": "試験用の呼び出し", "as": "s"}, {"card": "超爆合体ダンギルバー", "as": "e"}]}
        ),
        PUT_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    if g.pending is not None and g.pending.kind == "choose_cards":
        g.answer(g.pending.labels[0])
    assert names(g, A, BATTLE) == []
    assert names(g, A, "hand") == ["超爆合体ダンギルバー"]
    assert any(r.rule == "801.1a" for r in records(g, "rule"))


@pytest.mark.dm_rules("609.6a", "609.1a")
def test_609_1_a_substitute_runs_in_order_so_it_can_discard_a_card_it_drew():
    # Q: 試験用の身代わり読み would be destroyed; instead its controller draws 2, then discards 1. May the
    # discarded card be one just drawn?  A: Yes: the substitute is carried out in the order written — the
    # cards are drawn first, then the card to discard is chosen among the whole hand (609.6a: the draws of
    # the substitute are done before what follows).
    g = make(
        base(
            A={
                "battle_zone": [{"card": "試験用の身代わり読み", "as": "r"}],
                "hand": ["喧嘩屋タイラー"],
                "deck": [
                    {"card": "アクア・ビークル", "as": "d1"},
                    {"card": "アクア・ソルジャー", "as": "d2"},
                    "filler",
                ],
            }
        ),
        REDRAW_CARDS,
    )
    g.inject({"event": "destroy", "target": "r"})
    decision = g.pending
    assert decision is not None and decision.kind == "choose_cards" and len(decision.options) == 3
    drawn = [o for o in decision.options if o.text != "喧嘩屋タイラー"]
    assert len(drawn) == 2
    g.answer(drawn[0].label)
    assert names(g, A, BATTLE) == ["試験用の身代わり読み"]
    assert names(g, A, GRAVEYARD) == [drawn[0].text]
    assert sorted(names(g, A, "hand")) == sorted(["喧嘩屋タイラー", drawn[1].text])
    assert not [r for r in records(g, "event") if r.data.get("event") == "destroy"]


@pytest.mark.dm_rules("605.2c", "101.5", "609.4")
def test_605_2c_a_substitute_that_uses_a_card_it_moved_runs_in_order_then_the_leaving_happens() -> None:
    # 《英知ザクス・コット》's 「離れる時、その下に重ねたカードをすべて手札に加える。こうして
    # 「S・トリガー」能力を持つカードを手札に加えた時、それを…使ってもよい」: the cards under it go to the
    # hand, the S・トリガー card among them is used (its card chosen as that step runs, among the cards the
    # step before saved), and then the creature leaves as it was going to (replaced_event). 好きな数 may be
    # none, so the substitute can be carried out with no such card (609.4).
    from dm_helpers import B, cid

    g = make(
        base(
            A={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
            B={
                "battle_zone": [
                    {
                        "card": "英知ザクス・コット",
                        "as": "z",
                        "under": [{"card": "デーモン・ハンド", "as": "d"}],
                    }
                ]
            },
        )
    )
    g.inject({"event": "destroy", "target": "z"})
    assert g.pending is not None and g.pending.player == B  # use デーモン・ハンド?
    g.answer(f"c{cid(g, 'd')}")
    assert names(g, A, GRAVEYARD) == ["喧嘩屋タイラー"]  # its only target
    assert sorted(names(g, B, GRAVEYARD)) == ["デーモン・ハンド", "英知ザクス・コット"]
    destroyed = [r.text for r in records(g, "event") if "destroyed" in r.text]
    assert destroyed and "喧嘩屋タイラー" in destroyed[0]  # the substitute's use came before the leaving
