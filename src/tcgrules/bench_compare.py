"""``tcgrules bench --compare REF``: this tree against a git revision, in one interleaved run.

A shared machine drifts: two benchmark runs minutes apart can differ by 20 % with no change of code. So
the comparison runs both trees in the same session, alternating (this, ref, ref, this, …), each run a
fresh subprocess of ``python -m tcgrules.bench --json`` with ``PYTHONPATH`` pointing at that tree's
``src``, and keeps each figure's best over the rounds (the highest rate, the lowest time). Drift then
hits both sides alike and the ratios mean something.

The revision is exported with ``git archive`` into a temporary directory (no worktree is left behind);
it needs the source checkout, not an installed copy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from .kernel import TcgError

Out = Callable[[str], object]

HEADLINE = (
    "games_per_second",
    "pipeline_events_per_second",
    "pipeline_events_per_second_no_log",
    "copy_us",
    "dumps_us",
    "loads_ms",
    "main_options_us",
    "attack_options_us",
    "effects_1000_ratio",
)
"""The figures printed first, in this order; the rest follow alphabetically."""


class CompareError(TcgError):
    """The revision to compare with could not be found or exported."""


def higher_is_better(key: str) -> bool:
    """Rates and ratios are better high; times (``_us``, ``_ms``) and sizes are better low."""
    return not key.endswith(("_us", "_ms", "_bytes"))


def source_root() -> Path:
    """The checkout this package runs from (``src/tcgrules`` → its grandparent), which must be a git tree."""
    root = Path(__file__).resolve().parents[2]
    if not (root / ".git").exists() or not (root / "src" / "tcgrules").is_dir():
        raise CompareError(
            f"--compare needs the source checkout (a git tree with src/tcgrules); this package runs from "
            f"{Path(__file__).resolve().parent}, which is not one (install with pip install -e .)"
        )
    return root


def export_revision(root: Path, ref: str, into: Path) -> str:
    """Write revision ``ref`` of the git tree at ``root`` into ``into``; return its full commit id."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--verify", f"{ref}^{{commit}}"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as exc:
        raise CompareError(f"--compare {ref!r}: not a revision of the git tree at {root}") from exc
    archive = into / "ref.tar"
    with archive.open("wb") as fh:
        subprocess.run(["git", "-C", str(root), "archive", commit, "src"], check=True, stdout=fh)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
    return commit


def run_tree(src: Path, args: Sequence[str]) -> dict[str, float]:
    """One benchmark run of the tree whose sources are at ``src``; its figures."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src)
    done = subprocess.run(
        [sys.executable, "-m", "tcgrules.bench", "--json", *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise CompareError(f"the benchmark of {src} failed (exit {done.returncode}): {done.stderr.strip()}")
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def best(runs: Sequence[Mapping[str, float]]) -> dict[str, float]:
    """Each figure's best over ``runs``: the highest rate, the lowest time."""
    keys = set().union(*runs)
    result: dict[str, float] = {}
    for key in keys:
        values = [r[key] for r in runs if key in r]
        result[key] = max(values) if higher_is_better(key) else min(values)
    return result


def compare(
    ref: str,
    *,
    rounds: int = 3,
    args: Sequence[str] = (),
    out: Out = print,
    root: Path | None = None,
) -> dict[str, dict[str, float]]:
    """Benchmark this tree and revision ``ref`` of the git tree ``root`` (by default the checkout this
    package runs from) interleaved over ``rounds``; print and return the figures.

    Returns ``{"this": …, "ref": …, "speedup": …}``, where a speed-up above 1 means this tree is better
    (``this / ref`` for rates, ``ref / this`` for times)."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    root = source_root() if root is None else root
    this_src = root / "src"  # the working tree, changes not yet committed included
    runs: dict[str, list[dict[str, float]]] = {"this": [], "ref": []}
    with tempfile.TemporaryDirectory(prefix="tcgrules-bench-") as tmp:
        commit = export_revision(root, ref, Path(tmp))
        ref_src = Path(tmp) / "src"
        out(f"tcgrules bench --compare {ref} ({commit[:10]}): {rounds} interleaved rounds, args {list(args)}")
        for r in range(rounds):
            order = [("this", this_src), ("ref", ref_src)]
            if r % 2:
                order.reverse()
            for name, src in order:
                runs[name].append(run_tree(src, args))
                out(f"  round {r + 1}: {name} done")
    this, other = best(runs["this"]), best(runs["ref"])
    speedup = {}
    for key in sorted(set(this) & set(other)):
        a, b = this[key], other[key]
        if a == 0 or b == 0:
            continue
        speedup[key] = a / b if higher_is_better(key) else b / a
    keys = [k for k in HEADLINE if k in speedup] + sorted(k for k in speedup if k not in HEADLINE)
    out(f"  {'figure':<40} {'this':>14} {'ref':>14} {'speed-up':>9}")
    for key in keys:
        out(f"  {key:<40} {this[key]:>14,.2f} {other[key]:>14,.2f} {speedup[key]:>8.2f}x")
    return {"this": this, "ref": other, "speedup": speedup}
