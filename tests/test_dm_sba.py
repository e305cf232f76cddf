"""703.3/703.4: the state-based actions checked incrementally find exactly what the full check finds.

``rules.state_based_actions`` runs after every event batch and looks only at what can newly satisfy a
condition (its docstring says what it skips and why). The proof: in seeded random games — the library's
decks and random 40-card decks drawn from the whole library, so that special cards, twinpacts and
power-changing effects come up — every call is shadowed by the full check on a copy of the game, and
both must return the same events and leave the game in the same state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dm_helpers import random_library_deck
from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import library_decks, setup
from tcgrules.games.duel_masters import rules as dm_rules
from tcgrules.kernel import Event, Game
from tcgrules.kernel.probes import PROBES

pytestmark = pytest.mark.dm_rules("703.3", "703.4")

SEEDS = 12
MAX_DECISIONS = 3000


def summary(events: list[Event]) -> list[tuple[Any, ...]]:
    return [(e.kind, e.subject, e.player, e.source.rule, sorted(e.args.items())) for e in events]


def state(game: Game) -> tuple[Any, ...]:
    return (
        game.result,
        sorted((oid, sorted(o.state.items(), key=repr)) for oid, o in game.objects.items()),
        [sorted(p.items(), key=repr) for p in game.players_info],
    )


class Shadowed:
    """The rules' state-based actions, each call checked against the full check on a copy (a probe,
    kernel/probes.py: called with the rules' own method, which it replaces by the incremental check)."""

    def __init__(self) -> None:
        self.calls = 0
        self.found = 0

    def __call__(self, real: Any, game: Game) -> list[Event]:
        shadow = game.copy()
        expected = dm_rules.state_based_actions(shadow, full=True)
        got = dm_rules.state_based_actions(game)
        assert summary(got) == summary(expected), f"turn {game.turn}: incremental {got} != full {expected}"
        assert state(game) == state(shadow)
        self.calls += 1
        self.found += bool(got)
        return got


def games() -> Iterator[tuple[str, dict[str, Any]]]:
    decks = [list(d.cards) for d in library_decks()]
    for i, a in enumerate(decks):
        for b in decks[i:]:
            for seed in range(SEEDS // 3):
                yield f"library-{i}-{seed}", {"decks": [a, b], "seed": seed}
    for seed in range(SEEDS):
        rng = random.Random(seed)
        yield f"random-{seed}", {"decks": [random_library_deck(rng), random_library_deck(rng)], "seed": seed}


@pytest.mark.parametrize(("name", "recipe"), list(games()), ids=[n for n, _ in games()])
def test_703_incremental_state_based_actions_equal_the_full_check(
    name: str, recipe: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = setup(recipe)
    shadowed = Shadowed()
    monkeypatch.setitem(PROBES, "state_based_actions", shadowed)  # kernel/probes.py: in every build
    agents = [RandomAgent(2 * recipe["seed"] + p) for p in range(2)]
    for _ in range(MAX_DECISIONS):
        decision = game.pending
        if decision is None:
            break
        game.answer(*agents[decision.player].choose(game, decision))
    assert game.result is not None
    assert shadowed.found > 0  # at least the loss that ended it
