"""Resolving spells and abilities (608): targets checked again, instructions followed in order.

608.2b: if every target has become illegal, the spell or ability does nothing (the 2022 rules say it
doesn't resolve; either way nothing of its effect happens); if only some are illegal, it resolves and
the illegal ones are unaffected — for an exchange that means no part of it happens (701.10a).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...kernel import Decision, Effect, Event, Frame, Game, Option, Source
from . import state as st
from .abilities import CardReplacement
from .schema import Instr, TargetSpec
from .stack import Aim, StackItem, Target, is_legal, legal_targets, pop_item, target_text


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
    legal: tuple[bool, ...] | None = None
    """608.2b: which targets were still legal as it began to resolve (``None``: check each time)."""
    that: int | None = None
    """The object of the event that triggered the ability ("that spell"), while it still exists."""

    def source(self, rule: str | None = None) -> Source:
        return Source(self.kind, self.card, self.controller, rule=rule)

    @property
    def aim(self) -> Aim:
        return Aim(self.controller, self.card, self.host)

    def target(self, game: Game, ref: str) -> Target | None:
        """A target by ``t1``…, ``None`` when it is no longer legal (608.2b) or is gone since."""
        index = int(ref[1]) - 1
        if index >= len(self.targets):
            return None
        target = self.targets[index]
        if target[0] == "none":
            return None
        if self.legal is not None:
            if not self.legal[index]:
                return None
            if target[0] == "object" and target[1] not in game.objects:
                return None  # it changed zones while the effect was resolving (400.7)
            return target
        ok = is_legal(game, self.specs[index], target, self.targets, self.aim)
        return target if ok else None

    def obj(self, game: Game, ref: str) -> int | None:
        """An object by ``self`` or ``t1``…, ``None`` when it is gone or no longer a legal target."""
        if ref == "self":
            host = game.objects.get(self.host) if self.host is not None else None
            return host.oid if host is not None and host.zone == (st.SHARED, st.BATTLEFIELD) else None
        if ref == "that":
            return self.that if self.that is not None and self.that in game.objects else None
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


def all_targets_illegal(ctx: Context) -> bool:
    """608.2b: every target (of those chosen) is illegal."""
    chosen = [ok for ok, t in zip(ctx.legal or (), ctx.targets, strict=False) if t[0] != "none"]
    return bool(chosen) and not any(chosen)


@dataclass(slots=True)
class MayChoice(Frame):
    """603.5: "you may" — the controller chooses as the ability resolves; finishes with True or False."""

    player: int
    text: str

    def step(self, game: Game) -> None:
        answer = game.take_answer()
        if answer is None:
            game.ask(
                Decision(
                    self.player,
                    "may",
                    f"{self.text}: do it?",
                    (Option("yes", "yes"), Option("no", "no")),
                    rule="603.5",
                )
            )
            return
        game.finish(answer[0] == "yes")


@dataclass(slots=True)
class ResolveTop(Frame):
    """608.2: resolve the top of the stack."""

    stage: int = 0
    item: StackItem | None = None
    temporary: tuple[int, ...] = ()
    ctx: Context | None = None
    instrs: tuple[Instr, ...] = ()

    def step(self, game: Game) -> None:
        if self.stage == 0:
            self.begin(game)
            return
        if self.stage == 1:
            self.stage = 2
            if game.returned is False:
                game.record("rule", "its controller chooses not to: nothing happens", "603.5")
            elif self.ctx is not None:
                self.run(game, self.ctx)
                return
        for eid in self.temporary:
            game.effects.remove(eid)
        self.temporary = ()
        item = self.item
        game.finish()
        if item is not None and item.kind == "spell" and item.host in game.objects:
            game.push(game.process(leave_stack(game, item)))

    def begin(self, game: Game) -> None:
        self.stage = 2
        item = self.item = pop_item(game)
        definition = st.catalog(game)[item.text or game.name(item.card)]
        optional = still = False
        if item.kind in ("ability", "trigger"):
            spec = definition.abilities[item.ability]
            specs, instrs, kind = spec.targets, spec.effect, "ability"
            optional, still = bool(spec.get("optional")), bool(spec.get("still_resolves"))
        elif definition.spell is not None:
            specs, instrs, kind = definition.spell.targets, definition.spell.effect, "spell"
        else:
            specs, instrs, kind = (), (), "spell"  # a permanent spell: it just enters (608.3)
        ctx = Context(
            item.controller,
            item.card,
            item.host,
            item.targets,
            specs,
            item.kicked,
            item.amount,
            kind=kind,
            that=item.that,
        )
        ctx = replace(ctx, legal=legal_targets(game, specs, item.targets, ctx.aim))
        what = definition.name if item.kind == "spell" else f"{definition.name}'s ability"
        game.record("rule", f"{what} resolves", "608.2")
        if all_targets_illegal(ctx) and not still:
            game.record("rule", f"all targets of {what} are illegal: it does nothing", "608.2b")
            return
        for target, ok in zip(ctx.targets, ctx.legal or (), strict=False):
            if not ok and target[0] != "none":
                game.record(
                    "rule", f"{target_text(game, target)} is an illegal target and is unaffected", "608.2b"
                )
        if kind == "spell" and definition.spell is not None:
            self.temporary = tuple(e.eid for e in self_replacements(game, ctx, definition.name))
        self.ctx, self.instrs = ctx, instrs
        if optional:
            self.stage = 1
            game.push(MayChoice(item.controller, what))
            return
        self.run(game, ctx)

    def run(self, game: Game, ctx: Context) -> None:
        self.stage = 2
        game.push(RunInstructions(ctx, self.instrs))


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
