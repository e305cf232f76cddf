"""The checks scenarios make on what a ruling decides (docs/scenarios.md): each passes when the engine does
what the ruling says and fails, saying what happened, when it does not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.scenarios import ScenarioError, load_scenario, run_scenario
from tcgrules.scenarios.runner import Outcome

# デーモン・ハンド: 相手のクリーチャーを1体選び、破壊する — with one creature, the engine chooses it (605.2b).
TERROR_PIT = """\
game: duel_masters
title: t
source: s
rules: ["605.2b"]
setup:
  turn: B
  A:
    battle_zone:
      - {card: アクア・ソルジャー, as: soldier}
  B:
    battle_zone: [{card: 喧嘩屋タイラー, as: tyler}]
    hand: [{card: デーモン・ハンド, as: terror_pit}]
    mana_zone: [デーモン・ハンド, デーモン・ハンド, デーモン・ハンド,
                デーモン・ハンド, デーモン・ハンド, デーモン・ハンド]
    deck: [{card: アクア・ビークル, as: bottom_card}, filler, {card: 炎のたてがみ, as: top_card}]
steps:
  - play: terror_pit
ANSWERS
expect:
EXPECT
"""


def run(tmp_path: Path, expect: str, answers: str = "answers: []", base: str = TERROR_PIT) -> Outcome:
    path = tmp_path / "s.yaml"
    path.write_text(base.replace("ANSWERS", answers).replace("EXPECT", expect), encoding="utf-8")
    return run_scenario(load_scenario(path), explain=True)


def passes(tmp_path: Path, expect: str, answers: str = "answers: []", base: str = TERROR_PIT) -> None:
    outcome = run(tmp_path, expect, answers, base)
    assert outcome.passed, "\n".join(outcome.failures)


def fails(
    tmp_path: Path, expect: str, match: str, answers: str = "answers: []", base: str = TERROR_PIT
) -> None:
    outcome = run(tmp_path, expect, answers, base)
    assert not outcome.passed
    assert any(match in f for f in outcome.failures), "\n".join(outcome.failures)


# -- decisions the engine takes itself (605.2b)


def test_605_2b_the_engines_own_choice_is_logged_and_explained(tmp_path: Path) -> None:
    passes(
        tmp_path, "  log: [{kind: auto_choice, rule: '605.2b', data: {player: B, count: 1, candidates: 1}}]"
    )
    outcome = run(tmp_path, "  winner: null")
    assert any(
        "= B chooses アクア・ソルジャー for destroy without being asked" in line
        for line in outcome.explanation
    )


def test_605_2b_a_scripted_answer_naming_what_the_engine_chose_passes(tmp_path: Path) -> None:
    passes(tmp_path, "  where: {soldier: A.hand}", "answers: [{player: B, choose: soldier}]")


def test_605_2b_a_scripted_answer_contradicting_the_engine_fails_clearly(tmp_path: Path) -> None:
    fails(
        tmp_path,
        "  where: {soldier: A.hand}",
        "contradicts what the engine chose by itself, without asking: B chooses アクア・ソルジャー",
        "answers: [{player: B, choose: tyler}]",
    )


CARD_CHOICE = """\
game: duel_masters
title: t
source: s
rules: ["605.2b", "200.3a"]
setup:
  turn: B
  A:
    battle_zone:
      - {card: "Elupheus, Lord of Spirits", as: elupheus, under: [{card: アクア・ソルジャー, as: base}]}
  B:
    hand: [{card: 死の鬼術 鬼暴崩, as: spell}]
    shield_zone: [filler, filler, filler, filler, filler, filler, filler]
steps:
  - play: {card: spell, free: true}
ANSWERS
expect:
EXPECT
"""
"""死の鬼術 鬼暴崩 chooses a card of cost 3 or less: the only one is the card under an evolution creature."""


def test_605_2b_the_engines_own_choice_of_a_card_is_logged_and_may_be_scripted(tmp_path: Path) -> None:
    logged = "  log: [{kind: auto_choice, rule: '605.2b', data: {player: B, count: 1, candidates: 1}}]"
    passes(tmp_path, logged, base=CARD_CHOICE)
    passes(tmp_path, "  where: {base: A.graveyard}", "answers: [{player: B, choose: base}]", CARD_CHOICE)
    fails(
        tmp_path,
        "  where: {base: A.graveyard}",
        "contradicts what the engine chose by itself, without asking: B chooses アクア・ソルジャー",
        "answers: [{player: B, choose: elupheus}]",
        CARD_CHOICE,
    )


def test_605_2b_an_answer_for_the_engines_choice_before_an_asked_decision(tmp_path: Path) -> None:
    """The answer for the engine's choice comes first, then the one for the decision that follows, even
    when both name the same card (seed 004's あたりポンの助, then スパイラル・ゲート)."""
    base = """\
game: duel_masters
title: t
source: s
rules: ["605.2b"]
setup:
  turn: A
  A:
    hand: [{card: あたりポンの助, as: pon}, {card: スパイラル・ゲート, as: gate}]
  B:
    battle_zone: [{card: 蒼天の守護者ラ・ウラ・ギガ, as: guard}]
steps:
  - play: {card: pon, free: true}
  - play: {card: gate, free: true}
ANSWERS
expect:
EXPECT
"""
    passes(tmp_path, "  where: {guard: B.hand}", "answers: [{player: A, choose: guard}]", base)
    passes(tmp_path, "  where: {guard: B.hand}", "answers: [{choose: guard}, {choose: guard}]", base)
    fails(
        tmp_path,
        "  where: {guard: B.hand}",
        "were not used",
        "answers: [{choose: guard}, {choose: pon}, {choose: x}]",
        base,
    )


# -- decisions asked, options offered and not offered

SHIELDS = """\
game: duel_masters
title: t
source: s
rules: ["509.1"]
setup:
  turn: A
  step: attack
  A:
    battle_zone: [{card: 喧嘩屋タイラー, as: attacker}]
  B:
    battle_zone: [{card: アクア・ソルジャー, as: soldier, tapped: true}]
    shield_zone: [filler, filler]
steps:
  - attack: {attacker: attacker, target: player}
  - block: none          # nothing can block (the only creature is tapped): a no-op
ANSWERS
expect:
EXPECT
"""


def test_507_1a_block_none_when_nothing_can_block_is_a_no_op(tmp_path: Path) -> None:
    passes(tmp_path, "  not_asked: {kind: block}", "answers: [{player: A, choose: shield_zone:1}]", SHIELDS)


def test_asked_checks_the_exact_options_and_what_was_chosen(tmp_path: Path) -> None:
    answers = "answers: [{player: A, choose: shield_zone:1}]"
    passes(
        tmp_path,
        "  asked: [{kind: break, player: A, options: [shield_zone:1, shield_zone:2], chose: [shield_zone:1],"
        " min: 1, max: 1}]",
        answers,
        SHIELDS,
    )
    fails(tmp_path, "  asked: [{kind: break, options: [shield_zone:1]}]", "not expected", answers, SHIELDS)
    fails(tmp_path, "  asked: [{kind: break, offered: [shield_zone:3]}]", "to be offered", answers, SHIELDS)
    fails(
        tmp_path,
        "  asked: [{kind: break, not_offered: [shield_zone:2]}]",
        "not to be offered",
        answers,
        SHIELDS,
    )
    fails(
        tmp_path, "  asked: [{kind: break, chose: [shield_zone:2]}]", "expected the answer", answers, SHIELDS
    )
    fails(tmp_path, "  asked: [{kind: break, max: 2}]", "expected max 2", answers, SHIELDS)
    fails(tmp_path, "  asked: [{kind: block}]", "no decision", answers, SHIELDS)


def test_not_asked_fails_when_the_decision_was_asked(tmp_path: Path) -> None:
    answers = "answers: [{player: A, choose: shield_zone:1}]"
    fails(tmp_path, "  not_asked: [{kind: break, player: A}]", "was asked", answers, SHIELDS)
    passes(tmp_path, "  not_asked: [{kind: break, player: B}]", answers, SHIELDS)
    fails(tmp_path, "  not_asked: [{kind: break, offered: [shield_zone:2]}]", "offered by", answers, SHIELDS)


def test_an_unknown_decision_matcher_field_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"s.yaml:\d+: .*unknown decision matcher field 'option'"):
        run(tmp_path, "  asked: [{kind: break, option: [x]}]", "answers: [{choose: shield_zone:1}]", SHIELDS)


# -- the order of log records


def test_ordered_log_records_must_come_in_that_order(tmp_path: Path) -> None:
    passes(tmp_path, "  ordered: [{kind: auto_choice}, {kind: replacement}, {event: move}]")
    fails(
        tmp_path, "  ordered: [{event: move}, {kind: replacement}]", "only before the records matched earlier"
    )
    fails(tmp_path, "  ordered: [{event: lose}]", "nowhere")


# -- positions in the deck (its top is the last card setup lists), cards under others


def test_401_deck_top_bottom_and_order(tmp_path: Path) -> None:
    passes(tmp_path, "  zones: {B: {deck: {top: [top_card, filler], bottom: [bottom_card]}}}")
    passes(
        tmp_path,
        "  zones: {B: {deck: {top: [炎のたてがみ], order: [アクア・ビークル, filler, 炎のたてがみ]}}}",
    )
    passes(
        tmp_path,
        "  zones: {B: {deck: {top: [[filler, top_card]], bottom: [[filler, bottom_card], top_card]}}}",
    )
    fails(tmp_path, "  zones: {B: {deck: {top: [bottom_card]}}}", "B.deck top: expected ['bottom_card']")
    fails(tmp_path, "  zones: {B: {deck: {bottom: [filler, bottom_card]}}}", "B.deck bottom")
    fails(tmp_path, "  zones: {B: {deck: {order: [filler, filler, 炎のたてがみ]}}}", "B.deck order")
    fails(tmp_path, "  zones: {B: {deck: {order: [filler]}}}", "expected 1 card(s), got 3")


def test_under_names_the_cards_below_a_card(tmp_path: Path) -> None:
    base = TERROR_PIT.replace(
        "battle_zone: [{card: 喧嘩屋タイラー, as: tyler}]",
        "battle_zone: [{card: 喧嘩屋タイラー, as: tyler,"
        " under: [{card: アクア・ビークル, as: v}, 炎のたてがみ]}]",
    )
    passes(tmp_path, "  under: {tyler: [v, 炎のたてがみ], v: [炎のたてがみ]}", base=base)
    fails(tmp_path, "  under: {tyler: [炎のたてがみ, v]}", "under.tyler", base=base)
    fails(tmp_path, "  under: {v: []}", "under.v", base=base)


def test_explain_ends_with_the_final_board(tmp_path: Path) -> None:
    outcome = run(tmp_path, "  winner: null")
    assert outcome.explanation[-1].startswith("  B.deck (top first): 炎のたてがみ (top_card); filler")
    assert any(line.startswith("final board: turn 3") for line in outcome.explanation)
    assert "  A.hand: アクア・ソルジャー (soldier)" in outcome.explanation


def test_a_bad_nth_names_the_line(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match=r"s.yaml:\d+: .*nth is a number from 1, got 'two'"):
        run(tmp_path, "  not_asked: [{kind: break, nth: two}]", "answers: [{choose: shield_zone:1}]", SHIELDS)
