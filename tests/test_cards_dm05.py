"""DM-05 in card language 2, what a scenario cannot state: a creature that may not attack (creatures, or at
all) is not offered as an attacker. The set's scenarios, its reference file and the library's agreement with
it are checked with the other English sets (tests/test_cards_english_sets.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dm_helpers import label_for, make
from tcgrules.kernel import Game

ROOT = Path(__file__).parent.parent
SCENARIOS = Path(__file__).parent / "cards" / "dm05"
LIBRARY = ROOT / "src" / "tcgrules" / "games" / "duel_masters" / "cards" / "dm05.yaml"
REFERENCE = Path(__file__).parent / "data" / "card_reference" / "dm05.yaml"


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
