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


def test_cards_show_pairs_each_printed_sentence_with_its_abilities(capsys):
    """A keyword goes with the line that prints it; the other abilities with the remaining lines, in order."""
    assert main(["cards", "show", "ボルシャック・ドラゴン"]) == 0
    out = capsys.readouterr().out.splitlines()
    w = out.index("  ■ W・ブレイカー")
    assert "keyword: double_breaker" in out[w + 1]
    power = next(i for i, line in enumerate(out) if line.startswith("  ■ 攻撃中"))
    assert "static:" in out[power + 1] and "attacking: this" in "\n".join(out[power:])


def test_cards_search_by_keyword_civilization_and_text(capsys):
    assert main(["cards", "search", "--keyword", "blocker", "--civilization", "light"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[-1].endswith("card(s)") and int(lines[-1].split()[0]) >= 5
    assert all(" light" in line for line in lines[:-1])
    assert main(["cards", "search", "ボルシャック", "--cost", "6"]) == 0
    assert "ボルシャック・ドラゴン" in capsys.readouterr().out
    assert main(["cards", "search", "--race", "存在しない種族"]) == 0
    assert capsys.readouterr().out.strip() == "0 card(s)"


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
    assert "tcgrules play" in commands[0] and "pytest" in commands[1] and "mypy" in commands[1]
    assert "tcgrules demo" in quick  # the demo is still offered


def test_readme_example_plays_unbiased_games():
    """One agent per player for the whole game: over 200 games (the decks swapped every other game) each
    seat wins about half (a new agent at each decision made player 1 win 92 of 100)."""
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    loop = block.group(1).split("print(game.result)")[0]
    assert "agents = [RandomAgent(" in loop and "RandomAgent(decision.player)" not in loop
    from tcgrules.agents import RandomAgent
    from tcgrules.games.duel_masters import setup, standard_decks

    decks = [list(d.cards) for d in standard_decks()]
    wins = [0, 0]
    for seed in range(200):
        game = setup({"decks": decks if seed % 2 == 0 else decks[::-1], "seed": seed})
        agents = [RandomAgent(seed=2 * seed + 1), RandomAgent(seed=2 * seed + 2)]
        while game.pending is not None:
            decision = game.pending
            game.answer(*agents[decision.player].choose(game, decision))
        assert game.result is not None
        if game.result.winner is not None:
            wins[game.result.winner] += 1
    assert 80 <= wins[0] <= 120 and 80 <= wins[1] <= 120, wins
