"""Choosing *cards* in the battle zone (200.3a, 109.2a; seed 004 カードの下).

An effect that says "バトルゾーンのカードを1枚選び…" (a selector with ``cards: true`` and ``choose``) looks at
every card of every object, including the cards under an evolution creature, whose characteristics are
referenced because the effect names cards. The player chooses cards, not objects; a chosen card that is
part of a larger object moves alone (``move_card``) and what stays is rebuilt if the top card left (801.4,
703.4h). Choosing every card of an object moves the object itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards.schema import Action, Filter, Selector
from ...kernel import (
    Decision,
    Event,
    Game,
    GameObject,
    Option,
)
from . import characteristics as ch
from . import psychic
from .auto_choice import AUTO_CHOICE

if TYPE_CHECKING:
    pass


from .zones import SHIELDS, other

CHOSEN = "__chosen_cards__"
"""``ActionFrame.vars`` key of the cards chosen, by object id."""


def card_options(game: Game, frame: Any, sel: Selector, found: list[GameObject]) -> list[tuple[int, int]]:
    """(object, card) pairs that can be chosen: each matching card of each candidate object."""
    from .actions import ctx_scope

    self_card = frame.ctx.self_card
    self_oid = game.card_object.get(self_card) if self_card is not None else None
    scope = ctx_scope(frame.ctx, frame)
    # 200.3b: a seal (a face-down card in the battle zone) may be chosen as a card, as a card of cost 0
    # with no other characteristic: its object shows that face (characteristics.SEAL), so only a filter
    # that such a card fits (「コスト3以下のカード」) finds it.
    return [(o.oid, c) for o in found for c in matching_cards(game, o, sel.filter, self_oid, scope)]


def choose_cards(frame: Any, game: Game, action: Action, sel: Selector, found: list[GameObject]) -> Any:
    """The objects holding the chosen cards (the cards are kept in ``frame.vars``); ``None`` when asked."""
    pairs = card_options(game, frame, sel, found)
    if not sel.up_to and len(pairs) <= sel.count:
        chosen = pairs  # 605.2b: as many as possible
        _record_auto_choice(game, frame, sel, action.op, pairs)  # logged, as for objects (auto_choice.py)
    else:
        answer = game.take_answer()
        if answer is None:
            chooser = frame.ctx.controller if sel.chooser == "you" else other(frame.ctx.controller)
            options = tuple(Option(f"c{c}", _text(game, oid, c)) for oid, c in pairs)
            prompt = f"choose {'up to ' if sel.up_to else ''}{sel.count} card(s) for {action.op}"
            n = min(sel.count, len(pairs))
            game.ask(
                Decision(
                    chooser, "choose_cards", prompt, options, min=0 if sel.up_to else n, max=n, rule="200.3a"
                )
            )
            return None
        chosen = [p for p in pairs if f"c{p[1]}" in answer]
    by_object: dict[int, tuple[int, ...]] = {}
    for oid, c in chosen:
        by_object[oid] = (*by_object.get(oid, ()), c)
    frame.vars[CHOSEN] = by_object
    return tuple(by_object)


def _record_auto_choice(game: Game, frame: Any, sel: Selector, op: str, pairs: list[tuple[int, int]]) -> None:
    """605.2b: log the cards the chooser gets without being asked — an ``auto_choice`` record like
    :func:`.auto_choice.record_auto_choice`'s, naming the cards themselves (a card under another included)
    and the option labels (``c<card>``) they would have had."""
    if not pairs or not game.log_enabled:
        return
    chooser = frame.ctx.controller if sel.chooser == "you" else other(frame.ctx.controller)
    names = ", ".join(_text(game, oid, c) for oid, c in pairs)
    game.record(
        AUTO_CHOICE,
        f"{game.pname(chooser)} chooses {names} for {op} without being asked: {len(pairs)} candidate(s) "
        f"for {sel.count}",
        "605.2b",
        player=chooser,
        cards=tuple(c for _, c in pairs),
        labels=tuple(f"c{c}" for _, c in pairs),
        count=sel.count,
        candidates=len(pairs),
        op=op,
    )


def _text(game: Game, oid: int, cid: int) -> str:
    obj = game.objects[oid]
    if obj.face_down:  # a face-down shield's cards are chosen unseen (their names are not shown)
        position = game.objects_in(obj.zone).index(obj) + 1
        where = f"shield {position}" if obj.zone[1] == SHIELDS else obj.zone[1]
        return f"face-down card {obj.cards.index(cid) + 1} of {where}"
    if obj.top == cid:
        return game.name(cid)
    return f"{game.name(cid)} (under {game.name(obj.top)})"


def chosen_card_moves(
    game: Game, frame: Any, oid: int, to: str, extra: dict[str, Any] | None = None
) -> list[Event] | None:
    """The ``move_card`` events for the cards chosen out of object ``oid``; ``None`` to move the object.
    ``extra``: more ``move_card`` arguments (``bottom`` of a deck, ``face_up``)."""
    chosen: dict[int, tuple[int, ...]] = frame.vars.get(CHOSEN, {})
    cards = chosen.get(oid)
    if cards is None or oid not in game.objects or len(cards) == len(game.objects[oid].cards):
        return None
    return [
        Event("move_card", oid, source=frame.ctx.source, args={"card": c, "to": to, **(extra or {})})
        for c in cards
    ]


def matching_cards(
    game: Game, obj: GameObject, flt: Filter, self_oid: int | None, scope: Any = None
) -> list[int]:
    """200.3a: an effect naming *cards* looks at every card of the object; the top card as it shows."""
    from .language.scope import Scope
    from .language.selectors import face_fits, fits

    if scope is None:
        owner = game.cards[obj.top].owner
        this_card = game.objects[self_oid].top if self_oid is not None and self_oid in game.objects else None
        scope = Scope(owner, this_card)
    found = [obj.top] if fits(game, obj, flt, scope) else []
    linked = psychic.LINK in obj.state  # its cards are psychic cells (806.1f: the super creature's colours)
    for cid in obj.cards[1:]:
        shown = (psychic.cell_face(game, cid) if linked else None) or ch.definition(game, cid).main
        if face_fits(shown, flt, (game, scope), cid):
            found.append(cid)
    return found


def partial_card_moves(
    game: Game, frame: Any, sel: Selector, oid: int, to: str, extra: dict[str, Any] | None = None
) -> list[Event] | None:
    """``cards: true``: when only some cards of an object match, those cards move alone (109.2a)."""
    if not sel.cards:
        return None
    obj = game.objects[oid]
    self_oid = game.card_object.get(frame.ctx.self_card) if frame.ctx.self_card is not None else None
    cards = matching_cards(game, obj, sel.filter, self_oid)
    if len(cards) == len(obj.cards):
        return None
    return [
        Event("move_card", oid, source=frame.ctx.source, args={"card": c, "to": to, **(extra or {})})
        for c in cards
    ]
