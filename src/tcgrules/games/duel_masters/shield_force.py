"""シールド・フォース and ＥＸライフ: the creature remembers a shield (``link_shield``: the one chosen as it
entered, or the one its ＥＸライフ made); its SF abilities work while that shield is in the shield zone (the
condition ``shield_force``), and the selector ``linked_shield`` names it (そのシールド)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.schema import Action, Condition, Selector
from ...kernel import (
    Effect,
    Game,
    GameObject,
)
from . import actions as A
from .zones import SHIELDS

if TYPE_CHECKING:
    pass


def extra_condition(game: Game, effect: Effect, cond: Condition) -> bool | None:
    """Conditions defined here; ``None`` for a condition this module does not know."""
    if cond.kind == "shield_force":
        host = game.objects.get(effect.host) if effect.host is not None else None
        return shield_force_active(game, host) == bool(cond.value)
    return None


LINKED = "shield_force"
"""Object state: the shield object a creature is linked to (シールド・フォース, ＥＸライフ)."""


def linked_id(game: Game, host: int | None) -> int | None:
    """The id the shield linked to object ``host`` had when it was linked (it may have left since)."""
    obj = game.objects.get(host) if host is not None else None
    found = obj.state.get(LINKED) if obj is not None else None
    return int(found) if found is not None else None


def linked_shield(game: Game, host: int | None) -> GameObject | None:
    """The shield linked to ``host`` while it is in its controller's shield zone (そのシールド), or
    ``None``."""
    obj = game.objects.get(host) if host is not None else None
    shield = game.objects.get(linked_id(game, host) or -1)
    if obj is None or shield is None or shield.zone != (obj.controller, SHIELDS):
        return None
    return shield


def shield_force_active(game: Game, host: GameObject | None) -> bool:
    """シールド・フォース: the shield chosen as it entered is still in its controller's shield zone."""
    return host is not None and linked_shield(game, host.oid) is not None


def link_shield(frame: Any, game: Game, action: Action) -> int:
    """シールド・フォース: remember the chosen shield on this creature."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    mine = A.fixed_selection(game, frame.ctx, Selector("self"), {})
    if picked and mine:
        game.objects[mine[0]].state[LINKED] = picked[0]
        game.record("rule", f"{game.name(game.objects[mine[0]].top)} is linked to a shield")
    return A._DONE


HANDLERS = {
    "link_shield": link_shield,
}
