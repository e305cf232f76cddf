"""Priority: the active player's "what next?" decision (117), and a minimal turn (upkeep, main).

Simplifications (docs/magic.md): only the active player acts; "pass" stands for every player passing in
succession (117.4), so the top of the stack resolves, or with an empty stack the step ends. A turn here
is an upkeep step (503) and a main phase (505); untapping is the only turn-based action modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...kernel import Decision, Frame, Game, Option
from . import state as st
from .resolve import ResolveTop
from .stack import Activate, Cast, can_activate, candidates, stack

UPKEEP, MAIN = "upkeep", "main"


def cast_options(game: Game, player: int) -> list[Option]:
    """601.3 / 307.1: instants any time; sorceries and permanents in a main phase with an empty stack."""
    sorcery_time = game.info.get("step") == MAIN and not stack(game)
    out = []
    for obj in game.objects_in((player, st.HAND)):
        card = st.printed(game, obj)
        if card.is_aura or not ("instant" in card.types or sorcery_time):
            continue
        specs = card.spell.targets if card.spell is not None else ()
        if any(not candidates(game, spec, (), player) for spec in specs):
            continue
        out.append(Option(f"cast:c{obj.top}", f"cast {card.name}"))
        if card.kicker is not None:
            out.append(Option(f"cast:c{obj.top}:kicked", f"cast {card.name} with kicker {card.kicker}"))
    return out


def activate_options(game: Game, player: int) -> list[Option]:
    out = []
    for obj in st.battlefield(game):
        box = st.textbox(game, obj)
        for spec in box.abilities:
            if spec.form == "activated" and can_activate(game, player, obj.oid, spec.index):
                out.append(
                    Option(f"activate:c{obj.top}:{spec.index}", f"activate {game.name(obj.top)}'s ability")
                )
    return out


@dataclass(slots=True)
class Priority(Frame):
    settles: ClassVar[bool] = True

    def step(self, game: Game) -> None:
        player = game.active_player
        answer = game.take_answer()
        if answer is None:
            options = [
                *cast_options(game, player),
                *activate_options(game, player),
                Option("pass", self.pass_text(game)),
            ]
            game.ask(Decision(player, "priority", "choose an action, or pass", tuple(options), rule="117.3"))
            return
        label = answer[0]
        if label == "pass":
            self.pass_priority(game)
        elif label.startswith("cast:"):
            parts = label.split(":")
            game.push(Cast(int(parts[1][1:]), player, kicked=len(parts) > 2))
        else:
            _, card, index = label.split(":")
            game.push(Activate(game.card_object[int(card[1:])], int(index)))

    def pass_text(self, game: Game) -> str:
        items = stack(game)
        return (
            f"pass: {game.name(items[-1].card)} resolves"
            if items
            else f"pass: end the {game.info.get('step')} step"
        )

    def pass_priority(self, game: Game) -> None:
        if stack(game):
            game.push(ResolveTop())  # 117.4, 608.1
            return
        if game.info.get("step") == UPKEEP:
            game.info["step"] = MAIN
            game.record("turn", f"{game.pname(game.active_player)}'s main phase", "505")
            return
        game.turn += 1
        game.active_player = 1 - game.active_player
        game.info["step"] = UPKEEP
        for obj in st.battlefield(game):
            if obj.controller == game.active_player:
                obj.tapped = False  # 502.3
        game.record("turn", f"turn {game.turn}: {game.pname(game.active_player)}'s upkeep", "503")
