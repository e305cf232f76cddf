"""The English-era sets written in card language 2 from their English printing (DM-05, DM-07 to DM-15):
for each, every scenario under tests/cards/<set> passes and cites its source and rules, the reference file
holds the whole set, the library file agrees with the reference facts card by card (in set-number order),
and every card with a non-keyword ability has a scenario. (DM-01 to DM-04 and DM-06 have their own modules,
with checks of their own; DM-05's keeps the checks a scenario cannot state.)"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

ROOT = Path(__file__).parent.parent
CARDS = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards"
REFERENCES = Path(__file__).parent / "data" / "card_reference"

SETS = {
    "dm05": 60,
    "dm07": 60,
    "dm08": 60,
    "dm09": 60,
    "dm10": 120,
    "dm11": 60,
    "dm12": 60,
    "dm13": 60,
    "dm14": 120,
    "dm15": 60,
}
"""Each set's file stem and how many cards the set has."""


def _set_code(stem: str) -> str:
    return f"DM-{stem[2:]}"


def _reference(stem: str) -> list[dict[str, object]]:
    loaded: list[dict[str, object]] = yaml.safe_load(
        (REFERENCES / f"{stem}.yaml").read_text(encoding="utf-8")
    )
    return loaded


def _library(stem: str) -> list[dict[str, object]]:
    loaded: list[dict[str, object]] = yaml.safe_load((CARDS / f"{stem}.yaml").read_text(encoding="utf-8"))
    return loaded or []  # a set whose file holds no card yet


SCENARIOS = [
    (stem, path) for stem in SETS for path in scenario_files([Path(__file__).parent / "cards" / stem])
]


@pytest.mark.parametrize(("stem", "path"), SCENARIOS, ids=[f"{s}/{p.name}" for s, p in SCENARIOS])
def test_english_set_card_scenario(stem: str, path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


@pytest.mark.parametrize("stem", SETS)
def test_english_set_reference_has_the_whole_set(stem: str) -> None:
    ref = _reference(stem)
    assert len(ref) == SETS[stem] and len({r["number"] for r in ref}) == SETS[stem]


@pytest.mark.parametrize("stem", SETS)
def test_english_set_library_matches_the_reference(stem: str) -> None:
    ref = {r["number"]: r for r in _reference(stem)}
    order = list(ref)
    cards = _library(stem)
    numbers = [card["number"] for card in cards]
    assert numbers == sorted(numbers, key=order.index), f"{stem}.yaml is in set-number order"
    for card in cards:
        r = ref[card["number"]]
        label = f"{card['number']} {card['name']}"
        english_only = r["name"] is None
        assert card["name"] == (r["english"] if english_only else r["name"]), f"{label}: name"
        assert card.get("text_language", "ja") == ("en" if english_only else "ja"), f"{label}: text_language"
        assert card.get("text") == (r["text_en"] if english_only else r["text"]), f"{label}: text"
        assert card["set"] == _set_code(stem), f"{label}: set"
        for key in ("english", "rarity", "type", "civilizations", "cost", "races", "power"):
            assert card.get(key) == r.get(key), f"{label}: {key}"


@pytest.mark.parametrize("stem", SETS)
def test_english_set_card_with_an_ability_has_a_scenario(stem: str) -> None:
    named = " ".join(
        p.read_text(encoding="utf-8") for p in scenario_files([Path(__file__).parent / "cards" / stem])
    )
    for card in _library(stem):
        abilities = card["abilities"]
        assert isinstance(abilities, list)
        forms = {next(iter(a)) for a in abilities}
        if forms - {"keyword"}:
            assert card["name"] in named, f"{card['name']} has a non-keyword ability but no scenario"
