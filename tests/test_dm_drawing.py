"""Drawing cards (114) and doing what can be done (101.3), each rule as a board of its own."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND, MANA

CARDS = """
- name: 試験用の引き替え
  type: creature
  civilizations: [nature]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分がカードを引く時、かわりに自分の山札の上から1枚目をマナゾーンに置いてもよい。
  abilities:
    - replace: {event: drawn, subject: any, player: you}
      optional: true
      instead: [{charge: 1}]
- name: 試験用の三枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを3枚引く。
  abilities:
    - spell: [{draw: 3}]
- name: 試験用の各自引き
  type: spell
  civilizations: [water]
  cost: 1
  text: 各プレイヤーはカードを2枚引く。
  abilities:
    - spell: [{draw: {count: 2, player: each}}]
- name: 試験用の引いて見せる
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。そのカードがクリーチャーなら、バトルゾーンに出す。
  abilities:
    - spell:
        - draw: 1
          as: drawn
        - put_into_battle_zone: {all: true, zone: hand, owner: you, in: $drawn, type: creature}
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
- name: 試験用の二体破壊
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手のクリーチャーを2体破壊する。その後、カードを1枚引く。
  abilities:
    - spell:
        - destroy: {choose: 2, owner: opponent, type: creature}
        - draw: 1
"""


def game(**players: dict):
    spec: dict = {"turn": "A", "step": "main"}
    spec.update(players)
    return make(spec, CARDS)


def play_free(g, alias: str) -> None:
    g.inject({"play": cid(g, alias), "free": True})


def events(g, kind: str) -> list:
    return [r for r in records(g, "event") if r.data.get("event") == kind]


@pytest.mark.dm_rules("114", "114.2")
def test_114_2a_when_each_player_draws_the_turn_player_draws_first():
    g = game(A={"hand": [{"card": "試験用の各自引き", "as": "s"}], "deck": 5}, B={"deck": 5})
    play_free(g, "s")
    assert [r.text.split()[0] for r in events(g, "draw")] == ["A", "A", "B", "B"]
    assert len(g.zones[(A, HAND)]) == 2 and len(g.zones[(B, HAND)]) == 2


@pytest.mark.dm_rules("114.4", "609.6")
def test_114_4a_a_replacement_of_one_draw_of_several_is_done_before_the_next_draw():
    # 試験用の三枚引き draws three, one at a time; 試験用の引き替え may replace each draw. Using it for the
    # first and third only: mana, draw, mana — each replacement complete before the next card is drawn.
    g = game(
        A={"battle_zone": ["試験用の引き替え"], "hand": [{"card": "試験用の三枚引き", "as": "s"}], "deck": 6}
    )
    play_free(g, "s")
    answers = iter(["use", "none", "use"])
    order = []
    while g.pending is not None and g.pending.kind == "replacement":
        choice = next(answers)
        g.answer(g.pending.labels[0] if choice == "use" else "none")
        order.append(choice)
    moves = [r.data.get("event") for r in records(g, "event") if r.data.get("event") in ("draw", "move")]
    assert moves[:3] == ["move", "draw", "move"]
    assert len(g.zones[(A, HAND)]) == 1 and len(g.zones[(A, MANA)]) == 2


def test_114_4b_when_the_draw_is_replaced_what_is_done_with_the_card_drawn_is_not_done():
    g = game(
        A={
            "battle_zone": ["試験用の引き替え"],
            "hand": [{"card": "試験用の引いて見せる", "as": "s"}],
            "deck": ["喧嘩屋タイラー", "喧嘩屋タイラー"],
        }
    )
    play_free(g, "s")
    g.answer(g.pending.labels[0])  # the draw is replaced: the top card goes to the mana zone
    assert names(g, A, MANA) == ["喧嘩屋タイラー"] and names(g, A, BATTLE) == ["試験用の引き替え"]
    # Control: not replaced, the creature drawn is put into the battle zone.
    g = game(
        A={
            "hand": [{"card": "試験用の引いて見せる", "as": "s"}],
            "deck": ["喧嘩屋タイラー", "喧嘩屋タイラー"],
        }
    )
    play_free(g, "s")
    assert names(g, A, BATTLE) == ["喧嘩屋タイラー"]


@pytest.mark.dm_rules("114.6a", "104.2b")
def test_114_6_drawing_from_an_empty_deck_does_nothing_and_triggers_nothing():
    # 試験用の三枚引き with one card left: the first draw takes it; the others do nothing, so
    # 試験用の引く見張り ("自分がカードを引いた時") triggers once only; then A has no deck and loses (104.2b).
    g = game(
        A={
            "battle_zone": ["試験用の引く見張り"],
            "hand": [{"card": "試験用の三枚引き", "as": "s"}],
            "deck": 1,
        }
    )
    play_free(g, "s")
    assert len(events(g, "draw")) == 1
    assert len(records(g, "trigger")) == 1
    assert g.result is not None and g.result.losers == (A,)


@pytest.mark.dm_rules("101.3a")
def test_101_3_an_effect_does_what_it_can_and_skips_the_rest():
    # "相手のクリーチャーを2体破壊する。その後、カードを1枚引く。" with one creature: it is destroyed, and the
    # draw after it still happens.
    g = game(
        A={"hand": [{"card": "試験用の二体破壊", "as": "s"}], "deck": 5},
        B={"battle_zone": ["喧嘩屋タイラー"]},
    )
    play_free(g, "s")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"] and len(g.zones[(A, HAND)]) == 1
