"""Deck files: a name, a description and card counts, validated against the card library."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...cards.schema import CardDefinition
from ...cards.yamlsource import read
from ...kernel import DefinitionError, shorten
from .library import resolve

DECK_SIZE = 40  # 100.2
MAX_COPIES = 4  # 100.2a
HYPERSPATIAL_SIZE = 8  # 100.3 / 407.1: at most 8 cards (0 is allowed)
HYPERSPATIAL_COPIES = 4  # 100.3a
GR_SIZE = 12  # 100.4 / 408.1: exactly 12 cards, if the 超GRゾーン is used
GR_COPIES = 2  # 100.4a

HYPERSPATIAL_TYPES = frozenset(
    {"psychic_creature", "psychic_cell", "psychic_super_creature", "dragheart_weapon", "dragheart_creature"}
)
"""407.1: the 超次元ゾーン holds cards of the special types サイキック and ドラグハート."""
GR_TYPES = frozenset({"gr_creature"})
"""408.1: the 超GRゾーン holds GR cards."""


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    description: str
    cards: tuple[str, ...]
    file: str = ""
    hyperspatial: tuple[str, ...] = ()
    """The cards of the 超次元ゾーン (100.3), if any."""
    gr: tuple[str, ...] = ()
    """The cards of the 超GRゾーン (100.4): none, or exactly 12."""

    def recipe_parts(self) -> dict[str, list[str]]:
        """What ``setup`` takes for this deck besides its main cards (its hyperspatial and GR zones)."""
        parts: dict[str, list[str]] = {}
        if self.hyperspatial:
            parts["hyperspatial"] = list(self.hyperspatial)
        if self.gr:
            parts["gr"] = list(self.gr)
        return parts


def load_deck(path: str | Path, catalog: Mapping[str, CardDefinition]) -> Deck:
    """Load and check a deck file: known cards (printed or English names), 40 cards, at most 4 copies of
    a name (100.2, 100.2a); optionally a ``hyperspatial`` part (at most 8 psychic or dragheart cards, 4 copies
    of a name: 100.3, 100.3a, 407.1) and a ``gr`` part (exactly 12 GR cards, 2 copies of a name: 100.4,
    100.4a, 408.1). No card of the library says it may be put in a deck more often (100.2a's exception)."""
    src = read(path)
    data = src.data
    if not isinstance(data, dict):
        raise src.error((), "a deck file is a mapping with name, description and cards")
    for key in data:
        if key not in ("name", "description", "cards", "hyperspatial", "gr"):
            raise src.error(
                (key,), f"unknown field {key!r}; allowed: name, description, cards, hyperspatial, gr"
            )
    if not isinstance(data.get("name"), str):
        raise src.error(("name",), f"a deck needs a name (text), got {shorten(data.get('name'))}")
    if not isinstance(data.get("description", ""), str):
        raise src.error(("description",), f"expected text, got {shorten(data['description'])}")

    def part(key: str, copies: int, types: frozenset[str] | None) -> list[str]:
        entries = data.get(key)
        if not isinstance(entries, list) or (key == "cards" and not entries):
            raise src.error((key,), "expected a list of {card: NAME, count: N}")
        names: list[str] = []
        for i, entry in enumerate(entries):
            path_ = (key, i)
            if not isinstance(entry, dict) or set(entry) - {"card", "count"} or "card" not in entry:
                raise src.error(path_, f"expected {{card: NAME, count: N}}, got {shorten(entry)}")
            name, count = entry["card"], entry.get("count", 1)
            if not isinstance(name, str) or not name.strip():
                raise src.error((*path_, "card"), f"expected a card name, got {shorten(name)}")
            if name not in catalog:  # an English name, or a typo (library.py: "did you mean …")
                try:
                    name = resolve(catalog, name)
                except DefinitionError as exc:
                    raise src.error((*path_, "card"), str(exc)) from None
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= copies:
                raise src.error((*path_, "count"), f"count must be 1 to {copies}, got {shorten(count)}")
            if names.count(name) + count > copies:
                raise src.error((*path_, "card"), f"more than {copies} copies of {name!r}")
            kind = catalog[name].faces[0].type
            if types is not None and kind not in types:
                raise src.error(
                    (*path_, "card"),
                    f"{name!r} ({kind}) cannot be in the {key} part: only {', '.join(sorted(types))}",
                )
            names += [name] * count
        return names

    names = part("cards", MAX_COPIES, None)
    if len(names) != DECK_SIZE:
        raise src.error(("cards",), f"a deck has exactly {DECK_SIZE} cards; this one has {len(names)}")
    hyperspatial = (
        part("hyperspatial", HYPERSPATIAL_COPIES, HYPERSPATIAL_TYPES) if "hyperspatial" in data else []
    )
    if len(hyperspatial) > HYPERSPATIAL_SIZE:
        raise src.error(
            ("hyperspatial",),
            f"a 超次元ゾーン has at most {HYPERSPATIAL_SIZE} cards; this one has {len(hyperspatial)}",
        )
    gr = part("gr", GR_COPIES, GR_TYPES) if "gr" in data else []
    if "gr" in data and len(gr) != GR_SIZE:
        raise src.error(("gr",), f"a 超GRゾーン has exactly {GR_SIZE} cards; this one has {len(gr)}")
    return Deck(
        str(data["name"]),
        str(data.get("description", "")),
        tuple(names),
        src.file,
        tuple(hyperspatial),
        tuple(gr),
    )


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
