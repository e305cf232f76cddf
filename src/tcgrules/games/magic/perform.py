"""Carrying out final events (after prohibitions and replacements) and describing them for the log.

Event kinds: ``move`` (a zone change: destroy, sacrifice, exile, put into hand …), ``damage``,
``gain_life``, ``lose_life``, ``exchange_control``, ``set_toughness``, ``exchange_text``, ``counters``,
``shuffle``, ``tap``, ``untap``, ``draw``, ``counter`` (a spell), ``add_effect`` (a continuous effect with a
duration), ``begin_step`` and ``cleanup`` (514.2). A zone change makes a new object (400.7).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...kernel import Event, Game, Happened, is_prohibited
from . import state as st
from .abilities import Continuous, SetToughness, TextBoxes


def move(game: Game, event: Event) -> Happened | None:
    oid = event.subject
    if oid not in game.objects:
        return None  # 614.6 / 608.2b: the object is gone; nothing to move
    old = game.remove_object(oid)
    for cid in old.cards:
        del game.card_object[cid]
    to = str(event.get("to"))
    owner = game.cards[old.top].owner
    shuffle = bool(event.get("shuffle"))
    controller = event.get("controller", owner) if to == st.BATTLEFIELD else owner
    state = {"attached": event.get("attach")} if event.get("attach") is not None else None
    new = game.create_object(list(old.cards), st.zone_key(to, owner), controller, state=state)
    if shuffle:
        game.rng.shuffle(game.zone(st.zone_key(st.LIBRARY, owner)))
    return Happened(
        event,
        tuple(old.cards),
        old.oid,
        new.oid,
        {"from": old.zone[1], "to": to, "owner": owner, "shuffled": shuffle},
    )


def damage(game: Game, event: Event) -> Happened | None:
    amount = int(event.get("amount", 0))
    if amount <= 0:
        return None  # 614.7a
    if event.player is not None:
        loss = Event("lose_life", None, event.player, event.source, {"amount": amount})
        if is_prohibited(game, loss) is None:  # 119.8: damage can't make a player who can't lose life lose it
            st.set_life(game, event.player, st.life(game, event.player) - amount)  # 119.3a
        return Happened(event, data={"amount": amount})
    obj = game.objects.get(event.subject)  # type: ignore[arg-type]  # a permanent
    if obj is None or obj.zone != (st.SHARED, st.BATTLEFIELD):
        return None
    obj.state["damage"] = int(obj.state.get("damage", 0)) + amount  # 120.3e
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"amount": amount})


def gain_life(game: Game, event: Event) -> Happened | None:
    amount = int(event.get("amount", 0))
    st.set_life(game, event.player, st.life(game, event.player) + amount)  # type: ignore[arg-type]  # a player
    return Happened(event, data={"amount": amount})


def lose_life(game: Game, event: Event) -> Happened | None:
    amount = int(event.get("amount", 0))
    st.set_life(game, event.player, st.life(game, event.player) - amount)  # type: ignore[arg-type]  # a player
    return Happened(event, data={"amount": amount})


def exchange_control(game: Game, event: Event) -> Happened | None:
    """701.10b: each player simultaneously gains control of the object the other controlled. For a
    permanent that is a control-changing effect (layer 2, 613.1b), lasting as the text says (indefinitely by
    default); a spell on the stack simply changes controller (its stack item's)."""
    from .stack import spell_item, stack

    a, b = game.objects[event.subject], game.objects[event.get("other")]  # type: ignore[index]  # objects
    expires = event.get("expires")
    controllers = (a.controller, b.controller)
    for obj, player in ((a, controllers[1]), (b, controllers[0])):
        item = spell_item(game, obj.oid)
        if item is not None:
            obj.controller = player
            game.info["stack"] = tuple(replace(i, controller=player) if i is item else i for i in stack(game))
            continue
        effect = Continuous(st.CONTROL, player, f"control of {game.name(obj.top)} exchanged")
        game.effects.add(effect, player, event.source, host=obj.oid, expires=expires, targets=(obj.oid,))
    st.sync_control(game)
    return Happened(event, (a.top, b.top), a.oid, b.oid)


def cast(game: Game, event: Event) -> Happened | None:
    """601.2i: the spell has been cast (it is already on the stack)."""
    obj = game.objects.get(event.subject)  # type: ignore[arg-type]  # the spell's stack object
    if obj is None:
        return None
    return Happened(event, (obj.top,), obj.oid, obj.oid)


def set_toughness(game: Game, event: Event) -> Happened | None:
    """701.10g / 613.4b: a continuous effect sets the toughness; it ends when the object leaves."""
    obj = game.objects[event.subject]  # type: ignore[index]  # a creature
    value = int(event.get("toughness"))
    game.effects.add(
        SetToughness(value), event.source.player or 0, event.source, host=obj.oid, targets=(obj.oid,)
    )
    return Happened(event, (obj.top,), obj.oid, obj.oid, {"toughness": value})


def exchange_text(game: Game, event: Event) -> Happened | None:
    """701.10h / 612: each permanent's text box becomes the other's previous one (layer 3)."""
    a, b = game.objects[event.subject], game.objects[event.get("other")]  # type: ignore[index]  # permanents
    texts = (st.textbox(game, b).name, st.textbox(game, a).name)
    host = event.get("host")
    game.effects.add(
        TextBoxes(texts), event.source.player or 0, event.source, host=host, targets=(a.oid, b.oid)
    )
    return Happened(event, (a.top, b.top), a.oid, b.oid, {"texts": texts})


def counters(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject)  # type: ignore[arg-type]  # a permanent
    amount = int(event.get("amount", 0))
    if obj is None or amount <= 0:
        return None
    key = f"counters:{event.get('kind')}"
    obj.state[key] = int(obj.state.get(key, 0)) + amount
    return Happened(event, (obj.top,), obj.oid, obj.oid, {"amount": amount})


def shuffle(game: Game, event: Event) -> Happened | None:
    game.rng.shuffle(game.zone(st.zone_key(st.LIBRARY, event.player)))  # type: ignore[arg-type]  # a player
    return Happened(event)


def tap(game: Game, event: Event) -> Happened | None:
    obj = game.objects[event.subject]  # type: ignore[index]  # a permanent
    obj.tapped = True
    return Happened(event, (obj.top,), obj.oid, obj.oid)


def untap(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject)  # type: ignore[arg-type]  # a permanent
    if obj is None or not obj.tapped:
        return None
    obj.tapped = False
    return Happened(event, (obj.top,), obj.oid, obj.oid)


def draw(game: Game, event: Event) -> Happened | None:
    """121.2: one card from the top of the library into the hand; 121.3 / 704.5b: from an empty library
    nothing is drawn and the player will lose when state-based actions are checked."""
    player: int = event.player  # type: ignore[assignment]  # a draw is always a player's
    library = game.zones.get(st.zone_key(st.LIBRARY, player), [])
    if not library:
        game.players_info[player]["drew_from_empty"] = True
        game.record("rule", f"{game.pname(player)} can't draw: the library is empty", "121.3")
        return None
    old = game.remove_object(library[-1])
    for cid in old.cards:
        del game.card_object[cid]
    new = game.create_object(list(old.cards), st.zone_key(st.HAND, player), player)
    return Happened(event, tuple(old.cards), old.oid, new.oid, {"from": st.LIBRARY, "to": st.HAND})


def cleanup(game: Game, event: Event) -> Happened | None:
    """514.2: all damage marked on permanents is removed and "until end of turn" effects end, at once."""
    for obj in st.battlefield(game):
        obj.state.pop("damage", None)
    ended = game.effects.expire("end_of_turn")
    for effect in ended:
        game.record("rule", f"{effect.ability.label} ends", "514.2", effect=effect.eid)
    return Happened(event, data={"ended": len(ended)})


def begin_step(game: Game, event: Event) -> Happened | None:
    return Happened(event, data={"step": event.get("step")})


def counter(game: Game, event: Event) -> Happened | None:
    """701.5a: a countered spell is removed from the stack and put into its owner's graveyard."""
    from .stack import remove_item, spell_item

    item = spell_item(game, event.subject) if event.subject is not None else None
    if item is None:
        return None
    remove_item(game, item)
    old = game.remove_object(event.subject)  # type: ignore[arg-type]  # checked above
    for cid in old.cards:
        del game.card_object[cid]
    owner = game.cards[old.top].owner
    new = game.create_object(list(old.cards), st.zone_key(st.GRAVEYARD, owner), owner)
    return Happened(event, tuple(old.cards), old.oid, new.oid, {"from": st.STACK, "to": st.GRAVEYARD})


def add_effect(game: Game, event: Event) -> Happened | None:
    """611.2: a resolved spell or ability makes a continuous effect (``effect``: a Continuous) for the
    objects still there; ``expires`` is its duration."""
    oids = tuple(o for o in event.get("objects", ()) if o in game.objects)
    if not oids:
        return None
    ability = event.get("effect")
    host = event.get("host")
    game.effects.add(
        ability, event.source.player or 0, event.source, host=host, expires=event.get("expires"), targets=oids
    )
    return Happened(event, tuple(game.objects[o].top for o in oids), oids[0], oids[0])


PERFORMERS: dict[str, Callable[[Game, Event], Happened | None]] = {
    "cast": cast,
    "untap": untap,
    "draw": draw,
    "cleanup": cleanup,
    "begin_step": begin_step,
    "counter": counter,
    "add_effect": add_effect,
    "move": move,
    "damage": damage,
    "gain_life": gain_life,
    "lose_life": lose_life,
    "exchange_control": exchange_control,
    "set_toughness": set_toughness,
    "exchange_text": exchange_text,
    "counters": counters,
    "shuffle": shuffle,
    "tap": tap,
}


# ---------------------------------------------------------------------------------------------- words


def _object_name(game: Game, oid: int | None, h: Happened | None) -> str:
    if h is not None and h.cards:
        return game.name(h.cards[0])
    obj = game.objects.get(oid) if oid is not None else None
    return game.name(obj.top) if obj is not None else "an object that is gone"


def describe(game: Game, event: Event, h: Happened | None) -> str:
    """A line for the log: what happens, to what, caused by which card or rule."""
    what = _object_name(game, event.subject, h)
    who = game.pname(event.player)
    by = f" (by {game.name(event.source.card)})" if event.source.card is not None else ""
    amount = event.get("amount")
    if event.replaced_by:
        by += " — as replaced"
    kind = event.kind
    if kind == "move":
        extra = ", then shuffled" if event.get("shuffle") else ""
        return f"{what} is put into {event.get('to')} from {event.get('from', 'its zone')}{extra}{by}"
    if kind == "damage":
        target = who if event.player is not None else what
        return f"{amount} damage is dealt to {target}{by}"
    if kind in ("gain_life", "lose_life"):
        verb = "gains" if kind == "gain_life" else "loses"
        after = f" (life {st.life(game, event.player)})" if h is not None and event.player is not None else ""
        return f"{who} {verb} {amount} life{after}{by}"
    if kind == "exchange_control":
        return f"control of {what} and {_object_name(game, event.get('other'), None)} is exchanged{by}"
    if kind == "set_toughness":
        return f"{what}'s toughness becomes {event.get('toughness')}{by}"
    if kind == "exchange_text":
        return (
            f"the text boxes of {what} and {_object_name(game, event.get('other'), None)} are exchanged{by}"
        )
    if kind == "counters":
        return f"{amount} {event.get('kind')} counter(s) are put on {what}{by}"
    if kind == "shuffle":
        return f"{who} shuffles their library{by}"
    if kind == "cast":
        aimed = event.get("aimed")
        return f"{who} casts {what}{' kicked' if event.get('kicked') else ''}" + (
            f" targeting {aimed}" if aimed else ""
        )
    if kind == "untap":
        return f"{what} untaps{by}"
    if kind == "draw":
        return f"{who} draws a card{by}"
    if kind == "cleanup":
        return 'damage wears off and "until end of turn" effects end'
    if kind == "begin_step":
        return f"{who}'s {event.get('step')} step begins"
    if kind == "counter":
        return f"{what} is countered{by}"
    if kind == "add_effect":
        effect = event.get("effect")
        return f"{effect.label if effect is not None else 'an effect on ' + what}{by}"
    return f"{kind} {what}{by}"
