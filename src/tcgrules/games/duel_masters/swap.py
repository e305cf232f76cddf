"""入れ替える (swap, 701.26): exchanging a card in the battle zone with a card in another zone.

Revolution change (革命チェンジ) and the like swap the attacking creature with a card from the hand. The card
put into the battle zone is a **new object** (seed 004): effects on the old creature do not follow it, but it
takes the old creature's tapped state and, if that was attacking, it is attacking (701.26a) — the attack
goes on with it. 701.26b: if the battle-zone card would not move normally (a prohibition or a replacement
effect such as "instead, stay"), the swap is not performed at all and nothing changes. An *optional*
replacement that could apply (真・エスケープ) is offered to its controller first: used, the swap is not
performed and the replacement does nothing; declined, it does not keep the swap from happening. Both halves
are looked at: the battle-zone card leaving *and* the incoming card entering (seed 000, 2023-12-15: a landing
replacement such as "出る時、かわりに墓地に置く" on the incoming card also makes the swap fail).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action
from ...kernel import REPLACEMENT, Effect, Event, Game, Happened, Source, is_prohibited
from .language.scope import Scope
from .language.selectors import players
from .zones import BATTLE

SUCCESSORS = "swap_successors"
"""``game.info`` key: ``((old oid, new oid), …)`` — the attack frame follows an attacker that was swapped."""


SPLITS = "attack_splits"
"""``game.info`` key: an attacking creature of several cards that came apart into several creatures (a
God link, 804.4a; a psychic super creature's リンク解除, 806.2a): the old object → the creatures it became."""


def record_split(game: Game, old: int, parts: tuple[int, ...], rule: str) -> None:
    """804.4a / 806.2a: an attacking creature came apart into ``parts`` (each still marked attacking): the
    attack goes on with one of them, which the attacking player chooses (turn.Attack)."""
    if len(parts) == 1 and parts[0] != old:
        game.info[SUCCESSORS] = (*game.info.get(SUCCESSORS, ()), (old, parts[0]))  # the same creature (806.2)
    elif len(parts) > 1:
        game.info[SPLITS] = (*game.info.get(SPLITS, ()), (old, parts, rule))


def successor(game: Game, oid: int) -> int:
    """The object that took ``oid``'s place by a swap this turn, or ``oid`` itself."""
    pairs = dict(game.info.get(SUCCESSORS, ()))
    while oid in pairs:
        oid = pairs[oid]
    return oid


def moves_normally(game: Game, event: Event) -> bool:
    """701.26b: would this move happen as it is — not prohibited, and no replacement effect applies?"""
    return not why_not_normally(game, event)


def why_not_normally(game: Game, event: Event, declined: tuple[int, ...] = ()) -> list[str]:
    """What keeps ``event`` from happening as it is: a prohibition, or the replacements that apply — but
    not the optional ones whose controller chose not to use them (``declined``, 701.26b)."""
    if is_prohibited(game, event) is not None:
        return ["a prohibition"]
    return [
        effect.ability.label
        for effect in game.effects.find(REPLACEMENT, event.kind)
        if effect.eid not in declined and effect.ability.applies(game, effect, event)  # type: ignore[attr-defined]  # Replacements
    ]


def halves(game: Game, incoming_oid: int, outgoing_oid: int, source: Source, controller: int) -> list[Event]:
    """The two moves a swap is made of: the battle-zone card leaving, the other card entering."""
    incoming, outgoing = game.objects[incoming_oid], game.objects[outgoing_oid]
    return [
        Event("move", outgoing.oid, None, source, {"to": incoming.zone[1]}),
        Event(
            "enter",
            incoming.oid,
            outgoing.controller if controller is None else controller,
            source,
            {"how": "swap"},
        ),
    ]


def optional_blockers(game: Game, events: list[Event]) -> list[Effect]:
    """701.26b: the optional replacements that could apply to a half of a swap. Their controllers choose
    whether to use them; one used means the swap is not performed (and the replacement does nothing)."""
    found: list[Effect] = []
    for event in events:
        for effect in game.effects.find(REPLACEMENT, event.kind):
            ability = effect.ability
            if (
                getattr(ability, "optional", False)
                and effect not in found
                and ability.applies(game, effect, event)  # type: ignore[attr-defined]  # Replacements
                and ability.feasible(game, effect, event, frozenset())  # type: ignore[attr-defined]
            ):
                found.append(effect)
    return found


def perform_swap(game: Game, event: Event) -> Happened | None:
    incoming = game.objects.get(event.subject) if event.subject is not None else None
    outgoing = game.objects.get(event.get("with"))
    if incoming is None or outgoing is None or outgoing.zone[1] != BATTLE:
        return None
    from_zone = incoming.zone
    controller = outgoing.controller
    leave, enter = halves(game, incoming.oid, outgoing.oid, event.source, controller)
    declined = tuple(event.get("declined", ()))
    reasons = [*why_not_normally(game, leave, declined), *why_not_normally(game, enter, declined)]
    if reasons:
        game.record(
            "rule",
            f"a card would not move normally ({'; '.join(reasons)}), so the swap is not performed",
            "701.26b",
        )
        return None
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
    # What happened is the incoming card's being put into the battle zone (701.26): triggers see an
    # ``enter`` (出た時; 「革命チェンジ」によって出た: its ``by_keyword``), and the log names the swap.
    marks = {"how": "swap", **({"by_keyword": event.get("by_keyword")} if event.get("by_keyword") else {})}
    entered = Event("enter", new.oid, controller, event.source, marks)
    return Happened(entered, tuple(new.cards), incoming.oid, new.oid, data)


PERFORMERS = {"swap": perform_swap}


# ---------------------------------------------------------------------------------------------- 701.26c


def swap_zones(frame: Any, game: Game, action: Action) -> int:
    """「…と…をまるごと入れ替える」 (701.26c, ``swap_zones: {zone, with, player}``): every card of one zone
    goes to the other and every card of the other to the first, as one batch. It is done even if one zone
    is empty, and a card whose move is prohibited or replaced does not stop the others."""

    first, second = str(action.args["zone"]), str(action.args["with"])
    events = []
    for p in players(Scope(frame.ctx.controller, frame.ctx.source.card), str(action.get("player", "you"))):
        for here, there in ((first, second), (second, first)):
            events += [
                Event("move", oid, source=frame.ctx.source, args={"to": there})
                for oid in game.zone((p, here))
            ]
    game.record("rule", f"the cards of the {first} and the {second} are exchanged", "701.26c")
    return int(frame.emit(game, events))


HANDLERS = {"swap_zones": swap_zones}
