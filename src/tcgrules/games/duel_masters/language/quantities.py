"""Quantities: the numbers an ability computes (docs/cards.md, "Quantities").

605.2d: a number an effect needs is determined once, when the step that needs it is performed; a static
ability's number is read continuously. Either way this module computes it from the current state.
"""

from __future__ import annotations

from dataclasses import replace

from ....cards.schema import Quantity
from ....kernel import Game
from .. import characteristics as ch
from ..seals import seals_on
from ..shields import is_face_up
from ..zones import BATTLE
from .scope import Scope
from .selectors import count_cards, matching

MOVED = "objects:"
"""The prefix of the ``done`` entry that counts the objects a step itself moved (``{moved: NAME}``)."""


def value(game: Game, scope: Scope | None, q: Quantity) -> int:
    if q.kind == "number":
        return q.value
    if scope is None:
        raise AssertionError(f"quantity {q.kind!r} needs the ability's scope")
    kind = q.kind
    if kind in ("count", "count_cards"):
        assert q.selector is not None
        sel = q.selector
        if kind == "count_cards" and sel.cards and sel.filter.face_up is not None:
            # 枚 of face-up (or face-down) cards: each card's own facing counts, wherever it is in its
            # object (a face-up card under a face-down shield too, seed 004).

            objs = matching(game, scope, replace(sel, filter=replace(sel.filter, face_up=None)))
            wanted = sel.filter.face_up
            return sum(1 for o in objs for c in o.cards if is_face_up(o, c) == wanted)
        found = matching(game, scope, sel)
        return len(found) if kind == "count" else count_cards(found)
    if kind == "saved":
        return len(scope.vars.get(q.name or "", ()))
    if kind == "done":
        return scope.done.get(q.name or "", 0)
    if kind == "moved":  # the objects the step itself moved (そうした数): no replaced event, each object once
        return scope.done.get(f"{MOVED}{q.name or ''}", 0)
    if kind == "batch":  # 603.2b: the events of the batch a trigger stands for / the cards they moved
        seen, moved = scope.batch
        return seen if q.name == "events" else moved
    if kind == "number_var":
        return scope.numbers.get(q.name or "", 0)
    if kind in ("cost_of", "power_of", "cards_in"):
        assert q.selector is not None
        return _property(game, scope, q, kind)
    if kind in ("max_power", "min_power"):  # 最もパワーの大きい / 小さい: the extreme one (0 if none)
        assert q.selector is not None
        powers = [ch.referred_power(game, o) for o in matching(game, scope, q.selector)]  # 108.1b
        return (max if kind == "max_power" else min)(powers, default=0)
    if kind == "races":  # …の種族1つにつき: distinct whole races (203), not counting ``except``
        assert q.selector is not None
        found = matching(game, scope, q.selector)
        races = {r for o in found for r in ch.modified(game, o, "races", ch.face(game, o).races)}
        return len(races - set(q.words))
    if kind == "civilizations":  # …にある文明の数 (106): the distinct civilizations the objects have
        assert q.selector is not None
        return len({c for o in matching(game, scope, q.selector) for c in ch.civilizations(game, o)})
    if kind == "seals":  # 封印の数 (116.1b): the seals on the objects the selector describes
        assert q.selector is not None
        return sum(len(seals_on(game, o.oid)) for o in matching(game, scope, q.selector))
    if kind == "if":
        from .conditions import holds

        assert q.condition is not None
        then, otherwise = q.parts
        return value(game, scope, then if holds(game, scope, q.condition) else otherwise)
    if kind == "events":
        from .history import events
        from .patterns import happened_matches

        assert q.pattern is not None
        return sum(1 for h in events(game, q.during) if happened_matches(game, scope, q.pattern, h))
    parts = [value(game, scope, p) for p in q.parts]
    if kind == "sum":
        return sum(parts)
    if kind == "times":
        out = 1
        for p in parts:
            out *= p
        return out
    if kind == "minus":
        return parts[0] - sum(parts[1:])
    if kind == "min":
        return min(parts)
    if kind == "max":
        return max(parts)
    if kind == "div":  # …ごとに: how many whole times the second fits in the first (rounded down)
        return parts[0] // parts[1] if parts[1] else 0
    if kind == "mod":  # what is left over (偶数: {mod: [Q, 2]} is 0)
        return parts[0] % parts[1] if parts[1] else 0
    raise AssertionError(f"quantity {kind!r} has no interpretation")


def alternatives(game: Game, scope: Scope, q: Quantity) -> tuple[int, ...]:
    """The values a comparison may use: 201.2b — the cost of a card with two costs (a twinpact outside the
    battle zone) is the one the player using the effect prefers, so a filter comparing with it passes if
    either cost makes it pass; any other quantity has its one value."""
    if q.kind == "cost_of" and q.selector is not None:
        objs = matching(game, scope, q.selector)
        if not objs and q.selector.kind == "var":  # it left: what it was (605.2e)
            known = [scope.lki[o] for o in scope.vars.get(q.selector.var or "", ()) if o in scope.lki]
            costs = known[0].get("costs") if len(known) == 1 else None
            if isinstance(costs, tuple) and len(costs) > 1:
                return tuple(int(c) for c in costs)
        if len(objs) == 1 and objs[0].zone[1] != BATTLE:
            d = ch.definition(game, objs[0].top)
            sides = d.faces
            if d.is_twinpact and not any(f.type.startswith(("psychic", "dragheart")) for f in sides):
                return tuple(f.cost for f in d.faces)
    return (value(game, scope, q),)


def _property(game: Game, scope: Scope, q: Quantity, kind: str) -> int:
    """A property of the referenced object(s); the last-known one of an object that left (605.2e)."""
    assert q.selector is not None
    objs = matching(game, scope, q.selector)
    if not objs and q.selector.kind == "var":
        known = [scope.lki[o] for o in scope.vars.get(q.selector.var or "", ()) if o in scope.lki]
        key = {"cost_of": "cost", "power_of": "power", "cards_in": "cards"}[kind]
        return sum(int(k.get(key) or 0) for k in known)  # type: ignore[call-overload]
    if kind == "cost_of":
        return sum(ch.cost(game, o) for o in objs)
    if kind == "power_of":
        return sum(ch.referred_power(game, o) for o in objs)  # 108.1b
    return sum(len(o.cards) for o in objs)
