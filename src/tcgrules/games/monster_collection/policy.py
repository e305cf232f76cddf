"""The Monster Collection replacement policy (総合ルール 2.0: 10.8.3, 10.8.4, 10.8.4.1; seed 001).

Where Duel Masters applies one replacement per event and never replaces a substitute (DM 101.5), here:

* 10.8.4 / 10.8.4.1 — when several replacement effects would replace the same event, the owner of the
  affected unit chooses which applies first (a decision when there is more than one).
* 10.8.3 — the replaced event never happened: the other replacement effects that watched it have nothing
  to replace and do nothing (example 3).
* The substitute is a new event: it goes through the prohibitions (耐性, examples 6–9) and may itself be
  replaced by other effects (example 1: damage → death by クリティカル → replaced by リザレクション).
  Loop guard: an effect never applies twice in one lineage (``Event.replaced_by``).
* 4.8 / 4.9 — the substitute's source is the card whose effect makes it, unless its text names the
  replaced event's source (クリティカル's erratum: "ダメージを発生させたカードの効果で死亡する").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...kernel import (
    PROHIBITION,
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    Option,
    Plan,
    Prohibition,
    Replacement,
    ReplacementOutcome,
    ReplacementPolicy,
    applicable_replacements,
)


def candidates(game: Game, event: Event, failed: set[int]) -> list[Effect]:
    """Replacement effects that would replace ``event`` now, none of them already in its lineage."""
    # Loop guard: an effect applies at most once to an event and what replaced it.
    return [
        e
        for e in applicable_replacements(game, event)
        if e.eid not in event.replaced_by
        and e.eid not in failed
        and e.ability.feasible(game, e, event, frozenset())  # type: ignore[attr-defined]  # Replacements
    ]


def forbidding(game: Game, event: Event) -> Effect | None:
    """The prohibition (耐性) that stops ``event``, if any."""
    for effect in game.effects.find(PROHIBITION, event.kind):
        ability: Prohibition = effect.ability  # type: ignore[assignment]  # PROHIBITION entries
        if ability.forbids(game, effect, event):
            return effect
    return None


def record_prohibited(game: Game, event: Event, effect: Effect) -> None:
    source = event.source.card
    why = f" (its source {game.name(source)} is what the 耐性 names)" if source is not None else ""
    game.record(
        "prohibited",
        f"{game.rules.describe_event(game, event)} does not happen: {effect.ability.label}{why}",
        "4.9",
        effect=effect.eid,
        event=event.kind,
        source=source,
    )


def affected_owner(game: Game, event: Event) -> int:
    """10.8.4.1: the owner of the affected unit (for a player event, that player)."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is not None:
        return game.cards[obj.top].owner
    return event.player if event.player is not None else game.active_player


def lineage(event: Event) -> tuple[str, ...]:
    """The kinds of the events this one replaced, oldest first, then its own."""
    kinds: list[str] = []
    at: Event | None = event
    while at is not None:
        kinds.append(at.kind)
        at = at.parent
    return tuple(reversed(kinds))


@dataclass(slots=True)
class MonsterCollectionReplacement(Frame):
    """Replace each event of a batch until nothing more applies; finishes with a ReplacementOutcome."""

    events: tuple[Event, ...]
    queue: list[Event] = field(default_factory=list)
    """Events still to look at, the next first (substitutes go to the front: they are looked at next)."""
    final: list[Event] = field(default_factory=list)
    started: bool = False
    planning: int | None = None
    others: tuple[int, ...] = ()
    """The other effects that watched the event being replaced (10.8.3: they will do nothing)."""
    failed: set[int] = field(default_factory=set)

    def describe(self) -> str:
        return f"MonsterCollectionReplacement({len(self.queue)} to look at, {len(self.final)} final)"

    def step(self, game: Game) -> None:
        if not self.started:
            self.queue, self.started = list(self.events), True
        if self.planning is not None:
            self.receive_plan(game)
        while self.queue:
            event = self.queue[0]
            offers = candidates(game, event, self.failed)
            if not offers:
                self.final.append(self.queue.pop(0))
                self.failed.clear()
                continue
            effect = self.pick(game, event, offers)
            if effect is None:
                return  # 10.8.4.1: the owner's decision is pending
            self.planning = effect.eid
            self.others = tuple(o.eid for o in offers if o.eid != effect.eid)
            ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
            game.push(ability.plan(game, effect, event, frozenset()))
            return
        game.finish(ReplacementOutcome(tuple(self.final)))

    def pick(self, game: Game, event: Event, offers: list[Effect]) -> Effect | None:
        """10.8.4 / 10.8.4.1: with several, the affected unit's owner chooses which applies first."""
        if len(offers) == 1:
            return offers[0]
        by_label = {e.option_label: e for e in offers}
        answer = game.take_answer()
        if answer is not None:
            return by_label[answer[0]]
        what = game.rules.describe_event(game, event)
        game.ask(
            Decision(
                affected_owner(game, event),
                "replacement_order",
                f"several replacement effects would replace {what}: choose the one applied first",
                tuple(Option(label, e.ability.label) for label, e in by_label.items()),
                rule="10.8.4.1",
            )
        )
        return None

    def receive_plan(self, game: Game) -> None:
        eid, self.planning = self.planning, None
        assert eid is not None
        plan: Plan | None = game.returned
        effect = game.effects.get(eid)
        if plan is None or effect is None:
            self.failed.add(eid)
            game.record(
                "rule", f"effect {eid} cannot replace the event: its substitute is impossible", "10.8"
            )
            return
        event = self.queue.pop(0)
        self.failed.clear()
        subs = [
            replace(
                sub,
                source=event.source if plan.keep_source else sub.source,
                parent=event,
                replaced_by=(*event.replaced_by, eid),
            )
            for sub in plan.events
        ]
        for sub in subs:
            self.record(game, effect, event, sub, keep_source=plan.keep_source)
        # The substitute is a new event: prohibitions first (耐性), then it may be replaced again.
        kept = []
        for sub in subs:
            stopping = forbidding(game, sub)
            if stopping is None:
                kept.append(sub)
            else:
                record_prohibited(game, sub, stopping)
        self.record_others(game, event, kept)
        self.queue[0:0] = kept

    def record(self, game: Game, effect: Effect, event: Event, sub: Event, *, keep_source: bool) -> None:
        describe = game.rules.describe_event
        game.record(
            "replacement",
            f"{effect.ability.label} replaces {describe(game, event)}: instead, {describe(game, sub)} "
            f"— {event.kind} never happened; the {sub.kind} is a new event that may be replaced again",
            "10.8.3",
            effect=effect.eid,
            event=sub.kind,
            source=sub.source.card,
            lineage=lineage(sub),
        )
        if sub.source.card is not None:
            whose = (
                "the replaced event's source, as the text says" if keep_source else "the card whose effect"
            )
            game.record(
                "rule",
                f"the {sub.kind}'s source is {game.name(sub.source.card)} ({whose}"
                + (")" if keep_source else " makes it)"),
                "4.8/4.9",
                event=sub.kind,
                source=sub.source.card,
            )

    def record_others(self, game: Game, event: Event, kept: list[Event]) -> None:
        others = [e for e in (game.effects.get(eid) for eid in self.others) if e is not None]
        self.others = ()
        still = {e.eid for sub in kept for e in candidates(game, sub, set())}
        idle = [e for e in others if e.eid not in still]
        if not idle:
            return
        names = ", ".join(e.ability.label for e in idle)
        game.record(
            "rule",
            f"{game.rules.describe_event(game, event)} never happened, so {names} has nothing to replace "
            "and does nothing",
            "10.8.3",
        )


class MonsterCollectionPolicy(ReplacementPolicy):
    name = "monster_collection"

    def frame(self, game: Game, events: tuple[Event, ...]) -> Frame:
        return MonsterCollectionReplacement(events)
