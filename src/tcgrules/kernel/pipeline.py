"""The event pipeline: how a batch of simultaneous events becomes what actually happened.

One frame, read top to bottom:

1. **Propose** — a batch of simultaneous events arrives.
2. **Prohibitions first** — an event that cannot happen is dropped before any replacement sees it, so
   no "instead" can apply to it (DM 700.3, 609.5; MTG 614.17).
3. **Replacements** — by the game's policy (DM 101.5/609.8/609.9, MTG 614.5/616.1, MC 10.8).
4. **Perform** — the final events, atomically; each yields a record of what happened, source unchanged.
5. **Triggers** — match what happened, never the replaced originals (DM 603.2d, MTG 614.6).
6. **Follow-ups** of replacements (DM 101.5a: a そうしたら sentence is a fresh event), then
   **state-based actions**, repeated until none apply (DM 703.3, MTG 704.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from .decisions import Decision, Option
from .effects import (
    PROHIBITION,
    REPLACEMENT,
    TRIGGER,
    Effect,
    Prohibition,
    Replacement,
    Triggered,
    Waiting,
    card_bound_kinds,
)
from .events import Event, Happened
from .frames import Frame
from .probes import PROBES
from .rules import ReplacementOutcome

if TYPE_CHECKING:
    from .game import Game

_PROHIBIT, _REPLACE, _PERFORM, _SBA, _DONE = range(5)


@dataclass(slots=True)
class ProcessEvents(Frame):
    """Run one batch of simultaneous events through the pipeline; finishes with ``list[Happened]``."""

    events: tuple[Event, ...]
    stage: int = _PROHIBIT
    followups: tuple[Frame, ...] = ()
    happened: list[Happened] = field(default_factory=list)

    def describe(self) -> str:
        return f"ProcessEvents({', '.join(e.kind for e in self.events)}; stage {self.stage})"

    def step(self, game: Game) -> None:
        if self.stage == _PROHIBIT:
            # 2. Prohibitions are checked before replacements (DM 700.3, MTG 614.17).
            self.events = drop_prohibited(game, self.events)
            self.stage = _REPLACE
            # 3. Replacements, only when some effect is indexed under one of these kinds.
            index = game.effects.index
            for e in self.events:
                if (REPLACEMENT, e.kind) in index:
                    game.push(game.rules.policy.frame(game, self.events))
                    return
            game.returned = ReplacementOutcome(self.events)
        if self.stage == _REPLACE:
            outcome: ReplacementOutcome = game.returned
            self.followups = outcome.followups
            # 4. Perform the final events together; 5. then the triggers they caused.
            self.happened = perform(game, outcome.events)
            collect_triggers(game, self.happened)
            self.stage = _PERFORM
            for frame in reversed(self.followups):
                game.push(frame.clone())
            if self.followups:
                return
        if self.stage in (_PERFORM, _SBA):
            # 6. State-based actions, repeated until none apply (DM 703.3).
            if game.result is not None:
                sba: list[Event] | Frame = []
            elif PROBES and "state_based_actions" in PROBES:
                sba = PROBES["state_based_actions"](game.rules.state_based_actions, game)
            else:
                sba = game.rules.state_based_actions(game)
            if sba:
                self.stage = _SBA
                if isinstance(sba, Frame):  # a state-based action that asks first; then look again
                    game.push(sba)
                    return
                text = "state-based actions: " + ", ".join(e.kind for e in sba)
                game.record("rule", text, game.rules.sba_rule or None)
                game.push(ProcessEvents(tuple(sba)))
                return
            game.finish(self.happened)


def is_prohibited(game: Game, event: Event, kept: Sequence[Event] = ()) -> Effect | None:
    """The prohibition that forbids ``event``, if any (DM 700.3, MTG 614.17), ``kept`` being the events of
    its batch allowed before it. Policies use it to tell that a substitute cannot be performed (DM 609.4)."""
    for effect in game.effects.find(PROHIBITION, event.kind):
        ability: Prohibition = effect.ability  # type: ignore[assignment]  # PROHIBITION entries
        if ability.forbids_among(game, effect, event, kept):
            return effect
    return None


def any_prohibited(game: Game, events: tuple[Event, ...]) -> bool:
    """Would a prohibition stop one of ``events``, performed as one batch? (DM 609.4: a substitute made of
    several events can be performed only if all of them can.)"""
    index = game.effects.index
    kept: list[Event] = []
    for event in events:
        if (PROHIBITION, event.kind) in index and is_prohibited(game, event, kept) is not None:
            return True
        kept.append(event)
    return False


def applicable_replacements(game: Game, event: Event) -> list[Effect]:
    """The replacement effects indexed under ``event``'s kind whose pattern applies to it now. Each game's
    policy then narrows them by its own rules (lineage, feasibility, who chooses)."""
    out = []
    for effect in game.effects.find(REPLACEMENT, event.kind):
        ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
        if ability.applies(game, effect, event):
            out.append(effect)
    return out


def drop_prohibited(game: Game, events: tuple[Event, ...]) -> tuple[Event, ...]:
    index = game.effects.index
    for event in events:
        if (PROHIBITION, event.kind) in index:
            break
    else:
        return events  # no prohibition of any of these kinds: the common case, read from the index at once
    kept: list[Event] = []
    for event in events:
        forbidding = is_prohibited(game, event, kept)
        if forbidding is None:
            kept.append(event)
        else:
            subject = game.objects.get(event.subject) if event.subject is not None else None
            game.record(
                "prohibited",
                f"{game.rules.describe_event(game, event)} does not happen: {forbidding.ability.label}",
                game.rules.prohibition_rule or None,
                effect=forbidding.eid,
                cards=tuple(subject.cards) if subject is not None else (),
            )
    return tuple(kept) if len(kept) != len(events) else events


def perform(game: Game, events: tuple[Event, ...]) -> list[Happened]:
    rules = game.rules
    happened = []
    for event in events:
        h = rules.perform(game, event)
        if h is not None:
            happened.append(h)
            if game.log_enabled:
                game.record(
                    "event",
                    rules.describe_happened(game, h),
                    event.source.rule,
                    event=event.kind,
                    source=event.source.card,
                    source_rule=event.source.rule,
                    cards=h.cards,
                    replaced_by=event.replaced_by,
                )
    return happened


def collect_triggers(game: Game, happened: list[Happened]) -> None:
    """Triggered abilities look at what actually happened (DM 603.2d). Abilities of objects that left
    during this batch still see it ("look back in time", DM 603.5c)."""
    lookback = game.take_lookback()
    game.arrivals = frozenset(h.new for h in happened if h.new is not None)
    try:
        _collect(game, happened, lookback)
    finally:
        game.arrivals = frozenset()


def _collect(game: Game, happened: list[Happened], lookback: list[Effect]) -> None:
    back = LookBack(lookback) if lookback else None
    batched: dict[int, int] = {}  # a per-batch ability already waiting: its effect id → its place in waiting
    probing = PROBES.get("trigger_matches") if PROBES else None  # kernel/probes.py
    for h in happened:
        for eff in trigger_candidates(game, h, back) if not PROBES else _probed_candidates(game, h, back):
            ability = cast(Triggered, eff.ability)  # the TRIGGER index holds triggered abilities only
            if batched and eff.eid in batched:
                # DM 603.2b: one trigger for the whole batch; this event joins the one already waiting.
                if ability.matches_again(game, eff, h):
                    at = batched[eff.eid]
                    w = game.waiting[at]
                    game.waiting[at] = replace(w, batch=(*w.batch, h))
                continue
            if ability.matches(game, eff, h) if probing is None else probing(ability.matches, game, eff, h):
                game.add_waiting(eff, h, eff.controller, ability.priority_class)
                game.record("trigger", f"{ability.label} triggers", "603.2", effect=eff.eid)
                if ability.per_batch:
                    at = len(game.waiting) - 1
                    game.waiting[at] = replace(game.waiting[at], batch=(h,))
                    batched[eff.eid] = at


def _probed_candidates(game: Game, h: Happened, back: LookBack | None) -> list[Effect]:
    probe = PROBES.get("trigger_candidates")
    return (
        trigger_candidates(game, h, back) if probe is None else list(probe(trigger_candidates, game, h, back))
    )


def _eid(effect: Effect) -> int:
    return effect.eid


def _position(entry: tuple[int, Effect]) -> int:
    return entry[0]


def held_cards(game: Game, h: Happened) -> tuple[int, ...]:
    """The cards a card-bound trigger (:attr:`~.effects.Triggered.card_bound`) must be among to match
    ``h``: the cards ``h`` touched (each card of an object that moved, which may now be objects of their
    own) and the cards of its old and new objects that exist now."""
    objects = game.objects
    old = objects.get(h.old) if h.old is not None else None
    new = objects.get(h.new) if h.new is not None and h.new != h.old else None
    cards = tuple(h.cards)
    if old is not None:
        cards += tuple(old.cards)
    if new is not None:
        cards += tuple(new.cards)
    return tuple(dict.fromkeys(cards))  # each card once: its bound triggers are looked up once


class LookBack:
    """The triggered abilities of objects that left during a batch (DM 603.5c), indexed as the registry
    indexes them: by kind, and card-bound ones by ``(kind, card)``; each remembers its place in the list."""

    __slots__ = ("bound", "effects", "general")

    def __init__(self, effects: list[Effect]) -> None:
        self.effects = effects
        self.general: dict[str, list[tuple[int, Effect]]] = {}
        self.bound: dict[tuple[str, int | None], list[tuple[int, Effect]]] = {}
        for position, effect in enumerate(effects):
            bound = card_bound_kinds(effect.ability)
            for kind in effect.ability.kinds:
                if kind in bound:
                    self.bound.setdefault((kind, effect.source.card), []).append((position, effect))
                else:
                    self.general.setdefault(kind, []).append((position, effect))

    def candidates(self, kind: str, cards: tuple[int, ...]) -> list[Effect]:
        found = self.general.get(kind, [])
        extra = [entry for card in cards for entry in self.bound.get((kind, card), ())]
        if extra:
            found = sorted(found + extra, key=_position)
        return [effect for _, effect in found]


def trigger_candidates(game: Game, h: Happened, lookback: LookBack | None) -> list[Effect]:
    """The waiting triggered abilities that could match ``h``, in the order they are checked: the registry's
    in registration order, then those of objects that left in this batch in the order they left. Only the
    general triggers of ``h``'s kind and the card-bound ones of the cards ``h`` is about are looked at."""
    effects = game.effects
    kind = h.kind
    general = effects.find(TRIGGER, kind)
    if lookback is None and kind not in effects.bound_kinds():
        return list(general)  # no card-bound trigger of this kind: the cards ``h`` touched do not matter
    cards = held_cards(game, h)
    bound = [effect for card in cards for effect in effects.find_bound(kind, card)] if cards else []
    candidates = sorted([*general, *bound], key=_eid) if bound else list(general)
    if lookback is not None:
        candidates += lookback.candidates(kind, cards)
    return candidates


def all_trigger_candidates(game: Game, h: Happened, lookback: list[Effect]) -> list[Effect]:
    """What :func:`trigger_candidates` would return without the indexes: every triggered ability whose
    kinds hold ``h``'s kind, registry first (registration order), then the look-back list. The reference
    the indexed collection is tested against; the matching ones of both lists are the same, in order."""
    kind = h.kind
    registered = [e for e in game.effects if e.ability.category == TRIGGER and kind in e.ability.kinds]
    return registered + [e for e in lookback if kind in e.ability.kinds]


@dataclass(slots=True)
class ResolveWaiting(Frame):
    """Resolve waiting triggered effects one at a time (DM 101.4/101.4a, MTG 603.3b).

    The lowest priority class goes first (DM: S・トリガー and the like); within a class the players in
    the game's order (turn player first); a player with several waiting effects picks which is next.
    Effects that trigger meanwhile join the queue and are ordered the same way (101.4c).
    """

    def step(self, game: Game) -> None:
        if not game.waiting or game.result is not None:
            game.finish()
            return
        group = _next_group(game)
        declaring = game.rules.declarations(game, group)
        if declaring is not None:
            # DM 603.2f / 506.3b: abilities that must be declared are declared before any of the group
            # resolves (one that is not declared never triggered).
            game.push(declaring)
            return
        if len(group) > 1:
            answer = game.take_answer()
            if answer is None:
                game.ask(
                    Decision(
                        group[0].controller,
                        "order_triggers",
                        "choose which waiting effect resolves next",
                        tuple(Option(_waiting_label(w), w.effect.ability.label) for w in group),
                        rule="101.4a",
                    )
                )
                return
            chosen = next(w for w in group if _waiting_label(w) == answer[0])
        else:
            chosen = group[0]
        game.waiting.remove(chosen)
        effect = chosen.effect
        game.record(
            "rule", f"resolving {effect.ability.label}", "101.4", effect=effect.eid, source=effect.source.card
        )
        game.push(cast(Triggered, chosen.effect.ability).resolve(game, chosen))


def _waiting_label(w: Waiting) -> str:
    """``w<seq>:c<source card>``: the card part lets a caller name the option by the card."""
    card = w.effect.source.card
    return f"w{w.seq}" if card is None else f"w{w.seq}:c{card}"


def _next_group(game: Game) -> list[Waiting]:
    best_class = min(w.priority_class for w in game.waiting)
    for player in game.rules.waiting_order(game):
        group = [w for w in game.waiting if w.priority_class == best_class and w.controller == player]
        if group:
            return group
    return [w for w in game.waiting if w.priority_class == best_class]
