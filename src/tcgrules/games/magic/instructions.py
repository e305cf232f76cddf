"""Instructions other than exchanges: damage (120), draw (121), destroy (701.7), exile (406), sacrifice
(701.17), return to hand, tap and untap (701.21), gain and lose life (119), counters (122), counter target
spell (701.5), continuous effects with a duration (611.2, 613), shuffle, exile graveyards."""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Event, Frame, Game
from . import state as st
from .abilities import Continuous
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


def _gone(game: Game, what: str) -> None:
    game.record(
        "rule", f"{what}: the object is gone or no longer a legal target, so nothing happens", "608.2b"
    )


def draw(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """121.2: cards are drawn one at a time."""
    player = ctx.player(game, instr.arg["player"])
    if player is None:
        _gone(game, "draw")
        return None
    source = ctx.source("121.2")
    return Chain(
        tuple(Event("draw", None, player, source, {"amount": 1}) for _ in range(instr.arg["amount"]))
    )


@dataclass(slots=True)
class Chain(Frame):
    """Events that happen one after another, each through the pipeline (121.2: one draw at a time)."""

    events: tuple[Event, ...]
    index: int = 0

    def step(self, game: Game) -> None:
        if self.index >= len(self.events) or game.result is not None:
            game.finish()
            return
        self.index += 1
        game.push(game.process(self.events[self.index - 1]))


def _move(game: Game, ctx: Context, ref: str, to: str, reason: str, rule: str) -> Frame | None:
    oid = ctx.obj(game, ref) if ref == "self" else None
    if ref != "self":
        target = ctx.target(game, ref)
        oid = target[1] if target is not None and target[0] == "object" else None
    if oid is None:
        _gone(game, reason)
        return None
    obj = game.objects[oid]
    args = {"to": to, "from": obj.zone[1], "reason": reason}
    return game.process(Event("move", oid, None, ctx.source(rule), args))


def destroy(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """701.7a: a destroyed permanent goes to its owner's graveyard; 702.12b: not an indestructible one."""
    oid = ctx.obj(game, instr.arg)
    if oid is not None and "indestructible" in st.keywords(game, game.objects[oid]):
        game.record("rule", f"{game.name(game.objects[oid].top)} is indestructible", "702.12b")
        return None
    return _move(game, ctx, instr.arg, st.GRAVEYARD, "destroy", "701.7a")


def exile(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _move(game, ctx, instr.arg, st.EXILE, "exile", "406.3")


def return_to_hand(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _move(game, ctx, instr.arg, st.HAND, "return", "400.7")


def sacrifice(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """701.17a: only a permanent its controller controls can be sacrificed (by that player)."""
    oid = ctx.obj(game, instr.arg)
    if oid is None or game.objects[oid].controller != ctx.controller:
        game.record("rule", "nothing to sacrifice: it is gone or controlled by another player", "701.17a")
        return None
    return _move(game, ctx, instr.arg, st.GRAVEYARD, "sacrifice", "701.17a")


def destroy_attached_auras(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    hosts = {o for o in (ctx.obj(game, ref) for ref in instr.arg) if o is not None}
    auras = [o for o in st.battlefield(game) if st.printed(game, o).is_aura and st.attached_to(o) in hosts]
    events = [
        Event("move", o.oid, None, ctx.source("701.7a"), {"to": st.GRAVEYARD, "from": st.BATTLEFIELD})
        for o in auras
        if "indestructible" not in st.keywords(game, o)
    ]
    return game.process(*events) if events else None


def _tap(game: Game, ctx: Context, instr: Instr, kind: str) -> Frame | None:
    oid = ctx.obj(game, instr.arg)
    if oid is None:
        _gone(game, kind)
        return None
    return game.process(Event(kind, oid, None, ctx.source("701.21")))


def tap(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _tap(game, ctx, instr, "tap")


def untap(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _tap(game, ctx, instr, "untap")


def _life(game: Game, ctx: Context, instr: Instr, kind: str) -> Frame | None:
    player = ctx.player(game, instr.arg["player"])
    if player is None:
        _gone(game, kind)
        return None
    return game.process(Event(kind, None, player, ctx.source("119.3"), {"amount": instr.arg["amount"]}))


def gain_life(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _life(game, ctx, instr, "gain_life")


def lose_life(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return _life(game, ctx, instr, "lose_life")


def counter(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    target = ctx.target(game, instr.arg)
    if target is None or target[0] != "object":
        _gone(game, "counter")
        return None
    return game.process(Event("counter", target[1], None, ctx.source("701.5a")))


LAYER_OF = {
    "gain_control": st.CONTROL,
    "add_types": st.TYPES,
    "grant": st.KEYWORDS,
    "set_pt": st.PT_SET,
    "pump": st.PT_MOD,
    "switch_pt": st.PT_SWITCH,
}


def continuous(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """611.2a: a continuous effect from a resolving spell or ability; it applies to the objects it names
    as they are now (611.2c) and lasts as the text says (``until end of turn``: 514.2)."""
    arg = instr.arg
    oid = ctx.obj(game, arg["target"])
    if oid is None:
        _gone(game, instr.op)
        return None
    key = LAYER_OF[instr.op]
    name = game.name(game.objects[oid].top)
    value: object
    if key == st.CONTROL:
        player = ctx.player(game, arg.get("player", "you"))
        value, label = player, f"{game.pname(player)} controls {name}"
    elif key in (st.TYPES, st.KEYWORDS):
        value = tuple(arg["add"])
        label = f"{name} {'is also' if key == st.TYPES else 'has'} {', '.join(value)}"
    elif key == st.PT_SWITCH:
        value, label = None, f"{name}'s power and toughness switched"
    else:
        value = (arg["power"], arg["toughness"])
        label = f"{name} {'is' if key == st.PT_SET else 'gets'} {arg['power']:+}/{arg['toughness']:+}"
    duration = arg.get("duration", "end_of_turn")
    label += " until end of turn" if duration == "end_of_turn" else ""
    effect = Continuous(key, value, label)
    args = {
        "objects": (oid,),
        "effect": effect,
        "expires": "end_of_turn" if duration == "end_of_turn" else None,
    }
    return game.process(Event("add_effect", oid, None, ctx.source("611.2"), args))


def choose_new_targets(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    from .stack import ChooseNewTargets

    oid = ctx.obj(game, instr.arg)
    if oid is None:
        _gone(game, "new targets")
        return None
    return ChooseNewTargets(oid)


INSTRUCTIONS: dict[str, Handler] = {
    "choose_new_targets": choose_new_targets,
    "damage": damage,
    "shuffle": shuffle,
    "counters": counters,
    "exile_graveyards": exile_graveyards,
    "draw": draw,
    "destroy": destroy,
    "exile": exile,
    "return_to_hand": return_to_hand,
    "sacrifice": sacrifice,
    "destroy_attached_auras": destroy_attached_auras,
    "tap": tap,
    "untap": untap,
    "gain_life": gain_life,
    "lose_life": lose_life,
    "counter": counter,
    **{op: continuous for op in LAYER_OF},
}
