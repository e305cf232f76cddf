"""Several cards pending at once (保留状態, 409.1e, 409.1f).

One effect that puts several cards into the battle zone (409.1f: 《ヘブンズ・ゲート》's two creatures) or
uses several cards (409.1e: 《甲型龍帝式 キリコ３》's three spells) makes them **all** pending first — each
still in its zone but no longer counted there (409.1c, ``zones.HELD``) — and then deals with them one at a
time: each enters the battle zone as an event of its own (its replacements judged, its entering seen, with
the ones before it already there), or is used from start to end (paid, resolved), before the next. The order
is the order the effect picked them in (the zone's order; the rules do not say who orders them). A card that
a replacement keeps in its zone is no longer pending (409.2), nor is one still waiting when the effect is
done.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...kernel import Event, Frame, Game
from .zones import HELD


def hold(game: Game, oids: tuple[int, ...]) -> None:
    """409.1e / 409.1f: the cards become pending, every one of them before the first is dealt with."""
    for oid in oids:
        obj = game.objects.get(oid)
        if obj is not None:
            obj.state[HELD] = True


def release(game: Game, oids: tuple[int, ...]) -> None:
    """409.2: a pending card that did not move (or has not been dealt with) is no longer pending."""
    for oid in oids:
        obj = game.objects.get(oid)
        if obj is not None:
            obj.state.pop(HELD, None)


@dataclass(slots=True)
class EnterOneAtATime(Frame):
    """409.1f: the ``enter`` events of one effect, all pending first, then performed one by one (each a
    batch of its own); finishes with every batch's ``Happened``, as one batch would."""

    events: tuple[Event, ...]
    at: int = 0
    happened: list[Any] = field(default_factory=list)
    pushed: bool = False

    def describe(self) -> str:
        return f"EnterOneAtATime({self.at}/{len(self.events)})"

    def step(self, game: Game) -> None:
        if self.at == 0 and not self.pushed:
            hold(game, tuple(e.subject for e in self.events if e.subject is not None))
        if self.pushed:
            self.pushed = False
            if isinstance(game.returned, list):
                self.happened.extend(game.returned)
            release(game, self._subject(self.at - 1))  # 409.2: kept in its zone by a replacement
        while self.at < len(self.events):
            event = self.events[self.at]
            self.at += 1
            if event.subject in game.objects:  # still where it was pending (not moved meanwhile)
                self.pushed = True
                game.push(game.process(event))
                return
        game.finish(self.happened)

    def _subject(self, i: int) -> tuple[int, ...]:
        subject = self.events[i].subject
        return () if subject is None else (subject,)


@dataclass(slots=True)
class UseOneAtATime(Frame):
    """409.1e: the cards one effect uses (``uses``: card and part), all pending first (the ``use`` step
    holds them), then used one by one — each as the step says (free, a cost paid instead, the keyword it is
    used by, its bonus), from the zone it is pending in, to its end (a spell resolved, a creature entered)
    before the next. A card no longer where it was pending (moved meanwhile) is not used."""

    uses: tuple[tuple[int, int], ...]
    controller: int
    free: bool = False
    instead_cost: tuple[int, tuple[str, ...]] | None = None
    by_keyword: str | None = None
    bonus: bool = False
    at: int = 0
    pending_in: tuple[tuple[int, str], ...] = ()
    """(object, zone) of each card as it became pending, to know it is still there."""

    def describe(self) -> str:
        return f"UseOneAtATime({self.at}/{len(self.uses)})"

    def step(self, game: Game) -> None:
        from .play import PlayCard

        if self.at == 0 and not self.pending_in:
            objects = [game.card_object[cid] for cid, _ in self.uses]
            self.pending_in = tuple((oid, game.objects[oid].zone[1]) for oid in objects)
        if self.at > 0:
            release(game, self._object(game, self.at - 1))  # 409.2: it did not move
        while self.at < len(self.uses):
            cid, face = self.uses[self.at]
            oid, zone = self.pending_in[self.at]
            self.at += 1
            if oid in game.objects:  # still pending where it was
                play = PlayCard(cid, face, free=self.free, controller=self.controller, from_zone=zone)
                play.instead_cost = self.instead_cost
                play.by_keyword = self.by_keyword
                play.bonus = self.bonus
                game.push(play)
                return
        release(game, tuple(oid for oid, _ in self.pending_in))
        game.finish()

    def _object(self, game: Game, i: int) -> tuple[int, ...]:
        oid = game.card_object.get(self.uses[i][0])
        return () if oid is None else (oid,)
