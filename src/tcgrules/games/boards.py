"""What the judge's boards of every game share: players A and B, and naming a card by alias, name or id."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from typing import Any

from ..kernel import DefinitionError, Game, Source

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
    known = ", ".join(sorted(aliases)) or "none"
    close = difflib.get_close_matches(str(ref), [*aliases, *{c.name for c in game.cards}], n=3)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise DefinitionError(
        f"{where}: {ref!r} is not an alias, card name or card id in this game (aliases: {known}){hint}"
    )


def player_of(ref: Any, where: str) -> int:
    """Player ``A`` or ``B`` (or 0 / 1)."""
    if isinstance(ref, str) and ref in PLAYERS:
        return PLAYERS[ref]
    if ref in (0, 1) and not isinstance(ref, bool):
        return int(ref)
    raise DefinitionError(f"{where}: expected player A or B, got {ref!r}")


def source_of(game: Game, spec: Any, where: str, kind_of: Callable[[int], str]) -> Source:
    """The cause of an injected event: ``{card: ALIAS}`` (optionally ``kind``, ``player``, ``ability``) or
    ``{rule: NUMBER}``; none means the scenario itself. ``kind_of(card id)`` gives a card's default kind."""
    if spec is None:
        return Source("rule", rule="scenario")
    if not isinstance(spec, Mapping) or not ({"card", "rule"} & set(spec)):
        raise DefinitionError(f"{where}: a source is {{card: ALIAS}} or {{rule: NUMBER}}, got {spec!r}")
    if "rule" in spec:
        return Source("rule", rule=str(spec["rule"]))
    cid = card_id(game, spec["card"], f"{where}.card")
    player = player_of(spec["player"], f"{where}.player") if "player" in spec else game.cards[cid].owner
    ability = str(spec["ability"]) if "ability" in spec else None
    return Source(str(spec.get("kind", kind_of(cid))), cid, player, ability=ability)
