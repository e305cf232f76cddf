"""Card and deck options of the command line: ``--deck``, ``--opponent-deck`` and ``--cards`` (shared by
``demo``, ``play`` and ``bench``), and ``cards validate`` / ``cards show``.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .kernel import TcgError


def add_deck_options(parser: argparse.ArgumentParser) -> None:
    """``--deck``, ``--opponent-deck`` and ``--cards`` (shared by demo, play and bench)."""
    parser.add_argument(
        "--deck", metavar="FILE", help="player 0's deck file (default: the first standard deck)"
    )
    parser.add_argument(
        "--opponent-deck", metavar="FILE", help="player 1's deck file (default: the second standard deck)"
    )
    parser.add_argument(
        "--cards",
        metavar="PATH",
        action="append",
        default=[],
        help="extra card file or folder, added to the library (may be given several times)",
    )


@dataclass(frozen=True, slots=True)
class DeckChoice:
    names: tuple[str, str]
    """The decks' names (for people)."""
    lists: tuple[tuple[str, ...], tuple[str, ...]]
    card_files: tuple[str, ...]
    """The extra card files, as absolute paths (recorded in the game's recipe)."""

    def recipe(self, seed: int) -> dict[str, Any]:
        recipe: dict[str, Any] = {"decks": [list(d) for d in self.lists], "seed": seed}
        if self.card_files:
            recipe["card_files"] = list(self.card_files)
        return recipe


def choose_decks(deck: str | None, opponent_deck: str | None, cards: Sequence[str]) -> DeckChoice:
    """The two decks and the card files the options name (deck files are checked against the library plus
    the card files)."""
    from .games.duel_masters import load_deck, standard_decks
    from .games.duel_masters.library import card_file_paths, catalog_with

    files = tuple(str(p) for p in card_file_paths(cards))
    catalog = catalog_with(files)
    standard = standard_decks()
    chosen = [
        load_deck(path, catalog) if path else standard[i % len(standard)]
        for i, path in enumerate((deck, opponent_deck))
    ]
    return DeckChoice((chosen[0].name, chosen[1].name), (chosen[0].cards, chosen[1].cards), files)


def decks_from_args(args: argparse.Namespace) -> DeckChoice:
    return choose_decks(args.deck, args.opponent_deck, args.cards)


# ---------------------------------------------------------------------------------------------- cards


def validate(args: argparse.Namespace) -> int:
    """``cards validate [PATH...] [--cards PATH]``: card, deck and scenario files, wherever they are, each
    with its own game's schema (docs/errors.md): a file's ``game:`` key names its game, else its location
    does (a card file under ``…/magic/…`` is a Magic card file), else it is Duel Masters; a mapping without
    ``game:`` is a deck. Card files are checked first, so that decks are checked against the library plus
    the card files given. A folder with nothing to check, or a path that does not exist, is an error."""
    from .cards.yamlsource import read
    from .games.duel_masters.decks import load_deck
    from .games.duel_masters.library import catalog_with
    from .games.duel_masters.rules import CARDS_DIR, DECKS_DIR
    from .games.magic.rules import CARDS_DIR as MAGIC_CARDS
    from .games.monster_collection.cards import CARDS_DIR as MC_CARDS

    paths = [Path(p) for p in args.paths] or [CARDS_DIR, MAGIC_CARDS, MC_CARDS, DECKS_DIR]
    errors = 0
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.glob("*.yaml"))
            if not found:
                errors += 1
                print(f"ERR {path}: no *.yaml files in this folder, nothing to check")
            files += found
        elif path.is_file():
            files.append(path)
        else:
            errors += 1
            print(f"ERR {path}: no such file or folder")
    library = CARDS_DIR.resolve()
    decks: list[Path] = []
    extra: list[str] = []  # Duel Masters card files outside the library: the decks may use their cards
    for file in files:
        try:
            kind = _file_kind(file, read(file).data)
            if kind == "deck":
                decks.append(file)
                continue
            what = _check_file(kind, file)
            if kind == "duel_masters" and file.resolve().parent != library:
                extra.append(str(file))
            print(f"ok  {file}: {what}")
        except TcgError as exc:
            errors += 1
            print(f"ERR {exc}")
    try:
        catalog = catalog_with([*args.cards, *extra])
    except TcgError as exc:
        print(f"ERR {exc}")
        return 1
    for file in decks:
        try:
            deck = load_deck(file, catalog)
            print(f"ok  {file}: deck {deck.name!r}, {len(deck.cards)} cards")
        except TcgError as exc:
            errors += 1
            print(f"ERR {exc}")
    print(
        f"{len(files)} file(s) checked; {len(catalog)} cards in the library and the given card files; "
        f"{errors} file(s) with errors"
    )
    return 1 if errors else 0


def _file_kind(file: Path, data: Any) -> str:
    """``deck``, ``scenario:GAME`` or a game's name: by the file's ``game:`` key, else by its shape and
    location (a card file under ``…/magic/…`` is a Magic card file)."""
    from .cards.yamlsource import GAMES

    if isinstance(data, dict) and "game" in data:
        game = data["game"]
        if not isinstance(game, str) or game not in GAMES:
            return "duel_masters"  # the loader reports the unknown game at its line
        return f"scenario:{game}" if "setup" in data or "expect" in data else game
    if isinstance(data, dict):
        return "deck"
    for part in reversed(file.resolve().parent.parts):
        if part in GAMES:
            return part
    return "duel_masters"


def _check_file(kind: str, file: Path) -> str:
    from .cards.loader import load_file
    from .cards.vocabulary import DUEL_MASTERS
    from .games.magic.loader import load_file as magic_cards
    from .games.monster_collection.cards import load_file as mc_cards
    from .scenarios import load_scenario
    from .scenarios.runner import driver_for

    if kind.startswith("scenario:"):
        scn = load_scenario(file)
        driver_for(scn.game).build(scn)  # the board is set up too; the steps are run by scenario run
        return f"{scn.game} scenario, {len(scn.cards)} inline card(s), board set up"
    cards: list[Any]
    if kind == "magic":
        cards = list(magic_cards(file))
    elif kind == "monster_collection":
        cards = list(mc_cards(file))
    else:
        cards = list(load_file(file, DUEL_MASTERS))
    return f"{len(cards)} {kind} cards"


def show(args: argparse.Namespace) -> int:
    """``cards show NAME [--cards PATH]``: by printed or English name, or by a unique part of either."""
    from .cards.show import show as show_card
    from .games.duel_masters.library import catalog_with, resolve

    catalog = catalog_with(args.cards)
    try:
        name = resolve(catalog, args.name)
    except TcgError:
        part = args.name.casefold()
        close = [
            n
            for n, c in catalog.items()
            if part in n.casefold() or (c.english and part in c.english.casefold())
        ]
        if len(close) != 1:
            raise
        name = close[0]
    from .cards.vocabulary import DUEL_MASTERS

    print(show_card(catalog[name], DUEL_MASTERS.keyword_names))
    return 0


def search(args: argparse.Namespace) -> int:
    """``cards search [TEXT] [--civilization C] [--cost N] [--type T] [--race R] [--keyword K] …``: the
    library's cards that match every criterion given (TEXT in the name, English name or printed text)."""
    from .games.duel_masters.library import catalog_with

    found = search_cards(catalog_with(args.cards), args)
    for c in found:
        f = c.main
        stats = f"{'/'.join(f.civilizations) or 'zero'} {f.cost}"
        power = f" {f.power}" if f.power is not None else ""
        print(f"{c.name}  ({c.english or '-'}; {c.set or '-'} {c.number or ''})  [{f.type}] {stats}{power}")
    print(f"{len(found)} card(s)")
    return 0


def search_cards(catalog: Mapping[str, Any], args: argparse.Namespace) -> list[Any]:
    """The cards of ``catalog`` that match every criterion of ``args`` (``text``, ``name``, ``civilization``,
    ``cost``, ``type``, ``race``, ``keyword``, ``set``; ``None`` for one not given), by set and number."""
    found = [c for c in catalog.values() if _matches(c, args)]
    return sorted(found, key=lambda c: (c.set or "", c.number or "", c.name))


def _matches(card: Any, args: argparse.Namespace) -> bool:
    faces = card.faces
    if args.text:
        needle = args.text.casefold()
        hay = " ".join([card.name, card.english or "", card.text]).casefold()
        if needle not in hay:
            return False
    if args.name:
        wanted = args.name.casefold()
        english = (card.english or "").casefold()
        if not any(wanted in f.name.casefold() for f in faces) and wanted not in english:
            return False
    if args.civilization and not any(args.civilization in f.civilizations for f in faces):
        return False
    if args.cost is not None and not any(f.cost == args.cost for f in faces):
        return False
    if args.type and not any(args.type in f.type for f in faces):
        return False
    if args.race and not any(args.race in r for f in faces for r in f.races):
        return False
    if args.set and (card.set or "").casefold() != args.set.casefold():
        return False
    return not args.keyword or any(
        a.form == "keyword" and a.name == args.keyword for f in faces for a in f.abilities
    )
