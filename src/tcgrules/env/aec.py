"""A PettingZoo AEC environment of Duel Masters (``tcgrules.env.aec_env``), after the classic card games'
conventions: agents ``player_0`` and ``player_1``; each step answers one pending decision (or picks one
option of a multi-pick decision, :mod:`.encoding`); ``Discrete(MAX_OPTIONS)`` actions; the observation a
``Dict`` of ``observation`` (the acting player's view as a vector, no hidden information) and
``action_mask`` (``int8``, 1 for the legal actions; all zeros for the agent not deciding); rewards +1/-1 at
the end, 0 otherwise; ``infos[agent]`` has the options' ``labels`` and ``texts`` (and the decision's
``kind``, ``prompt``, ``min``, ``max``, ``picked``) when the decision is that agent's.

``reset(seed=N)`` plays game ``N`` (the game's own seed: the same seed, the same shuffles); ``reset()``
without a seed plays the next game of the environment's seed sequence (``seed`` option, default 0).
A game longer than ``max_steps`` steps is truncated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import AgentSelector

from .core import DeckOption, Setup, Table, resolve_setup
from .encoding import ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder

AGENTS = ("player_0", "player_1")


class DuelMastersAEC(AECEnv):  # type: ignore[misc]  # pettingzoo's classes are untyped
    metadata: ClassVar[dict[str, Any]] = {
        "name": f"tcgrules_duel_masters_v{ENCODING_VERSION}",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        decks: Sequence[DeckOption] | None = None,
        card_files: Sequence[str] = (),
        *,
        seed: int = 0,
        max_steps: int = 10_000,
        render_mode: str | None = None,
        setup: Setup | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode: expected one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.table_setup = setup or resolve_setup(decks, card_files)
        self.encoder = Encoder(self.table_setup.catalog)
        self.card_names = self.encoder.card_names
        self.render_mode = render_mode
        self.max_steps = max_steps
        self._next_seed = seed
        self.possible_agents = list(AGENTS)
        obs = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, self.encoder.high, shape=(OBSERVATION_SIZE,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(MAX_OPTIONS,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(MAX_OPTIONS) for a in AGENTS}
        self.table: Table | None = None
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC protocol

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
        self.table = Table(self.table_setup, int(seed), encoder=self.encoder)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._agent_selector = AgentSelector(self.agents)
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        table = self._table()
        player = AGENTS.index(agent)
        mask = table.mask() if table.current_player == player else np.zeros(MAX_OPTIONS, dtype=np.int8)
        return {"observation": table.observation(player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action is an int in the mask, not None")
        table = self._table()
        self._cumulative_rewards[agent] = 0.0
        table.step(int(action))
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Point at the player who decides, set rewards and endings, refresh the infos."""
        table = self._table()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if table.is_over:
            returns = table.returns()
            for a in self.agents:
                self.rewards[a] = returns[AGENTS.index(a)]
            self.terminations = dict.fromkeys(self.agents, True)
        elif table.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        player = table.current_player
        if player is not None:
            self.agent_selection = AGENTS[player]
        elif not getattr(self, "agent_selection", None) or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        self.infos = {a: table.option_info(AGENTS.index(a)) for a in self.agents}

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("reset() the environment first")
        return self.table

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        table = self._table()
        text = table.text(table.current_player if table.current_player is not None else 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.table = None


def aec_env(
    decks: Sequence[DeckOption] | None = None,
    card_files: Sequence[str] = (),
    *,
    seed: int = 0,
    max_steps: int = 10_000,
    render_mode: str | None = None,
) -> DuelMastersAEC:
    """The PettingZoo AEC environment (module docstring). ``decks``: two deck files (paths, or names of the
    library's deck files such as ``fire_nature.yaml``) or lists of card names; default the standard decks.
    ``card_files``: extra card files the decks may use."""
    return DuelMastersAEC(decks, card_files, seed=seed, max_steps=max_steps, render_mode=render_mode)
