"""ハイパーエナジー (このクリーチャーを召喚する時、コストが異なる自分のクリーチャーを好きな数タップしても
よい。こうしてタップしたクリーチャー1体につき、このクリーチャーの召喚コストを2少なくする。ただし、コストは0以下
にはならない; on a spell: この呪文を唱える時 … この呪文のコストを2少なくする): a cheaper way to use the card
from the hand, offered in its player's main step (``hyper_energy:cID``) while they have an untapped creature.

* The player chooses which of their untapped creatures to tap — at least one (the option is the cheaper use;
  tapping none is the ordinary use), no two of the same cost (公式Q&A 2024-09-20: not two cost-2 creatures; a
  creature of the card's own cost may be one of them) — as the use is declared, before the cost is paid
  (601.1: a choice that breaks the rule, or leaves a cost the player cannot pay, is refused and asked again).
* Each tapped creature lowers the cost by 2, never below 1 (「0以下にはならない」); an effect that makes
  reductions not work (``cost_reductions_ignored``) leaves the option out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...kernel import Decision, Event, Frame, Game, GameObject, Option, Source
from . import characteristics as ch
from .play import PlayCard, can_pay_less, hand_options_for_less
from .zones import BATTLE, HAND

KEYWORD = "hyper_energy"
PER_CREATURE = 2


def possible(game: Game) -> bool:
    """Whether any card of the game has ハイパーエナジー printed."""
    return bool(ch.cards_with_printed_keyword(game, KEYWORD))


def _has_it(game: Game, obj: GameObject) -> bool:
    return any(a.form == "keyword" and a.name == KEYWORD for a in ch.definition(game, obj.top).main.abilities)


def tappable(game: Game, player: int) -> list[GameObject]:
    """``player``'s untapped creatures in the battle zone."""
    return [o for o in game.objects_in((player, BATTLE)) if not o.tapped and ch.is_creature(game, o)]


def _distinct_costs(game: Game, objs: list[GameObject]) -> int:
    return len({ch.cost(game, o) for o in objs})


def options(game: Game, player: int, pool: Any) -> list[Option]:
    if not possible(game) or ch.reductions_ignored(game, player):
        return []  # no card of the game has it (asked at every main-step decision), or reductions do not work
    creatures = tappable(game, player)
    if not creatures:
        return []
    most = PER_CREATURE * _distinct_costs(game, creatures)
    return hand_options_for_less(game, player, pool, KEYWORD, _has_it, most, _option_text)


def _option_text(game: Game, obj: GameObject) -> str:
    how = "summon" if ch.definition(game, obj.top).main.is_creature else "cast"
    return f"{how} {game.name(obj.top)} with ハイパーエナジー"


@dataclass(slots=True)
class HyperEnergy(Frame):
    """Choose the creatures to tap (different costs), tap them, use the card for 2 less for each."""

    card: int
    controller: int
    stage: int = 0

    def describe(self) -> str:
        return f"HyperEnergy(c{self.card}, stage {self.stage})"

    def step(self, game: Game) -> None:
        candidates = tappable(game, self.controller)
        obj = game.object_of(self.card)
        if self.stage == 1 or not candidates or obj.zone != (self.controller, HAND):
            game.finish()
            return
        answer = game.take_answer()
        chosen = [game.object_of(int(label[1:])) for label in answer] if answer is not None else []
        distinct = _distinct_costs(game, chosen) == len(chosen)
        if (
            answer is None
            or not distinct
            or not can_pay_less(game, self.controller, obj, PER_CREATURE * len(chosen))
        ):
            if answer is not None:
                why = (
                    "two of them have the same cost"
                    if not distinct
                    else f"{PER_CREATURE * len(chosen)} less is not enough to pay for {game.name(self.card)}"
                )
                game.record("rule", f"ハイパーエナジー: {why}", "601.1")
            opts = tuple(
                Option(f"c{o.top}", f"tap {game.name(o.top)} (cost {ch.cost(game, o)})") for o in candidates
            )
            prompt = (
                "ハイパーエナジー: tap which of your creatures (different costs) to use"
                f" {game.name(self.card)} for {PER_CREATURE} less each?"
            )
            game.ask(Decision(self.controller, KEYWORD, prompt, opts, 1, len(opts), rule="601.1"))
            return
        self.stage = 1
        game.push(PlayCard(self.card, 0, controller=self.controller, discount=PER_CREATURE * len(chosen)))
        source = Source("ability", self.card, self.controller)
        game.push(game.process(*(Event("tap", o.oid, self.controller, source) for o in chosen)))


def main_step_frame(label: str, player: int) -> Frame:
    return HyperEnergy(int(label.split(":")[1][1:]), player)
