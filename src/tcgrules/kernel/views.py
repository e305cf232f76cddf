"""Per-player views: what one player may know of a game, as frozen, JSON-serialisable data.

The kernel knows nothing of any game's zones or of what is hidden in them. It defines the shape of a view
and the hooks (:meth:`GameRules.view`, :meth:`GameRules.log_views`, :meth:`GameRules.determinize`) through
which a game module fills it in; ``Game.view``, ``Game.log_for`` and ``Game.determinize`` call them.
Every field is a string, a number, ``None`` or a tuple of those or of other view records, so
``dataclasses.asdict`` (:meth:`View.to_json`) turns a view into plain JSON.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ObjectView:
    """One object as the viewer sees it. ``ref`` names it the way decision options do (by its top card
    when the viewer can see it, by its position in its zone otherwise); ``cards`` lists its cards' names
    top first, ``None`` for a card the viewer cannot tell apart."""

    ref: str
    cards: tuple[str | None, ...]
    tapped: bool = False
    face_down: bool = False
    notes: tuple[str, ...] = ()
    """Game-specific facts about the object, in words."""


@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone: its owner, name and number of objects and cards. ``objects`` is ``None`` for a zone whose
    objects the viewer cannot tell apart (a hidden zone); ``known`` then names, sorted, the cards of that
    zone the viewer knows although they cannot see them."""

    player: int
    name: str
    count: int
    cards: int
    objects: tuple[ObjectView, ...] | None
    known: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OptionView:
    label: str
    text: str


@dataclass(frozen=True, slots=True)
class DecisionView:
    """The viewer's own pending decision: answer it with ``min`` to ``max`` of the options' labels."""

    player: int
    kind: str
    prompt: str
    options: tuple[OptionView, ...]
    min: int
    max: int
    rule: str | None


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``player`` may know at this moment, and nothing else."""

    game: str
    player: int
    turn: int
    active_player: int
    players: tuple[str, ...]
    zones: tuple[ZoneView, ...]
    pending: DecisionView | None
    """The pending decision when it is the viewer's."""
    waiting_for: int | None
    """The player who must decide now, when it is someone else (what they decide is not shown)."""
    result: tuple[int | None, str, str] | None
    """``(winner, rule, reason)`` once the game is over."""
    info: tuple[tuple[str, str], ...] = ()
    """Public game-specific facts, as (name, value) pairs."""

    def zone(self, player: int, name: str) -> ZoneView:
        for z in self.zones:
            if z.player == player and z.name == name:
                return z
        raise KeyError((player, name))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)
