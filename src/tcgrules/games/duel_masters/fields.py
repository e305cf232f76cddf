"""Fields (フィールド, 308) and D2 fields (Ｄ２フィールド, 204.3c, 703.4l).

* 308.1 / 701.27a: in their main step the turn player deploys (展開) a field from the hand, paying its cost
  (main-step option ``deploy:cID``); an effect may deploy one for free (S・トリガー: 「コストを支払わずにすぐ
  展開してもよい」).
* 308.2: a deployed field enters the battle zone (an ``enter`` event, ``how: deploy``), where it exists alone
  and its abilities work; 「出た時」 patterns see it.
* 703.4l: when another D2 field enters the battle zone, the D2 field that was there before goes to its owner's
  graveyard (state-based: of the D2 fields in the battle zone, only the one that entered last stays).

* 105.5 / 308.3 / 701.28a: the ``turn_upside_down`` step turns a field upside down (Ｄスイッチ's
  「このD2フィールドをゲーム中で一度上下逆さまにしてもよい」); a field already upside down cannot be turned
  again, so Ｄスイッチ works once a game. Upside down is then its untapped position (nothing else changes).

* 819.1 / 819.1a / 819.1b: a WD field is a card of two fields (``faces:``, both ``type: wd_field``); deployed
  from either side (``deploy:cID:1`` for the second), it enters with that side upright, and in the battle zone
  only that side counts (its abilities are those of that side). Turned upside down
  (「このフィールドを《X》側にする」, ``turn_upside_down``) the other side is upright, as often as it is told.

Card types: ``field``, ``d2_field`` (a field with the special type D2) and ``wd_field``; a filter's
``type: field`` matches all three (and a 最終禁断フィールド, placed at the start of the game: 308.4,
final_forbidden.py). Not modelled: the side an effect that puts a WD field into the battle zone chooses
(819.1a: the first side) and the side a rebuild leaves (819.1c).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, Face
from ...kernel import Event, Game, Happened, Source
from . import actions as A
from . import characteristics as ch
from .abilities import register_shown_face
from .zones import BATTLE, GRAVEYARD

FIELD_TYPES = frozenset({"field", "d2_field", "wd_field"})
D2 = "d2_field"
UPSIDE_DOWN = "upside_down"
"""Object state: a field turned upside down (701.28a)."""
WD = "wd_field"
SIDE = "wd_side"
"""Object state of a WD field in the battle zone: the index of its upright side (819.1b)."""


def is_wd(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).main.type == WD


def register(game: Game, obj: Any) -> bool:
    """819.1b: a WD field in the battle zone has the abilities of its upright side only."""
    if obj.zone[1] != BATTLE or not is_wd(game, obj.top):
        return False

    register_shown_face(game, obj)
    return True


def set_side(game: Game, obj: Any, side: int) -> None:
    """819.1a: the side it was used from is upright; its abilities are that side's."""
    if not is_wd(game, obj.top) or int(obj.state.get(SIDE, 0)) == side:
        return
    obj.state[SIDE] = side
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)


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


def upside_down_step(frame: Any, game: Game, action: Action) -> int:
    """``turn_upside_down: SEL`` — 上下逆さまにする (701.28a)."""

    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return A._ASKED
    events = [Event("upside_down", o, frame.ctx.controller, frame.ctx.source) for o in picked]
    return int(frame.emit(game, events))


def perform_upside_down(game: Game, event: Event) -> Happened | None:
    """701.28a: only a field, and only one that is not upside down yet (Ｄスイッチ: once a game); a WD field
    turned upside down shows its other side (819.1b), as often as it is turned."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE or not is_field(ch.face(game, obj)):
        return None
    if is_wd(game, obj.top):
        set_side(game, obj, 1 - int(obj.state.get(SIDE, 0)))
        return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})
    if obj.state.get(UPSIDE_DOWN):
        return None
    obj.state[UPSIDE_DOWN] = True
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"controller": obj.controller})


PERFORMERS = {"upside_down": perform_upside_down}
HANDLERS = {"turn_upside_down": upside_down_step}
