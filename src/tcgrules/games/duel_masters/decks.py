"""Deck files: a name, a description and card counts, validated against the card library."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...cards.schema import CardDefinition
from ...cards.yamlsource import read
from ...kernel import DefinitionError, shorten
from .final_forbidden import is_part_card
from .library import resolve
from .rules import DECKS_DIR, check_starting_set, standard_catalog
from .zero_dragon import is_set_card

DECK_SIZE = 40  # 100.2
MAX_COPIES = 4  # 100.2a
GR_SIZE = 12  # 100.4: a 超GRゾーン, if used, has exactly 12 cards
GR_COPIES = 2  # 100.4a


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    description: str
    cards: tuple[str, ...]
    file: str = ""
    gr: tuple[str, ...] = ()
    """The 超GRゾーン's GR creatures (100.4), if the deck uses one."""
    hyperspatial: tuple[str, ...] = ()
    """The 超次元ゾーン's cards (100.3): psychic, dragheart and ルール・プラス cards."""
    battle_zone: tuple[str, ...] = ()
    """The set starting the game in the battle zone outside the deck (100.5, 308.4: a final forbidden set)."""

    @property
    def for_game(self) -> tuple[str, ...]:
        """The names a game's recipe takes: the deck, then its GR, 超次元ゾーン and battle-zone cards (set-up
        puts them there: rules.starting_zone)."""
        return (*self.cards, *self.gr, *self.hyperspatial, *self.battle_zone)


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
        if key not in ("name", "description", "cards", "gr", "hyperspatial", "battle_zone"):
            allowed = "name, description, cards, gr, hyperspatial, battle_zone"
            raise src.error((key,), f"unknown field {key!r}; allowed: {allowed}")
    if not isinstance(data.get("name"), str):
        raise src.error(("name",), f"a deck needs a name (text), got {shorten(data.get('name'))}")
    if not isinstance(data.get("description", ""), str):
        raise src.error(("description",), f"expected text, got {shorten(data['description'])}")
    extra = _hyperspatial(src, data, catalog)
    size = DECK_SIZE + sum(larger_deck(catalog[name]) for name in extra)  # 314.3a: a ルール・プラス
    names = _entries(src, data.get("cards"), "cards", catalog, MAX_COPIES)
    if len(names) != size:
        raise src.error(("cards",), f"a deck has exactly {size} cards; this one has {len(names)}")
    gr: list[str] = []
    if "gr" in data:  # 100.4: exactly 12 GR creatures, at most 2 of a name (100.4a)
        gr = _entries(src, data["gr"], "gr", catalog, GR_COPIES)
        for name in gr:
            if catalog[name].main.type != "gr_creature":
                raise src.error(
                    ("gr",), f"{name!r} is not a GR creature; only GR creatures go in the 超GRゾーン"
                )
        if len(gr) != GR_SIZE:
            raise src.error(("gr",), f"a 超GRゾーン has exactly {GR_SIZE} cards; this one has {len(gr)}")
    for name in names:
        if catalog[name].main.type == "gr_creature":
            raise src.error(("cards",), f"{name!r} is a GR creature: list it under 'gr' (100.4)")
        if _hyperspatial_card(catalog[name]):
            raise src.error(("cards",), f"{name!r} starts in the 超次元ゾーン: list it under 'hyperspatial'")
        if catalog[name].main.type == "king_creature":
            raise src.error(
                ("cards",), f"{name!r} is a king creature, no card: list its キング・セル (814.1)"
            )
        if is_part_card(catalog[name]) or is_set_card(catalog[name]):
            raise src.error(("cards",), f"{name!r} starts in the battle zone: list it under 'battle_zone'")
    starting: list[str] = []
    if "battle_zone" in data:  # 100.5 / 308.4, 311.2: one final forbidden or 零龍 set, outside the 40 cards
        starting = _entries(src, data["battle_zone"], "battle_zone", catalog, 1)
        problem = check_starting_set(dict(catalog), starting, "battle_zone") if starting else None
        if problem is not None:
            raise src.error(("battle_zone",), problem)
    description = str(data.get("description", ""))
    deck = Deck(str(data["name"]), description, tuple(names), src.file, tuple(gr), tuple(extra))
    return replace(deck, battle_zone=tuple(starting))


HYPERSPATIAL_SIZE = 8  # 100.3: up to 8 cards in the 超次元ゾーン
HYPERSPATIAL_COPIES = 4  # 100.3a
HYPERSPATIAL_TYPES = frozenset(
    {
        "psychic_creature",
        "psychic_cell",
        "psychic_super_creature",
        "dragheart_super_creature",
        "dragheart_weapon",
        "dragheart_fortress",
        "dragheart_creature",
        "rule_plus",
    }
)
"""407.1 / 314.1: the 超次元ゾーン holds psychic, dragheart and ルール・プラス cards (a recipe's part is
checked by its first face's type)."""
GR_TYPES = frozenset({"gr_creature"})
"""408.1: the 超GRゾーン holds GR cards."""


def _hyperspatial_card(card: CardDefinition) -> bool:
    """A card that starts in the 超次元ゾーン: psychic, dragheart, ルール・プラス (117.1, 314.1)."""
    return any(f.type.startswith(("psychic", "dragheart")) or f.type == "rule_plus" for f in card.faces)


def larger_deck(card: CardDefinition) -> int:
    """314.3a: 「自分は、デッキの枚数をN枚増やしてゲームを開始する」 (``keyword: larger_deck``)."""
    return sum(
        int(a.params["amount"])
        for f in card.faces
        for a in f.abilities
        if a.form == "keyword" and a.name == "larger_deck" and f.type == "rule_plus"
    )


def _hyperspatial(src: Any, data: Mapping[str, Any], catalog: Mapping[str, CardDefinition]) -> list[str]:
    """100.3 / 100.3a: up to 8 psychic, dragheart and ルール・プラス cards, at most 4 of a name."""
    if "hyperspatial" not in data:
        return []
    names = _entries(src, data["hyperspatial"], "hyperspatial", catalog, MAX_COPIES)
    for name in names:
        if not _hyperspatial_card(catalog[name]):
            raise src.error(("hyperspatial",), f"{name!r} does not start in the 超次元ゾーン")
    if len(names) > HYPERSPATIAL_SIZE:
        raise src.error(("hyperspatial",), f"at most {HYPERSPATIAL_SIZE} cards; this one has {len(names)}")
    return names


def _entries(
    src: Any, entries: Any, key: str, catalog: Mapping[str, CardDefinition], copies: int
) -> list[str]:
    """The names of a list of ``{card: NAME, count: N}``, each name at most ``copies`` times."""
    if not isinstance(entries, list) or (key == "cards" and not entries):  # a zone's part may be empty
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
        names += [name] * count
    return names


STANDARD_DECKS = ("fire_nature.yaml", "water_darkness_light.yaml")
"""The two decks the demo, the benchmark and the README's example play (a game has two players)."""


def standard_decks() -> list[Deck]:
    """The two standard decks (:data:`STANDARD_DECKS`), in that order."""

    catalog = standard_catalog()
    missing = [name for name in STANDARD_DECKS if not (DECKS_DIR / name).exists()]
    if missing:
        raise DefinitionError(f"{DECKS_DIR}: missing standard deck file(s) {', '.join(missing)}")
    return [load_deck(DECKS_DIR / name, catalog) for name in STANDARD_DECKS]


def library_decks() -> list[Deck]:
    """Every deck of the library, in file-name order."""

    catalog = standard_catalog()
    decks = [load_deck(p, catalog) for p in sorted(DECKS_DIR.glob("*.yaml"))]
    if not decks:
        raise DefinitionError(f"{DECKS_DIR}: no deck files")
    return decks
