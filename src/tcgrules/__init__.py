"""tcgrules: a rules engine for trading card games.

The package is layered: ``kernel`` (standard library only) knows cards, objects, zones, events,
effects, decisions and the event pipeline; ``games`` hold each game's rules on top of it; ``cards``
is the card definition language; ``scenarios`` the judge's sandbox; ``agents`` and ``cli`` sit on top.
"""

__version__ = "0.1.0"


def _warn_if_stale() -> None:
    """A compiled build (tools/compiled_build.py) whose sources changed since would run the old code."""
    from pathlib import Path

    if not (Path(__file__).parent / "compiled.json").exists():
        return  # pure Python, the default
    import warnings

    from .tools.compiled_manifest import stale

    changed = stale()
    if changed:
        warnings.warn(
            f"tcgrules: {len(changed)} compiled module(s) are older than their source "
            f"({', '.join(changed[:3])}{', …' if len(changed) > 3 else ''}): run "
            "`python -m tcgrules.tools.compiled_build build` again, or `… clean` for pure Python",
            stacklevel=2,
        )


_warn_if_stale()
