"""The library's decks are real cards and play full games against each other (issue "card language 2",
item 5: at least four 40-card decks of real cards)."""

from __future__ import annotations

import itertools

from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import setup
from tcgrules.games.duel_masters.decks import larger_deck, library_decks
from tcgrules.games.duel_masters.rules import standard_catalog

GAMES_PER_PAIR = 3


def test_at_least_four_decks_of_forty_real_cards() -> None:
    decks = library_decks()
    catalog = standard_catalog()
    assert len(decks) >= 4
    for deck in decks:  # 40, or more with a ルール・プラス that says so (314.3a)
        assert len(deck.cards) == 40 + sum(larger_deck(catalog[name]) for name in deck.hyperspatial)
        assert all(catalog[name].text_status == "printed" for name in deck.cards), deck.name


def test_every_pair_of_library_decks_plays_full_games() -> None:
    decks = library_decks()
    for (i, a), (j, b) in itertools.combinations(enumerate(decks), 2):
        for n in range(GAMES_PER_PAIR):
            seed = 100 * i + 10 * j + n
            game = setup({"decks": [list(a.for_game), list(b.for_game)], "seed": seed})
            agents = (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2))
            for _ in range(5_000):
                decision = game.pending
                if decision is None:
                    break
                game.answer(*agents[decision.player].choose(game, decision))
            assert game.result is not None, f"{a.name} vs {b.name} (seed {seed}) did not end"
            assert game.result.rule, "the result names the rule that decided it"
