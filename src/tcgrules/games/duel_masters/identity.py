"""What an effect remembers about hidden cards, and when it forgets (seed 004, オブジェクトの同一性).

An effect that applies to particular objects forgets an object that changes zones (it is a new object).
It also forgets objects that can no longer be told apart from objects it does not apply to: shuffling a
zone that mixes objects the effect applies to with others makes the effect lose all of them there. The
seed's example is a spell covering its caster's hand and deck, then a shuffle that adds the hand and the
graveyard to the deck. A zone shuffled without any other object joining it stays covered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...cards.schema import Action
from ...kernel import MODIFIER, Effect, Event, Game, Happened, Modifier
from . import actions as A


@dataclass(frozen=True, slots=True)
class CostChangeOnObjects(Modifier):
    """ "…のコストを±N する" made by an effect, on the objects in ``Effect.targets`` — the objects that were
    there when the effect was made (110.2e), wherever they are (hand, deck)."""

    amount: int
    kinds: frozenset[str] = frozenset({"cost"})
    label: str = "cost change"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if obj_id not in effect.targets:
            return value
        # "コストを…少なくする": a reduced cost never drops below 1, as for a static's ``cost``.
        return max(1, value + self.amount) if self.amount < 0 and value > 0 else value + self.amount


def cost_step(frame: Any, game: Game, action: Action) -> int:
    """``cost: {what: SEL, add: Q, until: DURATION}``: the selected objects cost Q more (negative: less)
    for the duration. One effect covers all of them, so shuffling them with other cards makes it lose them
    all there (forget_mixed)."""

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    amount = A.amount_of(game, frame, action.args["add"], 0)
    args = {"amount": amount, "targets": tuple(picked), "until": action.get("until", "end_of_turn")}
    return int(frame.emit(game, [Event("cost_change", None, frame.ctx.controller, frame.ctx.source, args)]))


def perform_cost_change(game: Game, event: Event) -> Happened | None:
    """The selected objects get a cost change for the duration (one effect over all of them)."""
    assert event.player is not None
    from .perform import _expiry

    oids = tuple(o for o in event.get("targets") if o in game.objects)
    game.effects.add(
        CostChangeOnObjects(int(event.get("amount"))),
        event.player,
        event.source,
        expires=_expiry(event, game),
        targets=oids,
    )
    return Happened(event, (), data={"objects": len(oids)})


def forget_mixed(game: Game, player: int, zone: str) -> None:
    """A shuffled zone: effects that applied to some but not all of its objects lose the ones there."""
    here = set(game.zones.get((player, zone), ()))
    for effect in list(game.effects):
        if effect.ability.category != MODIFIER or not effect.targets:
            continue
        covered = here.intersection(effect.targets)
        if not covered or covered == here:
            continue
        game.effects.remove(effect.eid)
        kept = tuple(t for t in effect.targets if t not in here)
        game.record("rule", f"{effect.ability.label}: shuffled cards can no longer be told apart", "seed 004")
        if kept:
            game.effects.add(
                effect.ability,
                effect.controller,
                effect.source,
                host=effect.host,
                expires=effect.expires,
                targets=kept,
            )


PERFORMERS = {"cost_change": perform_cost_change}
HANDLERS: dict[str, Callable[[Any, Game, Action], int]] = {"cost": cost_step}
