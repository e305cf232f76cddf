"""The bases an evolution creature is put on (801.1): which creatures, and in what order.

* 801.1a: an evolution creature is put into the battle zone only onto a proper base. From the hand the main
  step offers one option per choice of bases (turn.py); an effect that puts an evolution creature into the
  battle zone (出す, or 召喚する for free) names no base, so its controller chooses one of the choices
  :func:`base_choices` lists as the event is proposed (:class:`PutOntoBases`; nothing is asked when there is
  one choice). With none, the creature stays where it was (perform.py).
* 801.1b: with several bases (進化V, and 進化GV's several creatures), the player puts them under it in the
  order they like: each order is its own choice, the first base directly under the evolution card (and the
  object that stays the same, 801.2). Two orders whose bases show the same cards, card by card, cannot
  differ in anything the rules read (what a rebuild leaves, 801.4b, is read from the cards), so only the
  first of them is offered.

The frame works only on ``enter`` events whose object shows an evolution face that needs a base
(:func:`needs_base`): the game's cards with an evolution face are indexed once (``cards_with_face_of_type``),
so a game without evolution cards never looks further.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations

from ...kernel import Decision, Event, Frame, Game, GameObject, Option
from . import characteristics as ch
from .objects import needs_no_base
from .play import evolution_sources
from .zones import BATTLE

EVOLUTION_FACES = frozenset({"evolution_creature"})


def base_orders(game: Game, choices: Iterable[tuple[GameObject, ...]]) -> list[tuple[GameObject, ...]]:
    """Every choice of bases with each order of its bases (801.1b), the first base on top; an order whose
    cards read the same as one already listed is left out (it cannot matter)."""
    choices = list(choices)
    if all(len(choice) == 1 for choice in choices):
        return choices  # one base each (the common case): nothing to order
    out: list[tuple[GameObject, ...]] = []
    seen: set[tuple[frozenset[int], tuple[str, ...]]] = set()
    for choice in choices:
        for order in permutations(choice) if len(choice) > 1 else (choice,):
            key = (frozenset(o.oid for o in order), tuple(game.cards[c].name for o in order for c in o.cards))
            if key not in seen:
                seen.add(key)
                out.append(order)
    return out


def base_choices(game: Game, player: int, cid: int) -> list[tuple[GameObject, ...]]:
    """The bases ``player`` may put the evolution card ``cid`` on (801.1a), each order of several bases a
    choice of its own (801.1b)."""
    return base_orders(game, evolution_sources(game, player, cid))


def needs_base(game: Game, event: Event) -> bool:
    """An ``enter`` event naming no base whose object, from outside the battle zone, shows an evolution face
    that needs one (801.1a; 815.1 and 813.1b: S-MAX and 禁断スター進化 need none)."""
    if event.kind != "enter" or event.get("onto") is not None or event.subject is None:
        return False
    obj = game.objects.get(event.subject)
    if obj is None or obj.zone[1] == BATTLE:
        return False
    if obj.top not in ch.cards_with_face_of_type(game, EVOLUTION_FACES):
        return False
    shown = ch.face(game, obj)
    return shown.is_evolution and not needs_no_base(shown)


def any_needs_base(game: Game, events: Sequence[Event]) -> bool:
    """Whether some of ``events`` puts an evolution creature into the battle zone with no base named."""
    if not ch.cards_with_face_of_type(game, EVOLUTION_FACES):
        return False  # no card of the game has an evolution face
    return any(needs_base(game, e) for e in events)


def _onto(game: Game, bases: Sequence[GameObject]) -> str:
    return "onto " + ", then ".join(game.name(b.top) for b in bases)


def label(bases: Sequence[GameObject]) -> str:
    return "+".join(f"c{b.top}" for b in bases)


@dataclass(slots=True)
class PutOntoBases(Frame):
    """Propose a batch of events after the controller of each evolution creature it puts into the battle
    zone has chosen its bases (801.1a) and their order (801.1b), one creature at a time in the batch's
    order; a base chosen for one is not offered to the next. Then the batch goes to the pipeline as one."""

    events: tuple[Event, ...]
    at: int = 0
    taken: list[int] = field(default_factory=list)
    sent: bool = False

    def describe(self) -> str:
        return f"PutOntoBases({len(self.events)} events, at {self.at})"

    def step(self, game: Game) -> None:
        if self.sent:
            game.finish(game.returned)  # what the batch did, for the step that put them (`as:`, `did`)
            return
        while self.at < len(self.events):
            event = self.events[self.at]
            if needs_base(game, event) and not self.choose(game, event):
                return
            self.at += 1
        self.sent = True
        game.push(game.process(*self.events))

    def choose(self, game: Game, event: Event) -> bool:
        """Put the bases chosen for ``event`` into it; ``False`` when a decision was asked."""
        obj = game.objects[event.subject]  # type: ignore[index]  # needs_base checked it
        player = event.player if event.player is not None else obj.controller
        choices = [c for c in base_choices(game, player, obj.top) if not any(b.oid in self.taken for b in c)]
        if not choices:
            return True  # 801.1a: no base; perform_enter leaves it where it is
        chosen = choices[0]
        if len(choices) > 1:
            answer = game.take_answer()
            options = {label(c): c for c in choices}
            if answer is None:
                name = game.name(obj.top)
                game.ask(
                    Decision(
                        player,
                        "evolution_base",
                        f"put {name} onto which creature(s)? (the first listed goes directly under it)",
                        tuple(Option(lbl, _onto(game, c)) for lbl, c in options.items()),
                        rule="801.1b" if any(len(c) > 1 for c in choices) else "801.1a",
                    )
                )
                return False
            chosen = options[answer[0]]
        self.taken.extend(b.oid for b in chosen)
        bases = [b.oid for b in chosen]
        changed = event.with_args(onto=bases[0], also_onto=tuple(bases[1:]))
        self.events = (*self.events[: self.at], changed, *self.events[self.at + 1 :])
        return True
