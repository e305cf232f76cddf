"""Replacing a draw (609.6): a replacement pattern on ``drawn`` changes one draw; draws are one at a time
(114.2), so a replaced draw is finished before the next one, and "draw, then do something with the card"
does nothing more when the draw was replaced."""

from __future__ import annotations

import pytest

from dm_helpers import A, cid, make, names, records
from tcgrules.games.duel_masters.zones import BATTLE, HAND, MANA

CARDS = """
- name: 試験用の引き替え
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 2000
  text: 自分がカードを引く時、かわりに自分の山札の上から1枚目をマナゾーンに置いてもよい。
  abilities:
    - replace: {event: drawn, subject: any, player: you}
      optional: true
      instead:
        - charge: 1
- name: 試験用の二枚引き
  type: spell
  civilizations: [water]
  cost: 3
  text: カードを2枚引く。
  abilities:
    - spell:
        - draw: 2
- name: 試験用の引き出し
  type: spell
  civilizations: [water]
  cost: 3
  text: カードを1枚引く。そのカードがクリーチャーなら、バトルゾーンに出す。
  abilities:
    - spell:
        - draw: 1
          as: drawn
        - put_into_battle_zone: {all: true, zone: hand, owner: you, in: $drawn, type: creature}
"""

DECK = [{"card": "アクア・ソルジャー", "as": "third"}, {"card": "うごめく者ボーン・グール", "as": "second"}]


def game(spell: str):
    deck = [*DECK, {"card": "アクア・ビークル", "as": "first"}]  # the last is the top
    return make(
        {
            "turn": "A",
            "step": "main",
            "A": {"battle_zone": ["試験用の引き替え"], "hand": [{"card": spell, "as": "s"}], "deck": deck},
        },
        CARDS,
    )


def choose(g, *, replace: bool) -> None:
    assert g.pending.kind == "replacement" and g.pending.rule == "609.1"
    g.answer(next(label for label in g.pending.labels if (label == "none") != replace))


@pytest.mark.dm_rules("609.6", "114.2")
def test_609_6_a_replacement_changes_one_draw():
    # Q: A has 試験用の引き替え ("when you would draw, you may instead put your deck's top card into your
    # mana zone") and casts 試験用の二枚引き. A applies it to the first draw only. Where do the cards go?
    # A: The first card to the mana zone instead of the hand, the next one drawn (609.6).
    g = game("試験用の二枚引き")
    g.inject({"play": cid(g, "s"), "free": True})
    choose(g, replace=True)
    choose(g, replace=False)
    assert names(g, A, MANA) == ["アクア・ビークル"]
    assert names(g, A, HAND) == ["うごめく者ボーン・グール"]


def test_609_6a_the_next_draw_waits_until_the_replaced_one_is_finished():
    # Q: When is A asked about the second draw?  A: Only after the first draw's replacement has been carried
    # out completely (609.6a): when A is asked the second time, the first card is already in the mana zone
    # and nothing has been drawn; the second draw is of the card that is then on top.
    g = game("試験用の二枚引き")
    g.inject({"play": cid(g, "s"), "free": True})
    choose(g, replace=True)
    assert g.pending.kind == "replacement"
    assert names(g, A, MANA) == ["アクア・ビークル"] and names(g, A, HAND) == []
    assert not [r for r in records(g, "event") if r.data.get("event") == "draw"]
    choose(g, replace=True)
    assert (
        names(g, A, MANA) == sorted(["アクア・ビークル", "うごめく者ボーン・グール"])
        and names(g, A, HAND) == []
    )


def test_609_6b_with_the_draw_replaced_the_part_about_the_drawn_card_does_nothing():
    # Q: 試験用の引き出し draws a card and puts it into the battle zone if it is a creature. A replaces the
    # draw (the top card, a creature, goes to the mana zone). Does anything enter?  A: No: no card was drawn,
    # so the part that acts on it does nothing (609.6b) — not even to the card the replacement moved. Without
    # the replacement, the drawn creature enters.
    g = game("試験用の引き出し")
    g.inject({"play": cid(g, "s"), "free": True})
    choose(g, replace=True)
    assert names(g, A, MANA) == ["アクア・ビークル"]
    assert names(g, A, BATTLE) == ["試験用の引き替え"]
    plain = game("試験用の引き出し")
    plain.inject({"play": cid(plain, "s"), "free": True})
    choose(plain, replace=False)
    assert names(plain, A, BATTLE) == ["アクア・ビークル", "試験用の引き替え"]


# ---- 609.8a: a spell's own replacement of its move comes first

ORDER_CARDS = """
- name: 試験用の墓守
  type: creature
  civilizations: [darkness]
  cost: 5
  races: [テスト]
  power: 3000
  text: カードが墓地に置かれる時、かわりに持ち主の山札の一番下に置く。
  abilities:
    - replace: {event: moved, subject: any, to: graveyard}
      instead:
        - move: {what: event.subject, to: deck_bottom}
- name: 試験用の充電呪文
  type: spell
  civilizations: [water]
  cost: 2
  text: |-
    カードを1枚引く。
    チャージャー
  abilities:
    - spell:
        - draw: 1
    - keyword: charger
"""


@pytest.mark.dm_rules("609", "609.8")
def test_609_8a_a_spells_own_replacement_of_its_move_applies_before_the_turn_players():
    # Q: It is A's turn; A has 試験用の墓守 ("when a card would be put into a graveyard, put it on the bottom
    # of its owner's deck instead"). B casts 試験用の充電呪文 (チャージャー). Where does the spell go after it
    # resolves?  A: To B's mana zone: a spell's own replacement of its move is applied before any other
    # (609.8a), even the turn player's (609.8), and then no other replacement applies to that move (609.3).
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {"battle_zone": ["試験用の墓守"], "deck": 5},
            "B": {"hand": [{"card": "試験用の充電呪文", "as": "s"}], "deck": 5},
        },
        CARDS + ORDER_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    assert g.pending is None or g.pending.kind != "replacement"
    assert names(g, 1, MANA) == ["試験用の充電呪文"]
    assert any(r.rule == "609.8a" for r in records(g, "replacement"))


# ---- 609.4: a substitute that draws, then discards, can be performed with an empty hand

DRAW_TWO_CARDS = """
- name: 試験用の二枚引き替え
  type: creature
  civilizations: [water]
  cost: 5
  races: [テスト]
  power: 3000
  text: 自分がカードを１枚引く時、１枚のかわりに２枚引き、自分の手札を１枚捨ててもよい。
  abilities:
    - replace: {event: drawn, subject: any, player: you}
      instead:
        - draw: 2
        - discard: {choose: 1, owner: you}
          optional: true
- name: 試験用の二枚引き捨て
  type: creature
  civilizations: [water]
  cost: 5
  races: [テスト]
  power: 3000
  text: 自分がカードを１枚引く時、１枚のかわりに２枚引き、自分の手札を１枚捨てる。
  abilities:
    - replace: {event: drawn, subject: any, player: you}
      instead:
        - draw: 2
        - discard: {choose: 1, owner: you}
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell:
        - draw: 1
"""


@pytest.mark.parametrize("replacer", ["試験用の二枚引き替え", "試験用の二枚引き捨て"])
def test_609_4_a_substitute_that_draws_then_discards_applies_with_an_empty_hand(replacer: str):
    # Q: A's hand holds only the spell being cast; A draws one card with 「1枚のかわりに2枚引き、手札を1枚
    # 捨てる（捨ててもよい）」 out. Can the replacement apply, though the hand is empty when it is chosen?
    # A: Yes: the substitute draws first, and its discard chooses among what the draws brought (609.6a) —
    # only what cannot be done at all stops a replacement (609.4), and an optional part can be declined.
    g = make(
        {
            "turn": "A",
            "step": "main",
            "A": {
                "battle_zone": [replacer],
                "hand": [{"card": "試験用の一枚引き", "as": "s"}],
                "deck": [
                    {"card": "アクア・ソルジャー", "as": "third"},
                    *DECK[1:],
                    {"card": "アクア・ビークル"},
                ],
            },
        },
        DRAW_TWO_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    if g.pending.kind == "may":
        g.answer("yes")
    assert g.pending.kind == "choose_cards"
    g.answer(g.pending.labels[0])
    assert not [r for r in records(g, "rule") if "cannot be performed" in r.text]
    assert [r for r in records(g, "replacement") if r.rule == "609.1"]
    assert len(names(g, A, HAND)) == 1
    assert len(names(g, A, "graveyard")) == 2  # the card discarded and the spell
