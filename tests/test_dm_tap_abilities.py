"""Activated abilities (起動型能力, 602): the tap ability (タップ能力), used in the attack step instead of an
attack, by tapping the creature (turn.py: tap_ability_options, UseTapAbility)."""

from __future__ import annotations

import pytest

from dm_helpers import A, label_for, make, names, obj, records
from tcgrules.games.duel_masters.zones import HAND

CARDS = """
- name: 試験用の引き手
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: ■ タップ：カードを1枚引く。
  abilities:
    - tap_ability:
        - draw: 1
- name: 試験用のタップ見張り
  type: creature
  civilizations: [light]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分のクリーチャーがタップされた時、相手はカードを1枚引く。
  abilities:
    - trigger: {event: tapped, subject: {owner: you, type: creature}}
      effect: [{draw: {count: 1, player: opponent}}]
- name: 試験用の足止め
  type: creature
  civilizations: [light]
  cost: 5
  races: [テスト]
  power: 3000
  text: 相手のクリーチャーは攻撃できない。
  abilities:
    - static: {cannot_attack: true}
      to: {owner: opponent, type: creature}
"""


def game(step: str = "attack", **players: dict):
    spec: dict = {"turn": "A", "step": step}
    spec.update(players)
    return make(spec, CARDS)


def tap_label(g, alias: str) -> str:
    return f"tap_ability:{label_for(g, alias)}"


@pytest.mark.dm_rules("602")
def test_602_1_the_effect_comes_only_from_tapping_the_creature():
    # Q: 試験用の引き手 ("■ タップ：カードを1枚引く") is untapped in A's attack step. What does using it do,
    # and can it be used without tapping?  A: Using it taps the creature (the activation) and then draws;
    # there is no way to the effect but the activation: it is offered only while the creature can be tapped
    # for it, and not in the main step.
    g = game(A={"battle_zone": [{"card": "試験用の引き手", "as": "t"}], "deck": 5})
    assert tap_label(g, "t") in g.pending.labels
    g.answer(tap_label(g, "t"))
    assert obj(g, "t").tapped and len(names(g, A, HAND)) == 1
    assert tap_label(g, "t") not in g.pending.labels  # tapped now: it cannot be activated again
    main = game(step="main", A={"battle_zone": [{"card": "試験用の引き手", "as": "t"}], "deck": 5})
    assert not any(label.startswith("tap_ability:") for label in main.pending.labels)


def test_602_2_the_activation_and_the_effect_are_separate_events():
    # Q: 試験用のタップ見張り watches A's creatures being tapped. A uses 試験用の引き手's tap ability. Does
    # the tap (the activation) trigger it, and when does it resolve?  A: The tap is an event of its own,
    # before the effect: it triggers; the draw of the tap ability is done first (a trigger waits until the
    # effect that is resolving is over, 101.4d), then the watcher makes B draw.
    g = game(
        A={"battle_zone": [{"card": "試験用の引き手", "as": "t"}, "試験用のタップ見張り"], "deck": 5},
        B={"deck": 5},
    )
    g.answer(tap_label(g, "t"))
    assert len([r for r in records(g, "event") if r.data.get("event") == "tap"]) == 1
    assert len(records(g, "trigger")) == 1
    draws = [r.text.split()[0] for r in records(g, "event") if r.data.get("event") == "draw"]
    assert draws == ["A", "B"]  # the tap ability's draw, then the trigger its activation made


def test_602_3_an_ability_whose_activation_is_prohibited_cannot_be_started():
    # Q: B's 試験用の足止め says A's creatures cannot attack. Can A still use 試験用の引き手's tap ability?
    # A: No (602.3, 602.3a: a tap ability is used when the creature could attack); it is not offered. Without
    # 試験用の足止め it is.
    blocked = game(
        A={"battle_zone": [{"card": "試験用の引き手", "as": "t"}], "deck": 5},
        B={"battle_zone": ["試験用の足止め"]},
    )
    assert tap_label(blocked, "t") not in blocked.pending.labels
    free = game(A={"battle_zone": [{"card": "試験用の引き手", "as": "t"}], "deck": 5})
    assert tap_label(free, "t") in free.pending.labels


def test_602_3a_summoning_sickness_stops_a_tap_ability():
    # Q: 試験用の引き手 entered this turn. Can A use its tap ability?  A: No: it could not attack (301.5).
    g = game(A={"battle_zone": [{"card": "試験用の引き手", "as": "t", "sick": True}], "deck": 5})
    assert tap_label(g, "t") not in g.pending.labels
    assert not any(label.startswith("tap_ability:") for label in g.pending.labels)
