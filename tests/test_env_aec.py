"""The PettingZoo AEC environment (tcgrules.env.aec_env) and the observation encoding it shares."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tcgrules.agents import RandomAgent
from tcgrules.env import DONE, ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder, aec_env, layout
from tcgrules.env.core import Table, resolve_setup
from tcgrules.kernel import TcgError


def test_aec_env_passes_the_pettingzoo_api_test() -> None:
    api_test(aec_env(), num_cycles=300)


def test_aec_env_passes_the_pettingzoo_seed_test() -> None:
    seed_test(lambda: aec_env(), num_cycles=300)


def test_aec_env_plays_to_the_end_with_rewards_plus_and_minus_one() -> None:
    env = aec_env(decks=["fire_nature.yaml", "light_water_blockers.yaml"])
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (MAX_OPTIONS,)
        assert obs["observation"].shape == (OBSERVATION_SIZE,)
        assert len(info["labels"]) == len(info["texts"]) == int(mask[:DONE].sum()) + len(info["picked"])
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.agents
    assert sorted(total.values()) == [-1.0, 1.0]


def test_the_agent_not_deciding_gets_an_empty_mask_and_no_options() -> None:
    env = aec_env()
    acting = env.agent_selection
    other = next(a for a in env.agents if a != acting)
    assert env.observe(other)["action_mask"].sum() == 0
    assert env.infos[other]["labels"] == []
    assert env.observe(acting)["action_mask"].sum() > 0
    assert env.infos[acting]["labels"]


def _mid_game(seed: int, decisions: int) -> Table:
    table = Table(resolve_setup(), seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    game = table.game
    for _ in range(decisions):
        d = game.pending
        if d is None:
            break
        game.answer(*agents[d.player].choose(game, d))
    return table


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_observation_carries_no_hidden_information(seed: int) -> None:
    """Worlds that differ only in what player 0 cannot see (game.determinize) encode the same for player 0,
    and the real world encodes differently for player 1 (whose hand differs from player 0's)."""
    table = _mid_game(seed, 40)
    encoder = table.encoder
    me = 0
    mine = encoder.encode(table.game.view(me))
    for world_seed in range(4):
        world = table.game.determinize(me, world_seed)
        assert np.array_equal(encoder.encode(world.view(me)), mine)
    assert not np.array_equal(encoder.encode(table.game.view(1)), mine)


def test_a_multi_pick_decision_takes_one_step_per_option_then_is_answered() -> None:
    """A break of two shields (min 2, max 2): two steps, the picked option masked out after the first."""
    for seed in range(200):
        table = _mid_game(seed, 0)
        game = table.game
        agents = [RandomAgent(seed), RandomAgent(seed + 7)]
        while game.pending is not None and not (game.pending.max > 1):
            d = game.pending
            game.answer(*agents[d.player].choose(game, d))
        d = game.pending
        if d is None or d.min != 2 or d.max != 2:
            continue
        assert DONE not in table.legal_actions()
        table.step(0)
        assert game.pending is d and table.picked == [d.options[0].label]
        assert 0 not in table.legal_actions() and DONE not in table.legal_actions()
        player = d.player
        obs = table.observation(player)
        picked_feature = layout()[-1].offset + 1
        assert obs[picked_feature] == 1.0
        table.step(1)
        assert game.pending is not d and table.picked == []
        answer = game.history[-1]
        assert answer == ("answer", (d.options[0].label, d.options[1].label))
        return
    pytest.fail("no two-shield break found in 200 seeded games")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = _mid_game(4, 0)
    before = table.game.pending
    illegal = next(a for a in range(MAX_OPTIONS) if a not in table.legal_actions())
    with pytest.raises(TcgError, match="not legal now"):
        table.step(illegal)
    assert table.game.pending is before and table.actions == []


def test_the_layout_is_contiguous_and_documented_with_its_version() -> None:
    segments = layout()
    offset = 0
    for seg in segments:
        assert seg.offset == offset
        offset += seg.size
    assert offset == OBSERVATION_SIZE
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[1] / "docs" / "ai.md").read_text(encoding="utf-8")
    assert f"encoding version {ENCODING_VERSION}" in doc
    for seg in segments:
        assert f"`{seg.name}`" in doc and str(seg.offset) in doc, seg.name


def test_card_features_name_the_card_by_its_index_in_card_names() -> None:
    setup = resolve_setup()
    encoder = Encoder(setup.catalog)
    table = Table(setup, 0, encoder=encoder)
    view = table.game.view(table.game.pending.player)  # type: ignore[union-attr]
    obs = encoder.encode(view)
    hand = next(z for z in view.zones if z.player == view.player and z.name == "hand")
    seg = next(s for s in layout() if s.name == "me.hand")
    first = hand.objects[0].cards[0]  # type: ignore[index]
    assert obs[seg.offset] == 1.0  # present
    assert encoder.card_names[int(obs[seg.offset + 2]) - 1] == first
    assert np.all(obs <= encoder.high) and np.all(obs >= 0)


def test_bad_deck_options_are_refused_with_a_clear_error() -> None:
    with pytest.raises(TcgError, match="expected two decks"):
        aec_env(decks=["fire_nature.yaml"])
    with pytest.raises(TcgError, match="no deck file"):
        aec_env(decks=["fire_nature.yaml", "no_such_deck.yaml"])
    with pytest.raises(TcgError, match="unknown card name"):
        aec_env(decks=[["not a card"] * 40, "fire_nature.yaml"])
