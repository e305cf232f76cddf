"""What the judge's boards of every game share: players A and B, and naming a card by alias, name or id."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from ..kernel import DefinitionError, Game, Source, clip, shorten

PLAYERS = {"A": 0, "B": 1}


def card_id(game: Game, ref: Any, where: str) -> int:
    """A card by alias (``game.info["aliases"]``), by printed name (the first such card), or by id."""
    aliases: dict[str, int] = game.info.get("aliases", {})
    if isinstance(ref, str) and ref in aliases:
        return aliases[ref]
    if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < len(game.cards):
        return ref
    if isinstance(ref, str):
        for card in game.cards:
            if card.name == ref:
                return card.cid
        catalog = getattr(game.rules, "catalog", None)  # an English name (the card definition's)
        if isinstance(catalog, Mapping):
            key = " ".join(ref.casefold().split())
            for card in game.cards:
                english = getattr(catalog.get(card.name), "english", None)
                if isinstance(english, str) and " ".join(english.casefold().split()) == key:
                    return card.cid
    known = clip(", ".join(clip(alias, 40) for alias in sorted(aliases)), 400) or "none"
    close = []
    if isinstance(ref, str) and len(ref) <= 100:  # a long value is no one's typo
        close = difflib.get_close_matches(ref, [*aliases, *{c.name for c in game.cards}], n=3)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise DefinitionError(
        f"{where}: {shorten(ref)} is not an alias, card name or card id in this game (aliases: {known}){hint}"
    )


def player_of(ref: Any, where: str) -> int:
    """Player ``A`` or ``B`` (or 0 / 1)."""
    if isinstance(ref, str) and ref in PLAYERS:
        return PLAYERS[ref]
    if ref in (0, 1) and not isinstance(ref, bool):
        return int(ref)
    raise DefinitionError(f"{where}: expected player A or B, got {shorten(ref)}")


def source_of(game: Game, spec: Any, where: str, kind_of: Callable[[int], str]) -> Source:
    """The cause of an injected event: ``{card: ALIAS}`` (optionally ``kind``, ``player``, ``ability``) or
    ``{rule: NUMBER}``; none means the scenario itself. ``kind_of(card id)`` gives a card's default kind."""
    if spec is None:
        return Source("rule", rule="scenario")
    if not isinstance(spec, Mapping) or not ({"card", "rule"} & set(spec)):
        raise DefinitionError(
            f"{where}: a source is {{card: ALIAS}} or {{rule: NUMBER}}, got {shorten(spec)}"
        )
    if "rule" in spec:
        return Source("rule", rule=text(spec["rule"], f"{where}.rule"))
    cid = card_id(game, spec["card"], f"{where}.card")
    player = player_of(spec["player"], f"{where}.player") if "player" in spec else game.cards[cid].owner
    ability = text(spec["ability"], f"{where}.ability") if "ability" in spec else None
    kind = text(spec["kind"], f"{where}.kind") if "kind" in spec else kind_of(cid)
    return Source(kind, cid, player, ability=ability)


# ---------------------------------------------------------------------------------------------- checking
# Boards, recipes and injected events come from files and callers: each value is checked for its type
# before it is used, so a wrong one is a DefinitionError naming its path, never a TypeError.


def whole(value: Any, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number (not a bool, not a float), within the bounds given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise DefinitionError(f"{where}: expected a whole number, got {shorten(value)}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        low = "" if minimum is None else f"{minimum}"
        high = "" if maximum is None else f"{maximum}"
        bounds = f"{low} to {high}" if low and high else (f"at least {low}" if low else f"at most {high}")
        raise DefinitionError(f"{where}: expected a whole number {bounds}, got {shorten(value)}")
    return value


def flag(value: Any, where: str) -> bool:
    """``true`` or ``false`` (YAML's yes/no read as those)."""
    if not isinstance(value, bool):
        raise DefinitionError(f"{where}: expected true or false, got {shorten(value)}")
    return value


def text(value: Any, where: str) -> str:
    """A name or a word: text (a number is accepted and read as its digits)."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise DefinitionError(f"{where}: expected text, got {shorten(value)}")
    return str(value)


def mapping(value: Any, where: str, what: str = "a mapping") -> Mapping[str, Any]:
    """A mapping (``null`` is an empty one)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise DefinitionError(f"{where}: expected {what}, got {shorten(value)}")
    return value


def entries(value: Any, where: str, *, count: bool = False, limit: int = 1000) -> list[Any]:
    """A zone's list of entries (``null`` is none); with ``count``, a number N stands for N blank cards."""
    if value is None:
        return []
    if count and isinstance(value, int) and not isinstance(value, bool):
        return [None] * whole(value, where, 0, limit)
    if not isinstance(value, list):
        shape = "a list of cards or a number of blank cards" if count else "a list of cards"
        raise DefinitionError(f"{where}: expected {shape}, got {shorten(value)}")
    if len(value) > limit:
        raise DefinitionError(f"{where}: at most {limit} cards, got {len(value)}")
    return value
