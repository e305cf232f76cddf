"""Players that answer decisions: a seeded random agent, a first-legal-option agent and a greedy one."""

from __future__ import annotations

from typing import Protocol

from ..kernel import Decision, Game, Rng


class Agent(Protocol):
    def choose(self, game: Game, decision: Decision) -> tuple[str, ...]:
        """The labels to answer ``decision`` with."""
        ...


class RandomAgent:
    """Picks uniformly at random with its own seeded generator: first how many (between the decision's
    ``min`` and ``max``), then which."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, decision: Decision) -> tuple[str, ...]:
        labels = decision.labels
        count = decision.min + self.rng.below(decision.max - decision.min + 1)
        return tuple(self.rng.sample(labels, count))


class FirstLegalAgent:
    """Always answers with the first options in the order given (at least one when any may be picked)."""

    def choose(self, game: Game, decision: Decision) -> tuple[str, ...]:
        count = max(decision.min, min(1, decision.max))
        return decision.labels[:count]


def play_out(game: Game, agents: list[Agent] | tuple[Agent, ...], *, max_decisions: int = 100_000) -> Game:
    """Answer decisions with ``agents[player]`` until the game ends."""
    for _ in range(max_decisions):
        decision = game.pending
        if decision is None:
            break
        game.answer(*agents[decision.player].choose(game, decision))
    return game


from .greedy import GreedyAgent  # noqa: E402  (it imports nothing from this module)

__all__ = ["Agent", "FirstLegalAgent", "GreedyAgent", "RandomAgent", "play_out"]
