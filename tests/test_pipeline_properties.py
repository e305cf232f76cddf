"""Hypothesis properties of the kernel's event pipeline under the Duel Masters replacement policy.

A tiny game is defined here on top of the kernel: cards are one-card objects in four zones per player,
the only event is ``move`` (``subject`` an object id, ``args["to"]`` a zone name, ``args["card"]`` the card
id for the checks), and ``perform`` moves the object. Random batches of simultaneous moves meet random
sets of replacement effects (optional or mandatory, owned by either player, redirecting the move, adding
a chosen card, asking their controller, failing per 609.4, carrying a 101.5a follow-up), a prohibition
and a recording trigger. Pending decisions are answered by a seeded random chooser.

Properties: cards are conserved; one replacement per event and a replacement's event is not replaced
again (101.5); the substitute keeps the source (110.5); triggers see only what was performed (603.2d);
the turn player assigns replacements first (609.9a); a prohibited event is never replaced (700.3); a copy
taken mid-pipeline continues identically.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgrules.games.duel_masters.replacement import DuelMastersPolicy
from tcgrules.kernel import (
    Decision,
    Effect,
    Event,
    Frame,
    Game,
    GameRules,
    Happened,
    Option,
    Plan,
    ProcessEvents,
    Prohibition,
    Replacement,
    Rng,
    Source,
    Triggered,
    Waiting,
)
from tcgrules.kernel import save as S

ZONES = ("a", "b", "c", "d")
MAX_ANSWERS = 500

PROPERTY_SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# ------------------------------------------------------------------------------------------ the game


class MoveRules(GameRules):
    """Moves one-card objects between zones; remembers everything it performed, in order."""

    name = "pipeline-test"

    def __init__(self) -> None:
        self.policy = DuelMastersPolicy()
        self.performed: list[Happened] = []
        self.proposed: list[Event] = []
        self.planned: dict[int, list[Event]] = defaultdict(list)
        """Effect id → the substitute events its plans made (before the policy marks them)."""

    def next_frame(self, game: Game) -> Frame:
        return End()

    def perform(self, game: Game, event: Event) -> Happened | None:
        obj = game.objects.get(event.subject) if event.subject is not None else None
        if obj is None:
            return None  # it already moved in this batch
        from_zone = obj.zone
        cards = tuple(obj.cards)
        (new,) = game.move_object(obj.oid, (game.cards[obj.top].owner, event.get("to")))
        happened = Happened(event, cards, obj.oid, new.oid, {"from": from_zone[1], "to": event.get("to")})
        self.performed.append(happened)
        return happened


@dataclass(slots=True)
class End(Frame):
    def step(self, game: Game) -> None:
        game.end(None, (), "test", "nothing more to do")


@dataclass(slots=True)
class Batch(Frame):
    """Propose moves of cards (by card id, resolved to their objects now) as one simultaneous batch."""

    moves: tuple[tuple[int, str], ...]
    source: Source
    depth: int = 0
    started: bool = False

    def step(self, game: Game) -> None:
        if self.started:
            game.finish(game.returned)
            return
        self.started = True
        events = tuple(move_event(game, cid, to, self.source, self.depth) for cid, to in self.moves)
        game.rules.proposed.extend(events)  # type: ignore[attr-defined]  # MoveRules
        game.push(ProcessEvents(events))


def move_event(game: Game, cid: int, to: str, source: Source, depth: int = 0) -> Event:
    args = {"to": to, "card": cid, "depth": depth}
    return Event("move", game.card_object[cid], game.cards[cid].owner, source, args)


# ------------------------------------------------------------------------------------------ effects


@dataclass(frozen=True, slots=True)
class Redirect(Replacement):
    """A redirect: if a card would be put into one of ``watch``, put it into ``instead`` instead — optionally
    also moving a chosen ``extra`` card (609.9b), asking the controller between two zones, failing (609.4),
    and with a follow-up move (101.5a)."""

    watch: frozenset[str]
    instead: str
    alternative: str
    extra: int | None = None
    ask: bool = False
    fail: bool = False
    followup: tuple[int, str] | None = None
    optional: bool = False
    label: str = "redirect"
    kinds: frozenset[str] = frozenset({"move"})

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        return event.get("to") in self.watch

    def feasible(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> bool:
        return self.extra is None or (self.extra not in excluded and self.extra != event.get("card"))

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        return PlanRedirect(effect.eid, event)


@dataclass(slots=True)
class PlanRedirect(Frame):
    eid: int
    event: Event

    def step(self, game: Game) -> None:
        effect = game.effects.get(self.eid)
        assert effect is not None
        ability: Redirect = effect.ability  # type: ignore[assignment]
        if ability.fail:
            game.finish(None)  # 609.4: the substitute turns out impossible
            return
        to = ability.instead
        if ability.ask:
            answer = game.take_answer()
            if answer is None:
                options = (Option(f"z:{ability.instead}"), Option(f"z:{ability.alternative}"))
                game.ask(Decision(effect.controller, "choose_zone", "where instead?", options))
                return
            to = answer[0][2:]
        # The substitute names the replacement as its source: the policy must put the original's back.
        source = Source("ability", effect.source.card, effect.controller, ability.label)
        events = [Event("move", self.event.subject, self.event.player, source, {**self.event.args, "to": to})]
        chosen: frozenset[int] = frozenset()
        if ability.extra is not None:
            events.append(move_event(game, ability.extra, to, source, self.event.get("depth")))
            chosen = frozenset({ability.extra})
        game.rules.planned[self.eid].extend(events)  # type: ignore[attr-defined]  # MoveRules
        followup = None
        if ability.followup is not None and not self.event.get("depth"):
            # A fresh event (101.5a); only originals get one, so that chains of follow-ups end.
            source = Source("ability", effect.source.card, effect.controller)
            followup = Batch((ability.followup,), source, depth=1)
        game.finish(Plan(tuple(events), chosen, followup))


@dataclass(frozen=True, slots=True)
class Frozen(Prohibition):
    """A prohibition: this card can't be moved (700.3)."""

    cid: int
    label: str = "frozen"
    kinds: frozenset[str] = frozenset({"move"})

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        return event.get("card") == self.cid


class Recorder(Triggered):
    """Triggers on every move and remembers what it matched."""

    kinds = frozenset({"move"})
    label = "recorder"

    def __init__(self) -> None:
        self.seen: list[Happened] = []

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        self.seen.append(happened)
        return True

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        return Done()


@dataclass(slots=True)
class Done(Frame):
    def step(self, game: Game) -> None:
        game.finish()


# ------------------------------------------------------------------------------------------ scenarios


@dataclass(frozen=True)
class Scenario:
    owners: tuple[int, ...]
    zones: tuple[str, ...]
    moves: tuple[tuple[int, str], ...]
    redirects: tuple[tuple[int, Redirect], ...]
    frozen: int | None
    active: int
    chooser_seed: int


@dataclass
class Run:
    scenario: Scenario
    game: Game
    rules: MoveRules
    recorder: Recorder
    answers: list[tuple[str, ...]] = field(default_factory=list)


zone = st.sampled_from(ZONES)


@st.composite
def scenarios(draw: Any) -> Scenario:
    n = draw(st.integers(2, 8))
    owners = tuple(draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    zones = tuple(draw(st.lists(zone, min_size=n, max_size=n)))
    card = st.integers(0, n - 1)
    moves = tuple(draw(st.lists(st.tuples(card, zone), min_size=1, max_size=6)))
    redirects = []
    for _ in range(draw(st.integers(0, 6))):
        redirect = Redirect(
            watch=frozenset(draw(st.lists(zone, min_size=1, max_size=3))),
            instead=draw(zone),
            alternative=draw(zone),
            extra=draw(st.none() | card),
            ask=draw(st.booleans()),
            fail=draw(st.integers(0, 5)) == 0,
            followup=draw(st.none() | st.tuples(card, zone)),
            optional=draw(st.booleans()),
        )
        redirects.append((draw(st.integers(0, 1)), redirect))
    frozen = draw(st.none() | card)
    return Scenario(
        owners,
        zones,
        moves,
        tuple(redirects),
        frozen,
        draw(st.integers(0, 1)),
        draw(st.integers(0, 2**32)),
    )


def start(scenario: Scenario) -> Run:
    """Set the scenario up and propose its batch; stops at the first decision (if any)."""
    rules = MoveRules()
    game = Game(rules, seed=scenario.chooser_seed, step_limit=20_000)
    for owner, where in zip(scenario.owners, scenario.zones, strict=True):
        card = game.new_card(owner, f"card{len(game.cards)}")
        game.create_object([card.cid], (owner, where))
    game.active_player = scenario.active
    for controller, redirect in scenario.redirects:
        game.effects.add(redirect, controller, Source("ability", None, controller, redirect.label))
    if scenario.frozen is not None:
        game.effects.add(Frozen(scenario.frozen), 0, Source("ability", scenario.frozen, 0))
    recorder = Recorder()
    game.effects.add(recorder, 0, Source("ability", None, 0, "recorder"))
    game.push(Batch(scenario.moves, Source("spell", 0, scenario.active, "test spell")))
    game.advance()
    return Run(scenario, game, rules, recorder)


def run(scenario: Scenario) -> Run:
    """Start the scenario and answer every decision with the seeded random chooser."""
    result = start(scenario)
    game = result.game
    chooser = Rng(scenario.chooser_seed)
    while game.pending is not None:
        decision = game.pending
        count = decision.min + chooser.below(decision.max - decision.min + 1)
        answer = tuple(chooser.sample(decision.labels, count))
        result.answers.append(answer)
        game.answer(*answer)
        assert len(result.answers) < MAX_ANSWERS, "the pipeline keeps asking"
    assert game.result is not None and game.result.rule == "test", game.result
    return result


def substitutes(r: Run) -> list[Happened]:
    return [h for h in r.rules.performed if h.event.parent is not None]


# ------------------------------------------------------------------------------------------ properties


@PROPERTY_SETTINGS
@given(scenarios())
def test_cards_conserved(scenario: Scenario) -> None:
    r = run(scenario)
    game = r.game
    holders = [cid for obj in game.objects.values() for cid in obj.cards]
    assert sorted(holders) == list(range(len(scenario.owners)))
    in_zones = [oid for oids in game.zones.values() for oid in oids]
    assert sorted(in_zones) == sorted(game.objects)
    assert game.card_object == {cid: oid for oid, obj in game.objects.items() for cid in obj.cards}
    for oid, obj in game.objects.items():
        assert oid in game.zones[obj.zone]
        # 110: a card stays its owner's; this game puts it into its owner's zone.
        assert obj.zone[0] == game.cards[obj.top].owner


@PROPERTY_SETTINGS
@given(scenarios())
def test_101_5_one_replacement_per_event(scenario: Scenario) -> None:
    r = run(scenario)
    by_parent: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    for h in r.rules.performed:
        assert len(h.event.replaced_by) <= 1, h.event
        if h.event.parent is not None:
            by_parent[id(h.event.parent)].add(h.event.replaced_by)
    for lineages in by_parent.values():
        assert len(lineages) == 1, f"one event replaced by several effects: {lineages}"
    # The log agrees: at most one "applies" record per proposed event.
    applied = [rec for rec in r.game.log if rec.kind == "replacement"]
    assert len(applied) <= len(r.rules.proposed)


@PROPERTY_SETTINGS
@given(scenarios())
def test_101_5_replacement_event_not_replaced_again(scenario: Scenario) -> None:
    r = run(scenario)
    for h in substitutes(r):
        parent = h.event.parent
        assert parent is not None
        # Its parent was an original event, not itself a substitute...
        assert parent.parent is None and not parent.replaced_by, h.event
        # ...and the substitute is exactly what the replacement's plan made (nothing redirected it again).
        (eid,) = h.event.replaced_by
        made = [(e.subject, dict(e.args)) for e in r.rules.planned[eid]]
        assert (h.event.subject, dict(h.event.args)) in made, (h.event, made)


@PROPERTY_SETTINGS
@given(scenarios())
def test_110_5_substitute_keeps_the_source(scenario: Scenario) -> None:
    r = run(scenario)
    for h in substitutes(r):
        assert h.event.parent is not None
        assert h.event.source == h.event.parent.source, h.event


@PROPERTY_SETTINGS
@given(scenarios())
def test_603_2d_triggers_see_only_final_events(scenario: Scenario) -> None:
    r = run(scenario)
    # The recorder matched exactly what was performed, in order, and nothing else...
    assert [id(h) for h in r.recorder.seen] == [id(h) for h in r.rules.performed]
    assert [id(w.happened) for w in r.game.waiting] == [id(h) for h in r.rules.performed]
    # ...so never an event that was replaced (a replaced event never happened).
    replaced = {id(h.event.parent) for h in substitutes(r)}
    assert not any(id(h.event) in replaced for h in r.recorder.seen)


@PROPERTY_SETTINGS
@given(scenarios())
def test_700_3_prohibited_event_is_neither_replaced_nor_performed(scenario: Scenario) -> None:
    r = run(scenario)
    frozen = scenario.frozen
    for h in r.rules.performed:
        original = h.event.parent or h.event
        assert original.get("card") != frozen or frozen is None, h.event
    if frozen is not None and not any(e.get("card") == frozen for es in r.rules.planned.values() for e in es):
        # Only a replacement's substitute (never re-checked) could move the frozen card.
        assert frozen not in {c for h in r.rules.performed for c in h.cards}


@PROPERTY_SETTINGS
@given(scenarios())
def test_609_9a_turn_player_applies_replacements_first(scenario: Scenario) -> None:
    r = run(scenario)
    controller = {e.eid: e.controller for e in r.game.effects}
    # Each replacement frame ends with one "apply at once" record; within a frame, the turn player's
    # replacements are all assigned before the non-turn player's.
    segment: list[int] = []
    for rec in r.game.log:
        if rec.kind == "replacement":
            segment.append(controller[rec.data["effect"]])
        elif rec.kind == "rule" and rec.text == "all chosen replacements apply at once":
            order = [0 if c == scenario.active else 1 for c in segment]
            assert order == sorted(order), segment
            segment = []


@PROPERTY_SETTINGS
@given(scenarios())
def test_copy_in_the_middle_of_replacement_continues_identically(scenario: Scenario) -> None:
    """A copy taken at any decision inside the pipeline (a replacement choice, a plan's question)
    continues exactly like the original when given the same answers (frames clone correctly)."""
    answers = run(scenario).answers
    for k in range(len(answers)):
        game = start(scenario).game
        for answer in answers[:k]:
            game.answer(*answer)
        copied = game.copy()
        for answer in answers[k:]:
            game.answer(*answer)
            copied.answer(*answer)
            assert S.state_summary(copied) == S.state_summary(game)
        assert [r.render() for r in copied.log] == [r.render() for r in game.log]
        assert copied.result == game.result
