"""DM-14 in card language 2: every scenario under tests/cards/dm14 passes and cites its source, the library
file agrees with the reference facts, every card with a non-keyword ability has a scenario."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

ROOT = Path(__file__).parent.parent
SCENARIOS = Path(__file__).parent / "cards" / "dm14"
LIBRARY = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards" / "dm14.yaml"
REFERENCE = Path(__file__).parent / "data" / "card_reference" / "dm14.yaml"


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_dm14_card_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def test_dm14_reference_has_the_whole_set() -> None:
    ref = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    assert len(ref) == 120 and len({r["number"] for r in ref}) == 120


def test_dm14_library_matches_the_reference() -> None:
    ref = {r["number"]: r for r in yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))}
    order = list(ref)
    cards = yaml.safe_load(LIBRARY.read_text(encoding="utf-8")) or []
    numbers = [card["number"] for card in cards]
    assert numbers == sorted(numbers, key=order.index), "dm14.yaml is in set-number order"
    for card in cards:
        r = ref[card["number"]]
        label = f"{card['number']} {card['name']}"
        english_only = r["name"] is None
        assert card["name"] == (r["english"] if english_only else r["name"]), f"{label}: name"
        assert card.get("text_language", "ja") == ("en" if english_only else "ja"), f"{label}: text_language"
        assert card.get("text") == (r["text_en"] if english_only else r["text"]), f"{label}: text"
        assert card["set"] == "DM-14", f"{label}: set"
        for key in ("english", "rarity", "type", "civilizations", "cost", "races", "power"):
            assert card.get(key) == r.get(key), f"{label}: {key}"


def test_dm14_card_with_an_ability_has_a_scenario() -> None:
    named = " ".join(p.read_text(encoding="utf-8") for p in scenario_files([SCENARIOS]))
    for card in yaml.safe_load(LIBRARY.read_text(encoding="utf-8")) or []:
        forms = {next(iter(a)) for a in card["abilities"]}
        if forms - {"keyword"}:
            assert card["name"] in named, f"{card['name']} has a non-keyword ability but no scenario"
