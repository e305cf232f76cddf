"""The ``tcgrules`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import cli_cards, cli_play
from .cards.vocabulary import DUEL_MASTERS
from .cli_cards import add_deck_options
from .kernel import TcgError
from .options import Parser, whole
from .web import command as serve


def _demo(args: argparse.Namespace) -> int:
    from .agents import Agent, FirstLegalAgent, GreedyAgent, RandomAgent, play_out
    from .cli_cards import decks_from_args
    from .games.duel_masters import setup
    from .narrate import account

    choice = decks_from_args(args)
    agents: list[Agent] = []
    for i, kind in enumerate(args.agents.split(",")):
        if kind == "random":
            agents.append(RandomAgent(args.seed * 2 + i + 1))
        elif kind == "first":
            agents.append(FirstLegalAgent())
        elif kind == "greedy":
            agents.append(GreedyAgent())
        else:
            raise TcgError(
                f"--agents: unknown agent {kind!r}; expected random, first or greedy (e.g. random,first)"
            )
    if len(agents) != 2:
        raise TcgError(f"--agents: give two agents separated by a comma, got {args.agents!r}")
    game = setup(choice.recipe(args.seed))
    print(f"tcgrules demo — Duel Masters, seed {args.seed}")
    for p, name in enumerate(choice.names):
        print(f"  player {p}: {name} ({args.agents.split(',')[p]} agent)")
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
    from .cli_cards import validate  # any deck file, against the library plus given card files

    return validate(args)


def _cards_show(args: argparse.Namespace) -> int:
    from .cli_cards import show  # printed or English name, "did you mean"

    return show(args)


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
    demo.add_argument(
        "--agents", default="random,random", help="two of random,first,greedy (default random,random)"
    )
    demo.add_argument("--verbose", action="store_true", help="show every decision and rule step")
    add_deck_options(demo)
    demo.set_defaults(func=_demo)

    cli_play.add_parser(sub)  # tcgrules play (cli_play.py)
    serve.add_parser(sub)  # tcgrules serve: the web app (web/, docs/web.md)

    cards = sub.add_parser("cards", help="card library tools").add_subparsers(
        dest="cards_command", required=True
    )
    validate = cards.add_parser(
        "validate",
        help="check card, deck and scenario files, each with its game's schema (default: the library)",
    )
    validate.add_argument("paths", nargs="*", help="card, deck or scenario files or folders (any mix)")
    validate.add_argument(
        "--cards", metavar="PATH", action="append", default=[], help="extra card file or folder for the decks"
    )
    validate.set_defaults(func=_cards_validate)
    show = cards.add_parser("show", help="print a card's text and structured abilities")
    show.add_argument("name", help="the card's printed name (or its English name)")
    show.add_argument(
        "--cards", metavar="PATH", action="append", default=[], help="extra card file or folder"
    )
    show.set_defaults(func=_cards_show, english=None)
    search = cards.add_parser(
        "search", help="find cards by name, text, civilization, cost, type, race, keyword"
    )
    search.add_argument("text", nargs="?", help="a part of the name, English name or printed text")
    search.add_argument("--name", help="a part of the printed or English name")
    search.add_argument("--civilization", choices=sorted(DUEL_MASTERS.civilizations))
    search.add_argument("--cost", type=whole(0, 1000))
    search.add_argument("--type", help="a card type (or a part of it: creature matches evolution_creature)")
    search.add_argument("--race", help="a race, or a word of one (ドラゴン)")
    search.add_argument("--keyword", choices=sorted(DUEL_MASTERS.keywords))
    search.add_argument("--set", help="a set id (DM-01)")
    search.add_argument(
        "--cards", metavar="PATH", action="append", default=[], help="extra card file or folder"
    )
    search.set_defaults(func=cli_cards.search)
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
