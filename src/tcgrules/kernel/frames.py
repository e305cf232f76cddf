"""Frames: the engine's explicit work stack.

The engine never blocks waiting for a player: all work in progress is a stack of small frames, each a
little state machine whose fields say how far it got. ``Game.advance`` steps the top frame until a frame
asks a question (a pending :class:`~.decisions.Decision`) or the game ends. Because all progress is data,
a game can be copied or saved at any pending decision.

Frame contract:
* ``step(game)`` does some work and returns; it may push child frames, ask a decision, or ``finish``.
* A frame that needs an answer calls ``game.take_answer()``; when that gives ``None`` it (re)builds its
  decision from the current state and calls ``game.ask``. So a frame interrupted by an injected event
  simply asks again.
* A child's result is read by the parent from ``game.returned`` on its next step.
* Fields hold immutable values, or flat lists/dicts/sets of immutable values (``clone`` copies those one
  level deep). Frames that hold anything else override ``clone``.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

_SLOT_CACHE: dict[type, tuple[str, ...]] = {}


def _all_slots(cls: type) -> tuple[str, ...]:
    names = _SLOT_CACHE.get(cls)
    if names is None:
        seen: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()):
                if name not in seen and not name.startswith("__"):
                    seen.append(name)
        names = _SLOT_CACHE[cls] = tuple(seen)
    return names


class Frame:
    """Base class of all frames. Subclasses are ``@dataclass(slots=True)``."""

    __slots__ = ()

    @property
    def settles(self) -> bool:
        """True for frames that stand between effects (a step of the turn, the attack sequence): when such a
        frame is on top, waiting triggered effects resolve before it continues (DM 101.4, MTG 117.5).
        A property, not a class variable: the compiled build's dataclasses take a class variable for a
        field."""
        return False

    def step(self, game: Game) -> None:
        raise NotImplementedError

    def clone(self) -> Frame:
        cls = type(self)
        try:
            new = object.__new__(cls)
            names = _all_slots(cls)
        except TypeError:  # a compiled frame (tools/compiled_build.py): made through its own __init__
            new = dataclasses.replace(self)  # type: ignore[type-var]  # frames are dataclasses
            names = _all_slots(cls) or tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        for name in names:
            try:
                value: Any = getattr(self, name)
            except AttributeError:
                continue
            if isinstance(value, list | dict | set):
                value = value.copy()
            elif isinstance(value, Frame):
                value = value.clone()
            object.__setattr__(new, name, value)
        return new

    def describe(self) -> str:
        return type(self).__name__
