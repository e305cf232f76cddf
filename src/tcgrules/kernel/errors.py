"""The error hierarchy. Every error a caller can provoke with bad input is a ``ValueError``, under
:class:`TcgError`; ``shorten`` keeps the values they quote short (docs/errors.md)."""

from __future__ import annotations

import re
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


LONGEST = 5000
"""The longest message, in characters (a pending decision with its options fits)."""
_LONG_QUOTED = re.compile(r"(?<!\w)(?:'[^'\n]{N,}'|\"[^\"\n]{N,}\")(?!\w)".replace("N", str(SHORT)))
"""A quoted value (a repr) longer than ``SHORT``: not preceded or followed by a letter, so an apostrophe
in prose ("the card's") never starts one."""


def tidy(message: str) -> str:
    """``message`` with each quoted value longer than ``SHORT`` cut, and at most ``LONGEST`` characters:
    a value echoed back from the input (a 200 kB string in a card file) never floods the message."""
    if len(message) <= SHORT:
        return message
    message = _LONG_QUOTED.sub(lambda m: clip(m.group(), SHORT), message)
    return clip(message, LONGEST)


def clip(text: str, limit: int = SHORT) -> str:
    """``text`` cut to ``limit`` characters, saying how long it was."""
    if len(text) <= limit:
        return text
    suffix = f"…({len(text)} chars)"
    return text[: max(limit - len(suffix), 8)] + suffix


class TcgError(ValueError):
    """Base class of the errors bad input can cause. Its message is kept readable whoever wrote it: a
    quoted value longer than ``SHORT`` characters is cut (see :func:`tidy`)."""

    def __init__(self, *args: object) -> None:
        if len(args) == 1 and isinstance(args[0], str):
            args = (tidy(args[0]),)
        super().__init__(*args)


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
