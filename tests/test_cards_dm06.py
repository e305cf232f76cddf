"""DM-06 in card language 2: every scenario under tests/cards/dm06 passes and cites its source, the library
file agrees with the reference facts, every card with a non-keyword ability has a scenario, and what a
scenario cannot state: Cliffcrush Giant is not offered as an attacker while another creature of its
controller is untapped."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pytest
import yaml

from dm_helpers import label_for, make
from tcgrules.kernel import Game
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import driver_for, scenario_files, settle

ROOT = Path(__file__).parent.parent
SCENARIOS = Path(__file__).parent / "cards" / "dm06"
LIBRARY = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards" / "dm06.yaml"
REFERENCE = Path(__file__).parent / "data" / "card_reference" / "dm06.yaml"


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_dm06_card_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def test_dm06_library_matches_the_reference() -> None:
    ref = {r["number"]: r for r in yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))}
    assert len(ref) == 120
    cards = yaml.safe_load(LIBRARY.read_text(encoding="utf-8"))
    numbers = [card["number"] for card in cards]
    order = list(ref)
    assert numbers == sorted(numbers, key=order.index), "cards in set-number order"
    for card in cards:
        r = ref[card["number"]]
        label = f"{card['number']} {card['name']}"
        english_only = r["name"] is None
        assert card["name"] == (r["english"] if english_only else r["name"]), f"{label}: name"
        assert card["set"] == "DM-06", f"{label}: set"
        assert card.get("text_language", "ja") == ("en" if english_only else "ja"), f"{label}: text_language"
        printed_en = r["text_en"].replace("$tap", "Tap") if english_only else None  # "$tap": the Tap symbol
        assert card.get("text") == (printed_en if english_only else r["text"]), f"{label}: text"
        for key in ("english", "rarity", "type", "civilizations", "cost", "races", "power"):
            assert card.get(key) == r.get(key), f"{label}: {key}"


def test_dm06_card_with_an_ability_has_a_scenario() -> None:
    named = " ".join(p.read_text(encoding="utf-8") for p in scenario_files([SCENARIOS]))
    for card in yaml.safe_load(LIBRARY.read_text(encoding="utf-8")):
        forms = {next(iter(a)) for a in card["abilities"]}
        if forms - {"keyword"}:
            assert card["name"] in named, f"{card['name']} has a non-keyword ability but no scenario"


def attackers(spec: dict[str, Any]) -> tuple[Game, set[str]]:
    """The creatures offered as attackers once the main step ends."""
    g = make(spec)
    g.answer("end_main")
    assert g.pending is not None and g.pending.kind == "attack"
    return g, {label.split(":")[1] for label in g.pending.labels if label.startswith("attack:")}


def test_cliffcrush_giant_cannot_attack_while_another_creature_is_untapped() -> None:
    # Cliffcrush Giant: While you have any other untapped creatures in the battle zone, this creature
    # can't attack.
    giant = {"card": "Cliffcrush Giant", "as": "giant"}
    g, found = attackers({"A": {"battle_zone": [giant, {"card": "シザー・アイ", "as": "eye"}]}})
    assert found == {label_for(g, "eye")}
    tapped_eye = {"card": "シザー・アイ", "as": "eye", "tapped": True}
    g, found = attackers({"A": {"battle_zone": [giant, tapped_eye]}})
    assert found == {label_for(g, "giant")}
    g, found = attackers({"A": {"battle_zone": [giant]}, "B": {"battle_zone": ["シザー・アイ"]}})
    assert found == {label_for(g, "giant")}


def test_machai_must_attack_offers_only_its_attacks() -> None:
    # Automated Weaponmaster Machai: This creature attacks each turn if able.
    scn = load_scenario(SCENARIOS / "073_machai.yaml")
    driver = driver_for(scn.game)
    game = driver.build(scn)
    settle(game, deque(), scn, driver)
    decision = game.pending
    assert decision is not None and decision.kind == "attack"
    labels = [o.label for o in decision.options]
    assert labels and "end_attacks" not in labels
