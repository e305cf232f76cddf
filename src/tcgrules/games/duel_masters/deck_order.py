"""Several cards put on the top or bottom of one deck at once (401.4): who orders them, and how.

* 401.4: unless the effect says otherwise, the cards' owner decides the order in which they go on the deck
  (a step's moves to ``deck_top`` / ``deck_bottom``; each card of an object that goes there whole — an
  evolution creature and the cards under it — counts). 「好きな順序で」 (a move's ``any_order: true``) says
  otherwise: the player whose effect it is orders them (「好きな」 is that player's liking). 「シャッフルし
  て」 (``shuffled``) says otherwise too: a random order (701.11). 「上からN番目」 (``position``, 401.6) puts
  them where it says.
* The chooser says, one card at a time from the top down, which card goes highest of those left (a
  ``choose_order`` decision, rule 401.4; the other player is not told the answer — 401.4's
  「公開しなくてかまいません」, views.PRIVATE). A choice that cannot matter is not asked: cards the
  chooser cannot tell apart (the same card name, or cards they cannot see or do not know:
  views.nameable) are alike, and when all the cards are alike nothing is asked (one card alone, too).
  Otherwise every card is placed in turn, as before the rule applied to every move (rulings 96/96b order
  two identical cards: a script names each).
* Cards for both players' decks are ordered by each owner, the turn player first (101.4).
* The moves are proposed in the order chosen (each move to the bottom goes below the last, each move
  to the top above it), so that what a replacement puts there instead takes the replaced card's place
  (公式Q&A 2023-07-21: rulings 96/96b, a substitute's four cards as one group in that place). The order
  also travels with the moves (``deck_order``: the cards from the top down): as each move is performed,
  the cards of that order it and the moves before it put there are put in that order (:func:`arrange`)
  — the cards of one object (an evolution creature's) go as one move, so this is what orders them among
  themselves and among the others'.
"""

from __future__ import annotations

from typing import Any

from ...kernel import Decision, Event, Game, Option
from .zones import DECK

ORDER = "deck_order"
"""Event argument: the cards of one deck end, from the top down, in the order chosen (401.4)."""


def deck_end(game: Game, event: Event) -> tuple[int, bool, tuple[int, ...]] | None:
    """``(the deck's owner, bottom, the cards)`` of a move putting cards on the top or bottom of a deck;
    ``None`` for any other event (and for 「上からN番目」, 401.6, which says where)."""
    if event.kind not in ("move", "move_card") or event.get("to") != DECK:
        return None
    if event.get("position") is not None:
        return None
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None:
        return None
    if event.kind == "move_card":  # one card, to its owner's deck (objects.perform_move_card)
        card = int(event.get("card"))
        return game.cards[card].owner, bool(event.get("bottom")), (card,)
    return game.cards[obj.top].owner, bool(event.get("bottom")), tuple(obj.cards)  # (perform_move)


def order_moves(
    game: Game, events: list[Event], *, chooser: int | None, placed: list[int], ask: Any
) -> list[Event] | None:
    """The moves of ``events`` with the order their cards go on each deck end (401.4); ``None`` when a
    decision was asked (``ask(decision)`` is called with it; ``placed``, the cards already placed from the top
    down, is extended as answers come and must be kept until the step runs again). ``chooser``: the player
    who orders every deck's cards (好きな順序で), or ``None`` for each deck's owner."""
    ends: dict[tuple[int, bool], list[int]] = {}
    for event in events:
        end = deck_end(game, event)
        if end is not None:
            ends.setdefault(end[:2], []).extend(end[2])
    if not any(len(cards) > 1 for cards in ends.values()):
        return events
    from .views import nameable

    orders: dict[tuple[int, bool], tuple[int, ...]] = {}
    first = game.active_player
    for key in sorted(ends, key=lambda k: (k[0] != first, k[0], k[1])):  # 101.4: the turn player first
        cards = ends[key]
        player = key[0] if chooser is None else chooser

        def look(c: int, player: int = player) -> str | None:
            return game.name(c) if nameable(game, c, player) else None

        if len(cards) < 2 or len({look(c) for c in cards}) < 2:
            continue  # one card, or cards the chooser cannot tell apart: the order cannot matter to them
        mine = [c for c in placed if c in cards]
        left = [c for c in cards if c not in mine]
        while len(left) > 1:
            options: dict[str, tuple[int, str]] = {}
            for c in left:
                seen = look(c)
                label = f"c{c}" if seen is not None else f"unseen:{cards.index(c) + 1}"
                options[label] = (c, seen if seen is not None else "a card you cannot see")
            answer = game.take_answer()
            if answer is None:
                where = "bottom" if key[1] else "top"
                ask(
                    Decision(
                        player,
                        "choose_order",
                        f"which card goes highest of those still to put on the {where} of "
                        f"{game.pname(key[0])}'s deck?",
                        tuple(Option(label, text) for label, (_, text) in options.items()),
                        rule="401.4",
                    )
                )
                return None
            chosen = options[answer[0]][0]
            placed.append(chosen)
            mine.append(chosen)
            left.remove(chosen)
        orders[key] = (*mine, *left)
    if not orders:
        return events
    since = max(game.objects, default=-1)  # the moves make new objects, numbered after every one there is
    keyed = []
    for i, event in enumerate(events):
        end = deck_end(game, event)
        order = orders.get(end[:2]) if end is not None else None
        if end is None or order is None:
            keyed.append(((0, i), event))
            continue
        # The moves go in the order chosen — each move to the bottom below the last, each move to the top
        # above it — so that what a replacement puts there instead takes that card's place.
        place = min(order.index(c) for c in end[2])
        keyed.append(((1, place if end[1] else -place), event.with_args(**{ORDER: (since, *order)})))
    return [event for _, event in sorted(keyed, key=lambda k: k[0])]


def arrange(game: Game, owner: int, order: tuple[int, ...]) -> None:
    """Put the cards of ``order`` (its first item: the last object id before the moves, then the cards from
    the top down) that the moves have put on ``owner``'s deck — objects made since — in that order, in the
    places they hold there (401.4). A card of the order still where it was (its move not performed yet, or
    not at all) is left alone."""
    zone = game.zone((owner, DECK))
    since, cards = order[0], order[1:]
    wanted = [game.card_object[c] for c in cards if c in game.card_object]
    present = set(zone)
    oids = [oid for oid in dict.fromkeys(wanted) if oid in present and oid > since]
    if len(oids) < 2:
        return
    places = sorted(zone.index(oid) for oid in oids)  # from the bottom up
    for place, oid in zip(places, reversed(oids), strict=True):
        zone[place] = oid
