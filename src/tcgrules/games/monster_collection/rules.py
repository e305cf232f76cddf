"""Monster Collection as a kernel game: the rules object, performing events, lethal damage, set-up.

Event kinds (``Event.kind``):

* ``damage`` — ``args``: ``attribute`` (火炎, 混沌, …), ``amount``, ``user`` (the unit that used the item
  it comes from, if any). Its source is the card that made it (4.8/4.9: never 弱点 or ダムロ, example 9).
* ``death`` (死亡) and ``discard`` (破棄) — both put the unit into its owner's trash (捨て札), but they are
  different events: 耐性 and リザレクション watch deaths only (examples 2, 7).
* ``recover`` — the unit's damage is removed (the substitute this module gives リザレクション).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...kernel import (
    DefinitionError,
    Event,
    Frame,
    Game,
    GameObject,
    GameRules,
    Happened,
    ProcessEvents,
    Source,
)
from .abilities import card_def, unit_abilities
from .cards import CardDef, standard_catalog
from .policy import MonsterCollectionPolicy, forbidding, lineage, record_prohibited

FIELD, HAND, TRASH = "field", "hand", "trash"
ZONES = (FIELD, HAND, TRASH)


class MonsterCollection(GameRules):
    name = "monster_collection"
    prohibition_rule = "4.9"
    """耐性 prevents a death effect from arising at all (seed 001, 例7)."""

    def __init__(self, catalog: Mapping[str, CardDef] | None = None) -> None:
        self.catalog: dict[str, CardDef] = dict(catalog if catalog is not None else standard_catalog())
        self.policy = MonsterCollectionPolicy()

    def next_frame(self, game: Game) -> Frame:
        from .play import Main

        return Main()

    def perform(self, game: Game, event: Event) -> Happened | None:
        obj = game.objects.get(event.subject) if event.subject is not None else None
        if obj is None or obj.zone[1] != FIELD:
            return None  # the unit already left: the event does nothing
        if event.kind == "damage":
            return perform_damage(event, obj)
        if event.kind in ("death", "discard"):
            return perform_leave(game, event, obj)
        if event.kind == "recover":
            obj.state["damage"] = 0
            return Happened(event, (obj.top,), obj.oid, obj.oid)
        raise AssertionError(f"monster_collection cannot perform {event.kind!r}")

    def object_entered(self, game: Game, obj: GameObject) -> None:
        card = card_def(game, obj.top)
        if obj.zone[1] != FIELD or not card.is_unit:
            return
        for ability in unit_abilities(card):
            source = Source(card.types[0], obj.top, obj.controller, ability=ability.label)
            game.effects.add(ability, obj.controller, source, host=obj.oid)

    def describe_event(self, game: Game, event: Event) -> str:
        return describe(game, event)

    def describe_happened(self, game: Game, happened: Happened) -> str:
        kinds = lineage(happened.event)
        text = describe(game, happened.event, happened.cards[0] if happened.cards else None)
        return text + (f" (replacing {' → '.join(kinds[:-1])})" if len(kinds) > 1 else "")

    def inject(self, game: Game, spec: Mapping[str, Any]) -> Frame:
        from .inject import injected_frame

        return injected_frame(game, spec)


def perform_damage(event: Event, obj: GameObject) -> Happened:
    amount = int(event.get("amount", 0))
    obj.state["damage"] = int(obj.state.get("damage", 0)) + amount
    obj.state["last_damage"] = (event.source, event.get("attribute"))
    data = {"amount": amount, "attribute": event.get("attribute")}
    return Happened(event, (obj.top,), obj.oid, obj.oid, data)


def perform_leave(game: Game, event: Event, obj: GameObject) -> Happened:
    owner = game.cards[obj.top].owner
    cards = tuple(obj.cards)
    new = game.move_object(obj.oid, (owner, TRASH))
    return Happened(event, cards, obj.oid, new[0].oid, {"to": TRASH})


def source_text(game: Game, source: Source) -> str:
    if source.card is None:
        return f"rule {source.rule}" if source.rule and source.rule != "scenario" else "the scenario"
    return game.name(source.card) + (f" ({source.ability})" if source.ability else "")


def describe(game: Game, event: Event, cid: int | None = None) -> str:
    """A readable line for an event, naming its source (4.8/4.9)."""
    if cid is None and event.subject in game.objects:
        cid = game.objects[event.subject].top
    name = game.name(cid) if cid is not None else "a unit"
    by = f" — source: {source_text(game, event.source)}"
    if event.kind == "damage":
        return f"{event.get('attribute')}:{event.get('amount')} damage to {name}{by}"
    verbs = {"death": "dies (死亡)", "discard": "is discarded (破棄)", "recover": "has its damage removed"}
    return f"{name} {verbs.get(event.kind, event.kind)}{by}"


# ---------------------------------------------------------------------------------------------- lethal damage


def lethal_deaths(game: Game) -> list[Event]:
    """Units whose damage reached their HP die; the death's source is the damage's source (example 7,
    9). A death 耐性 forbids is not proposed (it would be proposed again forever); it is logged once."""
    deaths = []
    for (_, zone), oids in sorted(game.zones.items()):
        if zone != FIELD:
            continue
        for oid in oids:
            event = _lethal_death(game, game.objects[oid])
            if event is not None:
                deaths.append(event)
    return deaths


def _lethal_death(game: Game, obj: GameObject) -> Event | None:
    card = card_def(game, obj.top)
    damage = int(obj.state.get("damage", 0))
    if card.hp is None or damage < card.hp:
        return None
    source, attribute = obj.state.get("last_damage", (Source("rule"), None))
    event = Event("death", obj.oid, None, source, {"attribute": attribute, "lethal": True})
    stopping = forbidding(game, event)
    if stopping is None:
        game.record("rule", f"{card.name} has {damage} damage, at least its HP {card.hp}: it dies")
        return event
    if obj.state.get("lethal_noted") != damage:
        obj.state["lethal_noted"] = damage
        record_prohibited(game, event, stopping)
    return None


@dataclass(slots=True)
class Settle(Frame):
    """Process a batch of events, then the deaths lethal damage calls for, until there are none.
    Finishes with every :class:`Happened` of the batch and of those deaths."""

    events: tuple[Event, ...]
    stage: int = 0
    happened: list[Happened] = field(default_factory=list)

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.stage = 1
            game.push(ProcessEvents(self.events))
            return
        self.happened += game.returned or []
        deaths = lethal_deaths(game)
        if deaths:
            game.push(ProcessEvents(tuple(deaths)))
            return
        game.finish(list(self.happened))


# ---------------------------------------------------------------------------------------------- set-up


def setup(recipe: Mapping[str, Any], catalog: Mapping[str, CardDef] | None = None) -> Game:
    """A game from a recipe ``{"board": {...}, "seed": N}`` (see :mod:`.board`); used by save/load."""
    from ..boards import mapping, whole
    from .board import board

    recipe = mapping(recipe, "recipe", "a mapping with board and seed")
    if "board" not in recipe:
        raise DefinitionError("recipe: a Monster Collection recipe needs a board")
    return board(
        mapping(recipe["board"], "recipe.board"), catalog, seed=whole(recipe.get("seed", 0), "recipe.seed")
    )
