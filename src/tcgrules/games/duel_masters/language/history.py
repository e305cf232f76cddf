"""The game's record of what happened, for conditions and quantities that read it ("このターン、…していれば").

Every performed event is appended to two persistent lists kept in ``game.info``: this turn's and the whole
game's. Each list is a chain of immutable ``(happened, previous)`` pairs, so appending costs O(1) and a
``copy()`` of the game shares the chain safely.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....kernel import Game, Happened

TURN = "history_turn"
GAME = "history_game"

Chain = tuple[Happened, Any] | None


def record(game: Game, happened: Happened) -> None:
    if happened.kind == "turn_start":
        game.info[TURN] = None
    game.info[TURN] = (happened, game.info.get(TURN))
    game.info[GAME] = (happened, game.info.get(GAME))


def events(game: Game, during: str) -> Iterator[Happened]:
    """What happened this turn (``this_turn``) or this game (``this_game``), newest first."""
    chain: Chain = game.info.get(TURN if during == "this_turn" else GAME)
    while chain is not None:
        yield chain[0]
        chain = chain[1]
