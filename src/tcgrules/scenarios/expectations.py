"""Expectations every game's scenarios share: the decisions asked (and not asked), the order of log records,
and the position of cards in an ordered zone (docs/scenarios.md).

Cards are named the way answers name them: an alias names that card, a printed name any card with that
name, and an option label itself (``shield_zone:1``, ``none``) names that option.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..kernel import Decision, Game, LogRecord
from .format import Scenario

PLAYERS = {"A": 0, "B": 1}
SELECTOR_KEYS = ("kind", "player", "prompt", "rule", "nth")
ASKED_KEYS = (*SELECTOR_KEYS, "options", "offered", "not_offered", "min", "max", "chose")


def named_cards(game: Game, token: Any) -> set[int]:
    """The card ids a token names: an alias's card, or every card with that printed name."""
    text = str(token)
    aliases: Mapping[str, int] = game.info.get("aliases", {})
    if text in aliases:
        return {aliases[text]}
    return {c.cid for c in game.cards if c.name == text}


def label_named(game: Game, label: str, token: Any) -> bool:
    """Does ``token`` name the option ``label`` (the label itself, or a card the label names)?"""
    if str(token) == label:
        return True
    parts = label.replace(":", " ").split()
    return any(f"c{cid}" in parts for cid in named_cards(game, token))


# ------------------------------------------------------------------ decisions


def asked_decisions(game: Game) -> list[tuple[Decision, tuple[str, ...] | None]]:
    """Every decision put to a player, in order, with its answer (``None`` for the one still pending)."""
    out: list[tuple[Decision, tuple[str, ...] | None]] = [
        (r.data["decision"], tuple(r.data.get("labels", ())))
        for r in game.log
        if r.kind == "answer" and isinstance(r.data.get("decision"), Decision)
    ]
    if game.pending is not None:
        out.append((game.pending, None))
    return out


def _selects(decision: Decision, matcher: Mapping[str, Any]) -> bool:
    if "kind" in matcher and decision.kind != matcher["kind"]:
        return False
    if "player" in matcher and decision.player != PLAYERS.get(str(matcher["player"])):
        return False
    if "prompt" in matcher and str(matcher["prompt"]) not in decision.prompt:
        return False
    return "rule" not in matcher or decision.rule == str(matcher["rule"])


def _tokens(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def _show(decision: Decision) -> str:
    return f"{decision.kind} for {'AB'[decision.player]} ({decision.prompt}) offering {list(decision.labels)}"


def check_asked(game: Game, scn: Scenario, expect: Mapping[str, Any]) -> list[str]:
    """``asked``: each matcher selects a decision (its ``nth`` among those of that ``kind``, ``player``,
    ``prompt`` and ``rule``; the first by default) and checks what it offered and what was chosen;
    ``not_asked``: no decision matches (with ``nth``, fewer than that many; with ``offered``, none of them
    offered those options)."""
    failures: list[str] = []
    asked = asked_decisions(game)
    for i, matcher in enumerate(_tokens(expect.get("asked") or [])):
        path = ("expect", "asked", i)
        if not isinstance(matcher, Mapping):
            raise scn.error(path, f"a decision matcher is a mapping of {', '.join(ASKED_KEYS)}")
        for key in matcher:
            if key not in ASKED_KEYS:
                raise scn.error((*path, key), f"unknown decision matcher field {key!r}")
        nth = _nth(scn, matcher, path)
        found = [(d, a) for d, a in asked if _selects(d, matcher)]
        what = {k: matcher[k] for k in SELECTOR_KEYS if k in matcher}
        if len(found) < nth:
            kinds = sorted({f"{d.kind}/{'AB'[d.player]}" for d, _ in asked})
            failures.append(f"asked: no decision {what} was asked (decisions asked: {kinds})")
            continue
        decision, answer = found[nth - 1]
        failures += _check_decision(game, decision, answer, matcher, f"asked {what}")
    for i, matcher in enumerate(_tokens(expect.get("not_asked") or [])):
        path = ("expect", "not_asked", i)
        if not isinstance(matcher, Mapping):
            raise scn.error(path, f"a decision matcher is a mapping of {', '.join(SELECTOR_KEYS)}, offered")
        for key in matcher:
            if key not in (*SELECTOR_KEYS, "offered"):
                raise scn.error((*path, key), f"unknown decision matcher field {key!r}")
        nth = _nth(scn, matcher, path)
        seen = 0
        for decision, _ in asked:
            if not _selects(decision, matcher):
                continue
            seen += 1
            offered = _tokens(matcher["offered"]) if "offered" in matcher else None
            if offered is None:
                if seen >= nth:  # nth: 2 — "not asked a second time"
                    failures.append(f"not_asked: {dict(matcher)} was asked: {_show(decision)}")
                    break
                continue
            hits = [t for t in offered if any(label_named(game, lb, t) for lb in decision.labels)]
            if hits:
                failures.append(f"not_asked: {hits} offered by {_show(decision)}")
                break
    return failures


def _nth(scn: Scenario, matcher: Mapping[str, Any], path: tuple[str | int, ...]) -> int:
    nth = matcher.get("nth", 1)
    if not isinstance(nth, int) or isinstance(nth, bool) or nth < 1:
        raise scn.error((*path, "nth"), f"nth is a number from 1, got {nth!r}")
    return nth


def _check_decision(
    game: Game, decision: Decision, answer: tuple[str, ...] | None, matcher: Mapping[str, Any], label: str
) -> list[str]:
    failures: list[str] = []
    labels = decision.labels
    if "options" in matcher:
        want = _tokens(matcher["options"])
        unnamed = [lb for lb in labels if not any(label_named(game, lb, t) for t in want)]
        missing = [t for t in want if not any(label_named(game, lb, t) for lb in labels)]
        if unnamed or missing:
            failures.append(
                f"{label}: expected exactly the options {want}, got {list(labels)}"
                + (f" ({unnamed} not expected)" if unnamed else "")
                + (f" ({missing} not offered)" if missing else "")
            )
    for t in _tokens(matcher.get("offered") or []):
        if not any(label_named(game, lb, t) for lb in labels):
            failures.append(f"{label}: expected {t!r} to be offered, got {list(labels)}")
    for t in _tokens(matcher.get("not_offered") or []):
        hits = [lb for lb in labels if label_named(game, lb, t)]
        if hits:
            failures.append(f"{label}: expected {t!r} not to be offered, but {hits} was")
    for key in ("min", "max"):
        if key in matcher and getattr(decision, key) != matcher[key]:
            failures.append(f"{label}: expected {key} {matcher[key]}, got {getattr(decision, key)}")
    if "chose" in matcher:
        want = _tokens(matcher["chose"])
        got = list(answer) if answer is not None else None
        if got is None or not _same_choice(game, got, want):
            failures.append(f"{label}: expected the answer {want}, got {got}")
    return failures


def _same_choice(game: Game, got: list[str], want: list[Any]) -> bool:
    left = list(got)
    for token in want:
        hit = next((lb for lb in left if label_named(game, lb, token)), None)
        if hit is None:
            return False
        left.remove(hit)
    return not left


# ------------------------------------------------------------------ the order of log records


def check_ordered(
    game: Game,
    expect: Mapping[str, Any],
    matches: Callable[[LogRecord, Any, tuple[str | int, ...]], bool],
) -> list[str]:
    """``ordered``: the matchers match records in this order (later matchers at later records)."""
    matchers = expect.get("ordered") or []
    at = 0
    for i, matcher in enumerate(matchers):
        hit = next(
            (r for r in game.log[at:] if matches(r, matcher, ("expect", "ordered", i))),
            None,
        )
        if hit is None:
            before = any(matches(r, matcher, ("expect", "ordered", i)) for r in game.log[:at])
            where = "only before the records matched earlier" if before else "nowhere"
            return [f"ordered: {matcher!r} (matcher {i + 1}) matches {where} in the log"]
        at = hit.seq + 1
    return []


# ------------------------------------------------------------------ positions in an ordered zone


def check_sequence(game: Game, cards: Sequence[int], want: Any, label: str) -> list[str]:
    """``cards`` (from one end) against ``want``: a list of card names or aliases in that order, where a
    nested list is a group of cards in any order (a batch shuffled together)."""
    if not isinstance(want, list):
        return [f"{label}: expected a list of card names or aliases (a nested list: any order), got {want!r}"]
    pos = 0
    for entry in want:
        group = entry if isinstance(entry, list) else [entry]
        chunk = list(cards[pos : pos + len(group)])
        if len(chunk) < len(group) or not _group_fits(game, chunk, group):
            shown = [game.name(c) for c in cards[: max(len(flatten(want)), pos + len(group))]]
            return [f"{label}: expected {want}, got {shown}"]
        pos += len(group)
    return []


def flatten(want: list[Any]) -> list[Any]:
    return [t for e in want for t in (e if isinstance(e, list) else [e])]


def _group_fits(game: Game, chunk: list[int], group: list[Any]) -> bool:
    left = list(chunk)
    # Aliases first (they name one card), then names (any card of that name).
    aliases: Mapping[str, int] = game.info.get("aliases", {})
    for token in sorted(group, key=lambda t: str(t) not in aliases):
        named = named_cards(game, token)
        hit = next((c for c in left if c in named), None)
        if hit is None:
            return False
        left.remove(hit)
    return True
