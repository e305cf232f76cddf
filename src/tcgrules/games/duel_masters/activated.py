"""Activated abilities used by tapping their own card (起動型能力, 602; the ``activated`` ability form).

* 602.1: an activated ability gives its effect only through the act that activates it — here, tapping
  this card: 「…このカードをタップしてもよい。そうしたら、…」. A tapped card cannot be tapped (105.6), so a
  tapped card's ability is not offered; a card in the mana zone tapped for mana cannot be tapped again
  this turn, nor can one tapped to activate be tapped for mana.
* 602.2: the activation (the tap) and the ability's effect are separate events.
* 602.3: an ability whose activation is prohibited cannot be activated — its ``if`` must hold, the card
  must be in one of its ``zones`` (default the battle zone), face up, and its abilities not ignored.
* ``when``: ``main_step`` (自分のメインステップ中) — offered among the main step's options;
  ``before_attacks`` (自分のターン中、攻撃の前に) — in the main step, and in the attack step until its
  player declares the turn's first attack (:class:`turn.AttackStep` says whether one was declared).

Labels: ``activate:c<card>`` (``activate:c<card>:<n>`` for the card's n-th activated ability, n ≥ 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards.schema import AbilitySpec, CardDefinition
from ...kernel import Ability, Effect, Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .actions import ActionFrame, Ctx
from .zones import BATTLE, GRAVEYARD, HAND, MANA, SHIELDS

ZONES_SEEN = (BATTLE, MANA, HAND, GRAVEYARD, SHIELDS)
"""The zones whose cards may carry an activated ability their player uses."""


def _abilities(game: Game, obj: GameObject) -> tuple[AbilitySpec, ...]:
    from .rules import compiled

    return compiled(game, obj.top).activated


def _has_activated(definition: CardDefinition) -> bool:
    return any(a.form == "activated" for f in definition.faces for a in f.abilities)


def usable(game: Game, obj: GameObject, spec: AbilitySpec, *, main_step: bool) -> bool:
    """602.3: may ``obj``'s controller activate ``spec`` now (in the main step, or in the attack step
    before the turn's first attack)?"""
    from .abilities import condition_holds
    from .ability_ignore import IGNORED

    if obj.tapped or obj.face_down or obj.zone[1] not in (spec.zones or (BATTLE,)):
        return False
    if not main_step and spec.params.get("when") != "before_attacks":
        return False
    if obj.zone[1] == BATTLE and ch.flag(game, obj, IGNORED, via_keywords=False):
        return False  # 能力を無視する: its activated abilities are among those ignored
    from .seals import is_ignored_creature

    if is_ignored_creature(game, obj):
        return False  # 116.2a
    player = obj.controller
    effect = Effect(0, Ability(), player, Source("ability", obj.top, player))
    return condition_holds(game, effect, spec.condition)


def possible(game: Game) -> bool:
    """Whether any card of the game has an activated ability (worked out once per list of cards)."""
    return bool(ch.cards_such_that(game, "activated", _has_activated))


def options(game: Game, player: int, *, main_step: bool) -> list[Option]:
    """The activated abilities ``player`` may use now."""
    if not possible(game):
        return []  # no card of the game has one (asked at every main-step and attack decision)
    out = []
    for zone in ZONES_SEEN:
        for obj in game.objects_in((player, zone)):
            for n, spec in enumerate(_abilities(game, obj)):
                if usable(game, obj, spec, main_step=main_step):
                    label = f"activate:c{obj.top}" + (f":{n}" if n else "")
                    text = f"tap {game.name(obj.top)} in the {zone} to use its ability"
                    out.append(Option(label, text))
    return out


def frame(label: str) -> UseActivated:
    """The frame for an answer ``activate:c<card>[:<n>]``."""
    parts = label.split(":")
    return UseActivated(int(parts[1][1:]), int(parts[2]) if len(parts) > 2 else 0)


@dataclass(slots=True)
class UseActivated(Frame):
    """602.2: tap the card (the activation), then run the ability's effect, as two events."""

    cid: int
    index: int = 0
    stage: int = 0

    def step(self, game: Game) -> None:
        oid = game.card_object.get(self.cid)
        obj = game.objects.get(oid) if oid is not None else None
        if obj is None:
            game.finish()
            return
        controller = obj.controller
        if self.stage == 0:
            self.stage = 1
            source = Source("ability", self.cid, controller, rule="602.1")
            game.push(game.process(Event("tap", obj.oid, controller, source)))
            return
        if self.stage == 1:
            self.stage = 2

            spec = _abilities(game, obj)[self.index]
            source = Source("ability", self.cid, controller)
            game.push(ActionFrame(spec.effect, Ctx(controller, source, self.cid)))
            return
        game.finish()
