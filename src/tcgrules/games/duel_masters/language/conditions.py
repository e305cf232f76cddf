"""Conditions (docs/cards.md, "Conditions"): whether something holds, for a trigger (603, 605.2a), a
replacement, a static ability, or a step of an effect."""

from __future__ import annotations

from ....cards.loader import CONDITION_FORMS
from ....cards.schema import Compare, Condition
from ....kernel import Game
from ..counting import IN_EXTRA_TURN
from ..objects import BONUS
from .history import events
from .patterns import happened_matches
from .quantities import value
from .scope import Scope
from .selectors import matching

COMPARISONS = ("at_least", "at_most", "more_than", "less_than", "equals")

V2 = frozenset(CONDITION_FORMS)
"""The condition forms of language 2 (the loader's table); every one is interpreted by :func:`holds`."""


def is_v2(cond: Condition) -> bool:
    """Whether a condition is a language-2 form (language 1's ``shield_force`` carries no parts)."""
    if cond.parts or cond.quantities or cond.selector is not None or cond.pattern is not None:
        return True
    return cond.kind in ("step", "did", "turn", "extra_turn", "bonus")


def holds(game: Game, scope: Scope, cond: Condition) -> bool:
    kind = cond.kind
    if kind == "all":
        return all(holds(game, scope, c) for c in cond.parts)
    if kind == "any":
        return any(holds(game, scope, c) for c in cond.parts)
    if kind == "not":
        return not holds(game, scope, cond.parts[0])
    if kind in COMPARISONS:
        left, right = (value(game, scope, q) for q in cond.quantities)
        return Compare(kind, cond.quantities[1]).test(left, right)
    if kind == "exists":
        assert cond.selector is not None
        return bool(matching(game, scope, cond.selector))
    if kind == "none":
        assert cond.selector is not None
        return not matching(game, scope, cond.selector)
    if kind == "turn":
        mine = game.active_player == scope.controller
        return mine if cond.value == "you" else not mine
    if kind == "step":
        return bool(game.info.get("step") == cond.value)
    if kind == "extra_turn":  # 追加ターン中: this turn is an extra turn (counting.py)
        return bool(game.info.get(IN_EXTRA_TURN)) == bool(cond.value)
    if kind in ("attacking", "attacking_player", "attacking_creature", "blocking", "in_battle"):
        assert cond.selector is not None
        return any(_state(game, o.oid, kind) for o in matching(game, scope, cond.selector))
    if kind == "bonus":  # S能力 / P能力: given to this card's object as it was used (play.py, BONUS)
        oid = scope.this(game)
        obj = game.objects.get(oid) if oid is not None else None
        return (obj is not None and bool(obj.state.get(BONUS))) == bool(cond.value)
    if kind == "happened":
        assert cond.pattern is not None
        return any(happened_matches(game, scope, cond.pattern, h) for h in events(game, str(cond.value)))
    if kind == "did":
        return scope.done.get(str(cond.value), 0) > 0
    raise AssertionError(f"condition {kind!r} has no interpretation")


def _state(game: Game, oid: int, kind: str) -> bool:
    obj = game.objects[oid]
    if kind == "attacking":
        return bool(obj.state.get("attacking"))
    if kind in ("attacking_player", "attacking_creature"):  # 506.1: what it was declared to attack
        target = obj.state.get("target")
        at_creature = isinstance(target, int) and not isinstance(target, bool)
        return bool(obj.state.get("attacking")) and at_creature == (kind == "attacking_creature")
    if kind == "blocking":
        return bool(obj.state.get("blocking"))
    battling = game.info.get("battling")
    return battling is not None and oid in battling
