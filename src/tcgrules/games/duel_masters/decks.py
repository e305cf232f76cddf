"""Deck files: a name, a description and card counts, validated against the card library."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...cards.schema import CardDefinition
from ...cards.yamlsource import read
from ...kernel import DefinitionError
from .library import resolve

DECK_SIZE = 40  # 100.2
MAX_COPIES = 4  # 100.2a


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    description: str
    cards: tuple[str, ...]
    file: str = ""


def load_deck(path: str | Path, catalog: Mapping[str, CardDefinition]) -> Deck:
    """Load and check a deck file: known cards (printed or English names), 40 cards, at most 4 copies of
    a name."""
    src = read(path)
    data = src.data
    if not isinstance(data, dict):
        raise src.error((), "a deck file is a mapping with name, description and cards")
    for key in data:
        if key not in ("name", "description", "cards"):
            raise src.error((key,), f"unknown field {key!r}; allowed: name, description, cards")
    if not isinstance(data.get("name"), str):
        raise src.error(("name",), "a deck needs a name")
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        raise src.error(("cards",), "expected a list of {card: NAME, count: N}")
    names: list[str] = []
    for i, entry in enumerate(entries):
        path_ = ("cards", i)
        if not isinstance(entry, dict) or set(entry) - {"card", "count"} or "card" not in entry:
            raise src.error(path_, f"expected {{card: NAME, count: N}}, got {entry!r}")
        name, count = entry["card"], entry.get("count", 1)
        if not isinstance(name, str) or not name.strip():
            raise src.error((*path_, "card"), f"expected a card name, got {name!r}")
        if name not in catalog:  # an English name, or a typo (library.py: "did you mean …")
            try:
                name = resolve(catalog, name)
            except DefinitionError as exc:
                raise src.error((*path_, "card"), str(exc)) from None
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
            raise src.error((*path_, "count"), f"count must be 1 to {MAX_COPIES}, got {count!r}")
        if names.count(name) + count > MAX_COPIES:
            raise src.error((*path_, "card"), f"more than {MAX_COPIES} copies of {name!r}")
        names += [name] * count
    if len(names) != DECK_SIZE:
        raise src.error(("cards",), f"a deck has exactly {DECK_SIZE} cards; this one has {len(names)}")
    return Deck(str(data["name"]), str(data.get("description", "")), tuple(names), src.file)


STANDARD_DECKS = ("fire_nature.yaml", "water_darkness_light.yaml")
"""The two decks the demo, the benchmark and the README's example play (a game has two players)."""


def standard_decks() -> list[Deck]:
    """The two standard decks (:data:`STANDARD_DECKS`), in that order."""
    from .rules import DECKS_DIR, standard_catalog

    catalog = standard_catalog()
    missing = [name for name in STANDARD_DECKS if not (DECKS_DIR / name).exists()]
    if missing:
        raise DefinitionError(f"{DECKS_DIR}: missing standard deck file(s) {', '.join(missing)}")
    return [load_deck(DECKS_DIR / name, catalog) for name in STANDARD_DECKS]


def library_decks() -> list[Deck]:
    """Every deck of the library, in file-name order."""
    from .rules import DECKS_DIR, standard_catalog

    catalog = standard_catalog()
    decks = [load_deck(p, catalog) for p in sorted(DECKS_DIR.glob("*.yaml"))]
    if not decks:
        raise DefinitionError(f"{DECKS_DIR}: no deck files")
    return decks
