"""The Duel Masters comprehensive rules Ver.1.48 by number, for the timeline's "why".

The text is the frozen list of docs/dm_rules_1.48.txt (number, tab, the start of the rule's text), shipped
as package data (``web/data/``) so that an installed ``tcgrules serve`` has it; tests/test_web.py checks
that the copy equals the file under docs/.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

RULES_FILE = "dm_rules_1.48.txt"


@cache
def rules() -> dict[str, str]:
    """Every section and numbered rule of chapters 1–8: number → the start of its text."""
    text = resources.files("tcgrules.web").joinpath("data", RULES_FILE).read_text(encoding="utf-8")
    out: dict[str, str] = {}
    for line in text.splitlines():
        number, _, gist = line.partition("\t")
        if number:
            out[number] = gist
    return out


def rule_text(number: str | None) -> tuple[str, str] | None:
    """``(number, text)`` for a rule number of the log, or for the nearest rule above it that the list
    holds (``609.1a`` → ``609.1`` → ``609``); ``None`` when there is none (a Magic rule, no rule)."""
    if not number:
        return None
    table = rules()
    candidates = [number]
    head, _, tail = number.partition(".")
    if tail:
        digits = tail.rstrip("abcdefghijklmnopqrstuvwxyz")
        if digits != tail:
            candidates.append(f"{head}.{digits}")
        candidates.append(head)
    for candidate in candidates:
        if candidate in table:
            return candidate, table[candidate]
    return None


def section_of(number: str) -> str | None:
    """``609 置換効果`` for ``609.1a``: the section a rule stands in, with its title."""
    head = number.partition(".")[0]
    title = rules().get(head)
    return f"{head} {title}" if title else None
