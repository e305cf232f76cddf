"""Cards of a deck being looked at (605.4): while an effect looks at (見る) or reveals (表向きにする) cards of
a deck and uses them, those cards still belong to the deck but are not affected by other effects.

The ``look`` and ``reveal_until`` steps set the deck cards they show aside for the effect that showed them
(``game.info[LOOKED]``: pairs of the card whose effect looks and the object looked at) until the frame
that ran the step finishes. Meanwhile an effect of any other card does not see them: a draw takes the top
card that is not set aside, and deck selectors (``top: N``, ``mill``, ``charge``) skip them — so a spell
cast from among five looked-at cards that draws two draws the sixth and seventh (605.4's example). What
was already applying to them keeps applying (605.4a): nothing is removed from them.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...kernel import Game

LOOKED = "looked_at"
"""``game.info`` key: ``((card whose effect looks, object id), …)``."""


def set_aside(game: Game, card: int | None, oids: Iterable[int]) -> None:
    pairs = tuple(game.info.get(LOOKED, ()))
    game.info[LOOKED] = (*pairs, *((card, oid) for oid in oids))


def release(game: Game, card: int | None, oids: Iterable[int]) -> None:
    done = {(card, oid) for oid in oids}
    left = tuple(p for p in game.info.get(LOOKED, ()) if tuple(p) not in done)
    if left:
        game.info[LOOKED] = left
    else:
        game.info.pop(LOOKED, None)


def hidden_from(game: Game, card: int | None) -> frozenset[int]:
    """The deck objects another card's effect is looking at: not affected by ``card``'s effects (605.4)."""
    return frozenset(oid for owner, oid in game.info.get(LOOKED, ()) if owner != card)


def deck_for(game: Game, deck: list[int], card: int | None) -> list[int]:
    """``deck`` (a zone list, the top last) as an effect of ``card`` sees it: without what others look at."""
    hidden = hidden_from(game, card) if LOOKED in game.info else frozenset()
    return [oid for oid in deck if oid not in hidden] if hidden else deck
