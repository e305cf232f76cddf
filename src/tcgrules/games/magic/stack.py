"""Casting spells and activating abilities (601, 602), targets (115), and the stack (405).

The stack is ``game.info["stack"]``, a tuple of :class:`StackItem` (top last); a spell's card sits in the
shared stack zone meanwhile. Targets are chosen as the spell is cast or the ability activated and
checked again as it resolves (608.2b).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...kernel import Decision, Event, Frame, Game, Option, Source
from . import state as st
from .schema import TargetSpec

Target = tuple[str, int]
"""``("object", oid)`` or ``("player", index)``."""


@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell or ability on the stack. ``card`` is the spell's card or the ability's source card; ``host``
    the spell's stack object or the ability's source permanent (as it was when activated)."""

    kind: str
    card: int
    host: int | None
    controller: int
    ability: int = -1
    targets: tuple[Target, ...] = ()
    kicked: bool = False
    text: str = ""
    """For an ability: the card whose text box it came from (it is independent of its source, 113.7a)."""


def stack(game: Game) -> tuple[StackItem, ...]:
    items: tuple[StackItem, ...] = game.info.get("stack", ())
    return items


def push_item(game: Game, item: StackItem) -> None:
    game.info["stack"] = (*stack(game), item)


def pop_item(game: Game) -> StackItem:
    items = stack(game)
    game.info["stack"] = items[:-1]
    return items[-1]


# ---------------------------------------------------------------------------------------------- targets


def is_legal(
    game: Game, spec: TargetSpec, target: Target, chosen: tuple[Target, ...], controller: int
) -> bool:
    """115.1 / 608.2b: does ``target`` meet what the spell or ability asks for, right now?"""
    kind, value = target
    if kind == "player":
        return spec.what in ("player", "any") or (spec.what == "opponent" and value != controller)
    obj = game.objects.get(value)
    if obj is None or obj.zone != (st.SHARED, st.BATTLEFIELD) or spec.what in ("player", "opponent"):
        return False  # a zone change made a new object: the old one is no longer there (400.7)
    if spec.what in ("creature", "any") and not st.is_creature(game, obj):
        return False
    if spec.shares_type_with is not None and spec.shares_type_with < len(chosen):
        other_kind, other = chosen[spec.shares_type_with]
        other_obj = game.objects.get(other) if other_kind == "object" else None
        if other_obj is not None and not set(st.types(game, obj)) & set(st.types(game, other_obj)):
            return False
    return True


def target_label(game: Game, target: Target) -> str:
    kind, value = target
    return f"player:{game.pname(value)}" if kind == "player" else f"c{game.objects[value].top}"


def target_text(game: Game, target: Target) -> str:
    kind, value = target
    if kind == "player":
        return game.pname(value)
    obj = game.objects.get(value)
    return game.name(obj.top) if obj is not None else "a creature that is gone"


def candidates(game: Game, spec: TargetSpec, chosen: tuple[Target, ...], controller: int) -> list[Target]:
    """115.3: the same object is not chosen twice for one spell's "two target …"."""
    everything: list[Target] = [("player", p) for p in range(game.players)]
    everything += [("object", o.oid) for o in st.battlefield(game)]
    return [t for t in everything if t not in chosen and is_legal(game, spec, t, chosen, controller)]


@dataclass(slots=True)
class ChooseTargets(Frame):
    """Ask for each target in turn; finishes with the targets, or ``None`` when one has no legal choice."""

    specs: tuple[TargetSpec, ...]
    controller: int
    what: str
    chosen: list[Target] = field(default_factory=list)

    def step(self, game: Game) -> None:
        while len(self.chosen) < len(self.specs):
            spec = self.specs[len(self.chosen)]
            options = candidates(game, spec, tuple(self.chosen), self.controller)
            if not options:
                game.finish(None)
                return
            answer = game.take_answer()
            by_label = {target_label(game, t): t for t in options}
            if answer is None:
                game.ask(
                    Decision(
                        self.controller,
                        "target",
                        f"choose target {len(self.chosen) + 1} ({spec.what}) for {self.what}",
                        tuple(Option(label, target_text(game, t)) for label, t in by_label.items()),
                        rule="115.1",
                    )
                )
                return
            self.chosen.append(by_label[answer[0]])
        game.finish(tuple(self.chosen))


# ---------------------------------------------------------------------------------------------- casting


@dataclass(slots=True)
class Cast(Frame):
    """601.2: move the card to the stack, choose targets (costs are not modelled)."""

    card: int
    controller: int
    kicked: bool = False
    stage: int = 0

    def step(self, game: Game) -> None:
        definition = st.catalog(game)[game.name(self.card)]
        if self.stage == 0:
            self.stage = 1
            specs = definition.spell.targets if definition.spell is not None else ()
            game.push(ChooseTargets(specs, self.controller, definition.name))
            return
        targets: tuple[Target, ...] | None = game.returned
        if targets is None:
            game.record("rule", f"{definition.name} cannot be cast: it has no legal targets", "601.2c")
            game.finish()
            return
        obj = game.object_of(self.card)
        game.remove_object(obj.oid)
        new = game.create_object([self.card], (st.SHARED, st.STACK), self.controller)
        push_item(
            game, StackItem("spell", self.card, new.oid, self.controller, targets=targets, kicked=self.kicked)
        )
        aimed = ", ".join(target_text(game, t) for t in targets)
        game.record(
            "event",
            f"{game.pname(self.controller)} casts {definition.name}{' kicked' if self.kicked else ''}"
            + (f" targeting {aimed}" if aimed else ""),
            "601.2",
            event="cast",
            source=self.card,
        )
        game.finish()


@dataclass(slots=True)
class Activate(Frame):
    """602.2: choose targets, pay the tap and sacrifice costs, put the ability on the stack."""

    host: int
    index: int
    stage: int = 0
    targets: tuple[Target, ...] = ()

    def step(self, game: Game) -> None:
        if self.stage == 2:
            game.finish()
            return
        obj = game.objects[self.host]
        box = st.textbox(game, obj)
        spec = box.abilities[self.index]
        if self.stage == 0:
            self.stage = 1
            game.push(ChooseTargets(spec.targets, obj.controller, box.name))
            return
        self.stage = 2
        if not self.receive_targets(game, obj.top, obj.controller, box.name):
            game.finish()
            return
        self.pay(game, spec.cost)

    def receive_targets(self, game: Game, card: int, controller: int, text: str) -> bool:
        targets: tuple[Target, ...] | None = game.returned
        if targets is None:
            game.record(
                "rule", f"{game.name(card)}'s ability cannot be activated: no legal targets", "602.2b"
            )
            return False
        self.targets = targets
        push_item(game, StackItem("ability", card, self.host, controller, self.index, targets, text=text))
        aimed = ", ".join(target_text(game, t) for t in targets)
        game.record(
            "event",
            f"{game.pname(controller)} activates {game.name(card)}'s ability"
            + (f" targeting {aimed}" if aimed else ""),
            "602.2",
            event="activate",
            source=card,
        )
        return True

    def pay(self, game: Game, cost: tuple[str, ...]) -> None:
        obj = game.objects[self.host]
        if "tap" in cost:
            obj.tapped = True
            game.record("rule", f"{game.name(obj.top)} is tapped to pay the cost", "602.2h")
        if "sacrifice" in cost:
            source = Source("cost", obj.top, obj.controller, rule="701.17a")
            game.push(
                game.process(
                    Event("move", obj.oid, None, source, {"to": st.GRAVEYARD, "from": st.BATTLEFIELD})
                )
            )


def can_activate(game: Game, player: int, obj_id: int, index: int) -> bool:
    """602.5: costs that can be paid, and timing restrictions."""
    obj = game.objects[obj_id]
    spec = st.textbox(game, obj).abilities[index]
    if obj.controller != player or ("tap" in spec.cost and obj.tapped):
        return False
    if spec.get("timing") == "your_upkeep" and not (
        game.info.get("step") == "upkeep" and game.active_player == player
    ):
        return False
    return all(candidates(game, t, (), player) for t in spec.targets)
