"""ドリーム (817): the special type of a card of the rarity ドリームレア (DMR).

* 817.1: a card whose rarity is DMR has the special type ドリーム.
* 817.2: while a dream element of a player is in the battle zone, that player cannot put an element of the
  same name into the battle zone: it is not offered for summoning from the hand, and an effect that would put
  it there leaves it where it is.
* 817.3: if two of them end up there anyway, both stay (nothing removes one); a sealed one is not there
  (116.2a), so another of its name may be put.
"""

from __future__ import annotations

from ...kernel import Game
from . import characteristics as ch
from . import seals
from .zones import BATTLE

DREAM_RARITY = "DMR"


def is_dream(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).rarity == DREAM_RARITY


def blocked(game: Game, player: int, cid: int) -> bool:
    """817.2: ``player`` owns a dream element named as card ``cid`` in the battle zone."""
    if not is_dream(game, cid):
        return False  # a name is one card's: only a dream card shares its name with a dream card
    name = ch.definition(game, cid).main.name
    for obj in game.objects_in((player, BATTLE)):
        top = obj.top
        if obj.face_down or top == cid or game.cards[top].owner != player or not is_dream(game, top):
            continue
        if seals.is_ignored_creature(game, obj):
            continue  # 116.2a / 817.3: a sealed one is treated as not there
        f = ch.face(game, obj)
        if (f.is_element or f.type == "field") and f.name == name:
            return True
    return False
