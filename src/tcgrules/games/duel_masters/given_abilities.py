"""Abilities given by a static ability (「…」を得る: サバイバー, 「スレイヤー」): triggers and replacements.

A static ability that gives a triggered ability or a replacement effect (``static: {ability: …}``, or a
keyword whose meaning is one, such as スレイヤー) makes every object it describes have that ability as if
printed on it (604, 608.3a): each such object has its own instance, one per giving ability, and its
``this`` is that object. The giver is a :class:`TriggerGiver` registered with its card; each object in the
zones its ``to`` names gets a :class:`GivenTrigger` (or :class:`GivenReplacement`) hosted on it — when the
object arrives there (``attach_given``, called as any object enters a zone) or when the giver arrives. A
given ability works only while the giver's ability still works, its ``if`` holds and the object fits
``to``; an object that left in the same event is checked as its card now is (603.5c, as language 2's
patterns check a subject that left).

Known limit: when the giver leaves together with the object that has its ability, the ability is not seen
looking back (603.5c) unless the giver gave it to itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards.schema import AbilitySpec
from ...kernel import (
    MODIFIER,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Modifier,
    Replacement,
    Source,
    Triggered,
    Waiting,
)
from .language.scope import effect_scope
from .language.selectors import contains, fits, players
from .zones import BATTLE

GIVES = "gives_triggers"
"""The characteristic key :class:`TriggerGiver` is indexed under (it changes no characteristic)."""


@dataclass(frozen=True, slots=True)
class TriggerGiver(Modifier):
    """``static: {ability: TRIGGER}``: the giving ability, registered with its card; ``inner`` are the
    given triggered abilities, compiled."""

    spec: AbilitySpec
    card: str
    inner: tuple[Any, ...]
    kinds: frozenset[str] = frozenset({GIVES})
    label: str = ""

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return value

    def zones(self) -> tuple[str, ...]:
        to = self.spec.to
        if to is None:
            return ()
        return to.zones or ((to.zone,) if to.zone else (BATTLE,))


@dataclass(frozen=True, slots=True)
class GivenTrigger(Triggered):
    """One object's instance of a triggered ability a :class:`TriggerGiver` gives."""

    inner: Any
    giver: int
    """The giving effect's id."""
    giver_host: int | None
    kinds: frozenset[str] = frozenset()
    label: str = ""
    priority_class: int = 1
    optional: bool = False

    @property
    def spec(self) -> AbilitySpec:
        return self.inner.spec  # type: ignore[no-any-return]

    @property
    def keyword(self) -> str | None:
        return self.inner.keyword  # type: ignore[no-any-return]

    @property
    def per_batch(self) -> bool:  # type: ignore[override]  # the given ability's (603.2b)
        return bool(self.inner.per_batch)

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        if not still_given(game, effect, self.giver, self.giver_host):
            return False
        return bool(self.inner.matches(game, effect, happened))

    def matches_again(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return still_given(game, effect, self.giver, self.giver_host) and bool(
            self.inner.matches_again(game, effect, happened)
        )

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        return self.inner.resolve(game, waiting)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class GivenReplacement(Replacement):
    """One object's instance of a replacement effect a :class:`TriggerGiver` gives (609)."""

    inner: Any
    giver: int
    giver_host: int | None
    kinds: frozenset[str] = frozenset()
    label: str = ""
    optional: bool = False
    needs_choice: bool = True

    @property
    def takes_cards(self) -> bool:
        """Whether its substitute picks cards (609.9b), as the ability it stands for says."""
        return bool(getattr(self.inner, "takes_cards", True))

    @property
    def spec(self) -> AbilitySpec:
        return self.inner.spec  # type: ignore[no-any-return]

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        return still_given(game, effect, self.giver, self.giver_host) and bool(
            self.inner.applies(game, effect, event)
        )

    def feasible(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> bool:
        return bool(self.inner.feasible(game, effect, event, excluded))

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        return self.inner.plan(game, effect, event, excluded)  # type: ignore[no-any-return]


def still_given(game: Game, effect: Effect, giver_id: int, giver_host: int | None) -> bool:
    """Does the object hosting ``effect`` still have the ability its giver gives?"""
    from .abilities import condition_holds
    from .ability_ignore import is_ignored

    giver = game.effects.get(giver_id)
    here = effect.host is not None and effect.host in game.objects
    if giver is None:
        # the giver is gone; an object that left together with it looks back only at what it gave itself
        return not here and giver_host == effect.host
    giving: TriggerGiver = giver.ability  # type: ignore[assignment]
    if is_ignored(game, giver) or not condition_holds(game, giver, giving.spec.condition):
        return False
    to = giving.spec.to
    if to is None:
        return effect.host == giver.host
    scope = effect_scope(game, giver)
    if here:
        return contains(game, scope, to, game.objects[effect.host])  # type: ignore[index]
    # it left in this very event (603.5c): its side as it was, its card as it now is
    card = effect.source.card
    oid = game.card_object.get(card) if card is not None else None
    now = game.objects.get(oid) if oid is not None else None
    return (
        effect.controller in players(scope, to.owner)
        and now is not None
        and fits(game, now, to.filter, scope)
    )


def attach_given(game: Game, obj: GameObject) -> None:
    """``obj`` has just entered a zone: give it the triggered abilities of every giver whose zones include
    its zone; if it is itself a giver, give them to every object already in those zones."""
    if obj.face_down and obj.zone[1] == BATTLE:
        return  # 200.3b: a seal has no abilities
    for effect in list(game.effects.find(MODIFIER, GIVES)):
        giving = effect.ability
        if not isinstance(giving, TriggerGiver):
            continue
        if effect.host == obj.oid:
            targets = [obj] if giving.spec.to is None else _in_zones(game, giving.zones())
            for target in targets:
                _attach(game, effect, giving, target)
        elif obj.zone[1] in giving.zones():
            _attach(game, effect, giving, obj)


def give_to_present(game: Game, effect: Effect) -> None:
    """A giver made by an effect (``continuous``; hosted by no object, or by its card's for
    ``while_this_in_battle_zone``): every object already in its zones gets the ability now; those arriving
    later get it as they arrive (``attach_given``)."""
    giving = effect.ability
    if isinstance(giving, TriggerGiver) and giving.spec.to is not None:
        for target in _in_zones(game, giving.zones()):
            _attach(game, effect, giving, target)


def _in_zones(game: Game, zones: tuple[str, ...]) -> list[GameObject]:
    return [o for p in range(game.players) for z in zones for o in game.objects_in((p, z))]


def _attach(game: Game, effect: Effect, giving: TriggerGiver, target: GameObject) -> None:
    if target.face_down and target.zone[1] == BATTLE:
        return
    for hosted in game.effects.hosted(target.oid):
        if (
            isinstance(hosted.ability, (GivenTrigger, GivenReplacement))
            and hosted.ability.giver == effect.eid
        ):
            return  # already given
    source = Source("ability", target.top, target.controller)
    for inner in giving.inner:
        label = f"{inner.label} (given)"
        given: GivenTrigger | GivenReplacement
        if isinstance(inner, Replacement):
            given = GivenReplacement(
                inner, effect.eid, effect.host, inner.kinds, label, inner.optional, inner.needs_choice
            )
        else:
            given = GivenTrigger(
                inner, effect.eid, effect.host, inner.kinds, label, inner.priority_class, inner.optional
            )
        game.effects.add(given, target.controller, source, host=target.oid)
