"""Card-language actions on objects made of several cards (seed 004): shield plus, turning shields
over, shuffling shields, swapping (入れ替える), cost changes on hidden cards (identity.py).
``actions.HANDLERS`` includes these."""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, Selector
from ...kernel import (
    Decision,
    Event,
    Game,
    GameObject,
    Option,
)
from . import identity
from .castles import CASTLES
from .zones import SHIELDS


def _frame_api() -> Any:
    from . import actions

    return actions


def add_to_shield(frame: Any, game: Game, action: Action) -> int:
    """シールド・プラス (face down, under) or 裁きの紋章-style (``on_top``, ``face_up``): add the chosen card
    to one of the controller's shields, chosen next."""
    A = _frame_api()
    if "picked" not in frame.vars:
        picked = frame.select(game, action, action.args["what"])
        if picked is None:
            return int(A._ASKED)
        frame.vars["picked"] = picked
    shields = game.objects_in((frame.ctx.controller, SHIELDS))
    picked = frame.vars.pop("picked")
    if not shields or not picked:
        return int(A._DONE)
    if len(shields) == 1:
        shield = shields[0].oid
    else:
        answer = game.take_answer()
        if answer is None:
            frame.vars["picked"] = picked
            options = tuple(Option(f"shield_zone:{i + 1}", f"shield {i + 1}") for i in range(len(shields)))
            game.ask(Decision(frame.ctx.controller, "choose_shield", "choose a shield to add to", options))
            return int(A._ASKED)
        shield = shields[int(answer[0].rsplit(":", 1)[1]) - 1].oid
    args = {"shield": shield, "on_top": action.get("on_top", False), "face_up": action.get("face_up", False)}
    events = [Event("shield_add", oid, frame.ctx.controller, frame.ctx.source, args) for oid in picked]
    return int(frame.emit(game, events))


def turn_over(frame: Any, game: Game, action: Action) -> int:
    """Turn shield objects face up or face down (all of their cards). ``all`` also turns fortified castles."""
    A = _frame_api()
    sel: Selector = action.args["what"]
    picked = frame.select(game, action, sel)
    if picked is None:
        return int(A._ASKED)
    oids = list(picked)
    if sel.kind == "all" and not action.get("face_up", False):
        players = [frame.ctx.controller] if sel.owner == "you" else [0, 1]
        oids += [o.oid for p in players for o in game.objects_in((p, CASTLES))]
    args = {"face_up": action.get("face_up", False)}
    return int(frame.emit(game, [Event("turn_over", oid, None, frame.ctx.source, args) for oid in oids]))


def shuffle_shields(frame: Any, game: Game, action: Action) -> int:
    player = frame.ctx.controller if action.get("player", "you") == "you" else 1 - frame.ctx.controller
    return int(frame.emit(game, [Event("shuffle_shields", None, player, frame.ctx.source)]))


def swap_with(frame: Any, game: Game, action: Action) -> int:
    """入れ替える: this card (in the hand) and the selected creature (701.26)."""
    A = _frame_api()
    if "_swap_with" not in frame.vars:
        picked = frame.select(game, action, action.args["what"])
        if picked is None:
            return int(A._ASKED)
        frame.vars["_swap_with"] = picked
        frame.vars["_swap_declined"] = ()
    picked = frame.vars["_swap_with"]
    mine = A.fixed_selection(game, frame.ctx, Selector("self"), {})
    if not mine or not picked or picked[0] not in game.objects:
        frame.vars.pop("_swap_with")
        return int(A._DONE)
    from .swap import halves, optional_blockers

    # 701.26b: each optional replacement that could apply to a half is offered to its controller now.
    declined = frame.vars["_swap_declined"]
    parts = halves(game, mine[0], picked[0], frame.ctx.source, frame.ctx.controller)
    for effect in optional_blockers(game, parts):
        if effect.eid in declined:
            continue
        answer = game.take_answer()
        if answer is None:
            game.ask(
                Decision(
                    effect.controller,
                    "use_replacement",
                    f"use {effect.ability.label}? (then the swap is not performed)",
                    (Option("yes", "use it: no swap"), Option("no", "don't")),
                    rule="701.26b",
                )
            )
            return int(A._ASKED)
        if answer[0] == "yes":
            frame.vars.pop("_swap_with")
            game.record(
                "rule",
                f"{game.pname(effect.controller)} uses {effect.ability.label}: the card would not move "
                "normally, so the swap is not performed",
                "701.26b",
            )
            return int(A._DONE)
        declined = (*declined, effect.eid)
        frame.vars["_swap_declined"] = declined
    frame.vars.pop("_swap_with")
    args = {"with": picked[0], "declined": declined}
    if action.get("keyword") is not None:  # 「革命チェンジ」によって: a pattern's how: revolution_change
        args["by_keyword"] = action.args["keyword"]
    event = Event("swap", mine[0], frame.ctx.controller, frame.ctx.source, args)
    return int(frame.emit(game, [event]))


def _leaving_stack(frame: Any, game: Game) -> tuple[GameObject, str, bool] | None:
    """The object of several cards whose leaving this replacement replaces, with where it would have gone
    (zone, bottom of the deck or not); ``None`` when it is gone or stands alone."""
    from .abilities import destination

    replaced = frame.ctx.replaced
    obj = (
        game.objects.get(replaced.subject) if replaced is not None and replaced.subject is not None else None
    )
    if replaced is None or obj is None or len(obj.cards) < 2:
        return None
    return obj, destination(replaced), bool(replaced.get("bottom", False))


def _cards_leave(
    frame: Any, game: Game, obj: GameObject, cards: list[int], to: str, bottom: bool, separate: bool = False
) -> int:
    """Each of ``cards`` leaves ``obj`` for where the creature would have gone (what stays is rebuilt,
    801.4; with ``separate``, into one creature per card)."""
    args: dict[str, Any] = {"to": to, "bottom": bottom}
    if separate:
        args["separate"] = True
    events = [Event("move_card", obj.oid, source=frame.ctx.source, args={"card": c, **args}) for c in cards]
    return int(frame.emit(game, events))


def top_card_leaves(frame: Any, game: Game, action: Action) -> int:
    """スター進化 (813.1): instead of the creature leaving, only its top card goes where it would have gone;
    what stays is rebuilt (801.4) — with ``separate: true``, each card that stays becomes a creature of its
    own (「残りのカードはそれぞれ別のクリーチャーになる」)."""
    from . import actions as A

    found = _leaving_stack(frame, game)
    if found is None:
        return A._FAIL
    obj, to, bottom = found
    return _cards_leave(frame, game, obj, [obj.top], to, bottom, bool(action.get("separate", False)))


def cards_under_leave(frame: Any, game: Game, action: Action) -> int:
    """G-NEO (803.2): instead of the creature leaving, every card under it goes where the creature would have
    gone; its top card stays, the same object (it is no longer a G-NEO evolution, 802.2)."""
    from . import actions as A

    found = _leaving_stack(frame, game)
    if found is None:
        return A._FAIL
    obj, to, bottom = found
    return _cards_leave(frame, game, obj, [c for c in obj.cards if c != obj.top], to, bottom)


def cards_under(frame: Any, game: Game, action: Action) -> int:
    """その下に重ねたカードをすべて…に置く: every card under the top card of each selected object goes to
    ``to``, one card at a time out of its object (109.2a); the top card stays, the same object (801.4: only
    cards under it left). An object of one card does nothing."""
    from . import actions as A

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    to = str(action.args["to"])
    events = [
        Event("move_card", oid, source=frame.ctx.source, args={"card": c, "to": to})
        for oid in picked
        if oid in game.objects
        for c in game.objects[oid].cards[1:]
    ]
    return int(frame.emit(game, events))


HANDLERS = {
    "top_card_leaves": top_card_leaves,
    "cards_under": cards_under,
    "cards_under_leave": cards_under_leave,
    "add_to_shield": add_to_shield,
    "turn_over": turn_over,
    "shuffle_shields": shuffle_shields,
    "swap_with": swap_with,
    **identity.HANDLERS,
}
