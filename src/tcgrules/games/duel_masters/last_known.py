"""Last-known crossing: what an object that left the battle zone was crossed with as it left (603.5c, 303.5).

A cross gear stays in the battle zone when the creature it is crossed to leaves, crossed to nothing (303.5):
read as the game is *after* that event, the creature is crossed with no gear, the gear with no creature. A
triggered ability on that leaving "looks back" (603.5c, 603.5d): 「クロスしたクリーチャーが破壊された時」
must see the gear's creature as it left, and the abilities it triggers read the creature as it left.

So the last-known information of an object leaving the battle zone (perform.py ``last_known``, 605.2e)
records its crossing — for a creature, the gears crossed to it (:data:`CROSSED_BY`); for a gear, the creature
it was crossed to (:data:`CROSSED_TO`) — only while the game has a cross gear at all. A pattern matching that
event, and the triggered ability it makes while it resolves (its ``if`` and its effect), see the departed
objects of that one event (:func:`departed_of`, the scope's ``departed``, keyed by the object's new id where
it went): there the ``crossed``, ``crossed_to`` and ``crossed_by`` filters and the ``attached`` reference read
a departed object's crossing as it left. Anywhere else a card that left is crossed to nothing.

A gear leaving in the same batch as its creature does not see that creature leave: an ability of a card
that left looks back only for that card itself (603.5d, zones.looks_back_beyond_itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import MODIFIER, Game, GameObject, Happened
from . import characteristics as ch
from .zones import BATTLE

_GEAR_TYPES = frozenset({"cross_gear"})
"""The card type of a cross gear (cross_gears.py ``CROSS_GEAR_TYPES``: that module is not imported here)."""

CROSSED_BY = "crossed_by"
"""Last-known key: the object ids of the cross gears crossed to the creature as it left."""
CROSSED_TO = "crossed_to"
"""Last-known key: the object id of the creature the cross gear was crossed to as it left."""

Departed = Mapping[int, Mapping[str, Any]]
"""The last-known information of the objects an event took out of the battle zone, by their new object id."""


def crossing_as_left(game: Game, obj: GameObject) -> dict[str, Any]:
    """The crossing of ``obj`` (about to leave the battle zone) for its last-known information: nothing when
    it is in no cross or the game has no cross gear (the check costs nothing then)."""
    if obj.zone[1] != BATTLE or not ch.cards_with_face_of_type(game, _GEAR_TYPES):
        return {}
    from .cross_gears import crossed_creature, gears_of, is_cross_gear

    if is_cross_gear(game, obj):
        creature = crossed_creature(game, obj)
        return {CROSSED_TO: creature.oid} if creature is not None else {}
    gears = gears_of(game, obj)
    return {CROSSED_BY: tuple(g.oid for g in gears)} if gears else {}


def departed_of(h: Happened | None) -> dict[int, Mapping[str, Any]]:
    """The departed object of one happened event whose last-known information holds a crossing (603.5c):
    ``{new object id: last-known information}``, or nothing."""
    if h is None or h.new is None or h.get("from") != BATTLE:
        return {}
    lki = h.get("lki")
    if not lki or (CROSSED_BY not in lki and CROSSED_TO not in lki):
        return {}
    return {h.new: lki}


def crossed_as_left(departed: Departed, obj: GameObject) -> bool | None:
    """Whether the departed ``obj`` was in a cross as it left (a creature with a gear, a gear on a creature);
    ``None`` when ``obj`` is not a departed object of the event."""
    lki = departed.get(obj.oid)
    if lki is None:
        return None
    return bool(lki.get(CROSSED_BY)) or lki.get(CROSSED_TO) is not None


def creatures_as_left(departed: Departed, gear: int | None) -> list[int]:
    """The departed creatures (new object ids) that ``gear`` was crossed to as they left."""
    if gear is None:
        return []
    return [new for new, lki in departed.items() if gear in lki.get(CROSSED_BY, ())]


def gears_as_left(departed: Departed, creature: int) -> tuple[int, ...]:
    """The gears (object ids) that were crossed to the departed ``creature`` as it left."""
    lki = departed.get(creature)
    return tuple(lki.get(CROSSED_BY, ())) if lki is not None else ()


def creature_of_departed_gear(departed: Departed, gear: int) -> int | None:
    """The creature the departed ``gear`` was crossed to as it left (its object id then)."""
    lki = departed.get(gear)
    found = lki.get(CROSSED_TO) if lki is not None else None
    return int(found) if found is not None else None


# ---------------------------------------------------------------------------------------------- races, 605.2e

LAST_RACES = "last_known_races"
"""``game.info`` key: ``{card id: races}`` — the races a creature's top card had as it last left the battle
zone, when an effect had changed them (203.3). Replaced, never changed in place (a game copy shares it)."""


def remember_races(game: Game, obj: GameObject) -> None:
    """605.2e: ``obj`` is about to leave the battle zone — keep its races as they are now if an effect
    changed them, so that what reads it after it left (「破壊されたクリーチャーと同じ種族」) sees them; free
    where no effect changes a race and nothing was kept."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_RACES)
    changing = game.effects.has(MODIFIER, "races")
    if not changing and not kept:
        return
    printed = ch.face(game, obj).races
    races = tuple(ch.modified(game, obj, "races", printed)) if changing else printed
    if races != printed:
        game.info[LAST_RACES] = {**(kept or {}), obj.top: races}
    elif kept and obj.top in kept:
        game.info[LAST_RACES] = {c: r for c, r in kept.items() if c != obj.top}


def forget_races(game: Game, obj: GameObject) -> None:
    """``obj`` moves on from a zone other than the battle zone: what :func:`remember_races` kept of its card
    is no longer how it last left (the card is elsewhere now)."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_RACES)
    if kept and any(c in kept for c in obj.cards):
        game.info[LAST_RACES] = {c: r for c, r in kept.items() if c not in obj.cards}


LAST_CIVILIZATIONS = "last_known_civilizations"
"""``game.info`` key: ``{card id: civilizations}`` — those a creature's top card had as it last left the
battle zone, when an effect had changed them (106.4). Replaced, never changed in place (a game copy shares
it)."""


def remember_civilizations(game: Game, obj: GameObject) -> None:
    """605.2e: ``obj`` is about to leave the battle zone — keep its civilizations as they are now if an
    effect changed them (「バトルゾーンにある時、すべての文明を持つ」), for 「それと同じ文明を持つ」 read
    after it left (605.2d's first example); free where no effect changes a civilization and nothing was
    kept."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_CIVILIZATIONS)
    if not game.effects.has(MODIFIER, "civilizations") and not kept:
        return
    printed = ch.face(game, obj).civilizations
    civilizations = ch.civilizations(game, obj)
    if civilizations != printed:
        game.info[LAST_CIVILIZATIONS] = {**(kept or {}), obj.top: civilizations}
    elif kept and obj.top in kept:
        game.info[LAST_CIVILIZATIONS] = {c: v for c, v in kept.items() if c != obj.top}


def forget_civilizations(game: Game, obj: GameObject) -> None:
    """``obj`` moves on from a zone other than the battle zone: what was kept of its card is no longer how it
    last left."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_CIVILIZATIONS)
    if kept and any(c in kept for c in obj.cards):
        game.info[LAST_CIVILIZATIONS] = {c: v for c, v in kept.items() if c not in obj.cards}


def kept_civilizations(game: Game, card: int) -> tuple[str, ...] | None:
    """The civilizations an effect had given ``card`` as its object last left the battle zone, if it has not
    moved since (605.2e); ``None`` if nothing was kept."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_CIVILIZATIONS)
    return kept.get(card) if kept else None


def civilizations_as_left(game: Game, card: int) -> tuple[str, ...]:
    """The civilizations ``card`` had as its object last left the battle zone (605.2e)."""
    kept = kept_civilizations(game, card)
    return kept if kept is not None else ch.definition(game, card).main.civilizations


def kept_races(game: Game, card: int) -> tuple[str, ...] | None:
    """The races an effect had given ``card`` as its object last left the battle zone, if it has not moved
    since (605.2e); ``None`` if nothing was kept."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_RACES)
    return kept.get(card) if kept else None


def races_as_left(game: Game, card: int) -> tuple[str, ...]:
    """The races ``card`` had as its object last left the battle zone (605.2e): those an effect gave it
    kept by :func:`remember_races`, else its printed races."""
    kept: dict[int, tuple[str, ...]] | None = game.info.get(LAST_RACES)
    if kept and card in kept:
        return kept[card]
    return ch.definition(game, card).main.races
