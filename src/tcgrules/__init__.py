"""tcgrules: a rules engine for trading card games.

The package is layered: ``kernel`` (standard library only) knows cards, objects, zones, events,
effects, decisions and the event pipeline; ``games`` hold each game's rules on top of it; ``cards``
is the card definition language; ``scenarios`` the judge's sandbox; ``agents`` and ``cli`` sit on top.
"""

__version__ = "0.1.0"
