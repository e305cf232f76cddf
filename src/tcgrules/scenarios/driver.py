"""What every game's scenario driver shares: dispatching steps, injected events, inline answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards.yamlsource import Path_
from ..games.boards import card_id
from ..kernel import Decision, DefinitionError, Game, LogRecord, TcgError
from .format import Located_, Scenario, ScenarioError


class BaseDriver:
    """A scenario step is a mapping with one key, ``kind: argument``, run by the method ``_kind``; a bare
    word in ``BARE_STEPS`` (``pass``) stands for ``{word: true}``. Subclasses list their ``STEP_KINDS``
    and implement ``build``, ``is_idle``, ``check`` and ``explain`` (see ``runner.Driver``)."""

    STEP_KINDS: ClassVar[tuple[str, ...]] = ("inject", "answer")
    BARE_STEPS: ClassVar[tuple[str, ...]] = ("pass",)

    def answers_decision(self, game: Game, decision: Decision, step: Located_) -> bool:
        """An ``answer:`` step answers the pending decision itself."""
        return bool(self.step_kind(step.value) == "answer")

    @staticmethod
    def step_kind(spec: Any) -> Any:
        return next(iter(spec)) if isinstance(spec, dict) and len(spec) == 1 else spec

    def step(self, game: Game, step: Located_, scn: Scenario) -> None:
        where = f"{scn.path}:{step.line}"
        spec = step.value
        if isinstance(spec, str) and spec in self.BARE_STEPS:
            spec = {spec: True}
        if not isinstance(spec, dict) or len(spec) != 1 or next(iter(spec)) not in self.STEP_KINDS:
            raise ScenarioError(
                f"{where}: a step is one of {', '.join(self.STEP_KINDS)} (a mapping with one key), "
                f"got {spec!r}"
            )
        kind, arg = next(iter(spec.items()))
        try:
            getattr(self, f"_{kind}")(game, arg, where)
        except ScenarioError:
            raise
        except TcgError as exc:
            raise ScenarioError(f"{where}: {kind}: {exc}") from exc

    def _inject(self, game: Game, arg: Any, where: str) -> None:
        if not isinstance(arg, Mapping):
            raise ScenarioError(f"{where}: inject takes a mapping such as {{event: destroy, target: ALIAS}}")
        game.inject(arg)

    def _answer(self, game: Game, arg: Any, where: str) -> None:
        from .runner import resolve_labels

        if game.pending is None:
            raise ScenarioError(f"{where}: answer: no decision is pending")
        tokens = arg.get("choose") if isinstance(arg, Mapping) else arg
        tokens = tokens if isinstance(tokens, list) else [tokens]
        game.answer(*resolve_labels(game, game.pending, tokens, where))

    # -- expectations every game shares: log records, the pending decision, naming cards

    LOG_FIELDS: ClassVar[tuple[str, ...]] = ("kind", "text", "rule", "event", "source", "replaced", "data")
    SHARED_EXPECT: ClassVar[frozenset[str]] = frozenset({"ordered", "asked", "not_asked"})
    """Expectation keys ``check_shared`` checks (expectations.py)."""

    def _cid(self, game: Game, scn: Scenario, ref: Any, key: str) -> int:
        try:
            return card_id(game, ref, f"expect.{key}")
        except DefinitionError as exc:
            raise scn.error(("expect", key, ref), str(exc)) from exc

    def log_field(self, game: Game, scn: Scenario, record: LogRecord, key: str, want: Any) -> bool:
        """Does one field of a log matcher hold for ``record``? Games add fields by overriding this."""
        data = record.data
        if key == "kind":
            return bool(record.kind == want)
        if key == "text":
            return str(want) in record.text
        if key == "rule":
            return str(want) in (record.rule, data.get("source_rule"))
        if key == "source":
            return bool(data.get("source") == self._cid(game, scn, want, "log.source"))
        if key == "replaced":
            return bool(data.get("replaced_by")) == bool(want)
        if key == "data":  # values the record carries, e.g. the count an effect saw
            if not isinstance(want, Mapping):
                raise scn.error(("expect", "log"), f"a log matcher's data is a mapping, got {want!r}")
            return all(_data_equal(game, data.get(k), v) for k, v in want.items())
        return bool(data.get(key) == want)  # event, and fields a game logs under its own name

    def log_matches(self, game: Game, scn: Scenario, record: LogRecord, matcher: Any, path: Path_) -> bool:
        if not isinstance(matcher, Mapping):
            raise scn.error(path, f"a log matcher is a mapping of {', '.join(self.LOG_FIELDS)}")
        for key in matcher:
            if key not in self.LOG_FIELDS:
                raise scn.error((*path, key), f"unknown log matcher field {key!r}")
        return all(self.log_field(game, scn, record, key, want) for key, want in matcher.items())

    def check_log(self, game: Game, scn: Scenario, expect: Mapping[str, Any]) -> list[str]:
        """``log``: each matcher matches some record; ``not_log``: none matches any record."""
        failures = []
        for i, matcher in enumerate(expect.get("log") or []):
            if not any(self.log_matches(game, scn, r, matcher, ("expect", "log", i)) for r in game.log):
                failures.append(f"log: no record matches {matcher!r}")
        for i, matcher in enumerate(expect.get("not_log") or []):
            hits = [r for r in game.log if self.log_matches(game, scn, r, matcher, ("expect", "not_log", i))]
            if hits:
                failures.append(f"not_log: {matcher!r} matches {hits[0].render()!r}")
        return failures

    def check_shared(self, game: Game, scn: Scenario, expect: Mapping[str, Any]) -> list[str]:
        """``ordered`` log records, the decisions ``asked`` and ``not_asked`` (expectations.py)."""
        from .expectations import check_asked, check_ordered

        def matches(record: LogRecord, matcher: Any, path: Path_) -> bool:
            return self.log_matches(game, scn, record, matcher, path)

        return check_ordered(game, expect, matches) + check_asked(game, scn, expect)

    @staticmethod
    def check_pending(game: Game, want: Any) -> list[str]:
        """``pending``: the decision left at the end (``null``: none) — its player and kind."""
        d = game.pending
        if want is None:
            return [] if d is None else [f"pending: expected no decision, got {d.kind} for {'AB'[d.player]}"]
        if d is None:
            return [f"pending: expected {want}, got no decision"]
        failures = []
        if "player" in want and "AB"[d.player] != want["player"]:
            failures.append(f"pending.player: expected {want['player']}, got {'AB'[d.player]}")
        if "kind" in want and d.kind != want["kind"]:
            failures.append(f"pending.kind: expected {want['kind']}, got {d.kind}")
        return failures


def _data_equal(game: Game, got: Any, want: Any) -> bool:
    """A logged value against a scenario's: tuples read as lists, player numbers as A/B, card ids as
    aliases or card names."""
    if isinstance(got, tuple | list) and isinstance(want, list):
        return len(got) == len(want) and all(_data_equal(game, g, w) for g, w in zip(got, want, strict=True))
    if isinstance(got, int) and not isinstance(got, bool) and isinstance(want, str):
        if want in ("A", "B"):
            return got == "AB".index(want)
        from .expectations import named_cards

        return got in named_cards(game, want)
    return bool(got == want)
