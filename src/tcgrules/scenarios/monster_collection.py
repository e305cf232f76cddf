"""The Monster Collection scenario driver: board set-up, steps, and expectations.

``setup``, ``steps`` and ``expect`` are described in ``docs/monster_collection.md``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..cards.yamlsource import Located
from ..games.boards import card_id
from ..games.monster_collection.abilities import card_def, resistances
from ..games.monster_collection.board import PLAYERS, ZONE_KEYS, board
from ..games.monster_collection.cards import CardDef, load_data, standard_catalog
from ..kernel import Decision, DefinitionError, Game, LogRecord
from ..narrate import account
from .driver import BaseDriver
from .format import Scenario, ScenarioError

IDLE_KINDS = frozenset({"main", "response"})
STEP_KINDS = ("use", "pass", "inject", "answer")
EXPECT_KEYS = ("zones", "where", "damage", "resistances", "log", "not_log", "pending")
MATCHER_KEYS = ("kind", "text", "rule", "event", "source", "replaced", "lineage", "n")


def load_cards(src: Located) -> list[CardDef]:
    """Validate a scenario's inline ``cards:`` with the Monster Collection card schema."""
    return load_data(src)


def _setup_path(message: str) -> tuple[str | int, ...]:
    head = message.split(":", 1)[0]
    return tuple(int(p[1:-1]) if p.startswith("[") else p for p in re.findall(r"[^.\[\]]+|\[\d+\]", head))


class Driver(BaseDriver):
    STEP_KINDS = STEP_KINDS
    LOG_FIELDS = MATCHER_KEYS

    def build(self, scn: Scenario) -> Game:
        catalog = dict(standard_catalog())
        catalog.update({card.name: card for card in scn.cards})
        try:
            game = board(scn.setup, catalog)
        except DefinitionError as exc:
            path = _setup_path(str(exc))
            raise scn.error(path if path[:1] == ("setup",) else ("setup", *path), str(exc)) from exc
        game.recipe = {**game.recipe, "scenario": scn.path}
        return game

    def is_idle(self, game: Game, decision: Decision) -> bool:
        """The active player's use-or-pass decision and the [対抗] response window: steps answer them."""
        return decision.kind in IDLE_KINDS

    # -- steps

    def _pending(self, game: Game, where: str, what: str) -> Decision:
        decision = game.pending
        if decision is None or decision.kind not in IDLE_KINDS:
            shown = decision.describe() if decision else "no decision is pending"
            raise ScenarioError(f"{where}: cannot {what} now; expected a main or response decision\n{shown}")
        return decision

    def _use(self, game: Game, arg: Any, where: str) -> None:
        if not isinstance(arg, Mapping) or "card" not in arg or "target" not in arg:
            raise ScenarioError(
                f"{where}: use takes {{card: ALIAS, target: ALIAS, by: ALIAS, ability: NAME}}"
            )
        decision = self._pending(game, where, "use a card")
        cid = card_id(game, arg["card"], f"{where}: use.card")
        target = game.object_of(card_id(game, arg["target"], f"{where}: use.target")).top
        if "ability" in arg:
            names = [a.name for a in card_def(game, cid).abilities]
            if arg["ability"] not in names:
                raise ScenarioError(f"{where}: {game.name(cid)} has no ability {arg['ability']!r}: {names}")
            label = f"ability:c{cid}:{names.index(arg['ability'])}:c{target}"
        else:
            by = f":by:c{card_id(game, arg['by'], f'{where}: use.by')}" if "by" in arg else ""
            label = f"use:c{cid}:c{target}{by}"
        if label not in decision.labels:
            raise ScenarioError(f"{where}: cannot use {game.name(cid)} that way now\n{decision.describe()}")
        game.answer(label)

    def _pass(self, game: Game, arg: Any, where: str) -> None:
        self._pending(game, where, "pass")
        game.answer("pass")

    # -- expectations

    def check(self, game: Game, scn: Scenario) -> list[str]:
        expect = scn.expect
        known = (*EXPECT_KEYS, *sorted(self.SHARED_EXPECT))
        for key in expect:
            if key not in known:
                raise scn.error(("expect", key), f"unknown expectation {key!r}; expected one of {known}")
        failures = self._zones(game, scn, expect.get("zones") or {})
        failures += self.check_shared(game, scn, expect)  # ordered, asked, not_asked
        for alias, want in (expect.get("where") or {}).items():
            obj = game.object_of(self._cid(game, scn, alias, "where"))
            if f"{'AB'[obj.zone[0]]}.{obj.zone[1]}" != want:
                failures.append(f"where.{alias}: expected {want}, got {'AB'[obj.zone[0]]}.{obj.zone[1]}")
        for alias, want in (expect.get("damage") or {}).items():
            got = game.object_of(self._cid(game, scn, alias, "damage")).state.get("damage", 0)
            if got != want:
                failures.append(f"damage.{alias}: expected {want}, got {got}")
        for alias, want in (expect.get("resistances") or {}).items():
            got = list(resistances(game, game.card_object[self._cid(game, scn, alias, "resistances")]))
            if got != list(want):
                failures.append(f"resistances.{alias}: expected {want}, got {got}")
        failures += self.check_log(game, scn, expect)
        if "pending" in expect:
            failures += self.check_pending(game, expect["pending"])
        return failures

    def _zones(self, game: Game, scn: Scenario, zones: Mapping[str, Any]) -> list[str]:
        failures = []
        for player, by_zone in zones.items():
            if player not in PLAYERS:
                raise scn.error(("expect", "zones", player), f"expected player A or B, got {player!r}")
            for zone, want in by_zone.items():
                if zone not in ZONE_KEYS:
                    raise scn.error(("expect", "zones", player, zone), f"unknown zone {zone!r}")
                got = sorted(game.name(c) for o in game.objects_in((PLAYERS[player], zone)) for c in o.cards)
                if Counter(got) != Counter(map(str, want)):
                    failures.append(f"zones.{player}.{zone}: expected {sorted(map(str, want))}, got {got}")
        return failures

    def log_field(self, game: Game, scn: Scenario, record: LogRecord, key: str, want: Any) -> bool:
        if key == "lineage":
            return list(record.data.get("lineage", ())) == list(want)
        return super().log_field(game, scn, record, key, want)

    def explain(self, game: Game) -> list[str]:
        return [line for line in account(game, verbose=True) if line.strip()]
