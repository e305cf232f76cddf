"""ルール・プラス (314) in play: it cannot exist in the battle zone (314.4).

A ルール・プラス starts in the 超次元ゾーン and is never used (314.1, 314.2; decks.py, play.py). Put into the
battle zone anyway, it goes to its owner's graveyard and from there at once back to the 超次元ゾーン — two
state-based moves, so "墓地に置かれた時" abilities see it pass (314.4: 墓地を経由して、即座に戻る).
"""

from __future__ import annotations

from ...kernel import Event, Game, Source
from . import characteristics as ch
from .zones import BATTLE, GRAVEYARD, HYPERSPATIAL

RULE_PLUS_TYPES = frozenset({"rule_plus"})


def state_based_actions(game: Game) -> list[Event]:
    """314.4: a ルール・プラス showing that side in the battle zone goes to the graveyard; one in the
    graveyard goes back to the 超次元ゾーン."""
    events = []
    # any card with a ルール・プラス side (13番目の計画 is the second side of サファイア・ミスティ's card)
    cards = ch.cards_with_face_of_type(game, RULE_PLUS_TYPES)
    for oid in sorted({game.card_object[c] for c in cards}):
        obj = game.objects[oid]
        zone = obj.zone[1]
        if zone == BATTLE and ch.face(game, obj).type == "rule_plus":
            events.append(Event("move", oid, None, Source("rule", rule="314.4"), {"to": GRAVEYARD}))
        elif zone == GRAVEYARD and obj.top in cards:
            events.append(Event("move", oid, None, Source("rule", rule="314.4"), {"to": HYPERSPATIAL}))
    return events
