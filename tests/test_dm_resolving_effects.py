"""How an effect resolves: choices, doing what it can, その後, moving, revealing and searching (605, 606,
108, 114, 701.7, 701.9, 701.10, 110.2e, 601.1h).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, B, cid, label_for, make, names, obj, records
from dm_rule_boards import CARDS, base, game, play_free
from tcgrules.games.duel_masters.zones import GRAVEYARD, HAND
from tcgrules.kernel import IllegalActionError

DRAW_CARDS = """
- name: 試験用の引き手
  type: creature
  civilizations: [water]
  cost: 3
  races: [テスト]
  power: 1000
  text: 自分がカードを引いた時、自分の手札を1枚捨てる。
  abilities:
    - trigger: {event: drawn, subject: any, player: you}
      effect:
        - discard: {choose: 1, owner: you}
- name: 試験用の手繰り
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札の上から1枚目を手札に加える。
  abilities:
    - spell:
        - move: {what: {choose: 1, zone: deck, owner: you, top: 1}, to: hand}
- name: 試験用の一枚引き
  type: spell
  civilizations: [water]
  cost: 1
  text: カードを1枚引く。
  abilities:
    - spell:
        - draw: 1
"""


REVEAL_CARDS = """
- name: 試験用の透視
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札の上から2枚を表向きにする。
  abilities:
    - spell:
        - reveal: {zone: deck, owner: you, top: 2, all: true}
- name: 試験用の探索
  type: spell
  civilizations: [nature]
  cost: 1
  text: 自分の山札を見て、クリーチャーを1体選び手札に加える。
  abilities:
    - spell:
        - move: {what: {choose: 1, zone: deck, owner: you, type: creature}, to: hand}
"""


THEN_CARDS = """
- name: 試験用の引き直し
  type: spell
  civilizations: [water]
  cost: 2
  text: カードを2枚まで引く。その後、自分の手札を1枚捨てる。
  abilities:
    - spell:
        - draw: {count: 2, up_to: true}
        - discard: {choose: 1, owner: you}
"""


def test_108_1a_a_number_chosen_by_an_effect_is_zero_or_more():
    g = game(A={"hand": [{"card": "試験用の引き寄せ", "as": "s"}]})
    play_free(g, "s")
    assert g.pending.kind == "choose_number" and g.pending.labels == ("0", "1", "2", "3")


def test_605_2b_a_single_candidate_is_chosen_without_asking_and_none_does_nothing():
    g = game(
        A={"hand": [{"card": "試験用の弱体化", "as": "s"}, {"card": "試験用の弱体化", "as": "s2"}]},
        B={"battle_zone": [{"card": "喧嘩屋タイラー", "as": "t"}]},
    )
    hand = len(names(g, A, HAND))
    play_free(g, "s")
    assert g.pending.kind == "main"  # nothing was asked
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"]  # 1000 − 2000: destroyed
    play_free(g, "s2")  # no creature to choose: that part does nothing, the draw still happens
    assert len(names(g, A, HAND)) == hand - 2 + 2


UP_TO_CARDS = """
- name: 試験用の呼び出し
  type: spell
  civilizations: [nature]
  cost: 3
  text: パワー12000以上のクリーチャーを1体まで、自分の手札からバトルゾーンに出す。
  abilities:
    - spell:
        - put_into_battle_zone: {zone: hand, owner: you, type: creature, power: {at_least: 12000}, up_to: 1}
"""


def test_605_2b_up_to_with_nothing_that_matches_asks_nobody():
    """「…を1体まで」 with no matching card: nothing to choose between, so no decision (none of 0 to 0)."""
    g = make(
        base("A", "main", A={"hand": [{"card": "試験用の呼び出し", "as": "s"}, "喧嘩屋タイラー"]}),
        CARDS + UP_TO_CARDS,
    )
    play_free(g, "s")
    assert g.pending.kind == "main"
    assert not [r for r in records(g, "answer") if "put_into_battle_zone" in r.text]
    assert names(g, A, HAND) == ["喧嘩屋タイラー"]


@pytest.mark.dm_rules("701.7b", "606")
def test_606_2_an_effect_does_as_much_as_it_can_and_the_named_player_chooses():
    g = game(A={"hand": [{"card": "試験用の二枚捨て", "as": "s"}]}, B={"hand": ["喧嘩屋タイラー"]})
    play_free(g, "s")
    assert names(g, B, GRAVEYARD) == ["喧嘩屋タイラー"] and g.pending.kind == "main"
    g = game(A={"hand": [{"card": "試験用の二枚捨て", "as": "s"}]}, B={"hand": ["喧嘩屋タイラー"] * 3})
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.player == B and g.pending.min == 2


def test_701_7b_a_random_discard_asks_nobody():
    g = game(
        A={"hand": [{"card": "試験用の無作為", "as": "s"}]},
        B={"hand": ["喧嘩屋タイラー", "アクア・ビークル", "試験用の竜"]},
    )
    play_free(g, "s")
    assert g.pending.kind == "main" and len(names(g, B, GRAVEYARD)) == 1 and len(names(g, B, HAND)) == 2


def test_601_1h_one_choice_cannot_pick_the_same_card_twice():

    g = game(
        A={"hand": [{"card": "試験用の二枚見ず捨て", "as": "s"}]},
        B={"hand": ["喧嘩屋タイラー", "アクア・ビークル", "試験用の竜"]},
    )
    play_free(g, "s")
    assert g.pending.kind == "choose_cards" and g.pending.min == 2
    with pytest.raises(IllegalActionError):
        g.answer("hand:1", "hand:1")
    g.answer("hand:1", "hand:2")
    assert len(names(g, B, GRAVEYARD)) == 2


@pytest.mark.dm_rules("114.5")
def test_114_3_putting_the_top_card_into_the_hand_is_not_drawing():
    # Q: 試験用の手繰り puts the top card of the deck into the hand. Does 試験用の引き手 ("カードを引いた時")
    # trigger?  A: No: without the word 引く it is not a draw (114.3). With 試験用の一枚引き it does, and it
    # resolves once the drawn card is in the hand (114.5): the drawn card can be the one discarded.
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["試験用の引き手"],
                "hand": [{"card": "試験用の手繰り", "as": "s"}],
                "deck": 3,
            },
        },
        CARDS + DRAW_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert len(names(g, A, HAND)) == 1 and not records(g, "trigger")
    g = make(
        {
            "turn": "A",
            "A": {
                "battle_zone": ["試験用の引き手"],
                "hand": [{"card": "試験用の一枚引き", "as": "s"}, "喧嘩屋タイラー"],
                "deck": ["filler", {"card": "アクア・ビークル", "as": "top"}],
            },
        },
        CARDS + DRAW_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert records(g, "trigger")
    assert g.pending.kind == "choose_cards" and label_for(g, "top") in g.pending.labels


@pytest.mark.dm_rules("701.9", "401.5")
def test_701_9b_revealing_shows_the_cards_and_moves_nothing():
    deck = ["filler", {"card": "アクア・ビークル", "as": "b"}, {"card": "喧嘩屋タイラー", "as": "a"}]
    g = make(
        {"turn": "A", "A": {"hand": [{"card": "試験用の透視", "as": "s"}], "deck": deck}},
        CARDS + REVEAL_CARDS,
    )
    before = list(g.zones[(A, "deck")])
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    [shown] = records(g, "reveal")
    assert "喧嘩屋タイラー" in shown.text and "アクア・ビークル" in shown.text
    assert g.zones[(A, "deck")] == before


def test_701_10c_a_card_found_by_a_search_is_not_revealed():
    deck = ["filler", {"card": "アクア・ビークル", "as": "b"}, "filler"]
    g = make(
        {"turn": "A", "A": {"hand": [{"card": "試験用の探索", "as": "s"}], "deck": deck}},
        CARDS + REVEAL_CARDS,
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    if g.pending.kind == "choose_cards":
        g.answer(label_for(g, "b"))
    assert names(g, A, HAND) == ["アクア・ビークル"] and not records(g, "reveal")


def test_110_2e_an_effect_on_cards_in_a_zone_covers_only_the_cards_there_when_it_was_made():
    from tcgrules.games.duel_masters import characteristics as ch

    g = game(
        A={
            "hand": [{"card": "生命と霊力の変換", "as": "s"}, {"card": "試験用の追い払い", "as": "in_hand"}],
            "battle_zone": [{"card": "試験用の追い払い", "as": "later"}],
        }
    )
    g.inject({"play": g.info["aliases"]["s"], "free": True})
    assert ch.cost(g, obj(g, "in_hand")) == 3  # in the hand when the effect was made: 4 − 1
    g.inject({"event": "move", "target": "later", "to": "hand"})
    assert ch.cost(g, obj(g, "later")) == 4  # put into the hand afterwards: not affected


def test_605_2c_a_then_part_is_resolved_in_order_even_after_a_part_that_did_nothing():
    # Q: 試験用の引き直し: "カードを2枚まで引く。その後、自分の手札を1枚捨てる" — choosing to draw 0,
    # is a card still discarded?  A: Yes: the card resolves in the order written (605.2c); その後 is not
    # "if you did" (and even そうしたら only needs the attempt, 101.3a).

    g = make(
        base(
            A={
                "hand": [
                    {"card": "試験用の引き直し", "as": "s"},
                    "うごめく者ボーン・グール",
                    "アクア・ソルジャー",
                ],
            }
        ),
        THEN_CARDS,
    )
    g.inject({"play": cid(g, "s"), "free": True})
    assert g.pending.kind == "choose_number"
    g.answer("0")
    assert g.pending is not None and g.pending.kind == "choose_cards" and g.pending.min == 1
    assert {o.text for o in g.pending.options} == {"うごめく者ボーン・グール", "アクア・ソルジャー"}
    g.answer(g.pending.labels[0])
    assert len(names(g, A, "hand")) == 1
    assert len(names(g, A, GRAVEYARD)) == 2 and "試験用の引き直し" in names(g, A, GRAVEYARD)
