"""Shields made of several cards (113.2, seed 004 シールド).

* Counting *shields* counts shield objects; counting *cards in the shield zone* counts cards (113.2).
* Each card of a shield object has its own facing: shield plus (シールド・プラス) puts a card face down
  under a shield, 裁きの紋章-style effects put one face up on top, and neither turns the others over.
  The facing of every card is kept in ``state["face_up_cards"]``; ``GameObject.face_down`` is the facing
  of the top card.
* Turning a shield object over turns all its cards (seed: アクア・マスター / 楯神の賢者レオルド).
* Shuffling the shields keeps each position's number of cards, and each position stays the same object, so
  castles keep fortifying the shield now at their position (113.2a).
"""

from __future__ import annotations

from ...kernel import Event, Game, GameObject, Happened
from .zones import SHIELDS

FACE_UP = "face_up_cards"


def is_face_up(obj: GameObject, cid: int) -> bool:
    """Is card ``cid`` of ``obj`` face up? A card under the top keeps its own facing (seed 004)."""
    up: frozenset[int] | None = obj.state.get(FACE_UP)
    if up is None:
        return not obj.face_down
    return cid in up


def shield_count(game: Game, player: int) -> int:
    """The number of shields: shield objects (113.2), not those waiting to go to the hand (113.6a)."""
    return sum(1 for o in game.objects_in((player, SHIELDS)) if not o.state.get("waiting"))


def shield_card_count(game: Game, player: int) -> int:
    """The number of cards in the shield zone (113.2)."""
    return sum(len(o.cards) for o in game.objects_in((player, SHIELDS)) if not o.state.get("waiting"))


def _facings(obj: GameObject) -> set[int]:
    return {c for c in obj.cards if is_face_up(obj, c)}


def _set_facings(game: Game, obj: GameObject, up: set[int]) -> None:
    obj.state[FACE_UP] = frozenset(up & set(obj.cards))
    obj.face_down = obj.top not in up
    # The top card may have changed or turned over: its abilities are registered afresh.
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)


def perform_shield_add(game: Game, event: Event) -> Happened | None:
    """Add the card(s) of ``event.subject`` to the shield object ``shield``: under it (403.4a: at the
    bottom), face down by default (シールド・プラス), or on top (``on_top``), face up if ``face_up``."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    shield = game.objects.get(event.get("shield"))
    if obj is None or shield is None or shield.zone[1] != SHIELDS or obj.oid == shield.oid:
        return None
    from_zone = obj.zone[1]
    up = _facings(shield)
    cards = list(obj.cards)
    game.remove_object(obj.oid)
    for cid in cards:
        game.card_object[cid] = shield.oid
        if event.get("face_up", False):
            up.add(cid)
    if event.get("on_top", False):
        shield.cards[0:0] = cards
    else:
        shield.cards.extend(cards)
    _set_facings(game, shield, up)
    data = {"from": from_zone, "to": SHIELDS, "controller": shield.controller, "shield": shield.oid}
    return Happened(event, tuple(cards), event.subject, shield.oid, data)


def perform_turn_over(game: Game, event: Event) -> Happened | None:
    """Turn a shield object face up or face down: all of its cards (seed 004)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is not None and obj.zone[1] == "castle_zone" and not event.get("face_up"):
        from .castles import turn_castle_face_down

        return turn_castle_face_down(game, obj)
    if obj is None or obj.zone[1] != SHIELDS:
        return None
    _set_facings(game, obj, set(obj.cards) if event.get("face_up") else set())
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"face_up": bool(event.get("face_up"))})


def perform_shuffle_shields(game: Game, event: Event) -> Happened | None:
    """113.2a: shuffle the cards of a player's shields and deal them back, as many to each position as it
    had; each position stays the same shield object, face down."""
    assert event.player is not None
    shields = game.objects_in((event.player, SHIELDS))
    cards = [c for o in shields for c in o.cards]
    game.rng.shuffle(cards)
    i = 0
    for obj in shields:
        n = len(obj.cards)
        obj.cards[:] = cards[i : i + n]
        i += n
        for c in obj.cards:
            game.card_object[c] = obj.oid
        _set_facings(game, obj, set())
    return Happened(event, tuple(cards))


PERFORMERS = {
    "shield_add": perform_shield_add,
    "turn_over": perform_turn_over,
    "shuffle_shields": perform_shuffle_shields,
}
