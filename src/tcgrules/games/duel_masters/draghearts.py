"""Draghearts (ドラグハート): where they live, equipment, 龍解 (see special_card_effects.py for the actions).

A dragheart starts the game in the 超次元ゾーン. A dragheart weapon put into the battle zone is its own
object there, *equipped* to a creature (not a card under it); the equipment is kept in
``game.info[EQUIPS]`` (weapon card → creature object) and ends when either leaves. A dragheart put anywhere
but the battle zone, or a weapon whose creature has left, goes back to the 超次元ゾーン (state-based,
:func:`state_based_actions`; the card's reminder text). 龍解 turns a weapon over to its creature side,
keeping its position (807.1a; a card's 「…裏返し、アンタップする」 untaps it by a step of its own): the second
face is then what it shows (characteristics.face) and only that face's abilities work.
"""

from __future__ import annotations

from ...kernel import Event, Game, GameObject, Happened, Source
from . import characteristics as ch
from .zones import ABYSS, BATTLE, HYPERSPATIAL

EQUIPS = "dragheart_equips"
"""``game.info`` key: weapon card id → the object id of the creature it is equipped to."""
RYUKAI = "ryukai"
"""Object state: a dragheart turned over to its creature side."""


DRAGHEART_TYPES = frozenset({"dragheart_weapon", "dragheart_fortress"})
"""A dragheart's first side: a weapon (305) or a fortress (306); the other is its creature side (807.1)."""


def is_dragheart(game: Game, cid: int) -> bool:
    return ch.definition(game, cid).main.type in DRAGHEART_TYPES


def equip(game: Game, weapon_cid: int, creature_oid: int) -> None:
    game.info[EQUIPS] = {**game.info.get(EQUIPS, {}), weapon_cid: creature_oid}


def equipped_to(game: Game, weapon_oid: int | None) -> int | None:
    """The creature the weapon object is equipped to, while both are in the battle zone."""
    weapon = game.objects.get(weapon_oid) if weapon_oid is not None else None
    if weapon is None or weapon.zone[1] != BATTLE or weapon.state.get(RYUKAI):
        return None
    creature = game.objects.get(game.info.get(EQUIPS, {}).get(weapon.top, -1))
    return creature.oid if creature is not None and creature.zone[1] == BATTLE else None


def perform_ryukai(game: Game, event: Event) -> Happened | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE or obj.state.get(RYUKAI):
        return None
    obj.state[RYUKAI] = (
        True  # 807.1a: its position does not change (a card's 「アンタップする」 is a step of its own)
    )
    game.info[EQUIPS] = {k: v for k, v in game.info.get(EQUIPS, {}).items() if k != obj.top}
    game.effects.remove_host(obj.oid)
    register_face(game, obj)
    return Happened(event, tuple(obj.cards), obj.oid, obj.oid, {"to": BATTLE})


def register_face(game: Game, obj: GameObject) -> bool:
    """A dragheart's abilities are those of the side it shows; ``False`` for any other card."""
    if not is_dragheart(game, obj.top):
        return False
    from .abilities import register_shown_face

    register_shown_face(game, obj, obj.zone[1])
    return True


def state_based_actions(game: Game) -> list[Event]:
    """A dragheart put anywhere but the battle zone, or a weapon alone in the battle zone (its creature has
    left, or it was put there with none: 117.2), goes back to its owner's 超次元ゾーン (reminder text:
    "ドラグハートまたはそれを装備したクリーチャーが離れた場合、そこに戻す")."""
    events = []
    equips = game.info.get(EQUIPS, {})
    for oid in sorted({game.card_object[c] for c in ch.cards_of_type(game, DRAGHEART_TYPES)}):
        obj = game.objects[oid]
        zone = obj.zone[1]
        if zone in (HYPERSPATIAL, "pending", ABYSS) or not is_dragheart(
            game, obj.top
        ):  # 410.4: never out of the 深淵ゾーン
            continue
        # 117.2, 305.3: a weapon cannot exist alone in the battle zone — one whose creature left, or one an
        # effect put there with no creature to equip (公式Q&A 2022-10-28, qa/42359)
        alone = (
            zone == BATTLE
            and not obj.state.get(RYUKAI)
            and equipped_to(game, oid) is None
            and ch.face(game, obj).type == "dragheart_weapon"
        )
        if zone != BATTLE or alone:
            source = Source("rule", rule="117.2") if alone else Source("rule")
            events.append(Event("move", oid, None, source, {"to": HYPERSPATIAL}))
    if events:
        game.info[EQUIPS] = {k: v for k, v in equips.items() if equipped_to(game, game.card_object.get(k))}
    return events


PERFORMERS = {"ryukai": perform_ryukai}
