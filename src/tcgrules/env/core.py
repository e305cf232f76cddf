"""One Duel Masters game seen as a sequence of steps, each picking one option (shared by the PettingZoo,
Gymnasium and OpenSpiel environments).

A pending decision asking for exactly one option is one step. A multi-pick decision (``min`` to ``max``
options) is answered over several steps: each step picks one more option, :data:`~.encoding.DONE` ends the
answer once ``min`` are picked, and the answer goes to the game by itself once ``max`` are picked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards.schema import CardDefinition
from ..kernel import Decision, Game, TcgError
from .encoding import DONE, MAX_OPTIONS, Encoder

DeckOption = str | Path | Sequence[str]
"""A deck: a deck file (a path, or the name of one of the library's deck files) or a list of card names."""


@dataclass(frozen=True, slots=True)
class Setup:
    """The decks and card files of an environment, checked once."""

    decks: tuple[tuple[str, ...], tuple[str, ...]]
    deck_names: tuple[str, str]
    card_files: tuple[str, ...]
    catalog: Mapping[str, CardDefinition]

    def recipe(self, seed: int) -> dict[str, Any]:
        recipe: dict[str, Any] = {"decks": [list(d) for d in self.decks], "seed": seed}
        if self.card_files:
            recipe["card_files"] = list(self.card_files)
        return recipe

    def new_game(self, seed: int, *, log: bool = False) -> Game:
        from ..games.duel_masters import setup

        game = setup(self.recipe(seed), self.catalog)
        game.log_enabled = log
        return game


def resolve_setup(decks: Sequence[DeckOption] | None = None, card_files: Sequence[str] = ()) -> Setup:
    """The two decks (default: the two standard decks) and the card files, checked against the library."""
    from ..games.duel_masters import load_deck, standard_decks
    from ..games.duel_masters.library import card_file_paths, catalog_with
    from ..games.duel_masters.rules import DECKS_DIR

    files = tuple(str(p) for p in card_file_paths(list(card_files)))
    catalog = catalog_with(files)
    if decks is None:
        chosen = [(d.name, d.cards) for d in standard_decks()]
    else:
        if isinstance(decks, str | Path) or len(decks) != 2:
            raise TcgError(f"decks: expected two decks (deck files or lists of card names), got {decks!r}")
        chosen = []
        for i, deck in enumerate(decks):
            if isinstance(deck, str | Path):
                path = Path(deck)
                if not path.exists() and (DECKS_DIR / path).exists():
                    path = DECKS_DIR / path
                if not path.exists():
                    raise TcgError(f"decks[{i}]: no deck file {str(deck)!r} (nor in {DECKS_DIR})")
                loaded = load_deck(path, catalog)
                chosen.append((loaded.name, loaded.cards))
            else:
                names = tuple(deck)
                unknown = sorted({n for n in names if n not in catalog})
                if unknown or not names:
                    raise TcgError(f"decks[{i}]: unknown card name(s) {unknown[:5]} (or an empty deck)")
                chosen.append((f"deck {i}", names))
    return Setup((chosen[0][1], chosen[1][1]), (chosen[0][0], chosen[1][0]), files, catalog)


class Table:
    """A game being played step by step, with the partial answer of a multi-pick decision."""

    def __init__(self, setup: Setup, seed: int, *, log: bool = False, encoder: Encoder | None = None) -> None:
        self.setup = setup
        self.seed = seed
        self.game = setup.new_game(seed, log=log)
        self.encoder = encoder or Encoder(setup.catalog)
        self.picked: list[str] = []
        self.steps = 0
        self.actions: list[int] = []
        """Every action taken, in order (a table is rebuilt by replaying them: pickling)."""

    def copy(self) -> Table:
        """An independent table in the same state (the game copied with ``Game.copy``)."""
        new = object.__new__(Table)
        new.setup, new.seed, new.encoder = self.setup, self.seed, self.encoder
        new.game = self.game.copy()
        new.picked = list(self.picked)
        new.steps = self.steps
        new.actions = list(self.actions)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its decks, seed and actions; unpickling replays the actions."""
        s = self.setup
        args = (s.decks, s.deck_names, s.card_files, self.seed, self.game.log_enabled, tuple(self.actions))
        return (_rebuild_table, args)

    @property
    def decision(self) -> Decision | None:
        return self.game.pending

    @property
    def current_player(self) -> int | None:
        d = self.game.pending
        return None if d is None else d.player

    @property
    def is_over(self) -> bool:
        return self.game.pending is None

    def offered(self) -> tuple[Any, ...]:
        d = self.game.pending
        return () if d is None else d.options[: MAX_OPTIONS - 1]

    def legal_actions(self) -> list[int]:
        """The actions legal now, ascending."""
        d = self.game.pending
        if d is None:
            return []
        offered = self.offered()
        most = min(d.max, len(offered))
        if d.min == 1 and d.max == 1:
            return list(range(len(offered)))
        chosen = set(self.picked)
        out = [i for i, o in enumerate(offered) if o.label not in chosen] if len(self.picked) < most else []
        if len(self.picked) >= d.min:
            out.append(DONE)
        return out

    def mask(self) -> npt.NDArray[np.int8]:
        mask = np.zeros(MAX_OPTIONS, dtype=np.int8)
        mask[self.legal_actions()] = 1
        return mask

    def step(self, action: int) -> None:
        """Pick option ``action`` (or finish a multi-pick with DONE); an illegal action changes nothing."""
        d = self.game.pending
        legal = self.legal_actions()
        if d is None:
            raise TcgError("the game is over: no action is legal")
        if action not in legal:
            raise TcgError(f"action {action} is not legal now; legal actions are {legal} ({d.kind} decision)")
        self.steps += 1
        self.actions.append(action)
        if d.min == 1 and d.max == 1:
            self.game.answer(self.offered()[action].label)
            return
        if action != DONE:
            self.picked.append(self.offered()[action].label)
        if action == DONE or len(self.picked) >= min(d.max, len(self.offered())):
            answer, self.picked = tuple(self.picked), []
            self.game.answer(*answer)

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        picked = self.picked if self.current_player == player else ()
        return self.encoder.encode(self.game.view(player), picked)

    def returns(self) -> tuple[float, float]:
        """+1 for the winner, -1 for the loser, 0 each for a draw or a game still going."""
        result = self.game.result
        if result is None or result.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if result.winner == 0 else (-1.0, 1.0)

    def option_info(self, player: int) -> dict[str, Any]:
        """What the ``infos`` of ``player`` carry: the pending decision's options when it is theirs."""
        d = self.game.pending
        if d is None or d.player != player:
            return {"kind": None, "prompt": None, "labels": [], "texts": [], "picked": [], "min": 0, "max": 0}
        offered = self.offered()
        return {
            "kind": d.kind,
            "prompt": d.prompt,
            "labels": [o.label for o in offered],
            "texts": [o.text or o.label for o in offered],
            "picked": list(self.picked),
            "min": d.min,
            "max": d.max,
        }

    def text(self, player: int) -> str:
        """The game as ``player`` sees it, in a few lines (render)."""
        view = self.game.view(player)
        lines = [f"turn {view.turn}, player {view.active_player}'s turn; seen by player {player}"]
        for z in view.zones:
            if z.objects is None:
                known = f" (known: {', '.join(z.known)})" if z.known else ""
                lines.append(f"  p{z.player} {z.name}: {z.cards} card(s){known}")
            else:
                names = [
                    (o.cards[0] or "?") + (" (tapped)" if o.tapped else "") for o in z.objects if o.cards
                ]
                lines.append(f"  p{z.player} {z.name}: {', '.join(names) or '-'}")
        if view.pending is not None:
            lines.append(f"  decision ({view.pending.kind}): {view.pending.prompt}")
            lines += [f"    {i}: {o.text}" for i, o in enumerate(view.pending.options[: MAX_OPTIONS - 1])]
        if view.result is not None:
            lines.append(f"  over: {view.result[2]}")
        return "\n".join(lines)


_SETUPS: dict[tuple[Any, ...], tuple[Setup, Encoder]] = {}


def _rebuild_table(
    decks: tuple[tuple[str, ...], tuple[str, ...]],
    deck_names: tuple[str, str],
    card_files: tuple[str, ...],
    seed: int,
    log: bool,
    actions: tuple[int, ...],
) -> Table:
    """A pickled table, rebuilt (the card library loaded once per process and set of card files)."""
    key = (decks, deck_names, card_files)
    cached = _SETUPS.get(key)
    if cached is None:
        from ..games.duel_masters.library import catalog_with

        setup = Setup(decks, deck_names, card_files, catalog_with(list(card_files)))
        cached = _SETUPS[key] = (setup, Encoder(setup.catalog))
    table = Table(cached[0], seed, log=log, encoder=cached[1])
    for action in actions:
        table.step(action)
    return table
