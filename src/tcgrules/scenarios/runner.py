"""Running scenarios: set up, play the steps, answer decisions from the script, check expectations."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..kernel import Decision, Game, TcgError, clip, shorten, tidy
from .format import Located_, Scenario, ScenarioError, at, describe, load_scenario

PLAYERS = {"A": 0, "B": 1}


class Driver(Protocol):
    """What a game module provides to run its scenarios."""

    def build(self, scn: Scenario) -> Game: ...

    def step(self, game: Game, step: Located_, scn: Scenario) -> None: ...

    def is_idle(self, game: Game, decision: Decision) -> bool:
        """True for the turn player's "what next?" decision, which steps answer, not scripted answers."""
        ...

    def answers_decision(self, game: Game, decision: Decision, step: Located_) -> bool:
        """True when ``step`` itself answers ``decision`` (so the script's answers are not used for it)."""
        ...

    def check(self, game: Game, scn: Scenario) -> list[str]: ...

    def explain(self, game: Game) -> list[str]: ...


class Unanswered(Exception):
    def __init__(self, decision: Decision, why: str, who: str | None = None) -> None:
        super().__init__(why)
        self.decision = decision
        self.why = why
        self.who = who


@dataclass
class Outcome:
    path: str
    title: str
    passed: bool
    failures: list[str] = field(default_factory=list)
    explanation: list[str] = field(default_factory=list)
    source: str = ""
    rules: tuple[str, ...] = ()
    unexpected: bool = False
    """The failure came from a value no check foresaw (run_scenario's last resort; the fuzz suite counts
    these)."""

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "passed": self.passed,
            "failures": self.failures,
            "source": self.source,
            "rules": list(self.rules),
        }


def driver_for(game: str) -> Driver:
    from .format import game_support

    driver: Driver = game_support(game).Driver()
    return driver


def resolve_labels(game: Game, decision: Decision, tokens: Sequence[Any], where: str) -> list[str]:
    """Map answer tokens to option labels: a label itself, or an alias / card name naming one option."""
    labels = decision.labels
    aliases: dict[str, int] = game.info.get("aliases", {})
    out = []
    for token in tokens:
        if isinstance(token, bool) or not isinstance(token, str | int):
            raise ScenarioError(
                f"{where}: an answer names an option by label, alias or card name, got {shorten(token)}"
            )
        text = str(token)
        if text in labels:
            out.append(text)
            continue
        cids = [aliases[text]] if text in aliases else [c.cid for c in game.cards if c.name == text]
        matches = [
            label for label in labels if any(f"c{cid}" in label.replace(":", " ").split() for cid in cids)
        ]
        matches = [m for m in matches if m not in out]
        if matches:  # an alias or name naming several options picks the first not yet chosen
            out.append(matches[0])
            continue
        raise ScenarioError(
            f"{where}: the answer {shorten(text)} matches no option of the pending decision\n"
            + describe(game, decision)
        )
    return out


def answer_next(game: Game, answers: deque[Located_], scn: Scenario) -> None:
    decision = game.pending
    assert decision is not None
    item = answers.popleft()
    where = f"{scn.path}:{item.line}"
    spec = item.value
    if not isinstance(spec, dict) or "choose" not in spec:
        raise ScenarioError(
            f"{where}: an answer is {{player: A|B, choose: LABEL or [LABELS]}}, got {shorten(spec)}"
        )
    player = spec.get("player")
    if player is not None and PLAYERS.get(str(player)) != decision.player:
        raise Unanswered(
            decision,
            f"{where}: the next answer is for {shorten(player)}, "
            f"but {game.pname(decision.player)} must decide",
            game.pname(decision.player),
        )
    chosen = spec["choose"]
    tokens = chosen if isinstance(chosen, list) else [chosen]
    labels = resolve_labels(game, decision, tokens, where)
    try:
        game.answer(*labels)
    except TcgError as exc:
        raise ScenarioError(f"{at(where, str(exc))}\n{describe(game, decision)}") from exc


def settle(
    game: Game, answers: deque[Located_], scn: Scenario, driver: Driver, upcoming: Located_ | None = None
) -> None:
    """Answer decisions from the script, in order, until the turn player's idle decision or a decision the
    upcoming step answers itself (a ``block:`` step answers the block decision)."""
    while game.pending is not None and game.result is None:
        if driver.is_idle(game, game.pending):
            return
        if upcoming is not None and driver.answers_decision(game, game.pending, upcoming):
            return
        if not answers:
            raise Unanswered(game.pending, "a decision was left unanswered", game.pname(game.pending.player))
        answer_next(game, answers, scn)


UNEXPECTED = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)
"""What a value of a kind no check foresaw can still raise inside a driver; run_scenario reports it as a
failure at the step (or section) it came from, so one bad file never stops a folder run."""


def run_scenario(scn: Scenario, *, explain: bool = False) -> Outcome:
    """Run one scenario. A board that cannot be set up raises :class:`ScenarioError` (the scenario is not
    run); whatever goes wrong after that (a bad step, a refused answer, a runaway game that hits the step
    limit) is a failure of this scenario naming file:line, not an exception."""
    driver = driver_for(scn.game)
    outcome = Outcome(scn.path, scn.title, False, source=scn.source, rules=scn.rules)
    where = scn.where(("setup",))
    try:
        game = driver.build(scn)
    except TcgError as exc:  # a board that cannot be set up: the scenario is not run (ScenarioError)
        raise ScenarioError(at(where, str(exc))) from exc
    except UNEXPECTED as exc:
        raise ScenarioError(_unexpected(where, exc)) from exc
    try:
        answers = deque(scn.answers)
        try:
            for step in scn.steps:
                where = f"{scn.path}:{step.line}"
                settle(game, answers, scn, driver, step)
                driver.step(game, step, scn)
            where = scn.where(("answers",)) if answers else where
            settle(game, answers, scn, driver)
        except Unanswered as exc:
            shown = exc.decision.describe(exc.who)
            outcome.failures.append(f"{exc.why}; pending decision:\n{_indent(shown)}")
        if answers:
            lines = ", ".join(str(a.line) for a in answers)
            outcome.failures.append(f"{len(answers)} scripted answer(s) were not used (lines {lines})")
        if not outcome.failures:
            where = scn.where(("expect",))
            outcome.failures += driver.check(game, scn)
    except TcgError as exc:
        outcome.failures.append(at(where, str(exc)))
    except UNEXPECTED as exc:
        outcome.failures.append(_unexpected(where, exc))
        outcome.unexpected = True
    outcome.failures = [tidy(failure) for failure in outcome.failures]  # values quoted from the file, cut
    outcome.passed = not outcome.failures
    if explain:
        outcome.explanation = driver.explain(game)
    return outcome


def _unexpected(where: str, exc: BaseException) -> str:
    return f"{where}: a value here cannot be used ({type(exc).__name__}: {clip(str(exc), 200)})"


def _indent(text: str) -> str:
    return "\n".join(f"    {line}" for line in text.splitlines())


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(p.rglob("*.yaml"))
            if not found:
                raise ScenarioError(f"{p}: no *.yaml scenario files in this folder, nothing to run")
            files += found
        elif p.exists():
            files.append(p)
        else:
            raise ScenarioError(f"{p}: no such file or folder")
    return files


def run_paths(paths: Iterable[str | Path], *, explain: bool = False) -> list[Outcome]:
    outcomes = []
    for file in scenario_files(paths):
        try:
            outcomes.append(run_scenario(load_scenario(file), explain=explain))
        except TcgError as exc:
            outcomes.append(Outcome(str(file), "(not run)", False, [str(exc)]))
        except UNEXPECTED as exc:  # the last resort: one file never stops the run
            outcomes.append(
                Outcome(str(file), "(not run)", False, [_unexpected(str(file), exc)], unexpected=True)
            )
    return outcomes


def report(outcomes: list[Outcome], *, as_json: bool = False, explain: bool = False) -> tuple[str, int]:
    """The text (or JSON) to print, and the exit status: 0 only when every scenario passed."""
    failed = sum(not o.passed for o in outcomes)
    if as_json:
        data = {
            "passed": len(outcomes) - failed,
            "failed": failed,
            "results": [o.as_dict() for o in outcomes],
        }
        if explain:
            for item, o in zip(data["results"], outcomes, strict=True):  # type: ignore[call-overload]  # the results are dicts built above
                item["explanation"] = o.explanation
        return json.dumps(data, ensure_ascii=False, indent=2), 1 if failed or not outcomes else 0
    lines = []
    for o in outcomes:
        lines.append(f"{'PASS' if o.passed else 'FAIL'}  {o.path}  {o.title}")
        if explain and o.explanation:
            lines += [f"      {line}" for line in o.explanation]
        lines += [_indent(f) for f in o.failures]
    lines.append(f"{len(outcomes) - failed} passed, {failed} failed")
    return "\n".join(lines), 1 if failed or not outcomes else 0
