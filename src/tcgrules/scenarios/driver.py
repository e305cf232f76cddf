"""What every game's scenario driver shares: dispatching steps, injected events, inline answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..kernel import Decision, Game, TcgError
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
