"""Castles (城) and fortifying (要塞化), seed 004.

A fortified castle is a *castle object*, not a shield object: it is kept in its own zone list
(``castle_zone``, the castle objects of the shield zone), so counting shields and choosing shields to break
never see it. Its state names the shield object it fortifies.

* A castle needs a shield to fortify: it cannot be used without one.
* Only a fortified castle has effects: its abilities function in ``castle_zone`` alone, so a castle card
  that is merely a face-up card in the shield zone does nothing.
* Several castles may fortify one shield.
* 703.4k: when the fortified shield leaves the shield zone, the castle goes to the graveyard — if a card of
  that shield was declared for its S・トリガー (113.6), only once that S・トリガー has been used (its waiting
  ability has resolved): ``AWAITS`` holds the declared cards.
* A fortified castle turned face down becomes one card of the shield it fortified (seed 004).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Decision, Event, Frame, Game, GameObject, Happened, Option, Source
from .shields import perform_shield_add
from .zones import GRAVEYARD, SHIELDS

CASTLES = "castle_zone"
FORTIFIES = "fortifies"
RULE_CASTLE = Source("rule", rule="703.4k")
AWAITS = "awaits_trigger"
"""Castle object state: the cards of its broken shield declared for S・トリガー, still to be used (703.4k)."""


def castles_of(game: Game, player: int) -> list[GameObject]:
    return game.objects_in((player, CASTLES))


def can_fortify(game: Game, player: int) -> bool:
    """A castle needs a shield object to fortify (seed 004)."""
    return bool(game.zones.get((player, SHIELDS)))


@dataclass(slots=True)
class Fortify(Frame):
    """Use a castle: its controller chooses one of their shields and the castle fortifies it."""

    cid: int
    controller: int
    stage: int = 0

    def step(self, game: Game) -> None:
        if self.stage == 1:
            game.finish()
            return
        shields = game.objects_in((self.controller, SHIELDS))
        oid = game.card_object.get(self.cid)
        if not shields or oid is None:
            game.finish()
            return
        if len(shields) == 1:
            chosen = shields[0].oid
        else:
            answer = game.take_answer()
            if answer is None:
                options = tuple(
                    Option(f"shield_zone:{i + 1}", f"shield {i + 1}") for i in range(len(shields))
                )
                game.ask(Decision(self.controller, "fortify", "choose a shield to fortify", options))
                return
            chosen = shields[int(answer[0].rsplit(":", 1)[1]) - 1].oid
        self.stage = 1
        source = Source("rule", self.cid, self.controller, rule="fortify")
        game.push(game.process(Event("fortify", oid, self.controller, source, {"shield": chosen})))


def perform_fortify(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    shield = game.objects.get(event.get("shield"))
    if obj is None or shield is None or shield.zone[1] != SHIELDS:
        return None
    from_zone = obj.zone[1]
    new = game.move_object(obj.oid, (shield.zone[0], CASTLES), controller=shield.zone[0])[0]
    new.state[FORTIFIES] = shield.oid
    return Happened(event, tuple(new.cards), obj.oid, new.oid, {"from": from_zone, "to": CASTLES})


def castle_events(game: Game) -> list[Event]:
    """703.4k: a castle whose fortified shield has left goes to the graveyard."""
    events = []
    for p in range(game.players):
        for castle in castles_of(game, p):
            shield = game.objects.get(castle.state.get(FORTIFIES, -1))
            if shield is None or shield.zone[1] != SHIELDS:
                if awaiting_trigger(game, castle):
                    continue
                events.append(Event("move", castle.oid, None, RULE_CASTLE, {"to": GRAVEYARD}))
    return events


def await_declared(game: Game, shields: list[GameObject], declared: tuple[int, ...]) -> None:
    """703.4k: before broken shields go to the hand, each castle fortifying one with a card declared for
    S・トリガー waits for that card's ability to be used."""
    by_shield = {s.oid: [c for c in s.cards if c in declared] for s in shields}
    for p in range(game.players):
        for castle in castles_of(game, p):
            cards = by_shield.get(castle.state.get(FORTIFIES, -1))
            if cards:
                castle.state[AWAITS] = tuple(cards)


def awaiting_trigger(game: Game, castle: GameObject) -> bool:
    """Whether a declared S・トリガー of the castle's shield still waits to be used or is still resolving
    (304.3: the castle goes once that S・トリガー ability has resolved; 703.4k)."""
    cards = set(castle.state.get(AWAITS, ()))
    if not cards:
        return False
    if any(w.effect.source.card in cards for w in game.waiting):
        return True
    from .actions import ResolveTrigger

    return any(
        isinstance(f, ResolveTrigger) and not f.settled and f.waiting.effect.source.card in cards
        for f in game.stack
    )


def castle_awaits(game: Game, cid: int | None) -> bool:
    """Whether a castle waits for the S・トリガー of card ``cid`` to resolve (304.3)."""
    return any(
        cid in castle.state.get(AWAITS, ()) for p in range(game.players) for castle in castles_of(game, p)
    )


def turn_castle_face_down(game: Game, castle: GameObject) -> Happened | None:
    """A fortified castle turned face down becomes a face-down card of the shield it fortified."""
    shield = game.objects.get(castle.state.get(FORTIFIES, -1))
    if shield is None:
        return None

    return perform_shield_add(game, Event("shield_add", castle.oid, None, args={"shield": shield.oid}))


PERFORMERS = {"fortify": perform_fortify}
