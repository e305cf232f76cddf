"""Kernel abilities built from card data: replacements (614), "can't" prohibitions (614.17), triggers
(603) and continuous effects of static abilities and resolved exchanges (611, 613).

Each printed ability of a permanent's current text box is registered while the permanent is on the
battlefield, controlled by the permanent's controller. When the text box or the controller changes
(701.10b, 701.10h) the printed abilities are registered again (:func:`sync`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...kernel import (
    Ability,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Modifier,
    Plan,
    Prohibition,
    Replacement,
    Source,
    Triggered,
    Waiting,
)
from . import state as st
from .schema import AbilityDef

PRINTED = "printed"
"""``Source.ability`` of effects registered from a text box (as opposed to effects that resolutions made)."""
EVENT_KINDS = {
    "gain_life": "gain_life",
    "lose_life": "lose_life",
    "damage": "damage",
    "to_graveyard": "move",
    "enters": "move",
    "untapped": "untap",
    "cast": "cast",
    "upkeep": "begin_step",
    "end_step": "begin_step",
}
"""Card-file event names → kernel event kinds."""
STEP_OF = {"upkeep": "upkeep", "end_step": "end"}


@dataclass(slots=True)
class Immediate(Frame):
    """A replacement's plan that needs no choices."""

    plan: Plan | None

    def step(self, game: Game) -> None:
        game.finish(self.plan)


def _instead_phrase(instead: Any) -> str:
    if "multiply" in instead:
        return "double it" if instead["multiply"] == 2 else f"{instead['multiply']} times as much instead"
    if "set_amount" in instead:
        return f"{instead['set_amount']} instead"
    if instead.get("lose"):
        return "that player loses that much life instead"
    if instead.get("to") == st.LIBRARY:
        return "shuffle it into its owner's library instead"
    return f"put it into {instead.get('to')} instead"


class CardReplacement(Replacement):
    """614.1a "instead": a printed replacement, or a spell's own self-replacement (614.15)."""

    def __init__(self, spec: AbilityDef, card: str, *, self_replacement: bool = False) -> None:
        self.spec = spec
        self.kinds = frozenset({EVENT_KINDS[spec.event]})
        self.self_replacement = self_replacement
        self.label = f"{card} ({_instead_phrase(spec.get('instead'))})"

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        spec = self.spec
        if self.self_replacement and event.source.card != effect.source.card:
            return False  # 614.15: it modifies only its own spell's effect
        if spec.event == "gain_life":
            who = spec.get("who")
            if who == "opponent":
                return event.player != effect.controller
            return who != "you" or event.player == effect.controller
        if spec.event == "damage":
            return int(event.get("amount", 0)) > 0  # 614.7a: zero damage is no event
        if event.get("to") != st.GRAVEYARD or event.subject not in game.objects:
            return False
        what = spec.get("what")
        if what == "self":
            return event.subject == effect.host
        if what == "opponents_card":
            return st.owner(game, game.objects[event.subject]) != effect.controller
        return True

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        instead = self.spec.get("instead")
        if "multiply" in instead:
            return Immediate(Plan((event.with_args(amount=int(event.get("amount")) * instead["multiply"]),)))
        if "set_amount" in instead:
            return Immediate(Plan((event.with_args(amount=instead["set_amount"]),)))
        if instead.get("lose"):
            return Immediate(Plan((replace(event, kind="lose_life"),)))
        return Immediate(Plan((event.with_args(to=instead["to"], shuffle=bool(instead.get("shuffle"))),)))


class CantChangeLife(Prohibition):
    """119.7, 119.8 / 614.17: "can't gain life", "can't lose life", "your life total can't change" are not
    replacements; the gain or loss simply does not happen."""

    def __init__(self, spec: AbilityDef, card: str) -> None:
        self.spec = spec
        kinds = {"cant_gain_life": {"gain_life"}, "cant_lose_life": {"lose_life"}}
        self.kinds = frozenset(kinds.get(spec.event, {"gain_life", "lose_life"}))
        who = {"players": "players", "opponents": "your opponents", "you": "you"}[spec.get("who", "players")]
        verbs = {"cant_gain_life": "can't gain life", "cant_lose_life": "can't lose life"}
        verb = verbs.get(spec.event, "life total can't change")
        self.label = f"{card} ({who} {verb})"

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        who = self.spec.get("who")
        if who == "opponents":
            return event.player != effect.controller
        if who == "you":
            return event.player == effect.controller
        return True


class CardTrigger(Triggered):
    """603.2: a printed triggered ability; it sees only what actually happened (614.6)."""

    def __init__(self, spec: AbilityDef, card: str) -> None:
        self.spec = spec
        self.card = card
        self.kinds = frozenset({EVENT_KINDS[spec.event]})
        self.label = f"{card}'s triggered ability"

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        event = self.spec.event
        if event == "enters":
            return bool(happened.get("to") == st.BATTLEFIELD and happened.new == effect.host)
        if event == "untapped":
            return happened.old == effect.host  # 603.2: "whenever … becomes untapped"
        who = self.spec.get("who")
        if event in STEP_OF:  # 603.2: "at the beginning of your upkeep / the end step"
            if happened.get("step") != STEP_OF[event]:
                return False
            return who != "you" or game.active_player == effect.controller
        player = happened.event.player
        return bool(who == "any" or (who == "you") == (player == effect.controller))

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        """603.3: put on the stack the next time a player would receive priority; targets now (603.3d)."""
        from .stack import PutTrigger, StackItem

        h = waiting.happened
        item = StackItem(
            "trigger",
            waiting.effect.source.card if waiting.effect.source.card is not None else -1,
            waiting.effect.host,
            waiting.controller,
            self.spec.index,
            text=self.card,
            amount=int(h.get("amount", 0)) if h is not None else 0,
            that=h.new if h is not None else None,
        )
        return PutTrigger(item, self.spec.targets)


@dataclass(frozen=True, slots=True, eq=False)
class AttachedBonus(Modifier):
    """An Aura's "enchanted creature gets +N/+N" (layer 7c) or "has KEYWORD" (layer 6)."""

    spec: AbilityDef
    label: str

    @property
    def kinds(self) -> frozenset[str]:  # type: ignore[override]  # computed from the spec
        return frozenset({st.PT_MOD if self.spec.event == "pt_bonus" else st.KEYWORDS})

    def affects(self, game: Game, effect: Effect, obj: GameObject) -> bool:
        host = game.objects.get(effect.host) if effect.host is not None else None
        return host is not None and st.attached_to(host) == obj.oid

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if key == st.KEYWORDS:
            return (*value, self.spec.get("keyword"))
        return (value[0] + self.spec.get("power"), value[1] + self.spec.get("toughness"))


@dataclass(frozen=True, slots=True, eq=False)
class SetToughness(Modifier):
    """701.10g / 613.4b: an exchange with a toughness sets it to the other value (layer 7b)."""

    toughness: int
    label: str = "toughness set by an exchange"
    kinds: frozenset[str] = frozenset({st.PT_SET})

    def affects(self, game: Game, effect: Effect, obj: GameObject) -> bool:
        return obj.oid in effect.targets

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return (value[0], self.toughness)


@dataclass(frozen=True, slots=True, eq=False)
class TextBoxes(Modifier):
    """701.10h / 612: a text-changing effect (layer 3); ``texts[i]`` is the card whose text box
    ``effect.targets[i]`` now has."""

    texts: tuple[str, ...]
    label: str = "text boxes exchanged"
    kinds: frozenset[str] = frozenset({st.TEXT})

    def affects(self, game: Game, effect: Effect, obj: GameObject) -> bool:
        return obj.oid in effect.targets

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return st.catalog(game)[self.texts[effect.targets.index(obj_id)]]


@dataclass(frozen=True, slots=True, eq=False)
class Continuous(Modifier):
    """A continuous effect from a resolved spell or ability (611.2) on the objects in ``effect.targets``:
    control (layer 2), added card types (layer 4), added keywords (layer 6), setting, modifying or
    switching power and toughness (7b, 7c, 7d). Its duration is the effect's ``expires``."""

    key: str
    value: Any
    label: str

    @property
    def kinds(self) -> frozenset[str]:  # type: ignore[override]  # one layer, chosen by the instruction
        return frozenset({self.key})

    def affects(self, game: Game, effect: Effect, obj: GameObject) -> bool:
        return obj.oid in effect.targets

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if key in (st.CONTROL, st.PT_SET):
            return self.value
        if key in (st.TYPES, st.KEYWORDS):
            return tuple(dict.fromkeys((*value, *self.value)))
        if key == st.PT_MOD:
            return (value[0] + self.value[0], value[1] + self.value[1])
        return (value[1], value[0])  # PT_SWITCH, 613.4d


# ---------------------------------------------------------------------------------------------- registering


def build(game: Game, spec: AbilityDef, card: str) -> Ability | None:
    """The kernel ability for a printed ability, built once per game rules object and shared by copies
    (activated abilities are not registered: they are offered from the text box at priority)."""
    cache: dict[tuple[str, str, int], Ability | None] = game.rules.built  # type: ignore[attr-defined]  # Magic
    key = (card, spec.form, spec.index)
    if key not in cache:
        cache[key] = _build(spec, card)
    return cache[key]


def _build(spec: AbilityDef, card: str) -> Ability | None:
    if spec.form == "replace":
        return CardReplacement(spec, card)
    if spec.form == "trigger":
        return CardTrigger(spec, card)
    if spec.form == "static" and spec.event in ("cant_gain_life", "cant_lose_life", "life_cant_change"):
        return CantChangeLife(spec, card)
    if spec.form == "static" and spec.event == "pt_equals_life":
        return None  # a characteristic-defining ability: state.power_toughness applies it (layer 7a)
    if spec.form == "static":
        return AttachedBonus(spec, f"{card} ({spec.event})")
    return None


def register(game: Game, obj: GameObject) -> None:
    """Register the abilities of ``obj``'s current text box, under its current controller."""
    box = st.textbox(game, obj)
    source = Source("ability", obj.top, obj.controller, ability=PRINTED)
    for spec in box.abilities:
        ability = build(game, spec, box.name)
        if ability is not None:
            game.effects.add(ability, obj.controller, source, host=obj.oid)
    obj.state["registered"] = (box.name, obj.controller)


def sync(game: Game) -> None:
    """Re-register printed abilities of permanents whose text box or controller changed."""
    for obj in st.battlefield(game):
        if obj.state.get("registered") != (st.textbox(game, obj).name, obj.controller):
            for effect in game.effects.hosted(obj.oid):
                if effect.source.ability == PRINTED:
                    game.effects.remove(effect.eid)
            register(game, obj)
