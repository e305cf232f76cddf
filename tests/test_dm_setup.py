"""Setting a game up (103) and the game's randomness (701.11).

Each test builds a board from the rule's text (a question, the board that asks it, the answer the
comprehensive rules Ver.1.48 give) and fails if the engine did otherwise. Illustration cards (試験用…) are in
``dm_rule_boards.py``."""

from __future__ import annotations

import pytest

from dm_helpers import A, make
from dm_rule_boards import CARDS, base, play_free
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.games.duel_masters.zones import DECK


def test_106_1_there_are_exactly_five_civilizations():
    assert DUEL_MASTERS.civilizations == frozenset({"light", "water", "darkness", "fire", "nature"})


@pytest.mark.dm_rules("701.11a")
def test_701_11_shuffling_is_random_but_reproducible_with_the_games_seed():
    deck = [
        {"card": n}
        for n in [
            "喧嘩屋タイラー",
            "アクア・ビークル",
            "試験用の竜",
            "試験用の見張り",
            "アクア・ソルジャー",
            "うごめく者ボーン・グール",
        ]
    ]

    def shuffled(seed: int) -> list[str]:
        g = make(
            base(A={"deck": deck, "hand": [{"card": "試験用のシャッフル", "as": "s"}]}), CARDS, seed=seed
        )
        play_free(g, "s")
        return [g.name(g.objects[o].top) for o in g.zones[(A, DECK)]]

    orders = {tuple(shuffled(s)) for s in range(8)}
    assert len(orders) > 1
    assert shuffled(3) == shuffled(3)


def test_103_4_the_first_player_is_chosen_by_the_seed():
    decks = [list(d.cards) for d in standard_decks()]
    firsts = {setup({"decks": decks, "seed": s}).active_player for s in range(12)}
    assert firsts == {0, 1}
    assert (
        setup({"decks": decks, "seed": 7}).active_player == setup({"decks": decks, "seed": 7}).active_player
    )
