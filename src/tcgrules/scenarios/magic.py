"""The Magic scenario driver: board set-up, steps, expectations (fields documented in docs/magic.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..cards.yamlsource import Located
from ..games.boards import card_id
from ..games.magic import state as st
from ..games.magic.board import ZONES, board
from ..games.magic.loader import load_data
from ..games.magic.rules import standard_catalog
from ..games.magic.schema import CardDef
from ..games.magic.stack import stack
from ..kernel import Decision, DefinitionError, Game, LogRecord
from .driver import BaseDriver
from .format import Located_, Scenario, ScenarioError

STEP_KINDS = ("cast", "activate", "pass", "inject", "answer", "check")
EXPECT_KEYS = (
    "life",
    "lost",
    "stack",
    "step",
    "tapped",
    "types",
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
    """Steps: ``cast``, ``activate`` (by the player who has priority), ``pass``, ``{pass: once}`` and
    ``{pass: PLAYER}``, ``inject``, ``answer``, ``check``. A bare ``pass`` is every player passing in
    succession until the item on top of the stack has resolved, with whatever it put on the stack above the
    rest (triggers) — or, with an empty stack, until the step ends. Decisions other than priority met on the
    way stop it; it goes on before the next step once the scripted answers have been given."""

    STEP_KINDS = STEP_KINDS

    def __init__(self) -> None:
        self.scn: Scenario | None = None
        self.drain: tuple[str, int, Any] | None = None
        """A ``pass`` under way (see :meth:`_continue`)."""

    def step(self, game: Game, step: Located_, scn: Scenario) -> None:
        self.scn = scn
        self._continue(game)
        super().step(game, step, scn)

    def answers_decision(self, game: Game, decision: Decision, step: Located_) -> bool:
        """``answer:`` answers the pending decision itself; a ``check:`` of ``options`` looks at it before it
        is answered (other checks wait, like steps, for the next priority decision)."""
        kind = self.step_kind(step.value)
        if kind == "check":
            arg = step.value["check"]
            return isinstance(arg, Mapping) and bool({"options", "not_options"} & set(arg))
        return bool(kind == "answer")

    def _check(self, game: Game, arg: Any, where: str) -> None:
        """``check: {…}``: expectations (the keys of ``expect``, and ``options`` / ``not_options``: option
        texts of the pending decision) checked now, in the middle of the steps."""
        if not isinstance(arg, Mapping):
            raise ScenarioError(f"{where}: check takes a mapping of expectations")
        failures: list[str] = []
        decision = game.pending
        texts = [o.text for o in decision.options] if decision is not None else []
        for name in arg.get("options") or []:
            if not any(str(name) in t for t in texts):
                failures.append(f"options: no option names {name!r} (options: {texts})")
        for name in arg.get("not_options") or []:
            if any(str(name) in t for t in texts):
                failures.append(f"not_options: an option names {name!r} (options: {texts})")
        for key in arg:
            if key in ("options", "not_options"):
                continue
            if key not in EXPECT_KEYS:
                raise ScenarioError(f"{where}: check: unknown expectation {key!r}")
            failures += getattr(self, f"_expect_{key}")(game, self.scn, arg[key])
        if failures:
            raise ScenarioError(f"{where}: check failed:\n  " + "\n  ".join(failures))

    def _continue(self, game: Game) -> None:
        """Go on with a ``pass`` under way: ``("below", n, _)`` until the stack has fewer than n items,
        ``("step", _, where)`` until the step changes, ``("count", n, _)`` for n more passes."""
        while self.drain is not None and game.result is None:
            mode, value, where = self.drain
            decision = game.pending
            if decision is None or decision.kind != "priority":
                return  # answered by the script first
            done = {
                "below": len(stack(game)) < value,
                "step": (game.info.get("step"), game.turn) != where,
                "count": value <= 0,
            }[mode]
            if done:
                self.drain = None
                return
            if mode == "count":
                self.drain = (mode, value - 1, where)
            game.answer("pass")

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

    def _priority(self, game: Game, where: str, label: str, by: Any = None) -> None:
        decision = game.pending
        if decision is None or decision.kind != "priority":
            shown = decision.describe() if decision else "no decision is pending"
            raise ScenarioError(f"{where}: no player has priority now\n{shown}")
        if by is not None and by != game.pname(decision.player):
            raise ScenarioError(f"{where}: {by} does not have priority, {game.pname(decision.player)} has")
        if label not in decision.labels:
            raise ScenarioError(f"{where}: {label!r} is not possible now\n{decision.describe()}")
        game.answer(label)

    def _targets(self, game: Game, refs: Any, where: str) -> None:
        for ref in refs or []:
            decision = game.pending
            if decision is None or decision.kind != "target":
                raise ScenarioError(f"{where}: more targets given than the spell or ability has")
            if ref is None or ref == "none":
                label = "none"
            else:
                label = f"player:{ref}" if ref in game.player_names else f"c{card_id(game, ref, where)}"
            if label not in decision.labels:
                raise ScenarioError(f"{where}: {ref!r} is not a legal target\n{decision.describe()}")
            game.answer(label)

    def _cast(self, game: Game, arg: Any, where: str) -> None:
        spec = dict(arg) if isinstance(arg, Mapping) else {"card": arg}
        cid = card_id(game, spec.get("card"), f"{where}: cast.card")
        label = f"cast:c{cid}" + (":kicked" if spec.get("kicked") else "")
        self._priority(game, where, label, spec.get("by"))
        self._targets(game, spec.get("targets"), where)

    def _activate(self, game: Game, arg: Any, where: str) -> None:
        spec = dict(arg) if isinstance(arg, Mapping) else {"card": arg}
        cid = card_id(game, spec.get("card"), f"{where}: activate.card")
        box = st.textbox(game, game.object_of(cid))
        index = spec.get("ability", next((a.index for a in box.abilities if a.form == "activated"), -1))
        self._priority(game, where, f"activate:c{cid}:{index}", spec.get("by"))
        self._targets(game, spec.get("targets"), where)

    def _inject(self, game: Game, arg: Any, where: str) -> None:
        """The judge's "suppose this happens"; what it triggers then resolves as if every player passed,
        unless ``hold: true`` keeps those triggered abilities on the stack (to respond to them)."""
        if not isinstance(arg, Mapping):
            raise ScenarioError(f"{where}: inject takes a mapping such as {{event: destroy, target: ALIAS}}")
        spec = {k: v for k, v in arg.items() if k != "hold"}
        size = len(stack(game))
        game.inject(spec)
        if not arg.get("hold") and len(stack(game)) > size:
            self.drain = ("below", size + 1, None)
            self._continue(game)

    def _pass(self, game: Game, arg: Any, where: str) -> None:
        """``pass``: every player passes until the top of the stack has resolved with what it put on the
        stack (or the step ends); ``{pass: once}``: every player passes once in succession (117.4: the top
        resolves once, or the step ends); ``{pass: A}``: that player passes priority (117.3d)."""
        size = len(stack(game))
        before = (game.info.get("step"), game.turn)
        if arg is True:
            self._priority(game, where, "pass")
            self.drain = ("below", size, None) if size else ("step", 0, before)
        elif arg == "once":
            self._priority(game, where, "pass")
            self.drain = ("count", len(st.players_in_game(game)) - 1, None)
        else:
            self._priority(game, where, "pass", arg)
            return
        self._continue(game)

    # -- expectations

    def check(self, game: Game, scn: Scenario) -> list[str]:
        self._continue(game)
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

    def _player(self, game: Game, scn: Scenario, name: Any, key: str) -> int:
        if name not in game.player_names:
            raise scn.error(("expect", key, name), f"expected a player: {', '.join(game.player_names)}")
        return game.player_names.index(name)

    def _expect_life(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        failures = []
        for p, v in dict(want).items():
            got = st.life(game, self._player(game, scn, p, "life"))
            if got != v:
                failures.append(f"life.{p}: expected {v}, got {got}")
        return failures

    def _expect_lost(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        """``lost: [C]``: the players who have lost (800.4: in multiplayer the others play on)."""
        got = sorted(game.pname(p) for p in range(game.players) if st.has_lost(game, p))
        return [] if got == sorted(want or []) else [f"lost: expected {sorted(want or [])}, got {got}"]

    def _expect_stack(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        """``stack: [bottom…, top]``: the names of the spells and abilities on the stack (an ability as
        "NAME ability")."""
        got = [
            game.name(i.card) if i.kind == "spell" else f"{i.text or game.name(i.card)} ability"
            for i in stack(game)
        ]
        return [] if got == list(want or []) else [f"stack: expected {list(want or [])}, got {got}"]

    def _expect_step(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        """``step: main`` or ``step: {turn: B, step: upkeep}``."""
        want = dict(want) if isinstance(want, Mapping) else {"step": want}
        got = {"step": game.info.get("step"), "turn": game.pname(game.active_player)}
        return [f"step.{k}: expected {v}, got {got[k]}" for k, v in want.items() if got.get(k) != v]

    def _expect_tapped(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "tapped", lambda o: o.tapped)

    def _expect_types(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        want = {k: sorted(v) for k, v in dict(want).items()}
        return self._per_card(game, scn, want, "types", lambda o: sorted(st.types(game, o)))

    def _expect_zones(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        failures = []
        for player, zones in dict(want).items():
            for zone, names in dict(zones).items():
                if zone not in ZONES or player not in game.player_names:
                    raise scn.error(
                        ("expect", "zones", player, zone),
                        f"expected a player ({', '.join(game.player_names)}) and one of {', '.join(ZONES)}",
                    )
                got = _names(game, game.player_names.index(player), zone)
                if isinstance(names, int):
                    if len(got) != names:
                        failures.append(f"zones.{player}.{zone}: expected {names} card(s), got {len(got)}")
                elif Counter(got) != Counter(map(str, names)):
                    failures.append(f"zones.{player}.{zone}: expected {sorted(map(str, names))}, got {got}")
        return failures

    def _expect_controller(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self._per_card(game, scn, want, "controller", lambda o: game.pname(o.controller))

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
        return self._per_card(game, scn, want, "where", lambda o: _where(game, o))

    def _expect_winner(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        result = game.result
        got = None if result is None else ("none" if result.winner is None else "AB"[result.winner])
        return [] if got == want else [f"winner: expected {want}, got {got}"]

    def _expect_log(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self.check_log(game, scn, {"log": want})

    def _expect_not_log(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        return self.check_log(game, scn, {"not_log": want})

    def _expect_pending(self, game: Game, scn: Scenario, want: Any) -> list[str]:
        d = game.pending
        if want is None or d is None:
            return self.check_pending(game, want)
        failures = []
        if "player" in want and game.pname(d.player) != want["player"]:
            failures.append(f"pending.player: expected {want['player']}, got {game.pname(d.player)}")
        if "kind" in want and d.kind != want["kind"]:
            failures.append(f"pending.kind: expected {want['kind']}, got {d.kind}")
        return failures

    def explain(self, game: Game) -> list[str]:
        return [_render(record) for record in game.log]


def _where(game: Game, obj: Any) -> str:
    return obj.zone[1] if obj.zone[0] == st.SHARED else f"{game.pname(obj.zone[0])}.{obj.zone[1]}"


def _render(record: LogRecord) -> str:
    """A log line with the rule that decided it (for an event, the rule its source cites)."""
    rule = record.rule or record.data.get("source_rule")
    return f"{record.kind:<11} {record.text}" + (f"  [{rule}]" if rule else "")


def _names(game: Game, player: int, zone: str) -> list[str]:
    if zone == st.BATTLEFIELD:
        return sorted(game.name(o.top) for o in st.battlefield(game) if o.controller == player)
    return sorted(game.name(c) for oid in game.zones.get((player, zone), []) for c in game.objects[oid].cards)
