"""Fields (フィールド, 308) and D2 fields (Ｄ２フィールド, 204.3c, 703.4l).

* 308.1 / 701.27a: in their main step the turn player deploys (展開) a field from the hand, paying its cost
  (main-step option ``deploy:cID``); an effect may deploy one for free (S・トリガー: 「コストを支払わずにすぐ
  展開してもよい」).
* 308.2: a deployed field enters the battle zone (an ``enter`` event, ``how: deploy``), where it exists alone
  and its abilities work; 「出た時」 patterns see it.
* 703.4l: when another D2 field enters the battle zone, the D2 field that was there before goes to its owner's
  graveyard (state-based: of the D2 fields in the battle zone, only the one that entered last stays).

Card types: ``field`` and ``d2_field`` (a field with the special type D2); a filter's ``type: field`` matches
both. Not modelled: a field's upside-down position and Ｄスイッチ (105.5, 308.3, 701.28), fields placed at the
start of the game (308.4), WD fields (819) and the forbidden fields of 309.
"""

from __future__ import annotations

from ...cards.schema import Face
from ...kernel import Event, Game, Source
from . import characteristics as ch
from .zones import BATTLE, GRAVEYARD

FIELD_TYPES = frozenset({"field", "d2_field"})
D2 = "d2_field"


def is_field(f: Face) -> bool:
    return f.type in FIELD_TYPES


def state_based_actions(game: Game) -> list[Event]:
    """703.4l: of the D2 fields in the battle zone, the one that entered last stays; the others go to their
    owners' graveyards. Object ids grow as objects are made, so the newest object entered last."""
    d2 = [
        game.objects[game.card_object[cid]]
        for cid in ch.cards_of_type(game, frozenset({D2}))
        if game.objects[game.card_object[cid]].zone[1] == BATTLE
    ]
    d2 = [o for o in d2 if not o.face_down and ch.face(game, o).type == D2]
    if len(d2) < 2:
        return []
    newest = max(o.oid for o in d2)
    source = Source("rule", rule="703.4l")
    return [Event("move", o.oid, None, source, {"to": GRAVEYARD}) for o in d2 if o.oid != newest]
