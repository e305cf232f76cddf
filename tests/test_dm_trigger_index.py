"""603.2/603.5c: the indexed trigger collection finds exactly the waiting triggers the unindexed one finds.

The kernel looks, for each happened event, only at the general triggered abilities of its kind and at the
card-bound ones (``Triggered.card_bound``: a language-2 pattern whose subject is this card) of the cards the
event is about, in the registry and in the look-back list of a batch. The proof: in seeded random games —
the library's decks and random 40-card decks drawn from the whole catalog — every call of the indexed
``trigger_candidates`` is shadowed by the unindexed reference ``all_trigger_candidates``: the indexed list
is the reference in the same order with some left out, and every one left out does not match (checked on a
copy of the game, since matching may note a once-per-turn use). So both find the same triggers, in order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dm_helpers import random_library_deck
from tcgrules import bench
from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import library_decks, setup
from tcgrules.games.duel_masters.zones import BATTLE
from tcgrules.kernel import Effect, Game, Happened, Triggered, pipeline
from tcgrules.kernel.probes import PROBES

pytestmark = pytest.mark.dm_rules("603.2", "603.5c")

SEEDS = 12
MAX_DECISIONS = 3000


def recipes() -> list[tuple[str, dict[str, Any]]]:
    decks = [list(d.cards) for d in library_decks()]
    out = []
    for i, a in enumerate(decks):
        for j, b in enumerate(decks[i:], start=i):
            out.append((f"library-{i}-{j}", {"decks": [a, b], "seed": i + j}))
    for seed in range(SEEDS):
        rng = random.Random(seed)
        out.append(
            (f"random-{seed}", {"decks": [random_library_deck(rng), random_library_deck(rng)], "seed": seed})
        )
    return out


class Shadowed:
    """``pipeline.trigger_candidates``, each call checked against the unindexed reference."""

    def __init__(self) -> None:
        self.calls = 0
        self.skipped = 0
        self.bound_found = 0

    def __call__(
        self, real: Any, game: Game, h: Happened, lookback: pipeline.LookBack | None
    ) -> list[Effect]:
        got: list[Effect] = real(game, h, lookback)
        reference = pipeline.all_trigger_candidates(game, h, lookback.effects if lookback else [])
        kept = {e.eid for e in got}
        assert [e.eid for e in reference if e.eid in kept] == [e.eid for e in got], (
            f"turn {game.turn}, {h.kind}: indexed {[e.eid for e in got]} is not the reference "
            f"{[e.eid for e in reference]} in order"
        )
        left_out = [e for e in reference if e.eid not in kept]
        if left_out:
            probe = game.copy()
            for effect in left_out:
                ability: Triggered = effect.ability  # type: ignore[assignment]  # TRIGGER entries
                assert not ability.matches(probe, effect, h), (
                    f"turn {game.turn}: {ability.label} was left out of {h.kind} but matches it"
                )
        self.calls += 1
        self.skipped += len(left_out)
        self.bound_found += sum(1 for e in got if h.kind in getattr(e.ability, "card_bound", ()))
        return got


@pytest.mark.parametrize(("name", "recipe"), recipes(), ids=[n for n, _ in recipes()])
def test_603_indexed_trigger_collection_equals_the_unindexed_one(
    name: str, recipe: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    shadowed = Shadowed()
    monkeypatch.setitem(PROBES, "trigger_candidates", shadowed)  # kernel/probes.py: in every build
    game = setup(recipe)
    agents = [RandomAgent(2 * recipe["seed"] + p) for p in range(2)]
    for _ in range(MAX_DECISIONS):
        decision = game.pending
        if decision is None:
            break
        game.answer(*agents[decision.player].choose(game, decision))
    assert game.result is not None
    assert shadowed.calls > 0


def test_603_5c_a_batch_destroying_n_self_trigger_creatures_checks_each_trigger_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each of N destroyed からみカズラ (「このクリーチャーが破壊された時」) is checked against its own
    trigger only: N checks, not N²; and all N trigger (they look back, 603.5c)."""
    game, events = bench.destroy_game(bench.standard_deck_lists(), 40)
    bench.unwatched(game)
    trigger = game.rules.compiled(bench.SELF_TRIGGER_CREATURE).by_zone[BATTLE][0]  # type: ignore[attr-defined]
    assert "destroy" in trigger.card_bound
    checked: list[int] = []

    def counting(real: Any, g: Game, effect: Effect, h: Happened) -> bool:
        if type(effect.ability) is type(trigger):
            checked.append(effect.eid)
        return bool(real(g, effect, h))

    monkeypatch.setitem(PROBES, "trigger_matches", counting)  # kernel/probes.py: in every build
    assert bench.perform_batch(game, events) == 40
    assert len(checked) == 40 and len(set(checked)) == 40
