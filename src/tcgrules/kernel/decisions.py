"""Decisions as data: what the engine needs from a player, and the checking of answers.

The engine never blocks. When it needs a choice it stops with a :class:`Decision` pending; the caller
(an agent, the CLI, a scenario, a test) answers with option labels. Labels are stable: the same choice
has the same label in a copy, after save/load and across runs with the same seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import IllegalActionError, shorten
from .values import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class Option:
    """One choice. ``label`` is what an answer names; ``text`` says it for people."""

    label: str
    text: str = ""


@quick_init
@dataclass(frozen=True, slots=True)
class Decision:
    """A choice a player must make: pick between ``min`` and ``max`` distinct options."""

    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    rule: str | None = None

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple([o.label for o in self.options])

    def option(self, label: str) -> Option:
        for o in self.options:
            if o.label == label:
                return o
        raise KeyError(label)

    def validate(self, labels: Iterable[Any], who: str | None = None) -> tuple[str, ...]:
        """Return the answer as a tuple, or raise :class:`IllegalActionError` saying what was expected.
        Labels are text: anything else (a number, a list, a mapping) is refused the same way. ``who`` is
        how the player is named (``A`` in scenarios); the default is ``player N``."""
        try:
            chosen = tuple(labels)
        except TypeError as exc:
            raise IllegalActionError(
                f"an answer is a sequence of option labels, got {shorten(labels)}"
            ) from exc
        who = who or f"player {self.player}"
        known = self.labels if len(self.options) < 16 else frozenset(self.labels)  # few: a tuple is quicker
        for label in chosen:
            if not isinstance(label, str) or label not in known:
                kind = (
                    ""
                    if isinstance(label, str)
                    else f" (an option label is text, not {type(label).__name__})"
                )
                raise IllegalActionError(
                    f"{shorten(label)} is not an option of this {self.kind} decision for {who}{kind}; "
                    f"options are {shorten(list(self.labels), 400)}"
                )
        if len(chosen) > 1 and len(set(chosen)) != len(chosen):
            raise IllegalActionError(f"the answer {shorten(list(chosen))} names an option twice")
        if not self.min <= len(chosen) <= self.max:
            want = str(self.min) if self.min == self.max else f"{self.min} to {self.max}"
            raise IllegalActionError(
                f"this {self.kind} decision takes {want} option(s), "
                f"got {len(chosen)}: {shorten(list(chosen))}"
            )
        return chosen

    def describe(self, who: str | None = None) -> str:
        lines = [f"{who or f'player {self.player}'} must decide ({self.kind}): {self.prompt}"]
        if self.min != 1 or self.max != 1:
            lines.append(f"  choose {self.min} to {self.max}")
        lines += [f"  - {o.label}: {o.text}" if o.text else f"  - {o.label}" for o in self.options]
        return "\n".join(lines)
