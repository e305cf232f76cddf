"""The sandbox: run a scenario file written in the browser (docs/scenarios.md), in a separate process.

The text is data: it is read by the project's guarded YAML loader (``cards/yamlsource.py``: size, nesting
and alias expansion bounded, no tags that build objects) and run by the scenario runner, exactly as
``tcgrules scenario run --explain`` would run it. Each run happens in a child process
(``python -m tcgrules.web.sandbox``, the text on its standard input) that is stopped after
:data:`RUN_SECONDS` and may use at most :data:`MEMORY_BYTES` of memory, so no scenario can hold the
server; at most :data:`PARALLEL_RUNS` run at once. The child answers with one JSON object: the outcome
(PASS/FAIL, the failures, the ``--explain`` trail), the final board as a judge sees it (every card named,
face-down ones marked) and the timeline with every line's why (timeline.py, for a judge).
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ..cards.yamlsource import MAX_BYTES
from ..kernel import Game, TcgError

RUN_SECONDS = 10.0
"""The longest a scenario may run (wall clock), in seconds; the process is stopped after it."""
MEMORY_BYTES = 2 * 1024**3
"""The address space a run's process may use."""
PARALLEL_RUNS = 2
"""Scenario runs at once; a run waits for a free place at most :data:`RUN_SECONDS`."""
MAX_SCENARIO = MAX_BYTES
"""The largest scenario text, in characters (the YAML loader's own limit)."""
FILE_NAME = "scenario.yaml"
"""How errors name the text being run (``scenario.yaml:12: …``)."""

_places = threading.BoundedSemaphore(PARALLEL_RUNS)


class SandboxError(TcgError):
    """The scenario could not be run (it did not load, or ran too long); nothing was changed."""


@dataclass(frozen=True, slots=True)
class Example:
    key: str
    title: str
    text: str


@cache
def examples() -> dict[str, Example]:
    """Ruling scenarios to start from: copies of files of tests/rulings/duel_masters/ shipped as package
    data (tests/test_web.py checks that each copy equals its original and passes)."""
    import yaml

    out = {}
    folder = resources.files("tcgrules.web").joinpath("examples")
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if item.name.endswith(".yaml"):
            text = item.read_text(encoding="utf-8")
            title = str(yaml.safe_load(text).get("title", item.name))
            key = item.name.removesuffix(".yaml")
            out[key] = Example(key, title, text)
    return out


def run(text: str) -> dict[str, Any]:
    """Run a scenario's text in a child process; the child's JSON answer (see :func:`child`).
    A scenario that does not load comes back with ``error`` (naming ``scenario.yaml:LINE``); one that runs
    too long, or that the child cannot finish, raises :class:`SandboxError`."""
    if len(text) > MAX_SCENARIO:
        raise SandboxError(f"the scenario is too large ({len(text)} characters; at most {MAX_SCENARIO})")
    if not _places.acquire(timeout=RUN_SECONDS):
        raise SandboxError(f"the sandbox is busy ({PARALLEL_RUNS} runs going on); try again")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "tcgrules.web.sandbox"],
            input=text.encode("utf-8"),
            capture_output=True,
            timeout=RUN_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        raise SandboxError(f"the scenario ran for more than {RUN_SECONDS:g} s and was stopped") from exc
    finally:
        _places.release()
    try:
        answer: dict[str, Any] = json.loads(done.stdout.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        last = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
        raise SandboxError(f"the scenario run failed (exit status {done.returncode}): {last[0]}") from exc
    return answer


# ---------------------------------------------------------------------------------------------- the child


def child(text: str) -> dict[str, Any]:
    """Run one scenario text and describe the outcome as JSON-able data."""
    from ..scenarios.format import scenario_from_text
    from ..scenarios.runner import run_scenario
    from .timeline import timeline

    try:
        scn = scenario_from_text(text, FILE_NAME)
        outcome = run_scenario(scn, explain=True)
    except TcgError as exc:
        return {"error": str(exc)}
    game = outcome.game
    return {
        "error": None,
        "title": outcome.title,
        "source": outcome.source,
        "rules": list(outcome.rules),
        "passed": outcome.passed,
        "failures": outcome.failures,
        "explanation": outcome.explanation,
        "board": judge_board(game) if game is not None and scn.game == "duel_masters" else None,
        "result": None if game is None or game.result is None else game.result.reason,
        "timeline": [e.to_json() for e in timeline(game, None)] if game is not None else [],
    }


def judge_board(game: Game) -> dict[str, Any]:
    """The board as a judge sees it: each player's zones as in that player's own view (their hand shown,
    power and other notes), with the cards no player can see named too (decks, face-down shields).
    The same shape as a view (``View.to_json``), so the page draws it like the play board."""
    zones = []
    for player in range(game.players):
        view = game.view(player)
        for zone in view.to_json()["zones"]:
            if zone["player"] != player:
                continue
            oids = game.zones.get((player, zone["name"]), [])
            objects = zone["objects"]
            if objects is None or len(objects) != len(oids):
                objects = [
                    {"ref": "", "cards": [], "tapped": False, "face_down": False, "notes": []} for _ in oids
                ]
            for obj, oid in zip(objects, oids, strict=True):
                real = game.objects[oid]
                obj["tapped"] = real.tapped
                obj["cards"] = [game.name(c) for c in real.cards]
                obj["face_down"] = real.face_down
            zone["objects"] = objects
            zones.append(zone)
    step = game.info.get("step")
    return {
        "turn": game.turn,
        "active_player": game.active_player,
        "players": list(game.player_names),
        "zones": zones,
        "info": [["step", str(step)]] if isinstance(step, str) else [],
    }


def _limit_resources() -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX: the time limit still holds
        return
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    cpu = int(RUN_SECONDS) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))


def main() -> int:
    _limit_resources()
    raw = sys.stdin.buffer.read(MAX_SCENARIO * 4 + 1)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        answer: dict[str, Any] = {"error": f"{FILE_NAME}:{line}: not UTF-8 text: {exc.reason}"}
    else:
        answer = child(text)
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
