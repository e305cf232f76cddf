"""Cheaper ways to summon that come with a price: B・A・D
("このクリーチャーを、コストをN少なくして召喚してもよい。そうしたら、このターンの終わりにこのクリーチャーを破壊する").

The end-of-turn destruction is a delayed triggered ability about *this creature*: the object. If the
creature becomes a new object (swapped out by 革命チェンジ, 701.26) it no longer applies; if it evolves
(侵略, 801.2) it is the same creature and still does (seed 004).
"""

from __future__ import annotations

from dataclasses import replace

from ...cards.schema import Action, Selector
from ...kernel import Game, Option
from . import characteristics as ch
from .play import PlayCard, effective, payment
from .zones import HAND

DESTROY_SELF_AT_END = (
    Action("at_end_of_turn", {"actions": (Action("destroy", {"what": Selector("self")}),)}),
)


def discount_of(game: Game, cid: int) -> int | None:
    d = ch.definition(game, cid)
    for a in d.main.abilities:
        if a.form == "keyword" and a.name == "bad":
            return int(a.params["amount"])
    return None


def possible(game: Game) -> bool:
    """Whether any card of the game has B・A・D printed."""
    return bool(ch.cards_with_printed_keyword(game, "bad"))


def discounted_options(game: Game, player: int) -> list[Option]:
    if not possible(game) or ch.reductions_ignored(game, player):
        return []  # no card of the game has B・A・D (asked at every main-step decision), or it does not work
    options = []
    for obj in game.objects_in((player, HAND)):
        amount = discount_of(game, obj.top)
        if amount is None:
            continue
        f = effective(game, obj, ch.definition(game, obj.top).main)
        cost = max(1, f.cost - amount)
        if payment(game, player, replace(f, cost=cost), card=obj) is not None:
            options.append(Option(f"bad:c{obj.top}", f"summon {f.name} for {cost} (B・A・D)"))
    return options


def discounted_play(game: Game, cid: int, player: int) -> PlayCard:
    return PlayCard(
        cid, 0, controller=player, riders=DESTROY_SELF_AT_END, discount=discount_of(game, cid) or 0
    )
