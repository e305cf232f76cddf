"""Permissions to summon from another zone: the player property ``summon_from``.

「自分のターン中、進化クリーチャーを1体、自分の墓地から召喚してもよい」,
「自分のターン中、クリーチャーを1体、自分のマナゾーンから召喚してもよい」: while the static applies to a
player, in their main step they may summon one card of theirs that the filter describes from that zone, paying
its cost — once a turn for each such ability (「1体」), or as often as they like with ``any_number`` (the text
says no number). The summon is an ordinary one (701.3, 601.1): costs,
civilizations, evolution bases and prohibitions apply as from the hand; a card in the mana zone may be tapped
to pay for itself (601.1c).
"""

from __future__ import annotations

from typing import Any

from ...kernel import Effect, Game, GameObject, Option
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
        for i in playable_faces(game, obj, pool=pool):
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
                    Option(f"summon:c{obj.top}{suffix}", f"summon {f.name} from the {zone} ({f.cost})")
                )
    return out
