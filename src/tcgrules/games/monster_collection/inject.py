"""Injected events: a judge's "suppose this happens" (scenario steps, tests)::

    {"event": "damage", "target": "u", "attribute": "火炎", "amount": 2, "source": {"card": "spell"}}
    {"event": "damage", "target": "u", "attribute": "火炎", "amount": 3,
     "source": {"card": "bullet"}, "user": "damuro"}            # an item used by a unit
    {"event": "death", "targets": ["u", "v"], "source": {"card": "x"}}
    {"event": "discard", "target": "u"}

Without a source, the cause is the scenario itself (a rule, not a card).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import DefinitionError, Event, Frame, Game, Source, shorten
from .. import boards
from ..boards import card_id
from .abilities import card_def
from .rules import Settle

EVENTS = ("damage", "death", "discard", "recover")


def source_of(game: Game, spec: Any, where: str) -> Source:
    """The card's first type is its kind; ``ability`` names a unit's ability (boards.source_of)."""
    return boards.source_of(game, spec, where, lambda cid: card_def(game, cid).types[0])


def injected_frame(game: Game, spec: Mapping[str, Any]) -> Frame:
    where = "inject"
    kind = spec.get("event")
    if not isinstance(kind, str) or kind not in EVENTS:
        raise DefinitionError(f"{where}.event: expected one of {', '.join(EVENTS)}, got {shorten(kind)}")
    source = source_of(game, spec.get("source"), f"{where}.source")
    args: dict[str, Any] = {}
    if kind == "damage":
        attribute, amount = spec.get("attribute"), spec.get("amount")
        if not isinstance(attribute, str) or not attribute:
            raise DefinitionError(
                f"{where}.attribute: damage needs an attribute such as 火炎, got {shorten(attribute)}"
            )
        amount = boards.whole(amount, f"{where}.amount", 0, 1_000_000)
        user = card_id(game, spec["user"], f"{where}.user") if "user" in spec else None
        args = {"attribute": attribute, "amount": amount, "user": user}
    refs = spec.get("targets", [spec["target"]] if "target" in spec else None)
    if refs is not None and not isinstance(refs, list):
        raise DefinitionError(f"{where}.targets: expected a list of cards, got {shorten(refs)}")
    if not refs:
        raise DefinitionError(f"{where}: {kind} needs target or targets")
    events = []
    for i, ref in enumerate(refs):
        cid = card_id(game, ref, f"{where}.targets[{i}]")
        events.append(Event(str(kind), game.card_object[cid], None, source, args))
    return Settle(tuple(events))
