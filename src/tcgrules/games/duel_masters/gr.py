"""超GRゾーン, GRクリーチャー and GR召喚 (see special_card_effects.py for the ``gr_summon`` step).

* 811 / 408.1: a GRクリーチャー (card type ``gr_creature``) starts the game in its owner's 超GRゾーン.
* 701.30a: GR召喚 summons the top card of your 超GRゾーン as if its cost were paid — it is a summon
  (``used`` / ``summoned`` patterns see it), from the GR zone.
* 118.1 / 811.2b: a GRクリーチャー put into any zone but the battle zone goes at once to the bottom of its
  owner's 超GRゾーン (state-based, :func:`state_based_actions`; abilities that watched it arrive there,
  「破壊された時」, still trigger).
"""

from __future__ import annotations

from ...kernel import Event, Game, Source
from . import characteristics as ch
from .zones import ABYSS, BATTLE

GR = "gr_zone"
"""超GRゾーン: a player's GR creatures, face down, in order (GR召喚 takes the top one)."""

GR_CREATURE = "gr_creature"
"""The card type of a GRクリーチャー (811)."""


def state_based_actions(game: Game) -> list[Event]:
    """118.1 / 811.2b: a GR creature anywhere but the battle zone goes to the bottom of the 超GRゾーン."""
    events = []
    for oid in sorted({game.card_object[c] for c in ch.cards_of_type(game, frozenset({GR_CREATURE}))}):
        obj = game.objects[oid]
        if (
            obj.zone[1] in (BATTLE, GR, "pending", ABYSS)
            or ch.definition(game, obj.top).main.type != GR_CREATURE
        ):
            continue
        events.append(Event("move", oid, None, Source("rule", rule="118.1"), {"to": GR, "bottom": True}))
    return events
