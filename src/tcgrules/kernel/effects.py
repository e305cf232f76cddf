"""Continuous effects, triggered abilities, and the registry that finds them by event kind.

Four categories of ability live in the :class:`EffectRegistry`, each indexed by the event kinds (or, for
modifiers, the characteristics) it cares about, so that an event only meets the effects that could
possibly apply to it — a thousand unrelated effects cost nothing on the hot path:

* :class:`Prohibition` — "can't" / "is not destroyed" (DM 700.3, MTG 614.17): drops an event before any
  replacement sees it.
* :class:`Replacement` — "instead" (DM 609, MTG 614, MC 10.8): offers a plan of substitute events.
* :class:`Triggered` — "when … happens" (DM 603, MTG 603): looks at :class:`~.events.Happened` records.
* :class:`Modifier` — continuous changes of characteristics (power, what a creature may do, …).

An :class:`Effect` is one registered instance of such an ability: which ability, who controls it, the
object it lives on (``host``; it goes away when that object leaves its zone) and when it expires.
Abilities are frozen values shared between copies of a game; games and the card language subclass them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .events import Event, Happened, Source
from .overrides import mirror_overrides

if TYPE_CHECKING:
    from .frames import Frame
    from .game import Game

PROHIBITION = "prohibition"
REPLACEMENT = "replacement"
TRIGGER = "trigger"
MODIFIER = "modifier"


class Ability:
    """Base of everything the registry holds. ``kinds`` are the index keys."""

    category: str = ""
    kinds: frozenset[str] = frozenset()
    label: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        mirror_overrides(cls)  # a subclass's class-level values, seen by a compiled build too (overrides.py)


class Prohibition(Ability):
    category = PROHIBITION

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        raise NotImplementedError

    def forbids_among(self, game: Game, effect: Effect, event: Event, kept: Sequence[Event]) -> bool:
        """``forbids`` for an event of a batch, ``kept`` being the events of that batch allowed before it (a
        limit on how many things may happen — "at most N a turn" — counts them too)."""
        return self.forbids(game, effect, event)


@dataclass(frozen=True, slots=True)
class Plan:
    """What a replacement will do to one event: its substitute events, the cards it chose (DM 609.9b
    forbids choosing them again for another replacement), and a follow-up to run after the substitute is
    performed (DM 101.5a: a そうしたら sentence is a fresh event, not part of the replacement)."""

    events: tuple[Event, ...]
    chosen: frozenset[int] = frozenset()
    followup: Frame | None = None
    keep_source: bool = True
    """Whether the substitutes take the replaced event's source (DM 110.5) or keep their own."""


class Replacement(Ability):
    category = REPLACEMENT
    optional: bool = False
    self_replacement: bool = False
    needs_choice: bool = True
    """Whether planning its substitute may ask a player to choose (cards, yes/no). Policies may apply a
    replacement that chooses nothing without asking when its order cannot matter."""

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        """Does this replacement watch for this event (pattern and conditions)?"""
        raise NotImplementedError

    def feasible(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> bool:
        """Could its substitute be performed now, without reusing ``excluded`` cards (DM 609.4, 609.9b)?"""
        return True

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        """A frame that makes the choices the replacement needs and finishes with a :class:`Plan`,
        or with ``None`` when the substitute turns out impossible."""
        raise NotImplementedError


class Triggered(Ability):
    category = TRIGGER
    optional: bool = False
    priority_class: int = 1
    """Lower classes resolve first (DM 101.4a: S・トリガー before other effects)."""
    card_bound: frozenset[str] = frozenset()
    """Event kinds for which this ability only ever matches a :class:`~.events.Happened` about its own card:
    one whose ``old`` or ``new`` object, as it is when triggers are collected, holds the card its effect's
    source names (``Effect.source.card``). The registry and the look-back list index such an ability by
    ``(kind, card)``, so a batch of N events costs O(N + matches), not O(N × waiting triggers). Declare a
    kind only where ``matches`` provably returns ``False`` for every other event of that kind."""
    per_batch: bool = False
    """It triggers once for all the events of one batch it matches (one action that does several things at
    once, DM 603.2b: 「カードを捨てた時」 for a discard of two cards): the first match waits, and each later
    match of the same batch that :meth:`matches_again` accepts is added to that waiting effect's
    :attr:`Waiting.batch` instead of waiting on its own."""

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        raise NotImplementedError

    def matches_again(self, game: Game, effect: Effect, happened: Happened) -> bool:
        """Whether another event of the batch an already waiting :attr:`per_batch` ability triggered on
        matches it too (without what happens only once as it triggers)."""
        return self.matches(game, effect, happened)

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        raise NotImplementedError


class Modifier(Ability):
    category = MODIFIER

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Effect:
    """One registered ability instance."""

    eid: int
    ability: Ability
    controller: int
    source: Source
    host: int | None = None
    expires: str | None = None
    targets: tuple[int, ...] = ()
    """Object ids a created effect applies to ("that creature gets −2000"); empty for static abilities."""

    @property
    def option_label(self) -> str:
        """How a decision's option names this effect: ``r<effect id>``, plus ``:c<card id>`` of its source
        card, so that a caller can name the option by the card."""
        return f"r{self.eid}" if self.source.card is None else f"r{self.eid}:c{self.source.card}"


@dataclass(frozen=True, slots=True)
class Waiting:
    """A triggered ability that has triggered and waits to resolve (DM 603.3; MTG 603.3)."""

    seq: int
    effect: Effect
    happened: Happened | None
    controller: int
    priority_class: int = 1
    batch: tuple[Happened, ...] = ()
    """For a :attr:`Triggered.per_batch` ability: every event of the batch it matched, ``happened`` first
    (empty for any other)."""


class EffectRegistry:
    """Effects indexed by ``(category, kind)`` and by host object, in registration order.

    A triggered ability that declares :attr:`Triggered.card_bound` kinds is indexed under those kinds by
    ``(kind, source card)`` instead (:meth:`find_bound`): an event meets it only when it is about its card.

    Copy-on-write: :meth:`copy` shares every dict with the copy; whichever side writes first copies the
    outer dict it writes to (and only the bucket it touches), so a copy costs nothing until used and no
    copy holds a reference back to another (no reference cycles for the garbage collector).
    """

    __slots__ = (
        "_bound",
        "_bound_kinds",
        "_by_host",
        "_by_id",
        "_owned_bound",
        "_owned_index",
        "_shared",
        "index",
        "next_id",
    )

    def __init__(self) -> None:
        self._by_id: dict[int, Effect] = {}
        self.index: dict[tuple[str, str], dict[int, Effect]] = {}
        """The effects by ``(category, kind)``, each bucket by effect id in registration order — read it,
        never write it (:meth:`find` copies a bucket; a hot path may read ``index.get(key)`` at once and
        iterate a copy of its values). A key is present only while its bucket is not empty."""
        self._bound: dict[tuple[str, int | None], dict[int, Effect]] = {}
        self._bound_kinds: frozenset[str] | None = frozenset()
        """The kinds of :attr:`_bound`'s keys (``None`` until worked out again after a change; ``has``)."""
        self._by_host: dict[int, tuple[int, ...]] = {}
        self._owned_index: set[tuple[str, str]] = set()
        self._owned_bound: set[tuple[str, int | None]] = set()
        """The keys whose bucket this registry made itself since the last copy (it may write into those)."""
        self._shared = False
        """Whether the outer dicts may be shared with a copy (copy them before the first write)."""
        self.next_id = 1

    def copy(self) -> EffectRegistry:
        new = EffectRegistry.__new__(EffectRegistry)
        new._by_id = self._by_id
        new.index = self.index
        new._bound = self._bound
        new._by_host = self._by_host
        new._bound_kinds = self._bound_kinds
        new.next_id = self.next_id
        new._owned_index = set()
        new._owned_bound = set()
        new._shared = True
        # Both sides now share every bucket: neither may write into one without copying it first.
        self._owned_index = set()
        self._owned_bound = set()
        self._shared = True
        return new

    def _unshare(self) -> None:
        self._by_id = dict(self._by_id)
        self.index = dict(self.index)
        self._bound = dict(self._bound)
        self._by_host = dict(self._by_host)
        self._shared = False

    @staticmethod
    def _bucket(table: dict[Any, dict[int, Effect]], owned: set[Any], key: Any) -> dict[int, Effect]:
        """The bucket of ``key`` in ``table``, this registry's own (created or copied when needed)."""
        bucket = table.get(key)
        if bucket is None:
            bucket = table[key] = {}
            owned.add(key)
        elif key not in owned:
            bucket = table[key] = dict(bucket)
            owned.add(key)
        return bucket

    @classmethod
    def _drop(cls, table: dict[Any, dict[int, Effect]], owned: set[Any], key: Any, eid: int) -> None:
        if key in table:
            bucket = cls._bucket(table, owned, key)
            bucket.pop(eid, None)
            if not bucket:
                del table[key]
                owned.discard(key)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Any:
        return iter(self._by_id.values())

    def add(
        self,
        ability: Ability,
        controller: int,
        source: Source,
        *,
        host: int | None = None,
        expires: str | None = None,
        targets: tuple[int, ...] = (),
    ) -> Effect:
        if self._shared:
            self._unshare()
        effect = Effect(self.next_id, ability, controller, source, host, expires, targets)
        self.next_id += 1
        self._by_id[effect.eid] = effect
        bound = card_bound_kinds(ability)
        for kind in ability.kinds:
            if kind in bound:
                self._bucket(self._bound, self._owned_bound, (kind, source.card))[effect.eid] = effect
                self._bound_kinds = None
            else:
                self._bucket(self.index, self._owned_index, (ability.category, kind))[effect.eid] = effect
        if host is not None:
            self._by_host[host] = (*self._by_host.get(host, ()), effect.eid)
        return effect

    def get(self, eid: int) -> Effect | None:
        return self._by_id.get(eid)

    def remove(self, eid: int) -> Effect | None:
        if eid not in self._by_id:
            return None
        if self._shared:
            self._unshare()
        effect = self._by_id.pop(eid)
        ability = effect.ability
        bound = card_bound_kinds(ability)
        for kind in ability.kinds:
            if kind in bound:
                self._drop(self._bound, self._owned_bound, (kind, effect.source.card), eid)
                self._bound_kinds = None
            else:
                self._drop(self.index, self._owned_index, (ability.category, kind), eid)
        if effect.host is not None:
            hosted = self._by_host.get(effect.host)
            if hosted is not None:
                rest = tuple(e for e in hosted if e != eid)
                if rest:
                    self._by_host[effect.host] = rest
                else:
                    del self._by_host[effect.host]
        return effect

    def remove_host(self, host: int) -> list[Effect]:
        """Remove every effect living on object ``host`` (it left its zone) and return them."""
        removed = []
        for eid in self._by_host.get(host, ()):
            effect = self.remove(eid)
            if effect is not None:
                removed.append(effect)
        return removed

    def hosted(self, host: int) -> list[Effect]:
        return [self._by_id[eid] for eid in self._by_host.get(host, ())]

    def expire(self, when: str) -> list[Effect]:
        """Remove every effect whose duration ends ``when`` (e.g. ``"end_of_turn"``)."""
        ending = [e.eid for e in self._by_id.values() if e.expires == when]
        return [e for e in (self.remove(eid) for eid in ending) if e is not None]

    def find(self, category: str, kind: str) -> Iterable[Effect]:
        """The effects of ``category`` indexed under ``kind`` (an empty tuple when there are none). Triggered
        abilities bound to their card for ``kind`` are not among them: :meth:`find_bound` finds those."""
        bucket = self.index.get((category, kind))
        return tuple(bucket.values()) if bucket else ()

    def find_bound(self, kind: str, card: int) -> Iterable[Effect]:
        """The triggered abilities bound to card ``card`` for event kind ``kind``
        (:attr:`Triggered.card_bound`), in registration order."""
        bucket = self._bound.get((kind, card))
        return tuple(bucket.values()) if bucket else ()

    def has(self, category: str, kind: str) -> bool:
        """Whether any effect of ``category`` is indexed under ``kind`` — triggered abilities bound to
        their card included (a rules module asks before it emits an event only they could watch)."""
        if (category, kind) in self.index:
            return True
        if category != TRIGGER:
            return False
        return kind in self.bound_kinds()

    def bound_kinds(self) -> frozenset[str]:
        """The event kinds some triggered ability is bound to its card for (:attr:`Triggered.card_bound`)."""
        kinds = self._bound_kinds
        if kinds is None:
            kinds = self._bound_kinds = frozenset(bound_kind for bound_kind, _ in self._bound)
        return kinds


def card_bound_kinds(ability: Ability) -> frozenset[str]:
    """The kinds for which ``ability`` is indexed by its card (:attr:`Triggered.card_bound`)."""
    return ability.card_bound if isinstance(ability, Triggered) else _NONE


_NONE: frozenset[str] = frozenset()
