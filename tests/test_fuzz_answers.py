"""Fuzz: random illegal answers (and malformed injected events) at random decisions of all three games.

Each is refused with :class:`IllegalActionError` (an injected event with :class:`DefinitionError`), and
the game is exactly as it was: its save (recipe, history, fingerprint of the visible state), its log and
its pending decision compare equal before and after. After the refusals the game goes on with legal
answers, and a save made at the end loads back to the same state, so no refusal left a trace. Fixed
seeds; the counts per kind are printed at the end of the run (conftest.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fuzz_helpers import COUNTS, MEGABYTES, bounded, peak_megabytes
from tcgrules.agents import RandomAgent
from tcgrules.games.duel_masters import setup as dm_setup
from tcgrules.games.duel_masters import standard_decks
from tcgrules.games.magic.board import setup as magic_setup
from tcgrules.games.monster_collection.rules import setup as mc_setup
from tcgrules.kernel import Decision, DefinitionError, Game, IllegalActionError, TcgError
from tcgrules.kernel import save as S
from tcgrules.scenarios import load_scenario
from tcgrules.scenarios.runner import driver_for, scenario_files

RULINGS = Path(__file__).parent / "rulings"
SETUPS: dict[str, Callable[[Any], Game]] = {
    "duel_masters": dm_setup,
    "magic": magic_setup,
    "monster_collection": mc_setup,
}


def illegal_answers(decision: Decision, rng: random.Random, stale: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(kind, labels) pairs that no rule may accept for ``decision``."""
    labels = decision.labels
    label = rng.choice(labels) if labels else "x"
    out: list[tuple[str, Any]] = [
        ("unknown_label", (label + rng.choice(["x", ":", " ", "\x00"]),)),
        (
            "wrong_type",
            (rng.choice([0, -1, 2**70, 1.5, None, True, b"x", {}, {label: 1}, [label], (label,)]),),
        ),
        ("huge_label", ("y" * rng.choice([10_000, 1_000_000]),)),
    ]
    if labels:
        out.append(("duplicate", (label, label)))
    if len(labels) > decision.max:
        out.append(("too_many", labels[: decision.max + 1]))
    if decision.min >= 1:
        out.append(("too_few", labels[: decision.min - 1]))
    foreign = [s for s in stale if s not in labels]
    if foreign:
        out.append(("stale_label", (rng.choice(foreign),)))
    return out


BAD_INJECTS: list[Any] = [
    {},
    [],
    "destroy",
    {"event": [1]},
    {"event": {"a": 1}},
    {"event": "destroy", "targets": 5},
    {"event": "destroy", "target": [1]},
    {"event": "destroy", "target": 10**9},
    {"event": "power", "target": 0, "amount": "lots"},
    {"event": "power", "target": 0, "amount": float("inf")},
    {"event": "damage", "target": 0, "amount": -5, "attribute": "火炎"},
    {"event": "draw", "player": "Z"},
    {"event": "move", "target": 0, "to": ["hand"]},
    {"event": "destroy", "target": 0, "source": 5},
    {"event": "destroy", "target": 0, "source": {"card": [1]}},
    {"play": {"x": 1}},
    {"attack": None},
    {1: 2},
]


def snapshot(game: Game) -> tuple[Any, ...]:
    return (S.dumps(game), len(game.log), game.pending, game.result, game.turn, game.rng.state)


def fuzz_game(game: Game, setup: Callable[[Any], Game], seed: int, decisions: int, suite: str) -> None:
    counts: Counter[str] = COUNTS.setdefault(suite, Counter())
    rng = random.Random(seed)
    agent = RandomAgent(seed)
    stale: tuple[str, ...] = ()
    for _ in range(decisions):
        decision = game.pending
        if decision is None:
            break
        if rng.random() < 0.6:
            before = snapshot(game)
            for kind, labels in rng.sample(illegal_answers(decision, rng, stale), 2):
                with pytest.raises(IllegalActionError) as info:
                    bounded(lambda labels=labels: game.answer(*labels), f"{suite} {seed} {kind}")
                assert len(str(info.value)) < 1000, kind
                counts[kind] += 1
            if rng.random() < 0.3:
                spec = rng.choice(BAD_INJECTS)
                with pytest.raises(TcgError):
                    game.inject(spec)
                counts["bad_inject"] += 1
            assert snapshot(game) == before, f"{suite} seed {seed}: a refusal changed the game"
        stale = decision.labels
        game.answer(*agent.choose(game, decision))
    if game.pending is None:  # over: any answer is refused, and changes nothing
        before = snapshot(game)
        with pytest.raises(IllegalActionError, match="no decision is pending"):
            game.answer("anything")
        counts["after_the_end"] += 1
        assert snapshot(game) == before
    again = S.loads(S.dumps(game), setup)
    assert S.fingerprint(again) == S.fingerprint(game) and again.history == game.history


def test_fuzz_illegal_answers_in_duel_masters_games() -> None:
    decks = [list(d.cards) for d in standard_decks()]
    start_peak = peak_megabytes()
    for seed in range(10):
        game = dm_setup({"decks": decks, "seed": seed})
        fuzz_game(game, dm_setup, seed, 150, "answers: duel_masters")
    assert peak_megabytes() - start_peak < MEGABYTES


@pytest.mark.parametrize("game_name", ["duel_masters", "magic", "monster_collection"])
def test_fuzz_illegal_answers_on_ruling_boards(game_name: str) -> None:
    """The judge's boards of the ruling scenarios: decisions the random games rarely reach."""
    for n, path in enumerate(scenario_files([RULINGS / game_name])):
        scn = load_scenario(path)
        game = driver_for(scn.game).build(scn)
        game.recipe = {k: v for k, v in game.recipe.items() if k != "scenario"}
        catalog = {card.name: card for card in scn.cards}

        def setup(recipe: Any, catalog: dict[str, Any] = catalog, scn: Any = scn) -> Game:
            if not catalog:
                return SETUPS[game_name](recipe)
            return driver_for(game_name).build(scn)

        fuzz_game(game, setup, n, 25, f"answers: {game_name} boards")


def test_fuzz_illegal_answer_kinds_are_all_exercised() -> None:
    if not COUNTS.get("answers: duel_masters"):
        test_fuzz_illegal_answers_in_duel_masters_games()  # run alone: make the mutants it counts
    counts = COUNTS["answers: duel_masters"]
    for kind in (
        "unknown_label",
        "wrong_type",
        "huge_label",
        "duplicate",
        "too_many",
        "too_few",
        "bad_inject",
    ):
        assert counts[kind] > 0, kind


def test_refused_inject_is_a_definition_error_not_an_illegal_answer() -> None:
    game = dm_setup({"decks": [list(d.cards) for d in standard_decks()], "seed": 1})
    with pytest.raises(DefinitionError):
        game.inject({"event": [1]})
