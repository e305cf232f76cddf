"""The card library plus a player's own card files, and card names in either language.

* :func:`catalog_with` is the library's cards plus those of extra card files or folders (``--cards``).
  A game set up with extra files records them in its recipe (``card_files``), so a save of that game
  loads again (``save.loads(text, setup)``).
* :func:`resolve` turns a card name as a person writes it — the printed (Japanese) name or the English
  one, in any letter case — into the printed name, or fails saying which names are close ("did you mean").
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from ...cards.loader import load_file
from ...cards.schema import CardDefinition
from ...cards.vocabulary import DUEL_MASTERS
from ...kernel import DefinitionError
from .rules import standard_catalog


def card_file_paths(paths: Iterable[str | Path]) -> list[Path]:
    """The card files named by ``paths`` (a folder stands for its ``*.yaml`` files), resolved."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser().resolve()
        if path.is_dir():
            out += sorted(path.glob("*.yaml"))
        elif path.is_file():
            out.append(path)
        else:
            raise DefinitionError(f"{raw}: no such card file or folder")
    return out


def catalog_with(paths: Sequence[str | Path] = ()) -> dict[str, CardDefinition]:
    """The library's cards plus those defined in ``paths`` (files or folders)."""

    files = tuple(str(p) for p in card_file_paths(paths))
    if not files:
        return standard_catalog()
    return dict(_catalog(files, tuple(Path(f).stat().st_mtime_ns for f in files)))


@lru_cache(maxsize=8)
def _catalog(files: tuple[str, ...], _mtimes: tuple[int, ...]) -> dict[str, CardDefinition]:
    catalog = dict(standard_catalog())
    for file in files:
        for card in load_file(file, DUEL_MASTERS):
            first = catalog.get(card.name)
            if first is not None:
                raise DefinitionError(
                    f"{card.file}:{card.line}: name: card {card.name!r} is already defined "
                    f"at {first.file}:{first.line}"
                )
            catalog[card.name] = card
    return catalog


def resolve(catalog: Mapping[str, CardDefinition], name: object, where: str = "") -> str:
    """The printed name of the card called ``name`` (printed or English name, any case)."""
    prefix = f"{where}: " if where else ""
    if not isinstance(name, str) or not name.strip():
        raise DefinitionError(f"{prefix}expected a card name, got {name!r}")
    if name in catalog:
        return name
    found = _index(catalog).get(_key(name))
    if found is not None:
        return found
    raise DefinitionError(f"{prefix}unknown card {name!r}{did_you_mean(catalog, name)}")


def did_you_mean(catalog: Mapping[str, CardDefinition], name: str) -> str:
    """``"; did you mean X or Y?"`` for the names closest to ``name`` (printed or English), or ``""``."""
    index = _index(catalog)
    keys = list(index)
    key = _key(name)
    close = difflib.get_close_matches(key, keys, n=3, cutoff=0.6)
    close += [k for k in keys if len(key) >= 2 and key in k and k not in close][: 3 - len(close)]
    shown: list[str] = []
    for key in close:
        printed = index[key]
        english = catalog[printed].english
        label = f"{printed} ({english})" if english else printed
        if label not in shown:
            shown.append(label)
    return f"; did you mean {' or '.join(shown)}?" if shown else ""


def _key(name: str) -> str:
    return " ".join(name.casefold().split())


def _index(catalog: Mapping[str, CardDefinition]) -> dict[str, str]:
    """Lookup key → printed name, for printed and English names."""
    index: dict[str, str] = {}
    for printed, card in catalog.items():
        index.setdefault(_key(printed), printed)
        if card.english:
            index.setdefault(_key(card.english), printed)
    return index
