"""Extra turns and added races (seed 004 その他: the units of counting follow the text).

「体」 counts creatures and 「枚」 counts cards: the card language says which with its quantities (a ``count``
of ``type: creature`` objects, or ``count_cards``), so a cross gear another card made a phoenix (a static
``race`` property) is counted in 枚 but not in 体. ``extra_turn: {count: Q}`` (language/effects.py) adds the
turns; this module keeps how many a player has left and takes them after the current turn.
"""

from __future__ import annotations

from ...kernel import Game

EXTRA_TURNS = "extra_turns"
IN_EXTRA_TURN = "in_extra_turn"
"""``game.info`` key: the current turn is an extra turn (追加ターン中)."""


def take_extra_turn(game: Game) -> bool:
    """At the end of a turn: does its player take an extra turn now? (Uses one up, and marks the next turn
    as an extra turn, 追加ターン.)"""
    info = game.players_info[game.active_player]
    left = int(info.get(EXTRA_TURNS, 0))
    game.info[IN_EXTRA_TURN] = left > 0
    if left <= 0:
        return False
    info[EXTRA_TURNS] = left - 1
    game.record("rule", f"{game.pname(game.active_player)} takes an extra turn")
    return True


def add_race(races: tuple[str, ...], race: str) -> tuple[str, ...]:
    return races if race in races else (*races, race)
