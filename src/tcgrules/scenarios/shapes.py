"""The shape of each scenario field, checked when the file is read (docs/errors.md).

A game's scenario module lists ``EXPECT_SHAPES``: for each expectation, the shape its value must have.
A value of the wrong shape is a :class:`~.format.ScenarioError` naming file:line and the field, before
anything is run, instead of a ``TypeError`` when the expectation is finally checked.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..cards.yamlsource import Path_

Problem = tuple[Path_, str]
"""Where a value is wrong, and what was expected there."""


@dataclass(frozen=True, slots=True)
class Shape:
    """What a value must be: ``what`` says it for people; ``problems`` yields where it is not."""

    what: str
    problems: Callable[[Any, Path_], Iterator[Problem]]

    def first(self, value: Any, path: Path_) -> Problem | None:
        return next(self.problems(value, path), None)


def scalar(what: str, test: Callable[[Any], bool]) -> Shape:
    def problems(value: Any, path: Path_) -> Iterator[Problem]:
        if not test(value):
            yield path, what

    return Shape(what, problems)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


INT = scalar("a whole number", _is_int)
BOOL = scalar("true or false", lambda v: isinstance(v, bool))
TEXT = scalar("text (a name or a word)", lambda v: isinstance(v, str) or _is_int(v))
RULE = scalar(
    "a rule number",
    lambda v: isinstance(v, str) or _is_int(v) or (isinstance(v, float) and math.isfinite(v)),
)
NULL = scalar("null", lambda v: v is None)
ANY = scalar("any value", lambda v: True)
"""For a field whose checking code names its own errors (expectations.py)."""
SCALAR = scalar(
    "text, a number or true/false",
    lambda v: isinstance(v, str | bool | int) or (isinstance(v, float) and math.isfinite(v)),
)


def list_of(item: Shape) -> Shape:
    def problems(value: Any, path: Path_) -> Iterator[Problem]:
        if not isinstance(value, list):
            yield path, f"a list of {item.what}"
            return
        for i, element in enumerate(value):
            yield from item.problems(element, (*path, i))

    return Shape(f"a list of {item.what}", problems)


def map_of(value_shape: Shape, what: str = "") -> Shape:
    """A mapping (alias, player or zone → value)."""
    what = what or f"a mapping of name → {value_shape.what}"

    def problems(value: Any, path: Path_) -> Iterator[Problem]:
        if not isinstance(value, Mapping):
            yield path, what
            return
        for key, element in value.items():
            yield from value_shape.problems(element, (*path, key))

    return Shape(what, problems)


def fields(what: str, **shapes: Shape) -> Shape:
    """A mapping with only the named keys, each of its shape."""

    def problems(value: Any, path: Path_) -> Iterator[Problem]:
        if not isinstance(value, Mapping):
            yield path, what
            return
        for key, element in value.items():
            if key not in shapes:
                yield (*path, key), f"one of the fields {', '.join(shapes)}"
                continue
            yield from shapes[key].problems(element, (*path, key))

    return Shape(what, problems)


def any_of(what: str, *options: Shape) -> Shape:
    """One of ``options``; when none fits, the deepest problem of the option of the value's kind."""

    def problems(value: Any, path: Path_) -> Iterator[Problem]:
        found = [option.first(value, path) for option in options]
        if any(problem is None for problem in found):
            return
        inner = [p for p in found if p is not None and p[0] != path]
        yield inner[0] if len(inner) == 1 else (path, what)

    return Shape(what, problems)


LOG_FIELDS = {
    "kind": TEXT,
    "text": SCALAR,
    "rule": RULE,
    "event": TEXT,
    "source": TEXT,
    "replaced": SCALAR,
    "data": map_of(ANY, "a mapping of field → value"),
}
"""The fields of a log matcher every game has (driver.BaseDriver.LOG_FIELDS), and their shapes."""


def matchers(**extra: Shape) -> Shape:
    """``log`` / ``not_log``: a list of matchers, each a mapping of log fields (a game may add some)."""
    matcher = fields("a log matcher (a mapping of log fields)", **LOG_FIELDS, **extra)
    return any_of("a list of log matchers", NULL, list_of(matcher))


MATCHERS = matchers()
PENDING = any_of("null or {player: A|B, kind: KIND}", NULL, fields("{player, kind}", player=TEXT, kind=TEXT))
WINNER = any_of("A, B, none or null", NULL, TEXT)
SHARED = {
    "log": MATCHERS,
    "not_log": MATCHERS,
    "pending": PENDING,
    "ordered": MATCHERS,
    "asked": ANY,  # decision matchers: expectations.check_asked names its own errors
    "not_asked": ANY,
}
"""The expectations every game has (runner.BaseDriver checks them)."""
