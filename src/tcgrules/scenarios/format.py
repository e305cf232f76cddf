"""Reading scenario files. Every error names the file, the line and what was expected."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards.yamlsource import Located, Path_, format_path, parse, read
from ..kernel import Decision, DefinitionError, Game, TcgError, shorten
from .shapes import RULE, Shape

GAMES = ("duel_masters", "magic", "monster_collection")
"""Each game's scenario support is the module ``tcgrules.scenarios.<game>``: its ``load_cards`` validates a
scenario's inline ``cards:`` and its ``Driver`` runs the scenario (see ``runner.Driver``)."""
TOP_KEYS = {"game", "title", "source", "rules", "cards", "setup", "steps", "answers", "expect", "notes"}


class ScenarioError(TcgError):
    """A scenario file that cannot be run as written."""


def at(where: str, message: str) -> str:
    """``where: message``, unless ``message`` already names the same file (a place is said once)."""
    file = where.rsplit(":", 1)[0] if where[-1:].isdigit() else where
    return message if message.startswith(f"{file}:") else f"{where}: {message}"


def describe(game: Game, decision: Decision | None) -> str:
    """The pending decision for a scenario's reader: players are named as the scenario names them."""
    return "no decision is pending" if decision is None else decision.describe(game.pname(decision.player))


@dataclass(frozen=True, slots=True)
class Located_:
    """A value from the file with its line."""

    value: Any
    line: int


@dataclass(frozen=True, slots=True)
class Scenario:
    path: str
    game: str
    title: str
    source: str
    rules: tuple[str, ...]
    cards: tuple[Any, ...]
    """Inline card definitions, as the game's card loader returns them."""
    setup: dict[str, Any]
    steps: tuple[Located_, ...]
    answers: tuple[Located_, ...]
    expect: dict[str, Any]
    src: Located = field(repr=False, compare=False)

    def where(self, path: Path_) -> str:
        return self.src.where(path)

    def error(self, path: Path_, message: str) -> ScenarioError:
        return ScenarioError(at(self.src.where(path), message))


def game_support(game: str) -> Any:
    """The module ``tcgrules.scenarios.<game>``, or ``None`` when the game has no scenario support yet."""
    try:
        return importlib.import_module(f"tcgrules.scenarios.{game}")
    except ModuleNotFoundError as exc:
        if exc.name == f"tcgrules.scenarios.{game}":
            return None
        raise


def load_scenario(path: str | Path) -> Scenario:
    try:
        src = read(path)
    except DefinitionError as exc:
        raise ScenarioError(str(exc)) from exc
    return _scenario(src, path)


def scenario_from_text(text: str, name: str) -> Scenario:
    """A scenario from its YAML text (the web sandbox's editor); ``name`` stands for the file in errors."""
    try:
        src = parse(text.removeprefix("\ufeff"), name)
    except DefinitionError as exc:
        raise ScenarioError(str(exc)) from exc
    return _scenario(src, name)


def _scenario(src: Located, path: str | Path) -> Scenario:
    data = src.data

    def fail(p: Path_, message: str) -> ScenarioError:
        return ScenarioError(at(src.where(p), message))

    if not isinstance(data, dict):
        raise fail((), "a scenario file is a mapping with game, title, source, rules, setup, steps, expect")
    for key in data:
        if key not in TOP_KEYS:
            raise fail((key,), f"unknown field {key!r}; expected one of {', '.join(sorted(TOP_KEYS))}")
    for key in ("game", "title", "source", "setup", "expect"):
        if key not in data:
            raise fail((), f"missing field {key!r}")
    game = data["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise fail(("game",), f"unknown game {shorten(game)}; expected one of {', '.join(GAMES)}")
    for key in ("title", "source"):
        if not isinstance(data[key], str | int | float) or isinstance(data[key], bool):
            raise fail((key,), f"{key}: expected text, got {shorten(data[key])}")
    support = game_support(str(game))
    if support is None:
        raise fail(("game",), f"the {game} rules module is not available yet")
    cards: tuple[Any, ...] = ()
    if "cards" in data:
        if not isinstance(data["cards"], list):
            raise fail(("cards",), "expected a list of card definitions")
        lines = {p[1:]: line for p, line in src.lines.items() if p[:1] == ("cards",)}
        try:
            cards = tuple(support.load_cards(Located(src.file, data["cards"], lines)))
        except DefinitionError as exc:
            # The card loader names paths inside the card list; say that they are under cards:.
            raise ScenarioError(str(exc).replace(": [", ": cards[", 1)) from exc
    rules = data.get("rules", []) or []
    if not isinstance(rules, list):
        raise fail(("rules",), "rules: expected a list of rule numbers")
    for i, rule in enumerate(rules):
        if (problem := RULE.first(rule, ("rules", i))) is not None:
            raise fail(problem[0], f"rules[{i}]: expected a rule number, got {shorten(rule)}")
    if not isinstance(data["setup"], dict):
        raise fail(("setup",), f"setup: expected a mapping: turn, step, A, B; got {shorten(data['setup'])}")
    steps = data.get("steps", []) or []
    answers = data.get("answers", []) or []
    for key, value in (("steps", steps), ("answers", answers)):
        if not isinstance(value, list):
            raise fail((key,), f"{key}: expected a list of {key}, got {shorten(value)}")
    if not isinstance(data["expect"], dict):
        raise fail(
            ("expect",), f"expect: expected a mapping of what must hold, got {shorten(data['expect'])}"
        )
    _check_expect(data["expect"], getattr(support, "EXPECT_SHAPES", None), fail)
    return Scenario(
        path=str(path),
        game=str(game),
        title=str(data["title"]),
        source=str(data["source"]),
        rules=tuple(str(r) for r in rules),
        cards=cards,
        setup=data["setup"],
        steps=tuple(Located_(s, src.line(("steps", i))) for i, s in enumerate(steps)),
        answers=tuple(Located_(a, src.line(("answers", i))) for i, a in enumerate(answers)),
        expect=data["expect"],
        src=src,
    )


def _check_expect(
    expect: dict[str, Any], shapes: dict[str, Shape] | None, fail: Callable[[Path_, str], ScenarioError]
) -> None:
    """Each expectation is known and of its shape (the game module's ``EXPECT_SHAPES``)."""
    if shapes is None:
        return
    for key, value in expect.items():
        if key not in shapes:
            raise fail(
                ("expect", key), f"unknown expectation {shorten(key)}; expected one of {', '.join(shapes)}"
            )
        problem = shapes[key].first(value, ("expect", key))
        if problem is not None:
            path, what = problem
            got = _at_path(expect, path[1:])
            raise fail(path, f"{format_path(path)}: expected {what}, got {shorten(got)}")


def _at_path(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data
