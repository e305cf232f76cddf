"""An OpenSpiel Python game of Duel Masters, registered as ``python_tcgrules_duel_masters`` when this module
is imported (``import tcgrules.env.openspiel``; then ``pyspiel.load_game("python_tcgrules_duel_masters")``).

Sequential, imperfect information, zero-sum, terminal rewards (+1/-1, 0 for a draw or a game cut off at
``max_game_length``). The game starts with one **chance node** that picks the deal: one of ``deals``
(parameter, default 1000) seeds of the shuffles, uniformly; after it, every random event of the game (the
shuffles during play) follows from that seed, so there are no other chance nodes. Player actions are those
of the other environments (:mod:`.encoding`): ``MAX_OPTIONS`` distinct actions, option ``i`` or ``DONE``.

* observation string: the player's view as JSON (``View.dumps``); observation tensor: the encoding's vector;
* information-state string: the log as that player saw it (``Game.log_for``) and the current view — all
  they observed, in order (perfect recall); information-state tensor: the encoding's vector of the current
  view (the view holds everything the player may know at that moment, what they remember of cards they
  cannot see included, so the vector stands for the information state without its history).

``state.clone()`` copies the game (``Game.copy``); a state serialises (``pickle``,
``pyspiel.serialize_game_and_state``) as the deal and the actions taken, and is rebuilt by replaying them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from .core import Setup, Table, resolve_setup
from .encoding import ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder

GAME_NAME = "python_tcgrules_duel_masters"
DEFAULT_DEALS = 1000
MAX_GAME_LENGTH = 5000

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name=f"tcgrules Duel Masters (encoding v{ENCODING_VERSION})",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"deals": DEFAULT_DEALS, "max_game_length": MAX_GAME_LENGTH},
)


def _setups() -> Setup:
    global _SETUP
    if _SETUP is None:
        _SETUP = resolve_setup()
    return _SETUP


_SETUP: Setup | None = None


class DuelMastersGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The game: the two standard decks (other decks: subclass and pass a :class:`~.core.Setup`)."""

    def __init__(self, params: dict[str, Any] | None = None, setup: Setup | None = None) -> None:
        params = dict(params or {})
        deals = int(params.get("deals", DEFAULT_DEALS))
        max_length = int(params.get("max_game_length", MAX_GAME_LENGTH))
        if deals < 1 or max_length < 1:
            raise ValueError(f"{GAME_NAME}: deals and max_game_length must be positive, got {params}")
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_OPTIONS,
            max_chance_outcomes=deals,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(_GAME_TYPE, info, params)
        self.deals = deals
        self.max_length = max_length
        self.table_setup = setup or _setups()
        self.encoder = Encoder(self.table_setup.catalog)

    def new_initial_state(self) -> DuelMastersState:
        return DuelMastersState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DuelMastersObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DuelMastersObserver(self, perfect_recall, params)


class DuelMastersState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    def __init__(self, game: DuelMastersGame) -> None:
        super().__init__(game)
        # Only small values here: pyspiel clones a state by deep-copying its __dict__ and serialises it by
        # pickling the __dict__ (a Table copies itself with Game.copy and pickles as its actions).
        self.deals: int = game.deals
        self.max_length: int = game.max_length
        self.deal: int | None = None
        self.actions: list[int] = []
        self.table: Table | None = None

    # -- the rules

    def current_player(self) -> int:
        if self.table is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.table.current_player
        assert player is not None
        return player

    def _is_over(self) -> bool:
        return self.table is not None and (self.table.is_over or len(self.actions) >= self.max_length)

    def is_terminal(self) -> bool:
        return self._is_over()

    def _legal_actions(self, player: int) -> list[int]:
        if self.table is None or self._is_over() or self.table.current_player != player:
            return []
        return self.table.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.deals
        return [(i, p) for i in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            game = self.get_game()
            self.deal = int(action)
            self.table = Table(game.table_setup, self.deal, log=True, encoder=game.encoder)
            return
        self.table.step(int(action))
        self.actions.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        table = self.table
        if table is not None and table.current_player == player:
            offered = table.offered()
            if 0 <= action < len(offered):
                return str(offered[action].label)
        return "done" if action == MAX_OPTIONS - 1 else f"option:{action}"

    def returns(self) -> list[float]:
        if self.table is None or not self._is_over():
            return [0.0, 0.0]
        return list(self.table.returns())

    def __str__(self) -> str:
        if self.table is None:
            return "deal pending"
        game = self.table.game
        return f"deal {self.deal}, {len(self.actions)} actions, turn {game.turn}, {game.view(0).dumps()}"


class DuelMastersObserver:
    """Observation (``perfect_recall`` off) or information state (on), as a tensor and a string."""

    def __init__(self, game: DuelMastersGame, perfect_recall: bool, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{GAME_NAME}: observation parameters are not supported, got {params}")
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DuelMastersState, player: int) -> None:
        if state.table is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = state.table.observation(player)

    def string_from(self, state: DuelMastersState, player: int) -> str:
        if state.table is None:
            return f"player {player}: the deal is pending"
        game = state.table.game
        picked = state.table.picked if state.table.current_player == player else []
        view = f"picked: {','.join(picked)}\n{game.view(player).dumps()}"
        if not self.perfect_recall:
            return view
        seen = "\n".join(f"{r.turn}|{r.kind}|{r.text}" for r in game.log_for(player))
        return f"{seen}\n{view}"


pyspiel.register_game(_GAME_TYPE, DuelMastersGame)
