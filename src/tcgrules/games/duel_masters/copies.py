"""Copy effects (「…は、…になる」 / "… becomes …": 変身, the DM wiki's name for it).

* ``become_copy: {what: SEL, of: SEL}``: until the end of the turn, each creature ``what`` picks in the
  battle zone takes the printed characteristics of the card ``of`` picks — its creature face: name,
  civilizations, cost, races, power, card type (an evolution creature without a base, too) and abilities.
  Its own cards, its state (tapped, attacking, blocking) and what other effects do to it stay; the
  copied face's abilities replace its own (its 「出た時」 does not trigger: it was not put anywhere).
* The copy belongs to the object (109.2): an object that leaves the battle zone forgets it; it ends at
  511.2 with the turn's other "until the end of the turn" effects (turn.py calls :func:`end_copies`).
* The copied card may move on (「表向きにしたカードをすべて墓地に置く」): the copy is of its printed face.
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action
from ...kernel import Game, GameObject
from . import actions as A
from . import characteristics as ch
from .zones import BATTLE, COPIED


def become_copy(frame: Any, game: Game, action: Action) -> int:
    """The step: the first card ``of`` picks that shows a creature face is copied by each object ``what``
    picks in the battle zone; nothing happens when ``of`` picks none."""
    model = frame.select(game, action, action.args["of"])
    if model is None:
        return A._ASKED
    targets = frame.select(game, action, action.args["what"])
    if targets is None:
        return A._ASKED
    card = next((game.objects[o].top for o in model if o in game.objects and _creature_face(game, o)), None)
    if card is None:
        return A._DONE
    for oid in targets:
        obj = game.objects.get(oid)
        if obj is None or obj.zone[1] != BATTLE or obj.face_down:
            continue
        obj.state[COPIED] = card
        _reregister(game, obj)
        game.record(
            "rule", f"{game.name(obj.top)} becomes {ch.face(game, obj).name} until the end of the turn"
        )
    return A._DONE


def _creature_face(game: Game, oid: int) -> bool:
    return any(f.is_creature for f in ch.definition(game, game.objects[oid].top).faces)


def register(game: Game, obj: GameObject) -> bool:
    """A creature that copies a card has the abilities of the copied face (``rules.register_abilities``);
    ``False`` for any other object."""
    if obj.zone[1] != BATTLE or COPIED not in obj.state:
        return False
    from .abilities import register_shown_face

    register_shown_face(game, obj)
    return True


def end_copies(game: Game, objects: list[GameObject]) -> None:
    """511.2: the copies end with the turn; each creature is itself again, with its own abilities."""
    for obj in objects:
        if obj.state.pop(COPIED, None) is not None:
            _reregister(game, obj)
            game.record("rule", f"{game.name(obj.top)} is itself again", "511.2")


def _reregister(game: Game, obj: GameObject) -> None:
    game.effects.remove_host(obj.oid)
    game.rules.object_entered(game, obj)  # its abilities now come from the face it shows (register)


HANDLERS = {"become_copy": become_copy}
