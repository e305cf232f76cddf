"""Choices the engine makes for a player (605.2b), logged so that they can be seen and checked.

When an effect says "choose N" and there are N candidates or fewer, the player chooses them all: there is
nothing to ask (605.2b, "as many as possible"). The engine takes that choice itself and records it as an
``auto_choice`` log record, so ``--explain`` shows it and a scenario that scripts an answer for it can be
checked against what the engine chose (docs/scenarios.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...kernel import Game, GameObject
from .zones import other

AUTO_CHOICE = "auto_choice"


def record_auto_choice(game: Game, ctx: Any, sel: Any, op: str, found: Sequence[GameObject]) -> None:
    """Log that the chooser of ``sel`` gets every one of ``found`` without being asked (605.2b).

    ``data``: ``player`` (the chooser), ``cards`` (the top card of each chosen object), ``labels`` (the
    options they would have been), ``count`` (how many the effect said to choose) and ``candidates`` (how
    many it saw). Nothing is logged when there is nothing to choose. Hidden cards are not named (400.2f)."""
    if not found or not game.log_enabled:
        return
    from .actions import choice_label, option_text

    chooser = ctx.controller if sel.chooser == "you" else other(ctx.controller)
    names = ", ".join(option_text(game, o, chooser) for o in found)
    game.record(
        AUTO_CHOICE,
        f"{game.pname(chooser)} chooses {names} for {op} without being asked: {len(found)} candidate(s) "
        f"for {sel.count}",
        "605.2b",
        player=chooser,
        cards=tuple(o.top for o in found),
        labels=tuple(choice_label(game, o, chooser) for o in found),
        count=sel.count,
        candidates=len(found),
        op=op,
    )
