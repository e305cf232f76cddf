"""701.10 Exchange: all or nothing, each kind of exchange as events that the pipeline performs together.

* 701.10a — if the whole exchange can't be done, no part of it happens (checked before any event).
* 701.10b — control of two permanents: nothing if one player controls both.
* 701.10c — life totals: a gain and a loss (replaceable, they trigger); a player who can't gain (or lose)
  life can't get the higher (lower) total, so nothing happens.
* 701.10d/e — a card on the battlefield for a card in a hand: same owner required; the incoming Aura is
  attached to what the outgoing one was attached to.
* 701.10f — two whole zones, even if one is empty.
* 701.10g — a life total and a toughness: a gain or loss, and a 7b effect setting the toughness.
* 701.10h — text boxes: a text-changing effect (layer 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...kernel import PROHIBITION, Decision, Event, Frame, Game, GameObject, Option
from . import state as st
from .resolve import Context, Handler, RunInstructions
from .schema import Instr


def nothing(game: Game, rule: str, why: str) -> None:
    game.record("rule", f"no part of the exchange happens: {why}", rule)


def is_prohibited(game: Game, event: Event) -> bool:
    """614.17: is there a "can't" effect that would stop this event?"""
    return any(
        e.ability.forbids(game, e, event)  # type: ignore[attr-defined]  # PROHIBITION entries
        for e in game.effects.find(PROHIBITION, event.kind)
    )


def life_change(game: Game, ctx: Context, player: int, delta: int, rule: str) -> Event | None:
    """The gain or loss that makes ``player``'s life total change by ``delta`` (701.10c, 701.10g)."""
    if delta == 0:
        return None
    kind = "gain_life" if delta > 0 else "lose_life"
    return Event(kind, None, player, ctx.source(rule), {"amount": abs(delta)})


# ---------------------------------------------------------------------------------------------- 701.10b


def exchange_control(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """701.10b. The long form ``{targets: [a, b], then: […], otherwise: […], duration: …}`` runs ``then``
    when the exchange happened ("if those permanents are exchanged this way") and ``otherwise`` when it
    did not ("if you don't or can't make an exchange")."""
    arg = instr.arg if isinstance(instr.arg, Mapping) else {"targets": instr.arg}
    a, b = (ctx.obj(game, ref) for ref in arg["targets"])
    then, otherwise = arg.get("then", ()), arg.get("otherwise", ())
    if a is None or b is None:
        nothing(game, "701.10a", "one of the two permanents is no longer a legal target")
        return RunInstructions(ctx, otherwise) if otherwise else None
    if game.objects[a].controller == game.objects[b].controller:
        nothing(game, "701.10b", "the same player controls both permanents")
        return RunInstructions(ctx, otherwise) if otherwise else None
    expires = "end_of_turn" if arg.get("duration") == "end_of_turn" else None
    event = Event("exchange_control", a, None, ctx.source("701.10b"), {"other": b, "expires": expires})
    return Sequence_(game.process(event), RunInstructions(ctx, then) if then else None)


@dataclass(slots=True)
class Sequence_(Frame):
    """Run a frame, then (optionally) another."""

    first: Frame
    second: Frame | None
    stage: int = 0

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.stage = 1
            game.push(self.first)
            return
        game.finish()
        if self.second is not None:
            game.push(self.second)


# ---------------------------------------------------------------------------------------------- 701.10c, g


def _life_events(game: Game, ctx: Context, changes: list[tuple[int, int]], rule: str) -> list[Event] | None:
    """The gains and losses, or ``None`` when a player can't make theirs (119.7, 119.8, 701.10c)."""
    events = [e for e in (life_change(game, ctx, p, d, rule) for p, d in changes) if e is not None]
    for event in events:
        if is_prohibited(game, event):
            verb = "gain" if event.kind == "gain_life" else "lose"
            nothing(
                game, rule, f"{game.pname(event.player)} can't {verb} life, so can't take that life total"
            )
            return None
    return events


def exchange_life(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    """701.10c. The long form ``{players: [a, b], max_difference: N}`` exchanges only if the life totals
    differ by N or less."""
    arg = instr.arg if isinstance(instr.arg, Mapping) else {"players": instr.arg}
    p, q = (ctx.player(game, ref) for ref in arg["players"])
    if p is None or q is None:
        nothing(game, "701.10a", "a player is no longer a legal target")
        return None
    lp, lq = st.life(game, p), st.life(game, q)
    limit = arg.get("max_difference")
    if limit is not None and abs(lp - lq) > limit:
        game.record(
            "rule", f"the life totals differ by {abs(lp - lq)}, more than {limit}: nothing happens", "608.2c"
        )
        return None
    game.record("rule", f"exchanging life totals: {game.pname(p)} {lp}, {game.pname(q)} {lq}", "701.10c")
    events = _life_events(game, ctx, [(p, lq - lp), (q, lp - lq)], "701.10c")
    if events is None:
        return None
    return game.process(*events) if events else None


def exchange_life_with_toughness(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    player = ctx.player(game, instr.arg["player"])
    oid = ctx.obj(game, instr.arg["creature"])
    if player is None or oid is None:
        nothing(game, "701.10a", "the creature is no longer on the battlefield")
        return None
    life, toughness = st.life(game, player), st.power_toughness(game, game.objects[oid])[1]
    game.record(
        "rule", f"exchanging {game.pname(player)}'s life {life} with toughness {toughness}", "701.10g"
    )
    events = _life_events(game, ctx, [(player, toughness - life)], "701.10g")
    if events is None:
        return None
    events.append(Event("set_toughness", oid, None, ctx.source("701.10g"), {"toughness": life}))
    return game.process(*events)


# ---------------------------------------------------------------------------------------------- 701.10f


def exchange_zones(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    player = ctx.player(game, instr.arg["player"])
    assert player is not None
    first, second = instr.arg["zones"]
    source = ctx.source("701.10f")
    events = []
    for here, there in ((first, second), (second, first)):
        for oid in game.zones.get((player, here), ()):
            events.append(Event("move", oid, None, source, {"to": there, "from": here}))
    counts = {z: len(game.zones.get((player, z), ())) for z in (first, second)}
    game.record(
        "rule",
        f"exchanging {game.pname(player)}'s {first} ({counts[first]} cards) "
        f"and {second} ({counts[second]} cards)"
        + (" — an empty zone is exchanged too" if 0 in counts.values() else ""),
        "701.10f",
    )
    return game.process(*events) if events else None


# ---------------------------------------------------------------------------------------------- 701.10h


def exchange_text_boxes(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    a, b = (ctx.obj(game, ref) for ref in instr.arg["targets"])
    if a is None or b is None:
        nothing(game, "701.10a", "one of the two creatures is no longer a legal target")
        return None
    host = None
    if instr.arg["duration"] == "while_source_on_battlefield":
        host = ctx.obj(game, "self")
        if host is None:
            nothing(
                game, "611.2b", "the effect would last while its source is on the battlefield, and it is gone"
            )
            return None
    return game.process(Event("exchange_text", a, None, ctx.source("701.10h"), {"other": b, "host": host}))


# ---------------------------------------------------------------------------------------------- 701.10d, e


@dataclass(slots=True)
class ExchangeWithHand(Frame):
    """Exchange a permanent with a card in its controller's hand (Aura swap): the card is chosen as this
    resolves (or none, and nothing happens)."""

    ctx: Context
    this: str
    subtype: str

    def step(self, game: Game) -> None:
        oid = self.ctx.obj(game, self.this)
        if oid is None:
            game.finish()
            nothing(game, "701.10a", "the permanent to exchange has left the battlefield")
            return
        choice = self.choose(game)
        if choice is None:
            return  # a decision is pending
        game.finish()
        if choice == "none":
            game.record("rule", "no card was chosen: nothing happens", "701.10a")
            return
        exchange_cards(game, self.ctx, oid, game.card_object[int(choice[1:])])

    def choose(self, game: Game) -> str | None:
        hand = game.objects_in((self.ctx.controller, st.HAND))
        fits = [o for o in hand if self.subtype in st.printed(game, o).subtypes]
        answer = game.take_answer()
        if answer is not None:
            return answer[0]
        options = [Option(f"c{o.top}", game.name(o.top)) for o in fits]
        game.ask(
            Decision(
                self.ctx.controller,
                "choose_card",
                f"choose an {self.subtype} card in your hand to exchange, or none",
                (*options, Option("none", "choose nothing")),
                rule="701.10d",
            )
        )
        return None


def exchange_cards(game: Game, ctx: Context, out_oid: int, in_oid: int) -> None:
    outgoing, incoming = game.objects[out_oid], game.objects[in_oid]
    if st.owner(game, outgoing) != st.owner(game, incoming):
        nothing(game, "701.10d", "the two cards are not owned by the same player")
        return
    attached = st.attached_to(outgoing)
    if attached is None or attached not in game.objects:
        nothing(game, "701.10e", "the incoming Aura would have nothing to be attached to")
        return
    source = ctx.source("701.10e")
    game.record(
        "rule", f"{game.name(incoming.top)} becomes attached in {game.name(outgoing.top)}'s place", "701.10e"
    )
    game.push(
        game.process(
            Event("move", out_oid, None, source, {"to": st.HAND, "from": st.BATTLEFIELD}),
            Event(
                "move",
                in_oid,
                None,
                source,
                {"to": st.BATTLEFIELD, "from": st.HAND, "attach": attached, "controller": ctx.controller},
            ),
        )
    )


def exchange_with_card_in_hand(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return ExchangeWithHand(ctx, instr.arg["this"], instr.arg["subtype"])


# ---------------------------------------------------------------------------------- 701.10b, untargeted


@dataclass(slots=True)
class ExchangeHighest(Frame):
    """ "You and target player exchange control of the creature you each control with the highest mana value.
    Then exchange control of artifacts the same way." One exchange per card type, in order; the permanents
    are chosen, not targeted (so shroud doesn't stop them); a player with several tied for highest chooses
    one (608.2d); a player who controls none makes that exchange do nothing."""

    ctx: Context
    players: tuple[str, str]
    kinds: tuple[str, ...]
    index: int = 0
    picked: tuple[int, ...] = ()

    def step(self, game: Game) -> None:
        who = [self.ctx.player(game, ref) for ref in self.players]
        if None in who:
            game.finish()
            nothing(game, "701.10a", "the target player is no longer a legal target")
            return
        while self.index < len(self.kinds):
            kind = self.kinds[self.index]
            player = who[len(self.picked)]
            assert player is not None
            mine = [o for o in st.battlefield(game) if o.controller == player and kind in st.types(game, o)]
            if not mine:
                game.record(
                    "rule", f"{game.pname(player)} controls no {kind}: that exchange does nothing", "701.10a"
                )
                self.next_kind()
                continue
            top = max(st.mana_value(st.printed(game, o)) for o in mine)
            tied = [o for o in mine if st.mana_value(st.printed(game, o)) == top]
            chosen = tied[0].oid if len(tied) == 1 else self.choose(game, player, kind, tied)
            if chosen is None:
                return  # a decision is pending
            self.picked = (*self.picked, chosen)
            if len(self.picked) < 2:
                continue
            a, b = self.picked
            self.next_kind()
            if game.objects[a].controller == game.objects[b].controller:
                nothing(game, "701.10b", "the same player controls both permanents")
                continue
            game.push(
                game.process(Event("exchange_control", a, None, self.ctx.source("701.10b"), {"other": b}))
            )
            return
        game.finish()

    def next_kind(self) -> None:
        self.index += 1
        self.picked = ()

    def choose(self, game: Game, player: int, kind: str, tied: list[GameObject]) -> int | None:
        answer = game.take_answer()
        if answer is not None:
            return game.card_object[int(answer[0][1:])]
        game.ask(
            Decision(
                player,
                "choose_card",
                f"choose the {kind} with the highest mana value to exchange (tied)",
                tuple(Option(f"c{o.top}", game.name(o.top)) for o in tied),
                rule="608.2d",
            )
        )
        return None


def exchange_highest(game: Game, ctx: Context, instr: Instr) -> Frame | None:
    return ExchangeHighest(ctx, instr.arg["players"], instr.arg["types"])


EXCHANGES: dict[str, Handler] = {
    "exchange_highest": exchange_highest,
    "exchange_control": exchange_control,
    "exchange_life": exchange_life,
    "exchange_life_with_toughness": exchange_life_with_toughness,
    "exchange_zones": exchange_zones,
    "exchange_text_boxes": exchange_text_boxes,
    "exchange_with_card_in_hand": exchange_with_card_in_hand,
}
