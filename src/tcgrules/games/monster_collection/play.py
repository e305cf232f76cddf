"""Using cards and abilities: the idle decision, [対抗] responses, and resolving an effect's steps.

* :class:`Main` — the active player's idle decision: use a spell or item from the hand (an item is used by
  one of the player's units), or a unit's ability, on a target unit; or pass.
* :class:`Chain` — after a use, the other player may respond with a [対抗] card, and so on; then the uses
  resolve last first: the [対抗] effect resolves before the effect it answered (example 5).
* :class:`Resolve` — an effect's steps in order. The effect is *not applied* when its target is gone
  (4.1.15); being replaced is not that (example 5): "効果適用後" still runs, with n the damage the effect
  actually dealt (0 when its damage was replaced).

Labels: ``use:c<card>:c<target>``, ``use:c<item>:c<target>:by:c<unit>``, ``ability:c<unit>:<i>:c<target>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel import Decision, DefinitionError, Event, Frame, Game, Happened, Option, Source
from .abilities import LoseResistances, card_def, replacement, resistances
from .cards import DAMAGE_ATTRIBUTES, After, Damage, Grant, Step, UseSpec
from .rules import FIELD, HAND, TRASH, Settle


@dataclass(frozen=True, slots=True)
class Use:
    """One use of a card or a unit's ability. ``target`` is the target's object id at declaration (a
    unit that left and came back is a new object, no longer the target); ``user`` the unit using an item;
    ``ability`` the index of a unit's ability; ``version`` ``original`` plays a card's pre-erratum text."""

    player: int
    card: int
    target: int
    user: int | None = None
    ability: int | None = None
    version: str = "erratum"


def use_spec(game: Game, use: Use) -> UseSpec:
    card = card_def(game, use.card)
    spec = card.abilities[use.ability] if use.ability is not None else card.use_for(use.version)
    if spec is None:
        raise DefinitionError(f"{card.name} has no effect to use")
    return spec


def use_source(game: Game, use: Use) -> Source:
    """4.8/4.9: the source is the card with the ability that makes the effect (a unit for its ability)."""
    card = card_def(game, use.card)
    ability = use_spec(game, use).name if use.ability is not None else None
    return Source(card.types[0], use.card, use.player, ability=ability)


def label_of(game: Game, use: Use) -> str:
    target = game.objects[use.target].top
    if use.ability is not None:
        return f"ability:c{use.card}:{use.ability}:c{target}"
    return f"use:c{use.card}:c{target}" + (f":by:c{use.user}" if use.user is not None else "")


def use_text(game: Game, use: Use) -> str:
    spec = use_spec(game, use)
    what = f"{game.name(use.card)}'s {spec.name}" if spec.name else game.name(use.card)
    by = f" (used by {game.name(use.user)})" if use.user is not None else ""
    return f"{what}{by} targeting {game.name(game.objects[use.target].top)}"


def use_options(game: Game, player: int, *, counter_only: bool) -> dict[str, Use]:
    """Every use open to ``player`` now, by label (for a response, only [対抗] cards)."""
    targets = [oid for (_, zone), oids in sorted(game.zones.items()) if zone == FIELD for oid in oids]
    own_units = [game.objects[oid].top for oid in game.zones.get((player, FIELD), [])]
    uses: list[Use] = []
    for oid in game.zones.get((player, HAND), []):
        cid = game.objects[oid].top
        card = card_def(game, cid)
        if card.use is None or card.is_unit or (counter_only and not card.is_counter):
            continue
        users: list[int | None] = list(own_units) if "消耗品" in card.types else [None]
        uses += [Use(player, cid, t, user=u) for u in users for t in targets]
    if not counter_only:
        for unit in own_units:
            for i in range(len(card_def(game, unit).abilities)):
                uses += [Use(player, unit, t, ability=i) for t in targets]
    return {label_of(game, u): u for u in uses}


def declare(game: Game, use: Use) -> None:
    """Announce a use; a spell or item goes from the hand to its owner's trash (捨て札)."""
    game.record("info", f"{game.pname(use.player)} uses {use_text(game, use)}", None, card=use.card)
    if use.ability is None:
        game.move_object(game.card_object[use.card], (game.cards[use.card].owner, TRASH))


@dataclass(slots=True)
class Main(Frame):
    """The active player's idle decision (no turn structure: scenarios and tests drive the game)."""

    def step(self, game: Game) -> None:
        player = game.active_player
        options = use_options(game, player, counter_only=False)
        answer = game.take_answer()
        if answer is None:
            game.ask(
                Decision(
                    player,
                    "main",
                    "use a card or an ability on a unit, or pass",
                    (*(Option(k, use_text(game, u)) for k, u in options.items()), Option("pass", "pass")),
                )
            )
            return
        if answer[0] != "pass":
            use = options[answer[0]]
            declare(game, use)
            game.push(Chain([use], 1 - player))


@dataclass(slots=True)
class Chain(Frame):
    """Uses waiting to resolve, the last first; ``responder`` may answer the last with a [対抗] card."""

    uses: list[Use]
    responder: int
    responding: bool = True

    def step(self, game: Game) -> None:
        if self.responding and not self.respond(game):
            return
        if self.uses:
            # [対抗]: the effect used in response resolves first (example 5).
            game.push(Resolve(self.uses.pop()))
            return
        game.finish()

    def respond(self, game: Game) -> bool:
        """Ask for a [対抗] response; True once nobody responds any more."""
        options = use_options(game, self.responder, counter_only=True)
        if not options:
            self.responding = False
            return True
        answer = game.take_answer()
        if answer is None:
            last = use_text(game, self.uses[-1])
            game.ask(
                Decision(
                    self.responder,
                    "response",
                    f"respond to {last} with a [対抗] card, or pass",
                    (*(Option(k, use_text(game, u)) for k, u in options.items()), Option("pass", "pass")),
                )
            )
            return False
        if answer[0] == "pass":
            self.responding = False
            return True
        use = options[answer[0]]
        declare(game, use)
        game.record("rule", f"{game.name(use.card)} is used in response ([対抗]): it resolves first")
        self.uses.append(use)
        self.responder = 1 - self.responder
        return False


@dataclass(slots=True)
class Resolve(Frame):
    """Resolve one use: its steps in order (see the module docstring for 4.1.15)."""

    use: Use
    index: int = 0
    started: bool = False
    waiting: bool = False
    dealt: int = 0

    def step(self, game: Game) -> None:
        if not self.started and not self.start(game):
            return
        if self.waiting:
            self.waiting = False
            self.dealt += damage_dealt(game.returned or [], self.use)
        steps = use_spec(game, self.use).steps
        while self.index < len(steps):
            step = steps[self.index]
            if isinstance(step, Damage):
                if self.damage(game, step):
                    return
                continue
            if isinstance(step, After):
                game.record(
                    "rule",
                    f"{game.name(self.use.card)}: the effect was applied (being replaced is not "
                    f"'not applied'), so 効果適用後 {step.text} runs with n = {self.dealt}",
                    "4.1.15",
                    n=self.dealt,
                )
            else:
                apply_step(game, self.use, step)
            self.index += 1
        game.finish()

    def start(self, game: Game) -> bool:
        self.started = True
        target = game.objects.get(self.use.target)
        if target is None or target.zone[1] != FIELD:
            game.record(
                "rule", f"{game.name(self.use.card)}'s effect is not applied: its target is gone", "4.1.15"
            )
            game.finish()
            return False
        game.record("rule", f"resolving {use_text(game, self.use)}")
        return True

    def damage(self, game: Game, step: Damage) -> bool:
        """Propose the damage (asking for 任意のダメージ属性1つ first); True when waiting for something."""
        attribute = step.attribute
        if attribute == "choose":
            answer = game.take_answer()
            if answer is None:
                game.ask(
                    Decision(
                        self.use.player,
                        "attribute",
                        f"choose the damage attribute of {game.name(self.use.card)}'s damage",
                        tuple(Option(f"attr:{a}", a) for a in DAMAGE_ATTRIBUTES),
                    )
                )
                return True
            attribute = answer[0].removeprefix("attr:")
        amount = step.amount + roll(game, step.dice)
        args = {"attribute": attribute, "amount": amount, "user": self.use.user}
        self.index += 1
        self.waiting = True
        game.push(Settle((Event("damage", self.use.target, None, use_source(game, self.use), args),)))
        return True


def roll(game: Game, dice: int) -> int:
    if not dice:
        return 0
    rolls = [game.rng.below(6) + 1 for _ in range(dice)]
    game.record("info", f"rolls {dice}D: {rolls}")
    return sum(rolls)


def damage_dealt(happened: list[Happened], use: Use) -> int:
    """The damage this use actually dealt to its target (a replaced damage never happened, 10.8.3)."""
    return sum(
        int(h.get("amount", 0))
        for h in happened
        if h.kind == "damage" and h.old == use.target and h.event.source.card == use.card
    )


def apply_step(game: Game, use: Use, step: Step) -> None:
    """A step that applies continuous effects to the target (losing 耐性, replacement effects)."""
    source = use_source(game, use)
    target = use.target
    name = game.name(use.card) + (" (エラッタ前)" if use.version == "original" else "")
    unit = game.name(game.objects[target].top)
    if isinstance(step, Grant):
        for spec in step.replacements:
            game.effects.add(replacement(spec, name), use.player, source, host=target, targets=(target,))
        game.record("info", f"{name}'s replacement effect applies to {unit}", "10.8")
    elif not isinstance(step, Damage | After):
        before = resistances(game, target)
        game.effects.add(LoseResistances(), use.player, source, host=target, targets=(target,))
        after = resistances(game, target)
        game.record("info", f"{unit} loses 耐性 {list(before)} → {list(after)} ({name})")
