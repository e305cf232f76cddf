"""The agents: the greedy one beats random play and decides from its own view only."""

from __future__ import annotations

from tcgrules.agents import Agent, GreedyAgent, RandomAgent, play_out
from tcgrules.games.duel_masters import setup, standard_decks

DECKS = [list(d.cards) for d in standard_decks()]


def test_greedy_agent_beats_the_random_agent() -> None:
    wins = 0
    for seed in range(20):
        greedy = seed % 2
        agents: list[Agent] = [RandomAgent(seed), RandomAgent(seed)]
        agents[greedy] = GreedyAgent()
        game = play_out(setup({"decks": DECKS, "seed": seed}), agents)
        assert game.result is not None
        wins += game.result.winner == greedy
    assert wins >= 16


def test_greedy_agent_decides_from_its_view_only() -> None:
    """Dealing the cards hidden from it anew (determinize) never changes its choice."""
    agent, random = GreedyAgent(), [RandomAgent(1), RandomAgent(2)]
    checked = 0
    for seed in range(6):
        game = setup({"decks": DECKS, "seed": seed})
        while game.pending is not None and checked < 300:
            decision = game.pending
            world = game.determinize(decision.player, seed)
            assert world.pending is not None
            assert agent.choose(world, world.pending) == agent.choose(game, decision)
            checked += 1
            game.answer(*random[decision.player].choose(game, decision))
    assert checked >= 200
