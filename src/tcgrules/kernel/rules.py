"""What a game module provides to the kernel: its rules object and its replacement policy."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .events import Event, Happened
from .overrides import mirror_overrides

if TYPE_CHECKING:
    from .decisions import Decision
    from .effects import Waiting
    from .frames import Frame
    from .game import Game
    from .model import GameObject
    from .views import View


class ReplacementPolicy:
    """How a game applies replacement effects to a batch of simultaneous events.

    ``frame(game, events)`` returns a frame that finishes with a :class:`ReplacementOutcome`. Duel Masters,
    Magic and Monster Collection each have their own policy; the kernel has no opinion.
    """

    name: str = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        mirror_overrides(cls)  # a subclass's class-level values, seen by a compiled build too (overrides.py)

    def frame(self, game: Game, events: tuple[Event, ...]) -> Frame:
        raise NotImplementedError


class ReplacementOutcome:
    """The events to perform after replacement, and follow-ups to run after performing them."""

    __slots__ = ("events", "followups")

    def __init__(self, events: tuple[Event, ...], followups: tuple[Frame, ...] = ()) -> None:
        self.events = events
        self.followups = followups


class GameRules:
    """The hooks through which the kernel runs a particular game."""

    name: str = ""
    policy: ReplacementPolicy
    prohibition_rule: str = ""
    """The game's rule number for "a prohibited event does not happen" (DM 700.3, MTG 614.17)."""
    sba_rule: str = ""
    """The game's rule number for state-based actions (DM 703, MTG 704)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        mirror_overrides(cls)  # a subclass's class-level values, seen by a compiled build too (overrides.py)

    def next_frame(self, game: Game) -> Frame:
        """The frame to run when the stack is empty (the turn structure)."""
        raise NotImplementedError

    def perform(self, game: Game, event: Event) -> Happened | None:
        """Carry out one final event; ``None`` when it turned out to do nothing."""
        raise NotImplementedError

    def state_based_actions(self, game: Game) -> list[Event] | Frame:
        """The events state-based actions call for right now (DM 703, MTG 704); empty when none. Or a frame,
        for a state-based action that has a player choose first (DM 815.1a: which S-MAX evolution creature
        stays; MTG 704.5j: which legend): the pipeline pushes it — it performs its events itself — and then
        looks again."""
        return []

    def object_entered(self, game: Game, obj: GameObject) -> None:
        """Register the abilities that function for ``obj`` in its (new) zone."""

    def waiting_order(self, game: Game) -> Sequence[int]:
        """Players in the order their waiting effects resolve (turn player first in all three games)."""
        return (game.active_player, *(p for p in range(game.players) if p != game.active_player))

    def declarations(self, game: Game, group: Sequence[Waiting]) -> Frame | None:
        """A frame that asks for the declarations some of ``group`` (the waiting effects about to resolve)
        need first (DM 603.2f), or ``None``. The frame removes the undeclared ones from the queue."""
        return None

    def describe_event(self, game: Game, event: Event) -> str:
        return f"{event.kind} {event.subject}"

    def describe_happened(self, game: Game, happened: Happened) -> str:
        return self.describe_event(game, happened.event)

    def inject(self, game: Game, spec: Mapping[str, Any]) -> Frame:
        """A frame that makes ``spec`` happen (a judge's "suppose this happens")."""
        raise NotImplementedError(f"{self.name} does not support injected events")

    def offer(self, game: Game, decision: Decision) -> Decision:
        """The decision as put to the player: a game may narrow what a frame offers (a bound on a loop of
        answers that brings the game back to the same state). The frame still reads the answer by label."""
        return decision

    def validate_answer(self, game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
        """Refuse an answer the option list alone cannot rule out (raise IllegalActionError)."""

    # -- per-player views (views.py); a game without them raises

    def view(self, game: Game, player: int) -> View:
        """Everything ``player`` may know now, and nothing else."""
        raise NotImplementedError(f"{self.name} has no per-player views")

    def log_views(
        self, game: Game, kind: str, text: str, data: Mapping[str, Any]
    ) -> Mapping[int, str | None] | None:
        """How a log line reads for players who must not see all of it, as of when it is recorded:
        ``{player: other text}``, or ``{player: None}`` for a line that player does not see at all.
        ``None`` (the default) when every player may read it as it is. The mapping may be worked out
        when it is first read, from what it kept of the moment it was recorded (an empty one then means
        every player reads the line as it is)."""
        return None

    def answered(self, game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
        """Called when ``decision`` is answered, before the game goes on (the game module may note what
        the decision showed its player)."""

    def determinize(self, game: Game, player: int, seed: int) -> Game:
        """An independent copy in which what ``player`` cannot see is redistributed at random."""
        raise NotImplementedError(f"{self.name} cannot determinize a game")
