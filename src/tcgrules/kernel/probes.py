"""Probes: a test's or a measurement's wrapper around one engine function, honoured by every build.

In pure Python a test may replace a module's function or a method for a while (``monkeypatch.setattr``) to
check each call against a reference or to count calls. Compiled code (the optional mypyc build,
tools/compiled_build.py) calls its functions directly and its classes take no new attributes, so such a
replacement is refused or never seen there. The functions named below look here first instead, while
any probe is set::

    monkeypatch.setitem(probes.PROBES, "trigger_candidates", checking)

A probe is called in place of the function with the real function first, then the function's own
arguments, and what it returns is the function's result (``checking(real, game, h, lookback)``). With no
probe set, a call costs one test of an empty dict.

==========================  ===============================================================================
name                        the function
==========================  ===============================================================================
``state_based_actions``     ``game.rules.state_based_actions(game)``, after each event batch (pipeline.py)
``trigger_candidates``      :func:`.pipeline.trigger_candidates` ``(game, h, lookback)``
``trigger_matches``         ``ability.matches(game, effect, h)`` as triggers are collected (pipeline.py)
``note_entered``            a game module's ``views.note_entered(game, obj)``, as an object enters a zone
``reveal``                  a game module's ``views.reveal(game, cards, players)``, as cards are shown
==========================  ===============================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PROBES: dict[str, Callable[..., Any]] = {}
"""Probe name → the probe (see the module's table). Empty in play."""
