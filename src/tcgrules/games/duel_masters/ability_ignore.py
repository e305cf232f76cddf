"""Ignoring abilities (能力を無視する), seed 004 オブジェクト (ルール: a characteristic is not an ability).

An effect may make a creature's abilities all ignored: its own registered abilities (triggers, statics such as
ブロッカー, replacement effects and prohibitions from its text) stop working while the flag
``abilities_ignored`` applies to it. Its characteristics are not abilities, so it is still a creature, with
its power, civilizations and races (seed 004: 「クリーチャーであることは能力ではなく特性だから」).
"""

from __future__ import annotations

from ...cards.schema import AbilitySpec
from ...kernel import Effect, Game, GameObject, Happened
from . import characteristics as ch
from . import seals
from .seals import is_ignored_creature
from .zones import BATTLE

IGNORED = "abilities_ignored"


def is_ignored(game: Game, effect: Effect) -> bool:
    """Is ``effect`` an ability of its host's own cards while that object's abilities are ignored?"""
    if effect.host is None:
        return False
    host = game.objects.get(effect.host)
    if host is None or effect.source.card not in host.cards:
        return False
    if seals.is_ignored_creature(game, host):
        return True  # 116.2a: a sealed creature has no abilities
    spec = getattr(effect.ability, "spec", None)
    if isinstance(spec, AbilitySpec) and spec.kind_rule:
        return False  # 813.1: a kind's rule (スター進化), not an ability to ignore (Q&A 2021-06-25)
    return ch.flag(game, host, IGNORED, via_keywords=False)


def abilities_ignored(game: Game, obj_id: int) -> bool:
    """Are all the abilities of object ``obj_id`` ignored (能力を無視する, or a seal: 116.2a)? Then a keyword
    an effect gave it (「…を得る」) is ignored too: a given ability is one of its abilities (110.1; Q&A
    2022-06-24) — unlike an effect that only changes it (パワー+N), whose source is another card."""
    obj = game.objects.get(obj_id)
    if obj is None:
        return False

    return is_ignored_creature(game, obj) or ch.flag(game, obj, IGNORED, via_keywords=False)


def ignored_as_left(game: Game, obj: GameObject) -> dict[str, bool]:
    """For the last-known information of ``obj`` leaving the battle zone (perform.py ``last_known``): that
    its abilities were ignored as it left (603.5c), or nothing (cheap: a flag and the seals are indexed)."""
    if obj.zone[1] == BATTLE and abilities_ignored(game, obj.oid):
        return {IGNORED: True}
    return {}


def looked_back_ignored(effect: Effect, happened: Happened) -> bool:
    """603.5c: an ability of an object that left the battle zone, triggering on that leaving, looks back at
    the object as it was just before — if its abilities were ignored then (能力を無視する, a seal), it does
    not trigger (「破壊された時」 of a creature whose abilities were ignored; Q&A qa/40024 via the Wiki
    page 「このカードがどこからでも墓地に置かれた時」). An ability of the card in its new zone does not
    look back."""
    if effect.host is None or happened.old != effect.host or happened.get("from") != BATTLE:
        return False
    lki = happened.get("lki")
    return bool(lki) and bool(lki.get(IGNORED))
