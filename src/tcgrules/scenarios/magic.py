"""The Magic scenario driver: board set-up, steps, expectations (fields documented in docs/magic.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..cards.yamlsource import Located
from ..games.boards import card_id
from ..games.magic import state as st
from ..games.magic.board import PLAYERS, ZONES, board
from ..games.magic.loader import load_data
from ..games.magic.rules import standard_catalog
from ..games.magic.schema import CardDef
from ..kernel import Decision, DefinitionError, Game, LogRecord
from .driver import BaseDriver
from .format import Scenario, ScenarioError

STEP_KINDS = ("cast", "activate", "pass", "inject", "answer")
EXPECT_KEYS = (
    "life",
    "zones",
    "controller",
    "pt",
    "counters",
    "attached",
    "keywords",
    "text",
    "where",
    "winner",
    "log",
    "not_log",
    "pending",
)
LOG_FIELDS = ("kind", "text", "rule", "event", "source", "replaced")


def load_cards(src: Located) -> list[CardDef]:
    """Validate a scenario's inline ``cards:`` with the Magic card schema."""
    return load_data(src)


class Driver(BaseDriver):
    STEP_KINDS = STEP_KINDS

    def build(self, scn: Scenario) -> Game:
        catalog = {**standard_catalog(), **{card.name: card for card in scn.cards}}
        try:
            game = board(scn.setup, catalog)
        except DefinitionError as exc:
            raise scn.error(("setup",), str(exc)) from exc
        game.recipe = {**game.recipe, "scenario": scn.path}
        return game

    def is_idle(self, game: Game, decision: Decision) -> bool:
        return decision.kind == "priority"

    # -- steps

    def _priority(self, game: Game, where: str, label: str) -> None:
        decision = game.pending
        if decision is None or decision.kind != "priority":
            shown = decision.describe() if decision else "no decision is pending"
            raise ScenarioError(f"{where}: no player has priority now\n{shown}")
        if label not in decision.labels:
            raise ScenarioError(f"{where}: {label!r} is not possible now\n{decision.describe()}")
        game.answer(label)

    def _targets(self, game: Game, refs: Any, where: str) -> None:
        for ref in refs or []:
            decision = game.pending
            if decision is None or decision.kind != "target":
                raise ScenarioError(f"{where}: more targets given than the spell or ability has")
            label = f"player:{ref}" if ref in PLAYERS else f"c{card_id(game, ref, where)}"
            if label not in decision.labels:
                raise ScenarioError(f"{where}: {ref!r} is not a legal target\n{decision.describe()}")
            game.answer(label)

    def _cast(self, game: Game, arg: Any, where: str) -> None:
        spec = dict(arg) if isinstance(arg, Mapping) else {"card": arg}
        cid = card_id(game, spec.get("card"), f"{where}: cast.card")
        self._priority(game, where, f"cast:c{cid}" + (":kicked" if spec.get("kicked") else ""))
        self._targets(game, spec.get("targets"), where)

    def _activate(self, game: Game, arg: Any, where: str) -> None:
        spec = dict(arg) if isinstance(arg, Mapping) else {"card": arg}
        cid = card_id(game, spec.get("card"), f"{where}: activate.card")
        box = st.textbox(game, game.object_of(cid))
        index = spec.get("ability", next((a.index for a in box.abilities if a.form == "activated"), -1))
        self._priority(game, where, f"activate:c{cid}:{index}")
        self._targets(game, spec.get("targets"), where)

    def _pass(self, game: Game, arg: Any, where: str) -> None:
        self._priority(game, where, "pass")

    # -- expectations

    def check(self, game: Game, scn: Scenario) -> list[str]:
        expect = scn.expect
        known = (*EXPECT_KEYS, *sorted(self.SHARED_EXPECT))
        for key in expect:
            if key not in known:
                raise scn.error(
                    ("expect", key), f"unknown expectation {key!r}; expected one of {', '.join(known)}"
                )
        failures: list[str] = []
        for key in EXPECT_KEYS:
            if key in expect:
                failures += getattr(self, f"_expect_{key}")(game, scn, expect[key])
        return failures + self.check_shared(game, scn, expect)  # ordered, asked, not_asked

    def _per_card(self, game: Game, scn: Scenario, want: Any, key: str, got: Any) -> list[str]:
        if not isinstance(want, Mapping):
            raise scn.error(("expect", key), f"expected a mapping of alias → value, got {want!r}")
        failures = []
        for ref, value in want.items():
            obj = game.object_of(self._cid(game, scn, ref, key))
            actual = got(obj)
            if actual != value:
                failures.append(f"{key}.{ref}: expected {value!r}, got {actual!r}")
        return failures

    def _expect_life(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return [
            f"life.{p}: expected {v}, got {st.life(game, PLAYERS[p])}"
            for p, v in dict(want).items()
            if st.life(game, PLAYERS[p]) != v
        ]

    def _expect_zones(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        failures = []
        for player, zones in dict(want).items():
            for zone, names in dict(zones).items():
                if zone not in ZONES or player not in PLAYERS:
                    raise scn.error(
                        ("expect", "zones", player, zone), f"expected A/B and one of {', '.join(ZONES)}"
                    )
                got = _names(game, PLAYERS[player], zone)
                if isinstance(names, int):
                    if len(got) != names:
                        failures.append(f"zones.{player}.{zone}: expected {names} card(s), got {len(got)}")
                elif Counter(got) != Counter(map(str, names)):
                    failures.append(f"zones.{player}.{zone}: expected {sorted(map(str, names))}, got {got}")
        return failures

    def _expect_controller(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "controller", lambda o: "AB"[o.controller])

    def _expect_pt(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "pt", lambda o: "{}/{}".format(*st.power_toughness(game, o)))

    def _expect_counters(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "counters", lambda o: st.counters(o, "+1/+1"))

    def _expect_attached(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        def host(obj: Any) -> str | None:
            target = st.attached_to(obj)
            return game.name(game.objects[target].top) if target in game.objects else None

        return self._per_card(game, scn, want, "attached", host)

    def _expect_keywords(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "keywords", lambda o: sorted(st.keywords(game, o)))

    def _expect_text(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "text", lambda o: st.textbox(game, o).name)

    def _expect_where(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        def place(obj: Any) -> str:
            return obj.zone[1] if obj.zone[0] == st.SHARED else f"{'AB'[obj.zone[0]]}.{obj.zone[1]}"

        return self._per_card(game, scn, want, "where", place)

    def _expect_winner(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        result = game.result
        got = None if result is None else ("none" if result.winner is None else "AB"[result.winner])
        return [] if got == want else [f"winner: expected {want}, got {got}"]

    def _expect_log(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self.check_log(game, scn, {"log": want})

    def _expect_not_log(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self.check_log(game, scn, {"not_log": want})

    def _expect_pending(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self.check_pending(game, want)

    def explain(self, game: Game) -> list[str]:
        return [_render(record) for record in game.log]


def _render(record: LogRecord) -> str:
    """A log line with the rule that decided it (for an event, the rule its source cites)."""
    rule = record.rule or record.data.get("source_rule")
    return f"{record.kind:<11} {record.text}" + (f"  [{rule}]" if rule else "")


def _names(game: Game, player: int, zone: str) -> list[str]:
    if zone == st.BATTLEFIELD:
        return sorted(game.name(o.top) for o in st.battlefield(game) if o.controller == player)
    return sorted(game.name(c) for oid in game.zones.get((player, zone), []) for c in game.objects[oid].cards)
