"""Breaking shields: declarations while the shields wait (113.6, 509.5) and S・バック (509.5c); seed 004.

When shields are broken (or added to the hand by an effect that breaks them):

1. 113.6a: the broken shields become 待機状態 — still in the shield zone, but no longer counted as shields nor
   as cards in the shield zone (``state["waiting"]``).
2. 113.6 / 509.5a–c: their owner declares, card by card, the S・トリガー and G・ストライク they will use, and
   the S・バック of cards in their hand. Every card of a multi-card shield can be declared (seed 004: by then
   they are separate objects). S・バック discards one shield card, not the whole shield object (seed 004);
   the discarded card counts as discarded from the hand (701.7a, 509.5c).
3. 509.5d: then all the broken shields go to the hand together (the ``break`` events, which carry the
   declarations in ``declared``).
4. 509.5e: the declared abilities resolve one at a time, in the order their player chooses; an ability that
   was not declared does not trigger, and a declared one is not asked again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from ...kernel import (
    REPLACEMENT,
    TRIGGER,
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Option,
    Replacement,
    Source,
    Waiting,
)
from . import characteristics as ch
from .castles import await_declared
from .given_abilities import GivenTrigger, still_given
from .zones import BREAKING, HAND, SHIELDS, WAITING


def declarable(effect: Effect) -> bool:
    """S・トリガー and G・ストライク: "broken" triggers declared before the shields reach the hand."""
    spec = getattr(effect.ability, "spec", None)
    pattern = getattr(spec, "pattern", None)
    return pattern is not None and pattern.declared and pattern.event == "broken"


def was_declared(game: Game, effect: Effect, happened: Happened | None, seq: int | None = None) -> bool:
    """Was this waiting ability declared already (so using it is not asked again, 509.5e, 603.2f)?"""
    if seq is not None and seq in game.info.get(DECLARED, ()):
        return True
    if happened is None:
        return False
    if happened.event.get("s_back") is not None or happened.event.get("sabaki_z") is not None:
        return True
    declared = happened.event.get("declared")
    return declared is not None and declarable(effect) and effect.source.card in declared


def _shield_triggers(game: Game, obj: GameObject, cid: int, *, waiting: bool) -> list[Effect]:
    """The S・トリガー / G・ストライク ``cid`` has as its shield is broken. A printed one is listed in the
    first look (``waiting`` false); one a static gives (given_abilities.py) is judged as the static says:
    113.6b — a card in the shield zone given it: the situation just before the shields wait; 113.6c — a card
    given it as it is added from the shield zone to the hand (``waiting: true``): the shields waiting.
    Whether it may be declared (`_declarable_now`) is judged later, with every broken shield waiting."""

    found = []
    for e in game.effects.hosted(obj.oid):
        if e.source.card != cid or not declarable(e):
            continue
        ability = e.ability
        if isinstance(ability, GivenTrigger):
            giver = game.effects.get(ability.giver)
            spec = getattr(giver.ability, "spec", None) if giver is not None else None
            judged_waiting = spec is not None and bool(spec.params.get("waiting"))
            if judged_waiting != waiting or not still_given(game, e, ability.giver, ability.giver_host):
                continue
        elif waiting:
            continue
        found.append(e)
    return found


def _declarable_now(game: Game, e: Effect, cid: int) -> bool:
    """With the broken shields waiting (113.6a: they are not counted as shields), may the S・トリガー /
    G・ストライク ``e`` of card ``cid`` be declared? Not while a prohibition forbids the keyword
    (「…の『S・トリガー』を使えない」), nor an S・トリガー of a card its player cannot use (601.1b)."""
    from .abilities import S_TRIGGER_FAMILY, keyword_forbidden

    keyword = getattr(e.ability, "keyword", None) or ""
    if keyword_forbidden(game, e.controller, keyword, cid):
        return False
    return keyword not in S_TRIGGER_FAMILY or card_usable(game, e.controller, cid)


def card_usable(game: Game, player: int, cid: int) -> bool:
    """Could ``player`` use card ``cid`` at all (some face neither prohibited, 「誰も…を唱えられない」, nor
    short of its own requirements)? An S・トリガー or S・バック that would use a card its player cannot use
    cannot even be declared (601.1b; the shield check, 113.6)."""
    from .abilities import use_forbidden
    from .play import use_requirements_met

    faces = ch.definition(game, cid).faces
    return any(
        not use_forbidden(game, player, f, cid) and use_requirements_met(game, player, cid, i)
        for i, f in enumerate(faces)
    )


def _s_back_cards(game: Game, player: int, shield_card: int) -> list[int]:
    """Cards in ``player``'s hand whose S・バック matches ``shield_card`` (S・バック—X)."""
    from .language.selectors import face_fits
    from .rules import compiled

    shown = ch.definition(game, shield_card).main
    found = []
    for obj in game.objects_in((player, HAND)):
        for ability in compiled(game, obj.top).by_zone.get(HAND, ()):
            spec: Any = getattr(ability, "spec", None)
            pattern = getattr(spec, "pattern", None)
            if getattr(ability, "keyword", None) == SABAKI_Z:
                continue  # サバキZ is declared once the shields are in the hand (509.5d)
            if pattern is not None and pattern.declared and pattern.event == "discarded":
                if not face_fits(shown, pattern.subject.filter) or not card_usable(game, player, obj.top):
                    continue
                found.append(obj.top)
                break
    return found


SABAKI_Z = "sabaki_z"


def _sabaki_z_cards(game: Game, player: int) -> list[tuple[int, Any]]:
    """The cards in ``player``'s hand with サバキZ, each with its ability's pattern (112.3d)."""
    from .rules import compiled

    found = []
    for obj in game.objects_in((player, HAND)):
        for ability in compiled(game, obj.top).by_zone.get(HAND, ()):
            spec: Any = getattr(ability, "spec", None)
            if getattr(ability, "keyword", None) == SABAKI_Z and spec is not None:
                found.append((obj.top, spec.pattern))
                break
    return found


@dataclass(slots=True)
class DeclareAndBreak(Frame):
    """Break ``events``' shields as 113.6 and 509.5 say (see the module docstring)."""

    events: tuple[Event, ...]
    stage: int = 0
    asked: tuple[tuple[str, int, int], ...] = ()
    """The declarations still to offer: ("trigger" | "s_back", shield card, hand card or 0)."""
    declared: tuple[int, ...] = ()
    s_backs: tuple[tuple[int, int], ...] = ()
    """(shield card, hand card) pairs declared for S・バック."""
    cards: tuple[int, ...] = ()
    """The broken shields' cards, for サバキZ once they are in the hand (509.5d)."""
    sabaki: tuple[tuple[int, int], ...] = ()
    """(裁きの紋章 card, hand card) pairs declared for サバキZ (509.5d)."""
    broken: Any = None
    """What the breaks did (handed to the frame below at the end)."""

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.stage = 1
            self.asked = self.offers(game)
        if self.stage == 1:
            if not self.declare(game):
                return
            self.stage = 2
            discards = self.discard_events(game)
            if discards:
                game.push(game.process(*discards))
                return
        if self.stage == 2:
            self.stage = 3

            await_declared(game, self.shields(game), self.declared)  # 703.4k: its castle waits for it
            for obj in self.shields(game):
                obj.state.pop(WAITING, None)
                obj.state.pop(BREAKING, None)
            # 509.5d: all the broken shields go to the hand together.
            events = [e for e in self.events if e.subject in game.objects]
            self.cards = tuple(c for e in events for c in game.objects[e.subject].cards)  # type: ignore[index]
            declared = {"declared": self.declared}
            game.push(
                game.process(
                    *(e if _replaceable(game, e) else replace(e, args={**e.args, **declared}) for e in events)
                )
            )
            return
        if self.stage == 3:
            self.stage = 4
            self.broken = game.returned
            self.asked = self.sabaki_offers(game)
        if self.stage == 4:
            # 509.5d: with the shields in the hand, a 裁きの紋章 among them may be discarded to declare
            # サバキZ
            if not self.declare(game):
                return
            self.stage = 5
            discards = self.sabaki_discards(game)
            if discards:
                game.push(game.process(*discards))
                return
        game.finish(self.broken)

    def sabaki_offers(self, game: Game) -> tuple[tuple[str, int, int], ...]:
        """112.3d / 509.5d: each card of the broken shields now in its owner's hand, with each サバキZ of
        that hand it may be discarded for."""
        from .language.selectors import face_fits

        offers: list[tuple[str, int, int]] = []
        if not ch.cards_with_printed_keyword(game, SABAKI_Z):
            return ()  # no card of the game has サバキZ (worked out once a game)
        in_hand: dict[int, list[int]] = {}
        for cid in self.cards:
            obj = game.objects.get(game.card_object.get(cid, -1))
            if obj is not None and obj.zone[1] == HAND:
                in_hand.setdefault(obj.zone[0], []).append(cid)
        for player, crests in in_hand.items():
            users = _sabaki_z_cards(game, player)  # usually none: nothing more is looked at
            for crest in crests:
                shown = ch.definition(game, crest).main
                offers += [
                    (SABAKI_Z, crest, hand)
                    for hand, pattern in users
                    if hand != crest
                    and face_fits(shown, pattern.subject.filter)
                    and card_usable(game, player, hand)
                ]
        return tuple(offers)

    def sabaki_discards(self, game: Game) -> list[Event]:
        """509.5d: each サバキZ declared discards its 裁きの紋章 from the hand; the discard names the card
        declared, whose ability then waits (declared, with the S・トリガー: 101.4b, 509.5e)."""
        events = []
        for crest, hand in self.sabaki:
            obj = game.objects.get(game.card_object.get(crest, -1))
            if obj is None or obj.zone[1] != HAND:
                continue
            source = Source("rule", hand, obj.controller, rule="509.5d")
            events.append(Event("discard", obj.oid, obj.controller, source, {SABAKI_Z: hand}))
        return events

    def shields(self, game: Game) -> list[GameObject]:
        """The shields whose break no replacement effect could change. (A replaceable break, "ブレイクする
        時、かわりに…", is settled by the pipeline; its S・トリガー is asked once the card is in the hand.)"""
        found = [
            game.objects.get(e.subject)
            for e in self.events
            if e.subject is not None and not _replaceable(game, e)
        ]
        return [o for o in found if o is not None and o.zone[1] == SHIELDS]

    def offers(self, game: Game) -> tuple[tuple[str, int, int], ...]:
        """113.6a: the shields wait; list the declarations their owner may make, card by card."""
        offers: list[tuple[str, int, int]] = []
        shields = self.shields(game)
        before = {  # 113.6b: printed ones, and those given judged just before the shields wait
            cid: found
            for obj in shields
            for cid in obj.cards
            if (found := _shield_triggers(game, obj, cid, waiting=False))
        }
        breaking = {e.subject: e.source for e in self.events if not e.get("not_a_break")}
        for obj in shields:  # all of them wait before any is looked at: none counts as a shield (113.6a)
            obj.state[WAITING] = True
            if obj.oid in breaking:  # 701.14: what breaks it, for 「…がブレイクするシールド」 (broken_by)
                obj.state[BREAKING] = breaking[obj.oid]
        for obj in shields:
            for cid in obj.cards:
                found = before.get(cid, []) + _shield_triggers(game, obj, cid, waiting=True)
                if any(_declarable_now(game, e, cid) for e in found):
                    offers.append(("trigger", cid, 0))
                offers += [("s_back", cid, h) for h in _s_back_cards(game, obj.zone[0], cid)]
        return tuple(offers)

    def declare(self, game: Game) -> bool:
        """Ask about each offer in turn; ``False`` while a decision is pending."""
        while self.asked:
            kind, cid, hand = self.asked[0]
            used = {c for c, _ in (*self.s_backs, *self.sabaki)} | set(self.declared)
            if cid in used or hand in {h for _, h in (*self.s_backs, *self.sabaki)}:
                self.asked = self.asked[1:]
                continue
            answer = game.take_answer()
            if answer is None:
                owner = game.cards[cid].owner
                options = (Option("yes", "declare it"), Option("no", "don't"))
                if kind == "trigger":  # the same question as using it: it is asked now (113.6)
                    what = f"use {game.name(cid)}'s S・トリガー / G・ストライク? (declared now: 113.6)"
                    game.ask(Decision(owner, "use_trigger", what, options, rule="113.6"))
                elif kind == SABAKI_Z:
                    what = f"declare サバキZ of {game.name(hand)}, discarding {game.name(cid)}?"
                    game.ask(Decision(owner, "declare", what, options, rule="509.5d"))
                else:
                    what = f"declare S・バック of {game.name(hand)}, discarding {game.name(cid)}?"
                    game.ask(Decision(owner, "declare", what, options, rule="509.5c"))
                return False
            self.asked = self.asked[1:]
            if answer[0] == "yes":
                if kind == "trigger":
                    self.declared = (*self.declared, cid)
                elif kind == SABAKI_Z:
                    self.sabaki = (*self.sabaki, (cid, hand))
                else:
                    self.s_backs = (*self.s_backs, (cid, hand))
                name = "S・トリガー / G・ストライク"
                if kind == "s_back":
                    name = f"S・バック of {game.name(hand)}"
                elif kind == SABAKI_Z:
                    name = f"サバキZ of {game.name(hand)}"
                who = game.pname(game.cards[cid].owner)
                from .views import reveal

                shown = (cid,) if kind == "trigger" else (cid, hand)
                reveal(game, shown)  # a declaration shows the card(s) to both players
                game.record("declare", f"{who} declares {name} with {game.name(cid)}", "113.6", cards=shown)
        return True

    def discard_events(self, game: Game) -> list[Event]:
        """509.5c: each S・バック discards its shield card — that card alone, from a shield of several."""
        events = []
        for cid, hand in self.s_backs:
            obj = game.objects[game.card_object[cid]]
            if len(obj.cards) > 1:
                rest = game.detach_card(cid)
                assert rest is not None
                game.effects.remove_host(rest.oid)
                game.rules.object_entered(game, rest)
                obj = game.create_object([cid], obj.zone, obj.controller, state={WAITING: True})
            source = Source("rule", hand, obj.controller, rule="509.5c")
            args = {"from_shield": True, "s_back": hand}
            events.append(Event("discard", obj.oid, obj.controller, source, args))
        return events


def _replaceable(game: Game, event: Event) -> bool:
    """Could a replacement effect apply to ``event``?"""
    for effect in game.effects.find(REPLACEMENT, event.kind):
        ability = cast(Replacement, effect.ability)  # the REPLACEMENT index holds replacements only
        if ability.applies(game, effect, event):
            return True
    return False


def break_frame(events: list[Event]) -> Frame:
    return DeclareAndBreak(tuple(events))


def effect_break_frame(game: Game, events: list[Event], breaker: int | None, player: int) -> Frame:
    """The break of shields an effect chose (701.14): declared and broken as any break (113.6), after the
    "ブレイクする前に" abilities it triggers (603.7) when a creature breaks them — ``breaker``, the
    creature whose ability breaks, in the battle zone (for the attack's break, turn.BreakShields)."""
    announced: list[Event] = []
    if breaker is not None:
        source = events[0].source
        shields = tuple(e.subject for e in events)
        if game.effects.has(TRIGGER, "before_break"):  # indexed: nothing is looked at without one
            announced.append(Event("before_break", breaker, player, source, {"shields": shields}))
        if game.effects.has(TRIGGER, "before_each_break"):
            announced += [
                Event("before_each_break", breaker, player, source, {"shields": (s,)}) for s in shields
            ]
    if not announced:
        return DeclareAndBreak(tuple(events))
    return BeforeEffectBreak(tuple(events), tuple(announced))


@dataclass(slots=True)
class BeforeEffectBreak(Frame):
    """603.7 / 603.7b: shields chosen to be broken by an effect (a before-break ability's, too) trigger the
    "ブレイクの前に" abilities; those — the last triggered, and what they trigger — resolve before the
    effects already waiting (the attack's other before-break abilities, the triggers waiting for the
    effect being resolved to end, 101.4d) and before the shields chosen first are broken; then the shields
    chosen now are broken, and the effect goes on (the カクメイジン example of 603.7b).

    The effects already waiting are set aside (``held``) while the new ones resolve — this frame stands
    between effects for them alone (``settles`` at stage 1) — and put back, in their order, before the
    break."""

    events: tuple[Event, ...]
    announced: tuple[Event, ...]
    stage: int = 0
    held: tuple[Waiting, ...] = ()

    @property
    def settles(self) -> bool:
        return self.stage == 1

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.stage = 1
            self.held = tuple(game.waiting)
            game.waiting.clear()
            game.push(game.process(*self.announced))  # 603.7: they trigger as the shields are chosen
            return
        if self.stage == 1:
            # 603.7b: every effect the announcement left waiting has resolved (the game settled here).
            self.stage = 2
            game.waiting[:0] = self.held
            self.held = ()
            game.push(DeclareAndBreak(tuple(e for e in self.events if e.subject in game.objects)))
            return
        game.finish(game.returned)


def set_aside_waiting(game: Game) -> list[Waiting]:
    """The waiting effects a :class:`BeforeEffectBreak` holds while its own resolve (603.7b)."""
    return [w for f in game.stack if isinstance(f, BeforeEffectBreak) for w in f.held]


def as_breaks(game: Game, events: list[Event]) -> list[Event] | None:
    """701.14b: an effect that puts shields into the hand (手札に加える／戻す) behaves like a break — the same
    declarations while they wait (113.6) — but is no break: ``not_a_break`` keeps effects that need a break
    ("ブレイクされた時", "ブレイクする時、かわりに") from applying. ``None`` unless every event is such a
    move."""
    out = []
    for event in events:
        obj = game.objects.get(event.subject) if event.subject is not None else None
        if event.kind != "move" or event.get("to") != HAND or obj is None or obj.zone[1] != SHIELDS:
            return None
        if event.get("no_shield_trigger"):
            return None  # the card says "ただし、その「S・トリガー」は使えない" (cards over rules, 101.1)
        out.append(
            Event(
                "break",
                obj.oid,
                obj.zone[0],
                event.source,
                {"not_a_break": True},
                event.parent,
                event.replaced_by,
            )
        )
    return out or None


# ---------------------------------------------------------------------------------------------- 603.2e–f

DECLARED = "declared_waiting"
"""``game.info`` key: the seqs of waiting effects that were declared (603.2f), so they are not asked again."""


def needs_declaration(game: Game, waiting: Any) -> bool:
    """603.2e: an optional triggered ability that triggers in a hidden zone (the hand, the deck, a face-down
    shield: ニンジャ・ストライク, 革命チェンジ) must be declared. S・トリガー and G・ストライク are declared
    while the shields wait (113.6), so they are not asked here."""
    effect = waiting.effect
    if not getattr(effect.ability, "optional", False) or declarable(effect):
        return False
    if waiting.seq in game.info.get(DECLARED, ()):
        return False
    obj = game.objects.get(effect.host) if effect.host is not None else None
    if obj is None:
        return False
    zone = obj.zone[1]
    return zone in (HAND, "deck") or (zone == SHIELDS and obj.face_down)


def declared(game: Game, waiting: Any) -> bool:
    return waiting.seq in game.info.get(DECLARED, ())


@dataclass(slots=True)
class DeclareWaiting(Frame):
    """506.3b / 506.3d / 603.2f: before a player's waiting effects resolve, that player declares the
    abilities that need it, one by one; an ability not declared never triggered (it leaves the queue), a
    declared one is used with no second question (ResolveTrigger)."""

    seqs: tuple[int, ...]

    def describe(self) -> str:
        return f"DeclareWaiting({len(self.seqs)} to declare)"

    def step(self, game: Game) -> None:
        while self.seqs:
            seq = self.seqs[0]
            waiting = next((w for w in game.waiting if w.seq == seq), None)
            if waiting is None:
                self.seqs = self.seqs[1:]
                continue
            from .abilities import condition_holds

            spec = getattr(waiting.effect.ability, "spec", None)
            if spec is not None and not condition_holds(game, waiting.effect, spec.condition):
                # 506.3d: it can be declared only if its condition is met now (ニンジャ・ストライク's mana).
                self.seqs = self.seqs[1:]
                game.waiting.remove(waiting)
                continue
            answer = game.take_answer()
            if answer is None:
                label = waiting.effect.ability.label
                game.ask(
                    Decision(
                        waiting.controller,
                        "use_trigger",
                        f"use {label}? (declared now, before the waiting effects resolve: 603.2f)",
                        (Option("yes", "use it"), Option("no", "don't")),
                        rule="603.2f",
                    )
                )
                return
            self.seqs = self.seqs[1:]
            if answer[0] == "yes":
                game.info[DECLARED] = (*game.info.get(DECLARED, ()), seq)
                game.record(
                    "declare",
                    f"{game.pname(waiting.controller)} declares {waiting.effect.ability.label}",
                    "603.2f",
                )
            else:
                game.waiting.remove(waiting)
        game.finish()


def declarations(game: Game, group: Any) -> Frame | None:
    seqs = tuple(w.seq for w in group if needs_declaration(game, w))
    return DeclareWaiting(seqs) if seqs else None
