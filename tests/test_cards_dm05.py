"""DM-05 in card language 2: every scenario under tests/cards/dm05 passes and cites its source, the library
file agrees with the reference facts, every card with a non-keyword ability has a scenario, and what a
scenario cannot state: a creature that may not attack (creatures, or at all) is not offered as an attacker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from dm_helpers import label_for, make
from tcgrules.kernel import Game
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

ROOT = Path(__file__).parent.parent
SCENARIOS = Path(__file__).parent / "cards" / "dm05"
LIBRARY = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards" / "dm05.yaml"
REFERENCE = Path(__file__).parent / "data" / "card_reference" / "dm05.yaml"


@pytest.mark.parametrize("path", scenario_files([SCENARIOS]), ids=lambda p: p.name)
def test_dm05_card_scenario(path: Path) -> None:
    scn = load_scenario(path)
    assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"
    outcome = run_scenario(scn)
    assert outcome.passed, "\n".join(outcome.failures)


def test_dm05_reference_has_the_whole_set() -> None:
    ref = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    assert len(ref) == 60 and len({r["number"] for r in ref}) == 60


def test_dm05_library_matches_the_reference() -> None:
    ref = {r["number"]: r for r in yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))}
    order = list(ref)
    cards = yaml.safe_load(LIBRARY.read_text(encoding="utf-8"))
    numbers = [card["number"] for card in cards]
    assert numbers == sorted(numbers, key=order.index), "dm05.yaml is in set-number order"
    for card in cards:
        r = ref[card["number"]]
        label = f"{card['number']} {card['name']}"
        english_only = r["name"] is None
        assert card["name"] == (r["english"] if english_only else r["name"]), f"{label}: name"
        assert card.get("text_language", "ja") == ("en" if english_only else "ja"), f"{label}: text_language"
        assert card.get("text") == (r["text_en"] if english_only else r["text"]), f"{label}: text"
        assert card["set"] == "DM-05", f"{label}: set"
        for key in ("english", "rarity", "type", "civilizations", "cost", "races", "power"):
            assert card.get(key) == r.get(key), f"{label}: {key}"


def test_dm05_card_with_an_ability_has_a_scenario() -> None:
    named = " ".join(p.read_text(encoding="utf-8") for p in scenario_files([SCENARIOS]))
    for card in yaml.safe_load(LIBRARY.read_text(encoding="utf-8")):
        forms = {next(iter(a)) for a in card["abilities"]}
        if forms - {"keyword"}:
            assert card["name"] in named, f"{card['name']} has a non-keyword ability but no scenario"


def attack_labels(spec: dict[str, Any]) -> tuple[Game, set[str]]:
    """The board's attack options once the main step ends."""
    g = make(spec)
    g.answer("end_main")
    assert g.pending is not None and g.pending.kind == "attack"
    return g, set(g.pending.labels)


@pytest.mark.parametrize("name", ["Gigazoul", "Vashuna, Sword Dancer"])
def test_cannot_attack_while_the_opponent_has_no_shields(name: str) -> None:
    # While your opponent has no shields, this creature can't attack.
    mine = [{"card": name, "as": "it"}, {"card": "アクア・ビークル", "as": "other"}]
    theirs = {"battle_zone": [{"card": "爆炎野郎ジョー", "as": "joe", "tapped": True}], "shield_zone": []}
    g, labels = attack_labels({"A": {"battle_zone": mine}, "B": theirs})
    it, other = label_for(g, "it"), label_for(g, "other")
    assert f"attack:{other}:player" in labels
    assert not any(label.startswith(f"attack:{it}:") for label in labels)
    theirs["shield_zone"] = ["アクア・ビークル"]
    g, labels = attack_labels({"A": {"battle_zone": mine}, "B": theirs})
    assert f"attack:{label_for(g, 'it')}:player" in labels


@pytest.mark.parametrize("name", ["Nocturnal Giant", "Avalanche Giant"])
def test_cannot_attack_creatures(name: str) -> None:
    # This creature can't attack creatures.
    mine = [{"card": name, "as": "it"}]
    theirs = {"battle_zone": [{"card": "爆炎野郎ジョー", "as": "joe", "tapped": True}]}
    g, labels = attack_labels({"A": {"battle_zone": mine}, "B": theirs})
    it, joe = label_for(g, "it"), label_for(g, "joe")
    assert f"attack:{it}:player" in labels and f"attack:{it}:{joe}" not in labels
