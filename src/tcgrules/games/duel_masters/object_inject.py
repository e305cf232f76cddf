"""Injected events about objects made of several cards (seed 004), for scenarios and tests::

{"evolve": "x", "onto": ["a", "b", "c"]}                 # evolve x onto one or more creatures (801, GV)
{"event": "move_card", "target": "x", "to": "hand"}       # move one card out of its object (109.2a)
{"event": "turn_over", "target": "x", "face_up": true}    # turn a shield object over (all its cards)
{"event": "shield_add", "target": "x", "shield": "s", "on_top": true, "face_up": true}
{"event": "shuffle_shields", "player": "B"}               # 113.2a
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Event, Frame, Game, Source, shorten
from .zones import ZONES

KINDS = frozenset({"move_card", "turn_over", "shield_add", "shuffle_shields"})


def injected(game: Game, spec: Mapping[str, Any]) -> Frame | None:
    """A frame for an object injection, or ``None`` when ``spec`` is not one."""
    from ..boards import card_id, player_of
    from .inject import source_of

    where = "inject"
    if "evolve" in spec:
        cid = card_id(game, spec["evolve"], f"{where}.evolve")
        refs = spec.get("onto")
        refs = refs if isinstance(refs, list) else [refs]
        bases = [game.card_object[card_id(game, r, f"{where}.onto")] for r in refs]
        player = game.cards[cid].owner
        args = {"how": "evolve", "onto": bases[0], "also_onto": tuple(bases[1:])}
        source = Source("summon", cid, player, rule="801.1")
        return game.process(Event("enter", game.card_object[cid], player, source, args))
    kind = spec.get("event")
    if not isinstance(kind, str) or kind not in KINDS:
        return None
    source = source_of(game, spec.get("source"), f"{where}.source")
    if kind == "shuffle_shields":
        return game.process(Event(kind, None, player_of(spec.get("player"), f"{where}.player"), source))
    cid = card_id(game, spec.get("target"), f"{where}.target")
    oid = game.card_object[cid]
    if kind == "move_card":
        to = spec.get("to")
        if not isinstance(to, str) or to not in ZONES:
            raise DefinitionError(f"{where}.to: expected a zone, got {shorten(to)}")
        return game.process(Event(kind, oid, None, source, {"card": cid, "to": to}))
    if kind == "turn_over":
        return game.process(Event(kind, oid, None, source, {"face_up": bool(spec.get("face_up", False))}))
    shield = game.card_object[card_id(game, spec.get("shield"), f"{where}.shield")]
    args = {"shield": shield, "on_top": bool(spec.get("on_top")), "face_up": bool(spec.get("face_up"))}
    return game.process(Event(kind, oid, None, source, args))
