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

from dataclasses import dataclass

from ...cards.loader import load_text
from ...cards.schema import AbilitySpec, Action, Selector
from ...cards.vocabulary import DUEL_MASTERS
from ...kernel import Frame, Game, Option, Source
from . import characteristics as ch
from .actions import ActionFrame, Ctx
from .language.quantities import MOVED, value
from .language.scope import Scope
from .objects import needs_no_base
from .play import PlayCard, can_pay_less, effective, evolution_sources
from .zones import BATTLE, HAND, HELD

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
"""main-step verb -> keyword; the card's own ``use_for_less`` is the verb :data:`LESS`."""


LESS = "less"
"""The main-step verb of a card's own ``use_for_less`` ability (``less:cID``)."""


def discount_of(game: Game, cid: int, keyword: str = "bad") -> int | None:
    d = ch.definition(game, cid)
    for a in d.main.abilities:
        if a.form == "keyword" and a.name == keyword:
            return int(a.params["amount"])
    return None


def use_for_less(game: Game, cid: int) -> AbilitySpec | None:
    """The card's own 「このクリーチャーを、コストをN少なくして召喚してもよい。そうしたら、…」
    (``use_for_less``, on its first face), if it has one."""
    return next((a for a in ch.definition(game, cid).main.abilities if a.form == "use_for_less"), None)


def cards_for_less(game: Game) -> frozenset[int]:
    """The ids of the game's cards with a ``use_for_less`` ability (kept by the card index)."""
    return ch.card_index(game).passing(
        ("form", "use_for_less"), lambda d: any(a.form == "use_for_less" for a in d.main.abilities)
    )


def possible(game: Game) -> bool:
    """Whether any card of the game has B・A・D or 無月の大罪 printed, or a ``use_for_less`` ability."""
    return any(ch.cards_with_printed_keyword(game, k) for k in KEYWORDS) or bool(cards_for_less(game))


def less_amount(
    game: Game, cid: int, player: int, spec: AbilitySpec, done: dict[str, int] | None = None
) -> int:
    """How much less: the ability's quantity, counted as the card is offered and as it is used (605.2d);
    ``done``: what its ``cost`` steps did (``{done: NAME}``)."""
    return max(0, value(game, Scope(player, this_card=cid, done=done or {}), spec.params["amount"]))


def most_less(game: Game, cid: int, player: int, spec: AbilitySpec) -> int:
    """The most a ``use_for_less`` with ``cost`` steps can take off: its amount with each step's
    ``{done: NAME}`` read as the most that step can do now — as many as its selector may choose, within
    what it finds (601.1a: the card is offered only if it can then be paid)."""
    steps: tuple[Action, ...] = spec.params.get("cost", ())
    if not steps:
        return less_amount(game, cid, player, spec)
    from .actions import DEFAULT_ZONE, Ctx, candidates

    ctx = Ctx(player, Source("use", cid, player), cid)
    done: dict[str, int] = {}
    for step in steps:
        name, sel = step.args.get("_as"), step.args.get("what")
        if name is None or not isinstance(sel, Selector):
            continue
        found = candidates(game, ctx, sel, sel.zone or DEFAULT_ZONE.get(step.op, BATTLE), frozenset())
        most = len(found) if sel.kind == "all" or sel.any_number else min(sel.count, len(found))
        done[name] = done.get(name, 0) + most  # {done: NAME} (cards) and {moved: NAME} (objects)
        done[f"{MOVED}{name}"] = done.get(f"{MOVED}{name}", 0) + most
    return less_amount(game, cid, player, spec, done)


def discounted_options(game: Game, player: int) -> list[Option]:
    if not possible(game) or ch.reductions_ignored(game, player):
        return []  # no card of the game has one (asked at every main-step decision), or it does not work
    options = _less_options(game, player)
    for obj in game.objects_in((player, HAND)):
        for keyword, (verb, _) in KEYWORDS.items():
            amount = discount_of(game, obj.top, keyword)
            if amount is None:
                continue
            f = effective(game, obj, ch.definition(game, obj.top).main)
            cost = max(1, f.cost - amount)
            if can_pay_less(game, player, obj, amount):
                how = "summon" if f.is_creature else "use"
                printed = "B・A・D" if keyword == "bad" else "無月の大罪"
                options.append(Option(f"{verb}:c{obj.top}", f"{how} {f.name} for {cost} ({printed})"))
    return options


def _less_options(game: Game, player: int) -> list[Option]:
    """``less:cID``: a card of the hand used for less by its own ``use_for_less`` (601.1)."""
    cards = cards_for_less(game)
    if not cards:
        return []
    options = []
    for obj in game.objects_in((player, HAND)):
        spec = use_for_less(game, obj.top) if obj.top in cards else None
        if spec is None:
            continue
        f = effective(game, obj, ch.definition(game, obj.top).main)
        if f.is_evolution and not needs_no_base(f) and not evolution_sources(game, player, obj.top):
            continue  # 801.1: an evolution creature is summoned onto a base (chosen as it is put, 801.1a)
        less = most_less(game, obj.top, player, spec)
        cost = max(1, f.cost - less)
        if can_pay_less(game, player, obj, less):
            how = "summon" if f.is_creature else "use"
            options.append(Option(f"{LESS}:c{obj.top}", f"{how} {f.name} for {cost} (for less)"))
    return options


def discounted_play(game: Game, cid: int, player: int, verb: str = "bad") -> Frame:
    if verb == LESS:  # そうしたら、…: what rides along with the cheaper use runs once it is in (PlayCard)
        spec = use_for_less(game, cid)
        assert spec is not None, f"c{cid} has no use_for_less ability"
        if spec.params.get("cost"):
            return PayThenUse(cid, player, spec)
        amount = less_amount(game, cid, player, spec)
        return PlayCard(cid, 0, controller=player, riders=spec.effect, discount=amount)
    keyword = VERBS[verb]
    riders = KEYWORDS[keyword][1]
    return PlayCard(cid, 0, controller=player, riders=riders, discount=discount_of(game, cid, keyword) or 0)


@dataclass(slots=True)
class PayThenUse(Frame):
    """``use_for_less`` with ``cost`` steps (「…を墓地に置いてもよい。こうして選んだ数だけ、このクリーチャーの
    召喚コストを1少なくする」): the steps run as the use is declared, the card pending (601.1a, 601.1b),
    then the mana is paid for the cost less what they did (601.1e, 601.1f)."""

    cid: int
    player: int
    spec: AbilitySpec
    paying: ActionFrame | None = None
    used: bool = False

    def describe(self) -> str:
        return f"PayThenUse(c{self.cid})"

    def step(self, game: Game) -> None:
        if self.used:
            game.finish()
            return
        obj = game.object_of(self.cid)
        if self.paying is None:
            obj.state[HELD] = True  # 601.1b: pending while the steps are done (none of them takes it)
            ctx = Ctx(self.player, Source("use", self.cid, self.player), self.cid)
            self.paying = ActionFrame(self.spec.params["cost"], ctx)
            game.push(self.paying)
            return
        obj.state.pop(HELD, None)
        amount = less_amount(game, self.cid, self.player, self.spec, dict(self.paying.done))
        game.record("rule", f"{game.name(self.cid)} costs {amount} less (use_for_less)", "601.1e")
        self.used = True
        game.push(PlayCard(self.cid, 0, controller=self.player, riders=self.spec.effect, discount=amount))
