"""What a card in the battle zone is attached to: the ``attached`` reference of the card language
(これを付けたクリーチャー / これを装備したクリーチャー / これをクロスしたクリーチャー).

Three card types sit beside a creature and act on it: an aura attached to it (310, auras.py), a dragheart
weapon equipped to it (305, draghearts.py) and a cross gear crossed to it (303, cross_gears.py). Each keeps
its own record of the creature; :func:`attached_to` reads whichever applies, so one selector serves all three.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...kernel import Game
from .auras import attached_creature
from .cross_gears import crossed_creature
from .draghearts import equipped_to
from .last_known import creatures_as_left
from .zones import BATTLE


def attached_to(game: Game, oid: int | None) -> int | None:
    """The creature object ``oid`` (an aura, a weapon or a cross gear in the battle zone) is attached to, or
    ``None`` (it is none of these, or attached to nothing, or the creature has left)."""
    obj = game.objects.get(oid) if oid is not None else None
    if obj is None or obj.zone[1] != BATTLE:
        return None

    found = attached_creature(game, obj.oid)
    if found is not None:
        return found

    found = equipped_to(game, obj.oid)
    if found is not None:
        return found

    creature = crossed_creature(game, obj)
    return creature.oid if creature is not None else None


def attached_as_known(game: Game, oid: int | None, departed: Mapping[int, Mapping[str, Any]]) -> int | None:
    """:func:`attached_to`, or — the creature having left in the event a triggered ability is about — the
    departed creature (its new object id) that ``oid`` was crossed to as it left (603.5c, last_known.py)."""
    found = attached_to(game, oid)
    if found is not None or not departed:
        return found
    left = creatures_as_left(departed, oid)
    return left[0] if left else None
