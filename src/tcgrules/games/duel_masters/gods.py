"""God link (G・リンク): God cards side by side make one creature (seed 004, リンク; 109.2b, 703.4e/f).

* A God with ``keyword: god_link`` (``partner``: a God's name, ``side``: ``left``/``right``:
  "G・リンク《X》の左横" puts this card on the left of X) may link as it enters the battle zone, if its
  controller has a God it can be put beside (an optional "enters" trigger with the ``god_link``
  action; the printed ability is static, so it goes first: priority class 0, like シールド・フォース).
* A linked object's ``cards`` run left to right and its state has :data:`LINKED`. It is one creature: it
  shows every card's characteristics (power and cost added up, civilizations and races together, the name
  of its leftmost card) and has every card's abilities (:func:`face`, :func:`register`). Linking merges the
  entering God into the one already there (``objects._merge_into``): that creature stays, with its state.
* 109.2b / 703.4f: when the linked creature would leave the battle zone, its controller chooses *one* card;
  only that card leaves — as a creature, so its own "破壊された時" sees it — and the rest stays the same
  creature. The choice reuses リンク解除's step after every replacement has been decided
  (``psychic.release_links``), which turns the leave into a ``god_leave`` event.
* 703.4e: a link whose neighbours can no longer link (the middle God of three left) comes apart into its
  legal runs, as a state-based action (``god_unlink``).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, Face
from ...kernel import Decision, Event, Game, GameObject, Happened, Option, Source
from . import characteristics as ch
from .psychic import LinkReleaseWatch
from .zones import BATTLE

LINKED = "god_link"
"""Object state: the object is a God link (its cards, left to right, are linked Gods)."""


def links_of(game: Game, cid: int) -> list[tuple[str, str]]:
    """The G・リンク abilities of a card: (side this card goes on, partner's name)."""
    return [
        (str(a.params.get("side")), str(a.params.get("partner")))
        for a in ch.definition(game, cid).main.abilities
        if a.form == "keyword" and a.name == "god_link"
    ]


def can_link(game: Game, left: int, right: int) -> bool:
    """Can card ``left`` be linked on the left of card ``right``?"""
    return ("left", game.cards[right].name) in links_of(game, left) or (
        "right",
        game.cards[left].name,
    ) in links_of(game, right)


def runs(game: Game, cards: list[int]) -> list[list[int]]:
    """``cards`` (left to right) cut where two neighbours cannot link (703.4e)."""
    out: list[list[int]] = []
    for cid in cards:
        if out and can_link(game, out[-1][-1], cid):
            out[-1].append(cid)
        else:
            out.append([cid])
    return out


def is_linked(obj: GameObject) -> bool:
    return bool(obj.state.get(LINKED)) and len(obj.cards) > 1


def face(game: Game, obj: GameObject) -> Face | None:
    """The face of a linked God: every card's characteristics; ``None`` for any other object."""
    if not is_linked(obj) or obj.zone[1] != BATTLE:
        return None
    faces = [ch.definition(game, c).main for c in obj.cards]
    return Face(
        name=faces[0].name,
        type=faces[0].type,
        civilizations=tuple(dict.fromkeys(c for f in faces for c in f.civilizations)),
        cost=sum(f.cost for f in faces),
        races=tuple(dict.fromkeys(r for f in faces for r in f.races)),
        power=sum(f.power or 0 for f in faces),
        text="\n".join(f.text for f in faces),
        abilities=tuple(a for f in faces for a in f.abilities),
    )


def register(game: Game, obj: GameObject) -> bool:
    """A linked God has the abilities of all its cards; ``False`` for any other object."""
    if not is_linked(obj) or obj.zone[1] != BATTLE:
        return False

    for cid in obj.cards:
        source = Source("ability", cid, obj.controller)
        for ability in game.rules.compiled(game.cards[cid].name).by_zone.get(BATTLE, ()):  # type: ignore[attr-defined]
            game.effects.add(ability, obj.controller, source, host=obj.oid)
    game.effects.add(
        LinkReleaseWatch(label="G・リンク"), obj.controller, Source("rule", rule="703.4f"), host=obj.oid
    )
    return True


def _reregister(game: Game, obj: GameObject) -> None:
    if not is_linked(obj):
        obj.state.pop(LINKED, None)
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)


# ---------------------------------------------------------------------------------------------- linking


def god_link(frame: Any, game: Game, action: Action) -> int:
    """G・リンク: put this God beside one of its controller's Gods it can link with (chosen if several)."""
    from . import actions as A

    card = frame.ctx.source.card
    host = game.objects.get(game.card_object.get(card, -1)) if card is not None else None
    if host is None or host.zone[1] != BATTLE or card is None:
        return A._DONE
    # This card's G・リンク links it on its free side: alone, either side; already linked (a God with a
    # G・リンク on each side, linked on one), the side where it is the end card (804.2a: its own name and
    # position) — so a middle God links with the Gods on both its sides, one ability each (804.3a)
    left_end = not is_linked(host) or host.cards[0] == card
    right_end = not is_linked(host) or host.cards[-1] == card
    options: dict[str, tuple[int, str]] = {}
    for other in game.objects_in((host.controller, BATTLE)):
        if other.oid == host.oid or other.face_down:
            continue
        if right_end and can_link(game, card, other.cards[0]):
            options[f"{other.oid}:left"] = (other.oid, "left")
        if left_end and can_link(game, other.cards[-1], card):
            options[f"{other.oid}:right"] = (other.oid, "right")
    if not options:
        game.record("rule", "G・リンク: no God to link with; nothing happens")
        return A._DONE
    if len(options) == 1:
        partner, side = next(iter(options.values()))
    else:
        answer = game.take_answer()
        if answer is None:
            labels = tuple(
                Option(k, f"{game.name(game.objects[o].top)} ({'左' if s == 'left' else '右'}横)")
                for k, (o, s) in options.items()
            )
            game.ask(Decision(host.controller, "choose", "G・リンク: choose the God to link with", labels))
            return A._ASKED
        partner, side = options[answer[0]]
    event = Event("god_link", host.oid, host.controller, frame.ctx.source, {"with": partner, "side": side})
    return int(frame.emit(game, [event]))


def perform_god_link(game: Game, event: Event) -> Happened | None:
    """The entering God joins the linked creature already there, on its side."""
    host = game.objects.get(event.subject) if event.subject is not None else None
    partner = game.objects.get(int(event.get("with")))
    if host is None or partner is None or host.zone[1] != BATTLE or partner.zone != host.zone:
        return None
    from .objects import _merge_into

    joining = list(host.cards)
    attacking = bool(host.state.get("attacking")) and is_linked(host)
    _merge_into(game, host, partner)  # 804.3a: tapped if either was (objects._merge_into)
    if attacking:  # a linked God joining another: its attack goes on as the linked creature (804.3b)
        from .swap import record_split

        record_split(game, host.oid, (partner.oid,), "804.3b")
    rest = [c for c in partner.cards if c not in joining]
    partner.cards[:] = joining + rest if event.get("side") == "left" else rest + joining
    partner.state[LINKED] = True
    _reregister(game, partner)
    names = "・".join(game.name(c) for c in partner.cards)
    game.record("rule", f"G・リンク: {names} are linked into one creature", "109.2b")
    return Happened(event, tuple(partner.cards), host.oid, partner.oid, {"to": BATTLE})


# ---------------------------------------------------------------------------------------------- leaving


def leave_question(obj: GameObject, game: Game) -> Decision:
    return Decision(
        obj.controller,
        "choose_cards",
        f"G・リンク: choose the God of {game.name(obj.top)} that leaves",
        tuple(Option(f"c{c}", game.name(c)) for c in obj.cards),
        min=1,
        max=1,
        rule="703.4f",
    )


def leave_event(obj: GameObject, event: Event, card: int) -> Event:
    """The leave of a linked God becomes the leave of one of its cards (703.4f)."""
    args = {**event.args, "card": card, "as": event.kind}
    return Event("god_leave", obj.oid, event.player, event.source, args, event.parent, event.replaced_by)


def perform_god_leave(game: Game, event: Event) -> Happened | None:
    """703.4f / 109.2b: the chosen card is split off and leaves as a creature (the event it was going to
    have: destroyed, moved …); the others stay the same creature, relinked as far as they still can."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    cid = int(event.get("card"))
    if obj is None or obj.zone[1] != BATTLE or cid not in obj.cards:
        return None
    controller, tapped = obj.controller, obj.tapped
    game.detach_card(cid)
    state = {k: v for k, v in obj.state.items() if k != LINKED}
    alone = game.create_object([cid], (controller, BATTLE), controller, tapped=tapped, state=state)
    alone.entered_turn = obj.entered_turn
    _reregister(game, obj)
    game.record(
        "rule",
        f"G・リンク: only {game.name(cid)} leaves, as a creature; "
        + "・".join(game.name(c) for c in obj.cards)
        + " stays",
        "703.4f",
    )
    args = {k: v for k, v in event.args.items() if k not in ("card", "as")}
    leave = Event(
        str(event.get("as")), alone.oid, event.player, event.source, args, event.parent, event.replaced_by
    )
    return game.rules.perform(game, leave)


# ---------------------------------------------------------------------------------------------- 703.4e


def state_based_actions(game: Game) -> list[Event]:
    """703.4e: a link whose cards can no longer all link comes apart."""
    return [
        Event("god_unlink", o.oid, None, Source("rule", rule="703.4e"))
        for p in range(game.players)
        for o in game.objects_in((p, BATTLE))
        if o.state.get(LINKED) and (len(o.cards) < 2 or len(runs(game, o.cards)) > 1)
    ]


def perform_god_unlink(game: Game, event: Event) -> Happened | None:
    """The first legal run stays the creature; each other run becomes a creature of its own, with the
    same state (tapped, time in the battle zone)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or not obj.state.get(LINKED):
        return None
    parts = runs(game, obj.cards)
    new = []
    for part in parts[1:]:
        for cid in part:
            game.detach_card(cid)
        state = {k: v for k, v in obj.state.items() if k != LINKED or len(part) > 1}
        other = game.create_object(part, obj.zone, obj.controller, tapped=obj.tapped, state=state)
        other.entered_turn = obj.entered_turn
        new.append(other.oid)
    if new and obj.state.get("attacking"):
        from .swap import record_split

        record_split(game, obj.oid, (obj.oid, *new), "804.4a")  # the attack goes on with one of them
    _reregister(game, obj)
    game.record(
        "rule",
        "G・リンク: the link comes apart into "
        + ", ".join("・".join(game.name(c) for c in p) for p in parts),
        "703.4e",
    )
    return Happened(event, tuple(c for p in parts for c in p), obj.oid, obj.oid, {"parts": tuple(new)})


HANDLERS = {"god_link": god_link}
PERFORMERS = {"god_link": perform_god_link, "god_leave": perform_god_leave, "god_unlink": perform_god_unlink}
