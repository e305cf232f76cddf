"""Effect steps of the special cards (chapter 8) and of the keywords that use them: draghearts (807), GR (118,
811) and マスターG・O・D・S.

* Draghearts (ドラグハート). A dragheart starts the game in the 超次元ゾーン. ``put_dragheart`` puts a
  dragheart weapon from there into the battle zone *equipped* to the creature whose ability does it: the
  weapon is its own object in the battle zone (not a card under the creature); the equipment is kept in
  ``game.info[EQUIPS]`` (weapon card → creature object) and ends when either leaves. A dragheart that is
  put anywhere but the battle zone, or a weapon whose creature has left, goes back to the 超次元ゾーン
  (state-based, :func:`state_based_actions`). ``return_to_hyperspatial`` is "超次元ゾーンに戻す".
  ``ryukai`` (龍解) turns a dragheart over to its creature side, keeping its position (807.1a): the card's
  second face is then what it shows (characteristics.face) and only that face's abilities work.
  Replacements whose substitute is a dragheart (龍解 itself, "かわりにドラグハートを超次元ゾーンに戻す")
  name that dragheart as the card they affect, so 609.9b lets only one of them use it (seed 000, 2023-04-10).
* GR: ``gr_summon`` (GR召喚) puts the top card of your 超GRゾーン into the battle zone (``how: gr_summon``).
* マスターG・O・D・S (``master_gods``): cast the spell by discarding a card from your hand; then its cost is
  2 less for each card you discarded from your hand this turn, never below 1. Only discards that really
  reached the graveyard count (seed 000, 2021-09-24: a card that went back to the hand instead
  does not); perform.py counts performed ``discard`` events per player and turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...cards.schema import Action, Selector
from ...kernel import Decision, Event, Frame, Game, Option, Source
from . import actions as A
from . import characteristics as ch
from .draghearts import DRAGHEART_TYPES, equip
from .gr import GR
from .zones import BATTLE, HAND, HYPERSPATIAL, MANA

BATTLING = "battling"
"""``game.info`` key: the two objects of the battle whose powers are being compared (perform_battle)."""


# ---------------------------------------------------------------------------------------------- draghearts


def put_dragheart(frame: Any, game: Game, action: Action) -> int:
    """ "…ドラグハート・ウエポンを1枚、自分の超次元ゾーンから出す。(このクリーチャーに装備する)"; with a
    filter naming ``type: dragheart_fortress`` (or ``dragheart``), a fortress, which enters alone (306.2)."""
    you = frame.ctx.controller
    flt = action.get("filter")
    mana: set[str] = set()
    for o in game.objects_in((you, MANA)):
        mana.update(ch.face(game, o).civilizations)
    kinds = {"dragheart_weapon"}
    if flt is not None and flt.type in ("dragheart", "dragheart_fortress"):
        kinds = {"dragheart_fortress"} if flt.type == "dragheart_fortress" else set(DRAGHEART_TYPES)
    found = [
        o
        for o in game.objects_in((you, HYPERSPATIAL))
        if ch.face(game, o).type in kinds
        and (flt is None or ch.matches(game, o, flt))
        and (not action.get("mana_civilization") or mana & set(ch.face(game, o).civilizations))
    ]
    host = A.fixed_selection(game, frame.ctx, Selector("self"), {})
    if not found or not host:
        return A._DONE
    weapon = found[0]
    if len(found) > 1:
        answer = game.take_answer()
        by_label = {A.choice_label(game, o): o for o in found}
        if answer is None:
            options = tuple(Option(label, A.option_text(game, o)) for label, o in by_label.items())
            game.ask(Decision(you, "choose_cards", "choose a dragheart weapon", options, rule="605.2b"))
            return A._ASKED
        weapon = by_label[answer[0]]
    if ch.face(game, weapon).type == "dragheart_weapon":
        equip(game, weapon.top, host[0])  # 305.2; a fortress exists alone (306.2)
    return int(frame.emit(game, [Event("enter", weapon.oid, you, frame.ctx.source, {"how": "put"})]))


def return_to_hyperspatial(frame: Any, game: Game, action: Action) -> int:
    """ "自分のドラグハートを1枚、超次元ゾーンに戻す"."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    if frame.collect and action.args["what"].kind == "choose" and len(picked) < 1:
        return A._FAIL  # 609.4: no dragheart left to choose
    src = frame.ctx.source
    return int(frame.emit(game, [Event("move", o, source=src, args={"to": HYPERSPATIAL}) for o in picked]))


def ryukai(frame: Any, game: Game, action: Action) -> int:
    """龍解: turn the dragheart over to its creature side (807.1a: its position stays; 「アンタップする」 is a
    step of its own). As a replacement's substitute, the
    dragheart is the card it affects (609.9b)."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    if frame.collect:
        cards = [c for o in picked for c in game.objects[o].cards]
        if not picked or frame.excluded.intersection(cards):
            return A._FAIL  # 609.9b: this dragheart was chosen for another replacement
        frame.chosen.extend(cards)
    return int(frame.emit(game, [Event("ryukai", o, frame.ctx.controller, frame.ctx.source) for o in picked]))


# ---------------------------------------------------------------------------------------------- GR


def gr_summon(frame: Any, game: Game, action: Action) -> int:
    """GR召喚 (N times, one at a time; 701.30a): the top card of your 超GRゾーン is summoned as if its cost
    were paid — a summon like any other (the ``use`` event, then it enters with ``how: summon``)."""
    from .play import PlayCard

    you = frame.ctx.controller
    if frame.counter == 0:
        frame.counter = int(action.args["count"])
    zone = game.zone((you, GR))
    if not zone or frame.collect:
        frame.counter = 0
        return A._DONE
    frame.counter -= 1
    top = game.objects[zone[-1]].top
    frame.vars[_GR_LAST] = (top,)
    game.push(PlayCard(top, 0, free=True, controller=you, from_zone=GR))
    return A._CHILD


_GR_LAST = "_gr_summoned_card"


def gr_summoned(frame: Any, game: Game, action: Action) -> None:
    """After each GR召喚: ``as: NAME`` on the step saves the creature it put into the battle zone
    (そのGRクリーチャー), and ``{done: NAME}`` counts it."""
    name = action.args.get("_as")
    cards = frame.vars.pop(_GR_LAST, ())
    oid = game.card_object.get(cards[0]) if cards else None
    if name is None or oid is None or game.objects[oid].zone[1] != BATTLE:
        return
    frame.vars[name] = (*frame.vars.get(name, ()), oid)
    frame.done[name] = frame.done.get(name, 0) + 1


# ------------------------------------------------------------------------------------ マスターG・O・D・S


def has_master_gods(game: Game, cid: int) -> bool:
    return any(
        a.form == "keyword" and a.name == "master_gods" for a in ch.definition(game, cid).main.abilities
    )


def discarded_this_turn(game: Game, player: int) -> int:
    """Cards of ``player`` discarded from the hand this turn that really reached the graveyard."""
    return int(game.players_info[player].get(f"discarded_on_turn_{game.turn}", 0))


def master_gods_possible(game: Game) -> bool:
    """Whether any card of the game has マスターG・O・D・S printed."""
    return bool(ch.cards_with_printed_keyword(game, "master_gods"))


def master_gods_options(game: Game, player: int) -> list[Option]:
    if not master_gods_possible(game):
        return []  # no card of the game has it (asked at every main-step decision)
    options = []
    hand = game.objects_in((player, HAND))
    for obj in hand:
        if not has_master_gods(game, obj.top) or len(hand) < 2:
            continue
        from .play import effective, payment

        f = effective(game, obj, ch.definition(game, obj.top).main)
        best = max(1, f.cost - 2 * (discarded_this_turn(game, player) + 1))
        if payment(game, player, replace_cost(f, best), card=obj) is not None:
            text = (
                f"cast {f.name} by マスターG・O・D・S (discard a card; 2 less per card discarded this turn)"
            )
            options.append(Option(f"master_gods:c{obj.top}", text))
    return options


def replace_cost(f: Any, cost: int) -> Any:
    return replace(f, cost=cost)


@dataclass(slots=True)
class MasterGodsCast(Frame):
    """Discard a card from the hand, then cast the spell for its cost less 2 per card discarded this turn."""

    cid: int
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"MasterGodsCast(c{self.cid}, stage {self.stage})"

    def step(self, game: Game) -> None:
        from .play import PlayCard

        if self.stage == 0:
            others = [o for o in game.objects_in((self.controller, HAND)) if o.top != self.cid]
            if not others:
                game.finish()
                return
            answer = game.take_answer()
            by_label = {A.choice_label(game, o): o for o in others}
            if answer is None:
                options = tuple(Option(label, A.option_text(game, o)) for label, o in by_label.items())
                game.ask(
                    Decision(self.controller, "choose_cards", "discard a card (マスターG・O・D・S)", options)
                )
                return
            self.stage = 1
            source = Source("spell", self.cid, self.controller)
            game.push(game.process(Event("discard", by_label[answer[0]].oid, self.controller, source)))
            return
        if self.stage == 1:
            self.stage = 2
            count = discarded_this_turn(game, self.controller)
            cost = ch.definition(game, self.cid).main.cost
            game.record(
                "rule",
                f"マスターG・O・D・S: {count} card(s) discarded from the hand this turn "
                "reached the graveyard; "
                f"{game.name(self.cid)} costs {max(1, cost - 2 * count)}",
                "101.3a",
                discarded=count,
            )
            game.push(PlayCard(self.cid, 0, controller=self.controller, discount=2 * count))
            return
        game.finish()


# ------------------------------------------------------------ choosing among the cards an action moved


HANDLERS: dict[str, Any] = {
    "gr_summon": gr_summon,
    "put_dragheart": put_dragheart,
    "return_to_hyperspatial": return_to_hyperspatial,
    "ryukai": ryukai,
}
