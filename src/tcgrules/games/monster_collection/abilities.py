"""Kernel abilities built from Monster Collection card data: replacements, 耐性 and losing 耐性.

Everything a card does comes from its :mod:`.cards` values, interpreted here; no card is named in code.

* :class:`CardReplacement` — "x:1以上のダメージが適用される場合、代わりに…" (10.8); 弱点:x is one too
  (supplement 2), and so is ダムロの徹甲突破隊's 徹甲コーティング (example 9).
* :class:`Resistance` — 耐性:x, a prohibition on death events whose source is x (a card type such as
  戦闘スペル or 消耗品) or whose damage had attribute x (example 7: it never stops a discard).
* :class:`LoseResistances` — "対象はすべての耐性:xを失う (x: every damage attribute)".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import (
    MODIFIER,
    Effect,
    Event,
    Frame,
    Game,
    Modifier,
    Plan,
    Prohibition,
    Replacement,
    Source,
)
from .cards import ALL_ATTRIBUTES, DAMAGE_ATTRIBUTES, CardDef, ReplaceSpec, Weakness


def card_def(game: Game, cid: int) -> CardDef:
    catalog: dict[str, CardDef] = game.rules.catalog  # type: ignore[attr-defined]  # MonsterCollection
    return catalog[game.cards[cid].name]


def source_types(game: Game, source: Source) -> tuple[str, ...]:
    """The types of the card an effect comes from (4.8: the card with the ability that makes it)."""
    return () if source.card is None else card_def(game, source.card).types


def resistances(game: Game, oid: int) -> tuple[str, ...]:
    """A unit's 耐性 now: printed, minus what effects took away."""
    value: tuple[str, ...] = card_def(game, game.objects[oid].top).resistances
    for effect in game.effects.find(MODIFIER, "resistances"):
        value = effect.ability.modify(game, effect, oid, "resistances", value)  # type: ignore[attr-defined]  # the registry entry is of the category that has this method
    return value


def is_attribute_resistance(x: str) -> bool:
    return x == ALL_ATTRIBUTES or x in DAMAGE_ATTRIBUTES


def resistance_matches(game: Game, x: str, event: Event) -> bool:
    """Does 耐性:x cover this death? x names its source's type, or the attribute of its damage."""
    attribute = event.get("attribute")
    if attribute is not None and x in (attribute, ALL_ATTRIBUTES):
        return True
    return x in source_types(game, event.source)


@dataclass(slots=True)
class Done(Frame):
    """A frame that finishes at once with ``value`` (a plan that needs no choice)."""

    value: Any = None

    def step(self, game: Game) -> None:
        game.finish(self.value)


@dataclass(frozen=True, slots=True)
class CardReplacement(Replacement):
    """A replacement effect from card data (10.8). Mandatory: MC replacements have no "may"."""

    spec: ReplaceSpec
    kinds: frozenset[str] = frozenset()
    label: str = ""

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        spec = self.spec
        if event.kind != spec.watch or not self._subject_ok(effect, event):
            return False
        if spec.used_by_self and (effect.host is None or event.get("user") != _top(game, effect.host)):
            return False
        if spec.watch == "damage":
            if event.get("amount", 0) < spec.min_amount:
                return False
            if spec.attribute is not None and event.get("attribute") != spec.attribute:
                return False
        types = source_types(game, event.source)
        return all(t in types for t in spec.source_types)

    def _subject_ok(self, effect: Effect, event: Event) -> bool:
        if self.spec.subject == "target":
            return event.subject in effect.targets
        if self.spec.subject == "self":
            return event.subject == effect.host
        return True

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        return Done(Plan((self.substitute(effect, event),), keep_source=self.spec.source == "event"))

    def substitute(self, effect: Effect, event: Event) -> Event:
        """The new event (10.8.3). Its source is this effect's card (4.8) unless the text names the
        replaced event's source (``source: event``); the policy sets it from ``keep_source``."""
        spec = self.spec
        if spec.instead == "increase":
            return event.with_args(amount=event.get("amount", 0) + spec.amount)
        return Event(spec.instead, event.subject, event.player, effect.source)


@dataclass(frozen=True, slots=True)
class Resistance(Prohibition):
    """耐性:x on its host: death effects from x are never produced (example 7)."""

    x: str
    kinds: frozenset[str] = frozenset({"death"})
    label: str = ""

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        if event.subject != effect.host or effect.host not in game.objects:
            return False
        return self.x in resistances(game, effect.host) and resistance_matches(game, self.x, event)


@dataclass(frozen=True, slots=True)
class LoseResistances(Modifier):
    """The target loses every 耐性:x where x is a damage attribute (クリティカル, デッド・ホール)."""

    kinds: frozenset[str] = frozenset({"resistances"})
    label: str = "loses 耐性:x (x: every damage attribute)"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if obj_id not in effect.targets:
            return value
        return tuple(x for x in value if not is_attribute_resistance(x))


def _top(game: Game, oid: int) -> int | None:
    obj = game.objects.get(oid)
    return None if obj is None else obj.top


def replacement(spec: ReplaceSpec, label: str) -> CardReplacement:
    return CardReplacement(spec, frozenset({spec.watch}), label)


def weakness(w: Weakness, card: str) -> CardReplacement:
    """弱点:x as the replacement it is (supplement 2): the damage stays the dealer's (source: event)."""
    spec = ReplaceSpec(
        "damage", "increase", "self", min_amount=1, attribute=w.attribute, amount=w.amount, source="event"
    )
    return replacement(spec, f"{card} (弱点:{w.attribute})")


def unit_abilities(card: CardDef) -> list[Prohibition | Replacement]:
    """What a unit on the field has by itself: 耐性, 弱点 and its static replacements."""
    out: list[Prohibition | Replacement] = [
        Resistance(x, label=f"{card.name} (耐性:{x})") for x in card.resistances
    ]
    out += [weakness(w, card.name) for w in card.weaknesses]
    out += [replacement(s, f"{card.name} ({s.label or 'static'})") for s in card.statics]
    return out
