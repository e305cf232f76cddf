"""ガチンコ・ジャッジ (701.21): the effect step ``gachinko_judge: {won: [E]}``.

* 701.21a — each player shows the top card of their own deck and puts it on the bottom of that deck (the
  shown cards move together, as one batch, turn order irrelevant);
* 701.21b — the player who used the ability wins if the card they showed has a mana cost at least the
  opponent's; the ``won`` steps then run. A player whose deck is empty shows nothing: with no card the
  user cannot win, and against no card any card wins (the rules are silent; "at least the opponent's" has
  nothing to compare with, so the card shown is taken to be at least nothing);
* 701.21c — a card with two costs (a twinpact) is read at the cost its player chooses, a decision of
  kind ``choose_cost`` asked of that player (the user first, then the opponent).
"""

from __future__ import annotations

from typing import Any

from ...cards.schema import Action
from ...kernel import Decision, Event, Game, Option
from . import actions as A
from . import characteristics as ch
from .language.effects import _child
from .zones import DECK

_STATE = "_gachinko"
"""``frame.numbers`` key prefix: the step's progress and the costs chosen so far."""


def gachinko_judge(frame: Any, game: Game, action: Action) -> int:
    from .views import reveal

    if frame.collect:
        return int(A._FAIL)  # not a substitute's part: it shows and moves cards of both decks
    key = f"{_STATE}{frame.i}"
    you = frame.ctx.controller
    players = (you, 1 - you)
    if frame.counter > 0:  # the shown cards are at the bottom (actions.py calls again): the rest, if won
        frame.counter = 0
        won = frame.numbers.get(f"{key}:won", 0)
        for k in [k for k in frame.numbers if k.startswith(key)]:
            del frame.numbers[k]
        steps = action.get("won") or ()
        if won and steps:
            game.push(_child(frame, tuple(steps)))
            return int(A._CHILD)
        return int(A._DONE)
    tops = {p: game.zone((p, DECK))[-1] for p in players if game.zone((p, DECK))}
    from .abilities import deck_unseen

    # 誰も山札を見ることはできない: the top cards are put on the bottom unshown, each read as cost 0
    blind = deck_unseen(game, players)
    if blind and key not in frame.numbers:
        frame.numbers[key] = 1
        game.record(
            "rule", "ガチンコ・ジャッジ: no deck card can be looked at; each top card counts as cost 0"
        )
    if key not in frame.numbers:
        frame.numbers[key] = 1
        reveal(game, (game.objects[o].top for o in tops.values()))  # 701.21a: shown to every player
        shown = "; ".join(
            f"{game.pname(p)} shows {game.name(game.objects[tops[p]].top)}"
            if p in tops
            else f"{game.pname(p)} has no card to show"
            for p in players
        )
        game.record("reveal", f"ガチンコ・ジャッジ: {shown}", "701.21a")
    costs: dict[int, int] = {}
    for p in players:
        if p not in tops:
            continue
        if blind:
            costs[p] = 0
            continue
        options = sorted({f.cost for f in ch.definition(game, game.objects[tops[p]].top).faces})
        chosen = frame.numbers.get(f"{key}:cost{p}")
        if chosen is None and len(options) > 1:  # 701.21c: its player chooses which cost is read
            answer = game.take_answer()
            if answer is None:
                name = game.name(game.objects[tops[p]].top)
                game.ask(
                    Decision(
                        p,
                        "choose_cost",
                        f"ガチンコ・ジャッジ: which cost of {name} is read?",
                        tuple(Option(f"cost:{c}", f"cost {c}") for c in options),
                        rule="701.21c",
                    )
                )
                return int(A._ASKED)
            chosen = int(answer[0].split(":", 1)[1])
            frame.numbers[f"{key}:cost{p}"] = chosen
        costs[p] = chosen if chosen is not None else options[0]
    mine, theirs = costs.get(you), costs.get(1 - you)
    won = mine is not None and (theirs is None or mine >= theirs)  # 701.21b: 相手以上のマナコスト
    game.record(
        "rule",
        f"ガチンコ・ジャッジ: {game.pname(you)} {'wins' if won else 'does not win'} "
        f"({mine if mine is not None else 'no card'} against {theirs if theirs is not None else 'no card'})",
        "701.21b",
    )
    frame.numbers[f"{key}:won"] = int(won)
    events = [
        Event("move", oid, source=frame.ctx.source, args={"to": DECK, "bottom": True})
        for oid in tops.values()
    ]
    if not events:  # both decks are empty: nothing is shown, and nobody wins
        for k in [k for k in frame.numbers if k.startswith(key)]:
            del frame.numbers[k]
        return int(A._DONE)
    frame.counter = 1
    return int(frame.emit(game, events))


HANDLERS = {"gachinko_judge": gachinko_judge}
