"""Duel Masters as a kernel game: the rules object, state-based actions and set-up."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...cards.loader import load_dir
from ...cards.schema import CardDefinition
from ...cards.vocabulary import DUEL_MASTERS
from ...kernel import (
    MODIFIER,
    PROHIBITION,
    Decision,
    DefinitionError,
    Event,
    Frame,
    Game,
    GameObject,
    GameRules,
    Happened,
    Source,
    View,
    Waiting,
    is_prohibited,
    shorten,
)
from ...kernel.probes import PROBES
from ..boards import mapping, whole
from . import characteristics as ch
from . import loops, views
from .abilities import CompiledCard, compile_card
from .actions import check_forced_choice
from .auras import state_based_actions as aura_state_based_actions
from .card_counts import state_based_actions as card_count_events
from .card_counts import watches as watches_card_count
from .castles import CASTLES
from .copies import register as register_copy
from .counting import take_extra_turn
from .draghearts import register_face
from .draghearts import state_based_actions as dragheart_state_based_actions
from .fields import register as register_wd_field
from .fields import state_based_actions as field_state_based_actions
from .final_forbidden import TYPES as FINAL_FORBIDDEN_TYPES
from .final_forbidden import check_part, place_linked_field
from .final_forbidden import register as register_final_forbidden
from .final_forbidden import state_based_actions as core_state_based_actions
from .forbidden import place_at_start
from .forbidden import register as register_forbidden
from .forbidden import state_based_actions as forbidden_state_based_actions
from .given_abilities import attach_given
from .gods import LINKED
from .gods import register as register_god_link
from .gods import state_based_actions as god_state_based_actions
from .gr import GR, GR_CREATURE
from .gr import state_based_actions as gr_state_based_actions
from .hyper import RELEASED as HYPER_RELEASED
from .hyper import register as register_hyper
from .hyper import state_based_actions as hyper_state_based_actions
from .inject import injected_frame
from .king_cells import TYPES as KING_TYPES
from .king_cells import register as register_king
from .king_cells import state_based_actions as king_state_based_actions
from .language.history import record
from .loops import MANDATORY_WATCH_AFTER as WATCH_AFTER
from .objects import (
    NOT_IN_THE_BATTLE_ZONE,
    invalid_type_events,
    object_state_based_actions,
    register_under_cards,
    s_max_choice,
)
from .perform import PERFORMERS
from .psychic import register_link
from .psychic import state_based_actions as psychic_state_based_actions
from .replacement import DuelMastersPolicy
from .rule_plus import RULE_PLUS_TYPES
from .rule_plus import state_based_actions as rule_plus_state_based_actions
from .seals import is_ignored_creature, register_release
from .seals import state_based_actions as seal_state_based_actions
from .shield_breaks import declarations
from .special_card_effects import BATTLING
from .turn import Turn
from .zero_dragon import TYPES as ZERO_DRAGON_TYPES
from .zero_dragon import register as register_zero_dragon
from .zero_dragon import start_draws
from .zero_dragon import state_based_actions as zero_dragon_state_based_actions
from .zones import ABYSS, BATTLE, DECK, HAND, HYPERSPATIAL, SHIELDS, other

CARDS_DIR = Path(__file__).parent / "cards"
DECKS_DIR = Path(__file__).parent / "decks"


@lru_cache(maxsize=1)
def standard_catalog() -> dict[str, CardDefinition]:
    """Every card in the library's card files."""
    return load_dir(CARDS_DIR, DUEL_MASTERS)


class DuelMasters(GameRules):
    name = "duel_masters"
    prohibition_rule = "700.3"
    sba_rule = "703"

    def __init__(self, catalog: Mapping[str, CardDefinition] | None = None) -> None:
        self.catalog: dict[str, CardDefinition] = dict(catalog if catalog is not None else standard_catalog())
        self.policy = DuelMastersPolicy()
        self._compiled: dict[str, CompiledCard] = {}
        self.card_index: tuple[ch.CardIndex, int, object] | None = None
        """The definitions of the game's cards by id and what they allow (``characteristics.card_index``)."""
        self._kings: Any = None
        """The king entries of the catalog (king_cells.py); declared here, as the compiled build requires."""
        self._cards_became: Any = None
        """The cards watching their number of cards (card_counts.py); declared here, likewise."""
        self._views_names: Any = None
        """The name index of the log views (views.py); declared here, as the compiled build requires."""
        self._history_wanted: tuple[int, bool] | None = None
        """Whether a card of the game reads the record of what happened (language/history.py)."""
        """Card id → definition, filled on first use (a game's cards never change their name)."""

    def compiled(self, name: str) -> CompiledCard:
        found = self._compiled.get(name)
        if found is None:
            found = self._compiled[name] = compiled_definition(self.catalog[name])
        return found

    # -- kernel hooks

    def next_frame(self, game: Game) -> Frame:
        if game.turn > 0 and not take_extra_turn(game):  # extra turns (counting.py, seed 004)
            game.active_player = other(game.active_player)
        return Turn()

    def perform(self, game: Game, event: Event) -> Happened | None:
        if game.steps > WATCH_AFTER and loops.mandatory_loop(game, event):  # no decision for long (loops.py)
            return None
        subject = event.subject
        obj = game.objects.get(subject) if subject is not None else None  # read once for both below
        secret = None
        if obj is not None:
            if stays_in_the_abyss(game, event, obj):
                return None
            secret = views.secret_place(game, obj)  # where a card is taken from unseen (views.py)
        happened = PERFORMERS[event.kind](game, event)
        if happened is not None:
            record(game, happened)  # what "このターン、…していれば" reads (language/history.py)
            if secret is not None:
                views.taken_unseen(game, happened, secret)
            if event.kind in views.CHANGES_KNOWLEDGE:
                views.after(game, happened)  # a shuffle, or a card shown as it is used
        return happened

    def declarations(self, game: Game, group: Sequence[Waiting]) -> Frame | None:
        return declarations(game, group)

    def object_entered(self, game: Game, obj: GameObject) -> None:
        self.register_abilities(game, obj)

        attach_given(game, obj)  # triggered abilities that static abilities give (given_abilities.py)

    def register_abilities(self, game: Game, obj: GameObject) -> None:
        if not PROBES:
            views.note_entered(game, obj)  # who can see its cards now (views.py)
        elif "note_entered" in PROBES:
            PROBES["note_entered"](views.note_entered, game, obj)  # kernel/probes.py
        else:
            views.note_entered(game, obj)
        cards = obj.cards
        zone = obj.zone[1]
        if len(cards) > 1:
            register_under_cards(game, obj)  # seed 004: S・トリガー from any card of a shield
        elif zone != BATTLE and not obj.state:
            # The common case, kept cheap (every card put anywhere comes here): out of the battle zone a
            # card with nothing linked, released or turned over has its printed abilities; only a
            # dragheart shows a side of its own there (806).
            compiled = self.compiled(game.cards[cards[0]].name)
            if compiled.dragheart:
                register_face(game, obj)
                return
            abilities = compiled.face_down if obj.face_down else compiled.by_zone.get(zone, ())
            if abilities:
                source = Source("ability", cards[0], obj.controller)
                for ability in abilities:
                    game.effects.add(ability, obj.controller, source, host=obj.oid)
            return
        if obj.face_down and zone == BATTLE:
            return  # 200.3b: a seal (a face-down card in the battle zone) has no abilities
        if register_copy(game, obj):
            return  # 「…になる」: the abilities of the card it copies (copies.py)
        if register_link(game, obj):
            return  # a linked psychic super creature: its abilities (psychic.py)
        if register_god_link(game, obj):
            return  # a God link: the abilities of all its cards (gods.py)
        if register_face(game, obj):
            return  # a dragheart: the abilities of the side it shows (special_card_effects.py)
        register_release(game, obj)  # 116.4a: a command entering removes a seal (seals.py)
        if register_wd_field(game, obj):
            return  # 819.1b: a WD field has the abilities of its upright side (fields.py)
        if register_forbidden(game, obj):
            return  # 809.2: a 禁断 card in the battle zone has the abilities of the face it shows
        if register_final_forbidden(game, obj):
            return  # 701.29a: a final forbidden card has the abilities of the face it shows
        if register_zero_dragon(game, obj):
            return  # 812.2: a 零龍 card has the abilities of the face it shows
        if register_king(game, obj):
            return  # 814: combined king cells have their king's abilities
        if register_hyper(game, obj):
            return  # 816.2a: a released hyper mode's abilities with the normal ones (hyper.py)
        self._register_printed(game, obj)

    def _register_printed(self, game: Game, obj: GameObject) -> None:
        compiled = self.compiled(game.cards[obj.top].name)
        abilities = compiled.face_down if obj.face_down else compiled.by_zone.get(obj.zone[1], ())
        if not abilities:
            return
        source = Source("ability", obj.top, obj.controller)
        for ability in abilities:
            game.effects.add(ability, obj.controller, source, host=obj.oid)

    def state_based_actions(self, game: Game) -> list[Event] | Frame:
        return state_based_actions(game, choices=True)

    def offer(self, game: Game, decision: Decision) -> Decision:
        return loops.offer(game, decision)  # a loop of answers is bounded (loops.py)

    def validate_answer(self, game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
        check_forced_choice(game, decision, labels)  # 可能ならこのクリーチャーを選ぶ, before anything changes
        loops.answered(game, decision, labels)

    def describe_event(self, game: Game, event: Event) -> str:
        return describe(game, event, None)

    def describe_happened(self, game: Game, happened: Happened) -> str:
        return describe(game, happened.event, happened)

    def inject(self, game: Game, spec: Mapping[str, Any]) -> Frame:
        return injected_frame(game, spec)

    # -- per-player views (views.py)

    def view(self, game: Game, player: int) -> View:
        return views.view(game, player)

    def log_views(
        self, game: Game, kind: str, text: str, data: Mapping[str, Any]
    ) -> Mapping[int, str | None] | None:
        # views.py (a log line's reading for each player). A method, not ``staticmethod(views.log_views)``
        # as a class attribute: compiled code calls the kernel's method through the class's own methods
        # and never sees a class attribute (the compiled build's draws were named to the opponent).
        return views.log_views(game, kind, text, data)

    def answered(self, game: Game, decision: Decision, labels: tuple[str, ...]) -> None:
        views.answered(game, decision)

    def determinize(self, game: Game, player: int, seed: int) -> Game:
        return views.determinize(game, player, seed)


_LOSS_REASONS = {"703.4a": "direct attack", "104.2b": "no cards left in the deck"}


_COMPILED: dict[int, tuple[CardDefinition, CompiledCard]] = {}
"""Compiled cards by definition, shared by every game whose catalog holds that definition (compiling is a
pure function of the definition, and compiled abilities keep no state of a game)."""


_COMPILED_MAX = 20_000


def compiled_definition(definition: CardDefinition) -> CompiledCard:
    entry = _COMPILED.get(id(definition))
    if entry is None or entry[0] is not definition:  # the identity check: an id may be reused
        if len(_COMPILED) >= _COMPILED_MAX:
            _COMPILED.clear()  # card files loaded again and again (a sandbox): start afresh
        entry = _COMPILED[id(definition)] = (definition, compile_card(definition))
    return entry[1]


def compiled(game: Game, cid: int) -> CompiledCard:
    rules: DuelMasters = game.rules  # type: ignore[assignment]  # only Duel Masters frames call this
    return rules.compiled(game.cards[cid].name)


def describe(game: Game, event: Event, h: Happened | None) -> str:
    """A readable line for an event, with card names as printed."""
    cards: tuple[int, ...] = h.cards if h is not None else ()
    if not cards and event.subject is not None and event.subject in game.objects:
        cards = tuple(game.objects[event.subject].cards)
    names = (
        game.name(cards[0]) + (f" (with {len(cards) - 1} card(s) under it)" if len(cards) > 1 else "")
        if cards
        else ""
    )
    by = ""
    if event.source.card is not None:
        by = f" by {game.name(event.source.card)}"
    elif event.source.rule:
        by = f" by rule {event.source.rule}"
    kind = event.kind
    who = game.pname(event.player) if event.player is not None else ""
    if kind == "draw":
        return f"{who} draws" + (f" {names}" if names else "")
    if kind == "break" and event.get("not_a_break"):
        # 701.14b: an effect put the shield into the hand — it behaves like a break but is none
        return f"{names or 'a card'} is put into the hand from the shield zone (not a break, 701.14b){by}"
    if kind in ("destroy", "discard", "break", "charge"):
        verb = {
            "destroy": "is destroyed",
            "discard": "is discarded",
            "break": "is broken",
            "charge": "is charged as mana",
        }[kind]
        return f"{names or 'a card'} {verb}{by}"
    if kind == "move":
        to = h.get("to") if h is not None else event.get("to")
        return f"{names or 'a card'} is put into {to}{by}"
    if kind == "enter":
        return f"{names} enters the battle zone ({event.get('how')})"
    if kind == "attack":
        return f"{names} attacks " + ("the player" if event.get("target") is None else "a creature")
    if kind == "block":
        blocker = game.objects.get(event.get("blocker"))
        return f"{game.name(blocker.top) if blocker else 'a creature'} blocks"
    if kind == "battle_start" and h is not None:
        a, d = h.get("attacker_cards")[0], h.get("defender_cards")[0]
        return f"a battle starts: {game.name(a)} vs {game.name(d)}"
    if kind == "battle" and h is not None:
        (pa, pd), a, d = h.get("powers"), h.get("attacker_cards")[0], h.get("defender_cards")[0]
        return f"battle: {game.name(a)} ({pa}) vs {game.name(d)} ({pd})"
    if kind == "power":
        return f"{names} gets {event.get('amount'):+d} power until end of turn{by}"
    if kind == "lose":
        return f"{who} loses ({event.get('rule')})"
    if kind == "direct_attack":
        return f"direct attack on {who}"
    if kind == "grant":
        until = (
            "until the start of its controller's next turn"
            if event.get("until") == "your_next_turn"
            else "this turn"
        )
        ability = event.get("ability")
        what = event.get("flag") or event.get("keyword")
        if what is None and ability is not None:
            what = f"the ability ({ability.form} {ability.name})"
        return f"{names} gets {what} {until}{by}"
    if kind == "use":
        verb = {"summon": "summons", "generate": "generates", "use": "uses", "deploy": "deploys"}.get(
            str(event.get("method")), "casts"
        )
        return f"{who} {verb} {game.name(event.get('card'))}"
    if kind in ("seal", "unseal"):  # 116.1a: the seal is face down; only the card it is on is named
        target = game.objects.get(event.subject) if event.subject is not None else None
        on = game.name(target.top) if target is not None else "a card"
        return f"a seal is put on {on}" if kind == "seal" else f"a seal is removed from {on}"
    if kind in ("turn_start", "turn_end"):
        return f"{'start' if kind == 'turn_start' else 'end'} of {who}'s turn"
    if kind == "ability_used":  # 能力語: an ability of that word was used
        return f"{who} uses the 「{event.get('ability_word')}」 of {game.name(event.get('card'))}"
    return f"{kind} {names}{by}".strip()


def stays_in_the_abyss(game: Game, event: Event, obj: GameObject) -> bool:
    """410.4: a card in the 深淵ゾーン never moves to another zone for the rest of the game (psychic,
    dragheart and GR cards included): an event that would move it (``obj``, its subject) does nothing."""
    if obj.zone[1] != ABYSS or event.kind not in ABYSS_LEAVING:
        return False
    game.record("rule", f"{game.name(obj.top)} stays in the 深淵ゾーン", "410.4")
    return True


ABYSS_LEAVING = frozenset({"destroy", "discard", "break", "charge", "enter", "move", "move_card"})
"""The event kinds that take their subject out of its zone (a draw takes the deck's top card, never this)."""


# ---------------------------------------------------------------------------------------------- set-up


def starting_zone(card: CardDefinition) -> str:
    """Where a card of a recipe's deck list starts the game: GR creatures in the 超GRゾーン (811.2), psychic
    and dragheart cards in the 超次元ゾーン (805.4, 807.4), a final forbidden set in the battle zone (308.4),
    every other card in the deck."""
    first = card.main.type
    if first == "gr_creature":
        return GR
    if first.startswith(("psychic", "dragheart")) or first == "rule_plus":
        return HYPERSPATIAL  # 314.1: a ルール・プラス too
    if first in ("final_forbidden_field", "zero_dragon_ritual", "zero_dragon_nebula"):
        return BATTLE  # 308.4, 311.2 / 100.5: a final forbidden or 零龍 set, outside the deck
    return DECK


MIN_DECK = 10
"""The fewest cards a recipe's deck may have: 103.3 puts five shields and five cards in hand."""
MAX_DECK = 1000
"""The most: a recipe is input like any other, and a million-card deck is not a game."""


def extra_parts(
    catalog: Mapping[str, CardDefinition], recipe: Mapping[str, Any], key: str
) -> list[list[str]]:
    """A recipe's ``hyperspatial`` or ``gr`` part: for each player the cards of that zone, checked as a deck
    file's are (100.3 / 100.3a / 407.1: at most 8 psychic and dragheart cards, 4 of a name; 100.4 / 100.4a /
    408.1: none or exactly 12 GR cards, 2 of a name). Missing: no cards there."""
    from .decks import (
        GR_COPIES,
        GR_SIZE,
        GR_TYPES,
        HYPERSPATIAL_COPIES,
        HYPERSPATIAL_SIZE,
        HYPERSPATIAL_TYPES,
    )
    from .library import resolve

    parts = recipe.get(key)
    if parts is None:
        return [[], []]
    if (
        not isinstance(parts, list | tuple)
        or len(parts) != 2
        or not all(isinstance(p, list | tuple) for p in parts)
    ):
        raise DefinitionError(f"recipe.{key}: expected two lists of card names, one per player")
    size, copies, types = (
        (HYPERSPATIAL_SIZE, HYPERSPATIAL_COPIES, HYPERSPATIAL_TYPES)
        if key == "hyperspatial"
        else (GR_SIZE, GR_COPIES, GR_TYPES)
    )
    found = []
    for player, names in enumerate(parts):
        where = f"recipe.{key}[{player}]"
        printed = [resolve(catalog, name, f"{where}[{i}]") for i, name in enumerate(names)]
        if key == "hyperspatial" and len(printed) > size:
            raise DefinitionError(
                f"{where}: a 超次元ゾーン has at most {size} cards (100.3), got {len(printed)}"
            )
        if key == "gr" and printed and len(printed) != size:
            raise DefinitionError(
                f"{where}: a 超GRゾーン has exactly {size} cards (100.4), got {len(printed)}"
            )
        for i, name in enumerate(printed):
            if printed.count(name) > copies:
                raise DefinitionError(f"{where}: more than {copies} copies of {name!r}")
            kind = catalog[name].faces[0].type
            if kind not in types:
                raise DefinitionError(
                    f"{where}[{i}]: {name!r} ({kind}) cannot start there: only {', '.join(sorted(types))}"
                )
        found.append(printed)
    return found


def battle_zone_parts(catalog: Mapping[str, CardDefinition], printed: list[list[str]]) -> list[list[str]]:
    """The cards of each player's deck list that start the game in the battle zone outside the deck (100.5,
    308.4: a final forbidden set; 311.2: a 零龍 set; a deck file's ``battle_zone`` part), checked as one
    set."""
    found = []
    for player, names in enumerate(printed):
        part = [name for name in names if starting_zone(catalog[name]) == BATTLE]
        problem = check_starting_set(dict(catalog), part, f"recipe.decks[{player}]") if part else None
        if problem is not None:
            raise DefinitionError(problem)
        found.append(part)
    return found


def check_starting_set(catalog: dict[str, CardDefinition], names: list[str], where: str) -> str | None:
    """What is wrong with a set that starts the game in the battle zone (``None``: nothing): a 零龍 set
    (311.2) or a final forbidden set (308.4)."""
    from .zero_dragon import check_set, is_set_card

    if any(is_set_card(catalog[name]) for name in names):
        return check_set(catalog, names, where)
    return check_part(catalog, names, where)


def place_starting_set(game: Game, player: int, names: list[str]) -> list[GameObject]:
    """308.4 / 311.2: a checked set put into the battle zone as set-up puts it."""
    from .zero_dragon import is_set_card, place_set

    if any(is_set_card(game.rules.catalog[name]) for name in names):  # type: ignore[attr-defined]
        return place_set(game, player, names)
    return place_linked_field(game, player, names)


def setup(recipe: Mapping[str, Any], catalog: Mapping[str, CardDefinition] | None = None) -> Game:
    """A new game from a recipe ``{"decks": [[names…], [names…]], "seed": N, "first_player": 0|1}``,
    optionally with ``"card_files": [paths…]`` (the player's own card files, added to the library) and
    ``"hyperspatial"`` / ``"gr"`` (two lists of names each: the players' 超次元ゾーン and 超GRゾーン,
    100.3–100.4; the 超GRゾーン is shuffled).

    103: each player shuffles their deck, puts the top five cards face down as shields, and draws five.
    Without ``first_player`` the seeded generator picks it.
    """
    recipe = mapping(recipe, "recipe", "a mapping with decks and seed (or board and seed)")
    seed = whole(recipe.get("seed", 0), "recipe.seed")
    files = recipe.get("card_files", ())
    if files:  # the player's own card files (library.py); recorded so that a save loads again
        from .library import catalog_with

        if not isinstance(files, list | tuple) or not all(isinstance(f, str) for f in files):
            raise DefinitionError(f"recipe.card_files: expected a list of file names, got {shorten(files)}")
        catalog = {**catalog_with(files), **(catalog or {})}
    if "board" in recipe:
        from .board import board

        return board(mapping(recipe["board"], "recipe.board"), catalog, seed=seed)
    rules = DuelMasters(catalog)
    decks: Sequence[Sequence[str]] = recipe.get("decks")  # type: ignore[assignment]  # checked just below
    if (
        not isinstance(decks, list | tuple)
        or len(decks) != 2
        or not all(isinstance(d, list | tuple) for d in decks)
    ):
        raise DefinitionError("recipe.decks: expected two lists of card names (or a 'board' recipe)")
    first = recipe.get("first_player")
    if first is not None:
        whole(first, "recipe.first_player", 0, 1)
    for player, names in enumerate(decks):
        if not MIN_DECK <= len(names) <= MAX_DECK:
            raise DefinitionError(
                f"recipe.decks[{player}]: a deck needs {MIN_DECK} to {MAX_DECK} cards "
                f"(5 shields and 5 in hand to start, 103.3), got {len(names)}"
            )
    from .library import resolve  # an English name, or "did you mean"

    printed = [
        [resolve(rules.catalog, name, f"recipe.decks[{player}][{i}]") for i, name in enumerate(names)]
        for player, names in enumerate(decks)
    ]
    extra = {key: extra_parts(rules.catalog, recipe, key) for key in ("hyperspatial", "gr")}
    starting = battle_zone_parts(rules.catalog, printed)
    zone_of = {name: starting_zone(rules.catalog[name]) for name in {n for names in printed for n in names}}
    for player, names in enumerate(printed):
        main = sum(1 for name in names if zone_of[name] == DECK)
        if main < MIN_DECK:
            raise DefinitionError(
                f"recipe.decks[{player}]: a deck needs {MIN_DECK} cards besides its GR, psychic and "
                f"dragheart cards (5 shields and 5 in hand to start, 103.3), got {main}"
            )
    game = Game(rules, seed=seed, recipe=dict(recipe))
    for player, names in enumerate(printed):
        for name in names:
            zone = zone_of[name]
            if zone == BATTLE:
                continue  # the final forbidden set: put into the battle zone after the shuffle (308.4)
            game.create_object([game.new_card(player, name).cid], (player, zone))

    for key, zone in (("hyperspatial", HYPERSPATIAL), ("gr", GR)):
        for player, names in enumerate(extra[key]):
            for name in names:  # 100.3 / 100.4: the cards of the 超次元ゾーン and the 超GRゾーン, as parts
                game.create_object([game.new_card(player, name).cid], (player, zone))
    for player in range(game.players):
        game.rng.shuffle(game.zone((player, DECK)))
        game.rng.shuffle(game.zone((player, GR)))  # 811.2: the 超GRゾーン, in a random order
        if starting[player]:  # 308.4, 311.2 / 100.5: a final forbidden field or a 零龍 set (the one set)
            place_starting_set(game, player, starting[player])
        else:
            place_at_start(game, player)  # 809.3 / 100.5: a 禁断 card starts in the battle zone, sealed
        for _ in range(5):
            oid = game.zone((player, DECK))[-1]
            game.move_object(oid, (player, SHIELDS), face_down=True)
        for _ in range(5):
            game.move_object(game.zone((player, DECK))[-1], (player, HAND))
    for player in range(game.players):
        start_draws(game, player)  # 「ゲーム開始時、相手はもう1枚カードを引く」 (zero_dragon.py)
    game.active_player = int(first) if first is not None else game.rng.below(2)
    game.record("info", f"{game.pname(game.active_player)} goes first", "103.4")
    game.advance()
    return game


# ---------------------------------------------------------------------------------------------- 703


CASTLE_FACES = frozenset({"castle"})

SPECIAL_TYPES = frozenset({"dragheart_weapon", "dragheart_fortress", "psychic_creature", GR_CREATURE})
"""Card types with state-based actions of their own (draghearts, psychic cards, GR creatures)."""


_POWER = (MODIFIER, "power")
_POWER_MULTIPLIED = (MODIFIER, "power_multiplied")
_POWER_FIXED = (MODIFIER, "power_fixed")


def _forbidden_in_battle(game: Game, event: Event, battle: tuple[int, int]) -> bool:
    """115.3b / 703.4d: a battle's loser is destroyed as the result of that battle, so the prohibitions of
    its destruction are read with the battle still going on — 「バトル中、このクリーチャーは破壊されない」
    (`static: {not_destroyed: true}, if: {in_battle: this}`) keeps it. True, with the prohibition logged,
    when one forbids it then; read only while some prohibition of destroy events exists."""
    if (PROHIBITION, "destroy") not in game.effects.index:
        return False
    previous = game.info.get(BATTLING)
    game.info[BATTLING] = battle
    try:
        forbidding = is_prohibited(game, event)
    finally:
        if previous is None:
            del game.info[BATTLING]
        else:
            game.info[BATTLING] = previous
    if forbidding is None:
        return False
    game.record(
        "prohibited",
        f"{game.rules.describe_event(game, event)} does not happen: {forbidding.ability.label}",
        "700.3",
        effect=forbidding.eid,
        cards=tuple(game.objects[event.subject].cards) if event.subject is not None else (),
    )
    return True


def state_based_actions(game: Game, *, full: bool = False, choices: bool = False) -> list[Event] | Frame:
    """703.4: losses (a, b); creatures at power 0 or less (c), or that lost a battle (d), are destroyed;
    objects rebuilt (h), castles, links and special cards put right (e, g, k, 118.1).

    Called after every event batch, so it checks only what can newly satisfy a condition (``full``
    checks everything, the reference the incremental check is tested against, tests/test_dm_sba.py):

    - 703.4c: with no continuous effect that can lower power registered, only a creature whose card
      has a creature face of power 0 or less can be at 0 — those cards are listed once per game
      (``characteristics.cards_at_most_zero_power``); a creature of any other card is not looked at;
    - 703.4d, 703.4h and God links (703.4e) are flags in an object's ``state``: an object with an empty
      state has none of them (an object with any flag — awakened, 龍解, linked — is always checked);
    - castles (703.4k) only when a castle zone holds one; draghearts, psychic cards and GR creatures
      only when the game has such cards; 703.4i only when the top card of a battle-zone object has a
      face of a type that cannot be there (a spell, a castle);
    - rebuilds (703.4h), God links (703.4e) and hyper mode's end only when a battle-zone object's state
      holds the key each reads (``rebuild``, ``god_link``, ``hyper_mode``).

    What the game's cards allow is worked out once per game (:func:`sba_cards`).
    """
    if game.steps > WATCH_AFTER and loops.mandatory_loop(game):  # a loop no one can stop (loops.py)
        return []
    players_info = game.players_info
    someone_lost = False
    events: list[Event] = []
    zones = game.zones
    for p, info in enumerate(players_info):  # a loop, not a comprehension: this runs after every batch
        if info.get("lost"):
            someone_lost = True  # 104.2: the game ends (the events below are not performed)
        elif info.pop("direct_attacked", False):
            events.append(Event("lose", None, p, Source("rule", rule="703.4a"), {"rule": "703.4a"}))
        elif not zones.get((p, DECK)):
            events.append(Event("lose", None, p, Source("rule", rule="104.2b"), {"rule": "104.2b"}))
    if someone_lost:
        lost = [p for p, each in enumerate(game.players_info) if each.get("lost")]
        rule = str(game.players_info[lost[0]]["lost"])
        if len(lost) == game.players:
            game.end(None, lost, rule, "both players lose at once: the game is a draw")
        else:
            winner = other(lost[0])
            game.end(
                winner,
                lost,
                rule,
                f"{game.pname(lost[0])} loses ({_LOSS_REASONS.get(rule, rule)}); {game.pname(winner)} wins",
            )
        return []
    # Only an effect that can lower power can bring a creature printed above 0 down to 0 (703.4c).
    power_changed = full
    index = game.effects.index  # read at once: this runs after every batch
    if not power_changed:
        bucket = index.get(_POWER)
        if bucket:
            for e in bucket.values():
                if getattr(e.ability, "lowers_power", True):
                    power_changed = True
                    break
        bucket = None if power_changed else index.get(_POWER_MULTIPLIED)
        if bucket:  # 206.4: multiplied by 0
            power_changed = any(getattr(e.ability, "lowers_power", True) for e in bucket.values())
        if _POWER_FIXED in index:
            power_changed = True  # 206.3: fixed (at 0, it may be)
    cards = sba_cards(game)
    fragile = cards.fragile
    misplaced = full
    spell_like = cards.spell_like
    keys: set[str] = set()
    """The state keys of the battle-zone objects."""
    objects = game.objects
    watched = cards.watched
    for p in range(game.players):
        for oid in zones.get((p, BATTLE), ()):
            obj = objects[oid]
            if not power_changed and not obj.state and obj.cards[0] not in watched:
                continue  # the common case, in as few steps as can be: nothing below concerns it
            if obj.cards[0] in spell_like:
                misplaced = True
            if obj.state:
                keys.update(obj.state)
                battle = obj.state.pop("lost_battle", None)
                if battle:
                    # 101.4e: a battle an effect made is part of that effect to its end: its loser is
                    # destroyed by that effect's source (an attack's battle, by the rule).
                    by = obj.state.pop("lost_battle_to", None)
                    source = (
                        Source(by[0], by[1], by[2], rule="703.4d") if by else Source("rule", rule="703.4d")
                    )
                    event = Event("destroy", obj.oid, None, source)
                    if not _forbidden_in_battle(game, event, battle):
                        events.append(event)
                    continue
            if not power_changed and obj.cards[0] not in fragile and not obj.state:
                continue  # a flag in its state may change the face it shows (覚醒, 龍解, a link)
            f = ch.face(game, obj)
            if not f.is_creature or (not power_changed and (f.power or 0) > 0):
                continue
            if is_ignored_creature(game, obj):
                continue  # 116.2a: a sealed creature is not in the battle zone
            if ch.power(game, obj) <= 0:
                event = Event("destroy", obj.oid, None, Source("rule", rule="703.4c"))
                if is_prohibited(game, event) is None:  # 700.3: "is not destroyed" ignores this action
                    events.append(event)
    seals = bool(game.info.get("seals"))
    statics = (MODIFIER, "lose_game") in index or (MODIFIER, "destroys") in index
    if not (full or keys or seals or statics or cards.rare):
        # the common case: no object with a state, no card of a special type, no seal, no such static
        if misplaced:
            events += invalid_type_events(game)  # 703.4i: no spell stays in the battle zone (objects.py)
        return events
    castles = cards.castles and any(game.zones.get((p, CASTLES)) for p in range(game.players))
    if full or "rebuild" in keys or castles:
        events += object_state_based_actions(game)  # 703.4h, 703.4k (objects.py, castles.py)
    if full or cards.special:
        events += dragheart_state_based_actions(game)  # draghearts go back to the 超次元ゾーン
        events += psychic_state_based_actions(game)  # 805.4b: psychic cards go back too
    if full or LINKED in keys:
        events += god_state_based_actions(game)  # 703.4e: illegal God links come apart (gods.py)
    if full or cards.special:
        events += gr_state_based_actions(game)  # 118.1: GR creatures go under the 超GRゾーン (gr.py)
    if misplaced:
        events += invalid_type_events(game)  # 703.4i: no spell stays in the battle zone (objects.py)
    hyper = HYPER_RELEASED in keys
    if full or hyper or seals or statics or cards.special_actions:
        events += special_card_actions(
            game, full=full, hyper=hyper, seals=seals, statics=statics, cards=cards
        )
    if choices and not events and cards.s_max:
        # 815.1a / 604.4: one S-MAX evolution creature a player, the player choosing which (a frame that
        # asks, once the other state-based actions are done)
        return s_max_choice(game) or events
    return events


def _may_show_a_type_not_in_battle(d: CardDefinition) -> bool:
    """703.4i: may the card show, in the battle zone, a face of a type that cannot be there? A twinpact with
    a creature side shows that side there (810.1, ``characteristics.face``), so its spell side never does."""
    if d.is_twinpact and any(f.is_creature for f in d.faces):
        return False
    return any(f.type in NOT_IN_THE_BATTLE_ZONE for f in d.faces)


@dataclass(frozen=True, slots=True)
class SbaCards:
    """What a game's cards allow the state-based actions to skip (its cards are fixed once it is set up)."""

    count: int
    """``len(game.cards)`` it was worked out for (one per list of cards: ``characteristics.CardIndex``)."""
    fragile: frozenset[int]
    """Cards with a creature face of power 0 or less (``characteristics.cards_at_most_zero_power``)."""
    spell_like: frozenset[int]
    """Cards that may show a face of a type that cannot be in the battle zone there (703.4i)."""
    special: bool
    """Any dragheart, psychic or GR card."""
    auras: bool
    d2_fields: bool
    s_max: bool
    rule_plus: bool
    final_forbidden: bool
    zero_dragon: bool
    kings: bool
    cards_became: bool
    """Any card with a 「含まれるカードがN枚になった時」 ability (card_counts.py)."""
    castles: bool
    """Any card with a castle face (only such a card fortifies a shield, 703.4k; castles.py)."""
    watched: frozenset[int] = frozenset()
    """``fragile`` and ``spell_like`` together: a battle-zone object of any other card, with no state, is
    not looked at unless an effect may have lowered a power (set by :func:`sba_cards`)."""
    special_actions: bool = False
    """Whether a card type of :func:`special_card_actions` is among the game's cards (set by
    :func:`sba_cards`)."""
    rare: bool = False
    """Any of ``castles``, ``special``, ``special_actions`` and ``s_max``: without them (and with no object
    state, seal or game-ending static) only 703.4a–d and 703.4i are looked at (set by :func:`sba_cards`)."""


def sba_cards(game: Game) -> SbaCards:
    known: tuple[ch.CardIndex, int, object] | None = game.rules.card_index  # type: ignore[attr-defined]
    # read at once, as characteristics.definition does: this runs after every event batch
    cards = game.cards
    index = known[0] if known is not None and cards and cards[-1] is known[2] else ch.card_index(game)
    tests = index.tests
    found: SbaCards | None = tests.get(SbaCards)
    if found is None:
        found = tests[SbaCards] = SbaCards(
            len(game.cards),
            ch.cards_at_most_zero_power(game),
            ch.card_index(game).passing("shown_not_in_battle_zone", _may_show_a_type_not_in_battle),
            bool(ch.cards_of_type(game, SPECIAL_TYPES)),
            bool(ch.cards_of_type(game, AURA_TYPES)),
            bool(ch.cards_of_type(game, D2_TYPES)),
            bool(ch.cards_with_printed_keyword(game, "s_max_evolution")),
            bool(ch.cards_with_face_of_type(game, RULE_PLUS_TYPES)),  # any side: 13番目の計画 is a back
            bool(ch.cards_of_type(game, FINAL_FORBIDDEN_TYPES)),
            bool(ch.cards_of_type(game, ZERO_DRAGON_TYPES)),
            bool(ch.cards_of_type(game, KING_TYPES)),
            bool(ch.cards_such_that(game, "cards_became", watches_card_count)),
            bool(ch.cards_with_face_of_type(game, CASTLE_FACES)),
        )
        special_actions = (
            found.auras
            or found.d2_fields
            or found.final_forbidden
            or found.zero_dragon
            or found.kings
            or found.rule_plus
            or found.cards_became
        )
        found = tests[SbaCards] = replace(
            found,
            watched=found.fragile | found.spell_like,
            special_actions=special_actions,
            rare=found.castles or found.special or special_actions or found.s_max,
        )
    return found


def special_card_actions(
    game: Game, *, full: bool, hyper: bool, seals: bool, statics: bool, cards: SbaCards
) -> list[Event]:
    """The state-based actions of chapter 3 and 8 card types, each looked at only when the game has such
    cards (``cards``) or state: auras, D2 fields, hyper mode (``hyper``: an object's state holds a
    release), seals (``seals``: some card is sealed), 「ゲームに負ける」 and 「…をすべて破壊し」 statics
    (``statics``: such a static is registered)."""
    events: list[Event] = []
    if full or cards.auras:
        events += aura_state_based_actions(game)  # 310.5: an aura attached to nothing (auras.py)
    if full or cards.d2_fields:
        events += field_state_based_actions(game)  # 703.4l: one D2 field at a time (fields.py)
    if full or hyper:
        events += hyper_state_based_actions(game)  # ハイパー化 lasts until its controller's next turn
    if full or seals:
        events += seal_state_based_actions(game)
    if full or statics:
        # 「自分はゲームに負ける」 and 「…をすべて破壊し」 statics (forbidden.py): one-shot effects of
        # statics, applied as soon as they hold (604.4)
        events += forbidden_state_based_actions(game)
    if full or cards.final_forbidden:
        events += core_state_based_actions(game)  # 309.7: a core alone goes to the graveyard
    if full or cards.zero_dragon:
        events += zero_dragon_state_based_actions(game)  # 311.3: a 零龍 card alone goes to the graveyard
    if full or cards.kings:
        events += king_state_based_actions(game)  # 814.1d: a king that lost a cell, or a cell alone
    if full or cards.rule_plus:
        events += rule_plus_state_based_actions(game)  # 314.4: no ルール・プラス in the battle zone
    if full or cards.cards_became:
        events += card_count_events(game)  # 603.2c: 「含まれるカードがN枚になった時」 (card_counts.py)
    return events


AURA_TYPES = frozenset({"aura"})
D2_TYPES = frozenset({"d2_field"})
