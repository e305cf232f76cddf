"""A Gymnasium single-agent environment: one seat is the learner, the other is played by a given agent.

Observations, actions and the mask are those of the AEC environment (:mod:`.encoding`): a ``Dict`` of
``observation`` and ``action_mask``; ``info`` carries the options' ``labels`` and ``texts`` and the mask
again (``info["action_mask"]``, as MaskablePPO-style wrappers look for it). Each ``step`` answers (or picks
one option of) the learner's pending decision, then lets the opponent answer its decisions until the
learner must decide again or the game ends. Reward +1 for a win, -1 for a loss, 0 otherwise.

An action outside the mask leaves the game as it was and gives ``illegal_reward`` (default -0.1) with
``info["illegal_action"] = True`` — Gymnasium's checker and unmasked learners send such actions; pass
``illegal_action="raise"`` to get an error instead.

``opponent``: an agent spec (``random``, ``greedy``, ``ismcts:iterations=32``…; made anew with a seed
drawn from the reset seed at each reset, so ``reset(seed=N)`` replays exactly), a function from a seed to
an agent, or an agent object (used as it is, never reseeded).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..agents import Agent
from ..agents.registry import make_agent
from .core import DeckOption, Setup, Table, resolve_setup
from .encoding import ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder

Obs = dict[str, npt.NDArray[Any]]
Opponent = str | Callable[[int], Agent] | Agent


class DuelMastersGym(gymnasium.Env[dict[str, Any], np.int64]):
    metadata = {  # noqa: RUF012  (gymnasium declares it as an instance variable)
        "render_modes": ["ansi", "human"],
        "name": f"tcgrules_duel_masters_single_v{ENCODING_VERSION}",
    }

    def __init__(
        self,
        opponent: Opponent = "random",
        *,
        seat: int = 0,
        decks: Sequence[DeckOption] | None = None,
        card_files: Sequence[str] = (),
        max_steps: int = 10_000,
        render_mode: str | None = None,
        illegal_action: str = "penalize",
        illegal_reward: float = -0.1,
        setup: Setup | None = None,
    ) -> None:
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action: expected 'penalize' or 'raise', got {illegal_action!r}")
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        if seat not in (0, 1):
            raise ValueError(f"seat: expected 0 or 1, got {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode: expected one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if isinstance(opponent, str):
            make_agent(opponent, 0)  # a bad spec fails here, not at the first reset
        self.opponent_spec = opponent
        self.seat = seat
        self.table_setup = setup or resolve_setup(decks, card_files)
        self.encoder = Encoder(self.table_setup.catalog)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, self.encoder.high, shape=(OBSERVATION_SIZE,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(MAX_OPTIONS,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(MAX_OPTIONS)
        self.table: Table | None = None
        self.opponent: Agent | None = None
        self._next_seed = 0

    def _opponent_for(self, seed: int) -> Agent:
        spec = self.opponent_spec
        agent_seed = seed * 2 + (1 - self.seat) + 1
        if isinstance(spec, str):
            return make_agent(spec, agent_seed)
        if hasattr(spec, "choose"):
            return spec  # an agent object, used as it is
        return spec(agent_seed)  # a factory

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**62))
        self.table = Table(self.table_setup, int(seed), encoder=self.encoder)
        self.opponent = self._opponent_for(int(seed))
        self._opponent_moves()
        return self._obs(), self._info()

    def step(self, action: np.int64) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        table = self._table()
        if table.is_over:
            raise RuntimeError("the game is over: reset() the environment")
        if int(action) not in table.legal_actions() and self.illegal_action == "penalize":
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), float(self.illegal_reward), False, False, info
        table.step(int(action))
        self._opponent_moves()
        terminated = table.is_over
        truncated = not terminated and table.steps >= self.max_steps
        reward = table.returns()[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._obs(), float(reward), terminated, truncated, self._info()

    def _opponent_moves(self) -> None:
        table = self._table()
        game = table.game
        opponent = self.opponent
        assert opponent is not None
        while game.pending is not None and game.pending.player != self.seat:
            game.answer(*opponent.choose(game, game.pending))

    def _obs(self) -> Obs:
        table = self._table()
        mask = table.mask() if table.current_player == self.seat else np.zeros(MAX_OPTIONS, dtype=np.int8)
        return {"observation": table.observation(self.seat), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        table = self._table()
        info = table.option_info(self.seat)
        info["illegal_action"] = False
        info["action_mask"] = (
            table.mask() if table.current_player == self.seat else np.zeros(MAX_OPTIONS, np.int8)
        )
        return info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the method sb3-contrib's MaskablePPO calls)."""
        return self._obs()["action_mask"].astype(bool)

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("reset() the environment first")
        return self.table

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._table().text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def gym_env(
    opponent: Opponent = "random",
    *,
    seat: int = 0,
    decks: Sequence[DeckOption] | None = None,
    card_files: Sequence[str] = (),
    max_steps: int = 10_000,
    render_mode: str | None = None,
    illegal_action: str = "penalize",
    illegal_reward: float = -0.1,
) -> DuelMastersGym:
    """The Gymnasium single-agent environment (module docstring)."""
    return DuelMastersGym(
        opponent,
        seat=seat,
        decks=decks,
        card_files=card_files,
        max_steps=max_steps,
        render_mode=render_mode,
        illegal_action=illegal_action,
        illegal_reward=illegal_reward,
    )
