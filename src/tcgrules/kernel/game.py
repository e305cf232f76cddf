"""The game: state, the main loop, decisions, copy.

``Game`` owns everything that changes: cards, objects, zones, registered effects, waiting triggers, the
work stack, the pending decision, the random generator and the log. The game module's
:class:`~.rules.GameRules` says what events mean; the kernel says in which order things happen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .decisions import Decision
from .effects import TRIGGER, Effect, EffectRegistry, Waiting
from .errors import DefinitionError, IllegalActionError, StepLimitError, TcgError, clip, shorten
from .events import Event, Happened
from .frames import Frame
from .log import LogRecord
from .model import Card, GameObject, ZoneKey
from .pipeline import ProcessEvents, ResolveWaiting
from .rng import Rng
from .rules import GameRules
from .views import View


@dataclass(frozen=True, slots=True)
class GameResult:
    """How the game ended. ``winner`` is ``None`` for a draw (both players lost at once)."""

    winner: int | None
    losers: tuple[int, ...]
    rule: str
    reason: str


HistoryItem = tuple[str, Any]
"""``("answer", labels)`` or ``("inject", spec)``: what callers did, for replay and save."""


class Game:
    """One game in progress."""

    def __init__(
        self,
        rules: GameRules,
        *,
        players: int = 2,
        seed: int = 0,
        step_limit: int = 200_000,
        recipe: Mapping[str, Any] | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.seed = seed
        self.step_limit = step_limit
        self.recipe: Mapping[str, Any] = recipe or {}
        self.rng = Rng(seed)
        self.cards: list[Card] = []
        self.objects: dict[int, GameObject] = {}
        self.zones: dict[ZoneKey, list[int]] = {}
        self.card_object: dict[int, int] = {}
        self.effects = EffectRegistry()
        self.waiting: list[Waiting] = []
        self.stack: list[Frame] = []
        self.pending: Decision | None = None
        self.returned: Any = None
        self.log: list[LogRecord] = []
        self.history: list[HistoryItem] = []
        self.turn = 0
        self.active_player = 0
        self.result: GameResult | None = None
        self.info: dict[str, Any] = {}
        """Game-specific values (immutable) such as the current step; copied with the game."""
        self.players_info: list[dict[str, Any]] = [{} for _ in range(players)]
        self.player_names: list[str] = [f"player {p}" for p in range(players)]
        """How the log names the players (scenarios call them A and B)."""
        self.scratch: dict[str, Any] = {}
        """Working values a game module keeps for itself between two decisions, which a copy does not take
        (it starts with none) and a save does not hold; they may be mutable (``game.info``'s may not)."""
        self.known: dict[int, frozenset[int]] = {}
        """Card id → the players who know which card it is where it is now, although they cannot see it
        there (kept by the game module for per-player views). Replaced, never changed in place: a copy of
        the game and a log line's views (:meth:`GameRules.log_views`) share the dict they were made with."""
        self._answer: tuple[str, ...] | None = None
        self._lookback: list[Effect] = []
        self.arrivals: frozenset[int] = frozenset()
        """While the triggers of a batch are collected: the objects that batch made (DM 110.4g: an ability
        working outside the battle zone sees only events after its card arrived there)."""
        self._next_oid = 1
        self._next_seq = 1
        self.steps = 0
        """Frame steps since the last answer or injection (the step limit; a game module's watch for a
        loop that needs no decision reads it)."""
        self.log_enabled = True

    # ------------------------------------------------------------------ cards, objects, zones

    def pname(self, player: int | None) -> str:
        return self.player_names[player] if player is not None and 0 <= player < self.players else "?"

    def new_card(self, owner: int, name: str) -> Card:
        card = Card(len(self.cards), owner, name)
        self.cards.append(card)
        return card

    def zone(self, key: ZoneKey) -> list[int]:
        """The object ids in zone ``key`` (bottom first, top last). Created empty on first use."""
        z = self.zones.get(key)
        if z is None:
            z = self.zones[key] = []
        return z

    def objects_in(self, key: ZoneKey) -> list[GameObject]:
        return [self.objects[oid] for oid in self.zones.get(key, ())]

    def object_of(self, cid: int) -> GameObject:
        return self.objects[self.card_object[cid]]

    def name(self, cid: int) -> str:
        return self.cards[cid].name

    def create_object(
        self,
        cards: list[int],
        zone: ZoneKey,
        controller: int | None = None,
        *,
        top: bool = True,
        index: int | None = None,
        tapped: bool = False,
        face_down: bool = False,
        state: dict[str, Any] | None = None,
        register: bool = True,
    ) -> GameObject:
        """Put ``cards`` into ``zone`` as one new object (DM 109: a new object has a new identity)."""
        oid = self._next_oid
        self._next_oid += 1
        if controller is None:
            controller = self.cards[cards[0]].owner
        obj = GameObject(
            oid,
            cards,
            zone,
            controller,
            tapped=tapped,
            face_down=face_down,
            entered_turn=self.turn,
            state=state,
        )
        self.objects[oid] = obj
        for cid in cards:
            self.card_object[cid] = oid
        z = self.zone(zone)
        if index is not None:
            z.insert(index, oid)
        elif top:
            z.append(oid)
        else:
            z.insert(0, oid)
        if register:
            self.rules.object_entered(self, obj)
        return obj

    def remove_object(self, oid: int) -> GameObject:
        """Take an object out of its zone. Its cards must be put somewhere else by the caller."""
        obj = self.objects.pop(oid)
        self.zones[obj.zone].remove(oid)
        for effect in self.effects.remove_host(oid):
            if effect.ability.category == TRIGGER:
                # Leave-the-zone triggers "look back in time" (DM 603.5c, MTG 603.10).
                self._lookback.append(effect)
        return obj

    def detach_card(self, cid: int) -> GameObject | None:
        """Take one card out of the object holding it; the rest of the object stays (same identity).
        Returns the remaining object, or ``None`` when the object had no other card and is gone."""
        obj = self.objects[self.card_object[cid]]
        if len(obj.cards) == 1:
            self.remove_object(obj.oid)
            del self.card_object[cid]
            return None
        obj.cards.remove(cid)
        del self.card_object[cid]
        return obj

    def move_object(
        self,
        oid: int,
        zone: ZoneKey,
        *,
        controller: int | None = None,
        top: bool = True,
        tapped: bool = False,
        face_down: bool = False,
        split: bool = True,
    ) -> list[GameObject]:
        """Move an object to another zone. It becomes new object(s) that remember nothing (DM 109.2,
        seed 004). With ``split`` each card becomes its own object (an evolution stack put into the
        graveyard is several cards); without, the stack stays one object (a shield moved whole)."""
        old = self.remove_object(oid)
        for cid in old.cards:
            del self.card_object[cid]
        groups = [[cid] for cid in old.cards] if split else [list(old.cards)]
        return [
            self.create_object(
                group,
                zone,
                controller if controller is not None else self.cards[group[0]].owner,
                top=top,
                tapped=tapped,
                face_down=face_down,
            )
            for group in groups
        ]

    # ------------------------------------------------------------------ the stack and the main loop

    def push(self, frame: Frame) -> None:
        self.stack.append(frame)

    def finish(self, result: Any = None) -> None:
        """Pop the top frame and hand ``result`` to the frame below it."""
        self.stack.pop()
        self.returned = result

    def ask(self, decision: Decision) -> None:
        """Stop with ``decision`` pending until the caller answers (as the game's rules offer it; a game that
        ends while the decision is offered asks nothing)."""
        offered = self.rules.offer(self, decision)
        self.pending = offered if self.result is None else None

    def take_answer(self) -> tuple[str, ...] | None:
        answer, self._answer = self._answer, None
        return answer

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def advance(self) -> None:
        """Run until a decision is pending or the game is over."""
        rules = self.rules
        stack = self.stack
        limit = self.step_limit
        while self.pending is None and self.result is None:
            self.steps += 1
            if self.steps > limit:
                where = stack[-1].describe() if stack else "an empty stack"
                raise StepLimitError(
                    f"the game took more than {limit} steps without needing a decision "
                    f"(turn {self.turn}, at {where}); raise step_limit if this game is legitimately long"
                )
            if not stack:
                stack.append(rules.next_frame(self))
                continue
            top = stack[-1]
            if self.waiting and top.settles:
                # 101.4 / 603.3: waiting effects resolve when the game is between effects.
                stack.append(ResolveWaiting())
                continue
            top.step(self)

    def answer(self, *labels: str) -> None:
        """Answer the pending decision with option labels. An illegal answer (an unknown label, a label
        that is not text, too few or too many) is refused with :class:`IllegalActionError` saying why,
        and the game is left exactly as it was."""
        decision = self.pending
        if decision is None:
            raise IllegalActionError(
                "no decision is pending" + (" (the game is over)" if self.result else "")
            )
        chosen = decision.validate(labels, self.pname(decision.player))
        self.rules.validate_answer(self, decision, chosen)
        self.rules.answered(self, decision, chosen)
        self.history.append(("answer", chosen))
        if self.log_enabled:
            texts = ", ".join([decision.option(label).text or label for label in chosen]) or "nothing"
            # The decision itself goes with its answer: what was offered, to whom (scenario checks).
            self.record(
                "answer",
                f"{self.pname(decision.player)} chose {texts}",
                decision.rule,
                labels=chosen,
                decision=decision,
            )
        self.pending = None
        self._answer = chosen
        self.steps = 0
        self.advance()

    def inject(self, spec: Mapping[str, Any]) -> None:
        """Make something happen now, as a judge's "suppose this happens" (scenario steps).

        The interrupted decision, if any, is asked again afterwards (its frame rebuilds it)."""
        given: Any = (
            spec  # checked as anything: a caller may pass any value (the compiled build checks types)
        )
        if not isinstance(given, Mapping) or not all(isinstance(key, str) for key in given):
            raise DefinitionError(f"inject: expected a mapping of text keys, got {shorten(spec)}")
        try:
            frame = self.rules.inject(self, spec)
        except TcgError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            # The game module builds the frame without changing the game; a value of the wrong type
            # it did not check is still a definition error, not a crash.
            raise DefinitionError(f"inject: cannot use {shorten(dict(spec))}: {clip(str(exc), 200)}") from exc
        self.history.append(("inject", dict(spec)))
        self.record("info", f"injected: {shorten(dict(spec), 400)}")
        self.pending = None
        self._answer = None
        self.push(frame)
        self.steps = 0
        self.advance()

    # ------------------------------------------------------------------ the event pipeline helpers

    def process(self, *events: Event) -> Frame:
        """A frame that runs a batch of simultaneous events through the pipeline."""
        return ProcessEvents(tuple(events))

    def look_back(self, effects: Iterable[Effect]) -> None:
        """Triggered abilities taken off an object that stays (its card covered, DM 801.2) that still see
        the batch of events they were taken off in, as those of an object that left do (DM 603.5c)."""
        self._lookback.extend(e for e in effects if e.ability.category == TRIGGER)

    def take_lookback(self) -> list[Effect]:
        lookback, self._lookback = self._lookback, []
        return lookback

    def add_waiting(self, effect: Effect, happened: Happened | None, controller: int, priority: int) -> None:
        self.waiting.append(Waiting(self._next_seq, effect, happened, controller, priority))
        self._next_seq += 1

    def end(self, winner: int | None, losers: Iterable[int], rule: str, reason: str) -> None:
        self.result = GameResult(winner, tuple(losers), rule, reason)
        self.record("result", reason, rule, winner=winner)

    # ------------------------------------------------------------------ log

    def record(self, kind: str, text: str, rule: str | None = None, **data: Any) -> None:
        if self.log_enabled:
            views = self.rules.log_views(self, kind, text, data)
            if views is not None:  # not ``if views``: a game module may work the views out when read
                data["for_players"] = views
            self.log.append(LogRecord(len(self.log), self.turn, kind, text, rule, data))

    def log_for(self, player: int) -> tuple[LogRecord, ...]:
        """The log as ``player`` saw it: lines they could not see are left out, cards hidden from them when
        a line was recorded are not named, and no line carries data beyond its text, kind, turn and rule
        (``seq`` counts the lines this player saw)."""
        out: list[LogRecord] = []
        for record in self.log:
            text: str | None = record.text
            views = record.data.get("for_players")
            if views is not None and player in views:
                text = views[player]
            if text is None:
                continue
            out.append(LogRecord(len(out), record.turn, record.kind, text, record.rule))
        return tuple(out)

    # ------------------------------------------------------------------ per-player views

    def view(self, player: int) -> View:
        """Everything ``player`` may know at this moment, and nothing else (frozen, JSON-serialisable)."""
        return self.rules.view(self, player)

    def determinize(self, player: int, seed: int) -> Game:
        """An independent copy in which every card hidden from ``player`` is redistributed at random among
        the places it could be, consistent with what that player knows (for search: ISMCTS and the like).
        The copy's random generator is reseeded from ``seed``, so it does not know the real future either."""
        return self.rules.determinize(self, player, seed)

    # ------------------------------------------------------------------ copy

    def copy(self) -> Game:
        """An independent game in the same state: answering it never affects this one."""
        # Attribute by attribute: a compiled build's classes have no ``__dict__`` (docs/benchmarks.md).
        if _BLANK_GAMES:
            new = object.__new__(Game)
        else:  # compiled (tools/compiled_build.py): a compiled class refuses object.__new__
            new = Game(self.rules, players=self.players, seed=self.seed, step_limit=self.step_limit)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new.step_limit = self.step_limit
        new.recipe = self.recipe
        new.pending = self.pending
        new.returned = self.returned
        new.turn = self.turn
        new.active_player = self.active_player
        new.result = self.result
        new._answer = self._answer
        new.arrivals = self.arrivals
        new._next_oid = self._next_oid
        new._next_seq = self._next_seq
        new.steps = self.steps
        new.log_enabled = self.log_enabled
        new.rng = self.rng.copy()
        new.cards = list(self.cards)
        new.objects = {oid: obj.clone() for oid, obj in self.objects.items()}
        new.zones = {key: list(z) for key, z in self.zones.items()}
        new.card_object = dict(self.card_object)
        new.effects = self.effects.copy()
        new.waiting = list(self.waiting)
        new.stack = [frame.clone() for frame in self.stack]
        new.log = list(self.log)
        new.history = list(self.history)
        new.info = dict(self.info)
        new.players_info = [dict(p) for p in self.players_info]
        new.player_names = list(self.player_names)
        new.known = self.known  # replaced, never changed in place: shared
        new.scratch = {}
        new._lookback = list(self._lookback)
        return new

    def __repr__(self) -> str:
        return f"<Game {self.rules.name} turn={self.turn} active={self.active_player} pending={self.pending}>"


def _blank_games() -> bool:
    """Whether ``object.__new__`` makes a blank :class:`Game` (pure Python; a compiled class refuses it)."""
    try:
        object.__new__(Game)
    except TypeError:
        return False
    return True


_BLANK_GAMES: Final = _blank_games()
