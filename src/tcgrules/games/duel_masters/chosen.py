"""Being chosen as an event (選ばれた時 / 「相手がこのクリーチャーを選ぶ時」): the pattern event ``chosen``.

A player choosing objects of the battle zone with a ``choose`` selector (…を選ぶ, 605.2b; the wiki's
「選ぶ」: a choice among another zone's cards is not what these abilities mean) makes one ``chosen``
event per object chosen, about that object, with the chooser as its player and the choosing effect's
source as its source — so ``{event: chosen, player: opponent, by: [...]}`` is
「相手の呪文の効果またはカードの能力によって、相手がこのクリーチャーを選ぶ時」. The triggered abilities it
makes wait and resolve as any other (the wiki's 「選ばれた時」: 選ばれて即座に誘発するわけではない), so the
effect that chose goes on first. What is not a choice makes none (the same page): an attack or a block,
「すべて」 (605.2b: not choosing), a choice the creature's own controller makes (選ばせ除去 — the pattern's
``player`` says whose choice it must be).

The events are made only while a triggered ability watches ``chosen`` (one index look-up per choice), and
they are not performed: nothing changes, the triggers see the choice as it is made (the chosen objects are
still where they were).
"""

from __future__ import annotations

from ...kernel import TRIGGER, Event, Game, Happened, Source
from ...kernel.pipeline import collect_triggers
from .zones import BATTLE

CHOSEN = "chosen"


def announce_chosen(game: Game, chooser: int, source: Source, picked: tuple[int, ...]) -> None:
    """Trigger the abilities that watch these objects being chosen by ``chooser`` (a ``choose`` selector's
    result, 605.2b)."""
    if not picked or not game.effects.has(TRIGGER, CHOSEN):
        return
    happened = []
    for oid in picked:
        obj = game.objects.get(oid)
        if obj is None or obj.zone[1] != BATTLE:
            continue  # 「選ぶ」 is about the battle zone's cards (the wiki's 「選ぶ」)
        event = Event(CHOSEN, oid, chooser, source)
        happened.append(Happened(event, tuple(obj.cards), oid, oid, {"controller": obj.controller}))
        what = game.name(obj.top) if not obj.face_down else "a face-down card"
        game.record("event", f"{game.pname(chooser)} chooses {what}", "605.2b", event=CHOSEN)
    collect_triggers(game, happened)
