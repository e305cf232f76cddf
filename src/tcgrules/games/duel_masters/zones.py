"""Duel Masters zone names (400–408) and small helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...kernel import Effect, Game, GameObject, Happened

DECK = "deck"  # 山札 (401)
HAND = "hand"  # 手札 (402)
BATTLE = "battle_zone"  # バトルゾーン (403)
GRAVEYARD = "graveyard"  # 墓地 (404)
MANA = "mana_zone"  # マナゾーン (405)
SHIELDS = "shield_zone"  # シールドゾーン (406)
HYPERSPATIAL = "hyperspatial"  # 超次元ゾーン (407)
PENDING = "pending"  # 保留状態 (409): a spell being cast
ABYSS = "abyss_zone"  # 深淵ゾーン (410): a card put there never leaves it (410.4)

ZONES = (DECK, HAND, BATTLE, GRAVEYARD, MANA, SHIELDS, HYPERSPATIAL, PENDING, ABYSS)
PUBLIC = frozenset({BATTLE, GRAVEYARD, MANA, ABYSS})

ZONE_NAMES_JA = {
    DECK: "山札",
    HAND: "手札",
    BATTLE: "バトルゾーン",
    GRAVEYARD: "墓地",
    MANA: "マナゾーン",
    SHIELDS: "シールドゾーン",
    HYPERSPATIAL: "超次元ゾーン",
    PENDING: "保留状態",
    ABYSS: "深淵ゾーン",
}


def other(player: int) -> int:
    return 1 - player


def arrived_with(game: Game, effect: Effect, happened: Happened, own_arrival: bool = True) -> bool:
    """110.4g: an ability that works in a zone other than the battle zone functions while its card is in
    that zone — so it does not see the other events of the batch that put its card there (a graveyard
    ability of a creature destroyed together with the creature it watches). With ``own_arrival``, its
    card's own arrival is still seen (603.5: "このカードが墓地に置かれた時")."""
    host = effect.host
    if host is None or host not in game.arrivals:
        return False
    obj = game.objects.get(host)
    if obj is None or obj.zone[1] == BATTLE:
        return False
    return not (own_arrival and effect.source.card in happened.cards)


def looks_back_beyond_itself(game: Game, effect: Effect, happened: Happened) -> bool:
    """603.5d: an ability of a card that left the battle zone in this batch looks back in time (603.5c)
    only for that card itself: the other creatures that left with it are not seen (two creatures and a
    "クリーチャーが破壊された時" creature all destroyed: it triggers once, for itself)."""
    host = effect.host
    if host is None or host in game.objects or happened.old == host:
        return False
    card = effect.source.card
    return card not in happened.cards and card not in happened.get("returned", ())


def triggered_on_new_object(game: Game, effect: Effect, happened: Happened) -> bool:
    """603.5a / 603.5c: one event triggers one ability of one card at most once. An ability that works in
    both the zone its card left and the zone it went to (「…シールドゾーンに置かれた時、またはバトルゾーンに
    出た時」 on a card summoned from the shield zone) has an instance on the old object, kept to look back in
    time, and one on the card's new object. The new object's instance sees the move from where the card is
    now (603.5a: the card that just entered checks its own abilities) and is collected first; when it has
    triggered on ``happened``, the old instance does not trigger again. When it has not (its pattern is
    about leaving, which only the past state shows), the old instance still looks back (603.5c)."""
    host = effect.host
    new = happened.new
    if host is None or happened.old != host or new is None or new == host or host in game.objects:
        return False
    ability = effect.ability
    if not any(e.ability == ability for e in game.effects.hosted(new)):
        return False  # the ability does not work where its card went (the usual leave trigger): look back
    return any(
        w.happened is happened and w.effect.host == new and w.effect.ability == ability for w in game.waiting
    )


HELD = "pending_use"
"""``GameObject.state`` key: a card being used that stays in its zone until it moves (409.1a 保留状態)."""


def is_held(obj: GameObject) -> bool:
    """409.1c: a pending card still belongs to its zone but is not counted among the cards there."""
    return bool(obj.state.get(HELD))


HELD_OBJECTS = "held_objects"
"""``game.info`` key: the ids of the objects made pending since the last look (:func:`hold`,
:func:`held_objects`) — so that what looks for held cards at the end of a turn (512.1) looks at those."""


def hold(game: Game, obj: GameObject) -> None:
    """601.1b / 409.1a: the card is pending from the declaration until it moves."""
    obj.state[HELD] = True
    game.info[HELD_OBJECTS] = game.info.get(HELD_OBJECTS, frozenset()) | {obj.oid}


def held_objects(game: Game) -> list[GameObject]:
    """The objects still pending (409.1c) — a held object that moved is a new object, not held."""
    oids = game.info.get(HELD_OBJECTS)
    if not oids:
        return []
    objects = game.objects
    held = [objects[oid] for oid in oids if oid in objects and is_held(objects[oid])]
    game.info[HELD_OBJECTS] = frozenset(o.oid for o in held)
    return held


WAITING = "waiting"
"""``GameObject.state`` key of a broken shield while declarations are made (113.6a 待機状態)."""
COPIED = "copy_of"
"""``GameObject.state`` key of a creature that copies a card until the end of the turn (copies.py): that
card's id, whose creature face it shows."""
BREAKING = "breaking_source"
"""``GameObject.state`` key of a waiting broken shield (113.6a): the ``Source`` of its break (701.14), which
the filter ``broken_by`` reads before the break is performed and recorded."""


def is_waiting(obj: GameObject) -> bool:
    """113.6a: a shield waiting to go to the hand is in the shield zone but is counted neither as a shield
    nor as a card there."""
    return bool(obj.state.get(WAITING))
