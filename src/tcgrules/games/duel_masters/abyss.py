"""深淵送り (701.33): the effect step ``send_to_abyss: SEL`` puts cards into their owner's 深淵ゾーン (410).

701.33b — nothing can stop that move: the event ignores prohibitions (離れない, 700.3), no replacement
applies to it (replacement.candidates: ＥＸライフ, 「離れる時、かわりに…」), and a linked creature goes with
all its cards (no リンク解除 / 703.4f: psychic.release_links). 410.4 — a card there never moves to another
zone for the rest of the game: the state-based returns of psychic, dragheart and GR cards leave it there.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action
from ...kernel import Event, Game
from . import actions as A
from .zones import ABYSS


def send_to_abyss(frame: Any, game: Game, action: Action) -> int:
    picked = frame.select(game, action, action.args["what"])
    if picked is None:
        return int(A._ASKED)
    args = {"to": ABYSS, "ignore_prohibitions": True}  # 701.33b
    return int(frame.emit(game, [Event("move", oid, source=frame.ctx.source, args=args) for oid in picked]))


HANDLERS = {"send_to_abyss": send_to_abyss}
