"""Batch simulation: many seeded games between agents, over a process pool or a Ray cluster
(``tcgrules simulate``), and the agents' benchmark (``tcgrules bench-agents``).

A run is a list of **matchups** — every pair of the agents given (``--agents ismcts,random,greedy`` makes
three) — each played ``games`` times. Game ``k`` of a matchup uses the ordered deck pair
``deck_pairs[(k // 2) % len(deck_pairs)]`` (all ordered pairs of the decks given, or the one deck against
itself) and swaps the seats every other game, so each agent plays each deck from each seat equally often.

**Seeds.** The ``n``-th game of the run (counting across matchups) has seed ``game_seed(S, n)``, a mix of the
run's seed ``S`` and ``n``; the agent in seat ``p`` is seeded with ``agent_seed(game seed, p)``. A game
depends on nothing else, so the games are cut into chunks of consecutive games, the chunks run anywhere
(in this process, a process pool, Ray tasks), and the rows are put back in game order: the same seed gives
the same rows whatever the number of workers, the chunk size or the backend (except ``duration_s`` and the
``*_think_s`` columns, which are wall-clock times).

One row per game (:data:`COLUMNS`), written to Parquet with pyarrow (``--out``); DuckDB reads it with
``SELECT * FROM 'results.parquet'``, pandas with ``pandas.read_parquet``.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .agents.registry import make_agent, parse_agent
from .kernel import TcgError

MASK63 = (1 << 63) - 1


def _mix(value: int) -> int:
    """splitmix64's finaliser, kept to 63 bits (a seed that fits a signed 64-bit Parquet column)."""
    z = (value + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) & MASK63


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``run_seed``."""
    return _mix(_mix(run_seed) ^ index)


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game seeded ``seed``."""
    return _mix(seed * 2 + seat + 1)


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Everything one game needs: it is played the same wherever it runs."""

    index: int
    matchup: str
    seed: int
    agents: tuple[str, str]
    deck_names: tuple[str, str]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    card_files: tuple[str, ...] = ()


COLUMNS = (
    ("game", "int64", "the game's index in the run (rows are in this order)"),
    ("matchup", "string", "`AGENT_A vs AGENT_B`, the agents in the order given"),
    ("seed", "int64", "the game's seed (`game_seed(run seed, game)`)"),
    ("seat0_agent", "string", "the agent in seat 0 (player 0)"),
    ("seat1_agent", "string", "the agent in seat 1"),
    ("seat0_agent_seed", "int64", "seat 0's agent seed (`agent_seed(seed, 0)`)"),
    ("seat1_agent_seed", "int64", "seat 1's agent seed"),
    ("seat0_deck", "string", "seat 0's deck name"),
    ("seat1_deck", "string", "seat 1's deck name"),
    ("first_player", "int64", "the seat that took the first turn"),
    ("winner", "int64", "the winning seat, null for a draw or an unfinished game"),
    ("winner_agent", "string", "the winning seat's agent, null for a draw or an unfinished game"),
    ("rule", "string", "the rule that decided the game (e.g. 104.2a), null if unfinished"),
    ("reason", "string", "how the game ended, in words"),
    ("turns", "int64", "turns played"),
    ("decisions", "int64", "decisions answered, both seats"),
    ("seat0_decisions", "int64", "decisions answered by seat 0"),
    ("seat1_decisions", "int64", "decisions answered by seat 1"),
    ("seat0_think_s", "float64", "seconds seat 0's agent spent choosing (wall clock)"),
    ("seat1_think_s", "float64", "seconds seat 1's agent spent choosing (wall clock)"),
    ("duration_s", "float64", "seconds the game took, set-up included (wall clock)"),
)
TIMING_COLUMNS = frozenset({"seat0_think_s", "seat1_think_s", "duration_s"})
"""Columns that are measured times and so differ between runs."""

MAX_DECISIONS = 20_000
"""A game still going after this many decisions is stopped and recorded unfinished."""


def play_game(spec: GameSpec) -> dict[str, Any]:
    """Play one game and return its row."""
    from .games.duel_masters import setup

    start = time.perf_counter()
    recipe: dict[str, Any] = {"decks": [list(d) for d in spec.decks], "seed": spec.seed}
    if spec.card_files:
        recipe["card_files"] = list(spec.card_files)
    game = setup(recipe)
    game.log_enabled = False
    seeds = (agent_seed(spec.seed, 0), agent_seed(spec.seed, 1))
    agents = [make_agent(spec.agents[p], seeds[p]) for p in range(2)]
    first = game.active_player
    counts = [0, 0]
    think = [0.0, 0.0]
    for _ in range(MAX_DECISIONS):
        decision = game.pending
        if decision is None:
            break
        p = decision.player
        t = time.perf_counter()
        answer = agents[p].choose(game, decision)
        think[p] += time.perf_counter() - t
        game.answer(*answer)
        counts[p] += 1
    result = game.result
    winner = None if result is None else result.winner
    return {
        "game": spec.index,
        "matchup": spec.matchup,
        "seed": spec.seed,
        "seat0_agent": spec.agents[0],
        "seat1_agent": spec.agents[1],
        "seat0_agent_seed": seeds[0],
        "seat1_agent_seed": seeds[1],
        "seat0_deck": spec.deck_names[0],
        "seat1_deck": spec.deck_names[1],
        "first_player": first,
        "winner": winner,
        "winner_agent": None if winner is None else spec.agents[winner],
        "rule": None if result is None else result.rule,
        "reason": "unfinished" if result is None else result.reason,
        "turns": game.turn,
        "decisions": counts[0] + counts[1],
        "seat0_decisions": counts[0],
        "seat1_decisions": counts[1],
        "seat0_think_s": think[0],
        "seat1_think_s": think[1],
        "duration_s": time.perf_counter() - start,
    }


def run_chunk(specs: Sequence[GameSpec]) -> list[dict[str, Any]]:
    """Play a chunk of games (in whichever process or Ray worker it was sent to)."""
    return [play_game(spec) for spec in specs]


# ---------------------------------------------------------------------------------------------- the plan


@dataclass(frozen=True, slots=True)
class DeckEntry:
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """What a run plays: its matchups' games, in order."""

    games: tuple[GameSpec, ...]
    matchups: tuple[tuple[str, str], ...]


def plan(
    agents: Sequence[str],
    decks: Sequence[DeckEntry],
    games: int,
    seed: int,
    card_files: Sequence[str] = (),
) -> Plan:
    """The games of a run (module docstring): every pair of ``agents``, ``games`` games each."""
    if len(agents) < 2:
        raise TcgError(f"--agents: give at least two agents separated by commas, got {','.join(agents)!r}")
    for spec in agents:
        parse_agent(spec)
    if len(set(agents)) != len(agents):
        raise TcgError(f"--agents: an agent is named twice in {','.join(agents)!r}")
    if not decks:
        raise TcgError("--decks: give at least one deck file")
    if games < 1:
        raise TcgError(f"--games: expected at least 1, got {games}")
    pairs = [(a, b) for a, b in itertools.product(decks, decks) if a != b] or [(decks[0], decks[0])]
    matchups = tuple(itertools.combinations(agents, 2))
    out: list[GameSpec] = []
    for a, b in matchups:
        for k in range(games):
            da, db = pairs[(k // 2) % len(pairs)]
            seats = (a, b) if k % 2 == 0 else (b, a)
            index = len(out)
            out.append(
                GameSpec(
                    index,
                    f"{a} vs {b}",
                    game_seed(seed, index),
                    seats,
                    (da.name, db.name),
                    (da.cards, db.cards),
                    tuple(card_files),
                )
            )
    return Plan(tuple(out), matchups)


def chunks(games: Sequence[GameSpec], size: int) -> list[tuple[GameSpec, ...]]:
    return [tuple(games[i : i + size]) for i in range(0, len(games), size)]


def default_chunk_size(games: int, workers: int) -> int:
    """About eight chunks per worker (a smooth progress bar, even load), at most 25 games each."""
    return max(1, min(25, math.ceil(games / (8 * max(1, workers)))))


# ---------------------------------------------------------------------------------------------- running

Progress = Callable[[int], None]
"""Called with the number of games just finished."""


def run_local(
    parts: Sequence[tuple[GameSpec, ...]], workers: int, progress: Progress
) -> list[dict[str, Any]]:
    """Run the chunks in this process (one worker) or over a process pool."""
    rows: list[dict[str, Any]] = []
    if workers <= 1:
        for part in parts:
            rows += run_chunk(part)
            progress(len(part))
        return rows
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # Fresh worker processes (spawn), not forks: the caller may run threads (a Ray driver, a GUI).
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = {pool.submit(run_chunk, part): len(part) for part in parts}
        for future in as_completed(futures):
            rows += future.result()
            progress(futures[future])
    return rows


def run_ray(
    parts: Sequence[tuple[GameSpec, ...]], address: str | None, progress: Progress
) -> list[dict[str, Any]]:
    """Run the chunks as Ray tasks: on the cluster at ``address``, on the Ray instance this process already
    joined (``ray.init`` called before), or on a new local one."""
    try:
        import ray
    except ImportError:
        raise TcgError("--backend ray needs Ray: pip install 'tcgrules[ray]'") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        task = ray.remote(run_chunk)
        pending = {task.remote(part): len(part) for part in parts}
        rows: list[dict[str, Any]] = []
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                rows += ray.get(ref)
                progress(pending.pop(ref))
        return rows
    finally:
        if started:
            ray.shutdown()


def run(
    games: Sequence[GameSpec],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` and return their rows in game order."""
    size = chunk_size or default_chunk_size(len(games), workers)
    parts = chunks(games, size)
    report = progress or (lambda n: None)
    if backend == "local":
        rows = run_local(parts, workers, report)
    elif backend == "ray":
        rows = run_ray(parts, address, report)
    else:
        raise TcgError(f"--backend: expected local or ray, got {backend!r}")
    rows.sort(key=lambda row: int(row["game"]))
    return rows


@dataclass
class LiveProgress:
    """A rich progress bar: games done of the total, games per second, time left."""

    total: int
    enabled: bool = True
    _bar: Any = field(default=None, init=False)
    _task: Any = field(default=None, init=False)

    def __enter__(self) -> LiveProgress:
        if self.enabled:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TaskProgressColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("games"),
                BarColumn(),
                MofNCompleteColumn(),
                TaskProgressColumn(),
                TextColumn("{task.fields[rate]} games/s"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
            )
            self._bar.__enter__()
            self._task = self._bar.add_task("games", total=self.total, rate="-")
        self._start = time.perf_counter()
        self._done = 0
        return self

    def __call__(self, finished: int) -> None:
        self._done += finished
        if self._bar is not None:
            rate = self._done / max(time.perf_counter() - self._start, 1e-9)
            self._bar.update(self._task, advance=finished, rate=f"{rate:.2f}")

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)


# ---------------------------------------------------------------------------------------------- results


def write_parquet(rows: Sequence[dict[str, Any]], path: str | Path) -> None:
    """Write the rows to a Parquet file with the types of :data:`COLUMNS`."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise TcgError("--out: writing Parquet needs pyarrow: pip install 'tcgrules[rl]'") from None
    types = {"int64": pa.int64(), "string": pa.string(), "float64": pa.float64()}
    schema = pa.schema([(name, types[kind]) for name, kind, _ in COLUMNS])
    table = pa.Table.from_pylist(list(rows), schema=schema)
    pq.write_table(table, str(path))


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion (draws count half a win)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denom = 1 + z * z / n
    return (max(0.0, (centre - spread) / denom), min(1.0, (centre + spread) / denom))


@dataclass(frozen=True, slots=True)
class MatchupSummary:
    a: str
    b: str
    games: int
    wins_a: int
    wins_b: int
    draws: int
    """Draws and unfinished games."""

    @property
    def rate_a(self) -> float:
        return (self.wins_a + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval_a(self) -> tuple[float, float]:
        return wilson(self.wins_a + 0.5 * self.draws, self.games)


def summarise(rows: Sequence[dict[str, Any]], matchups: Sequence[tuple[str, str]]) -> list[MatchupSummary]:
    out = []
    for a, b in matchups:
        mine = [r for r in rows if r["matchup"] == f"{a} vs {b}"]
        wins_a = sum(1 for r in mine if r["winner_agent"] == a)
        wins_b = sum(1 for r in mine if r["winner_agent"] == b)
        out.append(MatchupSummary(a, b, len(mine), wins_a, wins_b, len(mine) - wins_a - wins_b))
    return out


def decision_rates(rows: Sequence[dict[str, Any]]) -> dict[str, tuple[int, float]]:
    """Per agent: decisions answered and seconds spent choosing, over all its games."""
    out: dict[str, tuple[int, float]] = {}
    for r in rows:
        for seat in (0, 1):
            agent = r[f"seat{seat}_agent"]
            n, s = out.get(agent, (0, 0.0))
            out[agent] = (n + int(r[f"seat{seat}_decisions"]), s + float(r[f"seat{seat}_think_s"]))
    return out


def summary_lines(rows: Sequence[dict[str, Any]], matchups: Sequence[tuple[str, str]]) -> Iterator[str]:
    for m in summarise(rows, matchups):
        lo, hi = m.interval_a
        yield (
            f"{m.a} vs {m.b}: {m.games} games, {m.a} won {m.wins_a}, {m.b} won {m.wins_b}, "
            f"{m.draws} drawn/unfinished; {m.a} win rate {m.rate_a:.1%} (95% CI {lo:.1%}–{hi:.1%})"
        )
    for agent, (n, s) in decision_rates(rows).items():
        rate = f"{n / s:,.0f}" if s > 0 else "-"
        yield f"{agent}: {n} decisions, {s:.1f} s choosing, {rate} decisions/s"


def plot_matrix(
    rows: Sequence[dict[str, Any]], matchups: Sequence[tuple[str, str]], path: str | Path
) -> None:
    """Draw the matchup matrix: the row agent's win rate against the column agent, to a PNG."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise TcgError("--plot needs matplotlib: pip install 'tcgrules[rl]'") from None
    agents = list(dict.fromkeys(x for pair in matchups for x in pair))
    index = {a: i for i, a in enumerate(agents)}
    size = len(agents)
    grid = [[math.nan] * size for _ in range(size)]
    counts = [[0] * size for _ in range(size)]
    for m in summarise(rows, matchups):
        i, j = index[m.a], index[m.b]
        grid[i][j], grid[j][i] = m.rate_a, 1 - m.rate_a
        counts[i][j] = counts[j][i] = m.games
    fig, ax = plt.subplots(figsize=(1.6 * size + 2.5, 1.3 * size + 1.5))
    image = ax.imshow(grid, vmin=0, vmax=1, cmap="RdYlGn")
    ax.set_xticks(range(size), agents, rotation=30, ha="right")
    ax.set_yticks(range(size), agents)
    for i in range(size):
        for j in range(size):
            text = "—" if i == j else f"{grid[i][j]:.0%}\n({counts[i][j]} games)"
            ax.text(j, i, text, ha="center", va="center", fontsize=9)
    ax.set_xlabel("opponent")
    ax.set_ylabel("agent (win rate of the row against the column)")
    ax.set_title("tcgrules matchup matrix")
    fig.colorbar(image, ax=ax, fraction=0.046)
    fig.tight_layout()
    fig.savefig(str(path), dpi=100)
    plt.close(fig)


# ---------------------------------------------------------------------------------------------- the CLI


def load_decks(paths: Sequence[str], cards: Sequence[str]) -> tuple[list[DeckEntry], tuple[str, ...]]:
    """The deck files (default: the two standard decks) and the extra card files, checked."""
    from .games.duel_masters import load_deck, standard_decks
    from .games.duel_masters.library import card_file_paths, catalog_with

    files = tuple(str(p) for p in card_file_paths(cards))
    catalog = catalog_with(files)
    decks = [load_deck(path, catalog) for path in paths] if paths else standard_decks()
    return [DeckEntry(d.name, d.cards) for d in decks], files


def add_parser(sub: Any) -> None:
    """Register ``tcgrules simulate``."""
    from .options import whole

    p = sub.add_parser(
        "simulate",
        help="play many seeded games between agents (process pool or Ray), results to Parquet",
        description="Play every pair of the agents given, --games games each, over the decks given; "
        "print win rates with 95%% confidence intervals (docs/ai.md).",
    )
    p.add_argument(
        "--decks", nargs="+", metavar="FILE", default=[], help="deck files (default: the standard two)"
    )
    p.add_argument(
        "--agents",
        default="ismcts,random",
        help="two or more of random, first, greedy, ismcts[:iterations=N][:depth=N][:seconds=S], "
        "comma-separated (default ismcts,random)",
    )
    p.add_argument("--games", type=whole(1, 10**7), default=100, help="games per matchup (default 100)")
    p.add_argument("--workers", type=whole(1, 1024), default=1, help="worker processes (default 1)")
    p.add_argument("--seed", type=whole(0, 2**63 - 1), default=0, help="the run's seed (default 0)")
    p.add_argument("--chunk-size", type=whole(1, 10**6), default=None, help="games per chunk (default: auto)")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="local process pool, or Ray")
    p.add_argument(
        "--address", default=None, help="the Ray cluster's address (--backend ray; default: local)"
    )
    p.add_argument("--out", metavar="FILE", default=None, help="write one row per game to this Parquet file")
    p.add_argument("--plot", metavar="FILE", default=None, help="draw the matchup matrix to this PNG file")
    p.add_argument("--no-progress", action="store_true", help="no live progress bar")
    p.add_argument(
        "--cards", metavar="PATH", action="append", default=[], help="extra card file or folder for the decks"
    )
    p.set_defaults(func=main)


def add_bench_parser(sub: Any) -> None:
    """Register ``tcgrules bench-agents``."""
    from .options import whole

    p = sub.add_parser(
        "bench-agents",
        help="the agents' benchmark: ISMCTS against random and greedy, win rates and decisions/s",
        description="Play ismcts, random and greedy against each other (--games games per pair) on the "
        "standard decks and compare with the goals: ISMCTS wins at least 95%% against random and 60%% "
        "against greedy (docs/ai.md, docs/benchmarks.md). A benchmark, not a test: it asserts nothing.",
    )
    p.add_argument("--games", type=whole(1, 10**6), default=200, help="games per pair (default 200)")
    p.add_argument("--workers", type=whole(1, 1024), default=2, help="worker processes (default 2)")
    p.add_argument("--seed", type=whole(0, 2**63 - 1), default=0, help="the run's seed (default 0)")
    p.add_argument("--ismcts", default="ismcts", help="the ISMCTS agent spec (default ismcts: its defaults)")
    p.add_argument("--out", metavar="FILE", default=None, help="also write the rows to this Parquet file")
    p.add_argument("--no-progress", action="store_true", help="no live progress bar")
    p.set_defaults(func=bench_main)


GOALS = {"random": 0.95, "greedy": 0.60}
"""The ISMCTS agent's target win rate against each other agent (issue #13)."""


def bench_main(args: argparse.Namespace) -> int:
    name, _ = parse_agent(args.ismcts, "--ismcts")
    if name != "ismcts":
        raise TcgError(f"--ismcts: expected an ismcts agent spec, got {args.ismcts!r}")
    ns = argparse.Namespace(
        decks=[],
        cards=[],
        agents=f"{args.ismcts},random,greedy",
        games=args.games,
        workers=args.workers,
        seed=args.seed,
        chunk_size=None,
        backend="local",
        address=None,
        out=args.out,
        plot=None,
        no_progress=args.no_progress,
    )
    rows, the_plan = _simulate(ns)
    for m in summarise(rows, the_plan.matchups):
        goal = GOALS.get(m.b) if m.a == args.ismcts else None
        if goal is not None:
            verdict = "reached" if m.rate_a >= goal else "NOT reached"
            print(f"goal: {m.a} against {m.b} at least {goal:.0%}: {m.rate_a:.1%} — {verdict}")
    n, s = decision_rates(rows).get(args.ismcts, (0, 0.0))
    if s > 0:
        print(f"{args.ismcts}: {n / s:,.1f} decisions/s over {n} decisions (forced ones included)")
    return 0


def main(args: argparse.Namespace) -> int:
    _simulate(args)
    return 0


def _simulate(args: argparse.Namespace) -> tuple[list[dict[str, Any]], Plan]:
    if args.address and args.backend != "ray":
        raise TcgError("--address is for --backend ray")
    decks, files = load_decks(args.decks, args.cards)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    the_plan = plan(agents, decks, args.games, args.seed, files)
    total = len(the_plan.games)
    start = time.perf_counter()
    with LiveProgress(total, enabled=not args.no_progress) as bar:
        rows = run(
            the_plan.games,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            chunk_size=args.chunk_size,
            progress=bar,
        )
    elapsed = time.perf_counter() - start
    print(f"{total} games in {elapsed:.1f} s ({total / elapsed:.2f} games/s), seed {args.seed}")
    for line in summary_lines(rows, the_plan.matchups):
        print(line)
    if args.out:
        write_parquet(rows, args.out)
        print(f"wrote {len(rows)} rows to {args.out}")
    if args.plot:
        plot_matrix(rows, the_plan.matchups, args.plot)
        print(f"drew the matchup matrix to {args.plot}")
    return rows, the_plan
