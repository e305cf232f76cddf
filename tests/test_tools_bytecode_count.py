"""tools/bytecode_count.py: bytecodes per function in seeded random games, the same from run to run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tcgrules.tools import bytecode_count


def test_the_counts_are_the_same_in_two_processes_and_name_the_engines_functions(tmp_path: Path) -> None:
    # Two processes: in one, the second run would find the caches the first filled (fewer bytecodes).
    runs = []
    for name in ("a.json", "b.json"):
        command = [sys.executable, "-m", "tcgrules.tools.bytecode_count", "--games", "1", "--top", "0"]
        subprocess.run([*command, "--json", str(tmp_path / name)], check=True, capture_output=True)
        runs.append(json.loads((tmp_path / name).read_text(encoding="utf-8")))
    assert runs[0] == runs[1]
    modules = {key.split(":")[0] for key in runs[0]}
    assert "kernel/pipeline.py" in modules and "games/duel_masters/turn.py" in modules
    assert all(n > 0 for n in runs[0].values())
    assert bytecode_count.count(1)  # in this process too


def test_a_bad_number_of_games_is_refused_naming_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bytecode_count.main(["--games", "0"])
    assert "--games: expected 1 to 1000, got 0" in capsys.readouterr().err
