"""The Gymnasium single-agent environment (tcgrules.env.gym_env)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tcgrules.agents import GreedyAgent
from tcgrules.env import GYM_ID, gym_env
from tcgrules.kernel import TcgError


@pytest.mark.parametrize(("opponent", "seat"), [("random", 0), ("greedy", 1)])
def test_gym_env_passes_the_gymnasium_checker(opponent: str, seat: int) -> None:
    check_env(gym_env(opponent, seat=seat), skip_render_check=True)


def test_an_episode_ends_with_a_win_or_a_loss_and_replays_with_its_seed() -> None:
    def episode() -> tuple[float, int, list[float]]:
        env = gym_env(lambda seed: GreedyAgent())
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(3)
        total, steps = 0.0, 0
        firsts = list(obs["observation"][:8])
        while True:
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(
                np.int64(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            total += reward
            steps += 1
            if terminated or truncated:
                return total, steps, firsts

    first = episode()
    assert first[0] in (-1.0, 1.0)
    assert episode() == first


def test_an_illegal_action_is_penalised_or_refused_as_asked() -> None:
    env = gym_env("random")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = env.step(np.int64(illegal))
    assert info["illegal_action"] and reward == -0.1 and not terminated and not truncated
    assert np.array_equal(again["observation"], obs["observation"])
    strict = gym_env("random", illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(TcgError, match="not legal now"):
        strict.step(np.int64(illegal))


def test_the_environment_is_registered_with_gymnasium() -> None:
    env = gymnasium.make(GYM_ID, opponent="greedy", seat=1, render_mode="ansi")
    check_env(env.unwrapped)
    env.reset(seed=1)
    assert "seen by player 1" in str(env.render())


def test_a_bad_opponent_spec_is_refused_at_once() -> None:
    with pytest.raises(TcgError, match="unknown agent"):
        gym_env("alphazero")
