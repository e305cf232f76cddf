"""Batch simulation (tcgrules simulate): seeded chunks, the same rows whatever the workers or backend,
Parquet output, the summary and the matchup plot; Ray on a local instance."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from tcgrules import simulate
from tcgrules.cli import main
from tcgrules.kernel import TcgError
from tcgrules.simulate import TIMING_COLUMNS, DeckEntry, game_seed, plan, run, wilson

AGENTS = ["greedy", "random", "ismcts:iterations=4:depth=2"]


def _decks() -> list[DeckEntry]:
    decks, _ = simulate.load_decks([], [])
    return decks


def _plan(games: int = 3) -> simulate.Plan:
    return plan(AGENTS, _decks(), games, seed=7)


def _stable(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k not in TIMING_COLUMNS} for row in rows]


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[Any]:
    """One local Ray instance for the session (2 CPUs, no dashboard, no auth)."""
    os.environ["RAY_AUTH_MODE"] = "disabled"
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield ray
    ray.shutdown()


def test_the_plan_covers_every_pair_of_agents_with_seats_and_decks_alternating() -> None:
    the_plan = plan(AGENTS, _decks(), 4, seed=1)
    assert the_plan.matchups == (
        ("greedy", "random"),
        ("greedy", AGENTS[2]),
        ("random", AGENTS[2]),
    )
    first = the_plan.games[:4]
    assert [g.agents for g in first] == [("greedy", "random"), ("random", "greedy")] * 2
    assert first[0].deck_names == first[1].deck_names != first[2].deck_names
    assert [g.seed for g in the_plan.games] == [game_seed(1, i) for i in range(12)]
    assert len({g.seed for g in the_plan.games}) == 12


def test_the_same_seed_gives_the_same_rows_for_one_and_two_workers_and_any_chunk_size() -> None:
    games = _plan().games
    one = run(games, workers=1)
    two = run(games, workers=2, chunk_size=2)
    assert _stable(one) == _stable(two)
    assert [r["game"] for r in one] == list(range(len(games)))
    assert all(r["winner"] in (0, 1, None) and r["decisions"] > 0 for r in one)


def test_the_ray_backend_gives_the_same_rows(ray_instance: Any) -> None:
    games = _plan(2).games
    assert _stable(run(games, backend="ray", chunk_size=1)) == _stable(run(games, workers=1))


def test_simulate_writes_parquet_rows_a_summary_and_a_plot(tmp_path: Path, capsys: Any) -> None:
    out, png = tmp_path / "results.parquet", tmp_path / "matrix.png"
    code = main(
        [
            "simulate",
            "--agents",
            "greedy,random",
            "--games",
            "4",
            "--seed",
            "3",
            "--workers",
            "2",
            "--no-progress",
            "--out",
            str(out),
            "--plot",
            str(png),
        ]
    )
    assert code == 0
    text = capsys.readouterr().out
    assert "greedy vs random: 4 games" in text and "95% CI" in text and "decisions/s" in text
    table = pq.read_table(out)
    assert table.column_names == [name for name, _, _ in simulate.COLUMNS]
    rows = table.to_pylist()
    assert len(rows) == 4 and [r["seed"] for r in rows] == [game_seed(3, i) for i in range(4)]
    assert {r["seat0_agent"] for r in rows} == {"greedy", "random"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_simulate_options_are_refused_with_a_clear_error(capsys: Any) -> None:
    assert main(["simulate", "--agents", "greedy", "--no-progress"]) == 2
    assert "at least two agents" in capsys.readouterr().err
    assert main(["simulate", "--agents", "greedy,alphago", "--no-progress"]) == 2
    assert "unknown agent 'alphago'" in capsys.readouterr().err
    assert main(["simulate", "--address", "1.2.3.4:6379", "--no-progress"]) == 2
    assert "--address is for --backend ray" in capsys.readouterr().err
    with pytest.raises(TcgError, match="named twice"):
        plan(["random", "random"], _decks(), 1, 0)


def test_wilson_interval() -> None:
    lo, hi = wilson(190, 200)
    assert lo < 0.95 < hi and lo > 0.9 and hi < 0.98
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
