"""Priority (117) for every player, and the turn's steps (500–514).

The player with priority may cast a spell, activate an ability or pass (117.3). After a spell or ability
is cast or activated, its controller receives priority again (117.3c); when a player passes, the next
player in turn order receives it (117.3d). When all players pass in succession, the top of the stack
resolves (117.4, 608.1) and the active player receives priority (117.3b) — or, with an empty stack, the
step ends (500.2). Triggered abilities are put on the stack each time a player would receive priority
(117.5, 603.3): the kernel does that when this frame, which "settles", is on top.

The steps: untap (502, no priority), upkeep (503), draw (504), main (505), combat (one step standing for
the combat phase: no attacks are modelled), main2, end (513) and cleanup (514: damage wears off and
"until end of turn" effects end; players receive priority only if something triggered, 514.3a).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Decision, Event, Frame, Game, Option, Source
from . import state as st
from .resolve import ResolveTop
from .stack import Activate, Aim, Cast, StackItem, can_activate, can_target, stack

UNTAP, UPKEEP, DRAW, MAIN, COMBAT, MAIN2, END, CLEANUP = (
    "untap",
    "upkeep",
    "draw",
    "main",
    "combat",
    "main2",
    "end",
    "cleanup",
)
STEPS = (UNTAP, UPKEEP, DRAW, MAIN, COMBAT, MAIN2, END, CLEANUP)
STEP_RULES = {
    UNTAP: "502",
    UPKEEP: "503",
    DRAW: "504",
    MAIN: "505",
    COMBAT: "506",
    MAIN2: "505",
    END: "513",
    CLEANUP: "514",
}
END_OF_TURN = "end_of_turn"
"""``Effect.expires`` of "until end of turn" effects (514.2)."""


def split_second(game: Game) -> bool:
    """702.61a: while a spell with split second is on the stack, players can't cast spells or activate
    abilities that aren't mana abilities (none here are)."""
    return any(
        i.kind == "spell" and "split second" in st.printed(game, game.objects[i.host]).keywords
        for i in stack(game)
        if i.host in game.objects
    )


def cast_options(game: Game, player: int) -> list[Option]:
    """601.3 / 307.1: instants any time; sorceries and permanents in your main phase with an empty stack."""
    if split_second(game):
        return []
    sorcery_time = game.info.get("step") in (MAIN, MAIN2) and not stack(game) and player == game.active_player
    out = []
    for obj in game.objects_in((player, st.HAND)):
        card = st.printed(game, obj)
        flash = "instant" in card.types or "flash" in card.keywords
        if card.is_aura or not (flash or sorcery_time):
            continue
        specs = card.spell.targets if card.spell is not None else ()
        if not can_target(game, specs, Aim(player, obj.top)):
            continue
        out.append(Option(f"cast:c{obj.top}", f"cast {card.name}"))
        if card.kicker is not None:
            out.append(Option(f"cast:c{obj.top}:kicked", f"cast {card.name} with kicker {card.kicker}"))
    return out


def activate_options(game: Game, player: int) -> list[Option]:
    if split_second(game):
        return []
    out = []
    for obj in st.battlefield(game):
        box = st.textbox(game, obj)
        for spec in box.abilities:
            if spec.form == "activated" and can_activate(game, player, obj.oid, spec.index):
                out.append(
                    Option(f"activate:c{obj.top}:{spec.index}", f"activate {game.name(obj.top)}'s ability")
                )
    return out


def next_in_turn_order(game: Game, player: int) -> int:
    order = st.players_in_game(game)
    if player not in order:
        return order[0]
    return order[(order.index(player) + 1) % len(order)]


@dataclass(slots=True)
class Priority(Frame):
    """117: who has priority (``holder``; ``None`` means the active player) and how many players have
    passed in succession on the stack as it was (``seen``)."""

    @property
    def settles(self) -> bool:
        return True

    holder: int | None = None
    passes: int = 0
    seen: tuple[StackItem, ...] = ()

    def step(self, game: Game) -> None:
        if self.holder is None and st.has_lost(game, game.active_player):
            self.holder = game.active_player  # 800.4a: the turn goes on; the next player has priority
        if self.holder is not None and st.has_lost(game, self.holder):
            self.holder = next_in_turn_order(game, self.holder)
        player = game.active_player if self.holder is None else self.holder
        if stack(game) != self.seen:
            self.passes = 0  # 117.4: the passes must be in succession, with nothing added meanwhile
        answer = game.take_answer()
        if answer is None:
            options = [
                *cast_options(game, player),
                *activate_options(game, player),
                Option("pass", self.pass_text(game)),
            ]
            game.ask(
                Decision(
                    player,
                    "priority",
                    f"{game.pname(player)} has priority ({game.info.get('step')} step): act, or pass",
                    tuple(options),
                    rule="117.3",
                )
            )
            return
        label = answer[0]
        if label == "pass":
            self.pass_priority(game, player)
            return
        self.passes = 0
        self.holder = player  # 117.3c: the player who cast or activated receives priority again
        if label.startswith("cast:"):
            parts = label.split(":")
            game.push(Cast(int(parts[1][1:]), player, kicked=len(parts) > 2))
        else:
            _, card, index = label.split(":")
            game.push(Activate(game.card_object[int(card[1:])], int(index)))

    def pass_text(self, game: Game) -> str:
        items = stack(game)
        if items:
            top = items[-1]
            what = game.name(top.card) if top.kind == "spell" else f"{top.text}'s ability"
            return f"pass priority (if all pass, {what} resolves)"
        return f"pass priority (if all pass, the {game.info.get('step')} step ends)"

    def pass_priority(self, game: Game, player: int) -> None:
        self.passes += 1
        self.seen = stack(game)
        game.record("rule", f"{game.pname(player)} passes priority", "117.3d")
        if self.passes < len(st.players_in_game(game)):
            self.holder = next_in_turn_order(game, player)
            return
        self.passes, self.holder, self.seen = 0, None, ()
        if stack(game):
            game.record("rule", "all players passed in succession: the top of the stack resolves", "117.4")
            game.push(ResolveTop())  # 608.1; then the active player receives priority (117.3b)
            return
        game.push(NextStep())


@dataclass(slots=True)
class NextStep(Frame):
    """500.2, 500.4: the step ends when all players pass with an empty stack; the next one begins with its
    turn-based actions and "at the beginning of" triggers. Steps without priority (untap; cleanup when
    nothing triggered, 514.3) go straight on."""

    stage: int = 0

    def step(self, game: Game) -> None:
        if game.result is not None:
            game.finish()
            return
        if self.stage == 1:
            self.stage = 0
            step = game.info.get("step")
            if step == UNTAP or (step == CLEANUP and not game.waiting):
                pass  # no player receives priority: on to the next step
            else:
                if step == CLEANUP:
                    game.info["cleanup_again"] = True  # 514.3a: then another cleanup step
                game.finish()
                return
        step = str(game.info.get("step"))
        if step == CLEANUP and game.info.pop("cleanup_again", False):
            pass  # 514.3a: a new cleanup step
        elif step == CLEANUP:
            self.new_turn(game)
        else:
            game.info["step"] = STEPS[STEPS.index(step) + 1] if step in STEPS else UPKEEP
        self.stage = 1
        game.push(BeginStep())

    def new_turn(self, game: Game) -> None:
        game.turn += 1
        game.active_player = next_in_turn_order(game, game.active_player)
        game.info["step"] = UNTAP
        game.record("turn", f"turn {game.turn}: {game.pname(game.active_player)}'s turn", "500.1")


@dataclass(slots=True)
class BeginStep(Frame):
    """The turn-based actions of the step that begins (703.4), then the "beginning of step" event that
    "at the beginning of …" abilities watch (603.2)."""

    stage: int = 0

    def step(self, game: Game) -> None:
        step = str(game.info.get("step"))
        if self.stage == 0:
            self.stage = 1
            game.record("turn", f"{game.pname(game.active_player)}'s {step} step", STEP_RULES[step])
            events = turn_based_actions(game, step)
            if events:
                game.push(game.process(*events))
                return
        if self.stage == 1:
            self.stage = 2
            source = Source("rule", rule=STEP_RULES[step])
            game.push(game.process(Event("begin_step", None, game.active_player, source, {"step": step})))
            return
        game.finish()


def turn_based_actions(game: Game, step: str) -> list[Event]:
    active = game.active_player
    if step == UNTAP:  # 502.3: the active player untaps their permanents
        source = Source("rule", rule="502.3")
        return [
            Event("untap", o.oid, None, source)
            for o in st.battlefield(game)
            if o.controller == active and o.tapped
        ]
    if step == DRAW:  # 504.1
        return [Event("draw", None, active, Source("rule", rule="504.1"), {"amount": 1})]
    if step == CLEANUP:  # 514.2: damage wears off and "until end of turn" effects end, simultaneously
        return [Event("cleanup", None, active, Source("rule", rule="514.2"))]
    return []
