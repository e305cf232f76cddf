"""Casting spells and activating abilities (601, 602), triggered abilities put on the stack (603.3),
targets (115) and the stack (405).

The stack is ``game.info["stack"]``, a tuple of :class:`StackItem` (top last); a spell's card sits in the
shared stack zone meanwhile. Targets are chosen as the spell is cast, the ability activated or the triggered
ability put on the stack, so that as a set every requirement can be met, and checked again as it resolves
(608.2b). Shroud (702.18), hexproof (702.11) and protection (702.16b) are checked for every target from the
object's keywords, not by card.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...kernel import Decision, Event, Frame, Game, GameObject, Option, Source
from . import state as st
from .schema import AbilityDef, TargetSpec

Target = tuple[str, int]
"""``("object", oid)`` or ``("player", index)``."""


@dataclass(frozen=True, slots=True)
class StackItem:
    """A spell or ability on the stack (405). ``kind`` is ``spell``, ``ability`` (activated) or
    ``trigger``; ``card`` is the spell's card or the ability's source card; ``host`` the spell's stack
    object or the ability's source permanent (as it was when activated or when it triggered)."""

    kind: str
    card: int
    host: int | None
    controller: int
    ability: int = -1
    targets: tuple[Target, ...] = ()
    kicked: bool = False
    text: str = ""
    """For an ability: the card whose text box it came from (it is independent of its source, 113.7a)."""
    amount: int = 0
    """For a triggered ability: the amount of the event that triggered it ("that many")."""
    that: int | None = None
    """For a triggered ability: the object of the event that triggered it ("that spell")."""


def stack(game: Game) -> tuple[StackItem, ...]:
    items: tuple[StackItem, ...] = game.info.get("stack", ())
    return items


def push_item(game: Game, item: StackItem) -> None:
    game.info["stack"] = (*stack(game), item)


def pop_item(game: Game) -> StackItem:
    items = stack(game)
    game.info["stack"] = items[:-1]
    return items[-1]


def remove_item(game: Game, item: StackItem) -> None:
    game.info["stack"] = tuple(i for i in stack(game) if i is not item)


def spell_item(game: Game, oid: int) -> StackItem | None:
    """The stack item of the spell whose stack object is ``oid``."""
    return next((i for i in stack(game) if i.kind == "spell" and i.host == oid), None)


# ---------------------------------------------------------------------------------------------- targets

NO_TARGET: Target = ("none", -1)
"""The place of an "up to one target" that was not chosen."""


@dataclass(frozen=True, slots=True)
class Aim:
    """Who is targeting and with what: the controller, the source card (its colours and types for
    protection, 702.16b) and the source object (for "another", 115.1)."""

    controller: int
    card: int | None = None
    host: int | None = None


def _relation(game: Game, spec: TargetSpec, obj: GameObject, other: GameObject) -> bool:
    """The relation a target must have with an earlier one (share a card type; power or mana value)."""
    if spec.shares_type_with is not None:
        shared = set(st.types(game, obj)) & set(st.types(game, other))
        if not (shared & set(spec.shared_types) if spec.shared_types else shared):
            return False
    if (
        spec.power_at_most is not None
        and st.power_toughness(game, obj)[0] > st.power_toughness(game, other)[0]
    ):
        return False
    mana_values = st.mana_value(st.printed(game, obj)), st.mana_value(st.printed(game, other))
    return spec.mana_value_at_most is None or mana_values[0] <= mana_values[1]


def _related_index(spec: TargetSpec) -> int | None:
    for index in (spec.shares_type_with, spec.power_at_most, spec.mana_value_at_most):
        if index is not None:
            return index
    return None


def _whose(rule: str | None, player: int, aim: Aim) -> bool:
    if rule is None:
        return True
    if rule == "you":
        return player == aim.controller
    return player != aim.controller  # opponent, not_you (no teams here, so the same)


def protected_from(game: Game, obj: GameObject, aim: Aim) -> str | None:
    """702.18 shroud, 702.11 hexproof, 702.16 protection: the keyword that stops this targeting, if any."""
    words = st.keywords(game, obj)
    if "shroud" in words:
        return "shroud"
    if "hexproof" in words and obj.controller != aim.controller:
        return "hexproof"
    if aim.card is None:
        return None
    source = st.catalog(game)[game.name(aim.card)]
    qualities = {"everything", *st.card_colors(source), *(f"{t}s" for t in source.types)}
    for word in words:
        if word.startswith("protection from ") and word[len("protection from ") :] in qualities:
            return word
    return None


def object_fits(game: Game, spec: TargetSpec, obj: GameObject, aim: Aim) -> bool:
    """The filters of ``spec`` that look at the object alone (115.1, 115.10: only what the text says)."""
    what = spec.what
    where = obj.zone
    if what == "spell":
        item = spell_item(game, obj.oid)
        if item is None:
            return False
        card = st.printed(game, obj)
        card_types, controller = card.types, item.controller
    elif what == "card":
        if where[0] == st.SHARED or where[1] != (spec.zone or st.GRAVEYARD):
            return False
        card_types, controller = st.printed(game, obj).types, st.owner(game, obj)
    else:
        if where != (st.SHARED, st.BATTLEFIELD):
            return False  # a zone change made a new object: the old one is no longer there (400.7)
        card_types, controller = st.types(game, obj), obj.controller
        if what == "creature" and "creature" not in card_types:
            return False
        if what == "any" and not {"creature", "planeswalker"} & set(card_types):
            return False
        if spec.power_max is not None and st.power_toughness(game, obj)[0] > spec.power_max:
            return False
    card = st.printed(game, obj)
    if spec.types and not set(spec.types) & set(card_types):
        return False
    if set(spec.not_types) & set(card_types):
        return False
    if spec.supertypes and not set(spec.supertypes) & set(card.supertypes):
        return False
    if set(spec.not_supertypes) & set(card.supertypes):
        return False
    if spec.subtypes and not set(spec.subtypes) & set(card.subtypes):
        return False
    if spec.colors and not set(spec.colors) & st.colors(game, obj):
        return False
    if set(spec.not_colors) & st.colors(game, obj):
        return False
    if not _whose(spec.controller, controller, aim) or not _whose(spec.owner, st.owner(game, obj), aim):
        return False
    if spec.another and aim.host is not None and obj.oid == aim.host:
        return False
    return what in ("spell", "card") or protected_from(game, obj, aim) is None


def is_legal(
    game: Game, spec: TargetSpec, target: Target, chosen: tuple[Target, ...], aim: Aim | int
) -> bool:
    """115.1 / 608.2b: does ``target`` meet what the spell or ability asks for, right now? (Relations
    with earlier targets are checked here against ``chosen``; :func:`legal_targets` checks them both
    ways.)"""
    aim = aim if isinstance(aim, Aim) else Aim(aim)
    kind, value = target
    if kind == "none":
        return spec.optional
    if kind == "player":
        if st.has_lost(game, value):
            return False
        return spec.what in ("player", "any") or (spec.what == "opponent" and value != aim.controller)
    if spec.what in ("player", "opponent"):
        return False
    obj = game.objects.get(value)
    if obj is None or not object_fits(game, spec, obj, aim):
        return False
    index = _related_index(spec)
    if index is not None and index < len(chosen):
        other_kind, other = chosen[index]
        other_obj = game.objects.get(other) if other_kind == "object" else None
        if other_obj is not None and not _relation(game, spec, obj, other_obj):
            return False
    return True


def legal_targets(
    game: Game, specs: tuple[TargetSpec, ...], targets: tuple[Target, ...], aim: Aim
) -> tuple[bool, ...]:
    """608.2b: each target's legality on resolution. A relation between two targets ("that share a
    card type") that no longer holds makes both of them illegal: neither now fits the text."""
    ok = [is_legal(game, spec, t, (), aim) for spec, t in zip(specs, targets, strict=False)]
    for i, spec in enumerate(specs[: len(targets)]):
        j = _related_index(spec)
        if j is None or j >= len(targets) or not (ok[i] and ok[j]):
            continue
        if targets[i][0] == targets[j][0] == "object" and not _relation(
            game, spec, game.objects[targets[i][1]], game.objects[targets[j][1]]
        ):
            ok[i] = ok[j] = False
    return tuple(ok)


def target_label(game: Game, target: Target) -> str:
    kind, value = target
    if kind == "none":
        return "none"
    return f"player:{game.pname(value)}" if kind == "player" else f"c{game.objects[value].top}"


def target_text(game: Game, target: Target) -> str:
    kind, value = target
    if kind == "none":
        return "no target"
    if kind == "player":
        return game.pname(value)
    obj = game.objects.get(value)
    return game.name(obj.top) if obj is not None else "an object that is gone"


def candidates(game: Game, spec: TargetSpec, chosen: tuple[Target, ...], aim: Aim | int) -> list[Target]:
    """115.3: the same object is not chosen twice for one spell's "two target …"."""
    everything: list[Target] = [("player", p) for p in range(game.players)]
    if spec.what == "spell":
        everything += [("object", oid) for oid in game.zones.get((st.SHARED, st.STACK), ())]
    elif spec.what == "card":
        zone = spec.zone or st.GRAVEYARD
        everything += [("object", oid) for p in range(game.players) for oid in game.zones.get((p, zone), ())]
    else:
        everything += [("object", o.oid) for o in st.battlefield(game)]
    return [t for t in everything if t not in chosen and is_legal(game, spec, t, chosen, aim)]


def can_target(game: Game, specs: tuple[TargetSpec, ...], aim: Aim) -> bool:
    """601.2c / 602.2b: the targets can be chosen so that, as a set, every requirement is met."""
    return completable(game, specs, (), aim)


def completable(game: Game, specs: tuple[TargetSpec, ...], chosen: tuple[Target, ...], aim: Aim) -> bool:
    """Can the targets after ``chosen`` still be chosen legally? (2008-05-01 ruling on relations between
    targets: a first target that leaves no legal second one can't be chosen.)"""
    if len(chosen) >= len(specs):
        return True
    spec = specs[len(chosen)]
    if spec.optional:
        return True
    return any(completable(game, specs, (*chosen, t), aim) for t in candidates(game, spec, chosen, aim))


@dataclass(slots=True)
class ChooseTargets(Frame):
    """Ask for each target in turn; finishes with the targets, or ``None`` when one has no legal choice.
    An "up to one" target may be left unchosen (``none``)."""

    specs: tuple[TargetSpec, ...]
    controller: int
    what: str
    chosen: list[Target] = field(default_factory=list)
    card: int | None = None
    host: int | None = None

    def step(self, game: Game) -> None:
        aim = Aim(self.controller, self.card, self.host)
        while len(self.chosen) < len(self.specs):
            spec = self.specs[len(self.chosen)]
            chosen = tuple(self.chosen)
            options = [
                t
                for t in candidates(game, spec, chosen, aim)
                if completable(game, self.specs, (*chosen, t), aim)
            ]
            if spec.optional:
                options.append(NO_TARGET)
            if not options:
                game.finish(None)
                return
            answer = game.take_answer()
            by_label = {target_label(game, t): t for t in options}
            if answer is None:
                what = spec.text or spec.what
                game.ask(
                    Decision(
                        self.controller,
                        "target",
                        f"choose target {len(self.chosen) + 1} ({what}) for {self.what}",
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
            game.push(ChooseTargets(specs, self.controller, definition.name, card=self.card))
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
        aimed = ", ".join(target_text(game, t) for t in targets if t[0] != "none")
        game.finish()
        # 601.2i: the spell becomes cast; "whenever a player casts a spell" abilities trigger on this event
        source = Source("spell", self.card, self.controller, rule="601.2")
        args = {"kicked": self.kicked, "aimed": aimed}
        game.push(game.process(Event("cast", new.oid, self.controller, source, args)))


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
            game.push(ChooseTargets(spec.targets, obj.controller, box.name, card=obj.top, host=obj.oid))
            return
        self.stage = 2
        if not self.receive_targets(game, obj.top, obj.controller, box.name):
            game.finish()
            return
        self.pay(game, spec)

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

    def pay(self, game: Game, spec: AbilityDef) -> None:
        cost = spec.cost
        obj = game.objects[self.host]
        loyalty = spec.get("loyalty")
        if loyalty is not None:  # 606.4: the cost is putting on or removing loyalty counters
            obj.state["counters:loyalty"] = st.counters(obj, "loyalty") + loyalty
            obj.state["loyalty_turn"] = game.turn
            game.record("rule", f"{game.name(obj.top)}: {loyalty:+} loyalty to activate", "606.4")
            game.push(game.process())  # 704.3: state-based actions before anyone gets priority (704.5i)
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
    """602.5: costs that can be paid, and timing restrictions (602.5d: "activate only as a sorcery")."""
    obj = game.objects[obj_id]
    spec = st.textbox(game, obj).abilities[index]
    if obj.controller != player or ("tap" in spec.cost and obj.tapped):
        return False
    timing = spec.get("timing")
    if timing == "your_upkeep" and not (game.info.get("step") == "upkeep" and game.active_player == player):
        return False
    if timing == "sorcery" and not (
        game.info.get("step") in ("main", "main2") and game.active_player == player and not stack(game)
    ):
        return False
    if timing == "not_combat" and game.info.get("step") == "combat":
        return False
    loyalty = spec.get("loyalty")
    if loyalty is not None and (  # 606.3: once each turn per permanent; 606.4: enough counters to remove
        obj.state.get("loyalty_turn") == game.turn or st.counters(obj, "loyalty") + loyalty < 0
    ):
        return False
    return can_target(game, spec.targets, Aim(player, obj.top, obj.oid))


@dataclass(slots=True)
class PutTrigger(Frame):
    """603.3: a triggered ability goes on the stack the next time a player would receive priority; its
    targets are chosen then (603.3d) — if it has no legal target, it is removed from the stack."""

    item: StackItem
    specs: tuple[TargetSpec, ...]
    stage: int = 0

    def step(self, game: Game) -> None:
        item = self.item
        name = f"{item.text}'s triggered ability"
        if self.stage == 0 and self.specs:
            self.stage = 1
            card = item.card if item.card >= 0 else None
            game.push(ChooseTargets(self.specs, item.controller, name, card=card, host=item.host))
            return
        targets: tuple[Target, ...] | None = game.returned if self.stage == 1 else ()
        game.finish()
        if targets is None:
            game.record("rule", f"{name} has no legal targets and is removed from the stack", "603.3d")
            return
        push_item(game, replace(item, targets=targets))
        aimed = ", ".join(target_text(game, t) for t in targets if t[0] != "none")
        game.record(
            "event",
            f"{name} is put on the stack" + (f" targeting {aimed}" if aimed else ""),
            "603.3",
            event="trigger",
            source=item.card,
        )


@dataclass(slots=True)
class ChooseNewTargets(Frame):
    """ "… may choose new targets for the spell": the spell's controller may; every new target must be legal
    for the spell as that player now controls it, or the targets stay as they were (the 2014-02-01 rulings
    on Perplexing Chimera)."""

    spell: int
    stage: int = 0

    def step(self, game: Game) -> None:
        item = spell_item(game, self.spell)
        if item is None:
            game.finish()
            return
        definition = st.catalog(game)[game.name(item.card)]
        specs = definition.spell.targets if definition.spell is not None else ()
        if self.stage == 0:
            if not specs:
                game.finish()
                return
            answer = game.take_answer()
            if answer is None:
                game.ask(
                    Decision(
                        item.controller,
                        "may",
                        f"choose new targets for {definition.name}?",
                        (Option("yes", "yes"), Option("no", "no")),
                        rule="115.7",
                    )
                )
                return
            if answer[0] == "no":
                game.finish()
                return
            self.stage = 1
            game.push(ChooseTargets(specs, item.controller, definition.name, card=item.card, host=item.host))
            return
        targets: tuple[Target, ...] | None = game.returned
        game.finish()
        if targets is None:
            game.record("rule", f"no legal new targets: {definition.name}'s targets stay the same", "115.7")
            return
        game.info["stack"] = tuple(replace(i, targets=targets) if i is item else i for i in stack(game))
        aimed = ", ".join(target_text(game, t) for t in targets if t[0] != "none")
        game.record("rule", f"{definition.name} now targets {aimed}", "115.7")
