"""超GRゾーン and GR召喚 (see mechanisms_c.py for the actions)."""

from __future__ import annotations

GR = "gr_zone"
"""超GRゾーン: a player's GR creatures, face down, in order (GR召喚 takes the top one)."""
