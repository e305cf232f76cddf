"""The card library in the browser: search (the code of ``tcgrules cards search``, cli_cards.py) and each
card's printed text beside the abilities that express it (as ``tcgrules cards show`` pairs them)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..cards.vocabulary import DUEL_MASTERS
from .games import RequestError, parse_whole

FIELDS = ("text", "name", "civilization", "cost", "type", "race", "keyword", "set")
"""The search form's fields, as ``tcgrules cards search`` names its criteria."""
MAX_FIELD = 200
"""The longest text a search field takes, in characters."""
SHOWN = 200
"""How many matching cards a results page lists (the count says how many matched)."""


@cache
def catalog() -> Mapping[str, Any]:
    from ..games.duel_masters import standard_catalog

    return standard_catalog()


def criteria(query: Mapping[str, str]) -> argparse.Namespace:
    """The search criteria of a query string, checked as the command line checks them (unknown fields,
    a civilization or keyword not in the vocabulary and a cost that is not a whole number are refused)."""
    unknown = sorted(set(query) - set(FIELDS))
    if unknown:
        raise RequestError(f"unknown search field {unknown[0]!r}; expected one of {', '.join(FIELDS)}")
    values: dict[str, Any] = {}
    for key in FIELDS:
        value = query.get(key, "").strip()
        if len(value) > MAX_FIELD:
            raise RequestError(f"{key}: at most {MAX_FIELD} characters, got {len(value)}")
        values[key] = value or None
    if values["civilization"] and values["civilization"] not in DUEL_MASTERS.civilizations:
        raise RequestError(
            f"civilization: expected one of {', '.join(sorted(DUEL_MASTERS.civilizations))}, "
            f"got {values['civilization']!r}"
        )
    if values["keyword"] and values["keyword"] not in DUEL_MASTERS.keywords:
        raise RequestError(
            f"keyword: expected a keyword of the card language such as blocker or speed_attacker, "
            f"got {values['keyword']!r}"
        )
    if values["cost"] is not None:
        values["cost"] = parse_whole("cost", values["cost"], 0, 1000)
    return argparse.Namespace(**values)


def search(query: Mapping[str, str]) -> list[Any]:
    from ..cli_cards import search_cards

    return search_cards(catalog(), criteria(query))


def keyword_choices() -> list[tuple[str, str]]:
    """``(keyword, printed name)`` for the search form, by printed name."""
    names = DUEL_MASTERS.keyword_names
    return sorted(((k, names.get(k, k)) for k in DUEL_MASTERS.keywords), key=lambda kv: kv[0])


def type_choices() -> list[str]:
    return sorted({f.type for c in catalog().values() for f in c.faces})


@dataclass(frozen=True, slots=True)
class Sentence:
    printed: str
    abilities: str
    """The abilities that express the sentence, as the card file writes them (YAML); empty for reminder
    text."""


@dataclass(frozen=True, slots=True)
class FaceShown:
    name: str
    type: str
    civilizations: tuple[str, ...]
    cost: int
    power: int | None
    races: tuple[str, ...]
    sentences: tuple[Sentence, ...]


def find(name: str) -> Any:
    """A card by printed or English name (``cards show``'s rule: a unique part of either is enough)."""
    from ..games.duel_masters.library import resolve
    from ..kernel import TcgError

    cards = catalog()
    try:
        return cards[resolve(cards, name)]
    except TcgError as exc:
        part = name.casefold()
        close = [
            c
            for n, c in cards.items()
            if part in n.casefold() or (c.english and part in c.english.casefold())
        ]
        if len(close) != 1:
            raise RequestError(str(exc)) from exc
        return close[0]


def faces(card: Any) -> list[FaceShown]:
    """Each face of ``card``: its facts and each printed sentence with the abilities that express it."""
    from ..cards.show import abilities_yaml, pair_sentences

    out = []
    for face in card.faces:
        sentences = tuple(
            Sentence(text, abilities_yaml(specs) if specs else "")
            for text, specs in pair_sentences(face, DUEL_MASTERS.keyword_names)
        )
        out.append(
            FaceShown(
                face.name,
                face.type,
                tuple(face.civilizations),
                face.cost,
                face.power if face.is_creature else None,
                tuple(face.races),
                sentences,
            )
        )
    return out
