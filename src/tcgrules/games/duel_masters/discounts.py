"""Cheaper ways to use a card that come with a price: B・A・D
(このクリーチャーを、コストをN少なくして召喚してもよい。
そうしたら、このターンの終わりにこのクリーチャーを破壊する) and 無月の大罪
(このオーラを使うコストをN少なくしてもよい。
そうしたら、このターンの終わりに、自分のクリーチャーを1体破壊する): a main-step option each (``bad:cID``,
``taizai:cID``), the card used for N less (never below 1), and what it costs done at the end of the turn.

The end-of-turn destruction is a delayed triggered ability. B・A・D's is about *this creature*: the object. If
the creature becomes a new object (swapped out by 革命チェンジ, 701.26) it no longer applies; if it evolves
(侵略, 801.2) it is the same creature and still does (seed 004). 無月の大罪's destroys one creature of its
player's, chosen as it resolves.
"""

from __future__ import annotations

from dataclasses import replace

from ...cards.loader import load_text
from ...cards.schema import Action, Selector
from ...cards.vocabulary import DUEL_MASTERS
from ...kernel import Game, Option
from . import characteristics as ch
from .play import PlayCard, effective, payment
from .zones import HAND

DESTROY_SELF_AT_END = (
    Action("at_end_of_turn", {"actions": (Action("destroy", {"what": Selector("self")}),)}),
)


def _steps(text: str) -> tuple[Action, ...]:
    """Effect steps written in the card language, read by the card loader (as a spell's)."""
    card = (
        "- name: rider\n  type: spell\n  civilizations: []\n  cost: 1\n  text: ''\n"
        "  abilities:\n    - spell:\n" + "\n".join("      " + line for line in text.strip("\n").splitlines())
    )
    (definition,) = load_text(card, "discounts.py", DUEL_MASTERS)
    return definition.faces[0].abilities[0].effect


DESTROY_ONE_OF_YOURS_AT_END = _steps("- at_end_of_turn: [{destroy: {choose: 1, owner: you, type: creature}}]")
"""無月の大罪: このターンの終わりに、自分のクリーチャーを1体破壊する."""
KEYWORDS = {"bad": ("bad", DESTROY_SELF_AT_END), "mugetsu_taizai": ("taizai", DESTROY_ONE_OF_YOURS_AT_END)}
"""keyword -> (the main-step verb, what rides along with the cheaper use)."""
VERBS = {verb: keyword for keyword, (verb, _) in KEYWORDS.items()}


def discount_of(game: Game, cid: int, keyword: str = "bad") -> int | None:
    d = ch.definition(game, cid)
    for a in d.main.abilities:
        if a.form == "keyword" and a.name == keyword:
            return int(a.params["amount"])
    return None


def possible(game: Game) -> bool:
    """Whether any card of the game has B・A・D or 無月の大罪 printed."""
    return any(ch.cards_with_printed_keyword(game, k) for k in KEYWORDS)


def discounted_options(game: Game, player: int) -> list[Option]:
    if not possible(game) or ch.reductions_ignored(game, player):
        return []  # no card of the game has one (asked at every main-step decision), or it does not work
    options = []
    for obj in game.objects_in((player, HAND)):
        for keyword, (verb, _) in KEYWORDS.items():
            amount = discount_of(game, obj.top, keyword)
            if amount is None:
                continue
            f = effective(game, obj, ch.definition(game, obj.top).main)
            cost = max(1, f.cost - amount)
            if payment(game, player, replace(f, cost=cost), card=obj) is not None:
                how = "summon" if f.is_creature else "use"
                printed = "B・A・D" if keyword == "bad" else "無月の大罪"
                options.append(Option(f"{verb}:c{obj.top}", f"{how} {f.name} for {cost} ({printed})"))
    return options


def discounted_play(game: Game, cid: int, player: int, verb: str = "bad") -> PlayCard:
    keyword = VERBS[verb]
    riders = KEYWORDS[keyword][1]
    return PlayCard(cid, 0, controller=player, riders=riders, discount=discount_of(game, cid, keyword) or 0)
