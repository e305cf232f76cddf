"""The ISMCTS agent (tcgrules.agents.ismcts) and its evaluation; its strength is measured by
`tcgrules bench-agents` (docs/ai.md), not here."""

from __future__ import annotations

import pytest

from tcgrules.agents import RandomAgent
from tcgrules.agents.evaluation import evaluate
from tcgrules.agents.ismcts import MAX_COMBINATIONS, IsmctsAgent, actions
from tcgrules.agents.registry import make_agent, parse_agent
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.kernel import Decision, Game, Option, TcgError


def _game(seed: int) -> Game:
    return setup({"decks": [list(d.cards) for d in standard_decks()], "seed": seed})


def _play(seed: int, agent: IsmctsAgent) -> Game:
    game = _game(seed)
    other = RandomAgent(seed)
    while game.pending is not None:
        d = game.pending
        chooser = agent if d.player == 0 else other
        answer = chooser.choose(game, d)
        d.validate(answer)  # a legal answer: known labels, none twice, between min and max
        game.answer(*answer)
    return game


def test_ismcts_plays_a_whole_legal_game_and_searches_only_real_choices() -> None:
    agent = IsmctsAgent(3, iterations=6, rollout_depth=4)
    game = _play(3, agent)
    assert game.result is not None
    mine = sum(1 for record in game.log if record.kind == "answer" and "player 0 chose" in record.text)
    assert agent.stats.searches + agent.stats.forced == mine
    assert agent.stats.searches > 0 and agent.stats.iterations == 6 * agent.stats.searches


def test_ismcts_with_an_iteration_budget_is_reproducible() -> None:
    first = _play(8, IsmctsAgent(5, iterations=5, rollout_depth=3))
    again = _play(8, IsmctsAgent(5, iterations=5, rollout_depth=3))
    assert first.history == again.history


def test_ismcts_does_not_change_the_game_it_searches() -> None:
    game = _game(4)
    before = (len(game.history), game.view(0).dumps(), game.view(1).dumps())
    IsmctsAgent(1, iterations=8).choose(game, game.pending)  # type: ignore[arg-type]
    assert (len(game.history), game.view(0).dumps(), game.view(1).dumps()) == before


def test_a_time_budget_stops_the_search() -> None:
    agent = IsmctsAgent(2, iterations=10**9, seconds=0.05)
    game = _game(2)
    agent.choose(game, game.pending)  # type: ignore[arg-type]
    assert agent.stats.iterations >= 1 and agent.stats.seconds < 5.0


def test_multi_pick_answers_are_all_combinations_or_a_sample() -> None:
    options = tuple(Option(f"o{i}") for i in range(5))
    two_of_five = Decision(0, "break", "break two", options, 2, 2)
    assert len(actions(two_of_five)) == 10 and all(len(a) == 2 for a in actions(two_of_five))
    many = Decision(0, "choose_cards", "up to six", tuple(Option(f"o{i}") for i in range(12)), 0, 6)
    sample = actions(many)
    assert len(sample) == MAX_COMBINATIONS and () in sample
    assert all(len(set(a)) == len(a) <= 6 for a in sample)


def test_evaluation_scores_a_finished_game_won_or_lost() -> None:
    game = _play(6, IsmctsAgent(6, iterations=4, rollout_depth=2))
    assert game.result is not None and game.result.winner is not None
    winner = game.result.winner
    assert evaluate(game, winner) == 1.0 and evaluate(game, 1 - winner) == 0.0
    fresh = _game(6)
    assert evaluate(fresh, 0) == pytest.approx(1 - evaluate(fresh, 1))


def test_agent_specs_are_checked() -> None:
    assert parse_agent("ismcts:iterations=16:depth=0") == ("ismcts", {"iterations": 16, "depth": 0})
    agent = make_agent("ismcts:seconds=0.1", 1)
    assert isinstance(agent, IsmctsAgent) and agent.seconds == 0.1
    for bad, message in [
        ("mcts", "unknown agent"),
        ("ismcts:budget=3", "unknown option"),
        ("ismcts:iterations=x", "must be a number"),
        ("ismcts:iterations=0", "must be positive"),
        ("random:iterations=3", "unknown option"),
    ]:
        with pytest.raises(TcgError, match=message):
            parse_agent(bad)
