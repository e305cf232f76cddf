"""The error hierarchy. Every error a caller can provoke with bad input is a ``ValueError``, under
:class:`TcgError`; ``shorten`` keeps the values they quote short (docs/errors.md)."""

from __future__ import annotations

from typing import Any

SHORT = 80
"""The longest quoted value in a message, in characters."""


def shorten(value: Any, limit: int = SHORT) -> str:
    """``repr(value)``, cut to ``limit`` characters: a message never echoes a huge value in full."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int too long to print, a deeply nested value
        text = f"<{type(value).__name__}>"
    return clip(text, limit)


def clip(text: str, limit: int = SHORT) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    suffix = f"…({len(text)} chars)"
    return text[: max(limit - len(suffix), 8)] + suffix


class TcgError(ValueError):
    """Base class of the errors bad input can cause."""


class IllegalActionError(TcgError):
    """An answer or action the rules do not allow. The game is left exactly as it was."""


class DefinitionError(TcgError):
    """A card, deck or effect definition that does not fit its schema."""


class SaveFormatError(TcgError):
    """A saved game that cannot be loaded."""


class StepLimitError(TcgError):
    """A runaway game: the engine took more steps than its limit without needing an answer. One of the
    engine's errors like the others, so a scenario that hits it fails with its message and a saved game
    that hits it on replay is a save-format error."""
