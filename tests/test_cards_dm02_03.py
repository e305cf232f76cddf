"""The DM-02 and DM-03 card scenarios (tests/cards/dm02, tests/cards/dm03) pass, and what a scenario cannot
state: a creature that may not attack is not offered as an attacker."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dm_helpers import label_for, make
from tcgrules.kernel import Game
from tcgrules.scenarios import load_scenario, run_scenario
from tcgrules.scenarios.runner import scenario_files

CARDS = Path(__file__).parent / "cards"
FOLDERS = [CARDS / "dm02", CARDS / "dm03"]


@pytest.mark.parametrize("path", scenario_files(FOLDERS), ids=lambda p: str(p.relative_to(CARDS)))
def test_card_scenario(path: Path) -> None:
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, "\n".join(outcome.failures)


def test_every_card_scenario_cites_its_source_and_rules() -> None:
    for path in scenario_files(FOLDERS):
        scn = load_scenario(path)
        assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"


def attack_labels(spec: dict[str, Any]) -> tuple[Game, set[str]]:
    """The board's attack options once the main step ends."""
    g = make(spec)
    g.answer("end_main")
    assert g.pending is not None and g.pending.kind == "attack"
    return g, set(g.pending.labels)


def attackers(spec: dict[str, Any]) -> tuple[Game, set[str]]:
    g, labels = attack_labels(spec)
    return g, {label.split(":")[1] for label in labels if label.startswith("attack:")}


def test_bullraizer_cannot_attack_while_the_opponent_has_more_creatures() -> None:
    # 奇襲兵ブルレイザー: バトルゾーンにある相手のクリーチャーの数が自分より多い時、
    # このクリーチャーは攻撃することができない。
    mine = [{"card": "奇襲兵ブルレイザー", "as": "bull"}, {"card": "シザー・アイ", "as": "eye"}]
    g, found = attackers({"A": {"battle_zone": mine}, "B": {"battle_zone": ["シザー・アイ"] * 3}})
    assert found == {label_for(g, "eye")}
    g, found = attackers({"A": {"battle_zone": mine}, "B": {"battle_zone": ["シザー・アイ"] * 2}})
    assert found == {label_for(g, "eye"), label_for(g, "bull")}


def test_dawn_giant_attacks_players_but_not_creatures() -> None:
    # 夜明けの超人: このクリーチャーは、クリーチャーを攻撃できない。
    mine = [{"card": "夜明けの超人", "as": "giant"}, {"card": "シザー・アイ", "as": "eye"}]
    theirs = [{"card": "爆炎野郎ジョー", "as": "joe", "tapped": True}]
    g, labels = attack_labels({"A": {"battle_zone": mine}, "B": {"battle_zone": theirs}})
    giant, eye, joe = (label_for(g, a) for a in ("giant", "eye", "joe"))
    assert f"attack:{giant}:player" in labels and f"attack:{eye}:{joe}" in labels
    assert f"attack:{giant}:{joe}" not in labels
