"""Turn a game's log into a readable account for people (the demo, the CLI, scenario --explain)."""

from __future__ import annotations

from collections.abc import Iterable

from .kernel import Game, LogRecord

QUIET_ANSWERS = frozenset({"main", "attack", "charge"})
"""Decision kinds whose answers the events already tell (a summon, an attack, a charge)."""


def account(game: Game, *, verbose: bool = False) -> Iterable[str]:
    """Lines telling the game turn by turn, with the rule numbers that decided things."""
    for record in game.log:
        line = _line(record, verbose=verbose)
        if line is not None:
            yield line


def _line(record: LogRecord, *, verbose: bool) -> str | None:
    rule = f"  [{record.rule}]" if record.rule and (verbose or record.kind != "event") else ""
    if record.kind == "turn":
        return f"\n== {record.text} =="
    if record.kind == "answer" and not verbose:
        labels = record.data.get("labels", ())
        if any(
            str(label).startswith(("summon:", "cast:", "evolve:", "attack:", "charge:")) for label in labels
        ):
            return None
        if labels in (("end_main",), ("end_attacks",), ("skip",)):
            return None
    if record.kind == "rule" and not verbose and record.text.startswith("resolving"):
        return None
    marks = {
        "event": "  ",
        "info": "  ",
        "answer": "  > ",
        "auto_choice": "  = ",  # a choice the engine made for a player (a single candidate)
        "trigger": "  ! ",
        "replacement": "  * ",
        "prohibited": "  x ",
        "rule": "  - ",
        "result": "\n## ",
    }
    return f"{marks.get(record.kind, '  ')}{record.text}{rule}"
