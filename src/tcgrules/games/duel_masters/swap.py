"""入れ替える (swap, 701.26): exchanging a card in the battle zone with a card in another zone.

Revolution change (革命チェンジ) and the like swap the attacking creature with a card from the hand. The card
put into the battle zone is a **new object** (seed 004): effects on the old creature do not follow it, but it
takes the old creature's tapped state and, if that was attacking, it is attacking (701.26a) — the attack
goes on with it. 701.26b: if the battle-zone card would not move normally (a prohibition or a replacement
effect such as "instead, stay"), the swap is not performed at all and nothing changes.
"""

from __future__ import annotations

from ...kernel import REPLACEMENT, Event, Game, Happened, is_prohibited
from .zones import BATTLE

SUCCESSORS = "swap_successors"
"""``game.info`` key: ``((old oid, new oid), …)`` — the attack frame follows an attacker that was swapped."""


def successor(game: Game, oid: int) -> int:
    """The object that took ``oid``'s place by a swap this turn, or ``oid`` itself."""
    pairs = dict(game.info.get(SUCCESSORS, ()))
    while oid in pairs:
        oid = pairs[oid]
    return oid


def moves_normally(game: Game, event: Event) -> bool:
    """701.26b: would this move happen as it is — not prohibited, and no replacement effect applies?"""
    if is_prohibited(game, event) is not None:
        return False
    for effect in game.effects.find(REPLACEMENT, event.kind):
        if effect.ability.applies(game, effect, event):  # type: ignore[attr-defined]  # Replacements
            return False
    return True


def perform_swap(game: Game, event: Event) -> Happened | None:
    incoming = game.objects.get(event.subject) if event.subject is not None else None
    outgoing = game.objects.get(event.get("with"))
    if incoming is None or outgoing is None or outgoing.zone[1] != BATTLE:
        return None
    from_zone = incoming.zone
    leave = Event("move", outgoing.oid, None, event.source, {"to": from_zone[1]})
    if not moves_normally(game, leave):
        game.record("rule", "a card would not move normally, so the swap is not performed", "701.26b")
        return None
    controller = outgoing.controller
    tapped = outgoing.tapped
    carried = {k: v for k, v in outgoing.state.items() if k in ("attacking", "target", "blocked")}
    old_cards = tuple(outgoing.cards)
    game.move_object(outgoing.oid, (game.cards[outgoing.top].owner, from_zone[1]))
    new = game.move_object(
        incoming.oid, (controller, BATTLE), controller=controller, split=False, tapped=tapped
    )[0]
    new.state.update(carried)
    game.info[SUCCESSORS] = (*game.info.get(SUCCESSORS, ()), (outgoing.oid, new.oid))
    data = {"from": from_zone[1], "to": BATTLE, "controller": controller, "returned": old_cards}
    return Happened(event, tuple(new.cards), incoming.oid, new.oid, data)


PERFORMERS = {"swap": perform_swap}
