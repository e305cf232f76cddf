"""Cross gears (クロスギア, 303), seed 004 カードの下.

* ジェネレート: a cross gear is used from the hand by paying its cost; it is put into the battle zone as its
  own object (``PlayCard``, ``how: generate``).
* クロス: in the main step, pay its cost again to cross it to one of your creatures (a ``cross`` event). The
  gear stays its own object in the battle zone; its state names the creature (``crossed_to``). The cost to
  cross is changed by ``cross_cost`` statics, not by ``cost`` (the cost to generate), and is not paid onto
  a creature with ``cross_free`` (:func:`cross_cost`).
* A crossed gear is *not* a card under the creature (109.2c; seed 004: 「クロスしたクロスギアはカードの下の
  カードではない」): the creature's cards do not include it, so counting the cards that make up the creature
  does not count it, and effects on the creature's cards never move it.
* When the creature leaves the battle zone the gear stays, no longer crossed (it crossed that object, which
  is gone: 109.2). The triggered abilities on that leaving still see the crossing as it was (603.5c: the
  last-known crossing, last_known.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...cards.schema import Action
from ...kernel import Event, Frame, Game, GameObject, Happened, Option, Source
from . import actions as A
from . import characteristics as ch
from .zones import BATTLE

CROSS_GEAR = "cross_gear"
CROSSED = "crossed_to"


CROSS_GEAR_TYPES = frozenset({CROSS_GEAR})


def is_cross_gear(game: Game, obj: GameObject) -> bool:
    return ch.face(game, obj).type == CROSS_GEAR


def crossed_creature(game: Game, gear: GameObject) -> GameObject | None:
    """The creature ``gear`` is crossed to, or ``None`` (never crossed, or that creature has left)."""
    oid = gear.state.get(CROSSED)
    creature = game.objects.get(oid) if oid is not None else None
    if creature is None or creature.zone[1] != BATTLE or gear.zone[1] != BATTLE:
        return None
    return creature


def gears_of(game: Game, creature: GameObject) -> list[GameObject]:
    """The cross gears crossed to ``creature`` (not among its cards)."""
    return [
        o
        for p in range(game.players)
        for o in game.objects_in((p, BATTLE))
        if o.state.get(CROSSED) == creature.oid and crossed_creature(game, o) is not None
    ]


def cross_cost(game: Game, gear: GameObject, creature: GameObject) -> int | None:
    """The mana paid to cross ``gear`` to ``creature`` (303.3b: its mana cost again): the printed cost as the
    ``cross_cost`` statics change it (a reduction never below 1, or the static's ``min``) — not the cost to
    generate it, which ``cost`` changes; ``None`` when nothing is paid, the creature having ``cross_free``
    (クロスギアをコストを支払わずにクロスしてもよい)."""
    if ch.flag(game, creature, "cross_free", via_keywords=False):
        return None
    return int(ch.modified(game, gear, "cross_cost", ch.face(game, gear).cost))


def cross_payment(game: Game, player: int, gear: GameObject, cost: int | None) -> list[GameObject] | None:
    """The mana cards to tap to cross ``gear`` at ``cost`` (112.2b: every civilization of it is still paid,
    one card each); ``[]`` for no cost, ``None`` when it cannot be paid."""
    from .play import payment

    if cost is None:
        return []
    f = ch.face(game, gear)
    return payment(game, player, f if cost == f.cost else replace(f, cost=cost), card=gear)


def possible(game: Game) -> bool:
    """Whether any card of the game has a cross gear face."""
    return bool(ch.cards_with_face_of_type(game, CROSS_GEAR_TYPES))


def cross_options(game: Game, player: int) -> list[Option]:
    """クロス: each of the player's gears in the battle zone onto each of their creatures, if they can pay."""
    if not possible(game):
        return []  # no cross gear in the game (asked at every main-step decision)
    options = []
    battle = game.objects_in((player, BATTLE))
    for gear in battle:
        if not is_cross_gear(game, gear):
            continue
        payable: dict[int | None, bool] = {}
        for creature in battle:
            if ch.is_creature(game, creature) and gear.state.get(CROSSED) != creature.oid:
                cost = cross_cost(game, gear, creature)
                if cost not in payable:
                    payable[cost] = cross_payment(game, player, gear, cost) is not None
                if not payable[cost]:
                    continue
                shown = "no cost" if cost is None else str(cost)
                text = f"cross {game.name(gear.top)} to {game.name(creature.top)} ({shown})"
                options.append(Option(f"cross:c{gear.top}:c{creature.top}", text))
    return options


@dataclass(slots=True)
class Cross(Frame):
    """Pay the gear's cost again, then cross it to the creature (303)."""

    gear_card: int
    creature_card: int
    controller: int
    stage: int = 0

    def step(self, game: Game) -> None:
        if self.stage == 1:
            game.finish()
            return
        self.stage = 1
        gear = game.object_of(self.gear_card)
        creature_obj = game.object_of(self.creature_card)
        cost = cross_cost(game, gear, creature_obj)
        paid = cross_payment(game, self.controller, gear, cost)
        if paid is None:
            game.finish()
            return
        for o in paid:
            o.tapped = True
        if cost is None:
            game.record("rule", f"{game.pname(self.controller)} crosses for no cost", "303.3b")
        else:
            game.record("rule", f"{game.pname(self.controller)} taps {len(paid)} mana to cross", "303.3b")
        source = Source("rule", self.gear_card, self.controller, rule="303")
        creature = game.card_object[self.creature_card]
        game.push(game.process(Event("cross", gear.oid, self.controller, source, {"onto": creature})))


def perform_cross(game: Game, event: Event) -> Happened | None:
    gear = game.objects.get(event.subject) if event.subject is not None else None
    creature = game.objects.get(event.get("onto"))
    if gear is None or creature is None or gear.zone[1] != BATTLE or creature.zone[1] != BATTLE:
        return None
    gear.state[CROSSED] = creature.oid
    return Happened(event, tuple(gear.cards), gear.oid, gear.oid, {"onto": creature.oid})


def main_step_frame(label: str, player: int) -> Frame:
    """The frame for a ``cross:cG:cC`` answer to the main step."""
    _, gear, creature = label.split(":")
    return Cross(int(gear[1:]), int(creature[1:]), player)


def cross_step(frame: Any, game: Game, action: Action) -> int:
    """``cross: {what: SEL, to: SEL}`` — …をクロスする (303.3c): an effect crosses each selected cross gear to
    the creature ``to`` selects, paying nothing; a gear is not crossed again to the creature it is crossed to
    (303.4a). The gears are chosen first and kept while the creature is asked."""

    pair = frame.select_pair(game, action, action.args["what"], action.args["to"])
    if pair is None:
        return A._ASKED
    gears, creatures = pair
    if not creatures:
        return A._DONE
    onto = creatures[0]
    events = []
    for oid in gears:
        gear = game.objects.get(oid)
        if gear is None or not is_cross_gear(game, gear) or gear.state.get(CROSSED) == onto:
            continue
        events.append(Event("cross", oid, frame.ctx.controller, frame.ctx.source, {"onto": onto}))
    return int(frame.emit(game, events))


PERFORMERS = {"cross": perform_cross}
HANDLERS = {"cross": cross_step}
