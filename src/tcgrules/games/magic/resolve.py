"""Resolving spells and abilities (608): targets checked again, instructions followed in order.

608.2b: if every target has become illegal, the spell or ability does nothing (the 2022 rules say it
doesn't resolve; either way nothing of its effect happens); if only some are illegal, it resolves and
the illegal ones are unaffected — for an exchange that means no part of it happens (701.10a).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...kernel import Effect, Event, Frame, Game, Source
from . import state as st
from .abilities import CardReplacement
from .schema import Instr, TargetSpec
from .stack import ChooseTargets, StackItem, Target, is_legal, pop_item


@dataclass(frozen=True, slots=True)
class Context:
    """Who and what a resolving effect is about."""

    controller: int
    card: int | None
    host: int | None
    """The source object ("self"): a permanent, or the spell's stack object."""
    targets: tuple[Target, ...] = ()
    specs: tuple[TargetSpec, ...] = ()
    kicked: bool = False
    amount: int = 0
    """For a triggered ability: the amount of the event that triggered it ("that many")."""
    rule: str = "608.2"
    kind: str = "ability"

    def source(self, rule: str | None = None) -> Source:
        return Source(self.kind, self.card, self.controller, rule=rule)

    def target(self, game: Game, ref: str) -> Target | None:
        """A target by ``t1``…, ``None`` when it is no longer legal (608.2b)."""
        index = int(ref[1]) - 1
        if index >= len(self.targets):
            return None
        target = self.targets[index]
        ok = is_legal(game, self.specs[index], target, self.targets, self.controller)
        return target if ok else None

    def obj(self, game: Game, ref: str) -> int | None:
        """An object by ``self`` or ``t1``…, ``None`` when it is gone or no longer a legal target."""
        if ref == "self":
            host = game.objects.get(self.host) if self.host is not None else None
            return host.oid if host is not None and host.zone == (st.SHARED, st.BATTLEFIELD) else None
        target = self.target(game, ref)
        return target[1] if target is not None and target[0] == "object" else None

    def player(self, game: Game, ref: str) -> int | None:
        if ref == "you":
            return self.controller
        target = self.target(game, ref)
        return target[1] if target is not None and target[0] == "player" else None


Handler = Callable[[Game, Context, Instr], Frame | None]


def handlers() -> dict[str, Handler]:
    from .exchange import EXCHANGES
    from .instructions import INSTRUCTIONS

    return {**INSTRUCTIONS, **EXCHANGES}


@dataclass(slots=True)
class RunInstructions(Frame):
    ctx: Context
    instrs: tuple[Instr, ...]
    index: int = 0

    def step(self, game: Game) -> None:
        table = handlers()
        while self.index < len(self.instrs):
            instr = self.instrs[self.index]
            self.index += 1
            frame = table[instr.op](game, self.ctx, instr)
            if frame is not None:
                game.push(frame)
                return
        game.finish()


@dataclass(slots=True)
class ResolveAbility(Frame):
    """A triggered ability: its targets are chosen as it resolves (a simplification: nobody can respond
    between 603.3d and resolution here), then its instructions run."""

    ctx: Context
    specs: tuple[TargetSpec, ...]
    instrs: tuple[Instr, ...]
    stage: int = 0

    def step(self, game: Game) -> None:
        if self.stage == 0 and self.specs:
            self.stage = 1
            name = game.name(self.ctx.card) if self.ctx.card is not None else "a triggered ability"
            game.push(ChooseTargets(self.specs, self.ctx.controller, name))
            return
        if self.stage == 1:
            targets: tuple[Target, ...] | None = game.returned
            if targets is None:
                game.record("rule", "the triggered ability has no legal targets and is removed", "603.3d")
                game.finish()
                return
            self.ctx = Context(
                self.ctx.controller, self.ctx.card, self.ctx.host, targets, self.specs, amount=self.ctx.amount
            )
        self.stage = 2
        game.finish()
        game.push(RunInstructions(self.ctx, self.instrs))


def all_targets_illegal(game: Game, ctx: Context) -> bool:
    return bool(ctx.targets) and all(
        not is_legal(game, spec, t, ctx.targets, ctx.controller)
        for spec, t in zip(ctx.specs, ctx.targets, strict=True)
    )


@dataclass(slots=True)
class ResolveTop(Frame):
    """608.2: resolve the top of the stack."""

    stage: int = 0
    item: StackItem | None = None
    temporary: tuple[int, ...] = ()

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.begin(game)
            return
        for eid in self.temporary:
            game.effects.remove(eid)
        self.temporary = ()
        item = self.item
        game.finish()
        if item is not None and item.kind == "spell" and item.host in game.objects:
            game.push(game.process(leave_stack(game, item)))

    def begin(self, game: Game) -> None:
        self.stage = 1
        item = self.item = pop_item(game)
        definition = st.catalog(game)[item.text or game.name(item.card)]
        if item.kind == "ability":
            spec = definition.abilities[item.ability]
            specs, instrs, kind = spec.targets, spec.effect, "ability"
        elif definition.spell is not None:
            specs, instrs, kind = definition.spell.targets, definition.spell.effect, "spell"
        else:
            specs, instrs, kind = (), (), "spell"  # a permanent spell: it just enters (608.3)
        ctx = Context(item.controller, item.card, item.host, item.targets, specs, item.kicked, kind=kind)
        game.record("rule", f"{definition.name} resolves", "608.2")
        if all_targets_illegal(game, ctx):
            game.record("rule", f"all targets of {definition.name} are illegal: it does nothing", "608.2b")
            return
        if kind == "spell" and definition.spell is not None:
            self.temporary = tuple(e.eid for e in self_replacements(game, ctx, definition.name))
        game.push(RunInstructions(ctx, instrs))


def self_replacements(game: Game, ctx: Context, name: str) -> list[Effect]:
    """614.15: a spell's own "instead" applies to the events this spell causes while it resolves."""
    definition = st.catalog(game)[name]
    assert definition.spell is not None, name
    out = []
    for spec in definition.spell.self_replacements:
        if spec.get("condition") == "kicked" and not ctx.kicked:
            continue
        ability = CardReplacement(spec, name, self_replacement=True)
        out.append(game.effects.add(ability, ctx.controller, ctx.source()))
    return out


def leave_stack(game: Game, item: StackItem) -> Event:
    """608.2n: an instant or sorcery goes to its owner's graveyard; 608.3: a permanent spell enters."""
    assert item.host is not None
    definition = st.catalog(game)[game.name(item.card)]
    to = st.BATTLEFIELD if definition.is_permanent_card else st.GRAVEYARD
    rule = "608.3" if to == st.BATTLEFIELD else "608.2n"
    args = {"to": to, "from": st.STACK, "controller": item.controller}
    return Event("move", item.host, None, Source("rule", item.card, item.controller, rule=rule), args)
