"""ササゲールN (ディスペクターを召喚する時、コストをN少なくしてもよい。
そうしたら、このクリーチャーを破壊する。
そのディスペクターのコストは0以下にはならない): a cheaper way to summon a ディスペクター from the hand,
offered in its player's main step (``sasageru:cID``) while one of their creatures in the battle zone has
ササゲール.

* The player chooses which of their ササゲール creatures give their N (at least one — the option is the
  reduced summon); the ディスペクター's cost is lowered by the sum, never below 1 (「0以下にはならない」), and
  the chosen creatures are destroyed by their own ササゲール as the summon is declared, before the cost is
  paid (601.1: a choice that leaves a cost the player cannot pay is refused and asked again).
* The summon is an ordinary one from the hand (701.3); an effect that makes reductions not work
  (``cost_reductions_ignored``) leaves the option out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import Decision, Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .ability_ignore import abilities_ignored
from .play import PlayCard, can_pay_less, hand_options_for_less
from .zones import BATTLE, HAND

KEYWORD = "sasageru"
DISPECTER = "ディスペクター"


def amount(game: Game, obj: GameObject) -> int:
    """The N of the ササゲール printed on the face ``obj`` shows (0 if none)."""
    return sum(
        int(a.params["amount"])
        for a in ch.face(game, obj).abilities
        if a.form == "keyword" and a.name == KEYWORD
    )


def givers(game: Game, player: int) -> list[GameObject]:
    """``player``'s creatures in the battle zone with ササゲール (their abilities not ignored)."""
    return [
        o
        for o in game.objects_in((player, BATTLE))
        if ch.is_creature(game, o) and amount(game, o) > 0 and not abilities_ignored(game, o.oid)
    ]


def possible(game: Game) -> bool:
    """Whether any card of the game has ササゲール printed."""
    return bool(ch.cards_with_printed_keyword(game, KEYWORD))


def _dispecter(game: Game, obj: GameObject) -> bool:
    face = ch.definition(game, obj.top).main
    return face.is_creature and any(DISPECTER in race for race in face.races)


def options(game: Game, player: int, pool: Any) -> list[Option]:
    if not possible(game) or ch.reductions_ignored(game, player):
        return []  # no card of the game has it (asked at every main-step decision), or reductions do not work
    found = givers(game, player)
    if not found:
        return []
    total = sum(amount(game, o) for o in found)
    return hand_options_for_less(
        game, player, pool, KEYWORD, _dispecter, total, lambda g, o: f"summon {g.name(o.top)} with ササゲール"
    )


@dataclass(slots=True)
class Sasageru(Frame):
    """Choose the ササゲール creatures, destroy them, summon the ディスペクター for its cost less their N."""

    card: int
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"Sasageru(c{self.card}, stage {self.stage})"

    def step(self, game: Game) -> None:
        candidates = givers(game, self.controller)
        obj = game.object_of(self.card)
        if self.stage == 1 or not candidates or obj.zone != (self.controller, HAND):
            game.finish()
            return
        answer = game.take_answer()
        chosen = [game.object_of(int(label[1:])) for label in answer] if answer is not None else []
        reduction = sum(amount(game, o) for o in chosen)
        if answer is None or not can_pay_less(game, self.controller, obj, reduction):
            if answer is not None:
                game.record(
                    "rule", f"ササゲール: {reduction} less is not enough to pay for {game.name(self.card)}"
                )
            opts = tuple(
                Option(f"c{o.top}", f"destroy {game.name(o.top)} (ササゲール{amount(game, o)})")
                for o in candidates
            )
            prompt = f"ササゲール: destroy which creatures to summon {game.name(self.card)} for less?"
            game.ask(Decision(self.controller, KEYWORD, prompt, opts, 1, len(opts), rule="601.1"))
            return
        self.stage = 1
        game.push(PlayCard(self.card, 0, controller=self.controller, discount=reduction))
        events = [
            Event("destroy", o.oid, self.controller, Source("ability", o.top, self.controller))
            for o in chosen
        ]
        game.push(game.process(*events))


def main_step_frame(label: str, player: int) -> Frame:
    return Sasageru(int(label.split(":")[1][1:]), player)
