"""Events: frozen records of something about to happen, and of what actually happened.

An :class:`Event` is *proposed*; prohibitions may drop it and replacement effects may substitute other
events for it; only then is it *performed*, which yields a :class:`Happened` record. Triggered abilities
look only at ``Happened`` records (DM 603.2d, MTG 614.6): a replaced event never happened.

Every event carries its :class:`Source`. In Duel Masters a substitute made by a replacement keeps the
source of the event it replaced (DM 110.5): the replacement changes *what* happens, not *who* caused it.
Other games decide otherwise where their texts say so (Monster Collection 4.8/4.9: the card whose effect
makes the substitute is its source unless the text names another, as クリティカル's erratum does); the
policy decides, with :attr:`~.effects.Plan.keep_source`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .values import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Source:
    """What caused an event.

    ``kind`` says what sort of cause it is, in the game's words (``"rule"``, ``"attack"``, ``"spell"``,
    ``"ability"``, …); ``card`` is the card whose ability or spell it is (DM 110.5); ``player`` the player
    who controlled that source; ``rule`` the rule number when a rule is the cause.
    """

    kind: str
    card: int | None = None
    player: int | None = None
    ability: str | None = None
    rule: str | None = None

    @property
    def is_rule(self) -> bool:
        return self.card is None


RULE = Source("rule")


@quick_init
@dataclass(frozen=True, slots=True)
class Event:
    """A proposed event.

    ``kind`` is the game's event name (the effect index is keyed by it); ``subject`` the object id it is
    about, if any; ``player`` the affected player, if any; ``args`` read-only parameters.
    ``replaced_by`` lists the replacement effects applied in this event's lineage (their effect ids),
    ``parent`` the event it replaced.
    """

    kind: str
    subject: int | None = None
    player: int | None = None
    source: Source = RULE
    args: Mapping[str, Any] = field(default_factory=dict)
    parent: Event | None = None
    replaced_by: tuple[int, ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        return self.args.get(key, default)

    @property
    def is_replacement(self) -> bool:
        """True for an event that a replacement effect made (DM 101.5: it is not replaced again)."""
        return bool(self.replaced_by)

    def with_args(self, **changes: Any) -> Event:
        merged = dict(self.args)
        merged.update(changes)
        return replace(self, args=merged)


@quick_init
@dataclass(frozen=True, slots=True)
class Happened:
    """What an event actually did: the event as performed and what it touched.

    ``cards`` are the card ids affected; ``old`` and ``new`` the object ids before and after (a zone change
    makes a new object); ``data`` game-specific facts (zones, last known characteristics, …).
    """

    event: Event
    cards: tuple[int, ...] = ()
    old: int | None = None
    new: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        return self.event.kind

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)
