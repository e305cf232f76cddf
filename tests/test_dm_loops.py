"""Loops (loops.py, docs/duel_masters.md#loops): a loop no player can stop ends the game in a draw; a loop a
player repeats by their answers is repeated a bounded number of times, then that player must stop it."""

from __future__ import annotations

from dm_helpers import A, cid, make, obj, records
from tcgrules.games.duel_masters import loops
from tcgrules.kernel import Decision, Game, Option

STAYS = """
- name: 例示用・とどまる者
  text_status: reconstructed
  type: creature
  civilizations: [nature]
  cost: 3
  races: [例示用]
  power: 1000
  text: このクリーチャーが破壊される時、かわりにとどまる。
  abilities:
    - replace: {event: destroyed}
      instead:
        - stay: event_subject
"""

TAPS_THEN_DESTROYS = """
- name: 例示用・タップして破壊する者
  text_status: reconstructed
  type: creature
  civilizations: [nature]
  cost: 3
  races: [例示用]
  power: 1000
  text: このクリーチャーが破壊される時、かわりにタップする。そうしたら、このクリーチャーを破壊する。
  abilities:
    - replace: {event: destroyed}
      instead:
        - tap: event_subject
      then:
        - destroy: self
"""

RETURNS = """
- name: 例示用・帰る者
  text_status: reconstructed
  type: creature
  civilizations: [water]
  cost: 1
  races: [例示用]
  power: 1000
  text: >-
    このクリーチャーが出た時、自分のマナゾーンのカードをすべてアンタップし、
    このクリーチャーを手札に戻してもよい。
  abilities:
    - trigger: {event: enters}
      optional: true
      effect:
        - untap: {all: true, zone: mana_zone, owner: you}
        - return_to_hand: this
"""

GROWS = """
- name: 例示用・膨らむ者
  text_status: reconstructed
  type: creature
  civilizations: [nature]
  cost: 3
  races: [例示用]
  power: 1000
  text: >-
    このクリーチャーが破壊される時、かわりにこのターン、このクリーチャーのパワーを+1000する。
    そうしたら、このクリーチャーを破壊する。
  abilities:
    - replace: {event: destroyed}
      instead:
        - power: {what: event_subject, add: 1000, until: end_of_turn}
      then:
        - destroy: self
- name: 例示用・励ます帰る者
  text_status: reconstructed
  type: creature
  civilizations: [water]
  cost: 1
  races: [例示用]
  power: 1000
  text: >-
    このクリーチャーが出た時、自分のマナゾーンのカードをすべてアンタップし、このターン、自分の他のクリーチャーを
    すべて+1000し、このクリーチャーを手札に戻してもよい。
  abilities:
    - trigger: {event: enters}
      optional: true
      effect:
        - untap: {all: true, zone: mana_zone, owner: you}
        - power: {what: {all: true, owner: you, other: true}, add: 1000, until: end_of_turn}
        - return_to_hand: this
"""


def test_703_3_state_based_actions_that_come_back_forever_end_the_game_in_a_draw() -> None:
    """Power 0 destroys the creature (703.4c), its replacement keeps it (とどまる), and the state-based action
    is checked again (703.3) — forever, with nothing to choose: a draw, not a step-limit crash."""
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用・とどまる者", "as": "x"}]}}, STAYS)
    game.inject({"event": "power", "target": cid(game, "x"), "amount": -2000})
    assert game.result is not None and game.result.winner is None
    assert game.result.rule == loops.LOOP_RULE
    assert game.pending is None
    assert any("a loop no player can stop" in r.text for r in records(game, "rule"))
    assert game.objects_in((A, "battle_zone"))  # it stayed every time


def test_101_5a_a_follow_up_its_own_replacement_replaces_again_ends_in_a_draw() -> None:
    """そうしたら is a fresh event (101.5a), so the same mandatory replacement applies to it again, and again:
    a loop no one can stop, ended as a draw instead of running into the step limit."""
    game = make(
        {"turn": "A", "A": {"battle_zone": [{"card": "例示用・タップして破壊する者", "as": "x"}]}},
        TAPS_THEN_DESTROYS,
    )
    game.inject({"event": "destroy", "target": cid(game, "x")})
    assert game.result is not None and game.result.winner is None and game.result.rule == loops.LOOP_RULE


def _loop_once(game: Game) -> None:
    """Summon 例示用・帰る者 and use its optional ability: the game is back where it was."""
    assert game.pending is not None
    game.answer(next(label for label in game.pending.labels if label.startswith("summon:")))
    game.answer("yes")


def _can_summon(game: Game) -> bool:
    return game.pending is not None and any(label.startswith("summon:") for label in game.pending.labels)


def test_event_rules_an_optional_loop_of_answers_is_repeated_a_bounded_number_of_times_then_stopped() -> None:
    """A player who keeps bringing the game back to the same state by their own answers repeats the loop a
    number of times and then ends it: after LOOP_LIMIT returns to the same decision at the same state, the
    answers that led back are no longer offered; the game goes on."""
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用・帰る者", "as": "r"}], "mana_zone": ["例示用・帰る者"]},
        },
        RETURNS,
    )
    loops_done = 0
    while _can_summon(game):
        assert game.pending is not None and game.pending.kind == "main"
        _loop_once(game)
        loops_done += 1
        assert loops_done < 200, "the loop was never bounded"
    decision = game.pending
    assert decision is not None and decision.kind == "main" and decision.labels == ("end_main",)
    # Bounded as documented: watching starts after OPTIONAL_WATCH_AFTER decisions, then LOOP_LIMIT returns.
    assert loops_done <= (loops.OPTIONAL_WATCH_AFTER + 2 * loops.LOOP_LIMIT) // 2 + loops.LOOP_LIMIT
    assert game.result is None
    assert any(r.rule == loops.LOOP_RULE and "no longer offered" in r.text for r in game.log)
    game.answer("end_main")
    assert game.pending is not None and game.result is None  # the game goes on


def test_event_rules_the_loop_bound_holds_in_a_copy_of_the_game() -> None:
    """A copy made at the bounded decision offers the same options (the watch is part of the game)."""
    game = make(
        {
            "turn": "A",
            "A": {"hand": [{"card": "例示用・帰る者", "as": "r"}], "mana_zone": ["例示用・帰る者"]},
        },
        RETURNS,
    )
    while _can_summon(game):
        _loop_once(game)
    copy = game.copy()
    copy.answer("end_main")
    game.answer("end_main")
    assert copy.pending is not None and game.pending is not None
    assert copy.pending.labels == game.pending.labels


def test_101_3_a_loop_whose_every_option_leads_back_is_a_draw() -> None:
    """When every option of a decision has already led back to it at the same state, the player cannot stop
    the loop either: nobody can, and the game is a draw."""
    game = make({"turn": "A", "A": {"battle_zone": ["例示用・とどまる者"]}}, STAYS)
    only = Decision(A, "choose_cards", "choose 1", (Option("c1"),), rule="605.2b")
    offered = None
    for _ in range(loops.OPTIONAL_WATCH_AFTER + 4 * loops.LOOP_LIMIT):
        offered = loops.offer(game, only)
        if game.result is not None:
            break
        loops.answered(game, offered, ("c1",))
    assert offered is not None and offered.labels == ("c1",)  # never narrowed to nothing
    assert game.result is not None and game.result.winner is None and game.result.rule == loops.LOOP_RULE


def test_ordinary_games_are_not_watched() -> None:
    """A handful of decisions in a turn is never fingerprinted: the watch costs ordinary play nothing."""
    game = make({"turn": "A", "A": {"hand": ["例示用・帰る者"], "mana_zone": ["例示用・帰る者"]}}, RETURNS)
    _loop_once(game)
    _loop_once(game)
    assert loops.watched(game) == {}


def test_101_5a_a_mandatory_loop_that_grows_is_a_draw_too() -> None:
    """The follow-up destroys the creature again and the replacement gives it +1000 again: the state never
    repeats (one more effect each time), but the board does, with nothing to choose — MANDATORY_BOARD_REPEATS
    times, and the game is a draw instead of running into the step limit."""
    game = make({"turn": "A", "A": {"battle_zone": [{"card": "例示用・膨らむ者", "as": "x"}]}}, GROWS)
    game.inject({"event": "destroy", "target": cid(game, "x")})
    assert game.result is not None and game.result.winner is None and game.result.rule == loops.LOOP_RULE
    assert any("only the effects in force growing" in r.text for r in records(game, "rule"))


def test_event_rules_an_optional_loop_that_grows_is_bounded_by_the_growing_loop_limit() -> None:
    """Each summon of 例示用・励ます帰る者 gives アクア・ビークル +1000 more, so the state differs every time,
    but the player's answers bring the game back to the same board: after GROWING_LOOP_LIMIT returns the
    summon is no longer offered there, and the game goes on (with the power the repetitions gave)."""
    from tcgrules.games.duel_masters import characteristics as ch

    game = make(
        {
            "turn": "A",
            "A": {
                "hand": ["例示用・励ます帰る者"],
                "mana_zone": ["例示用・励ます帰る者"],
                "battle_zone": [{"card": "アクア・ビークル", "as": "v"}],
            },
        },
        GROWS,
    )
    loops_done = 0
    while _can_summon(game):
        _loop_once(game)
        loops_done += 1
        assert loops_done < 500, "the growing loop was never bounded"
    assert game.pending is not None and game.pending.labels == ("end_main",) and game.result is None
    assert loops_done <= loops.OPTIONAL_WATCH_AFTER // 2 + loops.GROWING_LOOP_LIMIT + 1
    assert loops_done > loops.GROWING_LOOP_LIMIT  # not stopped as an identical loop (LOOP_LIMIT)
    assert ch.power(game, obj(game, "v")) == 1000 + 1000 * loops_done
    assert any(r.rule == loops.LOOP_RULE and "a loop that grows" in r.text for r in game.log)
