"""Cards, objects and zones: what the game is made of.

* A :class:`Card` is a physical card. Its id lasts the whole game; its owner never changes.
* A :class:`GameObject` is the single thing a zone holds (seed 004, オブジェクト): one card, or several
  stacked (an evolution creature, a shield of several cards). ``cards[0]`` is the top card.
  An object that changes zones becomes a new object with a new id and forgets everything that applied to
  it (DM 109.2, MTG 400.7); evolving keeps the object (DM 801.2).
* A zone is an ordered list of object ids under a :data:`ZoneKey` ``(player, name)``. The *last* element
  of a zone list is its top (so drawing pops the end).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .values import quick_init

ZoneKey = tuple[int, str]
"""``(player index, zone name)``; the player of a shared zone is ``-1``."""


@quick_init
@dataclass(frozen=True, slots=True)
class Card:
    """A physical card: its permanent id, its owner and the name of its printed definition."""

    cid: int
    owner: int
    name: str


_new_object = object.__new__


class GameObject:
    """One object in one zone. Mutable, but only the game changes it; ``clone`` copies it for ``copy()``."""

    __slots__ = ("cards", "controller", "entered_turn", "face_down", "oid", "state", "tapped", "zone")

    def __init__(
        self,
        oid: int,
        cards: list[int],
        zone: ZoneKey,
        controller: int,
        *,
        tapped: bool = False,
        face_down: bool = False,
        entered_turn: int = 0,
        state: dict[str, Any] | None = None,
    ) -> None:
        self.oid = oid
        self.cards = cards
        self.zone = zone
        self.controller = controller
        self.tapped = tapped
        self.face_down = face_down
        self.entered_turn = entered_turn
        # Game-specific marks: attacking, blocked, lost battle, damage, … Values must be immutable.
        self.state: dict[str, Any] = state if state is not None else {}

    @property
    def top(self) -> int:
        """The id of the top card, whose characteristics the object shows (DM 200.3a)."""
        return self.cards[0]

    def clone(self) -> GameObject:
        # Pure Python: slot by slot, without __init__'s keyword arguments (copy() clones every object, the
        # hot part of it). Compiled (tools/compiled_build.py), a class refuses object.__new__, and the
        # constructor, called natively, is the fast way.
        if not _BLANK_OBJECTS:
            return GameObject(
                self.oid,
                self.cards[:],
                self.zone,
                self.controller,
                tapped=self.tapped,
                face_down=self.face_down,
                entered_turn=self.entered_turn,
                state=self.state.copy(),
            )
        new = _new_object(GameObject)
        new.oid = self.oid
        new.cards = self.cards[:]
        new.zone = self.zone
        new.controller = self.controller
        new.tapped = self.tapped
        new.face_down = self.face_down
        new.entered_turn = self.entered_turn
        new.state = self.state.copy()
        return new

    def __repr__(self) -> str:
        flags = " tapped" if self.tapped else ""
        return f"<GameObject #{self.oid} cards={self.cards} zone={self.zone}{flags}>"


def _blank_objects() -> bool:
    """Whether ``object.__new__`` makes a blank :class:`GameObject` (pure Python; compiled, a class refuses
    it)."""
    try:
        _new_object(GameObject)
    except TypeError:
        return False
    return True


_BLANK_OBJECTS: Final = _blank_objects()
