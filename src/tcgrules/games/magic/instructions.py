"""Instructions other than exchanges: deal damage, shuffle, put counters, exile graveyards."""

from __future__ import annotations

from ...kernel import Event, Frame, Game
from . import state as st
from .resolve import Context, Handler
from .schema import Instr


def damage(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """120.3: damage to a player makes them lose that much life; to a creature, it is marked on it."""
    target = ctx.target(game, instr.arg["to"])
    if target is None:
        game.record("rule", "the target is no longer legal and is not dealt damage", "608.2b")
        return None
    kind, value = target
    amount = {"amount": instr.arg["amount"]}
    if kind == "player":
        return game.process(Event("damage", None, value, ctx.source(), amount))
    return game.process(Event("damage", value, None, ctx.source(), amount))


def shuffle(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    player = ctx.player(game, instr.arg["player"])
    return game.process(Event("shuffle", None, player, ctx.source(), {"zone": st.LIBRARY}))


def counters(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    oid = ctx.obj(game, instr.arg["to"])
    if oid is None:
        game.record("rule", "the object to put counters on has left the battlefield", "608.2h")
        return None
    amount = ctx.amount if instr.arg["amount"] == "event_amount" else int(instr.arg["amount"])
    return game.process(
        Event("counters", oid, None, ctx.source(), {"kind": instr.arg["kind"], "amount": amount})
    )


def exile_graveyards(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    events = [
        Event("move", oid, None, ctx.source(), {"to": st.EXILE, "from": st.GRAVEYARD})
        for player in range(game.players)
        for oid in game.zones.get((player, st.GRAVEYARD), ())
    ]
    return game.process(*events) if events else None


INSTRUCTIONS: dict[str, Handler] = {
    "damage": damage,
    "shuffle": shuffle,
    "counters": counters,
    "exile_graveyards": exile_graveyards,
}
