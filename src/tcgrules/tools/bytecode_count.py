"""Bytecodes executed per function in seeded random games: a measure of the engine's work that does not
depend on the machine's load.

    python -m tcgrules.tools.bytecode_count                # 5 games, the 30 busiest functions
    python -m tcgrules.tools.bytecode_count --games 20 --top 60 --json counts.json

Every Python instruction the package's code runs is counted (``sys.settrace`` with opcode events), per
function (module, name, first line), divided by the number of games. The games are ``bench.play_game``'s,
seeds 0 to N-1 after one warm-up game, so two runs of the same tree give the same counts, and two trees
that play the same games can be compared function by function. Wall-clock time per bytecode is not
constant (a call costs more than a local read), so a lower count is a guide, not a speed: the benchmark
(``tcgrules bench --compare``) says what is faster. Tracing makes the games about fifty times slower.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent
"""The package directory: only code from files under it is counted."""

Key = tuple[str, str, int]
"""(module path inside the package, function name, first line)."""

Tracer = Callable[[FrameType, str, Any], Any]


def count(games: int) -> Counter[Key]:
    """Bytecodes executed per function in ``games`` seeded random games (totals, not per game)."""
    from .. import bench

    decks = bench.standard_deck_lists()
    bench.play_game(decks, 999)  # warm-up: imports, the card index, compiled abilities
    counts: Counter[Key] = Counter()
    root = str(PACKAGE)
    keys: dict[CodeType, Key | None] = {}

    def key_of(code: CodeType) -> Key | None:
        if code not in keys:
            inside = code.co_filename.startswith(root)
            rel = Path(code.co_filename).relative_to(PACKAGE).as_posix() if inside else ""
            keys[code] = (rel, code.co_name, code.co_firstlineno) if inside else None
        return keys[code]

    def on_call(frame: FrameType, event: str, arg: Any) -> Tracer | None:
        key = key_of(frame.f_code)
        if key is None:
            return None
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False

        def on_opcode(frame: FrameType, event: str, arg: Any) -> Tracer:
            if event == "opcode":
                counts[key] += 1
            return on_opcode

        return on_opcode

    sys.settrace(on_call)
    try:
        for seed in range(games):
            bench.play_game(decks, seed)
    finally:
        sys.settrace(None)
    return counts


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tcgrules.tools.bytecode_count", description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="seeded random games (default 5)")
    parser.add_argument("--top", type=int, default=30, help="functions listed (default 30)")
    parser.add_argument("--json", metavar="FILE", help="also write every function's count per game")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1000:
        parser.error(f"--games: expected 1 to 1000, got {args.games}")
    if args.top < 0:
        parser.error(f"--top: expected 0 or more, got {args.top}")
    counts = count(args.games)
    per_game = {key: n / args.games for key, n in counts.items()}
    print(f"{sum(per_game.values()):,.0f} bytecodes per game ({args.games} games)")
    for (module, name, line), n in sorted(per_game.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"{n:10,.0f}  {module}:{line} {name}")
    if args.json:
        rows = {f"{m}:{name}:{line}": n for (m, name, line), n in per_game.items()}
        Path(args.json).write_text(json.dumps(rows, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
