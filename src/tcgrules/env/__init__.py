"""Standard environments for AI research (extra ``tcgrules[rl]``): a PettingZoo AEC environment
(:func:`aec_env`), a Gymnasium single-agent wrapper (:func:`gym_env`) and an OpenSpiel game
(``import tcgrules.env.openspiel`` registers ``python_tcgrules_duel_masters``). The observation and action
encoding is in :mod:`.encoding` (docs/ai.md has the table)."""

from .aec import DuelMastersAEC, aec_env
from .encoding import DONE, ENCODING_VERSION, MAX_OPTIONS, OBSERVATION_SIZE, Encoder, layout
from .gym import DuelMastersGym, gym_env

__all__ = [
    "DONE",
    "ENCODING_VERSION",
    "MAX_OPTIONS",
    "OBSERVATION_SIZE",
    "DuelMastersAEC",
    "DuelMastersGym",
    "Encoder",
    "aec_env",
    "gym_env",
    "layout",
]
