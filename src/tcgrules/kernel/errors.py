"""The error hierarchy. Every error a caller can provoke with bad input is a ``ValueError``."""

from __future__ import annotations


class TcgError(ValueError):
    """Base class of the errors bad input can cause."""


class IllegalActionError(TcgError):
    """An answer or action the rules do not allow. The game is left exactly as it was."""


class DefinitionError(TcgError):
    """A card, deck or effect definition that does not fit its schema."""


class SaveFormatError(TcgError):
    """A saved game that cannot be loaded."""


class StepLimitError(RuntimeError):
    """A runaway game: the engine took more steps than its limit without needing an answer."""
