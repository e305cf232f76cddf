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

_PLANS: dict[type, tuple[tuple[str, ...], tuple[str, ...] | None]] = {}
"""Per frame class: the attributes a clone copies, and ``None`` when a clone starts blank
(``object.__new__``, pure Python) or else the fields given to the constructor (a compiled class refuses
``object.__new__``; the attributes not among them are set after)."""


def _plan(cls: type) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    plan = _PLANS.get(cls)
    if plan is None:
        names = _slots_of(cls)
        given: tuple[str, ...] | None = None
        try:
            object.__new__(cls)
        except TypeError:  # compiled (tools/compiled_build.py): made through the constructor
            fields = dataclasses.fields(cls)
            given = tuple(f.name for f in fields if f.init)
            names = [*given, *(f.name for f in fields if not f.init and f.name not in given)]
            names += [name for name in _slots_of(cls) if name not in names]
        plan = _PLANS[cls] = (tuple(names), given)
    return plan


def _slots_of(cls: type) -> list[str]:
    found: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in found and not name.startswith("__"):
                found.append(name)
    return found


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
        """A copy for ``Game.copy``: list, dict and set fields copied one level deep, frame fields cloned."""
        cls = type(self)
        names, given = _PLANS.get(cls) or _plan(cls)
        values: dict[str, Any] = {}
        for name in names:
            try:
                value: Any = getattr(self, name)
            except AttributeError:
                continue
            if isinstance(value, list | dict | set):
                value = value.copy()
            elif isinstance(value, Frame):
                value = value.clone()
            values[name] = value
        if given is None:
            new = object.__new__(cls)
            for name, value in values.items():
                object.__setattr__(new, name, value)
            return new
        new = cls(**{name: values.pop(name) for name in given})
        for name, value in values.items():
            object.__setattr__(new, name, value)
        return new

    def describe(self) -> str:
        return type(self).__name__
