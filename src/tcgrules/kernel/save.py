"""Save and load a game as JSON, at any pending decision.

A save holds the game's *recipe* (what the game module needs to set it up: decks, seed, board) and the
*history* of what callers did (answers and injected events). Loading sets the game up again and replays
the history; because the engine is deterministic, the loaded game is in exactly the state it was saved
in. This is the approach OpenSpiel takes with action histories, and it keeps every frame of work in
progress restorable without serialising code. A *fingerprint* of the visible state is stored too and
checked after the replay, so a save made by a different engine version or card set is refused with a
clear error instead of silently diverging.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from .errors import SaveFormatError, TcgError, clip, shorten
from .game import Game

FORMAT = "tcgrules-save/1"


def state_summary(game: Game) -> dict[str, Any]:
    """A JSON-able summary of the visible state (zones, objects, turn, randomness, result, decision)."""
    zones = {}
    for (player, name), oids in sorted(game.zones.items()):
        if not oids:
            continue
        zones[f"{player}:{name}"] = [
            {
                "cards": list(game.objects[oid].cards),
                **({"tapped": True} if game.objects[oid].tapped else {}),
                **({"face_down": True} if game.objects[oid].face_down else {}),
            }
            for oid in oids
        ]
    pending = game.pending
    return {
        "turn": game.turn,
        "active_player": game.active_player,
        "rng": game.rng.state,
        "zones": zones,
        "result": None if game.result is None else [game.result.winner, list(game.result.losers)],
        "pending": None if pending is None else [pending.player, pending.kind, list(pending.labels)],
    }


def fingerprint(game: Game) -> str:
    text = json.dumps(state_summary(game), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def save(game: Game) -> dict[str, Any]:
    """The game as a JSON-able dict (``json.dumps`` it to write a file)."""
    return {
        "format": FORMAT,
        "game": game.rules.name,
        "recipe": game.recipe,
        "history": [[kind, list(payload) if kind == "answer" else payload] for kind, payload in game.history],
        "fingerprint": fingerprint(game),
        "turn": game.turn,
    }


def dumps(game: Game) -> str:
    return json.dumps(save(game), ensure_ascii=False)


def load(data: Mapping[str, Any], setup: Callable[[Mapping[str, Any]], Game]) -> Game:
    """Rebuild a saved game. ``setup(recipe)`` is the game module's set-up function."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        got = shorten(data.get("format")) if isinstance(data, Mapping) else f"a {type(data).__name__}"
        raise SaveFormatError(f"not a tcgrules save: format is {got}, expected {FORMAT!r}")
    for key in ("recipe", "history", "fingerprint"):
        if key not in data:
            raise SaveFormatError(f"the save has no {key!r} field")
    recipe, history = data["recipe"], data["history"]
    if not isinstance(recipe, Mapping):
        raise SaveFormatError(f"the save's recipe must be a mapping, got {type(recipe).__name__}")
    if not isinstance(history, list):
        raise SaveFormatError(f"the save's history must be a list, got {type(history).__name__}")
    try:
        game = setup(recipe)
    except _BAD_INPUT as exc:
        raise SaveFormatError(f"the save's recipe cannot set up a game: {_reason(exc)}") from exc
    for number, item in enumerate(history):
        if not _history_item_ok(item):
            raise SaveFormatError(
                f"history entry {number} is {shorten(item)}; expected ['answer', [labels]] or "
                "['inject', {…}]"
            )
        kind, payload = item
        try:
            if kind == "answer":
                game.answer(*payload)
            else:
                game.inject(payload)
        except _BAD_INPUT as exc:  # an illegal answer, a bad injected event, a runaway game …
            raise SaveFormatError(
                f"history entry {number} ({kind} {shorten(payload)}) cannot be replayed: {_reason(exc)}"
            ) from exc
    if fingerprint(game) != data["fingerprint"]:
        raise SaveFormatError(
            "the replayed game differs from the saved one (fingerprint mismatch): the save was made with "
            "other cards or another engine version"
        )
    return game


def _history_item_ok(item: Any) -> bool:
    if not isinstance(item, list | tuple) or len(item) != 2:
        return False
    kind, payload = item
    if kind == "answer":
        return isinstance(payload, list | tuple) and all(isinstance(label, str) for label in payload)
    return kind == "inject" and isinstance(payload, Mapping)


_BAD_INPUT = (TcgError, KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError)
"""What a recipe or history of the wrong shape can raise in a game module; all become SaveFormatError."""
MAX_SAVE = 50_000_000
"""The longest save text read, in characters."""


def _reason(exc: BaseException) -> str:
    if isinstance(exc, TcgError):
        return clip(str(exc), 400)
    return f"{type(exc).__name__}: {clip(str(exc), 200)}"


def loads(text: str | bytes, setup: Callable[[Mapping[str, Any]], Game]) -> Game:
    """Load a save from its JSON text. Every failure (not JSON, too large, nested too deeply, a number
    too long to read, a recipe or history that does not fit) is a :class:`SaveFormatError`."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFormatError(f"a save is JSON text, got a {type(text).__name__}")
    if len(text) > MAX_SAVE:
        raise SaveFormatError(f"the save is too large ({len(text)} characters; at most {MAX_SAVE})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(
            f"the save is not JSON: line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from exc
    except RecursionError as exc:
        raise SaveFormatError("the save is not a tcgrules save: its JSON is nested too deeply") from exc
    except ValueError as exc:  # a number of more than 4,300 digits; bytes that are not UTF-8
        raise SaveFormatError(f"the save is not readable JSON: {clip(str(exc).split(';')[0], 200)}") from exc
    try:
        return load(data, setup)
    except RecursionError as exc:
        raise SaveFormatError("the save is not a tcgrules save: a value is nested too deeply") from exc
