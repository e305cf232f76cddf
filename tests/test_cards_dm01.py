"""DM-01 in card language 2: every scenario under tests/cards/dm01 passes, the library file agrees with
the reference facts, and "可能なら毎ターン攻撃する" leaves no way to end the attack step before the
creature attacks."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest
import yaml

from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import driver_for, scenario_files, settle

ROOT = Path(__file__).parent.parent
SCENARIOS = Path(__file__).parent / "cards" / "dm01"
LIBRARY = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards" / "dm01.yaml"
REFERENCE = Path(__file__).parent / "data" / "card_reference" / "dm01.yaml"


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_dm01_card_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def _expected_name(r: dict) -> set[str]:
    """The library names a reference entry allows. An entry without a Japanese page (`name: null`) is
    matched by its English name, or by the Japanese name the old language-1 files used for it, which the
    reference's notes record ("the existing library (dm01_*.yaml) names it X")."""
    if r["name"] is not None:
        return {r["name"]}
    names = {r["english"]}
    found = re.search(r"the existing library \(dm01_\*\.yaml\) names it (\S+)", r.get("notes") or "")
    if found:
        names.add(found.group(1))
    return names


def test_dm01_library_matches_the_reference() -> None:
    ref = {r["number"]: r for r in yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))}
    for card in yaml.safe_load(LIBRARY.read_text(encoding="utf-8")):
        r = ref[card["number"]]
        label = f"{card['number']} {card['name']}"
        assert card["name"] in _expected_name(r), f"{label}: name"
        english_only = r["name"] is None
        assert card.get("text_language", "ja") == ("en" if english_only else "ja"), f"{label}: text_language"
        expected_text = r["text_en"] if english_only else r["text"]
        assert card.get("text") == expected_text, f"{label}: text"
        for key in ("english", "rarity", "type", "civilizations", "cost", "races", "power"):
            assert card.get(key) == r.get(key), f"{label}: {key}"


def test_dm01_card_with_an_ability_has_a_scenario() -> None:
    keywords_only = {"keyword"}
    named = " ".join(p.read_text(encoding="utf-8") for p in scenario_files([SCENARIOS]))
    for card in yaml.safe_load(LIBRARY.read_text(encoding="utf-8")):
        forms = {next(iter(a)) for a in card["abilities"]}
        if forms - keywords_only:
            assert card["name"] in named, f"{card['name']} has a non-keyword ability but no scenario"


@pytest.mark.parametrize("file", ["074_brawler_blaze_claw.yaml", "075_draglide.yaml"])
def test_must_attack_offers_only_its_attacks(file: str) -> None:
    scn = load_scenario(SCENARIOS / file)
    driver = driver_for(scn.game)
    game = driver.build(scn)
    settle(game, deque(), scn, driver)
    decision = game.pending
    assert decision is not None and decision.kind == "attack"
    labels = [o.label for o in decision.options]
    assert labels and "end_attacks" not in labels
