"""Special wins (104.2c) and why a player would lose.

A card that makes its player win "instead of losing" ("ゲームに負ける時、かわりに勝つ") is a replacement of
the ``lose`` event by a ``win`` event. Being a replacement, its substitute is never replaced again (101.5):
the opponent's "when you would lose, instead…" (鬼S-MAX進化) cannot stop that win (seed 000, 2022-06-24).

The deck-out loss (104.2b) is checked as a state-based action; ``deck_left_by`` (set when a card leaves a
deck) tells whether the last card left by being drawn.
"""

from __future__ import annotations

from ...kernel import Event, Game, Happened
from .zones import other


def perform_win(game: Game, event: Event) -> Happened | None:
    """104.2c: the player wins at once (even if a loss condition holds at the same time)."""
    assert event.player is not None
    winner = event.player
    game.end(winner, (other(winner),), "104.2c", f"{game.pname(winner)} wins by a card's effect (104.2c)")
    return Happened(event)


def loss_matches(game: Game, event: Event, loss: str) -> bool:
    """A ``loses_game`` pattern's ``reason``: ``deck_out`` — the loss is 104.2b; ``deck_out_by_draw`` — and
    the last card was drawn."""
    if event.get("rule") != "104.2b" or event.player is None:
        return False
    return loss == "deck_out" or game.players_info[event.player].get("deck_left_by") == "draw"


PERFORMERS = {"win": perform_win}
