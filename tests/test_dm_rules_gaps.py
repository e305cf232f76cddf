"""Issue 10's twelve gaps, each as a board built from the rule's text (official Q&A style: a question, the
board that asks it, the answer the comprehensive rules Ver.1.48 give)."""

from __future__ import annotations

import pytest

from dm_helpers import A, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD


def base(**players: dict) -> dict:
    spec = {"turn": "A", "step": "main"}
    spec.update(players)
    return spec


# ---- gap 1: 101.5 / 101.5a

LOOP_CARDS = """
- name: 試験用不屈の守り手
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: このクリーチャーが破壊される時、かわりにタップする。その後、このクリーチャーを破壊する。
  abilities:
    - replace: destroyed
      instead: [{tap: self}]
      then: [{destroy: self}]
"""


@pytest.mark.dm_rules("101.5a")
def test_101_5_a_replacement_does_not_apply_to_its_own_follow_up():
    # Q: 試験用不屈の守り手 is destroyed. Its replacement taps it instead, then destroys it. Is that
    # destruction replaced again?  A: No. The follow-up is part of the one replacement effect that was
    # applied (101.5a: もともとの効果は置換された箇所を含めてひとつの効果として処理します), and a replacement
    # applies once (101.5): the creature is tapped, then destroyed.
    g = make(base(A={"battle_zone": [{"card": "試験用不屈の守り手", "as": "m"}]}), LOOP_CARDS)
    g.inject({"event": "destroy", "target": "m"})
    assert names(g, A, GRAVEYARD) == ["試験用不屈の守り手"]
    assert names(g, A, BATTLE) == []
    assert len(records(g, "replacement")) == 1


# ---- gap 2: 701.26b

ESCAPE_CARDS = """
- name: 試験用エスケープ・ドラゴン
  type: creature
  civilizations: [fire]
  cost: 7
  races: [アーマード・ドラゴン]
  power: 7000
  text: このクリーチャーがバトルゾーンを離れる時、かわりに自分のシールドを1つ墓地に置いてもよい。
  abilities:
    - replace: leaves
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


# ---- gap 3: 110.4g

GRAVE_CARDS = """
- name: 試験用墓地の黒龍
  type: creature
  civilizations: [darkness]
  cost: 7
  races: [ブラック・ドラゴン]
  power: 6000
  text: 自分のドラゴンが破壊された時、このクリーチャーを自分の墓地からバトルゾーンに出してもよい。
  abilities:
    - trigger: destroyed
      subject: own_creature
      zones: [graveyard]
      event_filter: {card: {race: ドラゴン}}
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
