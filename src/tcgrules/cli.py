"""The ``tcgrules`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .kernel import TcgError
from .options import Parser, whole


def _demo(args: argparse.Namespace) -> int:
    from .agents import Agent, FirstLegalAgent, RandomAgent, play_out
    from .games.duel_masters import setup, standard_decks
    from .narrate import account

    decks = standard_decks()
    agents: list[Agent] = []
    for i, kind in enumerate(args.agents.split(",")):
        if kind == "random":
            agents.append(RandomAgent(args.seed * 2 + i + 1))
        elif kind == "first":
            agents.append(FirstLegalAgent())
        else:
            raise TcgError(f"--agents: unknown agent {kind!r}; expected random or first (e.g. random,first)")
    if len(agents) != 2:
        raise TcgError(f"--agents: give two agents separated by a comma, got {args.agents!r}")
    game = setup({"decks": [list(d.cards) for d in decks], "seed": args.seed})
    print(f"tcgrules demo — Duel Masters, seed {args.seed}")
    for p, deck in enumerate(decks):
        print(f"  player {p}: {deck.name} ({args.agents.split(',')[p]} agent)")
    play_out(game, agents)
    for line in account(game, verbose=args.verbose):
        print(line)
    result = game.result
    if result is None:
        print("\nthe game did not finish")
        return 1
    print(
        f"winner: {'none (draw)' if result.winner is None else f'player {result.winner}'}"
        f" — decided by rule {result.rule} after {game.turn} turns"
    )
    return 0


def _cards_validate(args: argparse.Namespace) -> int:
    """Check card, deck and scenario files, each with its own game's schema. Card files are checked
    first, so that decks are checked against the library plus the cards given."""
    from .cards.loader import load_dir
    from .cards.vocabulary import DUEL_MASTERS
    from .cards.yamlsource import read
    from .games.duel_masters.decks import load_deck
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
    decks: list[Path] = []
    given: dict[str, Any] = {}
    for file in files:
        try:
            kind = _file_kind(file, read(file).data)
            if kind == "deck":
                decks.append(file)
                continue
            what, cards = _check_file(kind, file)
            given.update({card.name: card for card in cards if kind == "duel_masters"})
            print(f"ok  {file}: {what}")
        except TcgError as exc:
            errors += 1
            print(f"ERR {exc}")
    catalog = {**load_dir(CARDS_DIR, DUEL_MASTERS), **given}
    for file in decks:
        try:
            deck = load_deck(file, catalog)
            print(f"ok  {file}: deck {deck.name!r}, {len(deck.cards)} cards")
        except TcgError as exc:
            errors += 1
            print(f"ERR {exc}")
    print(
        f"{len(files)} file(s) checked, {len(catalog)} Duel Masters cards in the library; "
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


def _check_file(kind: str, file: Path) -> tuple[str, list[Any]]:
    from .cards.loader import load_file
    from .cards.vocabulary import DUEL_MASTERS
    from .games.magic.loader import load_file as magic_cards
    from .games.monster_collection.cards import load_file as mc_cards
    from .scenarios import load_scenario
    from .scenarios.runner import driver_for

    if kind.startswith("scenario:"):
        scn = load_scenario(file)
        driver_for(scn.game).build(scn)  # the board is set up too; the steps are run by scenario run
        return f"{scn.game} scenario, {len(scn.cards)} inline card(s), board set up", []
    cards: list[Any]
    if kind == "magic":
        cards = list(magic_cards(file))
    elif kind == "monster_collection":
        cards = list(mc_cards(file))
    else:
        cards = list(load_file(file, DUEL_MASTERS))
    return f"{len(cards)} {kind} cards", cards


def _cards_show(args: argparse.Namespace) -> int:
    from .cards.show import show
    from .games.duel_masters import standard_catalog

    catalog = standard_catalog()
    card = catalog.get(args.name)
    if card is None:
        close = [n for n in catalog if args.name in n or (args.english and n == args.english)]
        close += [n for n, c in catalog.items() if c.english and args.name.lower() in c.english.lower()]
        if len(close) == 1:
            card = catalog[close[0]]
        else:
            hint = f"; did you mean: {', '.join(sorted(set(close))[:8])}" if close else ""
            raise TcgError(f"no card named {args.name!r}{hint}")
    print(show(card))
    return 0


def _cards_list(args: argparse.Namespace) -> int:
    from .games.duel_masters import standard_catalog

    for name, card in sorted(
        standard_catalog().items(), key=lambda kv: (kv[1].main.civilizations, kv[1].main.cost)
    ):
        f = card.main
        print(
            f"{'/'.join(f.civilizations) or 'zero':<16} {f.cost:>2}  {f.type:<18} {name}"
            + (f"  ({card.english})" if card.english else "")
        )
    return 0


def _scenario_run(args: argparse.Namespace) -> int:
    from .scenarios.runner import report, run_paths

    text, code = report(run_paths(args.paths, explain=args.explain), as_json=args.json, explain=args.explain)
    print(text)
    return code


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="tcgrules", description="A rules engine for trading card games.")
    sub = parser.add_subparsers(dest="command", required=True)

    demo = sub.add_parser("demo", help="play a full Duel Masters game between the two standard decks")
    demo.add_argument(
        "--seed", type=whole(0, 2**64 - 1), default=1, help="random seed, 0 to 2**64-1 (default 1)"
    )
    demo.add_argument("--agents", default="random,random", help="two of random,first (default random,random)")
    demo.add_argument("--verbose", action="store_true", help="show every decision and rule step")
    demo.set_defaults(func=_demo)

    cards = sub.add_parser("cards", help="card library tools").add_subparsers(
        dest="cards_command", required=True
    )
    validate = cards.add_parser(
        "validate",
        help="validate card, deck and scenario files, each with its game's schema (default: the library)",
    )
    validate.add_argument("paths", nargs="*", help="files or folders (*.yaml)")
    validate.set_defaults(func=_cards_validate)
    show = cards.add_parser("show", help="print a card's text and structured abilities")
    show.add_argument("name", help="the card's printed name (or its English name)")
    show.set_defaults(func=_cards_show, english=None)
    listing = cards.add_parser("list", help="list the library's cards")
    listing.set_defaults(func=_cards_list)

    scenario = sub.add_parser("scenario", help="scenario files (rulings, a judge's sandbox)")
    scenario_sub = scenario.add_subparsers(dest="scenario_command", required=True)
    run = scenario_sub.add_parser("run", help="run scenario files or folders; exit 0 only if all pass")
    run.add_argument("paths", nargs="+", help="scenario files or folders (searched for *.yaml)")
    run.add_argument(
        "--explain", action="store_true", help="show the resolution step by step with rule numbers"
    )
    run.add_argument("--json", action="store_true", help="machine-readable results")
    run.set_defaults(func=_scenario_run)

    sub.add_parser("bench", help="measure speed (games/s, events/s, copy and save time); see bench --help")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:  # the benchmark has its own options (tcgrules bench --help)
        from . import bench

        return bench.main(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
        return code
    except TcgError as exc:
        print(f"tcgrules: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
