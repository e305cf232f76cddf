"""Limits on how many things a player may do each turn (700.3 prohibitions that count):

* ``creatures_per_turn: N`` — 各ターン、クリーチャーをN体までしか出せない: once N creatures have entered the
  battle zone under a player this turn, no more does — neither a summon (it cannot be declared, 601.1b) nor
  an effect's put (the event does not happen, 700.3). Creatures entering together count one after another:
  of a batch of four with a limit of three, the fourth does not enter — and a replacement whose substitute
  would put out more than the limit leaves cannot be applied at all (609.4, replacement.py; ruling 203).
* ``spells_per_turn: N`` — 各ターン、呪文をN枚までしか唱えられない: once a player has cast N spells this
  turn, they cannot declare another (601.1b).

Both are statics applying to players (``to: each | you | opponent``, as a player rule) and read the game's
record of this turn (language/history.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards.schema import AbilitySpec, Face
from ...kernel import PROHIBITION, Effect, Event, Game, Prohibition
from . import characteristics as ch
from .language import history
from .zones import BATTLE

LIMITS = frozenset({"creatures_per_turn", "spells_per_turn"})
KIND = "per_turn_limit"
"""The index kind every such ability is found under (besides ``enter``), so that a use asks only when one
exists."""


@dataclass(frozen=True, slots=True)
class PerTurnLimit(Prohibition):
    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset({"enter", KIND})
    label: str = ""

    @property
    def prop(self) -> str:
        return str(self.spec.params["property"])

    def left(self, game: Game, effect: Effect, player: int) -> int | None:
        """How many more this ability lets ``player`` do this turn (``None``: it does not apply to them)."""
        from .abilities import PlayerRule

        if not PlayerRule(self.spec, self.card, frozenset(), self.label).applies_to(game, effect, player):
            return None
        creatures = self.prop == "creatures_per_turn"
        done = creatures_entered(game, player) if creatures else spells_cast(game, player)
        return int(self.spec.params["value"]) - done

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        return self.forbids_among(game, effect, event, ())

    def forbids_among(self, game: Game, effect: Effect, event: Event, kept: Sequence[Event]) -> bool:
        if self.prop != "creatures_per_turn" or event.get("ignore_prohibitions"):
            return False
        player = _entering_creature(game, event)
        if player is None:
            return False
        left = self.left(game, effect, player)
        if left is None:
            return False
        return left - sum(1 for e in kept if _entering_creature(game, e) == player) <= 0


def _entering_creature(game: Game, event: Event) -> int | None:
    """The player a creature enters the battle zone under by ``event``, if it is such an event."""
    if event.kind != "enter" or event.subject is None:
        return None
    obj = game.objects.get(event.subject)
    if obj is None or obj.zone[1] == BATTLE or not ch.definition(game, obj.top).main.is_creature:
        return None
    return event.player if event.player is not None else obj.controller


def creatures_entered(game: Game, player: int) -> int:
    """How many creatures entered the battle zone under ``player`` this turn (read from the record)."""
    return sum(
        1
        for h in history.events(game, "this_turn")
        if h.kind == "enter"
        and h.event.player == player
        and h.cards
        and ch.definition(game, h.cards[0]).main.is_creature
    )


def spells_cast(game: Game, player: int) -> int:
    """How many spells ``player`` cast this turn (their ``use`` events with the method 唱える)."""
    return sum(
        1
        for h in history.events(game, "this_turn")
        if h.kind == "use" and h.event.player == player and h.event.get("method") == "cast"
    )


def use_limited(game: Game, player: int, face: Face) -> bool:
    """601.1b: may ``player`` not declare the use of a card showing ``face``, a limit being reached?"""
    prop = "spells_per_turn" if face.type == "spell" else "creatures_per_turn" if face.is_creature else None
    if prop is None:
        return False
    for effect in game.effects.find(PROHIBITION, KIND):
        ability = effect.ability
        if isinstance(ability, PerTurnLimit) and ability.prop == prop:
            left = ability.left(game, effect, player)
            if left is not None and left <= 0:
                return True
    return False
