"""Every scenario under tests/rulings passes, and malformed scenario files fail with file:line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.scenarios import ScenarioError, load_scenario, run_scenario
from tcgrules.scenarios.runner import report, run_paths, scenario_files

RULINGS = Path(__file__).parent / "rulings"


@pytest.mark.parametrize("path", scenario_files([RULINGS]), ids=lambda p: str(p.relative_to(RULINGS)))
def test_ruling(path: Path) -> None:
    outcome = run_scenario(load_scenario(path))
    assert outcome.passed, "\n".join(outcome.failures)


def test_every_ruling_cites_its_source_and_rules() -> None:
    for path in scenario_files([RULINGS]):
        scn = load_scenario(path)
        assert scn.source.strip() and scn.rules, f"{path} must cite its source and rule numbers"


GOOD = """\
game: duel_masters
title: t
source: s
rules: ["609.1"]
setup:
  turn: A
  A:
    battle_zone:
      - {card: アクア・ソルジャー, as: soldier}
steps:
  - inject: {event: destroy, target: soldier}
expect:
  zones:
    A: {hand: [アクア・ソルジャー]}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_good_scenario_passes(tmp_path: Path) -> None:
    assert run_scenario(load_scenario(write(tmp_path, GOOD))).passed


def test_bad_yaml_names_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("  turn: A\n", "  turn: [A\n"))
    with pytest.raises(ScenarioError, match=rf"{path}:\d+: not valid YAML"):
        load_scenario(path)


def test_unknown_card_names_file_line_and_card(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        GOOD.replace("{card: アクア・ソルジャー, as: soldier}", "{card: 存在しないカード, as: soldier}"),
    )
    with pytest.raises(ScenarioError, match=rf"{path}:9: .*unknown card '存在しないカード'"):
        run_scenario(load_scenario(path))


def test_unknown_zone_names_file_line_and_zones(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("    battle_zone:", "    battlezone:"))
    with pytest.raises(ScenarioError, match=rf"{path}:8: .*unknown zone 'battlezone'; expected one of"):
        run_scenario(load_scenario(path))


def test_alias_used_before_it_is_defined_names_the_step_line(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD.replace("target: soldier}", "target: ghost}"))
    [outcome] = run_paths([path])
    assert not outcome.passed
    assert f"{path}:11:" in outcome.failures[0] and "'ghost' is not an alias" in outcome.failures[0]


def test_unanswered_decision_fails_and_shows_the_decision(tmp_path: Path) -> None:
    text = GOOD.replace(
        "      - {card: アクア・ソルジャー, as: soldier}", "      - {card: 斬隠蒼頭龍バイケン, as: soldier}"
    )
    text = text.replace(
        "  - inject: {event: destroy, target: soldier}", "  - inject: {event: discard, target: soldier}"
    )
    text = text.replace("battle_zone:", "hand:").replace("turn: A", "turn: B")
    outcome = run_scenario(load_scenario(write(tmp_path, text)))
    assert not outcome.passed
    assert "left unanswered" in outcome.failures[0] and "replacement" in outcome.failures[0]


def test_an_answer_matching_no_option_lists_the_options(tmp_path: Path) -> None:
    text = GOOD.replace(
        "battle_zone:\n      - {card: アクア・ソルジャー, as: soldier}",
        "hand:\n      - {card: 斬隠蒼頭龍バイケン, as: soldier}",
    )
    text = text.replace("event: destroy", "event: discard").replace("turn: A", "turn: B")
    text += "answers:\n  - {player: A, choose: nonsense}\n"
    [outcome] = run_paths([write(tmp_path, text)])
    assert (
        not outcome.passed and "matches no option" in outcome.failures[0] and "- none" in outcome.failures[0]
    )


def test_report_exit_status_and_json(tmp_path: Path) -> None:
    outcomes = run_paths([write(tmp_path, GOOD)])
    text, code = report(outcomes)
    assert code == 0 and "1 passed, 0 failed" in text
    text, code = report(outcomes, as_json=True)
    assert code == 0 and '"passed": 1' in text


def test_a_failing_expectation_shows_expected_against_actual(tmp_path: Path) -> None:
    text = GOOD.replace("A: {hand: [アクア・ソルジャー]}", "A: {graveyard: [アクア・ソルジャー]}")
    text += "  log:\n    - {kind: replacement, text: 存在しない}\n  not_log:\n    - {kind: replacement}\n"
    [outcome] = run_paths([write(tmp_path, text)])
    assert not outcome.passed
    assert "A.graveyard: expected ['アクア・ソルジャー'], got []" in outcome.failures
    assert any(f.startswith("log: no record matches") for f in outcome.failures)
    assert any(f.startswith("not_log: {'kind': 'replacement'} matches") for f in outcome.failures)
