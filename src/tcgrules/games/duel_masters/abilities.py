"""Card abilities as kernel abilities: the interpreter of the card language's trigger, replacement and
static forms for Duel Masters.

A card definition is compiled once (:func:`compile_card`) into the kernel abilities each of its zones
registers. Patterns name the event kinds they watch (so the kernel's index finds them) and a predicate
over the event; conditions are checked when the event is about to happen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...cards.schema import AbilitySpec, Action, CardDefinition, Condition, Face, Selector
from ...kernel import (
    MODIFIER,
    PROHIBITION,
    TRIGGER,
    Effect,
    Event,
    Frame,
    Game,
    GameObject,
    Happened,
    Modifier,
    Prohibition,
    Replacement,
    Source,
    Triggered,
    Waiting,
)
from . import characteristics as ch
from . import turn_limits
from .ability_ignore import abilities_ignored, is_ignored, looked_back_ignored
from .actions import ActionFrame, PlanReplacement, ResolveTrigger, actions_feasible, keyword_acts
from .characteristics import COST_CIVILIZATIONS
from .draghearts import DRAGHEART_TYPES
from .given_abilities import TriggerGiver
from .ignore_effects import ignored_replacement, not_leave_ignored
from .keywords import expand
from .language.conditions import holds, is_v2
from .language.patterns import destination as patterns_destination
from .language.patterns import event_matches, happened_matches, self_bound_kinds
from .language.patterns import kinds as pattern_kinds
from .language.quantities import value as quantity
from .language.scope import bind_this, effect_scope
from .language.selectors import contains, face_fits, fits
from .shield_force import extra_condition
from .trigger_stealing import steal_trigger
from .zones import (
    BATTLE,
    HAND,
    MANA,
    SHIELDS,
    arrived_with,
    looks_back_beyond_itself,
    triggered_on_new_object,
)

MOVE_KINDS = frozenset({"destroy", "discard", "break", "draw", "charge", "enter", "move"})
"""Event kinds that move an object between zones (all performed by ``perform_move``)."""


# ---------------------------------------------------------------------------------------------- helpers


def condition_holds(
    game: Game,
    effect: Effect,
    cond: Condition | None,
    subject: int | None = None,
    departed: Mapping[int, Mapping[str, Any]] | None = None,
    batch: tuple[int, int] = (0, 0),
) -> bool:
    """``cond`` for ``effect``; ``subject``: what its event is about (a trigger's event.subject, 603.4);
    ``departed``: what that event took out of the battle zone, read as it left (603.5c, last_known.py);
    ``batch``: a trigger's events and cards (``{batch: …}``)."""
    if cond is None:
        return True
    if is_v2(cond):  # language 2 (language/conditions.py)
        scope = effect_scope(game, effect, subject, batch)
        return holds(game, replace(scope, departed=departed) if departed else scope, cond)

    found = extra_condition(game, effect, cond)
    if found is not None:
        return found
    raise AssertionError(f"condition {cond.kind!r} has no interpretation")


def event_zone(game: Game, event: Event) -> str | None:
    obj = game.objects.get(event.subject) if event.subject is not None else None
    return obj.zone[1] if obj is not None else None


destination = patterns_destination
"""Where a moving event takes its object (language/patterns.py)."""


# ---------------------------------------------------------------------------------------------- triggers


@dataclass(frozen=True, slots=True)
class CardTrigger(Triggered):
    """A triggered ability from a card's text (603)."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset()
    label: str = ""
    optional: bool = False
    priority_class: int = 1
    keyword: str | None = None
    """The keyword this trigger stands for, if it is one's expansion (S・トリガー): a player may be
    forbidden to use it (``cannot_use_keyword``)."""
    face: int | None = None
    """On a twinpact, the index of the part that prints it: "use this card" by it uses that part (810.3a —
    the spell side's S・トリガー casts the spell)."""
    card_bound: frozenset[str] = field(default=frozenset(), init=False, compare=False)
    """The kinds for which it matches only events about its own card (language 2 "self" patterns,
    :func:`~.language.patterns.self_bound_kinds`): the kernel indexes it by card for those."""

    per_batch: bool = field(default=False, init=False, compare=False)
    """``once_per_batch: true`` in its pattern: one trigger for the matching events of one batch (603.2b)."""

    def __post_init__(self) -> None:
        assert self.spec.pattern is not None
        object.__setattr__(self, "card_bound", self_bound_kinds(self.spec.pattern) & self.kinds)
        object.__setattr__(self, "per_batch", self.spec.pattern.once_per_batch)

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        if not self.matches_again(game, effect, happened):
            return False
        at_trigger = self.spec.params.get("trigger_if")
        if at_trigger is not None:
            # 「…時、Cならば」 read as the ability triggers (``trigger_if``), not as it resolves (603.4's
            # default): a 「ターンのはじめに」 one is read as the turn begins, before the untap (turn.py)
            subject = happened.new if happened.new is not None else happened.old
            if not condition_holds(game, effect, at_trigger, subject):
                return False
        if self.spec.once_per_turn:  # 各ターン1回: once per turn per object
            key = once_per_turn_key(effect)
            if game.info.get(key) == game.turn:
                return False
            if not self.optional:
                game.info[key] = game.turn  # it is used as it triggers; a 「…てもよい」 one when said yes to

        return not steal_trigger(game, effect, happened)  # used by another player instead (2021-09-24)

    def matches_again(self, game: Game, effect: Effect, happened: Happened) -> bool:
        """The ability's pattern and the rules about what it may see (without 各ターン1回 and stealing,
        which happen once as it triggers)."""
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return False
        if looked_back_ignored(effect, happened):  # 603.5c: ignored as it left the battle zone
            return False
        if self.keyword is not None and keyword_forbidden(
            game, effect.controller, self.keyword, effect.source.card
        ):
            return False
        if happened.event.get("home"):
            return False  # 409.2a: a pending card put back into the zone it came from was not put there

        if looks_back_beyond_itself(game, effect, happened):  # 603.5d
            return False
        if triggered_on_new_object(game, effect, happened):  # 603.5a/603.5c: once per event per card
            return False

        # 110.4g; an ability about this card's own arrival (このカードが墓地に置かれた時) sees that arrival.
        pattern = self.spec.pattern
        assert pattern is not None
        if arrived_with(game, effect, happened, own_arrival=pattern.subject.kind == "self"):
            return False
        # 603.4: a condition is checked as the ability resolves (ResolveTrigger), not when it triggers.
        return happened_matches(game, effect_scope(game, effect), pattern, happened)

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        return ResolveTrigger(waiting)


def reads_at_turn_start(game: Game) -> bool:
    """Whether a 「ターンのはじめに」 ability of the game has a ``trigger_if``, read as the turn begins,
    before the untap step's untaps (turn.py): only the turn-start triggers registered are looked at."""
    if not game.effects.has(TRIGGER, "turn_start"):
        return False
    return any(
        isinstance(e.ability, CardTrigger) and "trigger_if" in e.ability.spec.params
        for e in game.effects.find(TRIGGER, "turn_start")
    )


@dataclass(frozen=True, slots=True)
class AfterBattle(Triggered):
    """「バトルの後、…」 made by an ability that triggered as a battle started (115.2, バトルする時):
    it triggers once, on that battle's result (the ``battle`` event of the same two creatures,
    115.3d), and resolves as the battle's other abilities do; a battle that does not take place
    (115.3a) triggers nothing, and the ability ends with the turn. Inside it, ``event.subject`` is
    still the creature battled and ``$NAME`` what the ability saved."""

    actions: tuple[Action, ...]
    ctx: Any
    pair: frozenset[int]
    kinds: frozenset[str] = frozenset({"battle"})
    label: str = "a delayed ability (after the battle)"
    saved: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return frozenset((happened.get("attacker"), happened.get("defender"))) == self.pair

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        game.effects.remove(waiting.effect.eid)  # 603.6: used once
        frame = ActionFrame(self.actions, self.ctx)
        frame.vars = {name: objs for name, objs in self.saved}
        return frame


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Triggered):
    """ "ターンの終わりに…" created by an effect (603.6): triggers once at the end of the turn."""

    actions: tuple[Action, ...]
    ctx: Any
    kinds: frozenset[str] = frozenset({"turn_end"})
    label: str = "a delayed ability (at the end of the turn)"
    saved: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """What the effect that made it saved (``$NAME``: ターンの終わりに、それを破壊する), as it was then."""

    def matches(self, game: Game, effect: Effect, happened: Happened) -> bool:
        return True

    def resolve(self, game: Game, waiting: Waiting) -> Frame:
        frame = ActionFrame(self.actions, self.ctx)
        frame.vars = {name: objs for name, objs in self.saved}
        return frame


# ---------------------------------------------------------------------------------------------- replacements


@dataclass(frozen=True, slots=True)
class CardReplacement(Replacement):
    """A replacement effect from a card's text ("〜する時、かわりに…", 609.1a)."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset()
    label: str = ""
    optional: bool = False
    needs_choice: bool = True

    @property
    def takes_cards(self) -> bool:
        """Whether its substitute picks cards (609.9b: the order of simultaneous replacements matters)."""
        return _takes_cards(self.spec.instead)

    @property
    def together(self) -> bool:
        """``together: true`` (「…を1体以上…する時、それらを…かわりにすべて…」): applied, it replaces every
        event of the batch it can replace at once, or none of them (replacement.py)."""
        return bool(self.spec.params.get("together"))

    def used_this_turn(self, game: Game, effect: Effect) -> bool:
        """``once_per_turn`` (各ターンに一度): whether it was applied this turn (``mark_used``)."""
        return self.spec.once_per_turn and game.info.get(f"once_per_turn:{effect.eid}") == game.turn

    def mark_used(self, game: Game, effect: Effect) -> None:
        if self.spec.once_per_turn:
            game.info[f"once_per_turn:{effect.eid}"] = game.turn

    def applies(self, game: Game, effect: Effect, event: Event) -> bool:
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return False
        if self.used_this_turn(game, effect):  # 各ターンに一度: applied already this turn
            return False
        assert self.spec.pattern is not None
        if not event_matches(game, effect_scope(game, effect), self.spec.pattern, event):
            return False

        if ignored_replacement(game, event, self.spec):
            return False  # 101.2: a "does not leave" replacement while such effects are ignored (鬼タイム)
        return condition_holds(game, effect, self.spec.condition)

    def feasible(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> bool:
        return actions_feasible(game, effect, event, self.spec.instead, excluded)

    def plan(self, game: Game, effect: Effect, event: Event, excluded: frozenset[int]) -> Frame:
        return PlanReplacement(effect.eid, event, excluded)


# ---------------------------------------------------------------------------------------------- statics


_NUMBER_PROPERTIES = frozenset(
    {
        "power",
        "cost",
        "cross_cost",
        "breaker",
        "extra_breaks",
        "power_fixed",
        "mana_number",
        "power_multiplied",
    }
)
"""The static properties whose value is a quantity."""
_VALUED_PROPERTIES = _NUMBER_PROPERTIES | frozenset(
    {
        "keyword",
        "cannot_be_blocked_by",
        "cannot_be_attacked_by",
        "can_attack_untapped",
        "attacks_only",
        "must_attack_target",
        "redirects_attack",
        "cannot_be_chosen_by_spells",
        "loses_civilizations",
        "race",
        "name",
        "civilization",
    }
)
"""The static properties whose value is more than "yes" (numbers, words, filters): see ``apply_property``."""


def once_per_turn_key(effect: Effect) -> str:
    """``game.info`` key: the turn this ``once_per_turn`` ability (各ターン1度しか使えない) was last used.
    An optional one is used only when its player says yes (rulings 183 and 184:
    declining it at the turn's first タマシード leaves it for a later one), so it is set then
    (actions.ResolveTrigger)."""
    return f"once_per_turn:{effect.eid}"


@dataclass(frozen=True, slots=True)
class CardStatic(Modifier):
    """A static ability changing a characteristic of its own object (power, breaker, can_block, …)."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset()
    label: str = ""

    fast: tuple[str, Any] | None = field(default=None, init=False, compare=False)
    """For a static on its own object with no ``if`` and a fixed value (ブロッカー, W・ブレイカー): how it
    changes the value, read without a scope (nothing it reads can depend on what it changes)."""
    lowers_power: bool = field(default=False, init=False, compare=False)
    """Whether it can make a power smaller (the state-based check 703.4c needs power only then; worked out
    once: the check asks after every batch of events)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "lowers_power", self._lowers_power())
        if self.spec.to is not None or self.spec.condition is not None:
            return
        prop, given = self.spec.params["property"], self.spec.params["value"]
        literal = getattr(given, "literal", None)
        if prop in ("power", "extra_breaks") and literal is not None:
            object.__setattr__(self, "fast", ("add", literal))
        elif prop == "breaker" and literal is not None:
            object.__setattr__(self, "fast", ("max", literal))
        elif given is True and prop not in _VALUED_PROPERTIES:
            object.__setattr__(self, "fast", ("set", True))

    def _lowers_power(self) -> bool:
        if self.spec.params["property"] == "power_fixed":
            return True  # 206.3: a fixed power may be 0
        if self.spec.params["property"] == "power_multiplied":
            factor = self.spec.params["value"].literal
            return factor is None or factor < 1  # ×0 (or a computed factor) may leave a power of 0
        given = self.spec.params["value"]
        literal = given.literal if self.spec.params["property"] == "power" else 0
        return literal is None or literal < 0

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        """``static: {PROPERTY: VALUE}``, on this card's object or on what ``to`` describes, while ``if``
        holds (docs/cards.md, "Static properties")."""
        if self.spec.to is None and obj_id != effect.host:
            return value
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return value
        if key == COST_CIVILIZATIONS:  # 文明を失う: are the civilizations its costs ask for lost too?
            return True if self.modify(game, effect, obj_id, "civilizations", None) == () else value
        fast = self.fast
        if fast is not None:
            how, amount = fast
            if how == "set":
                return amount
            return value + amount if how == "add" else max(value, amount)
        guard = (effect.eid, obj_id)
        if guard in _EVALUATING:
            # A static whose own "to", "if" or number reads the characteristic it changes ("パワー3000以下
            # のクリーチャーは+1000", "パワー3000以下のクリーチャー1体につき+1000"): while that is being
            # read, this static does not apply to that object.
            return value
        _EVALUATING.add(guard)
        try:
            return self.apply_property(game, effect, effect_scope(game, effect), obj_id, value)
        finally:
            _EVALUATING.discard(guard)

    def apply_property(self, game: Game, effect: Effect, scope: Any, obj_id: int, value: Any) -> Any:
        if self.spec.to is not None:
            obj = game.objects.get(obj_id)
            if obj is None or not contains(game, scope, self.spec.to, obj):
                return value
        if self.spec.condition is not None and not own_condition_holds(game, effect, self.spec.condition):
            return value
        prop = self.spec.params["property"]
        given = self.spec.params["value"]
        if prop in _NUMBER_PROPERTIES:
            amount = quantity(game, scope, given)  # (modify_property guards it against reading itself)
            if prop in ("power", "extra_breaks"):
                return value + amount
            if prop == "power_multiplied":
                return value * amount  # パワーをQ倍にする: several multiply (206.4)
            if prop in ("power_fixed", "mana_number"):
                return amount  # 206.3, 207.2: the number is set (the latest effect is the one that counts)
            if prop == "breaker":
                return max(value, amount)
            # "コストを…少なくする" (and the cost to cross, ``cross_cost``): a reduced cost never drops below
            # 1, or below the static's ``min`` ("They can't cost less than 2"); a cost already below it is
            # not raised.
            if amount < 0 and value > 0:
                floor = quantity(game, scope, self.spec.params["min"]) if "min" in self.spec.params else 1
                return max(min(value, floor), value + amount)
            return value + amount
        if prop == "keyword":
            return value | {given}
        if prop in (
            "cannot_be_blocked_by",
            "cannot_be_attacked_by",
            "can_attack_untapped",
            "attacks_only",
            "blocks_only",
            "must_attack_target",
            "must_block",
            "redirects_attack",
            "cannot_be_chosen_by_spells",
        ):
            if self.spec.to is not None and effect.host is not None:
                # given to other objects, the filter is read with their references: its "this" is fixed to
                # the card whose static it is (「相手のクリーチャーは可能ならこのクリーチャーを攻撃する」)
                given = bind_this(given, effect.host)
            return (*value, given) if isinstance(value, tuple) else (given,)
        if prop == "loses_civilizations":
            return ()  # 文明を失う (無色となる): it has no civilization from now on (106.4, timestamp order)
        if prop in ("race", "name", "civilization"):
            from .counting import add_race  # (adds a word to a tuple once)

            return add_race(value, given)  # 203.3, 202.4, 106.4
        return True


@dataclass(frozen=True, slots=True)
class StaticGrant(Modifier):
    """``static: {ability: ABILITY}``: 「…」を得る by a static ability (604, 608.3a) — the objects ``to``
    describes (default this card's object) have the given static ability or keyword while ``if`` holds, as if
    printed on them: its ``this`` is the object that has it, and a granted keyword is also seen by the
    ``keyword`` filter. ``inner`` are the granted ability's compiled modifiers."""

    spec: AbilitySpec
    card: str
    inner: tuple[Modifier, ...]
    keyword: str | None = None
    kinds: frozenset[str] = frozenset()
    label: str = ""

    @property
    def lowers_power(self) -> bool:
        return any(getattr(m, "lowers_power", False) for m in self.inner)

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return value
        obj = game.objects.get(obj_id)
        if obj is None or (self.spec.to is None and obj_id != effect.host):
            return value
        guard = (effect.eid, obj_id)
        if guard in _EVALUATING:  # its own "to" or "if" reads what it changes (as in CardStatic)
            return value
        _EVALUATING.add(guard)
        try:
            if self.spec.to is not None and not contains(game, effect_scope(game, effect), self.spec.to, obj):
                return value
            if not own_condition_holds(game, effect, self.spec.condition):
                return value
        finally:
            _EVALUATING.discard(guard)
        if key == "keywords" and self.keyword is not None:
            value = value | {self.keyword}
        source = Source("ability", obj.top, obj.controller)
        for i, modifier in enumerate(self.inner):
            if key in modifier.kinds:
                own = Effect(-(effect.eid * 64 + i + 1), modifier, obj.controller, source, host=obj_id)
                value = modifier.modify(game, own, obj_id, key, value)
        return value


def _static_grant(card: str, spec: AbilitySpec, label: str) -> tuple[Any, ...]:
    """Compile ``static: {ability: …}``: a static ability or a keyword made of statics changes the objects'
    characteristics (:class:`StaticGrant`); a triggered ability, or a keyword whose meaning is one
    (スレイヤー), is given to each object as its own (given_abilities.py). A replacement is given by an
    effect only."""

    given: AbilitySpec = spec.params["value"]
    face = Face(card, "creature", (), 0, abilities=(given,))
    compiled = compile_card(CardDefinition(card, (face,)))
    where = granted_zones(spec)
    inner: tuple[Any, ...] = ()
    for zone in where:
        inner += tuple(a for a in compiled.by_zone.get(zone, ()) if all(a is not b for b in inner))
    modifiers = tuple(m for m in inner if isinstance(m, Modifier))
    triggers = tuple(t for t in inner if isinstance(t, (CardTrigger, CardReplacement)))
    if not inner or len(modifiers) + len(triggers) != len(inner):
        raise ValueError(
            f"{card}: static 'ability' gives static, triggered and replacement abilities that work where the "
            f"objects it gives them to are ({', '.join(where)}); '{given.name}' works elsewhere"
        )
    out: list[Any] = []
    keyword = given.name if given.form == "keyword" else None
    if modifiers or keyword:
        kinds = frozenset(k for m in modifiers for k in m.kinds) | ({"keywords"} if keyword else frozenset())
        out.append(StaticGrant(spec, card, modifiers, keyword, kinds, label))
    if triggers:
        out.append(TriggerGiver(spec, card, triggers, label=label))
    return tuple(out)


def keyword_as_ability(spec: AbilitySpec) -> AbilitySpec:
    """``static: {keyword: K}`` as ``static: {ability: {keyword: K}}`` (any other static unchanged)."""
    if spec.params["property"] != "keyword":
        return spec
    given = AbilitySpec("keyword", spec.params["value"], 0, line=spec.line)
    return replace(spec, params={**spec.params, "property": "ability", "value": given})


def granted_zones(spec: AbilitySpec) -> tuple[str, ...]:
    """Where the objects a ``static: {ability: …}`` gives its ability to are: those its ``to`` describes, or
    (no ``to``) this card wherever the static works."""
    if spec.to is None:
        return spec.zones or (BATTLE,)
    return spec.to.zones or ((spec.to.zone,) if spec.to.zone else (BATTLE,))


def gives_itself_face_down(spec: AbilitySpec) -> bool:
    """110.4c: an ability by which a card gives itself 「S・トリガー」 (or another ability used from a
    face-down shield, G・ストライク) works in the shield zone too, where the card is face down."""
    if spec.to is not None or SHIELDS not in (spec.zones or ()):
        return False
    given: AbilitySpec = spec.params["value"]
    face = Face("", "creature", (), 0, abilities=(given,))
    return bool(compile_card(CardDefinition("", (face,))).face_down)


@dataclass(frozen=True, slots=True)
class PlayerRule(Modifier):
    """A static property of players (誰も…できない, 「…」を使えない, …効果を無視する): a rule the players
    ``params["players"]`` play by while the card is in its zone and ``if`` holds (608.1: a continuous
    effect may change the rules of the game for players). The rules ask :func:`player_rules`."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset()
    label: str = ""

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return value  # it changes no characteristic of an object

    def applies_to(self, game: Game, effect: Effect, player: int) -> bool:
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return False
        who = self.spec.params.get("players", "each")
        if (who == "you" and player != effect.controller) or (
            who == "opponent" and player == effect.controller
        ):
            return False
        return condition_holds(game, effect, self.spec.condition)


@dataclass(frozen=True, slots=True)
class PlayerProhibition(Prohibition):
    """A property of players that forbids events (700.3: they do not happen at all), read for the players
    ``params["players"]`` as a :class:`PlayerRule` is. ``cannot_put_into_mana_from_hand``: no card goes
    from the hand of such a player into a mana zone — neither their charge (503.1: the charge step offers
    none) nor an effect's move, whoever's. ``cannot_put_into_shields``: no card goes into the shield zone
    of such a player — a new shield, a card added to a shield — whoever puts it."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = MOVE_KINDS
    label: str = ""

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        if event.get("ignore_prohibitions"):
            return False
        player = self._player(game, effect, event)
        if player is None:
            return False
        rule = PlayerRule(self.spec, self.card, frozenset(), self.label)
        return rule.applies_to(game, effect, player)

    def _player(self, game: Game, effect: Effect, event: Event) -> int | None:
        """The player whose rule the event would break, if any."""
        obj = game.objects.get(event.subject) if event.subject is not None else None
        if obj is None:
            return None
        if self.spec.params["property"] == PUT_INTO_BATTLE:
            # …をバトルゾーンに出せない: a card the filter describes where it is now (墓地から: in_zone),
            # put into the battle zone by the player it enters under (summoned or put)
            if destination(event) != BATTLE or obj.zone[1] == BATTLE:
                return None
            if not fits(game, obj, self.spec.params["value"], effect_scope(game, effect)):
                return None
            return event.player if event.player is not None else obj.controller
        if self.spec.params["property"] == "cannot_put_into_shields":
            # 誰もシールドゾーンにカードを置けない: a card put into a shield zone (a new shield, 701.32;
            # a card added to a shield, シールド・プラス) — the zone of the shield's owner
            if event.kind == "shield_add":
                shield = game.objects.get(event.get("shield"))
                return None if shield is None else shield.zone[0]
            if destination(event) != SHIELDS or obj.zone[1] == SHIELDS:
                return None
            return game.cards[obj.top].owner  # a card goes to its owner's zone (400.2)
        if destination(event) != MANA or obj.zone[1] != HAND:
            return None
        return obj.zone[0]


PUT_INTO_BATTLE = "cannot_put_into_battle_zone"
"""…をバトルゾーンに出せない: a player prohibition whose use is also forbidden as it is declared (601.1b)."""
PLAYER_PROHIBITIONS = frozenset(
    {"cannot_put_into_mana_from_hand", "cannot_put_into_shields", PUT_INTO_BATTLE}
)
"""The player properties that forbid events (:class:`PlayerProhibition`)."""
PROHIBITED_KINDS = MOVE_KINDS | {"shield_add"}
"""The events a player prohibition is asked about: moves, and cards added to a shield."""


def player_rules(game: Game, player: int, prop: str) -> list[tuple[Effect, Any]]:
    """The effects of the player property ``prop`` that apply to ``player`` now, with their values."""
    bucket = game.effects.index.get((MODIFIER, "player:" + prop))  # read at once: asked every decision
    if not bucket:
        return []
    found = []
    for effect in tuple(bucket.values()):
        rule = effect.ability
        if isinstance(rule, PlayerRule) and rule.applies_to(game, effect, player):
            found.append((effect, rule.spec.params["value"]))
    return found


def deck_unseen(game: Game, players: tuple[int, ...]) -> bool:
    """誰も山札を見ることはできない (``cannot_look_at_deck``): may one of ``players`` not look at the cards of
    a deck? (A deck card revealed is shown to every player, so a reveal asks about them all.)"""
    return any(player_rules(game, p, "cannot_look_at_deck") for p in players)


def use_forbidden(game: Game, player: int, face: Face, card: int | None = None) -> bool:
    """誰も…を使えない / 唱えられない: may ``player`` not use (701.5) a card showing ``face`` (``card``, when
    known: what happened to it, ``broken_by``)? (601.1b: a prohibited use cannot even be declared.)"""
    if (PROHIBITION, PUT_INTO_BATTLE) in game.effects.index and _entering_forbidden(game, player, face, card):
        return True  # …をバトルゾーンに出せない: a summon (a use that puts it there) cannot be declared
    if (PROHIBITION, turn_limits.KIND) in game.effects.index and turn_limits.use_limited(game, player, face):
        return True  # 各ターン、…までしか出せない / 唱えられない: that many were done this turn
    if (MODIFIER, "player:cannot_use") not in game.effects.index:
        return False  # the common case: no such prohibition anywhere
    rules = player_rules(game, player, "cannot_use")
    if not rules:
        return False  # the common case, without the import below

    return any(face_fits(face, flt, (game, effect_scope(game, effect)), card) for effect, flt in rules)


def _entering_forbidden(game: Game, player: int, face: Face, card: int | None) -> bool:
    """``cannot_put_into_battle_zone: FILTER`` for a use: the face would enter the battle zone (not a
    spell, not a castle) and the card, where it is, is one the filter describes for ``player``."""
    oid = game.card_object.get(card) if card is not None else None
    if oid is None or face.type in ("spell", "castle"):
        return False
    obj = game.objects[oid]
    for effect in game.effects.find(PROHIBITION, PUT_INTO_BATTLE):
        rule = effect.ability
        if not isinstance(rule, PlayerProhibition):
            continue
        described = fits(game, obj, rule.spec.params["value"], effect_scope(game, effect))
        if described and PlayerRule(rule.spec, rule.card, frozenset(), rule.label).applies_to(
            game, effect, player
        ):
            return True
    return False


CHOOSE_INSTEAD = "choose_instead_of_opponent"


def chooser_instead(game: Game, chooser: int, found: list[GameObject]) -> int:
    """「相手がクリーチャーを選ぶ時、相手のかわりに自分が選ぶ」 (``choose_instead_of_opponent: FILTER``): the
    player who makes a choice whose every candidate the filter describes — ``chooser``, or their opponent
    when the opponent has that rule (read with the references of the effect's card)."""
    if not found or not game.effects.has(MODIFIER, f"player:{CHOOSE_INSTEAD}"):
        return chooser  # the common case: no such rule in the game
    instead = 1 - chooser
    for effect, flt in player_rules(game, instead, CHOOSE_INSTEAD):
        scope = effect_scope(game, effect)
        if all(fits(game, obj, flt, scope) for obj in found):
            return instead
    return chooser


def tap_ability_forbidden(game: Game, player: int, obj: GameObject) -> bool:
    """Players can't use the Tap abilities of their creatures (``cannot_use_tap_abilities: FILTER``): may
    ``player`` not use the tap ability (602) of ``obj``, the creature whose ability it is? (A forbidden
    activation is not offered, 602.3a; the filter is read with the references of the effect's card.)"""
    rules = player_rules(game, player, "cannot_use_tap_abilities")
    return any(fits(game, obj, flt, effect_scope(game, effect)) for effect, flt in rules)


S_TRIGGER_FAMILY = frozenset({"shield_trigger", "super_shield_trigger", "shield_trigger_plus"})
"""スーパー・S・トリガー and S・トリガー・プラス are S・トリガー with a bonus (the wiki: 「通常のS・トリガーと
同様」): a prohibition of 「S・トリガー」 forbids them too, and they too need a card its player can use
(601.1b)."""


def keyword_forbidden(game: Game, player: int, keyword: str, card: int | None) -> bool:
    """誰も光のカードの「S・トリガー」を使えない: may ``player`` not use ``keyword`` of ``card``?"""
    if card is None:
        return False
    if keyword in S_TRIGGER_FAMILY:
        keyword = "shield_trigger"

    faces = ch.definition(game, card).faces
    for effect, given in player_rules(game, player, "cannot_use_keyword"):
        if given["keyword"] == keyword and any(
            face_fits(f, given["of"], (game, effect_scope(game, effect)), card) for f in faces
        ):
            return True
    return False


def _players(controller: int, owner: str) -> tuple[int, ...]:
    if owner == "you":
        return (controller,)
    if owner == "opponent":
        return (1 - controller,)
    return (controller, 1 - controller)


def _targets(game: Game, effect: Effect, obj_id: int, target: Selector) -> bool:
    obj = game.objects.get(obj_id)
    if obj is None or obj.zone[1] != target.zone:
        return False
    owner = game.cards[obj.top].owner
    if target.owner == "you" and owner != effect.controller:
        return False
    if target.owner == "opponent" and owner == effect.controller:
        return False
    return ch.matches(game, obj, target.filter)


@dataclass(frozen=True, slots=True)
class FlagGrant(Modifier):
    """A yes/no characteristic an effect gives the objects in ``Effect.targets`` ("攻撃できない")."""

    flag: str
    kinds: frozenset[str] = frozenset()
    label: str = "granted by an effect"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        return True if obj_id in effect.targets else value


@dataclass(frozen=True, slots=True)
class KeywordGrant(Modifier):
    """A keyword an effect gives the objects in ``Effect.targets`` for a duration ("…を得る")."""

    keyword: str
    kinds: frozenset[str] = frozenset({"keywords"})
    label: str = "a keyword granted by an effect"

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if obj_id not in effect.targets:
            return value

        if abilities_ignored(game, obj_id):  # a given ability is the creature's: ignored with them (110.1)
            return value
        return value | {self.keyword}


@dataclass(frozen=True, slots=True)
class PowerChange(Modifier):
    """ "パワーを±N する" created by an effect, on the objects in ``Effect.targets``."""

    amount: int
    only_while: Condition | None = None
    """``while: C``: the change applies only while C holds, its ``this`` the creature changed
    (このターンの攻撃中: ``{attacking: this}``)."""
    kinds: frozenset[str] = frozenset({"power"})
    label: str = "power change"

    @property
    def lowers_power(self) -> bool:
        return self.amount < 0

    def modify(self, game: Game, effect: Effect, obj_id: int, key: str, value: Any) -> Any:
        if obj_id not in effect.targets:
            return value
        if self.only_while is not None:
            obj = game.objects.get(obj_id)
            if obj is None:
                return value
            own = Effect(
                effect.eid, effect.ability, effect.controller, Source("ability", obj.top, obj.controller)
            )
            if not condition_holds(game, own, self.only_while):
                return value
        return value + self.amount


@dataclass(frozen=True, slots=True)
class CardProhibition(Prohibition):
    """ "このクリーチャーは破壊されない" / "離れない": the event does not happen at all (700.3), so no
    replacement can apply to it either (609.5)."""

    spec: AbilitySpec
    card: str
    kinds: frozenset[str] = frozenset()
    label: str = ""

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        if is_ignored(game, effect):  # 能力を無視する (ability_ignore.py)
            return False
        if event.get("ignore_prohibitions"):
            return False
        name = self.spec.params["property"]
        if self.spec.to is not None:  # language 2: a prohibition on other objects
            obj = game.objects.get(event.subject) if event.subject is not None else None
            if obj is None or not contains(game, effect_scope(game, effect), self.spec.to, obj):
                return False
        elif event.subject != effect.host:
            return False

        if name == "not_leave" and not_leave_ignored(game, event):
            return False  # 101.2: "does not leave" effects are ignored (鬼タイム)
        if name == "not_leave" and event_zone(game, event) != BATTLE:
            return False
        if name == "cannot_be_tapped_by_opponent" and not _by_opponent(game, event):
            return False  # 相手はこのクリーチャーをタップできない: only the opponent's taps are forbidden
        return condition_holds(game, effect, self.spec.condition)


def _by_opponent(game: Game, event: Event) -> bool:
    """Is the event caused by a player other than its object's controller (their spell or ability)?"""
    obj = game.objects.get(event.subject) if event.subject is not None else None
    player = event.source.player
    return obj is not None and player is not None and player != obj.controller


@dataclass(frozen=True, slots=True)
class GrantedProhibition(Prohibition):
    """ "このターン、そのクリーチャーは破壊されない" given by an effect to the ``targets`` (700.3)."""

    flag: str
    kinds: frozenset[str] = frozenset()
    label: str = "granted by an effect"

    def forbids(self, game: Game, effect: Effect, event: Event) -> bool:
        if event.subject not in effect.targets or event.get("ignore_prohibitions"):
            return False

        if self.flag == "not_leave" and not_leave_ignored(game, event):
            return False  # 101.2: "does not leave" effects are ignored (鬼タイム)
        return self.flag != "not_leave" or event_zone(game, event) == BATTLE


PROHIBITION_KINDS = {
    "not_destroyed": frozenset({"destroy"}),
    "not_leave": MOVE_KINDS - {"enter"},
    "not_sealed": frozenset({"seal"}),  # 封印を付けることはできない (seals.py)
    "not_unsealed": frozenset({"unseal"}),  # 封印を墓地に置けない (seals.py)
    "cannot_be_tapped_by_opponent": frozenset({"tap"}),  # 相手はこのクリーチャーをタップできない (700.3)
}


# ---------------------------------------------------------------------------------------------- compiling


@dataclass(frozen=True, slots=True)
class CompiledCard:
    """The kernel abilities of one card definition, by the zone where they function."""

    by_zone: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    face_down: tuple[Any, ...] = ()
    spell: tuple[Action, ...] = ()
    """The spell's effect: every ``spell:`` ability of the card, in printed order."""
    evolution: AbilitySpec | None = None
    galaxy: AbilitySpec | None = None
    kz: tuple[Action, ...] = ()
    """The KZ ability (used by キズナ), if the card has one."""
    tap: tuple[Action, ...] = ()
    """The tap ability (タップ能力, 602): used in the attack step instead of attacking."""
    use_if: tuple[tuple[int, Condition], ...] = ()
    """Conditions for using a face of the card, with the face's index (``use_if``: …の場合にのみ唱えられる,
    601.1b)."""
    use_cost: tuple[tuple[int, Action], ...] = ()
    """What using a face takes besides its mana, with the face's index (``use_cost``: …しなければ唱えられない,
    601.1a, 601.1f)."""
    g_zero: tuple[tuple[int, Condition], ...] = ()
    """Ｇ・ゼロ (112.3e): while the condition holds, the face may be used without paying its cost."""
    activated: tuple[AbilitySpec, ...] = ()
    """The activated abilities (起動型能力, 602) used by tapping this card (``activated``: turn.py)."""
    dragheart: bool = False
    """A dragheart: its abilities are those of the side it shows, in every zone (806; draghearts.py)."""
    use_from: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The zones besides the hand a face may be used from (``use_from``: この呪文を自分のマナゾーンから
    唱えてもよい), with the face's index."""
    neo: AbilitySpec | None = None
    """NEO進化 / G-NEO進化 (802.1, 803): the keyword naming the creatures this NEO creature may be put on when
    it is summoned (its ``base``); it may also be summoned alone."""
    for_less: tuple[AbilitySpec, ...] = ()
    """Its cheaper uses (``use_for_less``: このクリーチャーを、コストをN少なくして召喚してもよい。
    そうしたら、…), read by the main step (discounts.py)."""


_EVALUATING: set[tuple[int, int]] = set()
"""The (static, object) pairs whose applicability is being evaluated right now (a re-entrancy guard)."""


def own_condition_holds(game: Game, effect: Effect, condition: Condition | None) -> bool:
    """A static's ``if`` (whether it applies, to every object it names alike). While a static's condition is
    being read, the statics with a condition apply to nothing: a condition that reads what such statics
    change ("2 other creatures with wave striker", with statics that give keywords on that condition) is
    read from the rest — else each object's keywords would read the conditions again, object after object,
    an evaluation exponential in the creatures (tests/test_dm_static_conditions.py)."""
    if condition is None:
        return True
    if _READING_CONDITION:
        return False  # asked from within a static's condition: a conditional static does not apply meanwhile
    _READING_CONDITION.append(effect.eid)
    try:
        return condition_holds(game, effect, condition)
    finally:
        _READING_CONDITION.pop()


_READING_CONDITION: list[int] = []
"""The static whose condition is being read now, if any (``own_condition_holds``)."""


PROPERTY_KEYS = {
    "keyword": "keywords",
    "race": "races",
    "attack_untapped": "attack_untapped",
    "name": "names",
    "civilization": "civilizations",
    "loses_civilizations": "civilizations",
}
"""The characteristic a language-2 static property changes, where it differs from the property's name."""


def default_pattern_zone(spec: AbilitySpec) -> str:
    """Where a language-2 trigger or replacement works unless it says ``zones``: the battle zone, but an
    ability about this card being discarded works from the hand and one about it being broken from the
    shield zone (110.4g: the card must already be there)."""
    assert spec.pattern is not None
    if spec.pattern.subject.kind == "self":
        if spec.pattern.event == "discarded":
            return HAND
        if spec.pattern.event == "broken":
            return SHIELDS
    return BATTLE


def _chooses(actions: tuple[Action, ...]) -> bool:
    """Whether running ``actions`` may ask for a choice (a choose selector, may, draw up to)."""
    for action in actions:
        if action.op == "may" or action.get("up_to"):
            return True
        for value in action.args.values():
            if isinstance(value, Selector) and value.kind == "choose" and not _takes_all(value):
                return True
    return False


def _takes_cards(actions: tuple[Action, ...]) -> bool:
    """Whether running ``actions`` picks cards by a choice — even one that asks nothing, such as the top
    card of a deck (``{top: 1, choose: 1}``): another simultaneous replacement cannot take them (609.9b)."""
    for action in actions:
        for value in action.args.values():
            if isinstance(value, Selector) and value.kind == "choose":
                return True
            nested = tuple(v for v in value if isinstance(v, Action)) if isinstance(value, tuple) else ()
            if nested and _takes_cards(nested):
                return True
    return False


def _takes_all(sel: Selector) -> bool:
    """A choice of N among at most N (``{top: 1, choose: 1}``): it asks nothing (605.2b)."""
    top = sel.top.literal if sel.top is not None else None
    return top is not None and not sel.up_to and sel.amount is None and top <= sel.count


def compile_granted(game: Game, obj: Any, spec: AbilitySpec) -> tuple[Any, ...]:
    """The kernel abilities of one ability given to ``obj`` by an effect ("「…」を得る"): compiled as if
    printed on it, for the battle zone (its ``this`` is the object that got it)."""
    name = ch.face(game, obj).name
    face = Face(name, "creature", (), 0, abilities=(spec,))
    compiled = compile_card(CardDefinition(name, (face,)))
    return compiled.by_zone.get(BATTLE, ())


def compile_card(card: CardDefinition) -> CompiledCard:
    by_zone: dict[str, list[Any]] = {}
    face_down: list[Any] = []
    spell: list[Action] = []
    evolution = galaxy = neo = None
    kz: list[Action] = []
    tap: list[Action] = []
    use_if: list[tuple[int, Condition]] = []
    use_cost: list[tuple[int, Action]] = []
    g_zero: list[tuple[int, Condition]] = []
    activated: list[AbilitySpec] = []
    use_from: list[tuple[int, tuple[str, ...]]] = []
    for_less: list[AbilitySpec] = []
    for face_index, f in enumerate(card.faces):
        for raw in f.abilities:
            for spec in expand(raw):
                what = spec.pattern.event if spec.pattern is not None else spec.name
                if spec.name == "property":
                    what = str(spec.params["property"])
                label = f"{f.name} ({raw.name if raw.form == 'keyword' else f'{spec.form} {what}'})"
                if spec.form == "spell":
                    spell.extend(spec.effect)
                    continue
                if spec.form == "kz":
                    kz.extend(spec.effect)
                    continue
                if spec.form == "tap_ability":
                    tap.extend(spec.effect)
                    continue
                if spec.form == "use_if" and spec.condition is not None:
                    use_if.append((face_index, spec.condition))
                    continue
                if spec.form == "g_zero" and spec.condition is not None:
                    g_zero.append((face_index, spec.condition))
                    continue
                if spec.form == "activated":
                    activated.append(spec)
                    continue
                if spec.form == "use_from":
                    use_from.append((face_index, spec.zones))
                    continue
                if spec.form == "use_cost":
                    use_cost.extend((face_index, step) for step in spec.effect)
                    continue
                if spec.form == "use_for_less":
                    for_less.append(spec)  # a way to use the card, read by the main step (discounts.py)
                    continue
                if spec.name == "evolution" and spec.form == "keyword":
                    evolution = spec
                    continue
                if spec.name == "galaxy_shield" and spec.form == "keyword":
                    galaxy = spec
                    continue
                if spec.name in ("neo", "g_neo") and spec.form == "keyword" and neo is None:
                    neo = spec  # 802.1: read by the main step (turn.py) and play.evolution_bases
                if spec.form == "keyword":
                    continue  # read by the rules themselves (keywords.KEYWORDS: ハイパー化 816.2, 809.3, …)
                ability: Any
                if spec.pattern is not None:
                    kinds = pattern_kinds(spec.pattern)
                    if spec.form == "trigger":
                        ability = CardTrigger(
                            spec,
                            card.name,
                            kinds,
                            label,
                            spec.optional,
                            0 if spec.pattern.declared else int(spec.params.get("priority_class", 1)),
                            raw.name if raw.form == "keyword" else None,
                            face_index if len(card.faces) > 1 else None,
                        )
                    else:
                        ability = CardReplacement(
                            spec, card.name, kinds, label, spec.optional, _chooses(spec.instead)
                        )
                    zones = spec.zones or (default_pattern_zone(spec),)
                    if spec.pattern.declared and spec.pattern.event == "broken":
                        face_down.append(ability)  # 113.6: a face-down shield's declared ability
                elif spec.name == "property" and spec.params["property"] in PLAYER_PROHIBITIONS:
                    # 700.3: a prohibition for players
                    kinds = PROHIBITED_KINDS
                    if spec.params["property"] == PUT_INTO_BATTLE:  # also found as a use is declared
                        kinds = kinds | {PUT_INTO_BATTLE}
                    ability = PlayerProhibition(spec, card.name, kinds, label)
                    zones = spec.zones or (BATTLE,)
                elif spec.name == "property" and spec.params["property"] in turn_limits.LIMITS:
                    # 各ターン、…までしか: a prohibition that counts this turn's record (turn_limits.py)
                    ability = turn_limits.PerTurnLimit(spec, card.name, label=label)
                    zones = spec.zones or (BATTLE,)
                elif spec.name == "property" and "players" in spec.params:  # a rule for players
                    key = f"player:{spec.params['property']}"
                    ability = PlayerRule(spec, card.name, frozenset({key}), label)
                    zones = spec.zones or (BATTLE,)
                elif (
                    spec.name == "property"
                    and spec.params["property"] in ("ability", "keyword")
                    and (spec.params["property"] == "ability" or keyword_acts(spec.params["value"]))
                ):
                    # static: {keyword: K} of a keyword whose meaning is a trigger, a replacement or a
                    # conditional static (スレイヤー, マッハファイター) takes the path of static: {ability:
                    # {keyword: K}}: the objects get the ability it stands for, as if printed (604).
                    spec = keyword_as_ability(spec)
                    zones = spec.zones or (BATTLE,)
                    for part in _static_grant(card.name, spec, label):
                        for zone in zones:
                            by_zone.setdefault(zone, []).append(part)
                        if gives_itself_face_down(spec):
                            face_down.append(part)  # 110.4c: also while face down in the shield zone
                    continue
                elif spec.name == "property" and spec.params["property"] in PROHIBITION_KINDS:
                    prop = spec.params["property"]
                    ability = CardProhibition(spec, card.name, PROHIBITION_KINDS[prop], label)
                    zones = spec.zones or (BATTLE,)
                elif spec.name == "property":
                    prop = spec.params["property"]
                    key = (
                        f"ignore:{spec.params['value']}"
                        if prop == "ignores"
                        else PROPERTY_KEYS.get(prop, prop)
                    )
                    keys = {key, COST_CIVILIZATIONS} if prop == "loses_civilizations" else {key}
                    ability = CardStatic(spec, card.name, frozenset(keys), label)
                    zones = spec.zones or (BATTLE,)
                else:
                    raise AssertionError(f"{card.name}: {spec.form} {spec.name!r} has no interpretation")
                for zone in zones:
                    by_zone.setdefault(zone, []).append(ability)
    return CompiledCard(
        {z: tuple(a) for z, a in by_zone.items()},
        tuple(face_down),
        tuple(spell),
        evolution,
        galaxy,
        tuple(kz),
        tuple(tap),
        tuple(use_if),
        tuple(use_cost),
        tuple(g_zero),
        tuple(activated),
        card.faces[0].type in DRAGHEART_TYPES,
        tuple(use_from),
        neo,
        tuple(for_less),
    )


def register_side_in_battle(game: Game, obj: GameObject, shows_a_side: Callable[[Game, int], bool]) -> bool:
    """In the battle zone a card of which ``shows_a_side`` holds has the abilities of the face it shows
    (809.2 禁断, 819.1b a WD field, 701.29a a final forbidden card, 812.2 零龍); ``False`` for any other
    object (its printed abilities are registered as usual)."""
    if obj.zone[1] != BATTLE or not shows_a_side(game, obj.top):
        return False
    register_shown_face(game, obj)
    return True


def register_shown_face(game: Game, obj: GameObject, zone: str = BATTLE) -> None:
    """Register on ``obj`` the ``zone`` abilities of the face it shows now (``characteristics.face``), for
    cards whose abilities are those of one side: a WD field's upright side (819.1b), a 禁断 card's face
    (809.2), a released hyper mode's merged face (816), a dragheart's side (龍解)."""
    d = ch.definition(game, obj.top)
    compiled = compile_card(CardDefinition(d.name, (ch.face(game, obj),), text_status=d.text_status))
    source = Source("ability", obj.top, obj.controller)
    for ability in compiled.by_zone.get(zone, ()):
        game.effects.add(ability, obj.controller, source, host=obj.oid)
