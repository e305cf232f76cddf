"""The Duel Masters replacement policy (101.5, 609.4, 609.8, 609.9, 609.9a, 609.9b).

* 101.5 / 609.3 — one replacement per event; an event made by a replacement is not replaced again. Later
  events that the substitute *causes* are fresh (seed 000, 2021-09-24: a stolen ability → battle → a
  leaving replacement).
* 609.8 / 101.5b — the turn player's replacements have priority; among one player's own, that player
  chooses which applies.
* 609.8a — a spell's own replacement of its move (チャージャー) is the only one offered for that move, to
  its controller, whoever's turn it is (``spells_own``).
* 609.9 / 609.9a — for simultaneous events, the turn player first decides which of their replacements
  apply to which events, choosing the affected cards at that point; then the non-turn player does the
  same for the events left; then everything is applied at once.
* 609.9b — a card chosen for one replacement cannot be chosen for another.
* 609.4 — a replacement whose substitute cannot be performed cannot apply (it is never offered).
* 110.5 — the substitute keeps the source of the event it replaces.
* Before 2023-04-10 (``game.info["rules_date"]``, psychic.py): 609.9 did not exist; simultaneous
  events were replaced and applied one event at a time, in order (左から順に).
* 806.1b — リンク解除 is not a replacement; once the replacements are decided, a linked creature's leave
  becomes リンク解除 (psychic.py).
* 808.1d — an effect moving one dragheart cell of a dragheart super creature out of the battle zone meets the
  replacements of the creature leaving (psychic.cell_leaving_as_creature).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...cards.schema import Action
from ...kernel import (
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    Option,
    Plan,
    Replacement,
    ReplacementOutcome,
    ReplacementPolicy,
    any_prohibited,
    applicable_replacements,
)
from .psychic import cell_leaving_as_creature, one_event_at_a_time, release_links
from .zones import ABYSS, PENDING


def candidates(game: Game, event: Event) -> list[Effect]:
    """Replacement effects that watch for ``event`` (101.5: none for an event a replacement made; 701.33b:
    none for a card being sent to the 深淵ゾーン)."""
    if event.replaced_by or event.get("to") == ABYSS:
        return []
    found = applicable_replacements(game, event)
    whole = cell_leaving_as_creature(game, event) if event.kind == "move_card" else None
    if whole is not None:  # 808.1d: a dragheart cell leaving alone meets the creature's leave replacements
        found += [e for e in applicable_replacements(game, whole) if e not in found]
    return found


def spells_own(game: Game, event: Event, effect: Effect) -> bool:
    """609.8a: a spell's effect replacing the spell's own move (チャージャー, 「墓地に置くかわりに…」 in its
    text): the event moves the spell out of 保留状態 and the replacement is hosted on that spell."""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    return obj is not None and obj.zone[1] == PENDING and effect.host == obj.oid


def _label(effect: Effect, index: int) -> str:
    """``r<effect id>:c<card with the ability>:e<event index>`` — the card part lets a scenario name the
    option by the card's alias."""
    return f"{effect.option_label}:e{index}"


def _taker_key(effect: Effect) -> tuple[int | None, str]:
    """Where a card-taking replacement takes its cards from, as far as order matters: the same printed
    ability of the same player (one "top card of my deck instead" on two events, or two of it) takes from the
    same place — its player's deck top — while different abilities are taken to use different cards."""
    ability: Any = effect.ability
    card = getattr(ability, "card", None) or getattr(getattr(ability, "inner", None), "card", "")
    return (effect.controller, f"{card}/{getattr(ability, 'label', '')}")


def _independent(pairs: list[tuple[int, Effect]]) -> bool:
    """Mandatory replacements on different events that choose nothing: applying them in any order gives
    the same result, so the player is not asked — unless two of them take cards (even the top card of a
    deck, which asks nothing): a card one takes cannot be taken by another (609.9b), so which event gets
    it is the player's decision (609.9a)."""
    events = [index for index, _ in pairs]
    takers = [_taker_key(effect) for _, effect in pairs if getattr(effect.ability, "takes_cards", True)]
    return (
        len(set(events)) == len(events)
        and len(set(takers)) == len(takers)
        and all(
            not effect.ability.optional and not effect.ability.needs_choice  # type: ignore[attr-defined]
            for _, effect in pairs
        )
    )


@dataclass(slots=True)
class DuelMastersReplacement(Frame):
    events: tuple[Event, ...]
    order: tuple[int, ...] = ()
    turn: int = 0
    """Index into ``order`` of the player now deciding (609.9a)."""
    assigned: dict[int, tuple[int, Plan]] = field(default_factory=dict)
    """Event index → (effect id, plan)."""
    chosen: set[int] = field(default_factory=set)
    tried: set[tuple[int, int]] = field(default_factory=set)
    planning: tuple[int, int] | None = None
    noted: set[tuple[int, int]] = field(default_factory=set)
    """Replacements already logged as impossible (609.4), so the log says it once."""
    contested: bool = False
    """Whether a player had to choose among replacements (609.8)."""
    final: ReplacementOutcome | None = None
    released: dict[int, int] = field(default_factory=dict)
    """リンク解除: event index → the psychic cell chosen to leave (psychic.py)."""
    together_eid: int | None = None
    """A ``together`` replacement being applied (「それらを…すべて」, ``CardReplacement.together``)…"""
    together: tuple[int, ...] = ()
    """…the events still to plan for it…"""
    together_done: tuple[int, ...] = ()
    """…and those already planned for it, undone if one of the others cannot be (609.4)."""

    def describe(self) -> str:
        return f"DuelMastersReplacement({len(self.events)} events, {len(self.assigned)} assigned)"

    def step(self, game: Game) -> None:
        if not self.order:
            self.order = tuple(game.rules.waiting_order(game))
            reveal_hidden(game, self.events)
        if self.planning is not None:
            self.receive_plan(game)
            if self.together_eid is not None:  # 「それらを…すべて」: the same replacement, the next event
                if self.together:
                    self.plan_next_together(game)
                    return
                self.finish_together(game)
        while self.turn < len(self.order):
            player = self.order[self.turn]
            pairs = self.offers(game, player)
            if not pairs:
                # 609.9a: once the turn player applies nothing more, the non-turn player decides.
                self.pass_on(game, player)
                continue
            pick = self.pick(game, player, pairs)
            if pick is None:
                return  # a decision is pending
            if isinstance(pick, str):  # "done": this player applies nothing more
                self.pass_on(game, player)
                continue
            index, effect = pick
            if getattr(effect.ability, "together", False):
                # 「…を1体以上…する時、それらを…かわりにすべて…」: one application covers every event of the
                # batch it can replace — planned one after another, all or none (609.4)
                self.together_eid = effect.eid
                self.together = self.together_events(game, effect)
                self.together_done = ()
                self.tried |= {(effect.eid, i) for i in self.together}
                self.plan_next_together(game)
                return
            self.tried.add((effect.eid, index))
            self.planning = (index, effect.eid)
            ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
            game.push(ability.plan(game, effect, self.events[index], frozenset(self.chosen)))
            return
        if self.final is None:
            self.final = self.outcome(game)

        events = release_links(game, self.final.events, self.released)  # 806.1b
        if events is not None:
            game.finish(ReplacementOutcome(events, self.final.followups))

    def together_events(self, game: Game, effect: Effect) -> tuple[int, ...]:
        """The events of the batch not yet replaced that ``effect`` watches for (it is offered only when it
        can replace every one of them: ``offers``)."""
        return tuple(
            i
            for i, event in enumerate(self.events)
            if i not in self.assigned and any(e.eid == effect.eid for e in candidates(game, event))
        )

    def plan_next_together(self, game: Game) -> None:
        index, self.together = self.together[0], self.together[1:]
        effect = game.effects.get(self.together_eid)  # type: ignore[arg-type]  # set with the queue
        assert effect is not None
        self.planning = (index, effect.eid)
        ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
        game.push(ability.plan(game, effect, self.events[index], frozenset(self.chosen)))

    def finish_together(self, game: Game) -> None:
        """Every event of a ``together`` replacement is planned: its substitutes, performed as one batch,
        must all be possible — a limit may allow some of them and not all (各ターン、…3体までしか出せない),
        and then it cannot be applied at all (609.4)."""
        eid = self.together_eid
        assert eid is not None
        self.together_eid = None
        planned = tuple(event for i in self.together_done for event in self.assigned[i][1].events)
        if not any_prohibited(game, planned):
            self.applied(game, eid)
            return
        effect = game.effects.get(eid)
        label = effect.ability.label if effect else f"effect {eid}"
        game.record(
            "rule", f"{label} cannot be applied: not all of its substitute could be performed", "609.4"
        )
        self.undo_together()

    def undo_together(self) -> None:
        for done in self.together_done:
            del self.assigned[done]
        self.chosen = {c for _, plan in self.assigned.values() for c in plan.chosen}
        self.together_eid, self.together, self.together_done = None, (), ()

    def applied(self, game: Game, eid: int) -> None:
        """各ターンに一度 (``once_per_turn``): the replacement has been applied (to every event it covers)."""
        effect = game.effects.get(eid)
        mark = getattr(effect.ability, "mark_used", None) if effect is not None else None
        if mark is not None:
            mark(game, effect)

    def pass_on(self, game: Game, player: int) -> None:
        """609.9a: this player applies no (more) replacements; the next player decides."""
        self.turn += 1
        if self.turn < len(self.order) and self.offers(game, self.order[self.turn]):
            nxt = self.order[self.turn]
            game.record(
                "rule",
                f"{game.pname(player)} applies no more replacement effects; {game.pname(nxt)} decides now",
                "609.9a",
            )

    def offers(self, game: Game, player: int) -> list[tuple[int, Effect]]:
        pairs = []
        excluded = frozenset(self.chosen)
        for index, event in enumerate(self.events):
            if index in self.assigned:
                continue
            found = candidates(game, event)
            own = [effect for effect in found if spells_own(game, event, effect)]
            for effect in own or found:  # 609.8a: the spell's own replacement first, whoever's turn it is
                if effect.controller != player or (effect.eid, index) in self.tried:
                    continue
                ability: Replacement = effect.ability  # type: ignore[assignment]  # REPLACEMENT entries
                if getattr(ability, "together", False):
                    # 「それらを…すべて」: offered once, on its first event, if it can replace them all
                    covered = self.together_events(game, effect)
                    if covered[0] != index:
                        continue
                    feasible = all(ability.feasible(game, effect, self.events[i], excluded) for i in covered)
                else:
                    feasible = ability.feasible(game, effect, event, excluded)  # 609.4 and 609.9b
                if feasible:
                    pairs.append((index, effect))
                elif (effect.eid, index) not in self.noted:
                    self.noted.add((effect.eid, index))
                    game.record(
                        "rule",
                        f"{effect.ability.label} cannot be applied to "
                        f"{game.rules.describe_event(game, event)}: its substitute cannot be performed",
                        "609.4",
                    )
        return pairs

    def pick(
        self, game: Game, player: int, pairs: list[tuple[int, Effect]]
    ) -> tuple[int, Effect] | str | None:
        mandatory = [p for p in pairs if not p[1].ability.optional]  # type: ignore[attr-defined]  # Replacement
        if (len(pairs) == 1 and mandatory) or _independent(pairs):
            return pairs[0]
        events = [index for index, _ in pairs]
        self.contested = len(set(events)) < len(events)  # several replacements want one event (609.8)
        answer = game.take_answer()
        by_label = {_label(effect, index): (index, effect) for index, effect in pairs}
        if answer is None:
            options = [
                Option(
                    _label(effect, index),
                    f"{effect.ability.label} on {game.rules.describe_event(game, self.events[index])}",
                )
                for index, effect in pairs
            ]
            if not mandatory:
                options.append(Option("none", "apply no (more) replacement effects"))
            game.ask(
                Decision(
                    player,
                    "replacement",
                    "choose a replacement effect to apply (one per event; turn player first)",
                    tuple(options),
                    rule="609.9a" if len(self.events) > 1 else ("609.8" if self.contested else "609.1"),
                )
            )
            return None
        return "done" if answer[0] == "none" else by_label[answer[0]]

    def receive_plan(self, game: Game) -> None:
        index, eid = self.planning  # type: ignore[misc]  # set just before the plan frame was pushed
        self.planning = None
        plan: Plan | None = game.returned
        effect = game.effects.get(eid)
        label = effect.ability.label if effect else f"effect {eid}"
        if plan is None:
            game.record("rule", f"{label} cannot be applied: its substitute cannot be performed", "609.4")
            if self.together_eid is not None:  # 「それらを…すべて」: all of them or none (609.4)
                self.undo_together()
            return
        self.assigned[index] = (eid, plan)
        self.chosen |= plan.chosen
        if self.together_eid is not None:
            self.together_done = (*self.together_done, index)
        elif effect is not None:
            self.applied(game, eid)
        names = ", ".join(game.name(c) for c in sorted(plan.chosen))
        rule = "609.9a" if len(self.events) > 1 else ("609.8" if self.contested else "609.1")
        if effect is not None and spells_own(game, self.events[index], effect):
            rule = "609.8a"
        game.record(
            "replacement",
            f"{game.pname(effect.controller if effect else None)} applies {label} to "
            f"{game.rules.describe_event(game, self.events[index])}"
            + (f" choosing {names}" if names else ""),
            rule,
            effect=eid,
            chosen=sorted(plan.chosen),
        )
        if len(self.events) > 1 and plan.chosen:
            game.record("rule", "cards chosen for this replacement cannot be chosen for another", "609.9b")

    def outcome(self, game: Game) -> ReplacementOutcome:
        final: list[Event] = []
        followups: list[Frame] = []
        for index, event in enumerate(self.events):
            if index not in self.assigned:
                if not _interrupted(game, event, self.chosen):
                    final.append(event)
                continue
            eid, plan = self.assigned[index]
            for sub in plan.events:
                # 110.5: the substitute keeps the original's source; 101.5: it is marked as replaced.
                source = event.source if plan.keep_source else sub.source
                final.append(replace(sub, source=source, parent=event, replaced_by=(*event.replaced_by, eid)))
            if plan.followup is not None:
                followups.append(plan.followup)
        if len(self.events) > 1 and self.assigned:
            game.record("rule", "all chosen replacements apply at once", "609.9")
        elif self.assigned:
            game.record("rule", "the replaced event does not happen; its substitute happens instead", "609.4")
        return ReplacementOutcome(tuple(final), tuple(followups))


def reveal_hidden(game: Game, events: tuple[Event, ...]) -> None:
    """400.2f: a card moving out of a hidden zone is normally shown once it has moved; when a replacement
    effect needs its text, every player sees it just before it moves (not a "turn face up" effect)."""
    for event in events:
        obj = game.objects.get(event.subject) if event.subject is not None else None
        if obj is None:
            continue
        hidden = obj.zone[1] in ("hand", "deck") or (obj.zone[1] == "shield_zone" and obj.face_down)
        if hidden and candidates(game, event):
            game.record(
                "reveal",
                f"{game.name(obj.top)} is shown to every player: a replacement reads it before it moves",
                "400.2f",
                cards=list(obj.cards),
            )


def _interrupted(game: Game, event: Event, chosen: set[int]) -> bool:
    """A replacement's application interrupts the effect (seed 000, 2022-04-08): an unreplaced event of the
    same batch that would move a card the replacement's substitute moves does not happen — the card goes
    where the substitute puts it (to the deck instead of the hand)."""
    obj = game.objects.get(event.subject) if event.subject is not None and chosen else None
    if obj is None or not chosen.intersection(obj.cards):
        return False
    game.record(
        "rule",
        f"{game.rules.describe_event(game, event)} does not happen: a replacement moves that card instead",
        "609.9",
    )
    return True


@dataclass(slots=True)
class InOrder(Frame):
    """Run frames one after another (a substitute's rest, then its そうしたら follow-up)."""

    frames: tuple[Frame, ...]
    i: int = 0

    def describe(self) -> str:
        return f"InOrder({len(self.frames)} frames, at {self.i})"

    def step(self, game: Game) -> None:
        if self.i < len(self.frames) and game.result is None:
            self.i += 1
            game.push(self.frames[self.i - 1].clone())
            return
        game.finish()


def split_after_draw(actions: tuple[Action, ...]) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """609.6a / 605.2c: a substitute that draws, then does more ("かわりにカードを2枚引く。その後、手札を1枚
    捨てる"), is carried out in order — its later parts choose among what the draws brought, so they run
    after the draws are performed, as the rest of the same substitute (101.5: not replaced again). So is a
    substitute that uses a card (``use``: the card is chosen and used as the step runs) or whose step saves
    what it does for the steps after it (``as:``, 「こうして…した時」): from that step on, in order."""
    for i, action in enumerate(actions):
        if action.op == "use" or (action.args.get("_as") and i < len(actions) - 1):
            return actions[:i], actions[i:]
        if action.op == "draw" and i < len(actions) - 1:
            return actions[: i + 1], actions[i + 1 :]
    return actions, ()


class DuelMastersPolicy(ReplacementPolicy):
    name = "duel_masters"

    def frame(self, game: Game, events: tuple[Event, ...]) -> Frame:
        sequential = one_event_at_a_time(game, events)
        return sequential if sequential is not None else DuelMastersReplacement(events)
