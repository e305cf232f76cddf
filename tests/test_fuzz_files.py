"""Fuzz: mutated card, deck, scenario and save files end in a clean project error or a valid result.

Seeds are the shipped files (cards of all three games, the decks, ruling scenarios of all three games) and
a save of a random game. Each mutant is one of: byte flips, truncation, a value of the wrong type, a hostile
value (aliases, deep nesting, huge numbers, bad dates, tags) and a control character. Every mutant must
either load (and, for a scenario, run to an outcome) or raise a :class:`TcgError`, within the CPU bound;
no scenario may fail through the runner's last resort (``Outcome.unexpected``). Fixed seeds: the same
mutants on every run, so a failure is reproduced by its seed.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fuzz_helpers import (
    COUNTS,
    MEGABYTES,
    bounded,
    byte_flip,
    control_char,
    hostile_value,
    peak_megabytes,
    truncate,
    wrong_type,
    yaml_wrong_type,
)
from tcgrules.agents import RandomAgent
from tcgrules.cards.loader import load_file as dm_cards
from tcgrules.cards.vocabulary import DUEL_MASTERS
from tcgrules.games.duel_masters import load_deck, setup, standard_catalog, standard_decks
from tcgrules.games.duel_masters.rules import CARDS_DIR as DM_CARDS
from tcgrules.games.duel_masters.rules import DECKS_DIR
from tcgrules.games.magic.loader import load_file as magic_cards
from tcgrules.games.magic.rules import CARDS_DIR as MAGIC_CARDS
from tcgrules.games.monster_collection.cards import CARDS_DIR as MC_CARDS
from tcgrules.games.monster_collection.cards import load_file as mc_cards
from tcgrules.kernel import TcgError
from tcgrules.kernel import save as S
from tcgrules.kernel.errors import LONGEST
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import UnforeseenValue, scenario_files

RULINGS = Path(__file__).parent / "rulings"
TEXT_KINDS = ("byte_flip", "truncate", "wrong_type", "hostile_value", "control_char")
PER_SEED = 8
"""Mutants of each kind per seed file."""


def mutate(kind: str, raw: bytes, rng: random.Random) -> bytes:
    text = raw.decode("utf-8")
    if kind == "byte_flip":
        return byte_flip(raw, rng)
    if kind == "truncate":
        return truncate(raw, rng)
    if kind == "wrong_type":
        return yaml_wrong_type(text, rng).encode()
    if kind == "hostile_value":
        return hostile_value(text, rng).encode("utf-8", "surrogatepass")
    return control_char(text, rng).encode("utf-8", "surrogatepass")


def fuzz_files(
    suite: str, seeds: list[Path], read: Callable[[Path], Any], tmp_path: Path, per_seed: int = PER_SEED
) -> Counter[str]:
    """Every mutant of every seed file through ``read``: a result or a TcgError, within the bounds."""
    counts: Counter[str] = COUNTS.setdefault(suite, Counter())
    outcomes: Counter[str] = Counter()
    start_peak = peak_megabytes()
    target = tmp_path / "mutant.yaml"
    for seed_number, seed in enumerate(seeds):
        raw = seed.read_bytes()
        for kind in TEXT_KINDS:
            for n in range(per_seed):
                rng = random.Random(f"{suite}:{seed.name}:{kind}:{n}")
                target.write_bytes(mutate(kind, raw, rng))
                what = f"{suite} {seed.name} {kind} #{n}"
                try:
                    bounded(lambda: read(target), what)
                    outcomes["valid"] += 1
                except TcgError as exc:
                    assert 0 < len(str(exc)) <= LONGEST, what
                    outcomes["error"] += 1
                counts[kind] += 1
        assert peak_megabytes() - start_peak < MEGABYTES, (
            f"{suite}: memory grew after {seed_number + 1} seeds"
        )
    assert outcomes["error"] > 0  # the mutants are hostile enough to be refused
    return outcomes


def _run(path: Path) -> None:
    try:
        outcome = run_scenario(load_scenario(path))
    except UnforeseenValue as exc:
        raise AssertionError(f"a value no check foresaw: {exc}") from exc
    assert all(len(failure) <= LONGEST for failure in outcome.failures)


def test_fuzz_card_files_of_every_game(tmp_path: Path) -> None:
    readers: list[tuple[list[Path], Callable[[Path], Any]]] = [
        (sorted(DM_CARDS.glob("*.yaml")), lambda p: dm_cards(p, DUEL_MASTERS)),
        (sorted(MAGIC_CARDS.glob("*.yaml")), magic_cards),
        (sorted(MC_CARDS.glob("*.yaml")), mc_cards),
    ]
    for seeds, read in readers:
        fuzz_files("card files", seeds, read, tmp_path, per_seed=10)


def test_fuzz_deck_files(tmp_path: Path) -> None:
    catalog = standard_catalog()
    fuzz_files("deck files", sorted(DECKS_DIR.glob("*.yaml")), lambda p: load_deck(p, catalog), tmp_path, 40)


def test_fuzz_scenario_files_of_every_game(tmp_path: Path) -> None:
    fuzz_files("scenario files", scenario_files([RULINGS]), _run, tmp_path, per_seed=2)


def test_fuzz_card_scenario_files(tmp_path: Path) -> None:
    """The scenarios of the library's cards (tests/cards): one mutant of each kind per file."""
    fuzz_files("card scenario files", scenario_files([RULINGS.parent / "cards"]), _run, tmp_path, per_seed=1)


# --------------------------------------------------------------------------- saves

SAVE_KINDS = ("byte_flip", "truncate", "wrong_type", "deep_nesting", "huge_number", "control_char")


def _save_text() -> str:
    game = setup({"decks": [list(d.cards) for d in standard_decks()], "seed": 11})
    agent = RandomAgent(11)
    for _ in range(15):
        assert game.pending is not None
        game.answer(*agent.choose(game, game.pending))
    game.inject({"event": "draw", "player": "A"})
    return S.dumps(game)


def mutate_save(kind: str, text: str, rng: random.Random) -> str | bytes:
    if kind == "byte_flip":
        return byte_flip(text.encode(), rng)
    if kind == "truncate":
        return text[: rng.randrange(len(text) + 1)]
    if kind == "wrong_type":
        return json.dumps(wrong_type(json.loads(text), rng), allow_nan=True)
    if kind == "deep_nesting":
        depth = rng.choice([100, 5000, 100_000])
        at = text.index("[", rng.randrange(len(text) // 2))
        return text[:at] + "[" * depth + "]" * depth + ", " + text[at:]
    if kind == "huge_number":
        number = rng.choice(["9" * 5000, "1e400", "-1e400", "NaN", "Infinity", str(2**64)])
        data = json.loads(text)
        history = data["history"]
        slot = rng.choice(["seed", "first", "history"])
        if slot == "seed":
            return text.replace('"seed": 11', f'"seed": {number}')
        if slot == "first":
            return text.replace('"recipe": {', f'"recipe": {{"first_player": {number}, ', 1)
        history.insert(rng.randrange(len(history) + 1), ["inject", {"event": "power", "amount": 0}])
        return json.dumps(data).replace('"amount": 0', f'"amount": {number}')
    return control_char(text, rng)


def test_fuzz_save_files() -> None:
    text = _save_text()
    counts: Counter[str] = COUNTS.setdefault("save files", Counter())
    start_peak = peak_megabytes()
    refused = 0
    for kind in SAVE_KINDS:
        for n in range(25):
            rng = random.Random(f"save:{kind}:{n}")
            mutant = mutate_save(kind, text, rng)
            try:
                bounded(lambda m=mutant: S.loads(m, setup), f"save {kind} #{n}")  # type: ignore[misc]
            except TcgError:
                refused += 1
            counts[kind] += 1
    assert refused > 0
    assert peak_megabytes() - start_peak < MEGABYTES


@pytest.mark.parametrize("kind", TEXT_KINDS)
def test_each_mutation_changes_its_seed(kind: str) -> None:
    """The mutator is not a no-op (a mutant equal to its seed would test nothing)."""
    raw = (MAGIC_CARDS / "basic.yaml").read_bytes()
    changed = sum(mutate(kind, raw, random.Random(n)) != raw for n in range(10))
    assert changed >= 8
