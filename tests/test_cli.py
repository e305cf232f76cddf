"""The command line and the README's example, run as a user would."""

from __future__ import annotations

import re
from pathlib import Path

from tcgrules.cli import main

README = Path(__file__).parents[1] / "README.md"


def test_demo_plays_to_a_winner_and_names_the_deciding_rule(capsys):
    assert main(["demo", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "== turn 1:" in out
    assert re.search(r"winner: (player [01]|none \(draw\)) — decided by rule [0-9.a-z]+ after \d+ turns", out)


def test_demo_with_a_first_legal_agent(capsys):
    assert main(["demo", "--seed", "3", "--agents", "random,first"]) == 0
    assert "winner:" in capsys.readouterr().out


def test_demo_rejects_an_unknown_agent(capsys):
    assert main(["demo", "--agents", "random,clever"]) == 2
    assert "unknown agent 'clever'" in capsys.readouterr().err


def test_cards_validate_the_library(capsys):
    assert main(["cards", "validate"]) == 0
    assert "0 file(s) with errors" in capsys.readouterr().out


def test_cards_validate_reports_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "- name: x\n  type: creature\n  civilizations: [water]\n  cost: three\n  power: 1\n  text: x\n"
    )
    assert main(["cards", "validate", str(bad)]) == 1
    assert f"{bad}:4: [0].cost: expected a whole number" in capsys.readouterr().out


def test_cards_show_prints_text_and_structure(capsys):
    assert main(["cards", "show", "アクア・ソルジャー"]) == 0
    out = capsys.readouterr().out
    # アクア・ソルジャー is written in card language 2 (dm01.yaml): its replacement prints as "replace:" with
    # the substitute below it
    assert "このクリーチャーが破壊される時" in out and "replace:" in out and "return_to_hand" in out
    assert main(["cards", "show", "Aqua Soldier"]) == 0
    assert main(["cards", "show", "no such card"]) == 2


def test_bench_quick_runs(capsys):
    from tcgrules import bench

    figures = bench.run(quick=True, out=lambda *a, **k: None)
    assert figures  # a benchmark, not a timed test: only check that it produces figures
    capsys.readouterr()


def test_readme_python_example_runs():
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    namespace: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), namespace)
    assert namespace["game"].result is not None  # type: ignore[attr-defined]
    assert namespace["again"].turn == namespace["game"].turn  # type: ignore[attr-defined]


def test_readme_quick_start_has_exactly_two_commands():
    text = README.read_text(encoding="utf-8")
    quick = text.split("## Quick start", 1)[1].split("## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", quick, re.S)
    assert len(commands) == 2
    assert "tcgrules demo" in commands[0] and "pytest" in commands[1] and "mypy" in commands[1]
