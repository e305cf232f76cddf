"""The Magic replacement policy (614.5, 614.6, 614.15, 616.1, 616.1a, 616.1e, 616.1f).

For each event of a batch, one replacement at a time:

1. Find the replacement effects that apply to the event now and have not already applied to it or to
   an event it replaced (614.5: each gets one opportunity, tracked by ``Event.replaced_by``).
2. Self-replacement effects come first (614.15, 616.1a).
3. If one remains it applies; if several, the affected player — or the controller of the affected object
   — chooses one (616.1, 616.1e).
4. Apply it, then look again at the modified event: an effect that applied before may no longer apply,
   and another may now apply (616.1f, 616.2). Repeat until none is left.

"Can't" effects are prohibitions, which the kernel checks before this policy runs (614.17). Events of
one batch are handled in APNAP order of the players who choose (101.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...kernel import (
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    Option,
    Plan,
    Replacement,
    ReplacementOutcome,
    ReplacementPolicy,
    applicable_replacements,
)


def chooser(game: Game, event: Event) -> int:
    """616.1: the affected player, or the controller of the affected object."""
    if event.player is not None:
        return event.player
    obj = game.objects.get(event.subject) if event.subject is not None else None
    return obj.controller if obj is not None else game.active_player


def watching(game: Game, event: Event) -> list[Effect]:
    """Replacement effects whose pattern matches ``event`` now (lineage not considered)."""
    return [
        e
        for e in applicable_replacements(game, event)
        if e.ability.feasible(game, e, event, frozenset())  # type: ignore[attr-defined]  # Replacements
    ]


@dataclass(slots=True)
class MagicReplacement(Frame):
    events: tuple[Event, ...]
    todo: list[Event] = field(default_factory=list)
    done: list[Event] = field(default_factory=list)
    started: bool = False
    planning: int | None = None
    """The effect id whose plan frame is running for ``todo[0]``."""
    before: tuple[int, ...] = ()
    """Effects that applied to the event just replaced (to say which no longer apply, 616.1f)."""

    def describe(self) -> str:
        return f"MagicReplacement({len(self.todo)} to examine, {len(self.done)} final)"

    def step(self, game: Game) -> None:
        if not self.started:
            self.started = True
            order = list(game.rules.waiting_order(game))
            self.todo = sorted(
                self.events, key=lambda e: order.index(p) if (p := chooser(game, e)) in order else len(order)
            )
        if self.planning is not None:
            self.receive_plan(game)
        while self.todo:
            event = self.todo[0]
            pool = self.candidates(game, event)
            if not pool:
                self.done.append(self.todo.pop(0))
                self.before = ()
                continue
            effect = self.pick(game, event, pool)
            if effect is None:
                return  # a decision is pending
            self.planning = effect.eid
            ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
            game.push(ability.plan(game, effect, event, frozenset()))
            return
        game.finish(ReplacementOutcome(tuple(self.done)))

    def candidates(self, game: Game, event: Event) -> list[Effect]:
        matching = watching(game, event)
        pool = [e for e in matching if e.eid not in event.replaced_by]
        for effect in matching:
            if effect.eid in event.replaced_by:
                game.record(
                    "rule",
                    f"{effect.ability.label} already applied to this event; it does not apply again",
                    "614.5",
                    effect=effect.eid,
                )
        current = {e.eid for e in matching}
        for eid in self.before:
            gone = game.effects.get(eid)
            if gone is not None and eid not in current and eid not in event.replaced_by:
                game.record("rule", f"{gone.ability.label} no longer applies to the modified event", "616.1f")
        self.before = ()
        selfs = [e for e in pool if e.ability.self_replacement]  # type: ignore[attr-defined]  # Replacement
        if selfs and len(selfs) < len(pool):
            game.record("rule", "self-replacement effects apply first", "616.1a")
        return selfs or pool

    def pick(self, game: Game, event: Event, pool: list[Effect]) -> Effect | None:
        if len(pool) == 1:
            return pool[0]
        answer = game.take_answer()
        by_label = {e.option_label: e for e in pool}
        if answer is None:
            player = chooser(game, event)
            game.ask(
                Decision(
                    player,
                    "replacement",
                    "choose which replacement effect applies first to: "
                    + game.rules.describe_event(game, event),
                    tuple(Option(label, e.ability.label) for label, e in by_label.items()),
                    rule="616.1",
                )
            )
            return None
        return by_label[answer[0]]

    def receive_plan(self, game: Game) -> None:
        eid, self.planning = self.planning, None
        plan: Plan | None = game.returned
        effect = game.effects.get(eid)  # type: ignore[arg-type]  # set before the plan frame ran
        event = self.todo.pop(0)
        label = effect.ability.label if effect is not None else f"effect {eid}"
        if plan is None:
            game.record("rule", f"{label} cannot be applied", "614.1")
            self.done.append(event)
            return
        rule = "614.15" if effect is not None and effect.ability.self_replacement else "614.1a"  # type: ignore[attr-defined]  # the registry entry is of the category that has this method
        game.record(
            "replacement",
            f"{label} applies to: {game.rules.describe_event(game, event)}",
            rule,
            effect=eid,
        )
        # 614.6: the modified event replaces the original; 110.5-style: it keeps the original's source.
        subs = [
            replace(sub, source=event.source, parent=event, replaced_by=(*event.replaced_by, eid))  # type: ignore[arg-type]  # checked just above
            for sub in plan.events
        ]
        self.todo[0:0] = subs
        self.before = tuple(
            e.eid for e in watching(game, event) if e.eid != eid and e.eid not in event.replaced_by
        )


class MagicPolicy(ReplacementPolicy):
    name = "magic"

    def frame(self, game: Game, events: tuple[Event, ...]) -> Frame:
        return MagicReplacement(events)
