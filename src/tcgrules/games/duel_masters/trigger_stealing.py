"""Stealing a triggered ability ("かわりに自分がその能力を使う"): a replacement of an ability *triggering*;
the ability waits under the stealer's control, and the events it makes are part of that replacement (101.5:
no "instead" applies to them), while events they cause later — a battle's loser being destroyed — are fresh
(seed 000, 2021-09-24)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...cards.schema import AbilitySpec, Action
from ...kernel import (
    REPLACEMENT,
    Effect,
    Event,
    Frame,
    Game,
    Happened,
    Triggered,
    Waiting,
)
from . import actions as A

if TYPE_CHECKING:
    from .abilities import CardTrigger


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
        {
            "pattern": ability.spec.pattern.event if ability.spec.pattern is not None else ability.spec.name,
            "own": happened.new == effect.host,
        },
    )
    for rep in game.effects.find(REPLACEMENT, "ability_triggers"):
        if not rep.ability.applies(game, rep, event):  # type: ignore[attr-defined]
            continue
        user = _user(rep)
        if user is None:
            continue
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


def use_instead(frame: Any, game: Game, action: Action) -> int:
    """``use_instead: PLAYER``, the substitute of a ``triggers`` replacement: applied as the ability
    triggers (:func:`steal_trigger`), so resolving it does nothing more."""
    return A._DONE


def _user(rep: Effect) -> int | None:
    """Who a ``triggers`` replacement makes use the ability: its ``use_instead`` step's player."""
    for step in rep.ability.spec.instead:  # type: ignore[attr-defined]  # CardReplacements only
        if step.op == "use_instead":
            return rep.controller if step.get("player", "you") == "you" else 1 - rep.controller
    return None


HANDLERS = {
    "use_instead": use_instead,
}
