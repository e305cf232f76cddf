"""Running scenarios: set up, play the steps, answer decisions from the script, check expectations."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..kernel import Decision, Game, LogRecord, TcgError, clip, shorten, tidy
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
    """The failure came from a value no check foresaw (:class:`UnforeseenValue`; the fuzz suite requires
    that it never happens)."""
    game: Game | None = field(default=None, repr=False, compare=False)
    """The game as the run left it (for a caller that shows its board or log, like the web sandbox)."""

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


AUTO_CHOICE = "auto_choice"
"""The log kind of a choice the engine made for a player (a single candidate, DM 605.2b)."""


@dataclass
class Script:
    """The scripted answers not yet used, and where they stand in the log.

    Scripted answers come in the order things happened. An answer may be for a choice the engine made
    itself (an ``auto_choice`` record): it passes when it names what the engine chose, and the engine's
    choices before it are passed over. ``cursor`` is where the log stood when the last scripted answer was
    used: the engine's choices before it can no longer be answered; ``claimed`` are those already answered.
    """

    answers: deque[Located_]
    cursor: int = 0
    claimed: set[int] = field(default_factory=set)

    def open_auto_choices(self, game: Game) -> list[LogRecord]:
        return [r for r in game.log[self.cursor :] if r.kind == AUTO_CHOICE and r.seq not in self.claimed]


def _token_cards(game: Game, token: str) -> set[int]:
    aliases: dict[str, int] = game.info.get("aliases", {})
    return {aliases[token]} if token in aliases else {c.cid for c in game.cards if c.name == token}


def _same_player(record: LogRecord, spec: Mapping[str, Any]) -> bool:
    player = spec.get("player")
    return player is None or PLAYERS.get(str(player)) == record.data.get("player")


def _fits_auto(game: Game, record: LogRecord, spec: Mapping[str, Any]) -> bool:
    """Does the scripted answer ``spec`` name exactly what the engine chose in ``record`` (by option
    label, alias or card name, as for an asked decision)?"""
    if not _same_player(record, spec):
        return False
    chosen = spec["choose"]
    tokens = [str(t) for t in (chosen if isinstance(chosen, list) else [chosen])]
    labels: tuple[str, ...] = tuple(record.data.get("labels", ()))
    cards: tuple[int, ...] = tuple(record.data.get("cards", ()))
    left = list(range(len(labels)))
    for token in tokens:
        named = _token_cards(game, token)
        hit = next((i for i in left if labels[i] == token or cards[i] in named), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


def _fits_decision(game: Game, decision: Decision, spec: Mapping[str, Any]) -> bool:
    player = spec.get("player")
    if player is not None and PLAYERS.get(str(player)) != decision.player:
        return False
    chosen = spec["choose"]
    try:
        resolve_labels(game, decision, chosen if isinstance(chosen, list) else [chosen], "")
    except ScenarioError:
        return False
    return True


def _contradiction(item: Located_, scn: Scenario, records: list[LogRecord]) -> str:
    told = "; ".join(f"{r.text} [{r.rule}]" for r in records)
    return (
        f"{scn.path}:{item.line}: the answer {shorten(item.value.get('choose'))} contradicts what the engine "
        f"chose by itself, without asking: {told}"
    )


def claim_auto_choice(game: Game, script: Script, scn: Scenario, decision: Decision | None) -> bool:
    """Use the next scripted answer for a choice the engine made itself, when it names what the engine
    chose. ``decision`` is the decision pending for the script, if any: an answer that fits it is for it,
    unless it also names the engine's choice and the answer after it fits the decision too. True when an
    answer was claimed; an answer that fits neither, by a player the engine chose for, is an error."""
    if not script.answers:
        return False
    item = script.answers[0]
    spec = item.value
    if not isinstance(spec, Mapping) or "choose" not in spec:
        return False
    records = script.open_auto_choices(game)
    if not records:
        return False
    hit = next((i for i, r in enumerate(records) if _fits_auto(game, r, spec)), None)
    if decision is not None and _fits_decision(game, decision, spec):
        # It fits both: it is for the engine's choice only when the answer after it is for the decision.
        after = script.answers[1].value if len(script.answers) > 1 else None
        if hit is None or not (isinstance(after, Mapping) and "choose" in after):
            return False
        if not _fits_decision(game, decision, after):
            return False
    if hit is None:
        mine = [r for r in records if _same_player(r, spec)]
        if mine and decision is not None:
            raise ScenarioError(_contradiction(item, scn, mine))
        return False
    script.claimed.update(r.seq for r in records[: hit + 1])
    script.answers.popleft()
    return True


def answer_next(game: Game, script: Script, scn: Scenario) -> None:
    decision = game.pending
    assert decision is not None
    item = script.answers.popleft()
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
    script.cursor = len(game.log)  # the engine's choices before this answer are passed over
    try:
        game.answer(*labels)
    except TcgError as exc:
        raise ScenarioError(f"{at(where, str(exc))}\n{describe(game, decision)}") from exc


def settle(
    game: Game, script: Script, scn: Scenario, driver: Driver, upcoming: Located_ | None = None
) -> None:
    """Answer decisions from the script, in order, until the turn player's idle decision or a decision the
    upcoming step answers itself (a ``block:`` step answers the block decision). Scripted answers for
    choices the engine made itself are claimed on the way (``claim_auto_choice``)."""
    while game.pending is not None and game.result is None:
        if driver.is_idle(game, game.pending):
            return
        if upcoming is not None and driver.answers_decision(game, game.pending, upcoming):
            return
        if claim_auto_choice(game, script, scn, game.pending):
            continue
        if not script.answers:
            raise Unanswered(game.pending, "a decision was left unanswered", game.pname(game.pending.player))
        answer_next(game, script, scn)


UNEXPECTED = (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError)
"""What a value of a kind no check foresaw can still raise inside a driver; run_scenario reports it as a
failure at the step (or section) it came from, so one bad file never stops a folder run."""


class UnforeseenValue(ScenarioError):
    """A value of a kind no check foresaw made a driver fail (run_scenario's last resort, reported like any
    scenario error; the fuzz suite requires it never to happen)."""


def run_scenario(scn: Scenario, *, explain: bool = False) -> Outcome:
    """Run one scenario. A scenario that cannot be run as written raises :class:`ScenarioError` naming
    file:line — whatever the cause: a board that cannot be set up, a bad step, a refused answer, a runaway
    game that hits the step limit, an expectation that cannot be checked. :func:`run_paths` reports it as
    that scenario's failure and goes on with the next file."""
    driver = driver_for(scn.game)
    outcome = Outcome(scn.path, scn.title, False, source=scn.source, rules=scn.rules)
    where = scn.where(("setup",))
    try:
        game = driver.build(scn)
        script = Script(deque(scn.answers))
        try:
            for step in scn.steps:
                where = f"{scn.path}:{step.line}"
                settle(game, script, scn, driver, step)
                driver.step(game, step, scn)
            where = scn.where(("answers",)) if script.answers else where
            settle(game, script, scn, driver)
            while claim_auto_choice(game, script, scn, None):
                pass
        except Unanswered as exc:
            shown = exc.decision.describe(exc.who)
            outcome.failures.append(f"{exc.why}; pending decision:\n{_indent(shown)}")
        answers = script.answers
        mine = []
        if answers and isinstance(answers[0].value, Mapping) and not outcome.failures:
            mine = [r for r in script.open_auto_choices(game) if _same_player(r, answers[0].value)]
        if mine:
            outcome.failures.append(_contradiction(answers[0], scn, mine))
        elif answers:
            lines = ", ".join(str(a.line) for a in answers)
            outcome.failures.append(f"{len(answers)} scripted answer(s) were not used (lines {lines})")
        if not outcome.failures:
            where = scn.where(("expect",))
            outcome.failures += driver.check(game, scn)
    except ScenarioError:
        raise
    except TcgError as exc:  # the step limit, a refused answer or injected event outside a step
        raise ScenarioError(at(where, str(exc))) from exc
    except UNEXPECTED as exc:
        raise UnforeseenValue(_unexpected(where, exc)) from exc
    outcome.failures = [tidy(failure) for failure in outcome.failures]  # values quoted from the file, cut
    outcome.passed = not outcome.failures
    outcome.game = game
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
    """Run every scenario file under ``paths``: one outcome per file, whatever goes wrong in any of them."""
    outcomes = []
    for file in scenario_files(paths):
        try:
            scn = load_scenario(file)
        except TcgError as exc:
            outcomes.append(Outcome(str(file), "(not run)", False, [str(exc)]))
            continue
        except UNEXPECTED as exc:  # the last resort: one file never stops the run
            failure = _unexpected(str(file), exc)
            outcomes.append(Outcome(str(file), "(not run)", False, [failure], unexpected=True))
            continue
        try:
            outcomes.append(run_scenario(scn, explain=explain))
        except TcgError as exc:
            unexpected = isinstance(exc, UnforeseenValue)
            outcomes.append(
                Outcome(
                    scn.path,
                    scn.title,
                    False,
                    [str(exc)],
                    source=scn.source,
                    rules=scn.rules,
                    unexpected=unexpected,
                )
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
