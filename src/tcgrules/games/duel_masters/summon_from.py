"""Permissions to summon from another zone: the player property ``summon_from``.

「自分のターン中、進化クリーチャーを1体、自分の墓地から召喚してもよい」,
「自分のターン中、クリーチャーを1体、自分のマナゾーンから召喚してもよい」: while the static applies to a
player, in their main step they may summon one card of theirs that the filter describes from that zone, paying
its cost — once a turn for each such ability (「1体」), or as often as they like with ``any_number`` (the text
says no number). With ``any_turn`` (「各ターンに一度、自分の墓地からドラゴン・クリーチャーを1体召喚して
もよい」) the permission is also drawn on whenever an effect lets the player summon a card from their hand,
in any turn: the card may be taken from that zone instead (the wiki, on such a card: 「墓地召喚は…召喚
扱いのコスト踏み倒しにも適用され、相手ターン中にも行える」), one such summon a turn all the same. The summon
is an ordinary one (701.3, 601.1): costs, civilizations, evolution bases and prohibitions apply as from the
hand; a card in the mana zone may be tapped
to pay for itself (601.1c). With ``free_if: FILTER`` (「それがディスタスならコストを支払わずに召喚する」) a
card that filter describes too is summoned by the permission without paying its cost (112.3g: still a
summon); an effect's summon that takes the card (``any_turn``) is free or paid as the effect says.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...cards.schema import Filter, Selector
from ...kernel import MODIFIER, Effect, Game, GameObject, Option
from . import characteristics as ch
from .abilities import PlayerRule, player_rules
from .language.scope import effect_scope
from .language.selectors import fits
from .objects import needs_no_base
from .play import evolution_bases, playable_faces

USED = "summon_from_used"
"""Game state: ``(turn, effect ids)`` of the permissions used this turn."""


def permissions(game: Game, player: int) -> list[tuple[Effect, str, Any]]:
    """The ``summon_from`` permissions that apply to ``player`` and have not been used this turn."""

    turn, used = game.info.get(USED, (None, ()))
    spent = set(used) if turn == game.turn else set()
    return [
        (effect, value["zone"], value["what"])
        for effect, value in player_rules(game, player, "summon_from")
        if effect.eid not in spent
    ]


def allowing(game: Game, player: int, obj: GameObject) -> Effect | None:
    """The first unused permission that lets ``player`` summon ``obj`` from where it is."""

    for effect, zone, flt in permissions(game, player):
        if obj.zone == (player, zone) and fits(game, obj, flt, effect_scope(game, effect)):
            return effect
    return None


def free(game: Game, effect: Effect, obj: GameObject) -> bool:
    """Does the permission ``effect`` summon ``obj`` without paying (``free_if``: 「それが…ならコストを
    支払わずに召喚する」)?"""
    rule = effect.ability
    flt = rule.spec.params["value"].get("free_if") if isinstance(rule, PlayerRule) else None
    return flt is not None and fits(game, obj, flt, effect_scope(game, effect))


def spend(game: Game, effect: Effect) -> None:
    """Mark the permission used this turn (「1体」); one with ``any_number`` (no 「1体」: 「自分の墓地から
    アビス・クリーチャーを召喚してもよい」) is never used up."""
    rule = effect.ability
    if isinstance(rule, PlayerRule) and rule.spec.params["value"].get("any_number"):
        return
    turn, used = game.info.get(USED, (None, ()))
    game.info[USED] = (game.turn, (*(used if turn == game.turn else ()), effect.eid))


def candidates(game: Game, player: int) -> list[GameObject]:
    """The cards of ``player`` some unused permission lets them summon now (not those in the hand)."""
    zones = {zone for _, zone, _ in permissions(game, player)}
    return [
        obj
        for zone in sorted(zones)
        for obj in game.objects_in((player, zone))
        if ch.definition(game, obj.top).main.is_creature and allowing(game, player, obj) is not None
    ]


def options(game: Game, player: int, pool: Any) -> list[Option]:
    """Main-step options: summon (or evolve) such a card, paying its cost."""

    out: list[Option] = []
    for obj in candidates(game, player):
        d = ch.definition(game, obj.top)
        zone = obj.zone[1]
        permission = allowing(game, player, obj)
        gratis = permission is not None and free(game, permission, obj)
        for i in playable_faces(game, obj, pool=pool, free=gratis):
            f = d.faces[i]
            suffix = f":{i}" if i else ""
            if f.is_evolution and not needs_no_base(f):
                out += [
                    Option(
                        f"evolve:c{obj.top}:c{base.top}",
                        f"evolve {f.name} from the {zone} onto {game.name(base.top)}",
                    )
                    for base in evolution_bases(game, player, obj.top)
                ]
            elif f.is_creature:
                out.append(
                    Option(
                        f"summon:c{obj.top}{suffix}",
                        f"summon {f.name} from the {zone} ({'free' if gratis else f.cost})",
                    )
                )
    return out


HAND = "hand"


def widened(game: Game, player: int, sel: Selector) -> Selector:
    """The cards an effect's summon from the hand (a ``use`` step choosing ``player``'s cards in the hand)
    may take, with the cards of ``player``'s unused ``any_turn`` permissions added: a creature of that zone
    that both the effect's filter and the permission's describe (各ターンに一度…召喚してもよい). ``sel``
    itself where no such permission applies (one index look-up in a game without any)."""
    if not game.effects.has(MODIFIER, "player:summon_from") or sel.kind != "choose" or sel.owner != "you":
        return sel
    own = sel.zones or ((sel.zone,) if sel.zone else ())
    if own != (HAND,):
        return sel
    extra = [
        Filter(in_zone=(zone,), all_of=(sel.filter, flt), type="creature", v2=True)
        for effect, zone, flt in permissions(game, player)
        if _any_turn(effect)
    ]
    if not extra:
        return sel
    zones = tuple(dict.fromkeys((HAND, *(f.in_zone[0] for f in extra))))
    either = Filter(any_of=(Filter(in_zone=(HAND,), all_of=(sel.filter,), v2=True), *extra), v2=True)
    return replace(sel, zone=HAND, zones=zones, filter=either)


def spend_taken(game: Game, player: int, obj: GameObject) -> None:
    """A card an effect's summon took from another zone than the hand (:func:`widened`) uses up the
    ``any_turn`` permission that let it (「1体」)."""
    if obj.zone[1] == HAND:
        return
    for effect, zone, flt in permissions(game, player):
        if not _any_turn(effect) or obj.zone != (player, zone):
            continue
        if fits(game, obj, flt, effect_scope(game, effect)):
            spend(game, effect)
            return


def _any_turn(effect: Effect) -> bool:
    rule = effect.ability
    return isinstance(rule, PlayerRule) and bool(rule.spec.params["value"].get("any_turn"))
