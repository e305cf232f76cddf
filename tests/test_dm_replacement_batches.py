"""Replacement effects over a batch of simultaneous events (609.9): one that replaces all of them together
(「…を1体以上…する時、それらを…かわりにすべて…」, ``together: true``) and one applied once a turn (各ターンに
一度, ``once_per_turn: true``)."""

from __future__ import annotations

from typing import Any

import pytest

from dm_helpers import B, cid, make, names
from tcgrules.games.duel_masters.zones import BATTLE, GRAVEYARD, HAND
from tcgrules.kernel import Game

CARDS = """
- name: 試験用まとめて出す者
  type: creature
  civilizations: [fire]
  cost: 5
  power: 5000
  text: コスト3以下のクリーチャーを1体以上手札から捨てる時、それらを墓地に置くかわりにすべて出してもよい。
  abilities:
  - replace: {event: discarded, subject: {owner: you, type: creature, cost: {at_most: 3}}}
    optional: true
    together: true
    instead: [{put_into_battle_zone: event.subject}]
- name: 試験用一度だけ出す者
  type: creature
  civilizations: [fire]
  cost: 5
  power: 5000
  text: 各ターンに一度、自分のクリーチャーを手札から捨てる時、墓地に置くかわりに出す。
  abilities:
  - replace: {event: discarded, subject: {owner: you, type: creature}}
    once_per_turn: true
    instead: [{put_into_battle_zone: event.subject}]
- name: 試験用ハンデス
  type: spell
  civilizations: [darkness]
  cost: 1
  text: 相手は自身の手札をすべて捨てる。
  abilities:
  - spell:
    - discard: {all: true, zone: hand, owner: opponent}
"""
SMALL = "レター=ジェンゲガー"  # a cost-3 creature
BIG = "試験用一度だけ出す者"  # a cost-5 creature


def _discard_board(watcher: str, b_hand: list[Any], spells: int = 1) -> Game:
    game = make(
        {
            "turn": "A",
            "A": {
                "hand": [{"card": "試験用ハンデス", "as": f"s{i}"} for i in range(spells)],
                "mana_zone": ["デーモン・ハンド"] * spells,
            },
            "B": {"battle_zone": [{"card": watcher, "as": "w"}], "hand": b_hand},
        },
        CARDS,
    )
    game.answer(f"cast:c{cid(game, 's0')}")
    return game


@pytest.mark.dm_rules("609.9")
def test_609_9_a_together_replacement_is_one_choice_for_the_whole_batch() -> None:
    game = _discard_board("試験用まとめて出す者", [SMALL, SMALL, SMALL])
    assert game.pending is not None and game.pending.kind == "replacement"
    assert len(game.pending.labels) == 2  # itself once, and "none": not one option for each discard
    game.answer(next(label for label in game.pending.labels if label != "none"))
    assert names(game, B, BATTLE).count(SMALL) == 3
    assert names(game, B, GRAVEYARD) == []


@pytest.mark.dm_rules("609.9", "609.4")
def test_609_4_a_together_replacement_not_covering_a_card_leaves_it_to_the_event() -> None:
    # The cost-5 creature is no card the replacement watches for: it is discarded, the others are put out.
    game = _discard_board("試験用まとめて出す者", [SMALL, SMALL, BIG])
    game.answer(next(label for label in game.pending.labels if label != "none"))  # type: ignore[union-attr]
    assert names(game, B, BATTLE).count(SMALL) == 2
    assert names(game, B, GRAVEYARD) == [BIG]
    assert names(game, B, HAND) == []


@pytest.mark.dm_rules("609.9")
def test_609_9_a_once_per_turn_replacement_replaces_one_event_of_the_batch() -> None:
    game = _discard_board("試験用一度だけ出す者", [SMALL, SMALL])
    assert names(game, B, BATTLE).count(SMALL) == 1  # 各ターンに一度: the second discard is not replaced
    assert names(game, B, GRAVEYARD) == [SMALL]
