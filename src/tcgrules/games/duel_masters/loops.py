"""Loops (無限ループ): play that would repeat the same actions forever (docs/duel_masters.md#loops).

The comprehensive rules (Ver.1.48) have no rule on loops: neither ループ nor 無限 occurs in them. They say
what makes a loop: a mandatory effect is carried out as far as it can be (101.3), state-based actions are
checked again after they are performed (703.3), and a そうしたら sentence after a replacement is a fresh event
that can be replaced again (101.5a). How a loop ends is said by the competitive event rules (デュエル・
マスターズ 競技イベント運営ルール, 無限ループ): a loop in which no player can choose anything else cannot be
left without breaking the rules, so the game does not go on (the head judge voids it: in principle a draw);
a loop that a player keeps going by their own choices is repeated as many times as that player says, and then
that player stops.

* **A mandatory loop.** Between two decisions, after ``MANDATORY_WATCH_AFTER`` events and event batches the
  state is fingerprinted before each event and after each batch; when one fingerprint comes back
  ``MANDATORY_REPEATS`` times, nothing but the loop can happen: the game ends in a draw (``LOOP_RULE``), where
  the step limit would otherwise stop it.
* **An optional loop.** When the same decision comes back at the same state in one turn, the player's answers
  have led the game back where it was. An identical repetition changes nothing, so the engine takes the player
  to declare ``LOOP_LIMIT`` repetitions: after that, the answers that led back are no longer offered at that
  state (the player stops the loop by doing something else). If nothing else is offered there, the player
  cannot stop it either: it is a mandatory loop, a draw.

* **A loop that grows.** When one more effect is in force each time around (+1000 again), the state never
  repeats but the *board* does (:func:`board`: the state without the effects in force and the counters).
  The same board coming back ``MANDATORY_BOARD_REPEATS`` times with no decision is a mandatory loop, a
  draw; the same decision at the same board coming back ``GROWING_LOOP_LIMIT`` times in a turn bounds an
  optional loop as above (the repetitions the player is taken to declare).

Only after ``OPTIONAL_WATCH_AFTER`` decisions in a turn are decisions fingerprinted, so ordinary play pays
nothing. The fingerprint is conservative: it names cards, not object ids, so a card that leaves and comes back
counts as the same; anything that differs (a counter, an object id kept in a state) makes the states differ,
so a state is never taken for another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...kernel import Decision, Event, Game, GameObject
from .zones import HELD_OBJECTS

LOOP_RULE = "loop"
"""The rule id of a drawn loop: not a rule of Ver.1.48, which has none (the competitive event rules)."""
MANDATORY_WATCH_AFTER = 256
"""Steps of the game (``Game.steps``: frames stepped) between two decisions before the state is fingerprinted
before each event and after each event batch."""
MANDATORY_REPEATS = 3
"""How many times one state must come back, with no decision between, to be a mandatory loop."""
MANDATORY_BOARD_REPEATS = 64
"""How many times one board (:func:`board`: the state without the effects in force and the counters) must
come back, with no decision between, to be a mandatory loop that grows (each time one more +1000)."""
OPTIONAL_WATCH_AFTER = 64
"""Decisions in one turn before decisions are fingerprinted."""
LOOP_LIMIT = 3
"""How many times a player may bring the game back to the same decision at the same state in one turn."""
GROWING_LOOP_LIMIT = 20
"""How many times a player may bring the game back to the same decision at the same *board* in one turn,
while effects pile up (a loop that gives +1000 each time): the repetitions the engine takes the player to
declare for a loop that grows."""
WATCH = "loop_watch"
"""``game.info`` key: ``(turn, decisions asked this turn, {decision key: (times, answers)}, keys pending)``
(a decision has two keys: at this state, and at this board).
The mapping is never changed in place (a new one replaces it), so copies of the game may share it."""


# ------------------------------------------------------------------ the state, as a value


def fingerprint(
    game: Game, stack_tail: int | None = None, table: tuple[Any, ...] | None = None
) -> tuple[Any, ...]:
    """The game state as a value: zones with their objects (by cards), effects, waiting effects, game and
    player information, and the kinds of the frames in progress (the top ``stack_tail`` of them). The
    record of what happened (language/history.py) is left out: it grows with every event, loop or not."""
    effects = tuple(sorted(repr(_effect(game, e)) for e in game.effects))
    info = tuple(
        sorted(
            (k, repr(_saturate(k, v)))
            for k, v in game.info.items()
            if k not in (WATCH, UNWATCHED, HELD_OBJECTS, "aliases") and not k.startswith("history_")
        )
    )
    players = tuple(repr(sorted(p.items())) for p in game.players_info)
    return (*(table if table is not None else board(game, stack_tail)), effects, info, players)


def board(game: Game, stack_tail: int | None = None) -> tuple[Any, ...]:
    """The part of the state a player sees on the table: the turn, the zones with their objects (by cards,
    tapped, facing, object state), the waiting effects and the frames in progress — not the effects in
    force nor the counters. A loop that comes back to the same board while effects pile up (+1000 each
    time) *grows*: :func:`fingerprint` never repeats, this does."""
    zones = tuple(
        (key, tuple(_object(game.objects[oid]) for oid in oids))
        for key, oids in sorted(game.zones.items())
        if oids
    )
    waiting = tuple(
        (w.effect.ability.label, w.effect.source.card, w.controller, w.priority_class) for w in game.waiting
    )
    stack = game.stack if stack_tail is None else game.stack[-stack_tail:]
    frames = tuple(type(f).__name__ for f in stack)
    return (game.turn, game.active_player, zones, waiting, frames)


SATURATING: dict[str, int] = {}
"""Counters read only up to a bound, by ``game.info`` key (a second and a tenth use would leave the same
state). None at present: 各ターンはじめて reads the game's record of events, which the watch leaves out."""


def _saturate(key: str, value: Any) -> Any:
    cap = SATURATING.get(key)
    return min(value, cap) if cap is not None and isinstance(value, int) else value


def _object(obj: GameObject) -> tuple[Any, ...]:
    state = tuple(sorted((k, repr(v)) for k, v in obj.state.items()))
    return (tuple(obj.cards), obj.controller, obj.tapped, obj.face_down, obj.entered_turn, state)


def _effect(game: Game, effect: Any) -> tuple[Any, ...]:
    def top(oid: int | None) -> int | None:
        return game.objects[oid].top if oid is not None and oid in game.objects else None

    return (
        type(effect.ability).__name__,
        effect.ability.label,
        effect.controller,
        effect.source.card,
        top(effect.host),
        effect.expires,
        tuple(top(t) for t in effect.targets),
    )


# ------------------------------------------------------------------ mandatory loops


@dataclass
class _Stretch:
    """The states seen since the last decision (once the watch has begun)."""

    history: int
    seen: dict[tuple[Any, ...], int] = field(default_factory=dict)


STRETCH = "loop_stretch"
"""``game.scratch`` key: the :class:`_Stretch` in progress. On the game itself, not in a table keyed by it (a
compiled build's ``Game`` cannot be weakly referenced), and in ``scratch``, which a copy does not take: a
stretch ends at the next decision, and a copy of a game (made at a decision) starts its own."""
UNWATCHED = "loop_unwatched"
"""``game.info`` key: present when the watch is off for the game and its copies (:func:`unwatched`)."""


def mandatory_loop(game: Game, event: Event | None = None) -> bool:
    """Called before each event is performed and after each event batch (``event`` ``None``), once more than
    :data:`MANDATORY_WATCH_AFTER` steps of the game (``Game.steps``) have passed since the last decision: end
    the game in a draw when the same state, at the same point, keeps coming back with no decision between.
    True when it ended the game. (Callers test ``Game.steps`` first: this runs before every event.)"""
    steps = game.steps
    if steps <= MANDATORY_WATCH_AFTER or UNWATCHED in game.info:
        return False
    history = len(game.history)
    stretch: _Stretch | None = game.scratch.get(STRETCH)
    if stretch is None or stretch.history != history:
        stretch = game.scratch[STRETCH] = _Stretch(history)
    at = None
    if event is not None:
        subject = game.objects.get(event.subject) if event.subject is not None else None
        at = (
            event.kind,
            subject.top if subject else None,
            event.player,
            event.source.card,
            event.source.rule,
        )
    table = board(game, stack_tail=8)
    key = (fingerprint(game, table=table), at)
    times = stretch.seen[key] = stretch.seen.get(key, 0) + 1
    if times >= MANDATORY_REPEATS:
        draw(game, f"the same state came back {times} times in {steps} steps with no decision")
        return True
    grown = ("board", table, at)  # the same table while effects pile up
    times = stretch.seen[grown] = stretch.seen.get(grown, 0) + 1
    if times >= MANDATORY_BOARD_REPEATS:
        draw(
            game,
            f"the same board came back {times} times in {steps} steps with no decision, only the effects "
            "in force growing",
        )
        return True
    return False


def unwatched(game: Game) -> None:
    """No mandatory-loop watch for this game (and its copies): for measurements that repeat the same events
    on purpose (bench.py)."""
    game.info[UNWATCHED] = True


def draw(game: Game, why: str) -> None:
    game.record(
        "rule",
        f"a loop no player can stop: {why}; the game cannot go on and is a draw (competitive event rules, "
        "無限ループ; the comprehensive rules have no loop rule)",
        LOOP_RULE,
    )
    game.end(None, (), LOOP_RULE, "a loop that no player can stop: the game is a draw")


# ------------------------------------------------------------------ optional loops


def offer(game: Game, decision: Decision) -> Decision:
    """The decision as offered: without the answers that brought the game back to this same decision at
    this same state ``LOOP_LIMIT`` times this turn (or at this same board ``GROWING_LOOP_LIMIT`` times).
    With nothing else to offer, it cannot stop: a draw."""
    seen: dict[Any, tuple[int, frozenset[tuple[str, ...]]]]
    turn, asked, seen, _ = game.info.get(WATCH) or (game.turn, 0, {}, ())
    if turn != game.turn:
        turn, asked, seen = game.turn, 0, {}
    asked += 1
    if asked <= OPTIONAL_WATCH_AFTER:
        game.info[WATCH] = (turn, asked, seen, ())
        return decision
    asked_as = (decision.player, decision.kind, decision.prompt, decision.labels)
    table = board(game)
    keys = ((fingerprint(game, table=table), *asked_as), ("board", table, *asked_as))
    game.info[WATCH] = (turn, asked, seen, keys)
    for key, limit, what in zip(keys, (LOOP_LIMIT, GROWING_LOOP_LIMIT), ("state", "board"), strict=True):
        times, answers = seen.get(key, (0, frozenset[tuple[str, ...]]()))
        seen = {**seen, key: (times + 1, answers)}
        game.info[WATCH] = (turn, asked, seen, keys)
        if times < limit or not answers:
            continue
        blocked = {label for answer in answers for label in answer}
        options = tuple(o for o in decision.options if o.label not in blocked)
        if options and len(options) >= decision.min:
            growing = " (only the effects in force differ: a loop that grows)" if what == "board" else ""
            game.record(
                "rule",
                f"{game.pname(decision.player)} has brought the game back to this same {decision.kind} "
                f"decision at the same {what} {times} times this turn{growing}: {', '.join(sorted(blocked))} "
                "is no longer offered here, so the loop stops (a player repeats a loop a number of times, "
                "then ends it)",
                LOOP_RULE,
            )
            return replace(decision, options=options, max=min(decision.max, len(options)))
        if times >= 2 * limit:
            draw(game, f"every option of this {decision.kind} decision leads back to it")
        return decision
    return decision


def answered(game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
    """Remember the answer given at a watched decision (what ``offer`` holds back when the state recurs)."""
    watch = game.info.get(WATCH)
    if not watch or not watch[3]:
        return
    turn, asked, seen, keys = watch
    for key in keys:
        times, answers = seen.get(key, (0, frozenset[tuple[str, ...]]()))
        seen = {**seen, key: (times, answers | {labels})}
    game.info[WATCH] = (turn, asked, seen, ())


def watched(game: Game) -> Mapping[Any, Any]:
    """The decisions watched this turn (for tests): decision key → (times asked, answers given)."""
    watch = game.info.get(WATCH)
    return watch[2] if watch and watch[0] == game.turn else {}
