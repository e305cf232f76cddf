"""Zones, life totals and characteristics, with continuous effects applied in layer order (613).

The layers modelled: 2 (control-changing effects, 613.1b: exchanges and "gain control … until end of turn"),
3 (text-changing effects, 612), 4 (type-changing effects, 613.1d), 6 (ability-adding effects, 613.1f: Auras,
"gains hexproof until end of turn"), 7b (effects that set power or toughness, 613.4b), 7c (effects that
modify them, and counters, 613.4c) and 7d (switching, 613.4d). Within a layer, effects apply in timestamp
order (613.7), which is the order they were registered. ``obj.controller`` is recomputed from the
permanent's base controller (who put it onto the battlefield) and the layer-2 effects after every event
(:func:`sync_control`).
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

CONTROL, TEXT, TYPES, KEYWORDS, PT_SET, PT_MOD, PT_SWITCH = (
    "control",
    "text",
    "types",
    "keywords",
    "pt_set",
    "pt_mod",
    "pt_switch",
)
"""Modifier keys: layer 2, layer 3, layer 4, layer 6, layer 7b, layer 7c, layer 7d."""
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
PLAYER_NAMES = "ABCDEFGH"
"""How boards and the log name players: A is the first in turn order."""


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
    """Card types after type-changing effects (layer 4, 613.1d)."""
    if obj.zone != (SHARED, BATTLEFIELD):
        return printed(game, obj).types
    result: tuple[str, ...] = _apply(game, TYPES, obj, printed(game, obj).types)
    return result


def colors(game: Game, obj: GameObject) -> frozenset[str]:
    """202.2: an object's colours are those of the mana symbols in its cost (or its colour indicator)."""
    return card_colors(printed(game, obj))


def card_colors(card: CardDef) -> frozenset[str]:
    if card.colors is not None:
        return frozenset(card.colors)
    symbols = (card.cost or "").replace("}", "").split("{")
    return frozenset(COLORS[c] for symbol in symbols for c in symbol.split("/") if c in COLORS)


def mana_value(card: CardDef) -> int:
    """202.3: the total of the mana cost; a hybrid symbol counts as one, X as zero."""
    total = 0
    for symbol in (card.cost or "").replace("}", "").split("{"):
        if symbol.isdigit():
            total += int(symbol)
        elif symbol and symbol != "X":
            total += 1
    return total


def controller_of(game: Game, obj: GameObject) -> int:
    """613.1b: the base controller (who put the permanent onto the battlefield, 110.2), then layer-2
    effects in timestamp order."""
    base = int(obj.state.get("base_controller", obj.controller))
    result: int = _apply(game, CONTROL, obj, base)
    return result


def sync_control(game: Game) -> bool:
    """Recompute every permanent's controller; True when one changed."""
    changed = False
    for obj in battlefield(game):
        now = controller_of(game, obj)
        if now != obj.controller:
            obj.controller = now
            changed = True
    return changed


def has_lost(game: Game, player: int) -> bool:
    return bool(game.players_info[player].get("lost"))


def players_in_game(game: Game) -> list[int]:
    """Players still in the game, in turn order starting with the active player (101.4, 800.4)."""
    n = game.players
    order = [(game.active_player + i) % n for i in range(n)]
    return [p for p in order if not has_lost(game, p)]


def is_creature(game: Game, obj: GameObject) -> bool:
    return "creature" in types(game, obj)


def counters(obj: GameObject, kind: str) -> int:
    return int(obj.state.get(f"counters:{kind}", 0))


def power_toughness(game: Game, obj: GameObject) -> tuple[int, int]:
    """613.4: printed values (not part of the text box), 7a characteristic-defining abilities, then 7b
    setting effects, 7c modifications and counters (613.4c), 7d switching. Damage does not change
    toughness."""
    card = printed(game, obj)
    pt = (card.power or 0, card.toughness or 0)
    if any(a.form == "static" and a.event == "pt_equals_life" for a in card.abilities):
        # 7a, 604.3: "power and toughness are each equal to your life total", in every zone (its
        # controller's on the battlefield, its owner's elsewhere)
        player = obj.controller if obj.zone == (SHARED, BATTLEFIELD) else owner(game, obj)
        pt = (life(game, player), life(game, player))
    pt = _apply(game, PT_SET, obj, pt)  # 7b
    pt = _apply(game, PT_MOD, obj, pt)  # 7c
    bonus = counters(obj, "+1/+1") - counters(obj, "-1/-1")
    pt = (pt[0] + bonus, pt[1] + bonus)
    result: tuple[int, int] = _apply(game, PT_SWITCH, obj, pt)  # 7d
    return result


def attached_to(obj: GameObject) -> int | None:
    value = obj.state.get("attached")
    return int(value) if value is not None else None
