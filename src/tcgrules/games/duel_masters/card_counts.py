"""Cards put under a creature, and "the number of its cards became N" (revealing until a card matches is
``reveal_until``, language/effects.py).

* ``put_under: {what: SEL, under: SEL}`` (このクリーチャーの下に置く): each selected card goes to the bottom
  of the one object ``under`` selects, in the battle zone, face up — one more of that object's cards
  (200.3a), not an evolution (nothing evolves, nothing enters the battle zone). A card that was the top of
  another object leaves it alone, and the rest stays (801.4c, as for an evolution's card, objects.py).
* The pattern ``{event: cards_became, count: Q}`` (このクリーチャーに含まれるカードがN枚になった時): the
  number of cards this creature is made of changed, up or down, and is now Q. 603.2c: it triggers only when
  the number *becomes* Q — not for a creature that enters with Q cards, nor while it stays at Q. The count
  is checked after every event batch, with the state-based actions, for the objects whose top card has
  such an ability (:func:`state_based_actions`): a change makes a ``cards_count`` event that the pattern
  sees, and the new count is kept in the object's state (``CARDS_SEEN``).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, Pattern
from ...kernel import Event, Game, GameObject, Happened, Source
from . import actions as A
from .zones import BATTLE

CARDS_SEEN = "cards_seen"
"""``GameObject.state`` key: how many cards the object was made of when last checked."""


# ---------------------------------------------------------------------------------------------- put_under


def put_under_step(frame: Any, game: Game, action: Action) -> int:
    under = frame.select(game, action, action.args["under"])
    if under is None:
        return A._ASKED
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    targets = [o for o in under if game.objects[o].zone[1] == BATTLE]
    if not targets or not picked:
        return A._DONE
    target = targets[0]
    cards = [c for o in picked if o != target for c in game.objects[o].cards[:1]]
    ctx = frame.ctx
    events = [
        Event("put_under", game.card_object[c], ctx.controller, ctx.source, {"card": c, "under": target})
        for c in cards
    ]
    return int(frame.emit(game, events))


def perform_put_under(game: Game, event: Event) -> Happened | None:
    cid = event.get("card")
    target = game.objects.get(event.get("under"))
    if cid is None or target is None or target.zone[1] != BATTLE or game.card_object.get(cid) is None:
        return None
    if game.card_object[cid] == target.oid:
        return None  # already one of its cards
    from_zone = game.objects[game.card_object[cid]].zone[1]
    rest = game.detach_card(cid)
    if rest is not None:  # it was the top of another object: the rest stays, rebuilt (801.4c)
        game.effects.remove_host(rest.oid)
        game.rules.object_entered(game, rest)
    target.cards.append(cid)
    game.card_object[cid] = target.oid
    from .views import reveal

    reveal(game, (cid,))  # face up under the creature
    game.effects.remove_host(target.oid)  # as for an evolution (objects.py): its abilities again, with
    game.rules.object_entered(game, target)  # those a card under it gives (超魂X, 818.1b)
    data = {"from": from_zone, "to": BATTLE, "controller": target.controller, "under": target.oid}
    return Happened(event, (cid,), target.oid, target.oid, data)


# ---------------------------------------------------------------------------------------------- cards_became


def _watchers(game: Game) -> frozenset[str]:
    """The names of the game's cards with a ``cards_became`` pattern (worked out once per game)."""
    rules: Any = game.rules
    cached: tuple[int, frozenset[str]] | None = getattr(rules, "_cards_became", None)
    if cached is None or cached[0] != len(game.cards):
        names = {card.name for card in game.cards}
        found = frozenset(n for n in names if n in rules.catalog and watches(rules.catalog[n]))
        cached = rules._cards_became = (len(game.cards), found)
    return cached[1]


def watches(definition: Any) -> bool:
    """Does the card have a ``cards_became`` pattern (its number of cards is watched)?"""

    def walk(p: Pattern | None) -> bool:
        return p is not None and (p.event == "cards_became" or any(walk(a) for a in p.alternatives))

    return any(walk(a.pattern) for f in definition.faces for a in f.abilities)


def state_based_actions(game: Game) -> list[Event]:
    """A ``cards_count`` event for each watched object whose number of cards changed since it was last
    checked (the first check, as it enters, only notes it: 603.2c)."""
    watchers = _watchers(game)
    if not watchers:
        return []
    events: list[Event] = []
    for p in range(game.players):
        for oid in game.zones.get((p, BATTLE), ()):
            obj: GameObject = game.objects[oid]
            if game.cards[obj.top].name not in watchers:
                continue
            now, seen = len(obj.cards), obj.state.get(CARDS_SEEN)
            if seen is None:
                obj.state[CARDS_SEEN] = now
            elif seen != now:
                source = Source("rule", obj.top, obj.controller, rule="603.2c")
                events.append(Event("cards_count", oid, obj.controller, source, {"count": now, "was": seen}))
    return events


def perform_cards_count(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    obj.state[CARDS_SEEN] = event.get("count")
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


PERFORMERS = {"put_under": perform_put_under, "cards_count": perform_cards_count}
HANDLERS = {"put_under": put_under_step}
