"""The game-agnostic rules kernel. Imports nothing outside the standard library.

See ``docs/architecture.md`` for the model and the event pipeline.
"""

from .decisions import Decision, Option
from .effects import (
    MODIFIER,
    PROHIBITION,
    REPLACEMENT,
    TRIGGER,
    Ability,
    Effect,
    EffectRegistry,
    Modifier,
    Plan,
    Prohibition,
    Replacement,
    Triggered,
    Waiting,
)
from .errors import (
    DefinitionError,
    IllegalActionError,
    SaveFormatError,
    StepLimitError,
    TcgError,
    clip,
    shorten,
    tidy,
)
from .events import RULE, Event, Happened, Source
from .frames import Frame
from .game import Game, GameResult
from .log import LogRecord
from .model import Card, GameObject, ZoneKey
from .pipeline import ProcessEvents, ResolveWaiting, any_prohibited, applicable_replacements, is_prohibited
from .rng import Rng
from .rules import GameRules, ReplacementOutcome, ReplacementPolicy
from .views import DecisionView, ObjectView, OptionView, View, ZoneView

__all__ = [
    "MODIFIER",
    "PROHIBITION",
    "REPLACEMENT",
    "RULE",
    "TRIGGER",
    "Ability",
    "Card",
    "Decision",
    "DecisionView",
    "DefinitionError",
    "Effect",
    "EffectRegistry",
    "Event",
    "Frame",
    "Game",
    "GameObject",
    "GameResult",
    "GameRules",
    "Happened",
    "IllegalActionError",
    "LogRecord",
    "Modifier",
    "ObjectView",
    "Option",
    "OptionView",
    "Plan",
    "ProcessEvents",
    "Prohibition",
    "Replacement",
    "ReplacementOutcome",
    "ReplacementPolicy",
    "ResolveWaiting",
    "Rng",
    "SaveFormatError",
    "Source",
    "StepLimitError",
    "TcgError",
    "Triggered",
    "View",
    "Waiting",
    "ZoneKey",
    "ZoneView",
    "any_prohibited",
    "applicable_replacements",
    "clip",
    "is_prohibited",
    "shorten",
    "tidy",
]
