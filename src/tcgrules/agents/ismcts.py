"""An information-set Monte Carlo tree search agent (single-observer ISMCTS, Cowling, Powley & Whitehouse
2012), on :meth:`Game.determinize` and :meth:`Game.copy`.

Each iteration of a search for player ``me``:

1. **determinise**: ``game.determinize(me, seed)`` deals every card hidden from ``me`` (the opponent's hand,
   both decks, face-down shields) at random among the places such a card could be, consistent with what
   ``me`` knows — a world ``me`` cannot tell from the real one;
2. **select**: walk the tree from the root in that world. A node is a history of answers; its children are
   answers. Forced decisions (one possible answer) are answered without a node. Of the answers legal in this
   world, an untried one is expanded, otherwise the child with the highest UCB score is followed, where
   ``ln N`` counts the iterations in which the child was *available* (worlds differ in what is legal);
   the score is the win rate of the player who decides at that node;
3. **roll out**: from the new node, at most ``rollout_depth`` decisions by a cheap playing policy
   (:func:`rollout_choice`), then the position is scored by :func:`~.evaluation.evaluate` — 1 won, 0 lost;
4. **back up** the score along the path, each node from the point of view of the player who chose it.

The answer is the root child visited most. Multi-pick decisions (break two of five shields, choose up to
three cards) are answered whole: an action is a tuple of labels, all combinations of the allowed sizes
when there are at most ``MAX_COMBINATIONS``, else that many of them drawn at random, always including the
fewest/first labels.

Budget: ``iterations`` per decision (deterministic for a seed) or ``seconds`` per decision (not
reproducible, since it depends on the machine); whichever is reached first stops the search. A decision with
one possible answer costs no search. Logging is switched off in the worlds searched.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..kernel import Decision, Game, Rng
from .evaluation import evaluate

Action = tuple[str, ...]
MAX_COMBINATIONS = 24
"""The most answers a multi-pick decision branches into."""
EXPLORATION = 0.7
"""UCB exploration constant (values are win rates in [0, 1])."""


def actions(decision: Decision, rng: Rng | None = None) -> list[Action]:
    """The answers the search considers for ``decision`` (every answer for a single pick)."""
    labels = decision.labels
    lo, hi = decision.min, min(decision.max, len(labels))
    if lo == hi == 1:
        return [(label,) for label in labels]
    total = sum(math.comb(len(labels), k) for k in range(lo, hi + 1))
    if total <= MAX_COMBINATIONS:
        return [tuple(c) for k in range(lo, hi + 1) for c in itertools.combinations(labels, k)]
    out: dict[Action, None] = {labels[:lo]: None}
    draw = rng or Rng(len(labels) * 7919 + lo * 31 + hi)
    for _ in range(MAX_COMBINATIONS * 4):
        if len(out) >= MAX_COMBINATIONS:
            break
        k = lo + draw.below(hi - lo + 1)
        out[tuple(sorted(draw.sample(labels, k), key=labels.index))] = None
    return list(out)


_PASS = frozenset({"end_main", "end_attacks", "skip", "no_block", "no"})


def rollout_choice(decision: Decision, rng: Rng) -> Action:
    """A cheap playing policy for roll-outs: random, but it uses what it can (summons and casts rather than
    ending the main step, attacks rather than ending the attack step, charges mana, declares triggers);
    it never blocks unless only blocks are allowed; multi-picks take the fewest options allowed."""
    labels = decision.labels
    if decision.min != 1 or decision.max != 1:
        count = max(decision.min, min(1, decision.max))
        return tuple(rng.sample(labels, count))
    if decision.kind == "block":
        return ("no_block",) if "no_block" in labels else (labels[rng.below(len(labels))],)
    if decision.kind == "use_trigger" and "yes" in labels:
        return ("yes",)
    active = [label for label in labels if label not in _PASS]
    if active and (decision.kind != "charge" or rng.below(4) != 0):
        return (active[rng.below(len(active))],)
    return (labels[rng.below(len(labels))],)


@dataclass(slots=True)
class Node:
    player: int = -1
    """Who decides at this node (set when first reached)."""
    visits: int = 0
    value: float = 0.0
    """Sum of the scores backed up through this node, for the player who chose the answer leading here."""
    available: int = 0
    children: dict[Action, Node] = field(default_factory=dict)


@dataclass(slots=True)
class SearchStats:
    searches: int = 0
    iterations: int = 0
    seconds: float = 0.0
    forced: int = 0


class IsmctsAgent:
    """Information-set MCTS (module docstring). ``iterations`` and/or ``seconds`` bound each search;
    ``rollout_depth`` cuts roll-outs off (then the position is evaluated); ``seed`` makes it reproducible
    (with an iteration budget)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 48,
        seconds: float | None = None,
        rollout_depth: int = 8,
        exploration: float = EXPLORATION,
        evaluator: Callable[[Game, int], float] = evaluate,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth must be 0 or more, got {rollout_depth}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, got {seconds}")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.evaluator = evaluator
        self.stats = SearchStats()

    def choose(self, game: Game, decision: Decision) -> tuple[str, ...]:
        options = actions(decision, self.rng)
        if len(options) == 1:
            self.stats.forced += 1
            return options[0]
        start = time.perf_counter()
        root = self.search(game, decision.player, options, start)
        self.stats.searches += 1
        self.stats.seconds += time.perf_counter() - start
        best = max(
            options,
            key=lambda a: (
                (root.children[a].visits, root.children[a].value) if a in root.children else (-1, 0)
            ),
        )
        return best

    def search(self, game: Game, me: int, options: list[Action], start: float) -> Node:
        root = Node(player=me)
        legal_root = set(options)
        deadline = None if self.seconds is None else start + self.seconds
        for _ in range(self.iterations):
            self.iterate(game, me, root, legal_root)
            self.stats.iterations += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return root

    def iterate(self, game: Game, me: int, root: Node, legal_root: set[Action]) -> None:
        rng = self.rng
        world = game.determinize(me, rng.next_u64())
        world.log_enabled = False
        node = root
        path: list[tuple[Node, int]] = []
        expanded = False
        first = True
        while world.pending is not None and not expanded:
            decision = world.pending
            options = actions(decision, rng)
            if first:
                options = [a for a in options if a in legal_root] or options
                first = False
            if len(options) == 1:
                world.answer(*options[0])
                continue
            node.player = decision.player
            for a in options:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in options if a not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[action] = Node(available=1)
                expanded = True
            else:
                action = self._select(node, options)
                child = node.children[action]
            path.append((child, decision.player))
            world.answer(*action)
            node = child
        for _ in range(self.rollout_depth):
            pending = world.pending
            if pending is None:
                break
            world.answer(*rollout_choice(pending, rng))
        score = self.evaluator(world, me)
        for child, chooser in path:
            child.visits += 1
            child.value += score if chooser == me else 1.0 - score

    def _select(self, node: Node, options: list[Action]) -> Action:
        c = self.exploration
        best: Action = options[0]
        best_score = -math.inf
        for a in options:
            child = node.children[a]
            if child.visits == 0:
                return a
            score = child.value / child.visits + c * math.sqrt(
                math.log(max(child.available, 1)) / child.visits
            )
            if score > best_score:
                best, best_score = a, score
        return best
