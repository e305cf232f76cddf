"""The OpenSpiel game python_tcgrules_duel_masters (tcgrules.env.openspiel)."""

from __future__ import annotations

import pickle

import pyspiel

import tcgrules.env.openspiel  # noqa: F401  (registers the game)
from tcgrules.env import OBSERVATION_SIZE


def test_the_game_passes_random_sim_test_with_serialization() -> None:
    # Short games (cut off at 40 actions): serialisation is checked at every state, by replaying.
    game = pyspiel.load_game("python_tcgrules_duel_masters", {"max_game_length": 40})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_passes_random_sim_test_over_whole_games() -> None:
    game = pyspiel.load_game("python_tcgrules_duel_masters")
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_type_and_information_state() -> None:
    game = pyspiel.load_game("python_tcgrules_duel_masters")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(17)
    for _ in range(12):
        state.apply_action(state.legal_actions()[0])
    assert game.observation_tensor_size() == OBSERVATION_SIZE == len(state.observation_tensor(0))
    assert len(state.information_state_tensor(1)) == OBSERVATION_SIZE
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert mine != theirs
    table = state.table
    hand = [table.game.name(c) for o in table.game.objects_in((1, "hand")) for c in o.cards]
    assert '"hand", "objects": null, "player": 1' in state.observation_string(0)
    assert all(f'"{name}"' in state.observation_string(1) for name in hand)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state) and copy.history() == state.history()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
