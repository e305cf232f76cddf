"""Effect steps of the card language that choose or branch: modes (700.2, ``choose_one``; as a
replacement's substitute only the modes that can be performed are offered, 609.4), conditional parts
(``if``), the replaced event happening after all (``replaced_event``), battles (701.13), winning (104.2c), and
putting cards under another player's choice or control (``each_player_keeps``,
``put_into_battle_zone_by_owner``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ....cards.schema import Action, Selector
from ....kernel import (
    TRIGGER,
    Ability,
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    Option,
)
from .. import actions as A
from .. import characteristics as ch
from ..zones import DECK
from .conditions import holds


def _ctx_effect(frame: Any) -> Effect:
    return Effect(0, Ability(), frame.ctx.controller, frame.ctx.source, None)


def _feasible(game: Game, frame: Any, actions: tuple[Action, ...]) -> bool:
    event = Event("mode", frame.ctx.subject)
    excluded = frame.excluded | frozenset(frame.chosen)
    return A.actions_feasible(game, _ctx_effect(frame), event, actions, excluded)


def choose_one(frame: Any, game: Game, action: Action) -> int:
    """ "次のうちいずれか1つを選ぶ" (700.2a: chosen as it resolves). As part of a replacement, a mode whose
    substitute cannot be performed is not offered (609.4)."""
    modes: tuple[tuple[Action, ...], ...] = action.args["modes"]
    usable = [i for i, m in enumerate(modes) if not frame.collect or _feasible(game, frame, m)]
    if not usable:
        return A._FAIL
    if len(usable) == 1 and frame.collect:
        pick = usable[0]
    else:
        answer = game.take_answer()
        if answer is None:
            options = tuple(
                Option(f"mode{i + 1}", "mode " + str(i + 1) + ": " + ", ".join(a.op for a in modes[i]))
                for i in usable
            )
            game.ask(Decision(frame.ctx.controller, "choose_mode", "choose one mode", options, rule="700.2a"))
            return A._ASKED
        pick = int(answer[0].removeprefix("mode")) - 1
    excluded = frame.excluded | frozenset(frame.chosen)
    game.push(A.ActionFrame(modes[pick], frame.ctx, frame.collect, excluded, vars=dict(frame.vars)))
    return A._CHILD


def if_(frame: Any, game: Game, action: Action) -> int:
    """ "…なら、…": the actions happen only if the condition holds as the effect resolves."""
    if not A.ctx_condition(game, frame.ctx, action.args["condition"]):
        return A._DONE
    excluded = frame.excluded | frozenset(frame.chosen)
    game.push(A.ActionFrame(action.args["then"], frame.ctx, frame.collect, excluded, vars=dict(frame.vars)))
    return A._CHILD


def replaced_event(frame: Any, game: Game, action: Action) -> int:
    """In a replacement's substitute: the replaced event happens after all, with the steps before it
    (「…であれば、…かわりにとどまる」: ``unless`` C — when C holds, nothing more happens; 609.4: the event it
    replaced then never happened). The log names ``about`` (the card C looks at) and whether the replaced
    event happens. C is read as the substitute is planned (609.9a), so a deck card it looks at is where it
    still is. Outside a replacement it does nothing."""
    replaced = frame.ctx.replaced
    if replaced is None:
        return A._DONE

    unless = action.get("unless")
    stays = unless is not None and holds(game, A.ctx_scope(frame.ctx, frame), unless)
    about = action.get("about")
    if about is not None:
        picked = frame.select(game, action, about)
        if picked is None:
            return A._ASKED
        subject = game.objects.get(replaced.subject) if replaced.subject is not None else None
        what = "creature" if subject is not None and ch.face(game, subject).is_creature else replaced.kind
        outcome = f"the {what} stays" if stays else f"the {what} leaves"
        if what != "creature":
            outcome = f"the {what} does not happen" if stays else f"the {what} happens"
        for oid in picked:
            obj = game.objects[oid]
            owner = game.cards[obj.top].owner
            deck = game.zone((owner, DECK))
            where = f"the top card of {game.pname(owner)}'s deck" if deck and deck[-1] == oid else "the card"
            game.record("rule", f"{where} is {game.name(obj.top)}: {outcome}")
    return A._DONE if stays else int(frame.emit(game, [replaced]))


def battle(frame: Any, game: Game, action: Action) -> int:
    """ "このクリーチャーとそのクリーチャーをバトルさせる" (701.13): ``what`` battles ``with`` (default: this
    creature). Each is chosen in turn; the first choice is kept while the second is asked."""
    pair = frame.select_pair(game, action, action.args["what"], action.get("with") or Selector("self"))
    if pair is None:
        return A._ASKED
    picked, mine = pair
    if not picked or not mine or picked[0] == mine[0]:
        return A._DONE
    event = Event("battle", mine[0], frame.ctx.controller, frame.ctx.source, {"defender": picked[0]})
    if frame.collect:
        return int(frame.emit(game, [event]))
    if game.effects.has(TRIGGER, "battle_start"):  # 115.2: バトルする時 abilities resolve first, at once
        from ..turn import StartBattle

        if frame.ctx.replaced_by:  # part of a replacement's substitute: not replaced again (101.5)
            event = replace(event, replaced_by=(*event.replaced_by, *frame.ctx.replaced_by))
        game.push(StartBattle(event, at_once=True))
        return A._CHILD
    # 101.4f: abilities triggered by a battle an effect makes take effect at once, as part of the effect,
    # not after it (BattleTriggersNow runs once the battle has been processed).
    game.push(BattleTriggersNow(game._next_seq))
    frame.emit(game, [event])
    return A._CHILD


@dataclass(slots=True)
class BattleTriggersNow(Frame):
    """101.4f: resolve the abilities the battle just made trigger (waiting seq ``after`` and later, about that
    battle), the turn player's first (101.4), each player's in the order they triggered."""

    after: int
    kind: str = "battle"
    """The battle's event whose abilities resolve: its result (``battle``) or its start (``battle_start``)."""

    def step(self, game: Game) -> None:
        order = list(game.rules.waiting_order(game))
        found = [
            w
            for w in game.waiting
            if w.seq >= self.after and w.happened is not None and w.happened.kind == self.kind
        ]
        if not found or game.result is not None:
            game.finish()
            return
        found.sort(key=lambda w: (order.index(w.controller) if w.controller in order else 2, w.seq))
        chosen = found[0]
        game.waiting.remove(chosen)
        game.record("rule", f"resolving {chosen.effect.ability.label} at once", "101.4f")
        game.push(chosen.effect.ability.resolve(game, chosen))  # type: ignore[attr-defined]


def win_game(frame: Any, game: Game, action: Action) -> int:
    """ "ゲームに勝つ" (104.2c)."""
    player = A._player(frame, action)
    return int(frame.emit(game, [Event("win", None, player, frame.ctx.source, {"rule": "104.2c"})]))


HANDLERS = {
    "choose_one": choose_one,
    "if": if_,
    "replaced_event": replaced_event,
    "battle": battle,
}
