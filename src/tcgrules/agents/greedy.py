"""A greedy Duel Masters player: one-step heuristics over the decision's options, looking only at its own
view of the game (``game.view(player)``), never at hidden cards.

* charge: put the most expensive card of the hand into mana while the mana is short;
* main: use the most expensive card it can (evolving first); otherwise end the main step;
* attack: attack a tapped creature it beats in battle, else the player; otherwise end the attack step;
* block: block when the blocker wins the battle or when its last shields are at stake;
* choose cards: for an effect that harms (destroy, tap, return to hand, …), the opponent's most powerful
  cards; otherwise its own;
* use a trigger: always; anything else: the first options, as few as allowed (at least one).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..kernel import Decision, Game, ObjectView, View

_COST = re.compile(r"\((\d+)\)\s*$")
_POWER = re.compile(r"^power (-?\d+)$")
_FOR = re.compile(r" for (\w+)$")
HARMFUL = frozenset(
    {"destroy", "tap", "return_to_hand", "discard", "put_into_graveyard", "put_into_mana", "break", "move"}
)
MANA_TARGET = 7


class GreedyAgent:
    """Answers with simple one-step heuristics (module docstring). Deterministic."""

    def choose(self, game: Game, decision: Decision) -> tuple[str, ...]:
        view = game.view(decision.player)
        handler = getattr(self, f"_{decision.kind}", None)
        if handler is not None:
            picked: tuple[str, ...] | None = handler(game, view, decision)
            if picked is not None:
                return picked
        count = max(decision.min, min(1, decision.max))
        return decision.labels[:count]

    # -- by decision kind

    def _charge(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        me = decision.player
        mana = view.zone(me, "mana_zone").count
        hand = view.zone(me, "hand").count
        options = [o for o in decision.options if o.label.startswith("charge:")]
        if not options or (mana >= MANA_TARGET and "skip" in decision.labels) or hand == 0:
            return ("skip",) if "skip" in decision.labels else None
        catalog = _catalog(game)
        best = max(options, key=lambda o: (_cost_of(catalog, o.text), o.label))
        return (best.label,)

    def _main(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        uses = [o for o in decision.options if o.label != "end_main"]
        if not uses:
            return None

        def score(label: str, text: str) -> tuple[int, str]:
            if label.startswith("evolve:"):
                return (100, label)
            m = _COST.search(text)
            return (int(m.group(1)) if m else 0, label)

        best = max(uses, key=lambda o: score(o.label, o.text))
        return (best.label,)

    def _attack(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        objects = _objects(view)
        best: tuple[int, str] | None = None
        for o in decision.options:
            parts = o.label.split(":")
            if parts[0] != "attack" or len(parts) != 3:
                continue
            attacker, target = objects.get(parts[1]), parts[2]
            power = _power(attacker)
            if target == "player":
                score = 10
            else:
                defender = objects.get(target)
                if defender is None or power <= _power(defender):
                    continue
                score = 20 + _power(defender) // 1000
            if best is None or (score, o.label) > best:
                best = (score, o.label)
        if best is None:
            return ("end_attacks",) if "end_attacks" in decision.labels else None
        return (best[1],)

    def _block(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        me = decision.player
        objects = _objects(view)
        attackers = [
            o
            for z in view.zones
            if z.player != me and z.name == "battle_zone"
            for o in z.objects or ()
            if "attacking" in o.notes
        ]
        attack_power = max((_power(o) for o in attackers), default=0)
        shields = view.zone(me, "shield_zone").count
        blocks = [o for o in decision.options if o.label.startswith("block:")]
        winning = [o for o in blocks if _power(objects.get(o.label.split(":")[1])) > attack_power]
        if winning:
            return (max(winning, key=lambda o: _power(objects.get(o.label.split(":")[1]))).label,)
        if blocks and shields <= 1:
            return (blocks[0].label,)
        return ("no_block",) if "no_block" in decision.labels else None

    def _use_trigger(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        return ("yes",) if "yes" in decision.labels else None

    def _choose_cards(self, game: Game, view: View, decision: Decision) -> tuple[str, ...] | None:
        me = decision.player
        m = _FOR.search(decision.prompt)
        harmful = m is not None and m.group(1) in HARMFUL
        owners = {o.ref: z.player for z in view.zones for o in z.objects or ()}
        powers = {o.ref: _power(o) for z in view.zones for o in z.objects or ()}

        def score(label: str) -> tuple[int, int, str]:
            theirs = owners.get(label, me) != me
            wanted = theirs if harmful else not theirs
            return (1 if wanted else 0, powers.get(label, 0) if wanted else -powers.get(label, 0), label)

        ranked = sorted(decision.labels, key=score, reverse=True)
        wanted = [label for label in ranked if score(label)[0] == 1]
        count = min(decision.max, max(decision.min, len(wanted)))
        return tuple(ranked[:count])


def _catalog(game: Game) -> Mapping[str, Any]:
    catalog: Mapping[str, Any] = getattr(game.rules, "catalog", {})
    return catalog


def _cost_of(catalog: Mapping[str, Any], name: str) -> int:
    card = catalog.get(name)
    try:
        return int(card.main.cost) if card is not None else 0
    except (AttributeError, TypeError, ValueError):
        return 0


def _objects(view: View) -> dict[str, ObjectView]:
    return {o.ref: o for z in view.zones for o in z.objects or ()}


def _power(obj: ObjectView | None) -> int:
    if obj is None:
        return 0
    for note in obj.notes:
        m = _POWER.match(note)
        if m:
            return int(m.group(1))
    return 0
