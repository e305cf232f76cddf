"""The observation tensor and the action encoding of the environments (version :data:`ENCODING_VERSION`).

An observation is built from ``game.view(player)`` only — what that player may know, nothing hidden — and
the card library (printed cost, power, civilizations, type of a card the view names). It is one flat
``float32`` vector of :data:`OBSERVATION_SIZE` features in segments (:func:`layout` lists them with their
offsets; docs/ai.md prints the table):

* ``global``: the turn, whose turn, the step, the pending decision's kind, its ``min``/``max``, how many
  options it has and how many are picked so far (multi-pick decisions, below);
* ``me.*`` then ``opponent.*``: the zone sizes of each player, then padded **slots** per zone — battle
  zone, shields, mana, graveyard (newest first), hand — each slot :data:`SLOT_FEATURES` wide, with a
  presence bit; a card the viewer cannot tell apart (a face-down shield, the opponent's hand) fills a slot
  with ``present`` set and ``known`` clear; the opponent's hand slots list the cards the viewer knows are
  there (``ZoneView.known``), the rest of that hand only counts;
* ``options``: one slot per option of the pending decision, in the order the decision gives them (action
  ``i`` answers option ``i``), :data:`OPTION_FEATURES` wide: presence, already picked, the kind of option
  (label prefix), the card it names and that card's owner and characteristics, the attack target.

Card identity is the feature ``card``: 1 + the card's index in the environment's ``card_names`` (the sorted
names of the library plus the given card files), 0 for none or unknown. Every other feature is in [0, 1].

**Actions.** ``Discrete(MAX_OPTIONS)``: action ``i < MAX_OPTIONS - 1`` picks option ``i``; action
:data:`DONE` (the last) finishes a multi-pick answer. A decision asking for exactly one option is one
step. A decision asking for ``min`` to ``max`` options (break two of five shields, choose up to three cards)
takes successive steps, one option each (a picked option is masked out), then ``DONE`` once at least
``min`` are picked; the answer is sent by itself when ``max`` are picked. Options past the first
``MAX_OPTIONS - 1`` are not offered (no decision of the library's decks has come near: 19 is the most seen).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards.schema import CardDefinition
from ..kernel import ObjectView, View, ZoneView

ENCODING_VERSION = 1
"""Bumped whenever a feature moves, appears or changes meaning."""

MAX_OPTIONS = 64
"""The size of the action space: ``MAX_OPTIONS - 1`` options and :data:`DONE`."""
DONE = MAX_OPTIONS - 1
"""The action that finishes a multi-pick answer."""

STEPS = ("start", "draw", "charge", "main", "attack", "end")
KINDS = (
    "charge",
    "main",
    "attack",
    "block",
    "break",
    "use_trigger",
    "choose_cards",
    "choose",
    "choose_mode",
    "choose_number",
    "choose_parity",
    "choose_shield",
    "declare",
    "fortify",
    "may",
    "order_triggers",
    "replacement",
    "use_replacement",
)
CIVILIZATIONS = ("light", "water", "darkness", "fire", "nature")
ZONE_COUNTS = ("battle_zone", "shield_zone", "mana_zone", "graveyard", "hand", "deck", "hyperspatial", "gr")
SLOT_ZONES = (("battle_zone", 12), ("shield_zone", 12), ("mana_zone", 20), ("graveyard", 20), ("hand", 12))
"""The zones encoded card by card, with their number of slots."""

SLOT_NAMES = (
    "present",
    "known",
    "card",
    "cost",
    "power",
    "creature",
    "spell",
    *(f"civ_{c}" for c in CIVILIZATIONS),
    "tapped",
    "face_down",
    "blocker",
    "attacking",
    "entered_this_turn",
    "being_broken",
    "stacked_cards",
)
SLOT_FEATURES = len(SLOT_NAMES)

OPTION_PREFIXES = (
    "charge",
    "skip",
    "summon",
    "cast",
    "evolve",
    "end_main",
    "attack_player",
    "attack_creature",
    "end_attacks",
    "block",
    "no_block",
    "yes",
    "no",
    "card",
    "shield",
    "other",
)
OPTION_NAMES = (
    "present",
    "picked",
    *(f"is_{p}" for p in OPTION_PREFIXES),
    "card",
    "mine",
    "cost",
    "power",
    "creature",
    "spell",
    "target_card",
    "target_power",
)
OPTION_FEATURES = len(OPTION_NAMES)

GLOBAL_NAMES = (
    "turn",
    "my_turn",
    *(f"step_{s}" for s in STEPS),
    "step_other",
    *(f"kind_{k}" for k in KINDS),
    "kind_other",
    "deciding",
    "min_picks",
    "max_picks",
    "options",
    "picked",
    "game_over",
)
PLAYER_NAMES = (*(f"count_{z}" for z in ZONE_COUNTS), "untapped_mana")

COST_SCALE = 20.0
POWER_SCALE = 30000.0
COUNT_SCALE = 60.0
TURN_SCALE = 100.0
_CARD_REF = re.compile(r"^c(\d+)$")


@dataclass(frozen=True, slots=True)
class Segment:
    name: str
    offset: int
    size: int
    features: tuple[str, ...]
    """The names of the features of one slot (or of the segment, for unslotted segments)."""
    slots: int = 1


def layout() -> tuple[Segment, ...]:
    """The segments of the observation vector, in order."""
    out: list[Segment] = []
    offset = 0

    def add(name: str, features: tuple[str, ...], slots: int = 1) -> None:
        nonlocal offset
        out.append(Segment(name, offset, len(features) * slots, features, slots))
        offset += len(features) * slots

    add("global", GLOBAL_NAMES)
    for who in ("me", "opponent"):
        add(f"{who}.counts", PLAYER_NAMES)
        for zone, slots in SLOT_ZONES:
            add(f"{who}.{zone}", SLOT_NAMES, slots)
    add("options", OPTION_NAMES, MAX_OPTIONS - 1)
    return tuple(out)


LAYOUT = layout()
OBSERVATION_SIZE = LAYOUT[-1].offset + LAYOUT[-1].size
SEGMENTS = {s.name: s for s in LAYOUT}


def high_bounds(card_count: int) -> npt.NDArray[np.float32]:
    """The upper bound of each feature: 1, or the number of card names for a ``card`` feature."""
    high = np.ones(OBSERVATION_SIZE, dtype=np.float32)
    for seg in LAYOUT:
        for i, feature in enumerate(seg.features):
            if feature in ("card", "target_card"):
                high[seg.offset + i : seg.offset + seg.size : len(seg.features)] = float(card_count)
    return high


class Encoder:
    """Turns views into observation vectors, for one card library."""

    def __init__(self, catalog: Mapping[str, CardDefinition]) -> None:
        self.card_names: tuple[str, ...] = tuple(sorted(catalog))
        self.catalog = catalog
        self.index = {name: i + 1 for i, name in enumerate(self.card_names)}
        self._by_length = sorted(self.card_names, key=len, reverse=True)

    @property
    def high(self) -> npt.NDArray[np.float32]:
        return high_bounds(len(self.card_names))

    # -- cards

    def _card(self, out: npt.NDArray[np.float32], at: int, name: str | None) -> None:
        """``card``, ``cost``, ``power``, ``creature``, ``spell``, civilizations from ``at`` (``card``)."""
        if name is None:
            return
        out[at] = self.index.get(name, 0)
        card = self.catalog.get(name)
        if card is None:
            return
        face = card.main
        out[at + 1] = min(max(face.cost, 0) / COST_SCALE, 1.0)
        out[at + 2] = min(max(face.power or 0, 0) / POWER_SCALE, 1.0)
        out[at + 3] = 1.0 if face.is_creature else 0.0
        out[at + 4] = 1.0 if face.type == "spell" else 0.0
        for civ in face.civilizations:
            if civ in CIVILIZATIONS:
                out[at + 5 + CIVILIZATIONS.index(civ)] = 1.0

    def _object(self, out: npt.NDArray[np.float32], at: int, obj: ObjectView) -> None:
        out[at] = 1.0
        name = obj.cards[0] if obj.cards else None
        out[at + 1] = 1.0 if name is not None else 0.0
        self._card(out, at + 2, name)
        base = at + 7 + len(CIVILIZATIONS)
        out[base] = 1.0 if obj.tapped else 0.0
        out[base + 1] = 1.0 if obj.face_down else 0.0
        notes = obj.notes
        out[base + 2] = 1.0 if "blocker" in notes else 0.0
        out[base + 3] = 1.0 if "attacking" in notes else 0.0
        out[base + 4] = 1.0 if "entered this turn" in notes else 0.0
        out[base + 5] = 1.0 if "being broken" in notes else 0.0
        out[base + 6] = min(len(obj.cards) / 8.0, 1.0)
        for note in notes:
            if note.startswith("power "):
                out[at + 4] = min(max(_int(note[6:]), 0) / POWER_SCALE, 1.0)

    # -- the observation

    def encode(self, view: View, picked: Sequence[str] = ()) -> npt.NDArray[np.float32]:
        """The observation vector of ``view`` (``picked``: the options already picked in a multi-pick)."""
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        me = view.player
        g = SEGMENTS["global"].offset
        out[g] = min(view.turn / TURN_SCALE, 1.0)
        out[g + 1] = 1.0 if view.active_player == me else 0.0
        step = dict(view.info).get("step")
        out[g + 2 + (STEPS.index(step) if step in STEPS else len(STEPS))] = 1.0
        k = g + 3 + len(STEPS)
        decision = view.pending
        if decision is not None:
            out[k + (KINDS.index(decision.kind) if decision.kind in KINDS else len(KINDS))] = 1.0
        d = k + len(KINDS) + 1
        if decision is not None:
            out[d] = 1.0
            out[d + 1] = min(decision.min / 10.0, 1.0)
            out[d + 2] = min(decision.max / 10.0, 1.0)
            out[d + 3] = min(len(decision.options) / (MAX_OPTIONS - 1), 1.0)
            out[d + 4] = min(len(picked) / 10.0, 1.0)
        out[d + 5] = 1.0 if view.result is not None else 0.0

        refs: dict[str, tuple[int, ObjectView]] = {}
        for who, player in (("me", me), ("opponent", 1 - me)):
            zones = {z.name: z for z in view.zones if z.player == player}
            c = SEGMENTS[f"{who}.counts"].offset
            for i, zone in enumerate(ZONE_COUNTS):
                z = zones.get(zone)
                out[c + i] = min((z.cards if z else 0) / COUNT_SCALE, 1.0)
            mana = zones.get("mana_zone")
            untapped = sum(1 for o in (mana.objects or ()) if not o.tapped) if mana else 0
            out[c + len(ZONE_COUNTS)] = min(untapped / COUNT_SCALE, 1.0)
            for zone, slots in SLOT_ZONES:
                seg = SEGMENTS[f"{who}.{zone}"]
                self._zone(out, seg.offset, slots, zones.get(zone), zone == "graveyard")
                z = zones.get(zone)
                for obj in (z.objects or ()) if z else ():
                    if _CARD_REF.match(obj.ref):  # positional refs (shield_zone:2) exist for both players
                        refs[obj.ref] = (player, obj)
        if decision is not None:
            self._options(out, view, decision.options, picked, refs)
        return out

    def _zone(
        self, out: npt.NDArray[np.float32], at: int, slots: int, z: ZoneView | None, newest: bool
    ) -> None:
        if z is None:
            return
        if z.objects is None:
            # A hidden zone: the known cards, then unknown cards up to the zone's size.
            names: list[str | None] = [*z.known, *([None] * max(0, z.count - len(z.known)))]
            for i, name in enumerate(names[:slots]):
                obj = ObjectView(f"hidden:{i}", (name,), face_down=False)
                self._object(out, at + i * SLOT_FEATURES, obj)
            return
        objects = list(reversed(z.objects)) if newest else list(z.objects)
        for i, obj in enumerate(objects[:slots]):
            self._object(out, at + i * SLOT_FEATURES, obj)

    def _options(
        self,
        out: npt.NDArray[np.float32],
        view: View,
        options: Sequence[Any],
        picked: Sequence[str],
        refs: Mapping[str, tuple[int, ObjectView]],
    ) -> None:
        seg = SEGMENTS["options"]
        chosen = set(picked)
        me = view.player
        card_at = 2 + len(OPTION_PREFIXES)
        for i, option in enumerate(options[: MAX_OPTIONS - 1]):
            at = seg.offset + i * OPTION_FEATURES
            out[at] = 1.0
            out[at + 1] = 1.0 if option.label in chosen else 0.0
            prefix, subject, target = option_parts(option.label)
            out[at + 2 + OPTION_PREFIXES.index(prefix)] = 1.0
            found = refs.get(subject) if subject else None
            name = found[1].cards[0] if found and found[1].cards else None
            if name is None and subject and _CARD_REF.match(subject):
                name = self._name_in(option.text)
            if name is not None:
                out[at + card_at] = self.index.get(name, 0)
                card = self.catalog.get(name)
                if card is not None:
                    out[at + card_at + 2] = min(max(card.main.cost, 0) / COST_SCALE, 1.0)
                    out[at + card_at + 3] = min(max(card.main.power or 0, 0) / POWER_SCALE, 1.0)
                    out[at + card_at + 4] = 1.0 if card.main.is_creature else 0.0
                    out[at + card_at + 5] = 1.0 if card.main.type == "spell" else 0.0
            if found is not None:
                out[at + card_at + 1] = 1.0 if found[0] == me else 0.0
                for note in found[1].notes:
                    if note.startswith("power "):
                        out[at + card_at + 3] = min(max(_int(note[6:]), 0) / POWER_SCALE, 1.0)
            elif prefix in ("charge", "summon", "cast", "evolve", "card"):
                out[at + card_at + 1] = 1.0  # a card of one's own hand or deck (a search): one's own
            aimed = refs.get(target) if target else None
            if aimed is not None and aimed[1].cards and aimed[1].cards[0] is not None:
                out[at + card_at + 6] = self.index.get(aimed[1].cards[0] or "", 0)
                for note in aimed[1].notes:
                    if note.startswith("power "):
                        out[at + card_at + 7] = min(max(_int(note[6:]), 0) / POWER_SCALE, 1.0)

    def _name_in(self, text: str) -> str | None:
        for name in self._by_length:
            if name in text:
                return name
        return None


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0


def option_parts(label: str) -> tuple[str, str | None, str | None]:
    """The option's kind (one of :data:`OPTION_PREFIXES`), the object it names and the attack target."""
    parts = label.split(":")
    head = parts[0]
    if head == "attack" and len(parts) == 3:
        return ("attack_player" if parts[2] == "player" else "attack_creature", parts[1], parts[2])
    if head in ("charge", "summon", "cast", "evolve", "block") and len(parts) >= 2:
        return (head, parts[1], None)
    if head in ("skip", "end_main", "end_attacks", "no_block", "yes", "no") and len(parts) == 1:
        return (head, None, None)
    if _CARD_REF.match(label):
        return ("card", label, None)
    if head == "shield_zone":
        return ("shield", label, None)
    return ("other", None, None)
