"""Durations of the card language (``DURATION``) and when they end (500.3).

「このターン」 ends with the turn (511.2), 「次の自分のターンのはじめまで」 as that turn starts (501.2), and
「この攻撃中」 / 「その攻撃の終わりまで」 as the attack in progress ends — each attack's end, not the attack
step's (500.3, 510.2) — and 「そのバトルの終わりまで」 as the battle in progress ends: once the powers were
compared and its loser destroyed (115.3, 703.4d). An effect's duration is its registry expiry
(``Effect.expires``), ended by ``EffectRegistry.expire`` where the turn reaches that point."""

from __future__ import annotations

from ...kernel import Game

END_OF_ATTACK = "end_of_attack"
"""The expiry of an effect made ``until: end_of_attack`` during an attack (500.3, 510.2)."""
ATTACK_DURATIONS = "attack_durations"
"""``game.info`` key: some effect was made to last until its attack's end (the attack's end then looks)."""
END_OF_BATTLE = "end_of_battle"
"""The expiry of an effect made ``until: end_of_battle`` while a battle is going on (115.2–115.3)."""
BATTLE_DURATIONS = "battle_durations"
"""``game.info`` key: some effect was made to last until its battle's end (the battle's end then looks)."""


def expiry(game: Game | None, until: object, player: int | None) -> str:
    """The registry expiry of a duration of the card language (``DURATION``): 「このターン」 ends with
    the turn (511.2), 「次の自分のターンのはじめまで」 as that turn starts (500.3, 501.2), and
    「この攻撃中」 / 「その攻撃の終わりまで」 as the attack in progress ends — not the attack step
    (500.3, 510.2), and 「そのバトルの終わりまで」 as the battle in progress ends (115.3: an ability that
    triggered as it started, 115.2, makes it); made while no attack (no battle) is in progress, it lasts
    the turn."""
    if until == "your_next_turn":
        return f"start_of_turn:{player}"
    if until == END_OF_ATTACK and game is not None:
        from .turn import Attack  # the turn's frames use the interpreter: imported when needed

        if any(isinstance(f, Attack) for f in game.stack):
            game.info[ATTACK_DURATIONS] = True
            return END_OF_ATTACK
    if until == END_OF_BATTLE and game is not None:
        from .turn import StartBattle  # the battle's frame (115.2–115.3)

        if any(isinstance(f, StartBattle) for f in game.stack):
            game.info[BATTLE_DURATIONS] = True
            return END_OF_BATTLE
    return "end_of_turn"


def end_attack_durations(game: Game) -> list[str]:
    """500.3 / 510.2: as an attack ends, the effects made to last until its end end (looked for only when
    one was made: ``ATTACK_DURATIONS``); the labels of those that ended."""
    if not game.info.pop(ATTACK_DURATIONS, None):
        return []
    return [effect.ability.label for effect in game.effects.expire(END_OF_ATTACK)]


def end_battle_durations(game: Game) -> list[str]:
    """As a battle ends (its powers compared and its loser destroyed, 115.3, 703.4d), the effects made to
    last until its end end (looked for only when one was made: ``BATTLE_DURATIONS``); their labels."""
    if not game.info.pop(BATTLE_DURATIONS, None):
        return []
    return [effect.ability.label for effect in game.effects.expire(END_OF_BATTLE)]
