"""Magic as a kernel game: the rules object, state-based actions (704) and the card catalog."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...kernel import Ability, Event, Frame, Game, GameObject, GameRules, Happened, Source
from . import state as st
from .abilities import register, sync
from .loader import load_dir
from .perform import PERFORMERS, describe
from .policy import MagicPolicy
from .schema import BLANK, CardDef
from .turn import Priority

CARDS_DIR = Path(__file__).parent / "cards"


@lru_cache(maxsize=1)
def standard_catalog() -> dict[str, CardDef]:
    """Every card in the module's card files, plus the blank library filler."""
    return {**load_dir(CARDS_DIR), BLANK.name: BLANK}


class Magic(GameRules):
    name = "magic"

    def __init__(self, catalog: Mapping[str, CardDef] | None = None) -> None:
        self.catalog: dict[str, CardDef] = dict(catalog if catalog is not None else standard_catalog())
        self.policy = MagicPolicy()
        self.built: dict[tuple[str, str, int], Ability | None] = {}

    def next_frame(self, game: Game) -> Frame:
        return Priority()

    def perform(self, game: Game, event: Event) -> Happened | None:
        happened = PERFORMERS[event.kind](game, event)
        st.sync_control(game)  # layer 2 (613.1b): effects may have begun or ended
        sync(game)  # 701.10b/h: abilities follow their new controller or text box
        return happened

    def waiting_order(self, game: Game) -> Sequence[int]:
        """101.4 / 603.3b: APNAP — the active player, then the others in turn order (players who left the
        game are skipped, 800.4)."""
        return st.players_in_game(game) or list(range(game.players))

    def object_entered(self, game: Game, obj: GameObject) -> None:
        if obj.zone == (st.SHARED, st.BATTLEFIELD):
            obj.state["base_controller"] = obj.controller  # 110.2: who put it onto the battlefield
            card = st.printed(game, obj)
            if card.loyalty is not None and "counters:loyalty" not in obj.state:
                obj.state["counters:loyalty"] = card.loyalty  # 306.5b
            register(game, obj)

    def state_based_actions(self, game: Game) -> list[Event]:
        """704.5a (life 0 or less), 704.5b (drew from an empty library), 704.5f (toughness 0 or less),
        704.5g (lethal damage), 704.5i (planeswalker with no loyalty), 704.5m (Auras). In a game of three
        or more, a player who loses leaves and the others play on (800.4, 104.2a); the last one left wins."""
        losers = [
            p
            for p in st.players_in_game(game)
            if st.life(game, p) <= 0 or game.players_info[p].get("drew_from_empty")
        ]
        if losers:
            loss = "704.5a" if all(st.life(game, p) <= 0 for p in losers) else "704.5b"
            for p in losers:
                game.players_info[p]["lost"] = True
            left = st.players_in_game(game)
            names = " and ".join(game.pname(p) for p in losers)
            reason = f"{names} at 0 or less life lose{'s' if len(losers) == 1 else ''}"
            if loss == "704.5b":
                verb = "loses" if len(losers) == 1 else "lose"
                reason = f"{names} {verb} (0 or less life, or a draw from an empty library)"
            if len(left) <= 1:
                game.end(left[0] if left else None, losers, loss, reason)
                return []
            game.record("result", reason + "; the game goes on", "800.4")
            for p in losers:
                leave_game(game, p)
        events = []
        for obj in st.battlefield(game):
            rule = _sba_rule(game, obj)
            if rule is not None:
                source = Source("rule", rule=rule)
                events.append(
                    Event("move", obj.oid, None, source, {"to": st.GRAVEYARD, "from": st.BATTLEFIELD})
                )
        return events

    def describe_event(self, game: Game, event: Event) -> str:
        return describe(game, event, None)

    def describe_happened(self, game: Game, happened: Happened) -> str:
        return describe(game, happened.event, happened)

    def inject(self, game: Game, spec: Mapping[str, Any]) -> Frame:
        from .board import injected_frame

        return injected_frame(game, spec)


def leave_game(game: Game, player: int) -> None:
    """800.4a: everything the player owns leaves the game; effects that give the player control of objects
    end; spells and abilities the player controls on the stack cease to exist; then objects the player still
    controls are exiled. (Not a state-based action: it happens as the player leaves.)"""
    from .abilities import Continuous
    from .stack import stack

    for oid in [o for o, obj in game.objects.items() if st.owner(game, obj) == player]:
        gone = game.remove_object(oid)
        for cid in gone.cards:
            del game.card_object[cid]
    game.take_lookback()  # nothing that left with the player triggers
    for effect in list(game.effects):
        ability = effect.ability
        if isinstance(ability, Continuous) and ability.key == st.CONTROL and ability.value == player:
            game.effects.remove(effect.eid)
    game.info["stack"] = tuple(i for i in stack(game) if i.controller != player)
    st.sync_control(game)
    for obj in [o for o in st.battlefield(game) if o.controller == player]:
        owner = st.owner(game, obj)
        gone = game.remove_object(obj.oid)
        for cid in gone.cards:
            del game.card_object[cid]
        game.create_object(list(gone.cards), st.zone_key(st.EXILE, owner), owner)
    game.record("rule", f"{game.pname(player)} leaves the game: what they own leaves with them", "800.4a")


def _sba_rule(game: Game, obj: GameObject) -> str | None:
    card = st.printed(game, obj)
    if st.is_creature(game, obj):
        toughness = st.power_toughness(game, obj)[1]
        if toughness <= 0:
            return "704.5f"
        if int(obj.state.get("damage", 0)) >= toughness:
            return "704.5g"
    if "planeswalker" in st.types(game, obj) and st.counters(obj, "loyalty") <= 0:
        return "704.5i"
    if card.is_aura:
        target = st.attached_to(obj)
        host = game.objects.get(target) if target is not None else None
        if host is None or host.zone != (st.SHARED, st.BATTLEFIELD) or not st.is_creature(game, host):
            return "704.5m"
    return None
