"""横向き: a card of a pile (a deck, the 超GR) turned sideways where it lies — 「相手は自身の超GRの上から
4枚目を横向きにする」 (DMEX-18), 「山札の上から4枚目の位置に、横向きに刺す」 (DMRP-07) — that
stays so while it is there, and is seen as it leaves: 「横向きのカードが相手の超GRを離れた時」.

The mark is the object's: a card that moves is a new object (109.2), so the mark does not follow it; what
left sideways is said by the event that moved it (the ``sideways`` of its Happened, read by the pattern
field ``sideways``), and the filter ``sideways`` reads the mark of an object where it is. No rule of
Ver.1.48 names 横向き for these zones (306.3, 308.3 and 310.3 are the sideways positions of fortresses,
fields and auras); the cards' texts say what it does.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action
from ...kernel import Event, Game, GameObject, Happened

SIDEWAYS = "sideways"
"""``GameObject.state`` key: the object is turned sideways (横向き) where it is."""


def is_sideways(obj: GameObject) -> bool:
    return bool(obj.state.get(SIDEWAYS))


def turn_sideways_step(frame: Any, game: Game, action: Action) -> int:
    """``turn_sideways: SEL`` (横向きにする): each object selected is marked where it is."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    ctx = frame.ctx
    events = [Event("turn_sideways", oid, ctx.controller, ctx.source) for oid in picked]
    return int(frame.emit(game, events)) if events else A._DONE


def perform_turn_sideways(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or is_sideways(obj):
        return None
    obj.state[SIDEWAYS] = True
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


def left_sideways(obj: GameObject) -> dict[str, bool]:
    """What a move's Happened says of an object that was sideways as it left (read by the pattern field)."""
    return {SIDEWAYS: True} if is_sideways(obj) else {}


PERFORMERS = {"turn_sideways": perform_turn_sideways}
HANDLERS = {"turn_sideways": turn_sideways_step}
