"""The manifest of the optional compiled build (``compiled_build.py``): which sources were compiled, and
which of them changed since. Kept apart from the build tool so that ``tcgrules`` can check it at import
without importing the tool (``python -m tcgrules.tools.compiled_build`` runs that module as ``__main__``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
"""``src/tcgrules`` of the checkout this module was imported from."""

MANIFEST = PACKAGE / "compiled.json"


def write(modules: list[str]) -> None:
    """Record ``modules`` (paths relative to the package) with the size and time of their sources."""
    sources = {}
    for rel in modules:
        st = (PACKAGE / rel).stat()
        sources[rel] = [st.st_size, st.st_mtime_ns]
    MANIFEST.write_text(json.dumps({"modules": sources}, indent=1) + "\n", encoding="utf-8")


def stale() -> list[str]:
    """The compiled modules whose source changed after the build (empty without a build)."""
    if not MANIFEST.exists():
        return []
    try:
        recorded = json.loads(MANIFEST.read_text(encoding="utf-8"))["modules"]
    except (OSError, ValueError, KeyError):
        return ["compiled.json (unreadable)"]
    out = []
    for rel, (size, mtime) in recorded.items():
        try:
            st = os.stat(PACKAGE / rel)
        except OSError:
            out.append(rel)
            continue
        if st.st_size != size or st.st_mtime_ns != mtime:
            out.append(rel)
    return out
