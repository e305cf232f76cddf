"""Mechanisms for the rulings 8, 9, 13, 15, 16 and 17 of seed 000, in general form.

* **Modal effects** (700.2: a spell with ►modes, "…するか、…する"): ``choose_one`` asks which mode; as a
  replacement's substitute only the modes that can be performed are offered (609.4).
* **Conditional parts** (``if``): <鬼タイム> and the like.
* **Ignoring "does not leave" effects** (101.2, a <鬼タイム> spell): an :class:`IgnoreNotLeave` effect for
  the turn; while it exists, "離れない" prohibitions do not stop a creature leaving the battle zone, and a
  replacement of a creature leaving whose substitute keeps that creature in the battle zone (とどまる,
  エスケープ, "かわりに手札を捨てる") cannot apply at all — its substitute is not even begun (seed 000,
  2020-09-18). A replacement whose substitute still moves the creature, such as スター進化's "the top
  card leaves instead" (813.1), is not such an effect.
* **Checking the top card of a deck** (``deck_top_check``: mill it, or reveal it and guess the
  parity of its cost): part of a replacement that keeps a creature only if the card qualifies;
  otherwise the replaced event happens together with it.
* **Shield force** (``link_shield`` and the condition ``shield_force``): the creature remembers the
  shield chosen as it entered; its SF abilities work while that shield is in the shield zone.
* **Stealing a triggered ability** ("かわりに自分がその能力を使う"): a replacement of an ability
  *triggering*; the ability waits under the stealer's control, and the events it makes are part of
  that replacement (101.5: no "instead" applies to them), while events they cause later — a battle's
  loser being destroyed — are fresh (seed 000, 2021-09-24).
* **Effects that name cards** (``cards: true`` selectors, 200.3a): every card of a multi-card object is
  looked at; when only some cards of an object qualify, only those cards move (``move_card``).
* ``battle``, ``win_game`` (special wins, 104.2c), ``each_player_keeps``, ``put_into_battle_zone_by_owner``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...cards.schema import AbilitySpec, Action, Condition, Face, Filter, Selector
from ...kernel import (
    MODIFIER,
    REPLACEMENT,
    Ability,
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Modifier,
    Option,
    Triggered,
    Waiting,
)
from . import actions as A
from . import characteristics as ch
from .zones import BATTLE, DECK, GRAVEYARD, SHIELDS

if TYPE_CHECKING:
    from .abilities import CardTrigger


# ------------------------------------------------------------------------------------- cards of objects


def face_matches(f: Face, flt: Filter) -> bool:
    """A printed face against a filter (200.3a): language/selectors.py's ``face_fits``."""
    from .language.selectors import face_fits

    return face_fits(f, flt)


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
    for cid in obj.cards[1:]:
        if face_fits(ch.definition(game, cid).main, flt, (game, scope)):
            found.append(cid)
    return found


def saved_cost(frame: Any, var: str) -> int | None:
    """The cost of what a selector saved as ``var`` (kept when it was chosen, so it holds even if the
    chosen card then stayed or moved: seed 000, 2020-09-18)."""
    costs = frame.vars.get(f"{var}:cost", ())
    return max(costs) if costs else None


def remember_costs(game: Game, frame: Any, name: str, picked: tuple[int, ...]) -> None:
    frame.vars[f"{name}:cost"] = tuple(ch.face(game, game.objects[oid]).cost for oid in picked)


# ---------------------------------------------------------------------------------------------- conditions


def extra_condition(game: Game, effect: Effect, cond: Condition) -> bool | None:
    """Conditions defined here; ``None`` for a condition this module does not know."""
    if cond.kind == "shield_force":
        host = game.objects.get(effect.host) if effect.host is not None else None
        return shield_force_active(game, host) == bool(cond.value)
    return None


def shield_force_active(game: Game, host: GameObject | None) -> bool:
    """シールド・フォース: the shield chosen as it entered is still in its controller's shield zone."""
    if host is None:
        return False
    shield = game.objects.get(host.state.get("shield_force", -1))
    return shield is not None and shield.zone == (host.controller, SHIELDS)


# ---------------------------------------------------------------------------------------------- 鬼タイム


@dataclass(frozen=True, slots=True)
class IgnoreNotLeave(Modifier):
    """ "このターン、クリーチャーがバトルゾーンを離れない効果を無視する" (101.2: an effect that ignores a
    "can't" effect removes its force). It changes no characteristic; its presence is what is read."""

    kinds: frozenset[str] = frozenset({"ignore_not_leave"})
    label: str = "creatures' does-not-leave effects are ignored"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return value


def not_leave_ignored(game: Game, event: Event) -> bool:
    """Is ``event`` a creature leaving the battle zone while does-not-leave effects are ignored?"""
    if event.get("ignore_prohibitions"):
        return True
    if not game.effects.has(MODIFIER, "ignore_not_leave") or event.kind == "enter":
        return False
    obj = game.objects.get(event.subject) if event.subject is not None else None
    return obj is not None and obj.zone[1] == BATTLE


MOVING_OPS = frozenset(
    {
        "destroy",
        "discard",
        "return_to_hand",
        "put_into_mana",
        "put_into_graveyard",
        "put_into_shields",
        "move",
    }
)


def keeps_subject(spec: AbilitySpec) -> bool:
    """A replacement of a creature leaving whose substitute moves none of that creature: a
    "does not leave" effect (とどまる, エスケープ, "かわりに手札を捨てる")."""
    subject_selectors = {"event_subject"} | ({"self"} if spec.subject == "self" else set())

    def moves(actions: tuple[Action, ...]) -> bool:
        for action in actions:
            if action.op == "top_card_leaves":  # スター進化: part of the creature does leave (813.1)
                return True
            what = action.get("what")
            if action.op in MOVING_OPS and isinstance(what, Selector) and what.kind in subject_selectors:
                return True
            for value in action.args.values():
                if isinstance(value, tuple) and value and isinstance(value[0], Action) and moves(value):
                    return True
                modes = isinstance(value, tuple) and value and isinstance(value[0], tuple)
                if modes and any(moves(mode) for mode in value):
                    return True
        return False

    return not moves(spec.instead)


def ignored_replacement(game: Game, event: Event, spec: AbilitySpec) -> bool:
    return spec.name in ("leaves", "destroyed") and not_leave_ignored(game, event) and keeps_subject(spec)


# ---------------------------------------------------------------------------------------- stolen triggers


@dataclass(frozen=True, slots=True)
class StolenTrigger(Triggered):
    """A triggered ability that another player uses instead (a replacement of its triggering)."""

    inner: Any
    by: int
    """The effect id of the replacement that took it (its events count as replaced: 101.5)."""
    kinds: frozenset[str] = frozenset()
    label: str = ""
    optional: bool = False
    priority_class: int = 1

    @property
    def spec(self) -> AbilitySpec:
        spec: AbilitySpec = self.inner.spec
        return spec

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return False

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        return ResolveStolen(waiting)


@dataclass(slots=True)
class ResolveStolen(A.ResolveTrigger):
    """A stolen ability resolves like any triggered ability, but the events it makes count as part of the
    replacement that stole it (101.5: no "instead" applies to them)."""

    def context(self, game: Game) -> A.Ctx:
        ability: StolenTrigger = self.waiting.effect.ability  # type: ignore[assignment]  # only StolenTriggers
        return replace(A.trigger_context(game, self.waiting), replaced_by=(ability.by,))


def steal_trigger(game: Game, effect: Effect, happened: Happened) -> bool:
    """If a replacement makes another player use this ability as it triggers, queue it for them (and
    return True: it does not trigger for its controller)."""
    if not game.effects.has(REPLACEMENT, "ability_triggers"):
        return False
    ability: CardTrigger = effect.ability  # type: ignore[assignment]
    event = Event(
        "ability_triggers",
        effect.host,
        effect.controller,
        effect.source,
        {"pattern": ability.spec.name, "own": happened.new == effect.host},
    )
    for rep in game.effects.find(REPLACEMENT, "ability_triggers"):
        if not rep.ability.applies(game, rep, event):  # type: ignore[attr-defined]
            continue
        user = rep.controller
        stolen = StolenTrigger(
            ability, rep.eid, ability.kinds, f"{ability.label}, used by {game.pname(user)}", ability.optional
        )
        game.add_waiting(
            replace(effect, ability=stolen, controller=user, source=replace(effect.source, player=user)),
            happened,
            user,
            ability.priority_class,
        )
        game.record(
            "replacement",
            f"{game.pname(user)} applies {rep.ability.label} to {ability.label} triggering: "
            f"{game.pname(user)} uses it instead",
            "609.1",
            effect=rep.eid,
        )
        game.record("trigger", f"{ability.label} triggers for {game.pname(user)}", "603.2", effect=effect.eid)
        return True
    return False


def enter_ability_triggers(game: Game, effect: Effect, event: Event, subject: str) -> bool:
    """ "相手のクリーチャーが出て、その能力がトリガーする時": that creature's own "出た時" ability."""
    from .abilities import subject_fits

    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or event.get("pattern") != "enters" or not event.get("own"):
        return False
    return subject_fits(game, effect, subject, obj.oid, obj.controller)


# ---------------------------------------------------------------------------------------------- actions


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


def ignore_not_leave(frame: Any, game: Game, action: Action) -> int:
    ctx = frame.ctx
    game.effects.add(IgnoreNotLeave(), ctx.controller, ctx.source, expires="end_of_turn")
    game.record("rule", "this turn, effects that keep creatures in the battle zone are ignored", "101.2")
    return A._DONE


def deck_top_check(frame: Any, game: Game, action: Action) -> int:
    """The top card of a deck goes to ``to``; the creature stays only if that card qualifies
    (``stay_if`` filter, or the parity of its cost the controller guesses). Otherwise the replaced event
    happens as well."""
    player = A._player(frame, action)
    deck = game.zone((player, DECK))
    if not deck:
        return A._FAIL
    top = game.objects[deck[-1]]
    stays = True
    if action.get("guess_parity"):
        answer = game.take_answer()
        if answer is None:
            options = (Option("even", "偶数 (even)"), Option("odd", "奇数 (odd)"))
            game.ask(Decision(frame.ctx.controller, "choose_parity", "choose even or odd", options))
            return A._ASKED
        stays = (ch.face(game, top).cost % 2 == 0) == (answer[0] == "even")
    flt = action.get("stay_if")
    if flt is not None:
        stays = stays and ch.matches(game, top, flt)
    to = action.args["to"]
    args: dict[str, Any] = {"to": DECK, "bottom": True} if to == "deck_bottom" else {"to": to}
    events = [Event("move", top.oid, source=frame.ctx.source, args=args)]
    if frame.collect:
        frame.chosen.extend(top.cards)
    game.record(
        "rule",
        f"the top card of {game.pname(player)}'s deck is {game.name(top.top)}: "
        + ("the creature stays" if stays else "the creature leaves"),
    )
    if not stays and frame.ctx.replaced is not None:
        events.append(frame.ctx.replaced)
    return int(frame.emit(game, events))


def link_shield(frame: Any, game: Game, action: Action) -> int:
    """シールド・フォース: remember the chosen shield on this creature."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    mine = A.fixed_selection(game, frame.ctx, Selector("self"), {})
    if picked and mine:
        game.objects[mine[0]].state["shield_force"] = picked[0]
        game.record(
            "rule", f"{game.name(game.objects[mine[0]].top)} is linked to a shield (シールド・フォース)"
        )
    return A._DONE


def battle(frame: Any, game: Game, action: Action) -> int:
    """ "このクリーチャーとそのクリーチャーをバトルさせる" (701.13): ``what`` battles ``with`` (default: this
    creature). Each is chosen in turn; the first choice is kept while the second is asked."""
    picked = frame.vars.get("_battle_what")
    if picked is None:
        picked = frame.select(game, action, action.args["what"])
        if picked is None:
            return A._ASKED
        frame.vars["_battle_what"] = picked
    with_sel = action.get("with") or Selector("self")
    mine = frame.select(game, action, with_sel)
    if mine is None:
        return A._ASKED
    frame.vars.pop("_battle_what", None)
    if not picked or not mine or picked[0] == mine[0]:
        return A._DONE
    event = Event("battle", mine[0], frame.ctx.controller, frame.ctx.source, {"defender": picked[0]})
    return int(frame.emit(game, [event]))


def win_game(frame: Any, game: Game, action: Action) -> int:
    """ "ゲームに勝つ" (104.2c)."""
    player = A._player(frame, action)
    return int(frame.emit(game, [Event("win", None, player, frame.ctx.source, {"rule": "104.2c"})]))


def use_ability_instead(frame: Any, game: Game, action: Action) -> int:
    """The substitute of an ability triggering: see :func:`steal_trigger` (it is applied there)."""
    return A._DONE


def each_player_keeps(frame: Any, game: Game, action: Action) -> int:
    """ "各プレイヤーは自身の…を N ずつ選び、残りを墓地に置く": each player, turn player first, chooses
    what to keep; then the rest goes to the graveyard at once."""
    order = list(game.rules.waiting_order(game))
    count, zone = action.args["count"], action.args["zone"]
    while frame.counter < len(order):
        player = order[frame.counter]
        objs = game.objects_in((player, zone))
        if len(objs) <= count:
            frame.vars[f"_keep{player}"] = tuple(o.oid for o in objs)
            frame.counter += 1
            continue
        answer = game.take_answer()
        if answer is None:
            options = tuple(Option(A.choice_label(game, o), A.option_text(game, o)) for o in objs)
            game.ask(
                Decision(player, "choose_cards", f"choose {count} to keep", options, min=count, max=count)
            )
            return A._ASKED
        by_label = {A.choice_label(game, o): o.oid for o in objs}
        frame.vars[f"_keep{player}"] = tuple(by_label[label] for label in answer)
        frame.counter += 1
    events = [
        Event("move", o.oid, source=frame.ctx.source, args={"to": GRAVEYARD})
        for player in order
        for o in game.objects_in((player, zone))
        if o.oid not in frame.vars.get(f"_keep{player}", ())
    ]
    return int(frame.emit(game, events))


def put_into_battle_zone_by_owner(frame: Any, game: Game, action: Action) -> int:
    """ "相手はそれを(タップして)出す": its owner puts it into the battle zone, under their control."""
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    events = []
    for oid in picked:
        owner = game.cards[game.objects[oid].top].owner
        args = {"how": "put", "tapped": bool(action.get("tapped", False))}
        events.append(Event("enter", oid, owner, frame.ctx.source, args))
    return int(frame.emit(game, events))


def partial_card_moves(game: Game, frame: Any, sel: Selector, oid: int, to: str) -> list[Event] | None:
    """``cards: true``: when only some cards of an object match, those cards move alone (109.2a)."""
    if not sel.cards:
        return None
    obj = game.objects[oid]
    self_oid = game.card_object.get(frame.ctx.self_card) if frame.ctx.self_card is not None else None
    cards = matching_cards(game, obj, sel.filter, self_oid)
    if len(cards) == len(obj.cards):
        return None
    return [Event("move_card", oid, source=frame.ctx.source, args={"card": c, "to": to}) for c in cards]


def top_card_leaves(frame: Any, game: Game, action: Action) -> int:
    """スター進化 (813.1): instead of the creature leaving, only its top card goes where it would have gone;
    what stays is rebuilt (801.4)."""
    from .abilities import destination

    replaced = frame.ctx.replaced
    obj = (
        game.objects.get(replaced.subject) if replaced is not None and replaced.subject is not None else None
    )
    if replaced is None or obj is None or len(obj.cards) < 2:
        return A._FAIL
    to = destination(replaced)
    args: dict[str, Any] = {"card": obj.top, "to": to, "bottom": bool(replaced.get("bottom", False))}
    return int(frame.emit(game, [Event("move_card", obj.oid, source=frame.ctx.source, args=args)]))


def static_value(game: Game, effect: Effect, spec: AbilitySpec, obj_id: int, value: Any) -> Any:
    """``powered_breaker``: one more shield per 6000 power."""
    obj = game.objects[obj_id]
    return max(value, 1 + max(0, ch.power(game, obj)) // 6000)


HANDLERS = {
    "top_card_leaves": top_card_leaves,
    "choose_one": choose_one,
    "if": if_,
    "ignore_not_leave": ignore_not_leave,
    "deck_top_check": deck_top_check,
    "link_shield": link_shield,
    "battle": battle,
    "win_game": win_game,
    "use_ability_instead": use_ability_instead,
    "each_player_keeps": each_player_keeps,
    "put_into_battle_zone_by_owner": put_into_battle_zone_by_owner,
}
