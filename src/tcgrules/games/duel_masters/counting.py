"""Units of counting follow the text (seed 004 その他): 「体」 counts creatures, 「枚」 counts cards.

The seed's example spell reveals the top three cards of its caster's deck and gives one extra turn for each
phoenix among them *counted in 体*: a card of a type that is not counted in 体 (a cross gear that another
card made a phoenix with ``add_race``) is not counted.

* ``reveal_top: {count, as}`` — look at the top cards of your deck face up and put them back in the same order
  (nothing moves); they are saved under ``as`` for later actions.
* ``extra_turns: {of, per, unit}`` — one extra turn for each saved object matching ``per``, counted by
  ``unit``: ``creatures`` (体: only objects that are creatures) or ``cards`` (枚: every card).
* static ``add_race: {race, to}`` — the objects ``to`` names also have ``race`` (in any zone ``to`` says).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action, Filter
from ...kernel import Game, GameObject
from . import characteristics as ch
from .zones import DECK

UNITS = {"creatures": "体", "cards": "枚"}
EXTRA_TURNS = "extra_turns"


def count_in(game: Game, objs: list[GameObject], flt: Filter, unit: str) -> int:
    """How many of ``objs`` match ``flt``, counted in ``unit``: 体 counts creatures, 枚 counts cards."""
    if unit not in UNITS:
        raise AssertionError(f"unknown unit of counting {unit!r}; expected one of {sorted(UNITS)}")
    found = [o for o in objs if ch.matches(game, o, flt)]
    if unit == "creatures":
        return sum(1 for o in found if ch.face(game, o).is_creature)
    return sum(len(o.cards) for o in found)


def reveal_top(frame: Any, game: Game, action: Action) -> int:
    player = frame.ctx.controller
    deck = game.zone((player, DECK))
    top = list(reversed(deck[-int(action.args["count"]) :]))  # the end of the list is the top
    frame.vars[str(action.args["as"])] = tuple(top)
    from .language.effects import _set_aside

    _set_aside(frame, game, tuple(top))  # 605.4
    shown = ", ".join(game.name(game.objects[oid].top) for oid in top)
    from .views import reveal

    reveal(game, (game.objects[oid].top for oid in top))  # shown to both players
    game.record("reveal", f"{game.pname(player)} reveals the top of their deck: {shown}")
    return 0  # actions._DONE


def extra_turns(frame: Any, game: Game, action: Action) -> int:
    """ "1体につき1ターン、このターンの後にもう一度自分のターンを行う" (the unit is the text's)."""
    player = frame.ctx.controller
    objs = [game.objects[o] for o in frame.vars.get(str(action.args["of"]), ()) if o in game.objects]
    unit = str(action.args["unit"])
    n = count_in(game, objs, action.args["per"], unit)
    info = game.players_info[player]
    info[EXTRA_TURNS] = int(info.get(EXTRA_TURNS, 0)) + n
    game.record("rule", f"{game.pname(player)} counts {n}{UNITS[unit]}: {n} extra turn(s)")
    return 0


def take_extra_turn(game: Game) -> bool:
    """At the end of a turn: does its player take an extra turn now? (Uses one up.)"""
    info = game.players_info[game.active_player]
    left = int(info.get(EXTRA_TURNS, 0))
    if left <= 0:
        return False
    info[EXTRA_TURNS] = left - 1
    game.record("rule", f"{game.pname(game.active_player)} takes an extra turn")
    return True


def add_race(races: tuple[str, ...], race: str) -> tuple[str, ...]:
    return races if race in races else (*races, race)


HANDLERS = {"reveal_top": reveal_top, "extra_turns": extra_turns}
