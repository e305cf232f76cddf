"""Several cards put on the top or bottom of one deck at once (401.4) and cards added to a deck (401.7):
who orders them, when nothing is asked, and what the other player learns (deck_order.py)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import A, B, cid, make, names
from tcgrules.games.duel_masters.zones import DECK, GRAVEYARD
from tcgrules.kernel import Game

CARDS = """
- name: 試験用の墓地戻し
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の墓地のカードをすべて山札の一番下に置く。
  abilities:
    - spell:
        - move: {what: {all: true, zone: graveyard, owner: you}, to: deck_bottom}
- name: 試験用の相手の墓地戻し
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手の墓地のカードをすべて持ち主の山札の上に置く。
  abilities:
    - spell:
        - move: {what: {all: true, zone: graveyard, owner: opponent}, to: deck_top}
- name: 試験用の好きな順序で
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手の墓地のカードをすべて、好きな順序で持ち主の山札の下に置く。
  abilities:
    - spell:
        - move: {what: {all: true, zone: graveyard, owner: opponent}, to: deck_bottom, any_order: true}
- name: 試験用の上から下へ
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の山札の上から2枚を山札の一番下に置く。
  abilities:
    - spell:
        - move: {what: {zone: deck, owner: you, top: 2, all: true}, to: deck_bottom}
- name: 試験用の山戻し
  type: spell
  civilizations: [water]
  cost: 1
  text: 相手のクリーチャーを1体、持ち主の山札の一番下に置く。
  abilities:
    - spell:
        - move: {what: {choose: 1, owner: opponent, type: creature}, to: deck_bottom}
- name: 試験用の竜進化
  type: evolution_creature
  civilizations: [fire]
  cost: 5
  races: [アーマード・ドラゴン]
  power: 8000
  text: 進化－自分のアーマード・ドラゴン1体の上に置く。
  abilities:
    - keyword: evolution
      base: {race: アーマード・ドラゴン}
- name: 試験用の山札に加える
  type: spell
  civilizations: [water]
  cost: 1
  text: 自分の墓地のカードをすべて山札に加えてシャッフルする。
  abilities:
    - spell:
        - move: {what: {all: true, zone: graveyard, owner: you}, to: deck}
        - shuffle: you
"""


def _game(spell: str, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None) -> Game:
    return make(
        {"turn": "A", "A": {"hand": [{"card": spell, "as": "s"}], **(a or {})}, "B": b or {}},
        CARDS,
    )


def _deck_from_top(game: Game, player: int) -> list[str]:
    return [game.name(game.objects[oid].top) for oid in reversed(game.zone((player, DECK)))]


@pytest.mark.dm_rules("401", "401.4")
def test_401_4_the_owner_orders_several_cards_put_on_the_bottom_of_their_deck() -> None:
    game = _game(
        "試験用の墓地戻し",
        {
            "graveyard": [
                {"card": "屑男", "as": "x"},
                {"card": "琥珀草", "as": "y"},
                {"card": "喧嘩屋タイラー", "as": "z"},
            ]
        },
    )
    game.inject({"play": cid(game, "s"), "free": True})
    decision = game.pending
    assert decision is not None and decision.kind == "choose_order" and decision.rule == "401.4"
    assert decision.player == A and set(decision.labels) == {f"c{cid(game, n)}" for n in "xyz"}
    game.answer(f"c{cid(game, 'y')}")  # highest of the three
    game.answer(f"c{cid(game, 'z')}")
    assert game.pending is not None and game.pending.kind == "main"  # the last one goes lowest
    assert _deck_from_top(game, A)[-3:] == ["琥珀草", "喧嘩屋タイラー", "屑男"]


@pytest.mark.dm_rules("401.4")
def test_401_4_the_owner_orders_them_even_on_the_opponents_effect_on_top_of_the_deck() -> None:
    game = _game(
        "試験用の相手の墓地戻し",
        b={"graveyard": [{"card": "屑男", "as": "x"}, {"card": "琥珀草", "as": "y"}]},
    )
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "choose_order" and game.pending.player == B
    game.answer(f"c{cid(game, 'x')}")
    assert _deck_from_top(game, B)[:2] == ["屑男", "琥珀草"]


@pytest.mark.dm_rules("401.4")
def test_401_4_the_order_chosen_is_not_told_to_the_other_player() -> None:
    """「どのような順番で山札に置いたのかは公開しなくてかまいません」: the answer's line is left out for B."""
    game = _game("試験用の墓地戻し", {"graveyard": ["屑男", "琥珀草"]})
    game.inject({"play": cid(game, "s"), "free": True})
    game.answer(game.pending.labels[0])
    mine = [r for r in game.log_for(A) if r.kind == "answer" and r.rule == "401.4"]
    theirs = [r for r in game.log_for(B) if r.kind == "answer" and r.rule == "401.4"]
    assert len(mine) == 1 and theirs == []


@pytest.mark.dm_rules("401.4")
def test_401_4_with_好きな順序で_the_player_whose_effect_it_is_orders_them() -> None:
    game = _game(
        "試験用の好きな順序で", b={"graveyard": [{"card": "屑男", "as": "x"}, {"card": "琥珀草", "as": "y"}]}
    )
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "choose_order" and game.pending.player == A
    game.answer(f"c{cid(game, 'y')}")
    assert _deck_from_top(game, B)[-2:] == ["琥珀草", "屑男"]


@pytest.mark.dm_rules("401.4")
def test_401_4_nothing_is_asked_when_the_order_cannot_matter() -> None:
    # Cards of the same name: any order leaves the same deck.
    game = _game("試験用の墓地戻し", {"graveyard": ["屑男", "屑男", "屑男"]})
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "main"
    assert names(game, A, GRAVEYARD) == ["試験用の墓地戻し"]
    # Cards its owner has not seen (the top two of the deck, not looked at): they cannot be told apart.
    game = _game("試験用の上から下へ", {"deck": ["屑男", "琥珀草", "喧嘩屋タイラー", "アクア・ソルジャー"]})
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "main"
    assert _deck_from_top(game, A)[:2] == ["琥珀草", "屑男"]  # the two moved below them


@pytest.mark.dm_rules("401.4", "109.2b")
def test_401_4_the_cards_of_an_evolution_creature_put_on_a_deck_are_ordered_by_their_owner() -> None:
    game = _game(
        "試験用の山戻し",
        b={"battle_zone": [{"card": "試験用の竜進化", "as": "evo", "under": ["ボルシャック・ドラゴン"]}]},
    )
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "choose_order" and game.pending.player == B
    base = next(c for c in range(len(game.cards)) if game.cards[c].name == "ボルシャック・ドラゴン")
    game.answer(f"c{base}")  # the base goes higher than the evolution card
    assert _deck_from_top(game, B)[-2:] == ["ボルシャック・ドラゴン", "試験用の竜進化"]


@pytest.mark.dm_rules("401.7")
def test_401_7_cards_added_to_a_deck_are_not_put_on_its_top_or_bottom() -> None:
    """山札に加える (``to: deck``): no order to choose — the cards are added as a whole, then shuffled."""
    game = _game("試験用の山札に加える", {"graveyard": ["屑男", "琥珀草", "喧嘩屋タイラー"], "deck": 2})
    game.inject({"play": cid(game, "s"), "free": True})
    assert game.pending is not None and game.pending.kind == "main"
    assert sorted(names(game, A, DECK)) == sorted(["屑男", "琥珀草", "喧嘩屋タイラー", "filler", "filler"])


@pytest.mark.dm_rules("401.4")
def test_401_4_a_copy_made_while_the_order_is_asked_goes_on_as_the_game_does() -> None:
    game = _game("試験用の墓地戻し", {"graveyard": ["屑男", "琥珀草", "喧嘩屋タイラー"]})
    game.inject({"play": cid(game, "s"), "free": True})
    fork = game.copy()
    for g in (game, fork):
        while g.pending is not None and g.pending.kind == "choose_order":
            g.answer(g.pending.labels[-1])
    assert _deck_from_top(game, A) == _deck_from_top(fork, A)
    assert [r.text for r in game.log] == [r.text for r in fork.log]
