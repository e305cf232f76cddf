"""``tcgrules bench --compare REF``: both trees run interleaved, each figure's best kept, ratios printed.

The comparison is exercised on a git tree of its own (a copy of this package's sources, committed, then
changed in the working tree), so the test needs no history of the project's checkout."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import tcgrules
from tcgrules.bench_compare import CompareError, best, compare, higher_is_better


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tree")
    shutil.copytree(Path(tcgrules.__file__).parent, root / "src" / "tcgrules")
    git(root, "init", "-q")
    git(root, "add", "src")
    git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "ref")
    return root


def test_rates_are_better_high_and_times_low() -> None:
    assert higher_is_better("games_per_second") and higher_is_better("effects_1000_ratio")
    assert not higher_is_better("copy_us") and not higher_is_better("loads_ms")
    assert not higher_is_better("save_bytes")


def test_best_keeps_the_highest_rate_and_the_lowest_time() -> None:
    runs = [{"games_per_second": 10.0, "copy_us": 50.0}, {"games_per_second": 12.0, "copy_us": 60.0}]
    assert best(runs) == {"games_per_second": 12.0, "copy_us": 50.0}


def test_compare_runs_both_trees_and_prints_the_speedups(tree: Path) -> None:
    lines: list[str] = []
    result = compare(
        "HEAD", rounds=1, args=["--quick", "--games", "1", "--seconds", "0.01"], out=lines.append, root=tree
    )
    assert set(result) == {"this", "ref", "speedup"}
    assert result["this"]["games"] == result["ref"]["games"] == 1.0
    # The same sources on both sides: the deterministic figures agree exactly.
    for key in ("decisions_per_game", "events_per_game", "save_bytes"):
        assert result["this"][key] == result["ref"][key]
        assert result["speedup"][key] == 1.0
    assert any(line.lstrip().startswith("games_per_second") for line in lines)


def test_compare_names_a_revision_that_does_not_exist(tree: Path) -> None:
    with pytest.raises(CompareError, match="no-such-ref"):
        compare("no-such-ref", rounds=1, root=tree)


def test_compare_needs_at_least_one_round(tree: Path) -> None:
    with pytest.raises(ValueError, match="rounds"):
        compare("HEAD", rounds=0, root=tree)
