"""シールド・フォース: the creature remembers the shield chosen as it entered (``link_shield``); its SF
abilities work while that shield is in the shield zone (the condition ``shield_force``)."""

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


def shield_force_active(game: Game, host: GameObject | None) -> bool:
    """シールド・フォース: the shield chosen as it entered is still in its controller's shield zone."""
    if host is None:
        return False
    shield = game.objects.get(host.state.get("shield_force", -1))
    return shield is not None and shield.zone == (host.controller, SHIELDS)


def link_shield(frame: Any, game: Game, action: Action) -> int:
    """シールド・フォース: remember the chosen shield on this creature."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    mine = A.fixed_selection(game, frame.ctx, Selector("self"), {})
    if picked and mine:
        game.objects[mine[0]].state["shield_force"] = picked[0]
        game.record(
            "rule", f"{game.name(game.objects[mine[0]].top)} is linked to a shield (シールド・フォース)"
        )
    return A._DONE


HANDLERS = {
    "link_shield": link_shield,
}
