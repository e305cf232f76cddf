"""The invariant harness: seeded random Duel Masters games, checked after every answer.

In the manner of OpenSpiel's ``RandomSimulation``: both players are :class:`RandomAgent`s with their own
seeds, every game ends, and after each answer the state is checked for

* conservation: every card in exactly one object, every object in exactly one zone, and the zone lists,
  ``objects`` and ``card_object`` agree (DESIGN "Cards are conserved");
* decisions: option labels are unique, and asking the same state again gives the same decision with the
  same labels in the same order (kernel/decisions.py: "Labels are stable");
* copy: a copy answered like the original continues identically, and never affects the original;
* save/load: a loaded game is in the same state and continues identically;
* termination: every game ends with a result naming a rule, without an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pytest

from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import setup, standard_decks
from tcgrules.kernel import Game, IllegalActionError
from tcgrules.kernel import save as S

GAMES = 200
"""Seeded games per property."""
SAMPLE_EVERY = 5
"""copy / save-load continuations are checked at every 5th decision."""
CONTINUE_STEPS = 4
"""How many answers a continuation is compared for."""
MAX_DECISIONS = 5_000
"""Far more than any random game needs (about 95 on average); a game still running is a failure."""
TOTAL_CARDS = 80


@cache
def decks() -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(d.cards) for d in standard_decks())


def new_game(seed: int) -> Game:
    return setup({"decks": [list(d) for d in decks()], "seed": seed})


def agents(seed: int) -> tuple[RandomAgent, RandomAgent]:
    return RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)


def play(seed: int) -> Iterator[tuple[int, Game, tuple[str, ...]]]:
    """Play game ``seed``; yield ``(step, game, answer)`` after each answer was given.

    The caller may inspect the game, but must not answer it. The answer is chosen before it is yielded,
    so that a check can give the same answer to a copy."""
    game = new_game(seed)
    players = agents(seed)
    yield 0, game, ()
    for step in range(1, MAX_DECISIONS + 1):
        decision = game.pending
        if decision is None:
            return
        answer = players[decision.player].choose(game, decision)
        game.answer(*answer)
        yield step, game, answer
    raise AssertionError(f"seed {seed}: no result after {MAX_DECISIONS} decisions")


def rendered(game: Game, start: int) -> list[str]:
    return [f"{r.seq} {r.turn} {r.render()}" for r in game.log[start:]]


class where:  # lower case: it reads as a phrase in assertion messages, where(seed, step, game)
    """Where a check failed; formatted only when an assertion message is shown."""

    __slots__ = ("game", "note", "seed", "step")

    def __init__(self, seed: int, step: int, game: Game, note: str = "") -> None:
        self.seed, self.step, self.game, self.note = seed, step, game, note

    def __repr__(self) -> str:
        game = self.game
        note = f"; {self.note}" if self.note else ""
        return f"seed {self.seed}, step {self.step}, turn {game.turn}{note}; pending {game.pending}"

    __str__ = __repr__


# ------------------------------------------------------------------------------------------- checks


def check_cards_conserved(game: Game, context: where) -> None:
    assert len(game.cards) == TOTAL_CARDS, context
    assert [c.cid for c in game.cards] == list(range(TOTAL_CARDS)), context
    # Every object is in exactly one zone, and only objects are in zones.
    in_zones: dict[int, tuple[int, str]] = {}
    for key, oids in game.zones.items():
        for oid in oids:
            assert oid not in in_zones, f"{context}: object {oid} is in {in_zones[oid]} and {key}"
            in_zones[oid] = key
    assert set(in_zones) == set(game.objects), (
        f"{context}: objects not in a zone {sorted(set(game.objects) - set(in_zones))}, "
        f"zone entries without an object {sorted(set(in_zones) - set(game.objects))}"
    )
    # Every card is in exactly one object, and card_object says which.
    holder: dict[int, int] = {}
    for oid, obj in game.objects.items():
        assert obj.oid == oid, f"{context}: object {oid} calls itself {obj.oid}"
        assert obj.zone == in_zones[oid], f"{context}: object {oid} says {obj.zone}, is in {in_zones[oid]}"
        assert obj.cards, f"{context}: object {oid} holds no card"
        for cid in obj.cards:
            assert cid not in holder, f"{context}: card {cid} is in objects {holder[cid]} and {oid}"
            holder[cid] = oid
    assert sorted(holder) == list(range(TOTAL_CARDS)), (
        f"{context}: lost cards {sorted(set(range(TOTAL_CARDS)) - set(holder))}"
    )
    assert game.card_object == holder, f"{context}: card_object disagrees with the objects"


def test_cards_conserved_every_step() -> None:
    for seed in range(GAMES):
        for step, game, _ in play(seed):
            check_cards_conserved(game, where(seed, step, game))


def test_option_labels_unique_and_stable() -> None:
    for seed in range(GAMES):
        for step, game, _ in play(seed):
            decision = game.pending
            if decision is None:
                continue
            context = where(seed, step, game)
            labels = decision.labels
            assert labels, f"{context}: a decision without options"
            assert len(set(labels)) == len(labels), f"{context}: duplicate labels {labels}"
            assert 0 <= decision.min <= decision.max <= len(labels), context
            # Ask the same state again: the frame on top rebuilds its decision from the state (the frame
            # contract in kernel/frames.py; this is what happens after an injected event).
            again = game.copy()
            again.pending = None
            again.advance()
            assert again.pending == decision, f"{context}: asked again, got {again.pending}"
            assert S.state_summary(again) == S.state_summary(game), context


def follow(
    seed: int, fork: Callable[[int, int, Game], Game], what: str, *, every: int = SAMPLE_EVERY
) -> None:
    """Play game ``seed``. At every ``every``-th decision (staggered by seed, so that every residue is
    sampled across the games) ``fork`` makes a second game from it — a copy, a loaded save — which is
    then given the same answers as the game for CONTINUE_STEPS answers and compared with it after each
    (and at the fork): fingerprint, pending decision, result and the rendered log since the fork."""
    followers: list[tuple[Game, int, int]] = []  # (game, step forked at, log length at the fork)
    for step, game, answer in play(seed):
        for other, _, _ in followers:
            other.answer(*answer)
        if (step + seed) % every == 0 and game.pending is not None:
            followers.append((fork(seed, step, game), step, len(game.log)))
        summary = S.state_summary(game) if followers else {}
        for other, forked, start in followers:
            context = where(seed, step, game, f"{what} made at step {forked}")
            # The summary is what the fingerprint hashes; comparing it shows a readable difference.
            assert S.state_summary(other) == summary, context
            if step - forked == CONTINUE_STEPS or game.pending is None:
                assert S.fingerprint(other) == S.fingerprint(game), context
            assert other.pending == game.pending, context
            assert other.result == game.result, context
            assert rendered(other, start) == rendered(game, start), context
        followers = [f for f in followers if step - f[1] < CONTINUE_STEPS and game.pending is not None]


def test_copy_continues_identically() -> None:
    """A copy answered like the original continues identically (and the original, answered after the
    copy was taken, continues like the copy)."""
    for seed in range(GAMES):
        follow(seed, lambda _seed, _step, game: game.copy(), "copy")


def test_copy_is_independent() -> None:
    """Answering a copy never changes the game it was copied from."""
    for seed in range(GAMES):
        for step, game, _ in play(seed):
            if (step + seed) % (2 * SAMPLE_EVERY) or game.pending is None:
                continue
            before = (S.fingerprint(game), len(game.log), game.pending, len(game.history), game.rng.state)
            copied = game.copy()
            agent = RandomAgent(seed * 104729 + step)
            for _ in range(CONTINUE_STEPS):
                if copied.pending is None:
                    break
                copied.answer(*agent.choose(copied, copied.pending))
            after = (S.fingerprint(game), len(game.log), game.pending, len(game.history), game.rng.state)
            assert after == before, where(seed, step, game)


def save_and_load(seed: int, step: int, game: Game) -> Game:
    context = where(seed, step, game)
    text = S.dumps(game)
    loaded = S.loads(text, setup)
    assert rendered(loaded, 0) == rendered(game, 0), f"{context}: the replayed log differs"
    assert S.dumps(loaded) == text, f"{context}: saving the loaded game gives another save"
    return loaded


def test_save_load_continues_identically() -> None:
    """Save → load gives the same state, the same log and the same save, and continues identically.
    Sampled every 10th decision: a load replays the whole history, so it costs a game."""
    for seed in range(GAMES):
        follow(seed, save_and_load, "save/load", every=10)


def test_save_load_at_the_end_keeps_the_result() -> None:
    for seed in range(0, GAMES, 10):
        *_, (step, game, _) = play(seed)
        loaded = S.loads(S.dumps(game), setup)
        assert loaded.result == game.result, where(seed, step, game)
        assert S.fingerprint(loaded) == S.fingerprint(game)


def finished(seed: int) -> Game:
    last: Game | None = None
    for _, game, _ in play(seed):
        last = game
    assert last is not None
    return last


def check_ended(seed: int, game: Game) -> None:
    result = game.result
    assert result is not None, f"seed {seed}: the game stopped without a result"
    assert game.is_terminal and game.pending is None, f"seed {seed}"
    assert result.rule, f"seed {seed}: the result {result} names no rule"
    assert result.reason, f"seed {seed}: the result {result} gives no reason"
    assert set(result.losers) <= {0, 1} and result.losers, f"seed {seed}: {result}"
    assert result.winner is None or result.winner not in result.losers, f"seed {seed}: {result}"
    assert game.log[-1].kind == "result" and game.log[-1].rule == result.rule, f"seed {seed}"
    with pytest.raises(IllegalActionError, match="game is over"):
        game.answer()


def test_games_end_with_a_result_and_a_rule() -> None:
    for seed in range(GAMES):
        check_ended(seed, finished(seed))


def test_same_seed_same_game() -> None:
    """Deterministic: the same seed and answers give the same log (DESIGN, "Properties")."""
    for seed in range(0, GAMES, 20):
        first, second = finished(seed), finished(seed)
        assert rendered(first, 0) == rendered(second, 0), f"seed {seed}"
        assert S.fingerprint(first) == S.fingerprint(second), f"seed {seed}"


def test_1000_random_games_finish() -> None:
    for seed in range(1000, 2000):
        game = new_game(seed)
        players = agents(seed)
        for _ in range(MAX_DECISIONS):
            decision = game.pending
            if decision is None:
                break
            game.answer(*players[decision.player].choose(game, decision))
        check_ended(seed, game)


def test_copy_with_many_effects_is_independent() -> None:
    """With 10,000 more effects registered (the registry is copy-on-write), answering a copy never changes
    the original's effects or state, and answering the original never changes the copy's."""
    from tcgrules import bench

    game = bench.mid_game([list(d) for d in decks()])
    bench.add_unused_effects(game, 10_000)

    def state(g: Game) -> tuple[object, ...]:
        return (S.fingerprint(g), [(e.eid, e.host, e.ability.label) for e in g.effects], g.pending)

    before = state(game)
    copied = game.copy()
    agent = RandomAgent(7)
    for _ in range(CONTINUE_STEPS * 3):
        if copied.pending is None:
            break
        copied.answer(*agent.choose(copied, copied.pending))
    assert state(game) == before
    copied_state = state(copied)
    for _ in range(CONTINUE_STEPS * 3):
        if game.pending is None:
            break
        game.answer(*agent.choose(game, game.pending))
    assert state(copied) == copied_state
