"""A heuristic evaluation of a Duel Masters position, for search cut-offs (the ISMCTS agent).

Only what the evaluating player may know enters it: counts of every zone (public), and the battle zone and
mana zone (public). The hand is counted, not looked at. A position is scored per player as

    shields·W_SHIELDS + creatures·W_CREATURE + power/1000·W_POWER + blockers·W_BLOCKER
    + min(mana, MANA_CAP)·W_MANA + hand·W_HAND

and the evaluation is the logistic of the difference of the two scores over ``SCALE``: 0.5 for even, near
1 for a position the player is far ahead in. A finished game is 1 (won), 0 (lost) or 0.5 (a draw). An
attack at a player without shields wins the game, so a player whose opponent has no shields left and who
has an untapped creature that can attack on their own turn is scored as nearly won.
"""

from __future__ import annotations

import math

from ..games.duel_masters import characteristics as ch
from ..games.duel_masters.zones import BATTLE, HAND, MANA, SHIELDS
from ..kernel import Game

W_SHIELDS = 1.0
W_CREATURE = 0.7
W_POWER = 0.12
W_BLOCKER = 0.3
W_MANA = 0.35
W_HAND = 0.25
MANA_CAP = 7
SCALE = 2.5


def player_score(game: Game, player: int) -> float:
    """The material of ``player``: shields, creatures and their power, blockers, mana, cards in hand."""
    shields = len(game.zones.get((player, SHIELDS), ()))
    mana = len(game.zones.get((player, MANA), ()))
    hand = len(game.zones.get((player, HAND), ()))
    creatures = blockers = 0
    power = 0
    for oid in game.zones.get((player, BATTLE), ()):
        obj = game.objects[oid]
        if not ch.face(game, obj).is_creature:
            continue
        creatures += 1
        power += max(0, ch.power(game, obj))
        if ch.flag(game, obj, "can_block"):
            blockers += 1
    return (
        shields * W_SHIELDS
        + creatures * W_CREATURE
        + power / 1000 * W_POWER
        + blockers * W_BLOCKER
        + min(mana, MANA_CAP) * W_MANA
        + hand * W_HAND
    )


def _lethal(game: Game, player: int) -> bool:
    """``player``'s opponent has no shields and ``player`` has a creature ready to attack them."""
    opponent = 1 - player
    if game.zones.get((opponent, SHIELDS)):
        return False
    for oid in game.zones.get((player, BATTLE), ()):
        obj = game.objects[oid]
        if not obj.tapped and ch.face(game, obj).is_creature:
            return True
    return False


def evaluate(game: Game, player: int) -> float:
    """How good the position is for ``player``, between 0 (lost) and 1 (won)."""
    result = game.result
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner == player else 0.0
    opponent = 1 - player
    diff = player_score(game, player) - player_score(game, opponent)
    if _lethal(game, player):
        diff += 6.0 if game.active_player == player else 3.0
    if _lethal(game, opponent):
        diff -= 6.0 if game.active_player == opponent else 3.0
    return 1.0 / (1.0 + math.exp(-diff / SCALE))
