"""Benchmarks: how fast the engine plays, pushes events, copies and saves (``tcgrules bench``).

Four figures (``docs/benchmarks.md`` says what each measures and how):

1. random full games per second — the two standard Duel Masters decks, a :class:`RandomAgent` for each
   player, one process, seeds ``0..N-1``; set-up and play to the end are both timed;
2. events per second through the pipeline — batches of real ``tap``/``untap`` events on vanilla
   creatures run through :class:`~.kernel.ProcessEvents` at a pending decision, without ending the game;
3. ``copy()``, save and load time at a mid-game decision (a seeded random game about 15 turns in);
4. events per second with 0, 100 and 1,000 unrelated continuous effects registered, measured in one run,
   interleaved, best of several rounds each.

This is a benchmark, not a test: nothing here asserts a timing. Run it with ``tcgrules bench`` or
``python -m tcgrules.bench`` (``--quick`` for a smoke test, ``--json`` for machine-readable output).
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .agents import RandomAgent
from .games.duel_masters import DuelMasters, setup, standard_decks
from .games.duel_masters.loops import unwatched
from .games.duel_masters.turn import attack_options, main_options
from .games.duel_masters.zones import BATTLE
from .kernel import (
    RULE,
    Effect,
    Event,
    Frame,
    Game,
    Happened,
    Modifier,
    Prohibition,
    Replacement,
    ResolveWaiting,
    TcgError,
    Triggered,
    Waiting,
)
from .kernel.save import dumps, loads
from .options import Parser, number, whole

GAMES_TARGET = 100.0
"""Random full games per second (one process) the engine should reach."""
RATIO_TARGET = 0.8
"""Events/s with 1,000 unrelated effects registered, as a fraction of the rate with none."""

EFFECT_COUNTS = (0, 100, 1000)
MID_GAME_TURN = 15
BATCH_CREATURES = 4
"""Creatures put into the battle zone for the pipeline measurement; each batch taps (or untaps) them all."""

Out = Callable[[str], object]


# ---------------------------------------------------------------------------------------------- helpers


def standard_deck_lists() -> list[list[str]]:
    return [list(d.cards) for d in standard_decks()]


CARD_FILES: list[str] = []
"""Extra card files (``--cards``) every game of the run is set up with."""


def _recipe(decks: Sequence[Sequence[str]], seed: int) -> dict[str, Any]:
    recipe: dict[str, Any] = {"decks": [list(d) for d in decks], "seed": seed}
    if CARD_FILES:
        recipe["card_files"] = list(CARD_FILES)
    return recipe


def agents_for(seed: int) -> list[RandomAgent]:
    """The agents of game ``seed``: player ``p`` gets ``RandomAgent(2 * seed + p)``."""
    return [RandomAgent(2 * seed + p) for p in range(2)]


def play_game(decks: Sequence[Sequence[str]], seed: int) -> Game:
    """Set up game ``seed`` and play it to the end with random agents."""
    game = setup(_recipe(decks, seed))
    agents = agents_for(seed)
    while game.pending is not None:
        decision = game.pending
        game.answer(*agents[decision.player].choose(game, decision))
    return game


def run_frame(game: Game, frame: Frame) -> Any:
    """Push ``frame`` and step the stack until it finishes, as :meth:`Game.advance` would (waiting triggered
    effects resolve when a settling frame is on top); return what the frame finished with.

    The game's pending decision is set aside meanwhile and restored afterwards, so this can run at any
    decision without answering it. A frame that asks a new decision or ends the game is an error here."""
    pending = game.pending
    game.pending = None
    stack = game.stack
    depth = len(stack)
    stack.append(frame)
    try:
        while len(stack) > depth:
            if game.pending is not None or game.result is not None:
                raise RuntimeError(
                    f"the benchmark frame {frame.describe()} asked a decision or ended the game"
                )
            top = stack[-1]
            if top.settles and game.waiting:
                stack.append(ResolveWaiting())
                continue
            top.step(game)
    finally:
        game.pending = pending
    return game.returned


def median_seconds(fn: Callable[[], object], *, inner: int, repeats: int) -> float:
    """Median over ``repeats`` of the mean time of ``inner`` calls of ``fn``, in seconds."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - start) / inner)
    return statistics.median(samples)


# ---------------------------------------------------------------------------------------------- 1. games


def bench_games(decks: Sequence[Sequence[str]], games: int) -> dict[str, float]:
    play_game(decks, games)  # warm-up (loads and compiles cards); not timed
    decisions = events = turns = 0
    start = time.perf_counter()
    for seed in range(games):
        game = play_game(decks, seed)
        decisions += len(game.history)
        events += sum(1 for record in game.log if record.kind == "event")
        turns += game.turn
    elapsed = time.perf_counter() - start
    return {
        "games": float(games),
        "games_per_second": games / elapsed,
        "decisions_per_game": decisions / games,
        "events_per_game": events / games,
        "turns_per_game": turns / games,
    }


# ---------------------------------------------------------------------------------------------- 2. events


def vanilla_creatures(rules: DuelMasters) -> list[str]:
    """Creature cards with no abilities in the battle zone (so tapping them triggers nothing)."""
    return [
        name
        for name, d in sorted(rules.catalog.items())
        if d.main.is_creature and not d.is_twinpact and not rules.compiled(name).by_zone.get(BATTLE)
    ]


def pipeline_game(decks: Sequence[Sequence[str]], seed: int = 0) -> tuple[Game, list[tuple[Event, ...]]]:
    """A freshly set-up game at its first decision, with vanilla creatures put into the active player's
    battle zone, and the event batches the measurement repeats: tap them all, then untap them all."""
    game = setup(_recipe(decks, seed))
    rules: DuelMasters = game.rules  # type: ignore[assignment]  # set up by the Duel Masters module
    names = vanilla_creatures(rules)
    player = game.active_player
    oids = []
    for i in range(BATCH_CREATURES):
        card = game.new_card(player, names[i % len(names)])
        oids.append(game.create_object([card.cid], (player, BATTLE)).oid)
    tap = tuple(Event("tap", oid, player, RULE) for oid in oids)
    untap = tuple(Event("untap", oid, player, RULE) for oid in oids)
    return game, [tap, untap]


def events_rate(game: Game, batches: Sequence[tuple[Event, ...]], seconds: float) -> float:
    """Events performed per second while running ``batches`` over and over for about ``seconds``.
    The log records made meanwhile are dropped afterwards, so repeated windows do not grow the game."""
    unwatched(game)  # the same batches over and over, on purpose: not a loop to end (loops.py)
    log_length = len(game.log)
    performed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(25):
            for batch in batches:
                happened: list[Happened] = run_frame(game, game.process(*batch))
                performed += len(happened)
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    if game.waiting:
        raise RuntimeError("the benchmark events triggered abilities; the measurement would be skewed")
    del game.log[log_length:]
    return performed / elapsed


def bench_pipeline(decks: Sequence[Sequence[str]], seconds: float, rounds: int) -> dict[str, float]:
    game, batches = pipeline_game(decks)
    events_rate(game, batches, min(seconds, 0.1))  # warm-up
    best = max(events_rate(game, batches, seconds) for _ in range(rounds))
    game.log_enabled = False
    best_quiet = max(events_rate(game, batches, seconds) for _ in range(rounds))
    return {"pipeline_events_per_second": best, "pipeline_events_per_second_no_log": best_quiet}


# ------------------------------------------------------------------------------- 3. copy, save, load


def mid_game(decks: Sequence[Sequence[str]], turn: int = MID_GAME_TURN) -> Game:
    """The first seeded random game (seeds 0, 1, …) still going at ``turn``, at its first decision there."""
    for seed in range(1000):
        game = setup(_recipe(decks, seed))
        agents = agents_for(seed)
        while game.pending is not None and game.turn < turn:
            decision = game.pending
            game.answer(*agents[decision.player].choose(game, decision))
        if game.pending is not None:
            return game
    raise RuntimeError(f"no seeded random game lasted {turn} turns")


def bench_copy_save(decks: Sequence[Sequence[str]], quick: bool) -> dict[str, float]:
    game = mid_game(decks)
    repeats = 5 if quick else 15
    text = dumps(game)
    if loads(text, setup).pending != game.pending:
        raise RuntimeError("the loaded game differs from the saved one")
    ap = game.active_player
    return {
        "mid_game_turn": float(game.turn),
        "mid_game_decisions": float(len(game.history)),
        "mid_game_effects": float(len(game.effects)),
        "copy_us": median_seconds(game.copy, inner=50, repeats=repeats) * 1e6,
        "dumps_us": median_seconds(lambda: dumps(game), inner=20, repeats=repeats) * 1e6,
        "save_bytes": float(len(text.encode())),
        "loads_ms": median_seconds(lambda: loads(text, setup), inner=1, repeats=repeats) * 1e3,
        "main_options_us": median_seconds(lambda: main_options(game, ap), inner=100, repeats=repeats) * 1e6,
        "attack_options_us": median_seconds(lambda: attack_options(game, ap), inner=100, repeats=repeats)
        * 1e6,
    }


# ------------------------------------------------------------------------------- 4. many effects


class UnusedProhibition(Prohibition):
    def __init__(self, i: int) -> None:
        self.kinds = frozenset({f"unused_{i}"})
        self.label = f"unused prohibition {i}"

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        return False


class UnusedReplacement(Replacement):
    def __init__(self, i: int) -> None:
        self.kinds = frozenset({f"unused_{i}"})
        self.label = f"unused replacement {i}"

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        return False

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        raise AssertionError("never applies")


class UnusedTrigger(Triggered):
    def __init__(self, i: int) -> None:
        self.kinds = frozenset({f"unused_{i}"})
        self.label = f"unused trigger {i}"

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return False

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        raise AssertionError("never triggers")


class UnusedModifier(Modifier):
    """Indexed under a characteristic nobody reads."""

    def __init__(self, i: int) -> None:
        self.kinds = frozenset({f"unused_characteristic_{i}"})
        self.label = f"unused modifier {i}"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return value


UNUSED_KINDS = (UnusedProhibition, UnusedReplacement, UnusedTrigger, UnusedModifier)


def add_unused_effects(game: Game, count: int) -> None:
    """Register ``count`` effects, cycling through the four categories, none indexed under a used key."""
    source = RULE
    for i in range(count):
        ability = UNUSED_KINDS[i % len(UNUSED_KINDS)](i)
        game.effects.add(ability, i % game.players, source)


def bench_effects(decks: Sequence[Sequence[str]], seconds: float, rounds: int) -> dict[str, float]:
    base, batches = pipeline_game(decks)
    games: dict[int, Game] = {}
    for count in EFFECT_COUNTS:
        games[count] = base.copy()
        add_unused_effects(games[count], count)
        events_rate(games[count], batches, min(seconds, 0.1))  # warm-up
    best = dict.fromkeys(EFFECT_COUNTS, 0.0)
    for r in range(rounds):
        # Interleaved, and the order rotated each round, so drift on a shared machine hits all three alike.
        order = EFFECT_COUNTS[r % len(EFFECT_COUNTS) :] + EFFECT_COUNTS[: r % len(EFFECT_COUNTS)]
        for count in order:
            best[count] = max(best[count], events_rate(games[count], batches, seconds))
    result: dict[str, float] = {}
    for count in EFFECT_COUNTS:
        result[f"effects_{count}_events_per_second"] = best[count]
        result[f"effects_{count}_ratio"] = best[count] / best[0]
    return result


# ---------------------------------------------------------------------------------------------- run, main


def _row(out: Out, label: str, value: str, note: str = "") -> None:
    out(f"  {label:<44} {value:>14}  {note}".rstrip())


def _verdict(ok: bool) -> str:
    return "ok" if ok else "BELOW TARGET"


def run(
    *,
    quick: bool = False,
    seconds: float = 1.0,
    games: int | None = None,
    out: Out = print,
    decks: Sequence[Sequence[str]] | None = None,
) -> dict[str, float]:
    """Run every measurement, printing a table through ``out``; return the figures by name.

    ``seconds`` is the length of each timed window of the event-rate measurements (each is the best of
    several windows); ``games`` the number of random games (default 500, or 30 with ``quick``)."""
    if quick:
        seconds = min(seconds, 0.15)
    rounds = 2 if quick else 5
    n_games = games if games is not None else (30 if quick else 500)
    if n_games < 1:
        raise ValueError(f"games must be at least 1, got {n_games}")
    decks = decks if decks is not None else standard_deck_lists()
    results: dict[str, float] = {}
    out(f"tcgrules bench{' --quick' if quick else ''}: {n_games} games, {rounds} rounds of {seconds:g} s")

    out("1. random full games (2 standard decks, RandomAgent both sides, seeds 0..N-1, one process)")
    r = bench_games(decks, n_games)
    results.update(r)
    ok = r["games_per_second"] >= GAMES_TARGET
    _row(
        out, "games per second", f"{r['games_per_second']:.1f}", f"target >= {GAMES_TARGET:g}: {_verdict(ok)}"
    )
    _row(out, "decisions per game", f"{r['decisions_per_game']:.1f}")
    _row(out, "events performed per game", f"{r['events_per_game']:.1f}")
    _row(out, "turns per game", f"{r['turns_per_game']:.1f}")

    out(f"2. events through the pipeline (batches of {BATCH_CREATURES} tap / untap events, best of {rounds})")
    r = bench_pipeline(decks, seconds, rounds)
    results.update(r)
    _row(out, "events per second", f"{r['pipeline_events_per_second']:,.0f}")
    _row(out, "events per second, log disabled", f"{r['pipeline_events_per_second_no_log']:,.0f}")

    out(f"3. copy, save and load at a mid-game decision (about turn {MID_GAME_TURN}; medians)")
    r = bench_copy_save(decks, quick)
    results.update(r)
    _row(
        out,
        "state",
        f"turn {r['mid_game_turn']:.0f}",
        f"{r['mid_game_decisions']:.0f} decisions so far, {r['mid_game_effects']:.0f} effects registered",
    )
    _row(out, "game.copy()", f"{r['copy_us']:.1f} us")
    _row(out, "save.dumps(game)", f"{r['dumps_us']:.1f} us", f"{r['save_bytes']:.0f} bytes")
    _row(out, "save.loads(text, setup) (replays the history)", f"{r['loads_ms']:.2f} ms")
    _row(out, "main_options (legal main-step options)", f"{r['main_options_us']:.1f} us")
    _row(out, "attack_options (legal attacks)", f"{r['attack_options_us']:.1f} us")

    out(f"4. events per second with unrelated continuous effects registered (interleaved, best of {rounds})")
    r = bench_effects(decks, seconds, rounds)
    results.update(r)
    for count in EFFECT_COUNTS:
        ratio = r[f"effects_{count}_ratio"]
        note = f"{ratio:.0%} of none"
        if count == EFFECT_COUNTS[-1]:
            note += f"; target >= {RATIO_TARGET:.0%}: {_verdict(ratio >= RATIO_TARGET)}"
        _row(out, f"{count:,} effects", f"{r[f'effects_{count}_events_per_second']:,.0f}", note)
    return results


def profile_games(decks: Sequence[Sequence[str]], games: int, out: Out, top: int = 25) -> None:
    """Profile the random-games measurement and print the top functions by total and cumulative time."""
    play_game(decks, games)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(decks, seed)
    profiler.disable()

    for key in ("tottime", "cumulative"):
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats(key).print_stats(top)
        for line in text.getvalue().splitlines():
            out(line)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="tcgrules bench",
        description="Measure games/s, pipeline events/s, copy/save/load time and the cost of many effects.",
    )
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds), as a smoke test")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument(
        "--games",
        type=whole(1, 1_000_000),
        metavar="N",
        help="number of random games, 1 to 1000000 (default 500; 30 quick)",
    )
    parser.add_argument(
        "--seconds",
        type=number(0.01, 3600),
        default=1.0,
        help="length of each timed event-rate window, 0.01 to 3600 (default 1)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="instead, profile the random games with cProfile and print it"
    )
    parser.add_argument(
        "--compare",
        metavar="REF",
        help="benchmark this tree and git revision REF in one interleaved run and print the speed-ups",
    )
    parser.add_argument(
        "--rounds",
        type=whole(1, 100),
        default=3,
        metavar="N",
        help="with --compare: interleaved rounds per tree, 1 to 100 (default 3; each figure's best is kept)",
    )
    from .cli_cards import add_deck_options, decks_from_args

    add_deck_options(parser)
    args = parser.parse_args(argv)
    try:
        choice = decks_from_args(args)
    except TcgError as exc:
        print(f"tcgrules bench: error: {exc}", file=sys.stderr)
        return 2
    CARD_FILES[:] = choice.card_files
    decks = [list(d) for d in choice.lists]
    if args.compare is not None:
        from .bench_compare import compare

        forwarded = ["--quick"] if args.quick else []
        if args.games is not None:
            forwarded += ["--games", str(args.games)]
        forwarded += ["--seconds", str(args.seconds)]
        try:
            compare(args.compare, rounds=args.rounds, args=forwarded)
        except TcgError as exc:
            print(f"tcgrules bench: error: {exc}", file=sys.stderr)
            return 2
        return 0
    if args.profile:
        profile_games(decks, args.games or (30 if args.quick else 200), print)
        return 0
    if args.json:
        results = run(
            quick=args.quick, seconds=args.seconds, games=args.games, out=lambda _: None, decks=decks
        )
        json.dump(_rounded(results), sys.stdout, indent=2, sort_keys=True)
        sys.stdout.write("\n")
    else:
        run(quick=args.quick, seconds=args.seconds, games=args.games, decks=decks)
    return 0


def _rounded(results: Mapping[str, float]) -> dict[str, float]:
    return {key: round(value, 4) for key, value in results.items()}


if __name__ == "__main__":
    raise SystemExit(main())
