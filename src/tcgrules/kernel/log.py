"""The structured log: every event, decision, answer and rule application, with its rule number."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .values import quick_init


@quick_init
@dataclass(frozen=True, slots=True)
class LogRecord:
    """One line of the log.

    ``kind`` is one of ``event``, ``prohibited``, ``replacement``, ``trigger``, ``decision``, ``answer``,
    ``rule``, ``turn``, ``info``, ``result`` and kinds a game adds;
    ``rule`` the rule number that decided it, if any. An ``answer`` record's ``data`` holds the ``labels``
    chosen and the ``decision`` they answered.
    """

    seq: int
    turn: int
    kind: str
    text: str
    rule: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def render(self) -> str:
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.kind:<11} {self.text}{rule}"
