"""What an effect remembers about hidden cards, and when it forgets (seed 004, オブジェクトの同一性).

An effect that applies to particular objects forgets an object that changes zones (it is a new object).
It also forgets objects that can no longer be told apart from objects it does not apply to: shuffling a
zone that mixes objects the effect applies to with others makes the effect lose all of them there. The
seed's example is a spell covering its caster's hand and deck, then a shuffle that adds the hand and the
graveyard to the deck. A zone shuffled without any other object joining it stays covered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import MODIFIER, Effect, Event, Game, Happened, Modifier
from .zones import DECK, HAND


@dataclass(frozen=True, slots=True)
class CostChangeOnObjects(Modifier):
    """ "…のコストを±N する" on the objects in ``Effect.targets`` (cards in hand and deck)."""

    amount: int
    kinds: frozenset[str] = frozenset({"cost"})
    label: str = "cost change on cards in hand and deck"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return max(0, value + self.amount) if obj_id in effect.targets else value


def perform_cost_change(game: Game, event: Event) -> Happened | None:
    """The cards now in the player's hand and deck get a cost change until end of turn."""
    assert event.player is not None
    oids = tuple(oid for zone in (HAND, DECK) for oid in game.zones.get((event.player, zone), ()))
    game.effects.add(
        CostChangeOnObjects(int(event.get("amount"))),
        event.player,
        event.source,
        expires="end_of_turn",
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
