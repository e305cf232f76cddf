"""Injected events: a judge's "suppose this happens" (scenario steps, tests).

A spec names the event and what it affects, by alias (from the board), card name, or card id::

    {"event": "destroy", "target": "soldier", "source": {"card": "hand_of_demon"}}
    {"event": "destroy", "targets": ["a", "b"], "source": {"rule": "703.4c"}}   # simultaneous
    {"event": "move", "target": "x", "to": "hand"}
    {"event": "power", "target": "x", "amount": -2000}
    {"event": "draw", "player": "A"}
    {"event": "lose", "player": "B"}
    {"play": "x", "free": true}                                                  # use a card from the hand
    {"play": "x", "free": true, "onto": "y"}                                     # an evolution onto y
    {"attack": "x", "target": "player"} / {"attack": "x", "target": "y"}

The source is a card (its ability or spell caused the event: ``kind`` ``spell`` or ``ability``), or a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Event, Frame, Game, Source, shorten
from .. import boards
from ..boards import card_id, player_of, text, whole
from . import characteristics as ch
from .play import PlayCard
from .turn import Attack
from .zones import DECK, ZONES

EVENTS = frozenset(
    {"destroy", "discard", "break", "move", "draw", "tap", "untap", "power", "lose", "enter", "charge"}
)


def source_of(game: Game, spec: Any, where: str) -> Source:
    """A card's ability for a creature card, its spell otherwise (boards.source_of)."""
    return boards.source_of(
        game, spec, where, lambda cid: "ability" if ch.definition(game, cid).main.is_creature else "spell"
    )


def injected_frame(game: Game, spec: Mapping[str, Any]) -> Frame:
    where = "inject"
    from .object_inject import injected

    frame = injected(game, spec)  # evolve onto several, move one card, turn shields over (seed 004)
    if frame is not None:
        return frame
    if "play" in spec:
        cid = card_id(game, spec["play"], f"{where}.play")
        obj = game.object_of(cid)
        d = ch.definition(game, cid)
        face = whole(spec.get("face", 0), f"{where}.face", 0, 100)
        if not 0 <= face < len(d.faces):
            raise DefinitionError(f"{where}.face: {d.name} has {len(d.faces)} face(s)")
        onto = None
        if spec.get("onto") is not None:  # 801: an evolution put on one of its controller's creatures
            onto = game.card_object[card_id(game, spec["onto"], f"{where}.onto")]
        return PlayCard(cid, face, free=bool(spec.get("free", False)), controller=obj.controller, onto=onto)
    if "attack" in spec:
        attacker = game.object_of(card_id(game, spec["attack"], f"{where}.attack"))
        target = spec.get("target", "player")
        target_oid = (
            None if target == "player" else game.card_object[card_id(game, target, f"{where}.target")]
        )
        return Attack(attacker.oid, target_oid)
    kind = spec.get("event")
    if not isinstance(kind, str) or kind not in EVENTS:
        raise DefinitionError(
            f"{where}.event: expected one of {', '.join(sorted(EVENTS))}, got {shorten(kind)}"
        )
    source = source_of(game, spec.get("source"), f"{where}.source")
    player = player_of(spec["player"], f"{where}.player") if "player" in spec else None
    args: dict[str, Any] = {}
    if kind == "move":
        to = spec.get("to")
        if not isinstance(to, str) or to not in (*ZONES, "gr_zone", "deck_top", "deck_bottom"):
            raise DefinitionError(f"{where}.to: expected a zone, got {shorten(to)}")
        args = {"to": DECK, "bottom": to == "deck_bottom"} if str(to).startswith("deck") else {"to": to}
    if kind == "power":
        args = {"amount": whole(spec.get("amount", 0), f"{where}.amount", -1_000_000, 1_000_000)}
    if kind == "lose":
        args = {"rule": text(spec.get("rule", "scenario"), f"{where}.rule")}
    if kind == "enter":
        args = {"how": "put"}
    if kind in ("draw", "lose"):
        if player is None:
            raise DefinitionError(f"{where}.player: {kind} needs a player (A or B)")
        return game.process(Event(kind, None, player, source, args))
    refs = spec.get("targets", [spec["target"]] if "target" in spec else None)
    if refs is not None and not isinstance(refs, list):
        raise DefinitionError(f"{where}.targets: expected a list of cards, got {shorten(refs)}")
    if not refs:
        raise DefinitionError(f"{where}: {kind} needs target or targets")
    events = []
    for i, ref in enumerate(refs):
        oid = game.card_object[card_id(game, ref, f"{where}.targets[{i}]")]
        events.append(Event(kind, oid, player, source, args))
    if kind == "break":  # 113.6: declarations while the shields wait (shield_breaks.py)
        from .shield_breaks import break_frame

        return break_frame(events)
    return game.process(*events)
