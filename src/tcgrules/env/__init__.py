"""Standard environments for AI research (extra ``tcgrules[rl]``): a PettingZoo AEC environment
(:func:`aec_env`), a Gymnasium single-agent wrapper (:func:`gym_env`) and an OpenSpiel game
(``import tcgrules.env.openspiel`` registers ``python_tcgrules_duel_masters``). The observation and action
encoding is in :mod:`.encoding` (docs/ai.md has the table). Importing this package also registers the
Gymnasium id :data:`GYM_ID` (``gymnasium.make("tcgrules/DuelMasters-v1", opponent="greedy")``)."""

import gymnasium

from .aec import DuelMastersAEC, aec_env
from .encoding import DONE, ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder, layout
from .gym import DuelMastersGym, gym_env

GYM_ID = f"tcgrules/DuelMasters-v{ENCODING_VERSION}"
if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="tcgrules.env.gym:DuelMastersGym")

__all__ = [
    "DONE",
    "ENCODING_VERSION",
    "GYM_ID",
    "MAX_OPTIONS",
    "OBSERVATION_SIZE",
    "DuelMastersAEC",
    "DuelMastersGym",
    "Encoder",
    "aec_env",
    "gym_env",
    "layout",
]
