"""The interpreter of card effects: actions and selectors, run as frames.

An :class:`ActionFrame` runs a list of actions in order. Each action selects what it acts on (asking a
player when the text says 選ぶ), turns that into events and sends them through the pipeline — or, in
*collect* mode, only gathers the events: that is how a replacement effect's substitute is planned, with
its choices made up front (609.9a) and its cards kept from other replacements (609.9b).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...cards.schema import AbilitySpec, Action, Condition, Quantity, Selector
from ...kernel import (
    MODIFIER,
    TRIGGER,
    Ability,
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    IllegalActionError,
    Option,
    Plan,
    Source,
    Waiting,
    is_prohibited,
)
from . import characteristics as ch
from .abyss import HANDLERS as ABYSS_STEPS
from .attachments import attached_as_known
from .auras import AURA, AttachAura
from .auto_choice import record_auto_choice
from .card_choice import choose_cards, chosen_card_moves, matching_cards, partial_card_moves
from .card_counts import HANDLERS as CARD_COUNT_HANDLERS
from .castles import castle_awaits
from .chosen import CHOSEN, announce_chosen
from .deck_order import order_moves
from .final_forbidden import cores_under_possible
from .gachinko import HANDLERS as GACHINKO
from .gods import HANDLERS as GOD_HANDLERS
from .gr import GR as GR_ZONE
from .keywords import expand
from .language import history
from .language.conditions import holds, is_v2
from .language.effects import HANDLERS as LANGUAGE_HANDLERS
from .language.patterns import fitting_subjects
from .language.quantities import MOVED, value
from .language.scope import Scope, bind_words, effect_scope
from .language.selectors import extremes, face_fits, fits, zone_objects
from .language.steps import HANDLERS as STEPS
from .language.steps import win_game
from .last_known import departed_of
from .looking import deck_for, release
from .object_actions import HANDLERS as OBJECT_HANDLERS
from .psychic import HANDLERS as PSYCHIC_HANDLERS
from .replacement import InOrder, split_after_draw
from .shield_breaks import was_declared
from .shield_force import HANDLERS as SHIELD_FORCE
from .shield_force import linked_shields
from .special_card_effects import gr_summoned
from .swap import HANDLERS as SWAP
from .zero_dragon import HANDLERS as ZERO_DRAGON_HANDLERS
from .zones import BATTLE, DECK, GRAVEYARD, HAND, HYPERSPATIAL, MANA, SHIELDS, other

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who runs an effect and what it is about."""

    controller: int
    source: Source
    self_card: int | None = None
    subject: int | None = None
    """The object the triggering or replaced event is about (``event_subject``)."""
    subject_cards: tuple[int, ...] = ()
    replaced_by: tuple[int, ...] = ()
    """A replacement whose substitute this effect is (a stolen ability): its events are marked so that
    no other replacement applies to them (101.5)."""
    replaced: Event | None = None
    """While planning a replacement: the event it replaces."""
    face: int | None = None
    """The twinpact part whose ability this is (810.3a: ``use`` of this card uses that part)."""
    departed: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    """The objects the triggering event took out of the battle zone, read as they left (603.5c,
    last_known.py)."""
    batch: tuple[int, int] = (0, 0)
    """A triggered ability's events and cards of the batch it triggered on (``{batch: …}``, 603.2b)."""


_FIRST_PICK = "_first_pick"
"""The frame variable ``select_pair`` keeps its first choice in while the second is asked."""
DEFAULT_ZONE = {"discard": HAND}

_MOVE_TO = {
    "return_to_hand": HAND,
    "put_into_mana": MANA,
    "put_into_graveyard": GRAVEYARD,
    "put_into_shields": SHIELDS,
}

_DONE, _ASKED, _CHILD, _FAIL = range(4)


def label_of(obj: GameObject) -> str:
    return f"c{obj.top}"


def hidden_from(obj: GameObject, viewer: int | None) -> bool:
    """Whether ``viewer`` cannot see the card: it is face down (405.5: but its owner sees a face-down mana
    card), in the 超GRゾーン (408.2: nobody sees it), or in another player's hand or deck."""
    zone = obj.zone[1]
    if obj.face_down:
        return not (zone == MANA and viewer is not None and obj.zone[0] == viewer)
    if zone == GR_ZONE:
        return True
    return viewer is not None and zone in (HAND, DECK) and obj.zone[0] != viewer


def choice_label(
    game: Game, obj: GameObject, viewer: int | None = None, seen: frozenset[int] = frozenset()
) -> str:
    """How an option names an object: by its top card, or, when the choosing player cannot see it, by its
    position in its zone — labels never reveal hidden cards (a face-down shield is ``shield_zone:2``, a
    card in the opponent's hand ``hand:1``). ``seen``: hidden cards the effect has let the chooser look at
    (``ActionFrame.seen_by``), named as if seen."""
    if obj.top not in seen and hidden_from(obj, viewer):
        return f"{obj.zone[1]}:{game.zones[obj.zone].index(obj.oid) + 1}"
    return f"c{obj.top}"


def choice_labels(
    game: Game, objs: list[GameObject], viewer: int | None = None, seen: frozenset[int] = frozenset()
) -> list[str]:
    """:func:`choice_label` for each of ``objs``; when hidden cards of two players' zones would share a
    label (「シールドを1つ選ぶ」 among both players' shields), each hidden one is named with its zone's
    player too (``B.shield_zone:1``)."""
    labels = [choice_label(game, o, viewer, seen) for o in objs]
    if len(set(labels)) == len(labels):
        return labels
    return [
        f"{game.pname(o.zone[0])}.{label}" if ":" in label else label
        for o, label in zip(objs, labels, strict=True)
    ]


def option_text(
    game: Game, obj: GameObject, viewer: int | None = None, seen: frozenset[int] = frozenset()
) -> str:
    if obj.top not in seen and hidden_from(obj, viewer):
        position = game.zones[obj.zone].index(obj.oid) + 1
        facing = "face-down card" if obj.face_down else "unseen card"
        return f"{facing} {position} in {obj.zone[1]} of {game.pname(obj.zone[0])}"
    return game.name(obj.top)


def candidates(
    game: Game,
    ctx: Ctx,
    sel: Selector,
    zone: str,
    excluded: frozenset[int] = frozenset(),
    scope: Scope | None = None,
) -> list[GameObject]:
    """The objects a choosing selector may pick: its zones and side, the top/bottom N of a deck, its
    filter (language/selectors.py), minus cards another replacement already took (609.9b)."""
    scope = scope if scope is not None else ctx_scope(ctx)
    self_oid = scope.this(game)
    flt = sel.filter
    zones = sel.zones or (zone,)
    if sel.rest_of is not None:
        pool = [game.objects[o] for o in scope.rests.get(sel.rest_of, ()) if o in game.objects]
    else:
        pool = [obj for z in zones for obj in zone_objects(game, scope, sel, z)]
    found = [
        obj
        for obj in pool
        if (fits(game, obj, flt, scope) or (sel.cards and _names_a_card(game, obj, flt, self_oid)))
        and not (excluded and excluded.intersection(obj.cards))
    ]
    found = extremes(game, sel, found)  # least / most: among what matches (a tie: the chooser chooses)
    if sel.kind == "choose" and sel.chooser != "owner":  # 選ばれない: not chosen by its controller's opponent
        chooser = ctx.controller if sel.chooser == "you" else other(ctx.controller)
        found = [o for o in found if not unchoosable_by(game, o, chooser, ctx.source)]
    return found


FORCED_CHOICE = "forced_choice"
"""``game.info`` key while an "up to N" choice that must include a 可能なら選ぶ creature is asked:
(chooser, the labels it must include as far as the answer's size allows), for :func:`check_forced_choice`."""


def must_be_chosen(game: Game, obj: GameObject, chooser: int) -> bool:
    """「相手は可能ならこのクリーチャーを選ぶ」 (``must_be_chosen_by_opponent``): a creature in the battle
    zone that a player other than its controller must include when it is among what they may choose."""
    return (
        obj.zone[1] == BATTLE
        and chooser != obj.controller
        and ch.flag(game, obj, "must_be_chosen_by_opponent", via_keywords=False)
    )


def _forced_first(
    game: Game, ctx: Ctx, sel: Selector, found: list[GameObject]
) -> tuple[list[GameObject], tuple[int, ...], Selector]:
    """A "choose N" that meets creatures its chooser must choose if able (可能ならこのクリーチャーを選ぶ):
    they come first. With as many of them as N or more, only they may be chosen; with fewer, they are all
    chosen and the rest of the N among the others. Returns the candidates left, the objects already chosen
    and the selector for what is left to choose. ("Up to N" is asked whole and checked by
    :func:`check_forced_choice`.)"""
    if sel.up_to or len(found) <= sel.count or not game.effects.has(MODIFIER, "must_be_chosen_by_opponent"):
        return found, (), sel  # the common case: nothing to force
    chooser = ctx.controller if sel.chooser == "you" else other(ctx.controller)
    must = [o for o in found if must_be_chosen(game, o, chooser)]
    if not must:
        return found, (), sel
    if len(must) >= sel.count:
        return must, (), sel
    rest = [o for o in found if o not in must]
    return rest, tuple(o.oid for o in must), replace(sel, count=sel.count - len(must))


def check_forced_choice(game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
    """An answer to an "up to N" choice with a creature that must be chosen if able: choosing none is allowed;
    choosing some must include as many of those creatures as the answer's size allows. A wrong answer is
    refused before anything changes."""
    forced = game.info.get(FORCED_CHOICE)
    if forced is None or decision.kind != "choose_cards" or decision.player != forced[0] or not labels:
        return
    must = forced[1]
    need = min(len(must), len(labels))
    if len(set(labels) & set(must)) < need:
        raise IllegalActionError(
            f"this choice must include {', '.join(must)} (可能ならこのクリーチャーを選ぶ): choose none, or "
            f"include {need} of them"
        )


def unchoosable_by(game: Game, obj: GameObject, chooser: int, source: Source | None = None) -> bool:
    """「相手に選ばれない」: a card in the battle zone that its controller's opponent cannot choose (attacking
    and blocking are not choosing; a choice its own controller makes is not affected). 「相手は…の呪文で選べ
    ない」 (``cannot_be_chosen_by_spells``): not by a spell whose card the filter describes."""
    if obj.zone[1] != BATTLE or chooser == obj.controller:
        return False
    if ch.flag(game, obj, "cannot_be_chosen_by_opponent"):
        return True
    if source is None or source.kind != "spell" or source.card is None:
        return False
    filters = ch.modified(game, obj, "cannot_be_chosen_by_spells", ())
    if not filters:
        return False

    spells = [f for f in ch.definition(game, source.card).faces if f.type == "spell"]
    return any(face_fits(f, flt) for f in spells for flt in filters)


def keyword_acts(keyword: str) -> bool:
    """Whether a keyword stands for more than static properties: a trigger or replacement (スレイヤー), or a
    static that holds only under a condition (マッハファイター: the turn it entered)."""

    try:
        parts = expand(AbilitySpec("keyword", keyword, 0))
    except KeyError:  # a keyword whose parameters only its card gives: granted as a characteristic
        return False
    return any(
        part.form in ("trigger", "replace") or (part.form == "static" and not _read_as_keyword(part))
        for part in parts
    )


def _read_as_keyword(part: AbilitySpec) -> bool:
    """Whether the rules read this static of a keyword's expansion from the keyword itself
    (``characteristics.keyword_statics``): a yes/no property or a fixed breaker count on its own object,
    with no condition. Any other (パワード・ブレイカー's count that grows with its power) is given as the
    ability."""
    if part.condition is not None or part.to is not None:
        return False
    value = part.params["value"]
    fixed_breaker = part.params["property"] == "breaker" and getattr(value, "literal", None) is not None
    return value is True or fixed_breaker


def ctx_scope(ctx: Ctx, frame: ActionFrame | None = None) -> Scope:
    """The language's view of an effect being run: its controller, card, subject and saved names."""
    if frame is None:
        return Scope(
            ctx.controller,
            ctx.self_card,
            ctx.subject,
            ctx.subject_cards,
            departed=ctx.departed,
            batch=ctx.batch,
        )
    return Scope(
        ctx.controller,
        ctx.self_card,
        ctx.subject,
        ctx.subject_cards,
        frame.vars,
        frame.done,
        frame.numbers,
        frame.rests,
        frame.lki,
        frame.words,
        ctx.departed,
        ctx.batch,
    )


def amount_of(game: Game, frame: ActionFrame, q: int | Quantity | None, default: int = 1) -> int:
    """A number an effect step needs, determined when the step is performed (605.2d)."""
    if q is None:
        return default
    if isinstance(q, int):
        return q

    return value(game, ctx_scope(frame.ctx, frame), q)


def fixed_selection(
    game: Game, ctx: Ctx, sel: Selector, vars_: dict[str, tuple[int, ...]]
) -> tuple[int, ...] | None:
    """Selections that need no choice: self, event_subject, $var. ``None`` for choose/all."""
    if sel.kind == "self":
        oid = game.card_object.get(ctx.self_card) if ctx.self_card is not None else None
        return (oid,) if oid is not None else ()
    if sel.kind == "event_subject":
        if ctx.subject is not None and ctx.subject in game.objects:
            return (ctx.subject,)
        oids = {game.card_object[c] for c in ctx.subject_cards if c in game.card_object}
        return tuple(sorted(oids))
    if sel.kind == "var":
        return tuple(o for o in vars_.get(sel.var or "", ()) if o in game.objects)
    if sel.kind == "attached":  # これを付けたクリーチャー (attachments.py)
        this = game.card_object.get(ctx.self_card) if ctx.self_card is not None else None
        creature = attached_as_known(game, this, ctx.departed)  # 603.5c: or the creature as it left
        return (creature,) if creature is not None and creature in game.objects else ()
    if sel.kind == "linked_shield":  # そのシールド (shield_force.py)
        this = game.card_object.get(ctx.self_card) if ctx.self_card is not None else None
        return tuple(s.oid for s in linked_shields(game, this))
    return None


def actions_feasible(
    game: Game, effect: Effect, event: Event, actions: tuple[Action, ...], excluded: frozenset[int]
) -> bool:
    """Could a replacement's substitute be carried out (609.4)? Every fixed "choose N" must find N.

    Only what the substitute must do, as it stands now, is checked: an optional part (〜してもよい) may be
    declined, so it never makes the substitute impossible; and the parts after a draw act on what the draws
    bring (609.6a, ``split_after_draw``: 「1枚のかわりに2枚引き、手札を1枚捨てる」 can be done with an
    empty hand), so they are not judged by the zones before it."""
    ctx = Ctx(effect.controller, effect.source, effect.source.card, event.subject)
    for action in actions:
        if action.args.get("_optional"):
            continue
        if action.op == "draw":
            break  # a draw can always be tried (114.6); what follows it is judged as it comes
        sel = action.get("what")
        if isinstance(sel, Selector):
            if sel.kind == "choose" and not sel.up_to and not sel.any_number:  # 好きな数: none is a choice
                zone = sel.zone or DEFAULT_ZONE.get(action.op, BATTLE)
                if len(candidates(game, ctx, sel, zone, excluded)) < sel.count:
                    return False
            elif sel.kind in ("self", "event_subject"):
                chosen = fixed_selection(game, ctx, sel, {})
                if not chosen:
                    return False
        if action.op == "cores_under":  # 309.6: the leaving creature needs that many cores
            count = action.get("count", 1)
            needed = count if isinstance(count, int) else (count.literal if count.literal is not None else 1)
            if not cores_under_possible(game, event.subject, needed):
                return False
        if action.op in ("mill", "charge"):
            player = ctx.controller if action.get("player", "you") == "you" else other(ctx.controller)
            count = action.get("count", 1)
            needed = count if isinstance(count, int) else (count.literal if count.literal is not None else 1)
            if len(game.zone((player, DECK))) < needed:
                return False
    return True


@dataclass(slots=True)
class ActionFrame(Frame):
    """Run ``actions`` for ``ctx``. With ``collect`` set, gather the events instead of performing them and
    finish with ``(events, chosen cards)``, or ``None`` when the actions cannot be carried out (609.4)."""

    actions: tuple[Action, ...]
    ctx: Ctx
    collect: bool = False
    excluded: frozenset[int] = frozenset()
    i: int = 0
    waiting_child: bool = False
    collected: list[Event] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    vars: dict[str, tuple[int, ...]] = field(default_factory=dict)
    counter: int = 0
    done: dict[str, int] = field(default_factory=dict)
    """``as: NAME`` on a step: how many cards that step actually moved (``{done: NAME}``, ``{did: NAME}``)."""
    numbers: dict[str, int] = field(default_factory=dict)
    rests: dict[str, tuple[int, ...]] = field(default_factory=dict)
    lki: dict[int, dict[str, Any]] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)
    """``declare`` steps' choices (a card name, a race, a civilization) by name."""
    gate: int = 0
    """For the current step: 0 not yet checked, 1 its ``if``/``optional`` passed."""
    looked: tuple[int, ...] = ()
    """Deck objects a step of this frame looks at, set aside from other effects until it ends (605.4)."""
    shown: frozenset[int] = frozenset()
    """Cards a ``look`` step of this frame let its controller look at (a hidden hand, deck or shield)."""
    deck_moves: tuple[Event, ...] | None = None
    """A step's moves to a deck's top or bottom, kept while their cards' order is asked (401.4,
    deck_order.py; the cards placed so far are ``vars[_PLACED]``)."""

    def seen_by(self, game: Game, chooser: int) -> frozenset[int]:
        """The cards this effect let ``chooser`` look at and that they still know (a shuffle since makes
        them unknown, views.forget): its later choices name them, since the chooser has seen them."""
        if not self.shown or chooser != self.ctx.controller:
            return frozenset()
        return frozenset(c for c in self.shown if chooser in game.known.get(c, ()))

    def describe(self) -> str:
        ops = ", ".join(a.op for a in self.actions)
        return f"ActionFrame({ops}; at {self.i})"

    def step(self, game: Game) -> None:
        while self.i < len(self.actions):
            if game.result is not None:
                break
            action = self.actions[self.i]
            if self.waiting_child:
                self.waiting_child = False
                self.after_child(game, action, game.returned)
                if self.waiting_child:
                    return
                continue
            if self.gate == 0 and ("_if" in action.args or "_optional" in action.args):
                passed = self.check_gate(game, action)
                if passed is None:
                    return  # asked whether to do an optional step
                if not passed:
                    self.next()
                    continue
            self.gate = 1
            outcome = HANDLERS[action.op](self, game, action)
            if outcome == _ASKED:
                return
            if outcome == _CHILD:
                self.waiting_child = True
                return
            if outcome == _FAIL:
                game.finish(None)
                return
            self.next()
        if self.looked:  # 605.4: the effect is over; the cards it looked at are ordinary deck cards again
            release(game, self.ctx.source.card, self.looked)
            self.looked = ()
        if self.collect:
            game.finish((tuple(self.collected), frozenset(self.chosen)))
        else:
            game.finish(None)

    def next(self) -> None:
        self.i += 1
        self.counter = 0
        self.gate = 0

    def check_gate(self, game: Game, action: Action) -> bool | None:
        """A step's ``if`` (checked when the step is reached) and ``optional`` (〜してもよい: its
        controller says yes or no; ``opponent``: the other player does). ``None`` when the question was just
        asked."""
        cond = action.args.get("_if")
        if cond is not None:
            ok = (
                holds(game, ctx_scope(self.ctx, self), cond)
                if is_v2(cond)
                else ctx_condition(game, self.ctx, cond)
            )
            if not ok:
                return False
        optional = action.args.get("_optional")
        if optional:
            answer = game.take_answer()
            if answer is None:
                # 相手は…てもよい (``optional: opponent``): the controller's opponent says yes or no
                asked = 1 - self.ctx.controller if optional == "opponent" else self.ctx.controller
                game.ask(
                    Decision(
                        asked,
                        "may",
                        f"do this optional part of the effect ({action.op})? (〜してもよい)",
                        (Option("yes", "do it"), Option("no", "don't")),
                    )
                )
                return None
            if answer[0] == "no":
                return False
        return True

    def save_done(self, action: Action, result: Any) -> None:
        """``as: NAME`` on a step: remember what it actually did (the cards it moved)."""
        name = action.args.get("_as")
        if name is None:
            return
        happened = [h for h in result if isinstance(h, Happened)] if isinstance(result, list) else []
        self.done[name] = self.done.get(name, 0) + sum(len(h.cards) or 1 for h in happened)

        own = sum(1 for h in happened if not h.event.is_replacement and h.new is not None)  # 101.3a, 609
        self.done[f"{MOVED}{name}"] = self.done.get(f"{MOVED}{name}", 0) + own
        moved = tuple(h.new for h in happened if h.new is not None)
        self.vars[name] = (*self.vars.get(name, ()), *moved)

    def after_child(self, game: Game, action: Action, result: Any) -> None:
        if action.op in _COLLECTING and self.collect and result is not None:
            events, chosen = result
            self.collected.extend(events)
            self.chosen.extend(chosen)
        if action.op in _COLLECTING and self.collect and result is None:
            game.finish(None)
            self.waiting_child = True  # this frame is gone; stop stepping it
            return
        if isinstance(result, list):
            moved = tuple(h.new for h in result if isinstance(h, Happened) and h.new is not None)
            self.vars["moved"] = moved
            for h in result:
                if isinstance(h, Happened) and h.old is not None and h.get("lki"):
                    self.lki[h.old] = {**h.get("lki"), "cards": len(h.cards)}
        self.save_done(action, result)
        if action.op == "gr_summon":  # そのGRクリーチャー (special_card_effects.py)
            gr_summoned(self, game, action)
        if action.op in ("draw", "gr_summon", "repeat", "gachinko_judge") and self.counter > 0:
            # The next draw (609.6: one at a time); the next GR召喚 (special_card_effects.py); the next
            # run of a repeat's steps; the part of a ガチンコ・ジャッジ after its cards moved (gachinko.py).
            self.waiting_child = HANDLERS[action.op](self, game, action) == _CHILD
            if not self.waiting_child:
                self.next()  # nothing more to run for this step
            return
        if action.op == "simultaneously" and self.counter == 0:
            # The parts' choices are made; now their events happen as one batch.
            self.counter = 1
            events, chosen = result if result is not None else ((), frozenset())
            self.chosen.extend(chosen)
            self.waiting_child = self.emit(game, list(events)) == _CHILD
            if self.waiting_child:
                return
        self.next()

    # -- helpers used by the handlers

    def emit(self, game: Game, events: list[Event]) -> int:
        """Send events to the pipeline (or collect them). Returns the handler outcome."""
        if self.collect:
            self.collected.extend(events)
            return _DONE
        if not events:
            return _DONE
        if self.ctx.replaced_by:  # part of a replacement's substitute: not replaced again (101.5)
            events = [replace(e, replaced_by=(*e.replaced_by, *self.ctx.replaced_by)) for e in events]
        from .shield_breaks import as_breaks, break_frame

        breaks = as_breaks(game, events)  # 701.14b: shields put into the hand, declared as a break
        game.push(game.process(*events) if breaks is None else break_frame(breaks))
        return _CHILD

    def select_pair(
        self, game: Game, action: Action, first: Selector, second: Selector
    ) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        """What ``first`` and then ``second`` pick, for a step about two choices (バトルさせる,
        クロスする): the first is kept while the second is asked; ``None`` when a decision was asked."""
        kept = self.vars.get(_FIRST_PICK)
        if kept is None:
            kept = self.select(game, action, first)
            if kept is None:
                return None
            self.vars[_FIRST_PICK] = kept
        then = self.select(game, action, second)
        if then is None:
            return None
        self.vars.pop(_FIRST_PICK, None)
        return kept, then

    def _chooser_instead(
        self, game: Game, sel: Selector, zone: str, scope: Scope, found: list[GameObject]
    ) -> tuple[Selector, list[GameObject]]:
        """A choice another player makes instead (``choose_instead_of_opponent``): the selector names the
        new chooser, and the candidates are found again for them (相手に選ばれない is theirs to respect)."""
        from .abilities import chooser_instead

        if sel.chooser not in ("you", "opponent") or sel.random:
            return sel, found
        chooser = self.ctx.controller if sel.chooser == "you" else other(self.ctx.controller)
        instead = chooser_instead(game, chooser, found)
        if instead == chooser:
            return sel, found
        sel = replace(sel, chooser="you" if instead == self.ctx.controller else "opponent")
        game.record(
            "rule",
            f"{game.pname(instead)} chooses instead of {game.pname(chooser)} (choose_instead_of_opponent)",
            None,
        )
        excluded = self.excluded | frozenset(self.chosen)
        return sel, candidates(game, self.ctx, sel, zone, excluded, scope)

    def select(self, game: Game, action: Action, sel: Selector) -> tuple[int, ...] | None:
        """The object ids ``sel`` picks; ``None`` when a decision was asked (step again later)."""
        fixed = fixed_selection(game, self.ctx, sel, self.vars)
        if fixed is not None:
            return fixed
        zone = sel.zone or DEFAULT_ZONE.get(action.op, BATTLE)
        scope = ctx_scope(self.ctx, self)
        found = candidates(game, self.ctx, sel, zone, self.excluded | frozenset(self.chosen), scope)
        if sel.amount is not None:  # choose: {count: …} — how many, computed now (605.2d)
            sel = replace(sel, count=max(0, amount_of(game, self, sel.amount)))
            if sel.count == 0:
                return ()
        if sel.any_number:
            sel = replace(sel, count=len(found))
            if not found:
                return ()
        if sel.kind == "choose" and game.effects.has(MODIFIER, CHOOSE_INSTEAD_KEY):
            sel, found = self._chooser_instead(game, sel, zone, scope, found)
        forced: tuple[int, ...] = ()
        if sel.kind == "choose" and not sel.random and not sel.cards and sel.chooser != "owner":
            found, forced, sel = _forced_first(game, self.ctx, sel, found)

        picked: tuple[int, ...] | None
        if sel.kind == "all":
            picked = tuple(o.oid for o in found)
        elif sel.chooser == "owner":  # each player chooses among their own (the choice is saved too)
            by_owners = _select_by_owners(self, game, action, sel, found)
            if by_owners is None:
                return None
            picked = by_owners
        elif sel.cards and not sel.random:  # 200.3a: the player chooses cards (card_choice.py)
            picked = choose_cards(self, game, action, sel, found)
            if picked is None:
                return None
        elif sel.random:
            picked = tuple(o.oid for o in game.rng.sample(found, min(sel.count, len(found))))
        elif sel.total_at_most is not None or sel.total_at_least is not None:
            within = _choose_within_total(self, game, action, sel, found)
            if within is None:
                return None
            picked = within
        elif not sel.up_to and len(found) <= sel.count:
            picked = tuple(o.oid for o in found)  # 605.2b: choose as many as possible
            record_auto_choice(game, self.ctx, sel, action.op, found)  # logged, for --explain and scenarios
        elif not found:
            picked = ()  # 605.2b: "up to N" with nothing that matches — nothing to choose, nobody is asked
        else:
            answer = game.take_answer()
            chooser = self.ctx.controller if sel.chooser == "you" else other(self.ctx.controller)
            chooser = shield_chooser(game, chooser, found)
            seen = self.seen_by(game, chooser)
            labels = choice_labels(game, found, chooser, seen)
            by_label = {label: o.oid for label, o in zip(labels, found, strict=True)}
            must = (
                [o for o in found if must_be_chosen(game, o, chooser)]
                if sel.up_to and game.effects.has(MODIFIER, "must_be_chosen_by_opponent")
                else []
            )
            if answer is None:
                if must:  # 可能ならこのクリーチャーを選ぶ with 「…まで」: none, or a choice including it
                    game.info[FORCED_CHOICE] = (
                        chooser,
                        tuple(choice_label(game, o, chooser) for o in must),
                    )
                game.ask(
                    Decision(
                        chooser,
                        "choose_cards",
                        f"choose {'up to ' if sel.up_to else ''}{sel.count} for {action.op}",
                        tuple(
                            Option(label, option_text(game, o, chooser, seen))
                            for label, o in zip(labels, found, strict=True)
                        ),
                        min=0 if sel.up_to else sel.count,
                        max=min(sel.count, len(found)),
                        rule="605.2b",
                    )
                )
                return None
            game.info.pop(FORCED_CHOICE, None)
            picked = tuple(by_label[label] for label in answer)
        picked = (*forced, *picked)
        if sel.kind == "choose" and picked and game.effects.has(TRIGGER, CHOSEN):
            for chooser, of in _choosers(game, self.ctx, sel, picked):  # 選ばれた時 (chosen.py)
                announce_chosen(game, chooser, self.ctx.source, of)
        if sel.save_as:
            self.vars[sel.save_as] = picked
            self.rests[sel.save_as] = tuple(o.oid for o in found if o.oid not in picked)
        if self.collect:
            for oid in picked:
                self.chosen.extend(game.objects[oid].cards)
        return picked


def _choosers(
    game: Game, ctx: Ctx, sel: Selector, picked: tuple[int, ...]
) -> list[tuple[int, tuple[int, ...]]]:
    """Who chose which of ``picked``: the selector's chooser, or each object's owner (``chooser: owner``)."""
    if sel.chooser != "owner":
        return [(ctx.controller if sel.chooser == "you" else other(ctx.controller), picked)]
    owners = [game.cards[game.objects[oid].top].owner for oid in picked]
    return [(p, tuple(o for o, w in zip(picked, owners, strict=True) if w == p)) for p in sorted(set(owners))]


def shield_chooser(game: Game, chooser: int, found: list[GameObject]) -> int:
    """「相手が自分のシールドを選ぶ時、かわりに自分が選ぶ」 (``choose_own_shields``): a choice among one
    player's shields that their opponent would make, that player makes instead."""
    sides = {o.zone[0] for o in found if o.zone[1] == SHIELDS}
    if len(sides) != 1 or any(o.zone[1] != SHIELDS for o in found):
        return chooser
    (side,) = sides
    if side == chooser:
        return chooser
    from .abilities import player_rules

    return side if player_rules(game, side, "choose_own_shields") else chooser


_TOTAL_PICKS = "_total_picks"
"""``frame.vars`` key: what a ``total_at_most`` choice has chosen so far."""


def _choose_within_total(
    frame: ActionFrame, game: Game, action: Action, sel: Selector, found: list[GameObject]
) -> tuple[int, ...] | None:
    """合計パワーがQ以下になるように選ぶ: one object at a time, each offered only while the total stays
    within Q (a choice whose legality depends on the others chosen, 605.2b); the chooser may stop at any
    time (up to), and chooses as long as they can when it says choose N. コストの合計がQ以上になるように選ぶ
    (``total_at_least``): the chooser may stop only once the total has reached Q, and when all the
    candidates together fall short of it, none is chosen (no choice can satisfy it)."""
    what = (sel.total_at_most or sel.total_at_least or ("cost", None))[0]
    limit = amount_of(game, frame, sel.total_at_most[1]) if sel.total_at_most is not None else None
    floor = amount_of(game, frame, sel.total_at_least[1]) if sel.total_at_least is not None else None
    chooser = frame.ctx.controller if sel.chooser == "you" else other(frame.ctx.controller)
    seen = frame.seen_by(game, chooser)

    def value_of(oid: int) -> int:
        obj = game.objects[oid]
        return max(0, ch.power(game, obj)) if what == "power" else ch.cost(game, obj)

    if floor is not None and sum(value_of(o.oid) for o in found) < floor:
        return ()
    picked = list(frame.vars.pop(_TOTAL_PICKS, ()))
    while len(picked) < sel.count:
        total = sum(value_of(o) for o in picked)
        fitting = [
            o for o in found if o.oid not in picked and (limit is None or total + value_of(o.oid) <= limit)
        ]
        if not fitting:
            break
        reached = floor is None or total >= floor
        answer = game.take_answer()
        if answer is None:
            frame.vars[_TOTAL_PICKS] = tuple(picked)
            options = [
                Option(choice_label(game, o, chooser, seen), option_text(game, o, chooser, seen))
                for o in fitting
            ]
            if sel.up_to and reached:
                options.append(Option("done", "choose no more"))
            bound = f"at most {limit}" if limit is not None else f"at least {floor}"
            prompt = f"choose one more for {action.op} (total {what} {total} of {bound})"
            game.ask(Decision(chooser, "choose_cards", prompt, tuple(options), rule="605.2b"))
            return None
        if answer[0] == "done" and reached:
            break
        by_label = {choice_label(game, o, chooser, seen): o.oid for o in fitting}
        picked.append(by_label[answer[0]])
    return tuple(picked)


def _select_by_owners(
    frame: ActionFrame, game: Game, action: Action, sel: Selector, found: list[GameObject]
) -> tuple[int, ...] | None:
    """``chooser: owner``: each player chooses among their own cards, the turn player first (101.4)."""
    order = (game.active_player, other(game.active_player))
    picked: list[int] = list(frame.vars.get("_owner_picks", ()))
    for p in order[frame.counter :]:
        own = [o for o in found if game.cards[o.top].owner == p]
        if not own or (not sel.up_to and len(own) <= sel.count):  # 605.2b: nothing to choose between
            picked.extend(o.oid for o in own)
            frame.counter += 1
            continue
        answer = game.take_answer()
        if answer is None:
            frame.vars["_owner_picks"] = tuple(picked)
            game.ask(
                Decision(
                    p,
                    "choose_cards",
                    f"choose {'up to ' if sel.up_to else ''}{sel.count} of your own for {action.op}",
                    tuple(Option(choice_label(game, o, p), option_text(game, o, p)) for o in own),
                    min=0 if sel.up_to else min(sel.count, len(own)),
                    max=min(sel.count, len(own)),
                    rule="605.2b",
                )
            )
            return None
        by_label = {choice_label(game, o, p): o.oid for o in own}
        picked.extend(by_label[label] for label in answer)
        frame.counter += 1
    frame.vars.pop("_owner_picks", None)
    frame.counter = 0
    return tuple(picked)


_PLACED = "_deck_placed"
"""``frame.vars`` key while a player orders the cards a step puts on a deck's top or bottom (401.4,
deck_order.py): the cards placed so far, from the top down (the step's events: ``frame.deck_moves``)."""


def _emit_in_deck_order(frame: ActionFrame, game: Game, action: Action, events: list[Event]) -> int:
    """401.4: the cards put on a deck's top or bottom are ordered by their owner (or, 好きな順序で, by the
    player whose effect it is) before the moves are proposed (deck_order.order_moves)."""
    placed = list(frame.vars.pop(_PLACED, ()))
    chooser = frame.ctx.controller if action.get("any_order") else None
    ordered = order_moves(game, events, chooser=chooser, placed=placed, ask=game.ask)
    if ordered is None:
        frame.deck_moves, frame.vars[_PLACED] = tuple(events), tuple(placed)
        return _ASKED
    return frame.emit(game, ordered)


def _selection_action(frame: ActionFrame, game: Game, action: Action) -> int:
    watched = action.op != "keyword_used" or game.effects.has(TRIGGER, "keyword_used") or history.wanted(game)
    if not watched:
        return _DONE  # announced only when an ability watches it or a card reads the record (as 507.3c)
    stashed, frame.deck_moves = frame.deck_moves, None
    if stashed is not None:  # the owner is ordering the cards this step puts on a deck (401.4)
        return _emit_in_deck_order(frame, game, action, list(stashed))
    sel: Selector = action.args["what"]
    kept = frame.vars.pop(_FIRST_PICK, None) if action.get("equip_to") is not None else None
    picked = kept if kept is not None else frame.select(game, action, sel)
    if picked is None:
        return _ASKED
    if frame.collect and sel.kind == "choose" and not sel.up_to and len(picked) < sel.count:
        return _FAIL  # 609.4: a substitute that cannot be performed does not apply
    if (
        action.get("equip_to") is not None
        and not frame.collect
        and not _equip_weapons(frame, game, action, picked)
    ):
        frame.vars[_FIRST_PICK] = picked  # the weapon is kept while its creature is asked
        return _ASKED
    op, src = action.op, frame.ctx.source
    events: list[Event] = []
    auras: list[tuple[int, int]] = []  # (card, controller) of auras put into the battle zone (310.2)
    for oid in picked:
        if sel.top_card and (op in _MOVE_TO or op == "move") and len(game.objects[oid].cards) > 1:
            # …の一番上のカード: the top card alone leaves its object (109.2a); the rest stays (801.4)
            to = _MOVE_TO[op] if op in _MOVE_TO else action.args["to"]
            top = game.objects[oid].top
            if to in ("deck_top", "deck_bottom"):
                args: dict[str, Any] = {"card": top, "to": DECK, "bottom": to == "deck_bottom"}
            else:
                args = {"card": top, "to": to}
            events.append(Event("move_card", oid, source=src, args=args))
            continue
        card_to = _card_destination(action) if sel.cards else None
        if card_to is not None and sel.kind == "choose":  # 109.2a: the chosen cards alone
            chosen = chosen_card_moves(game, frame, oid, *card_to)
            if chosen is not None:
                events += chosen
                continue
        if card_to is not None:  # 200.3a: only the cards of the object that were named
            partial = partial_card_moves(game, frame, sel, oid, *card_to)
            if partial is not None:
                events += partial
                continue
        if op == "destroy":
            events.append(Event("destroy", oid, source=src))
        elif op == "discard":
            events.append(Event("discard", oid, source=src))
        elif op in _MOVE_TO:
            events.append(Event("move", oid, source=src, args={"to": _MOVE_TO[op]}))
        elif op == "move":
            to = action.args["to"]
            if to in ("deck_top", "deck_bottom"):
                args = {"to": DECK, "bottom": to == "deck_bottom"}
                if to == "deck_top" and action.get("position") is not None:
                    args["position"] = action.args["position"]  # 上からN番目 (401.6)
                events.append(Event("move", oid, source=src, args=args))
            elif to == BATTLE and _is_aura(game, oid) and not frame.collect:
                auras.append((game.objects[oid].top, frame.ctx.controller))
            elif to == BATTLE:
                args = {"how": "put", "tapped": bool(action.get("tapped", False))}
                events.append(Event("enter", oid, frame.ctx.controller, src, args))
            else:
                args = {"to": to}
                if to == "gr_zone":
                    args["bottom"] = True  # 超GRの一番下に置く (118.1: a GR creature goes to the bottom)
                if action.get("face_up"):
                    args["face_up"] = True
                elif to == MANA and action.get("face_up") is False:  # 裏向きにしてマナゾーンに置く (405.4)
                    args["face_down"] = True
                if action.get("no_shield_trigger"):  # ただし、その「S・トリガー」は使えない (101.1)
                    args["no_shield_trigger"] = True
                if action.get("tapped"):  # タップして(マナゾーンに)置く
                    args["tapped"] = True
                events.append(Event("move", oid, source=src, args=args))
        elif op == "put_into_battle_zone":
            args = {"how": "put", "tapped": bool(action.get("tapped", False))}
            if action.get("blocking"):  # 507.4: ブロックしている状態で出す
                args["blocking"] = True
            who = action.get("controller", "you")  # 相手はそれを出す: who puts it there controls it
            controller = frame.ctx.controller
            if who == "opponent":
                controller = other(controller)
            elif who == "owner":
                controller = game.cards[game.objects[oid].top].owner
            if _is_aura(game, oid) and not frame.collect:
                auras.append((game.objects[oid].top, controller))
                continue
            side = _side_taken(game, frame, sel, oid)
            if side is not None:
                args["shown_side"] = side
            events.append(Event("enter", oid, controller, src, args))
        elif op in ("tap", "untap"):
            events.append(Event(op, oid, source=src))
        elif op == "power":
            # An effect's own "…のかわりに" (609.7) is a conditional amount: {if: C, then: Q, else: Q}.
            amount = amount_of(game, frame, action.get("add"), 0)
            power_args: dict[str, Any] = {"amount": amount}  # 608.2b: the number is fixed as it resolves
            if action.get("while") is not None:  # このターンの攻撃中: it applies only while C holds
                power_args["while"] = action.args["while"]
            if action.get("until") is not None:  # 500.3: a duration other than this turn
                power_args["until"] = action.args["until"]
            events.append(Event("power", oid, source=src, args=power_args))
        elif op == "use_kz":
            from .rules import compiled

            kz = compiled(game, game.objects[oid].top).kz
            user = game.objects[oid].top
            if kz and not frame.collect:
                ctx = Ctx(frame.ctx.controller, Source("ability", user, frame.ctx.controller), user)
                game.push(ActionFrame(kz, ctx))
                return _CHILD
        elif op == "grant":
            until = action.get("until", "end_of_turn")
            flag = action.get("flag") or action.get("property")
            if action.get("ignore"):  # "…できない効果を無視する": that prohibition does not apply to it
                flag = f"ignore:{action.args['ignore']}"
            grant: dict[str, Any] = {"until": until}
            if flag:
                grant["flag"] = flag
            elif action.get("ability") is not None:
                grant["ability"] = action.args["ability"]
            elif keyword_acts(action.args["keyword"]):
                # A keyword whose meaning is a trigger or a replacement (スレイヤー) is given as the ability
                # it stands for, so that it works as if printed on the creature.
                grant["ability"] = AbilitySpec("keyword", action.args["keyword"], 0)
            else:
                grant["keyword"] = action.args["keyword"]
            events.append(Event("grant", oid, frame.ctx.controller, src, grant))
        elif op == "evolve_onto":
            mine = fixed_selection(game, frame.ctx, Selector("self"), {})
            if mine and mine[0] != oid:
                events.append(
                    Event("enter", mine[0], frame.ctx.controller, src, {"how": "evolve", "onto": oid})
                )
        elif op == "keyword_used":  # the announcement that ``keyword_used`` patterns see (603.2e)
            args = {"keyword": action.args["keyword"]}
            events.append(Event("keyword_used", oid, frame.ctx.controller, src, args))
        elif op == "stay":
            pass  # 離れるかわりにとどまる: the substitute is that nothing happens
    if op == "move" and action.get("shuffled") and len(events) > 1:
        game.rng.shuffle(events)  # シャッフルし、山札の下に置く: the cards go there in random order (701.11)
    if auras:
        return _put_auras(frame, game, events, auras)
    if op in _ENTERING and not frame.collect and any(e.kind == "enter" for e in events):
        from .evolution_bases import PutOntoBases, any_needs_base

        if any_needs_base(game, events):  # 801.1a: an evolution creature goes onto a base its player chooses
            if frame.ctx.replaced_by:  # part of a replacement's substitute: not replaced again (101.5)
                events = [replace(e, replaced_by=(*e.replaced_by, *frame.ctx.replaced_by)) for e in events]
            game.push(PutOntoBases(tuple(events)))
            return _CHILD
    if (
        op == "move"
        and action.args["to"] in ("deck_top", "deck_bottom")
        and len(events) > 0
        and not action.get("shuffled")  # シャッフルして: a random order (701.11)
        and not frame.collect
        and (len(events) > 1 or len(game.objects[picked[0]].cards) > 1)
    ):
        return _emit_in_deck_order(frame, game, action, events)  # 401.4: several cards on one deck
    if op in _ENTERING and events and not frame.collect and all(e.kind == "enter" for e in events):
        return _enter_one_at_a_time(frame, game, events)
    return frame.emit(game, events)


def _side_taken(game: Game, frame: ActionFrame, sel: Selector, oid: int) -> int | None:
    """The side a two-sided card with a ルール・プラス side is taken as from the 超次元ゾーン, when the
    selector describes that side and not its first (314.1: 「コスト5以下のカード」 takes 《13番目の計画》, a
    card of cost 0, 公式Q&A 2022-10-28): it enters showing that side; ``None`` otherwise (its first side)."""
    obj = game.objects[oid]
    if obj.zone[1] != HYPERSPATIAL:
        return None
    index = ch.rule_plus_side(ch.definition(game, obj.top))
    if index is None:
        return None
    scope = ctx_scope(frame.ctx, frame)
    if ch.part_matches(game, obj, 0, sel.filter, scope=scope):
        return None
    return index if ch.part_matches(game, obj, index, sel.filter, scope=scope) else None


def _equip_weapons(frame: ActionFrame, game: Game, action: Action, picked: tuple[int, ...]) -> bool:
    """``equip_to`` (それがウエポンであれば、自分のクリーチャーに装備して出す, 305.2): a dragheart weapon
    among the cards put enters equipped to the creature the selector picks; with none to pick it enters alone
    and goes back to the 超次元ゾーン (305.3, 117.2; draghearts.py). ``False`` when that choice was asked."""
    from .draghearts import equip

    weapons = [o for o in picked if ch.face(game, game.objects[o]).type == "dragheart_weapon"]
    if not weapons:
        return True  # not a weapon: no creature is chosen
    hosts = frame.select(game, action, action.args["equip_to"])
    if hosts is None:
        return False
    for weapon in weapons:
        if hosts:
            equip(game, game.objects[weapon].top, hosts[0])
    return True


def _enter_one_at_a_time(frame: ActionFrame, game: Game, events: list[Event]) -> int:
    """409.1a: a card an effect puts into the battle zone is pending until it moves; 409.1f: several are all
    pending, then enter one by one."""
    from .pending_cards import EnterOneAtATime

    if frame.ctx.replaced_by:  # part of a replacement's substitute: not replaced again (101.5)
        events = [replace(e, replaced_by=(*e.replaced_by, *frame.ctx.replaced_by)) for e in events]
    game.push(EnterOneAtATime(tuple(events)))
    return _CHILD


_ENTERING = frozenset({"move", "put_into_battle_zone"})
"""The selection steps that can put a card into the battle zone (``enter`` events)."""


def _is_aura(game: Game, oid: int) -> bool:
    return ch.face(game, game.objects[oid]).type == AURA


def _put_auras(frame: ActionFrame, game: Game, events: list[Event], auras: list[tuple[int, int]]) -> int:
    """310.2: an aura an effect puts into the battle zone is attached as one that is used — to a GR creature
    of its controller's, or to one GR召喚ed for it (the wiki: 「オーラの装着先もGR召喚によってバトルゾーンに
    出る」, auras.py); with neither it stays where it was (310.2a). The other cards go first."""
    for card, controller in reversed(auras):
        game.push(AttachAura(card, controller))
    frame.emit(game, events)
    return _CHILD


def ctx_step_holds(game: Game, frame: ActionFrame, cond: Condition) -> bool:
    """A condition read by a step of ``frame`` (as a step's ``if`` is)."""
    return (
        holds(game, ctx_scope(frame.ctx, frame), cond)
        if is_v2(cond)
        else ctx_condition(game, frame.ctx, cond)
    )


def ctx_condition(game: Game, ctx: Ctx, cond: Condition) -> bool:
    """A condition in an effect's own text, for the player running it."""
    from .abilities import condition_holds

    fake = Effect(0, Ability(), ctx.controller, ctx.source)
    return condition_holds(game, fake, cond)


def _player(frame: ActionFrame, action: Action) -> int:
    return frame.ctx.controller if action.get("player", "you") == "you" else other(frame.ctx.controller)


def draw(frame: ActionFrame, game: Game, action: Action) -> int:
    """Draw one card at a time (609.6); ``up_to`` asks how many first."""
    count = amount_of(game, frame, action.args["count"])
    if frame.counter == 0:
        if count <= 0:
            return _DONE
        if action.get("up_to"):
            answer = game.take_answer()
            if answer is None:
                # the player who draws decides how many (「相手はカードを1枚まで引いてもよい」)
                each = action.get("player") == "each"
                game.ask(
                    Decision(
                        frame.ctx.controller if each else _player(frame, action),
                        "choose_number",
                        f"draw how many cards (up to {count})?",
                        tuple(Option(str(n), f"draw {n}") for n in range(count + 1)),
                    )
                )
                return _ASKED
            count = int(answer[0])
            if count == 0:
                return _DONE
        frame.counter = count * (2 if action.get("player") == "each" else 1)
    if action.get("player") == "each":
        # 114.2a: each player draws: the turn player draws all their cards first, then the other player
        # (``frame.counter`` draws are left; the first ``count`` of the 2 × ``count`` are the turn player's).
        first = game.active_player
        drawers = [first if left > count else other(first) for left in range(frame.counter, 0, -1)]
    else:
        drawers = [_player(frame, action)] * frame.counter
    player = drawers[0]
    if frame.collect:
        frame.collected.extend(Event("draw", None, p, frame.ctx.source) for p in drawers)
        return _DONE
    frame.counter -= 1
    game.push(game.process(Event("draw", None, player, frame.ctx.source)))
    return _CHILD


def _from_deck_top(frame: ActionFrame, game: Game, action: Action, to: str) -> int:
    player = _player(frame, action)
    # 609.9b: cards a simultaneous replacement already took are skipped (two mills take 2 + 2 cards).
    taken = frame.excluded | frozenset(frame.chosen)

    deck = deck_for(game, game.zone((player, DECK)), frame.ctx.source.card)  # 605.4
    deck = [oid for oid in deck if not taken.intersection(game.objects[oid].cards)]
    count = amount_of(game, frame, action.args["count"])
    top = list(reversed(deck[-count:])) if count > 0 else []
    if frame.collect:
        frame.chosen.extend(cid for oid in top for cid in game.objects[oid].cards)
    return frame.emit(game, [Event("move", oid, source=frame.ctx.source, args={"to": to}) for oid in top])


def mill(frame: ActionFrame, game: Game, action: Action) -> int:
    return _from_deck_top(frame, game, action, GRAVEYARD)


def charge_from_deck(frame: ActionFrame, game: Game, action: Action) -> int:
    return _from_deck_top(frame, game, action, MANA)


def _shield_chooser(game: Game, frame: ActionFrame, owner: str) -> str:
    """Who chooses the shields an ability breaks: its controller, unless the shields' player has the rule
    ``choose_shields_broken`` and the breaker is that player's opponent's creature (its ability)."""
    from .abilities import player_rules

    defender = frame.ctx.controller if owner == "you" else other(frame.ctx.controller)
    card = frame.ctx.source.card
    by_creature = card is not None and ch.definition(game, card).main.is_creature
    if (
        by_creature
        and defender != frame.ctx.controller
        and player_rules(game, defender, "choose_shields_broken")
    ):
        return "opponent"
    return "you"


def break_shields(frame: ActionFrame, game: Game, action: Action) -> int:
    """ブレイクする (701.14): the chosen shields (``what``), or ``count`` shields of a player."""
    owner = action.get("owner", action.get("player", "opponent"))
    sel = action.get("what")
    if not isinstance(sel, Selector):
        sel = Selector("choose", count=amount_of(game, frame, action.get("count")), zone=SHIELDS, owner=owner)
        sel = replace(sel, chooser=_shield_chooser(game, frame, owner))
    elif sel.zone is None:
        sel = replace(sel, zone=SHIELDS)
    breaker = game.card_object.get(frame.ctx.source.card) if frame.ctx.source.card is not None else None
    if breaker is not None and sel.kind == "choose" and game.objects[breaker].zone[1] == BATTLE:
        # 701.14d: a creature breaking shields by its own effect breaks its additional shields too.
        sel = replace(sel, count=sel.count + ch.extra_breaks(game, game.objects[breaker]))
    picked = frame.select(game, action, sel)
    if picked is None:
        return _ASKED
    events = [Event("break", oid, source=frame.ctx.source) for oid in picked]
    if frame.collect or not events:
        return frame.emit(game, events)
    if frame.ctx.replaced_by:  # part of a replacement's substitute: not replaced again (101.5)
        events = [replace(e, replaced_by=(*e.replaced_by, *frame.ctx.replaced_by)) for e in events]
    from .shield_breaks import effect_break_frame  # 113.6: declarations while the shields wait

    # 603.7 / 603.7b: a creature breaking shields by its ability triggers its "ブレイクする前に" abilities.
    by = breaker if breaker is not None and game.objects[breaker].zone[1] == BATTLE else None
    if by is not None and not ch.is_creature(game, game.objects[by]):
        by = None
    game.push(effect_break_frame(game, events, by, frame.ctx.controller))
    return _CHILD


def shuffle(frame: ActionFrame, game: Game, action: Action) -> int:
    """シャッフルする (701.11): ``shuffle: deck`` (language 1) or ``shuffle: you|opponent``."""
    who = action.get("zone")
    player = other(frame.ctx.controller) if who == "opponent" else _player(frame, action)
    return frame.emit(game, [Event("shuffle", None, player, frame.ctx.source)])


def may(frame: ActionFrame, game: Game, action: Action) -> int:
    answer = game.take_answer()
    if answer is None:
        game.ask(
            Decision(
                frame.ctx.controller,
                "may",
                "use this optional part of the effect? (〜してもよい)",
                (Option("yes", "do it"), Option("no", "don't")),
            )
        )
        return _ASKED
    if answer[0] == "no":
        return _DONE
    game.push(
        ActionFrame(
            action.args["actions"],
            frame.ctx,
            frame.collect,
            frame.excluded | frozenset(frame.chosen),
            vars=dict(frame.vars),
        )
    )
    return _CHILD


def at_end_of_turn(frame: ActionFrame, game: Game, action: Action) -> int:
    """A delayed triggered ability (603.6): at the end of this turn, run the actions."""
    from .abilities import DelayedTrigger

    ctx = frame.ctx
    saved = tuple((name, tuple(objs)) for name, objs in frame.vars.items())  # $NAME keeps its meaning
    steps = bind_words(action.args["actions"], frame.words)  # 608.2b: a chosen race, fixed now
    delayed = DelayedTrigger(steps, ctx, saved=saved)
    game.effects.add(delayed, ctx.controller, ctx.source, expires="end_of_turn")
    return _DONE


def after_battle(frame: ActionFrame, game: Game, action: Action) -> int:
    """バトルの後、…: in an ability that triggered as a battle started (115.2: バトルする時) or
    before it (ブロックした時), the actions wait for the result of the battle between this creature
    and the one the ability is about (``event.subject``), and resolve then as a triggered ability
    of that battle (115.3d). Nothing happens if no battle of those two takes place this turn
    (115.3a)."""
    from .abilities import AfterBattle

    ctx = frame.ctx
    this = game.card_object.get(ctx.self_card) if ctx.self_card is not None else None
    if this is None or ctx.subject is None or this == ctx.subject:
        return _DONE
    saved = tuple((name, tuple(objs)) for name, objs in frame.vars.items())  # $NAME keeps its meaning
    steps = bind_words(action.args["actions"], frame.words)  # 608.2b: a chosen word, fixed now
    waiting = AfterBattle(steps, ctx, frozenset((this, ctx.subject)), saved=saved)
    game.effects.add(waiting, ctx.controller, ctx.source, expires="end_of_turn")
    return _DONE


def simultaneously(frame: ActionFrame, game: Game, action: Action) -> int:
    """ "選んだカードをすべて同時に…": make every part's choices, then perform all their events at once."""
    excluded = frame.excluded | frozenset(frame.chosen)
    game.push(ActionFrame(action.args["actions"], frame.ctx, True, excluded, vars=dict(frame.vars)))
    return _CHILD


CHOOSE_INSTEAD_KEY = "player:choose_instead_of_opponent"
"""The modifier index key of the player property ``choose_instead_of_opponent`` (abilities.chooser_instead):
a choice looks for it only while a card of the game has such a static in effect."""
ABILITY_USED = "ability_used"
"""The step ResolveTrigger puts before the effect of an ability with an ability word (能力語): the
announcement ``ability_used`` patterns see (「そのターン中に他の「ファイナル革命」をまだ使っていなければ」
reads it from the game's record). Not a step of the card language: the ability's ``ability_word`` makes it."""


def ability_used(frame: ActionFrame, game: Game, action: Action) -> int:
    if not (game.effects.has(TRIGGER, ABILITY_USED) or history.wanted(game)):
        return _DONE  # announced only when an ability watches it or a card reads the record
    mine = fixed_selection(game, frame.ctx, Selector("self"), {})
    args = {"ability_word": action.args["ability_word"], "card": frame.ctx.source.card}
    event = Event(ABILITY_USED, mine[0] if mine else None, frame.ctx.controller, frame.ctx.source, args)
    return frame.emit(game, [event])


HANDLERS = {
    ABILITY_USED: ability_used,
    **{
        op: _selection_action
        for op in ("destroy", "discard", "move", "tap", "untap", "power", "put_into_battle_zone", "grant")
    },
    "evolve_onto": _selection_action,
    "keyword_used": _selection_action,
    "use_kz": _selection_action,
    "stay": _selection_action,
    "at_end_of_turn": at_end_of_turn,
    "after_battle": after_battle,
    "simultaneously": simultaneously,
    **{op: _selection_action for op in _MOVE_TO},
    "draw": draw,
    "mill": mill,
    "charge": charge_from_deck,
    "break": break_shields,
    "shuffle": shuffle,
    "may": may,
}


# ---------------------------------------------------------------------------------------------- triggers


def trigger_context(game: Game, waiting: Waiting) -> Ctx:
    effect = waiting.effect
    h = waiting.happened
    subject = None
    cards: tuple[int, ...] = ()
    if h is not None:
        if h.kind in ("battle", "battle_start"):  # the creature this one battles (115)
            a, d = h.get("attacker"), h.get("defender")
            subject = d if effect.host == a else a
            if effect.host not in (a, d):
                # a card watching another creature's battle (「自分の火のクリーチャーがバトルする時、
                # そのクリーチャーの…」, 「これをクロスしたクリーチャーがバトルに勝った時」): そのクリーチャー
                # is the battler its pattern describes
                subject = _battler_described(game, effect, h, a)
            cards = tuple(h.get("attacker_cards" if subject == a else "defender_cards", ()))
        elif h.kind == "use" and h.event.get("card") is not None:
            # the card used (召喚した時: the creature, wherever the summon took it — 701.3a)
            cards = (h.event.get("card"),)
            subject = game.card_object.get(cards[0])
        else:
            subject = h.new if h.new is not None else h.old
            cards = h.cards
    face = getattr(effect.ability, "face", None)
    departed = departed_of(h)  # 603.5c: what its event took out of the battle zone, as it left
    batch = batch_of(waiting)
    return Ctx(
        effect.controller,
        effect.source,
        effect.source.card,
        subject,
        cards,
        face=face,
        departed=departed,
        batch=batch,
    )


def _battler_described(game: Game, effect: Any, h: Happened, attacker: int | None) -> int | None:
    """The creature of a battle that a trigger not of either battler watches: the first its pattern's
    subject describes (the attacker when both are, or when the pattern names no subject it can check)."""
    pattern = getattr(getattr(effect.ability, "spec", None), "pattern", None)
    if pattern is None:
        return attacker
    fitting = fitting_subjects(game, effect_scope(game, effect), pattern, h)
    return fitting[0] if fitting else attacker


def batch_of(waiting: Waiting) -> tuple[int, int]:
    """How many events of its batch a waiting trigger stands for, and how many cards they moved (603.2b:
    ``once_per_batch`` gathers them all; any other trigger stands for its one event)."""
    events = waiting.batch or ((waiting.happened,) if waiting.happened is not None else ())
    return len(events), sum(len(h.cards) for h in events)


@dataclass(slots=True)
class ResolveTrigger(Frame):
    """Resolve one waiting triggered ability: ask "may" if optional, then run its effect (605)."""

    waiting: Waiting
    started: bool = False
    settled: bool = False
    """304.3: once its effect has run, the state-based actions are checked (a castle waits for it)."""

    def step(self, game: Game) -> None:
        if self.started:
            if not self.settled and castle_awaits(game, self.waiting.effect.source.card):
                self.settled = True  # 304.3: its castle goes now that this S・トリガー has resolved
                game.push(game.process())
                return
            game.finish()
            return
        # A DM trigger: a CardTrigger, or one that stands for one (given_abilities.py, trigger_stealing.py).
        ability: Any = self.waiting.effect.ability
        from .abilities import condition_holds

        trigger = trigger_context(
            game, self.waiting
        )  # the condition's event.subject, what it took away, batch
        condition = ability.spec.condition
        if not condition_holds(
            game, self.waiting.effect, condition, trigger.subject, trigger.departed, trigger.batch
        ):
            # 603.4 / 605.2a: a condition is checked as the ability resolves; not met, it does nothing.
            game.record(
                "rule", f"{ability.label}: its condition is not met as it resolves; it does nothing", "603.4"
            )
            game.finish()
            return
        once = getattr(ability.spec, "once_per_turn", False) and ability.optional
        if once:
            from .abilities import once_per_turn_key

            if game.info.get(once_per_turn_key(self.waiting.effect)) == game.turn:
                # 各ターン1度しか使えない: another trigger of it was used this turn meanwhile
                game.record("rule", f"{ability.label}: used once this turn already; it does nothing", "603.4")
                game.finish()
                return
        if ability.optional and not was_declared(
            game, self.waiting.effect, self.waiting.happened, self.waiting.seq
        ):
            answer = game.take_answer()
            if answer is None:
                game.ask(
                    Decision(
                        self.waiting.controller,
                        "use_trigger",
                        f"use {ability.label}?",
                        (Option("yes", "use it"), Option("no", "don't")),
                        rule="603.4",
                    )
                )
                return
            if answer[0] == "no":
                game.finish()
                return
        if once:
            from .abilities import once_per_turn_key

            game.info[once_per_turn_key(self.waiting.effect)] = game.turn  # used now (said yes, or declared)
        self.started = True
        effect = ability.spec.effect
        word = ability.spec.params.get("ability_word")
        if word is not None:  # 能力語: its use is announced as it starts (read by ability_used patterns)
            effect = (Action(ABILITY_USED, {"ability_word": word}), *effect)
        game.push(ActionFrame(effect, self.context(game)))

    def context(self, game: Game) -> Ctx:
        return trigger_context(game, self.waiting)


@dataclass(slots=True)
class PlanReplacement(Frame):
    """Plan one replacement for one event: make its choices now (609.9a) and collect its substitute."""

    effect_id: int
    event: Event
    excluded: frozenset[int]
    started: bool = False

    def step(self, game: Game) -> None:
        effect = game.effects.get(self.effect_id)
        if effect is None:
            game.finish(None)
            return
        ability: Any = effect.ability  # a DM replacement (a CardReplacement or one standing for one)
        event = self.event
        obj = game.objects.get(event.subject) if event.subject is not None else None
        ctx = Ctx(
            effect.controller,
            effect.source,
            effect.source.card,
            event.subject,
            tuple(obj.cards) if obj else (),
            replaced=event,
        )

        planned, rest = split_after_draw(ability.spec.instead)  # 609.6a: in order after a draw
        if not self.started:
            self.started = True
            game.push(ActionFrame(planned, ctx, collect=True, excluded=self.excluded))
            return
        result = game.returned
        if result is None:
            game.finish(None)
            return
        events, chosen = result
        if any(is_prohibited(game, e) for e in events):
            # 609.4: a substitute that cannot happen (a "not destroyed" creature to destroy instead,
            # seed 000 Q&A 2021-09-24) cannot be applied.
            game.finish(None)
            return
        followups: list[Frame] = []
        if rest:  # the rest of the substitute: its events are the replacement's (101.5)
            followups.append(ActionFrame(rest, replace(ctx, replaced_by=(*ctx.replaced_by, effect.eid))))
        if ability.spec.then:
            followups.append(ActionFrame(ability.spec.then, ctx))  # a fresh event (101.5a)
        followup = followups[0] if len(followups) == 1 else (InOrder(tuple(followups)) if followups else None)
        game.finish(Plan(events, chosen, followup))


def _object_handlers() -> dict[str, Any]:
    """Actions on objects made of several cards (seed 004), defined in object_actions.py."""

    return OBJECT_HANDLERS


HANDLERS.update(_object_handlers())


def _names_a_card(game: Game, obj: GameObject, flt: Any, self_oid: int | None) -> bool:
    return bool(matching_cards(game, obj, flt, self_oid))


_COLLECTING = ("may", "choose_one", "if")
"""Actions that run their parts in a child frame; while planning a replacement, the child's events are
the substitute."""


def _concept_handlers() -> dict[str, Any]:
    """Steps that choose or branch (language/steps.py), シールド・フォース (shield_force.py), a stolen
    ability's substitute (trigger_stealing.py), ガチンコ・ジャッジ (gachinko.py), swapping whole zones
    (swap.py) and 深淵送り (abyss.py)."""
    from .copies import HANDLERS as COPIES
    from .trigger_stealing import HANDLERS as STEALING

    return {**STEPS, **SHIELD_FORCE, **STEALING, **GACHINKO, **SWAP, **ABYSS_STEPS, **COPIES}


HANDLERS.update(_concept_handlers())


def _special_card_handlers() -> dict[str, Any]:
    """Special cards: two-zone shields, draghearts, GR, マスターG・O・D・S (special_card_effects.py)."""
    from .cross_gears import HANDLERS as CROSS_HANDLERS
    from .special_card_effects import HANDLERS as SPECIAL_CARD_HANDLERS

    return {**SPECIAL_CARD_HANDLERS, **CROSS_HANDLERS}  # …をクロスする (303.3c)


HANDLERS.update(_special_card_handlers())


def _seal_handlers() -> dict[str, Any]:
    """封印を付ける / 外す (seals.py)."""
    from .fields import HANDLERS as FIELD_HANDLERS
    from .forbidden import HANDLERS as FORBIDDEN_HANDLERS
    from .seals import HANDLERS as SEAL_HANDLERS

    return {**SEAL_HANDLERS, **FORBIDDEN_HANDLERS, **FIELD_HANDLERS, **ZERO_DRAGON_HANDLERS}


HANDLERS.update(_seal_handlers())


def _card_count_handlers() -> dict[str, Any]:
    """…の下に置く (card_counts.py); 横向きにする (sideways.py)."""
    from .sideways import HANDLERS as SIDEWAYS_HANDLERS

    return {**CARD_COUNT_HANDLERS, **SIDEWAYS_HANDLERS}


HANDLERS.update(_card_count_handlers())


def _psychic_handlers() -> dict[str, Any]:
    """Issue 3: 覚醒リンク (psychic.py)."""

    return PSYCHIC_HANDLERS


HANDLERS.update(_psychic_handlers())


def _god_handlers() -> dict[str, Any]:
    """Seed 004: G・リンク (gods.py)."""

    return GOD_HANDLERS


HANDLERS.update(_god_handlers())


def _language_handlers() -> dict[str, Any]:
    """Language 2's composite steps: search, look, reveal, use, modes, numbers, delayed, repeat
    (language/effects.py)."""

    return {**LANGUAGE_HANDLERS, "win": win_game}


HANDLERS.update(_language_handlers())


def _card_destination(action: Action) -> tuple[str, dict[str, Any]] | None:
    """Where a step that names *cards* (``cards: true``) puts a card it takes alone out of its object
    (109.2a): the zone and the ``move_card`` arguments; ``None`` for a step that moves no card there."""
    if action.op in _MOVE_TO:
        return _MOVE_TO[action.op], {}
    if action.op != "move" or action.args.get("to") == BATTLE:
        return None
    to = str(action.args["to"])
    if to in ("deck_top", "deck_bottom"):
        return DECK, {"bottom": to == "deck_bottom"}
    return to, ({"face_up": True} if action.get("face_up") else {})
