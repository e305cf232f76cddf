"""The Duel Masters scenario driver: board set-up, steps, and expectations."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..cards.loader import load_data
from ..cards.schema import CardDefinition
from ..cards.vocabulary import DUEL_MASTERS
from ..cards.yamlsource import Located
from ..games.boards import card_id
from ..games.duel_masters import characteristics as ch
from ..games.duel_masters.board import PLAYERS, ZONE_KEYS, board
from ..games.duel_masters.rules import standard_catalog
from ..kernel import Decision, DefinitionError, Game, TcgError
from ..narrate import account
from . import shapes as S
from .driver import BaseDriver
from .expectations import check_sequence, flatten
from .format import Located_, Scenario, ScenarioError, describe

IDLE_KINDS = frozenset({"main", "attack", "charge"})
_SEQUENCE = S.list_of(S.any_of("a card name or a list of them (any order)", S.TEXT, S.list_of(S.TEXT)))
"""Cards in order from one end; a nested list is a group in any order (expectations.check_sequence)."""
_ZONE_WANT = S.any_of(
    "a list of card names, a number of cards, or {count, cards, contains, lacks, top, bottom, order}",
    S.list_of(S.TEXT),
    S.INT,
    S.fields(
        "{count, cards, contains, lacks, top, bottom, order}",
        count=S.INT,
        cards=S.INT,
        contains=S.list_of(S.TEXT),
        lacks=S.list_of(S.TEXT),
        top=_SEQUENCE,
        bottom=_SEQUENCE,
        order=_SEQUENCE,
    ),
)
EXPECT_SHAPES = {
    "zones": S.map_of(S.map_of(_ZONE_WANT), "a mapping of player → zone → cards"),
    "tapped": S.map_of(S.BOOL),
    "power": S.map_of(S.INT),
    "cost": S.map_of(S.INT),
    "face_up": S.map_of(S.BOOL),
    "attacking": S.map_of(S.BOOL),
    "where": S.map_of(S.TEXT),
    "winner": S.WINNER,
    "result_rule": S.any_of("a rule number or null", S.NULL, S.RULE),
    "under": S.map_of(S.any_of("a card name or a list of them", S.TEXT, _SEQUENCE)),
    **S.SHARED,
}
"""What each expectation's value must be (checked when the file is read; shapes.py)."""
STEP_KINDS = ("inject", "play", "attack", "tap_ability", "block", "charge", "pass", "end_turn", "answer")


def load_cards(src: Located) -> list[CardDefinition]:
    """Validate a scenario's inline ``cards:`` against the Duel Masters vocabulary."""
    return load_data(src, DUEL_MASTERS)


class Driver(BaseDriver):
    STEP_KINDS = STEP_KINDS
    BARE_STEPS = ("pass", "end_turn")

    def build(self, scn: Scenario) -> Game:
        catalog = dict(standard_catalog())
        for card in scn.cards:
            catalog[card.name] = card
        try:
            game = board(scn.setup, catalog)
        except DefinitionError as exc:
            raise self.setup_error(scn, exc) from exc
        # Saves of scenario games carry the inline cards (their YAML source) in the recipe.
        game.recipe = {**game.recipe, "scenario": scn.path}
        return game

    def is_idle(self, game: Game, decision: Decision) -> bool:
        return decision.kind in IDLE_KINDS and decision.player == game.active_player

    def answers_decision(self, game: Game, decision: Decision, step: Located_) -> bool:
        """``answer:`` answers any decision; ``block:`` answers the block decision."""
        kind = self.step_kind(step.value)
        return super().answers_decision(game, decision, step) or (
            kind == "block" and decision.kind == "block"
        )

    # -- steps

    def _require(self, game: Game, kinds: tuple[str, ...], where: str, what: str) -> Decision:
        decision = game.pending
        if decision is None or decision.kind not in kinds:
            shown = describe(game, decision) if decision else "no decision is pending"
            raise ScenarioError(f"{where}: cannot {what} now; expected a {'/'.join(kinds)} decision\n{shown}")
        return decision

    def _choose(self, game: Game, decision: Decision, label: str, where: str, what: str) -> None:
        if label not in decision.labels:
            raise ScenarioError(
                f"{where}: cannot {what}: {label!r} is not an option\n{describe(game, decision)}"
            )
        game.answer(label)

    def _play(self, game: Game, arg: Any, where: str) -> None:
        spec = {"card": arg} if not isinstance(arg, Mapping) else dict(arg)
        cid = card_id(game, spec.get("card"), f"{where}: play.card")
        if spec.get("free"):
            extra = {"face": spec["face"]} if "face" in spec else {}
            if "onto" in spec:
                extra["onto"] = card_id(game, spec["onto"], f"{where}: play.onto")
            game.inject({"play": cid, "free": True, **extra})
            return
        decision = self._require(game, ("main",), where, f"play {game.name(cid)}")
        if "onto" in spec:  # one creature, or a list (進化V, 801.1b: put on all of them)
            refs = spec["onto"] if isinstance(spec["onto"], list) else [spec["onto"]]
            bases = [game.object_of(card_id(game, r, f"{where}: play.onto")) for r in refs]
            label = f"evolve:c{cid}:" + "+".join(f"c{b.top}" for b in bases)
            self._choose(game, decision, label, where, f"evolve {game.name(cid)}")
            return
        if "by" in spec:  # another way to use it, e.g. by: master_gods (マスターG・O・D・S)
            self._choose(
                game, decision, f"{spec['by']}:c{cid}", where, f"play {game.name(cid)} by {spec['by']}"
            )
            return
        suffix = f":{spec['face']}" if spec.get("face") else ""
        for verb in ("summon", "cast", "generate", "use", "deploy"):
            if f"{verb}:c{cid}{suffix}" in decision.labels:
                game.answer(f"{verb}:c{cid}{suffix}")
                return
        raise ScenarioError(
            f"{where}: cannot play {game.name(cid)} now (not enough mana?)\n{describe(game, decision)}"
        )

    def _attack(self, game: Game, arg: Any, where: str) -> None:
        if not isinstance(arg, Mapping) or "attacker" not in arg:
            raise ScenarioError(f"{where}: attack takes {{attacker: ALIAS, target: player or ALIAS}}")
        if game.pending is not None and game.pending.kind == "main":
            game.answer("end_main")
        decision = self._require(game, ("attack",), where, "attack")
        attacker = game.object_of(card_id(game, arg["attacker"], f"{where}: attack.attacker"))
        target = arg.get("target", "player")
        label_target = (
            "player" if target == "player" else f"c{game.object_of(card_id(game, target, where)).top}"
        )
        self._choose(game, decision, f"attack:c{attacker.top}:{label_target}", where, "attack")

    def _tap_ability(self, game: Game, arg: Any, where: str) -> None:
        """``tap_ability: ALIAS``: in the attack step, tap that creature to use its tap ability (602);
        ``tap_ability: {creature: ALIAS, of: ALIAS}``: to use another card's (``tap_for_this``)."""
        if game.pending is not None and game.pending.kind == "main":
            game.answer("end_main")
        decision = self._require(game, ("attack",), where, "use a tap ability")
        of = None
        if isinstance(arg, dict):
            unknown = set(arg) - {"creature", "of"}
            if unknown or "creature" not in arg:
                raise ScenarioError(f"{where}: tap_ability expects ALIAS or {{creature: ALIAS, of: ALIAS}}")
            if "of" in arg:
                of = game.object_of(card_id(game, arg["of"], f"{where}: tap_ability.of"))
            arg = arg["creature"]
        creature = game.object_of(card_id(game, arg, f"{where}: tap_ability"))
        label = f"tap_ability:c{creature.top}" + (f":c{of.top}" if of is not None else "")
        self._choose(game, decision, label, where, "use the tap ability")

    def _block(self, game: Game, arg: Any, where: str) -> None:
        if arg in (None, "none", False):
            # "No block" holds whether or not the block decision was asked: with nothing able to block,
            # the engine does not ask (507.1a), and the step is a no-op.
            if game.pending is not None and game.pending.kind == "block":
                game.answer("no_block")
            return
        decision = self._require(game, ("block",), where, "block")
        if isinstance(arg, Mapping):  # {redirect: ALIAS, to: ALIAS}: 攻撃曲げ (507.1a), not a block
            if set(arg) != {"redirect", "to"}:
                raise ScenarioError(f"{where}: block expects ALIAS, none or {{redirect: ALIAS, to: ALIAS}}")
            user = game.object_of(card_id(game, arg["redirect"], f"{where}: block.redirect"))
            target = game.object_of(card_id(game, arg["to"], f"{where}: block.to"))
            self._choose(game, decision, f"redirect:c{user.top}:c{target.top}", where, "bend the attack")
            return
        blocker = game.object_of(card_id(game, arg, f"{where}: block"))
        self._choose(game, decision, f"block:c{blocker.top}", where, "block")

    def _charge(self, game: Game, arg: Any, where: str) -> None:
        decision = self._require(game, ("charge",), where, "charge mana")
        if arg in ("skip", None):
            game.answer("skip")
            return
        self._choose(game, decision, f"charge:c{card_id(game, arg, where)}", where, "charge")

    def _pass(self, game: Game, arg: Any, where: str) -> None:
        decision = self._require(game, ("main", "attack", "charge"), where, "pass")
        game.answer({"main": "end_main", "attack": "end_attacks", "charge": "skip"}[decision.kind])

    def _end_turn(self, game: Game, arg: Any, where: str) -> None:
        turn = game.turn
        while game.turn == turn and game.pending is not None and self.is_idle(game, game.pending):
            self._pass(game, None, where)

    # -- expectations

    def check(self, game: Game, scn: Scenario) -> list[str]:
        failures: list[str] = []
        expect = scn.expect
        known = {"zones", "tapped", "power", "winner", "result_rule", "log", "not_log", "pending", "where"}
        known |= {"cost", "face_up", "attacking"}  # seed 004: costs, each card's facing, attacking
        known |= self.SHARED_EXPECT | {"under"}
        for key in expect:
            if key not in known:
                raise scn.error(
                    ("expect", key),
                    f"unknown expectation {key!r}; expected one of {', '.join(sorted(known))}",
                )
        for player, zones in (expect.get("zones") or {}).items():
            if player not in PLAYERS:
                raise scn.error(("expect", "zones", player), f"expected player A or B, got {player!r}")
            for zone, want in zones.items():
                if zone not in ZONE_KEYS:
                    raise scn.error(
                        ("expect", "zones", player, zone),
                        f"unknown zone {zone!r}; expected one of {', '.join(ZONE_KEYS)}",
                    )
                failures += _check_zone(game, PLAYERS[player], ZONE_KEYS[zone], want, f"{player}.{zone}")
        for alias, want in (expect.get("tapped") or {}).items():
            obj = game.object_of(self._cid(game, scn, alias, "tapped"))
            if obj.tapped != bool(want):
                failures.append(f"tapped.{alias}: expected {bool(want)}, got {obj.tapped}")
        for alias, want in (expect.get("power") or {}).items():
            obj = game.object_of(self._cid(game, scn, alias, "power"))
            got = ch.power(game, obj)
            if got != want:
                failures.append(f"power.{alias}: expected {want}, got {got}")
        failures += self._check_cards(game, scn, expect)
        for alias, want in (expect.get("where") or {}).items():
            obj = game.object_of(self._cid(game, scn, alias, "where"))
            place = f"{'AB'[obj.zone[0]]}.{obj.zone[1]}"
            if place != want:
                failures.append(f"where.{alias}: expected {want}, got {place}")
        if "winner" in expect:
            failures += _check_winner(game, expect["winner"])
        if "result_rule" in expect:
            got_rule = game.result.rule if game.result else None
            if got_rule != str(expect["result_rule"]):
                failures.append(f"result_rule: expected {expect['result_rule']}, got {got_rule}")
        failures += self.check_log(game, scn, expect)
        failures += self.check_shared(game, scn, expect)
        failures += self._check_under(game, scn, expect)
        if "pending" in expect:
            failures += self.check_pending(game, expect["pending"])
        return failures

    def _check_cards(self, game: Game, scn: Scenario, expect: Mapping[str, Any]) -> list[str]:
        """``cost`` (after cost changes), ``face_up`` (of one card, wherever it is in its object) and
        ``attacking`` (of the object holding the card)."""
        from ..games.duel_masters.shields import is_face_up

        failures = []
        for key in ("cost", "face_up", "attacking"):
            for alias, want in (expect.get(key) or {}).items():
                cid = self._cid(game, scn, alias, key)
                obj = game.object_of(cid)
                got: Any
                if key == "cost":
                    got = ch.cost(game, obj)
                elif key == "face_up":
                    got = is_face_up(obj, cid)
                else:
                    got = bool(obj.state.get("attacking"))
                if got != want:
                    failures.append(f"{key}.{alias}: expected {want}, got {got}")
        return failures

    def _check_under(self, game: Game, scn: Scenario, expect: Mapping[str, Any]) -> list[str]:
        """``under: {ALIAS: [cards]}``: exactly the cards below that card in its object, from just below it
        down (a nested list: those cards in any order)."""
        failures = []
        for alias, want in (expect.get("under") or {}).items():
            cid = self._cid(game, scn, alias, "under")
            cards = game.object_of(cid).cards
            below = cards[cards.index(cid) + 1 :]
            want = want if isinstance(want, list) else [want]
            if len(flatten(want)) != len(below):
                failures.append(f"under.{alias}: expected {want}, got {[game.name(c) for c in below]}")
                continue
            failures += check_sequence(game, below, want, f"under.{alias}")
        return failures

    def explain(self, game: Game) -> list[str]:
        """The account of the game, with rule numbers, then the final board."""
        return [line for line in account(game, verbose=True) if line.strip()] + final_board(game)


def _names(game: Game, player: int, zone: str) -> list[str]:
    return sorted(game.name(c) for oid in game.zones.get((player, zone), []) for c in game.objects[oid].cards)


def _printed(game: Game, name: Any) -> Any:
    """An expected card name as printed (English names are accepted; library.py)."""
    from ..games.duel_masters.library import resolve

    try:
        return resolve(game.rules.catalog, name)  # type: ignore[attr-defined]  # DuelMasters
    except TcgError:
        return name


def _check_zone(game: Game, player: int, zone: str, want: Any, label: str) -> list[str]:
    got = _names(game, player, zone)
    if isinstance(want, list):
        want = [_printed(game, w) for w in want]
    elif isinstance(want, Mapping):
        names = {k: want[k] for k in ("contains", "lacks") if isinstance(want.get(k), list)}
        want = {**want, **{k: [_printed(game, n) for n in v] for k, v in names.items()}}
    if isinstance(want, list):
        if Counter(got) != Counter(str(w) for w in want):
            return [f"{label}: expected {sorted(map(str, want))}, got {got}"]
        return []
    if isinstance(want, Mapping):
        failures = []
        failures += _check_positions(game, player, zone, want, label)
        if "count" in want and len(game.zones.get((player, zone), [])) != want["count"]:
            failures.append(
                f"{label}: expected {want['count']} object(s), got {len(game.zones.get((player, zone), []))}"
            )
        if "cards" in want and len(got) != want["cards"]:
            failures.append(f"{label}: expected {want['cards']} card(s), got {len(got)}")
        for name in want.get("contains", []):
            if name not in got:
                failures.append(f"{label}: expected to contain {name}, got {got}")
        for name in want.get("lacks", []):
            if name in got:
                failures.append(f"{label}: expected not to contain {name}, got {got}")
        return failures
    if isinstance(want, int):
        return [] if len(got) == want else [f"{label}: expected {want} card(s), got {len(got)}"]
    return [f"{label}: expected a list of names, a count, or {{count/cards/contains/lacks}}, got {want!r}"]


def _check_positions(game: Game, player: int, zone: str, want: Mapping[str, Any], label: str) -> list[str]:
    """``top`` (from the top down), ``bottom`` (from the bottom up) and ``order`` (the whole zone as setup
    lists it: bottom first, top last). A zone's list runs bottom to top: a deck's top card is the last."""
    bottom_up = [c for oid in game.zones.get((player, zone), []) for c in reversed(game.objects[oid].cards)]
    failures = []
    if "top" in want:
        failures += check_sequence(game, bottom_up[::-1], want["top"], f"{label} top")
    if "bottom" in want:
        failures += check_sequence(game, bottom_up, want["bottom"], f"{label} bottom")
    if "order" in want:
        order = want["order"]
        if isinstance(order, list) and len(flatten(order)) != len(bottom_up):
            failures.append(f"{label} order: expected {len(flatten(order))} card(s), got {len(bottom_up)}")
        else:
            failures += check_sequence(game, bottom_up, order, f"{label} order")
    return failures


def _check_winner(game: Game, want: Any) -> list[str]:
    result = game.result
    if want is None:
        return [] if result is None else [f"winner: expected the game to go on, but {result.reason}"]
    if result is None:
        return [f"winner: expected {want}, but the game is not over"]
    got = "none" if result.winner is None else "AB"[result.winner]
    return [] if got == str(want) else [f"winner: expected {want}, got {got} ({result.reason})"]


def final_board(game: Game) -> list[str]:
    """The board at the end, zone by zone (a judge sees every card; face-down ones are marked). A zone lists
    its cards from the top down — for the deck, the card that would be drawn first comes first."""
    from ..games.duel_masters.shields import is_face_up

    step = game.info.get("step", "?")
    pending = game.pending
    state = (
        game.result.reason
        if game.result
        else (f"{pending.kind} pending for {'AB'[pending.player]}" if pending else "no decision pending")
    )
    lines = [f"final board: turn {game.turn}, {'AB'[game.active_player]}'s {step} step; {state}"]
    aliases = {cid: alias for alias, cid in game.info.get("aliases", {}).items()}
    for player, name in enumerate("AB"):
        for zone_name, zone in ZONE_KEYS.items():
            oids = game.zones.get((player, zone), [])
            if not oids:
                continue
            shown = []
            for oid in reversed(oids):  # top first
                obj = game.objects[oid]
                cards = []
                for cid in obj.cards:
                    text = game.name(cid) + (f" ({aliases[cid]})" if cid in aliases else "")
                    if not is_face_up(obj, cid) and zone not in ("deck", "hand"):
                        text += " face down"
                    cards.append(text)
                text = cards[0] + (f" [under: {', '.join(cards[1:])}]" if cards[1:] else "")
                if obj.tapped:
                    text += " tapped"
                shown.append(text)
            runs: list[list[Any]] = []  # "filler ×8" for a run of the same card
            for text in shown:
                if runs and runs[-1][0] == text:
                    runs[-1][1] += 1
                else:
                    runs.append([text, 1])
            listed = "; ".join(text if n == 1 else f"{text} ×{n}" for text, n in runs)
            order = " (top first)" if zone_name in ("deck", "graveyard") else ""
            lines.append(f"  {name}.{zone_name}{order}: {listed}")
    return lines
