"""Zones, life totals and characteristics, with continuous effects applied in layer order (613).

Only the layers these rules need are modelled: 3 (text-changing effects, 612), 6 (abilities granted by
Auras), 7b (effects that set power or toughness, 613.4b — Tree of Redemption) and 7c (effects that modify
them, and counters, 613.4c). Control (layer 2) is kept on the object itself: the control changes here are
exchanges of indefinite duration, so the last one applied is the one in force. Within a layer, effects
apply in timestamp order (613.7), which is the order they were registered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel import MODIFIER, Game, GameObject, ZoneKey
from .schema import CardDef

if TYPE_CHECKING:
    from .rules import Magic

LIBRARY, HAND, GRAVEYARD, EXILE, BATTLEFIELD, STACK = (
    "library",
    "hand",
    "graveyard",
    "exile",
    "battlefield",
    "stack",
)
OWNED_ZONES = (LIBRARY, HAND, GRAVEYARD, EXILE)
SHARED = -1
"""The battlefield and the stack are shared zones (400.1); a permanent's controller is on the object."""

TEXT, KEYWORDS, PT_SET, PT_MOD = "text", "keywords", "pt_set", "pt_mod"
"""Modifier keys: layer 3, layer 6, layer 7b, layer 7c."""


def zone_key(zone: str, player: int) -> ZoneKey:
    return (SHARED, zone) if zone in (BATTLEFIELD, STACK) else (player, zone)


def battlefield(game: Game) -> list[GameObject]:
    return game.objects_in((SHARED, BATTLEFIELD))


def owner(game: Game, obj: GameObject) -> int:
    return game.cards[obj.top].owner


def catalog(game: Game) -> dict[str, CardDef]:
    rules: Magic = game.rules  # type: ignore[assignment]  # only Magic games reach this module
    return rules.catalog


def printed(game: Game, obj: GameObject) -> CardDef:
    return catalog(game)[game.name(obj.top)]


# ---------------------------------------------------------------------------------------------- life


def life(game: Game, player: int) -> int:
    return int(game.players_info[player].get("life", 20))


def set_life(game: Game, player: int, value: int) -> None:
    game.players_info[player]["life"] = value


# ---------------------------------------------------------------------------------------------- layers


def _apply(game: Game, key: str, obj: GameObject, value: Any) -> Any:
    for effect in game.effects.find(MODIFIER, key):
        ability: Any = effect.ability
        if ability.affects(game, effect, obj):
            value = ability.modify(game, effect, obj.oid, key, value)
    return value


def textbox(game: Game, obj: GameObject) -> CardDef:
    """The card whose text box (rules text, keywords, abilities) this object has: layer 3 (612, 701.10h)."""
    if obj.zone != (SHARED, BATTLEFIELD):
        return printed(game, obj)
    result: CardDef = _apply(game, TEXT, obj, printed(game, obj))
    return result


def keywords(game: Game, obj: GameObject) -> tuple[str, ...]:
    """Keywords from the text box, then those granted by other objects (layer 6)."""
    result: tuple[str, ...] = _apply(game, KEYWORDS, obj, textbox(game, obj).keywords)
    return result


def types(game: Game, obj: GameObject) -> tuple[str, ...]:
    return printed(game, obj).types


def is_creature(game: Game, obj: GameObject) -> bool:
    return "creature" in types(game, obj)


def counters(obj: GameObject, kind: str) -> int:
    return int(obj.state.get(f"counters:{kind}", 0))


def power_toughness(game: Game, obj: GameObject) -> tuple[int, int]:
    """613.4: printed values (not part of the text box), then 7b setting effects, then 7c modifications
    and counters (613.4c). Damage does not change toughness."""
    card = printed(game, obj)
    pt = (card.power or 0, card.toughness or 0)
    pt = _apply(game, PT_SET, obj, pt)  # 7b
    pt = _apply(game, PT_MOD, obj, pt)  # 7c
    bonus = counters(obj, "+1/+1") - counters(obj, "-1/-1")
    return (pt[0] + bonus, pt[1] + bonus)


def attached_to(obj: GameObject) -> int | None:
    value = obj.state.get("attached")
    return int(value) if value is not None else None
