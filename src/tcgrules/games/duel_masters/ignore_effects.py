"""Effects that ignore other effects (101.2), such as a <鬼タイム> spell's
"このターン、クリーチャーがバトルゾーンを離れない効果を無視する": a static ``{ignores: not_leave}`` on
creatures (made for the turn by a ``continuous`` step); while it applies to a creature, "離れない"
prohibitions do not stop it leaving the battle zone, and a replacement of it leaving whose substitute keeps
it in the battle zone (とどまる, エスケープ, "かわりに手札を捨てる") cannot apply at all — its substitute is
not even begun (seed 000, 2020-09-18). A replacement whose substitute still moves the creature, such as
スター進化's "the top card leaves instead" (813.1), is not such an effect."""

from __future__ import annotations

from ...cards.schema import AbilitySpec, Action, Selector
from ...kernel import Event, Game
from . import characteristics as ch
from .zones import BATTLE


def not_leave_ignored(game: Game, event: Event) -> bool:
    """Is ``event`` a creature leaving the battle zone while its does-not-leave effects are ignored?"""
    if event.get("ignore_prohibitions"):
        return True
    if event.kind == "enter":
        return False
    obj = game.objects.get(event.subject) if event.subject is not None else None
    if obj is None or obj.zone[1] != BATTLE:
        return False
    return bool(ch.modified(game, obj, "ignore:not_leave", False))


MOVING_OPS = frozenset(
    {
        "destroy",
        "discard",
        "return_to_hand",
        "put_into_mana",
        "put_into_graveyard",
        "put_into_shields",
        "move",
    }
)


def keeps_subject(spec: AbilitySpec) -> bool:
    """A replacement of a creature leaving whose substitute moves none of that creature: a
    "does not leave" effect (とどまる, エスケープ, "かわりに手札を捨てる")."""
    subject_selectors = {"event_subject"} | ({"self"} if spec.subject == "self" else set())

    def moves(actions: tuple[Action, ...]) -> bool:
        for action in actions:
            if action.op in ("top_card_leaves", "cards_under_leave"):  # スター進化, G-NEO: part of it leaves
                return True
            what = action.get("what")
            if action.op in MOVING_OPS and isinstance(what, Selector) and what.kind in subject_selectors:
                return True
            for value in action.args.values():
                if isinstance(value, tuple) and value and isinstance(value[0], Action) and moves(value):
                    return True
                modes = isinstance(value, tuple) and value and isinstance(value[0], tuple)
                if modes and any(moves(mode) for mode in value):
                    return True
        return False

    return not moves(spec.instead)


def ignored_replacement(game: Game, event: Event, spec: AbilitySpec) -> bool:
    name = spec.pattern.event if spec.pattern is not None else spec.name
    return name in ("leaves", "destroyed") and not_leave_ignored(game, event) and keeps_subject(spec)
