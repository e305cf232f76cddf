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


def linked_ids(game: Game, host: int | None) -> tuple[int, ...]:
    """The ids the shields linked to object ``host`` had when they were linked (they may have left since):
    one for シールド・フォース and ＥＸライフ, two for エクストラEXライフ (「そのシールドのうち1つ」)."""
    obj = game.objects.get(host) if host is not None else None
    found = obj.state.get(LINKED) if obj is not None else None
    if found is None:
        return ()
    return tuple(int(i) for i in found) if isinstance(found, tuple) else (int(found),)


def linked_id(game: Game, host: int | None) -> int | None:
    """The first of :func:`linked_ids` (the one shield of シールド・フォース and ＥＸライフ)."""
    ids = linked_ids(game, host)
    return ids[0] if ids else None


def linked_shields(game: Game, host: int | None) -> list[GameObject]:
    """The shields linked to ``host`` that are still in its controller's shield zone (そのシールド)."""
    obj = game.objects.get(host) if host is not None else None
    if obj is None:
        return []
    found = [game.objects.get(i) for i in linked_ids(game, host)]
    return [s for s in found if s is not None and s.zone == (obj.controller, SHIELDS)]


def linked_shield(game: Game, host: int | None) -> GameObject | None:
    """The first of :func:`linked_shields`, or ``None``."""
    shields = linked_shields(game, host)
    return shields[0] if shields else None


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
        game.objects[mine[0]].state[LINKED] = picked[0] if len(picked) == 1 else tuple(picked)
        shields = "a shield" if len(picked) == 1 else f"{len(picked)} shields"
        game.record("rule", f"{game.name(game.objects[mine[0]].top)} is linked to {shields}")
    return A._DONE


HANDLERS = {
    "link_shield": link_shield,
}
