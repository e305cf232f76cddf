"""Duel Masters keywords, built from the same vocabulary as any other card text.

Each keyword expands into ordinary abilities (static, trigger) that the general machinery interprets; no
engine path asks whether a creature "has ブロッカー" — the block step asks whether it *can block*, the
attack asks how many shields it *breaks*, and so on. A card granting any of these by its own text uses
the same statics.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...cards.schema import SELF, AbilitySpec, Action, Condition, Filter, Pattern, Quantity, Selector, number
from .zones import GRAVEYARD, MANA, PENDING

ALL_SHIELDS = 1000
"""The breaker count that means "all the opponent's shields" (ワールド・ブレイカー)."""

_BATTLE_OPPONENT = Selector("event_subject")


PLAY_FROM: dict[str, tuple[str, tuple[Action, ...]]] = {
    # アビスラッシュ: summon it from your graveyard; this turn it can attack players, and at the end of the
    # turn it is put on the bottom of its owner's deck.
    "abyss_rush": (
        "graveyard",
        (
            Action(
                "grant", {"what": Selector("self"), "flag": "attack_players_at_once", "until": "end_of_turn"}
            ),
            Action(
                "at_end_of_turn",
                {"actions": (Action("move", {"what": Selector("self"), "to": "deck_bottom"}),)},
            ),
        ),
    ),
}
"""Keywords that let a card be summoned from another zone, with the effects that ride along."""


def expand(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """The abilities a keyword stands for (other forms are returned unchanged)."""
    if spec.form != "keyword":
        return (spec,)
    name, i, line = spec.name, spec.index, spec.line

    def static(kind: str, **params: object) -> AbilitySpec:
        return AbilitySpec("static", kind, i, params=params, line=line)

    if name == "blocker":  # ブロッカー (701.12 / 507.1a): may redirect an attack to itself
        return (static("can_block"),)
    if name == "double_breaker":  # W・ブレイカー (509.2b)
        return (static("breaker", count=2),)
    if name == "triple_breaker":  # T・ブレイカー (509.2b)
        return (static("breaker", count=3),)
    if name == "speed_attacker":  # スピードアタッカー: no summoning sickness (301.5)
        return (static("ignore_summoning_sickness"),)
    if name == "power_attacker":  # パワーアタッカー+N: more power while attacking
        return (
            static("power", amount=spec.params["amount"], condition=Condition("attacking", selector=SELF)),
        )
    if name == "powered_blocker":  # パワード・ブロッカー+N (ブロック中、このクリーチャーのパワーを+Nする)
        return (
            static("power", amount=spec.params["amount"], condition=Condition("blocking", selector=SELF)),
        )
    if name == "cannot_attack":
        return (static("cannot_attack"),)
    if name == "cannot_attack_players":
        return (static("cannot_attack_players"),)
    if name == "slayer":  # スレイヤー: after it battles, destroy the creature it battled
        return (
            AbilitySpec(
                "trigger", "battles", i, effect=(Action("destroy", {"what": _BATTLE_OPPONENT}),), line=line
            ),
        )
    if name == "shield_trigger":  # S・トリガー (112.3a): when broken into the hand, may use it for free
        # once the card is used, the announcement keyword_used patterns see (「S・トリガー」を使った時)
        used = Action("keyword_used", {"what": SELF, "keyword": "shield_trigger"})
        return (
            AbilitySpec(
                "trigger",
                "broken",
                i,
                optional=True,
                zones=("shield_zone",),
                effect=(Action("use_free", {"what": SELF, "keyword": "shield_trigger"}), used),
                params={"priority_class": 0, "face_down": True},
                line=line,
            ),
        )
    if name == "s_back":  # S・バック—X (509.5c): discard a broken shield card that is X to use this for free
        return (
            AbilitySpec(
                "trigger",
                "s_back",
                i,
                zones=("hand",),
                effect=(Action("use_free", {"what": Selector("self")}),),
                params={"priority_class": 0, "shield": spec.params["shield"]},
                line=line,
            ),
        )
    if name == "world_breaker":  # ワールド・ブレイカー: breaks all the opponent's shields
        return (static("breaker", count=ALL_SHIELDS),)
    if name == "g_strike":  # G・ストライク (101.4b): like S・トリガー, stop one creature attacking this turn
        grant = Action(
            "grant",
            {
                "what": Selector("choose", owner="opponent", filter=Filter(type="creature")),
                "flag": "cannot_attack",
                "until": "end_of_turn",
            },
        )
        return (
            AbilitySpec(
                "trigger",
                "broken",
                i,
                optional=True,
                zones=("shield_zone",),
                effect=(grant,),
                params={"priority_class": 0, "face_down": True},
                line=line,
            ),
        )
    if name == "invasion":  # 侵略: when your matching creature attacks, this may be put on top of it
        return (
            AbilitySpec(
                "trigger",
                "attacks",
                i,
                subject="own_creature",
                optional=True,
                zones=("hand", "battle_zone"),
                effect=(Action("evolve_onto", {"what": Selector("event_subject")}),),
                params={"event_filter": {"card": replace(spec.params["base"], other_than_self=True)}},
                line=line,
            ),
        )
    if name == "kizuna":  # キズナ: when this enters, use the KZ ability of one of your creatures
        use = Action("use_kz", {"what": Selector("choose", owner="you", filter=Filter(has_kz=True))})
        return (AbilitySpec("trigger", "enters", i, effect=(use,), line=line),)
    if name == "escape":  # エスケープ: instead of being destroyed, may add one of your shields to hand
        to_hand = Action("move", {"what": Selector("choose", zone="shield_zone", owner="you"), "to": "hand"})
        return (AbilitySpec("replace", "destroyed", i, optional=True, instead=(to_hand,), line=line),)
    if name in SPECIAL_KEYWORDS:  # エターナル・Ω, Q・ブレイカー, マスターG・O・D・S (special_card_effects.py)
        return SPECIAL_KEYWORDS[name](spec)
    if name == "link_release":  # リンク解除 (806.1b), read when a linked creature leaves (psychic.py)
        return (AbilitySpec("static", "link_release", i, line=line),)
    if name in OBJECT_KEYWORDS:  # 革命チェンジ, B・A・D, NEO (seed 004): see swap.py and objects.py
        return OBJECT_KEYWORDS[name](spec)
    if name == "s_max_evolution":  # S-MAX進化 (815): a marker; its "instead of losing" is in its text
        return (static("s_max_evolution"),)
    if name == "mana_evolution":  # マナ進化: an evolution whose base is a creature card of the mana zone
        return (AbilitySpec("keyword", "evolution", i, params={**spec.params, "zone": MANA}, line=line),)
    if name == "star_evolution":  # スター進化 (813): leaving, only its top card leaves instead
        leave_top = AbilitySpec("replace", "leaves", i, instead=(Action("top_card_leaves", {}),), line=line)
        return (AbilitySpec("keyword", "evolution", i, params=spec.params, line=line), leave_top)
    if name == "forbidden_star_evolution":  # 禁断スター進化 (813.1b): no base needed; leaving, as スター進化
        leave_top = AbilitySpec("replace", "leaves", i, instead=(Action("top_card_leaves", {}),), line=line)
        return (static("forbidden_star_evolution"), leave_top)
    if name == "powered_breaker":  # パワード・ブレイカー: one more shield for each 6000 power
        return (static("powered_breaker"),)
    if name == "shield_force":  # シールド・フォース: as it enters, you may choose one of your shields
        shield = Selector("choose", up_to=True, zone="shield_zone", owner="you")
        link = Action("link_shield", {"what": shield})
        return (AbilitySpec("trigger", "enters", i, effect=(link,), params={"priority_class": 0}, line=line),)
    if name == "ninja_strike":
        # ニンジャ・ストライクN: when an opponent's creature attacks or blocks, if you have N or more cards in
        # your mana zone, you may summon this from your hand without paying; at the end of that turn it
        # goes to the bottom of your deck.
        strike = (
            Action("ninja_strike", {"what": Selector("self")}),
            Action("use_free", {"what": Selector("self")}),
            Action(
                "at_end_of_turn",
                {"actions": (Action("move", {"what": Selector("self"), "to": "deck_bottom"}),)},
            ),
        )
        # "自分のマナゾーンにN枚以上あれば": a comparison of a count (language 2)
        mana = Quantity("count", selector=Selector("all", zone="mana_zone", owner="you"))
        when = Condition("at_least", quantities=(mana, number(spec.params["mana"])))
        return tuple(
            AbilitySpec(
                "trigger", pattern, i, "opponent_creature", True, when, ("hand",), effect=strike, line=line
            )
            for pattern in ("attacks", "blocks")
        )
    if name == "attack_chance":
        # アタック・チャンス—X (112.3f): 自分のXが攻撃する時、この呪文を手札からコストを支払わずに唱えてもよい
        attacker = Selector("all", owner="you", filter=spec.params["attacker"])
        cast = (Action("use_free", {"what": Selector("self")}),)
        chance = Pattern("attacks", attacker)
        return (
            AbilitySpec(
                "trigger",
                "pattern",
                i,
                optional=True,
                zones=("hand",),
                effect=cast,
                line=line,
                pattern=chance,
            ),
        )
    if name == "charger":  # チャージャー: after it is cast, to the mana zone instead of the graveyard
        to_grave = Pattern("moved", SELF, from_zones=(PENDING,), to_zones=(GRAVEYARD,))
        to_mana = Action("move", {"what": SELF, "to": MANA})
        charger = AbilitySpec(
            "replace", "pattern", i, zones=(PENDING,), instead=(to_mana,), line=line, pattern=to_grave
        )
        return (charger,)
    if name == "saver":  # セイバー:X — 自分のXが破壊される時、このクリーチャーをかわりに破壊してもよい
        return (_saver(spec),)
    if name == "ex_life":  # ＥＸライフ: its shield is made as the creature is put (出す時), before its 出た時
        made, *rest = grammar_keyword(name)  # abilities resolve: first, like シールド・フォース's link
        first = replace(made, index=i, line=line, params={**made.params, "priority_class": 0})
        return (first, *(replace(part, index=i, line=line) for part in rest))
    if name in GRAMMAR_KEYWORDS:  # マッハファイター, ジャストダイバー: written in the card language itself
        return tuple(replace(part, index=i, line=line) for part in grammar_keyword(name, spec.params))
    if name == "abyss_rush":  # granted by other cards; its meaning is in PLAY_FROM below
        return ()
    if name == "wave_striker":  # ウェーブストライカー: a mark the `keyword` filter sees; the WS ability is
        return ()  # written on the card, with the condition that two other creatures have the mark
    if name == "forbidden_release":  # 禁断解放: its last seal removed, it turns to its creature side
        from .forbidden import release_trigger

        return (release_trigger(i, line),)
    if name in ("evolution", "galaxy_shield", "hyper", "starts_sealed", "larger_deck", "fushigi_birth"):
        return (
            spec,
        )  # 進化 (801), ギャラクシールド, ハイパー化 (816), フシギバース: main-step options; 809.3, 314.3a
    raise AssertionError(f"keyword {name!r} is in the vocabulary but has no expansion")


def _saver(spec: AbilitySpec) -> AbilitySpec:
    """セイバー:X (自分のXが破壊される時、「セイバー:X」を持つクリーチャーを1体、かわりに破壊してもよい): each
    creature with it has, as its own replacement (609), 「自分の他のXが破壊される時、かわりにこの
    クリーチャーを破壊してもよい」 — the pattern is the grammar's ``destroyed`` with the keyword's filter."""
    base: Filter = spec.params["base"]
    # X is a creature's race or kind, or a card type of its own (セイバー:クロスギア guards the cross gears)
    kind = base.type if base.type is not None or base.types else "creature"
    guarded = Selector("all", owner="you", filter=replace(base, type=kind, other_than_self=True))
    instead = (Action("destroy", {"what": SELF}),)
    pattern = Pattern("destroyed", guarded)
    return AbilitySpec(
        "replace", "pattern", spec.index, optional=True, instead=instead, line=spec.line, pattern=pattern
    )


def _revolution_change(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """革命チェンジ: when your matching creature attacks, you may swap it with this card from your hand
    (701.26: the new creature is a new object, tapped and attacking like the one it replaced)."""
    return (
        AbilitySpec(
            "trigger",
            "attacks",
            spec.index,
            subject="own_creature",
            optional=True,
            zones=("hand",),
            effect=(Action("swap_with", {"what": Selector("event_subject")}),),
            params={"event_filter": {"card": spec.params["base"]}},
            line=spec.line,
        ),
    )


def _read_by_play(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """NEO (NEO or NEO進化 by what is under it) and B・A・D (a cheaper summon): read where they matter."""
    return ()


def _god_link(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """G・リンク (gods.py): as it enters, it may link with a God of its controller; the ability itself
    (side and partner) is read from the card by the link rules."""
    link = Action("god_link", {})
    priority = {"priority_class": 0}
    return (
        AbilitySpec(
            "trigger", "enters", spec.index, optional=True, effect=(link,), params=priority, line=spec.line
        ),
    )


OBJECT_KEYWORDS = {"revolution_change": _revolution_change, "neo": _read_by_play, "bad": _read_by_play}
OBJECT_KEYWORDS["god_link"] = _god_link


def _eternal_omega(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """エターナル・Ω: when this creature would leave the battle zone, return it to the hand instead."""
    back = Action("return_to_hand", {"what": Selector("self")})
    return (AbilitySpec("replace", "leaves", spec.index, instead=(back,), line=spec.line),)


def _quadruple_breaker(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """Q・ブレイカー (509.2b): breaks four shields."""
    return (AbilitySpec("static", "breaker", spec.index, params={"count": 4}, line=spec.line),)


def _master_gods(spec: AbilitySpec) -> tuple[AbilitySpec, ...]:
    """マスターG・O・D・S: an alternative way to cast the spell (discard a card from the hand; cost −2 per
    card you discarded this turn, never below 1) — read by the play options (special_card_effects.py)."""
    return (spec,)


SPECIAL_KEYWORDS = {
    "eternal_omega": _eternal_omega,
    "quadruple_breaker": _quadruple_breaker,
    "master_gods": _master_gods,
}


GRAMMAR_KEYWORDS: dict[str, str] = {
    # マッハファイター (このクリーチャーは、出たターンの間、
    # タップまたはアンタップしているクリーチャーを攻撃できる)
    "mach_fighter": """
- static: {attack_creatures_at_once: true}
  if: {happened: {event: enters}, during: this_turn}
- static: {attack_untapped: true}
  if: {happened: {event: enters}, during: this_turn}
""",
    # ジャストダイバー (このクリーチャーが出た時、次の自分のターンのはじめまで、
    # このクリーチャーは相手に選ばれず、攻撃されない)
    # G-NEO進化 (803): a NEO creature (802: a G-NEO evolution while a card is under it) that, leaving the
    # battle zone as a G-NEO evolution, has every card under it leave instead (803.2) — a replacement
    # (803.2a: not after another replacement, nor for an event a replacement made; 101.5)
    "g_neo": """
- replace: {event: leaves}
  if: {exists: {evolution: true, not: {other: true}}}
  instead: [{cards_under_leave: {}}]
""",
    # 解除 (805.1b): when this (awakened) psychic creature would leave the battle zone, it is turned over to
    # its cheaper side instead — a replacement; printed on the awakened side, it works only while that side
    # is shown (805.3)
    "psychic_release": """
- replace: {event: leaves}
  instead: [{turn_to_cheaper_side: this}]
""",
    # 龍回避 (807.1b): the same for a dragheart turned to its creature side (龍解)
    "dragon_escape": """
- replace: {event: leaves}
  instead: [{turn_to_cheaper_side: this}]
""",
    # ガードマン (このクリーチャーをタップして、相手クリーチャーの攻撃先を、自分の他のクリーチャーからこの
    # クリーチャーに変更してもよい): the permission the block step reads (507.1a, 507.2b: no block)
    "guardman": """
- static: {can_guard: true}
""",
    # シンカライズ (このタマシードがクリーチャーであるかのように、この上に進化クリーチャーを置いてもよい):
    # an evolution creature may be put on it as on a creature (801.1); it works in the battle zone only
    "shinkarise": """
- static: {evolution_base_as_creature: true}
""",
    # <キリフダッシュ>[CIV(N)] (自分のクリーチャーの攻撃の終わりに、そのクリーチャーがその攻撃中にシールドを
    # ブレイクしていれば、このクリーチャーを[CIV(N)]支払って召喚してもよい): 510 (the attack's end), 601.1d-e
    # (what is paid); a shield put into the hand without a break does not count (701.14b)
    "kirifu_dash": """
- trigger: {event: attack_end, subject: {owner: you, type: creature}}
  zones: [hand]
  optional: true
  if: {happened: {event: broken, subject: any, by: {card: event.subject}}, during: this_attack}
  effect:
  - use: {what: this, cost: $cost, civilizations: $civilizations}
""",
    # ＥＸライフ (このクリーチャーを出す時、自分の山札の上から1枚目をシールド化する。このクリーチャーが
    # 離れる時、かわりにそのシールドを墓地に置く): the shield is linked to the creature (そのシールド,
    # ``linked_shield``); the replacement applies only while that shield is in the shield zone (609.4)
    "ex_life": """
- trigger: {event: enters}
  effect:
  - put_into_shields: {zone: deck, owner: you, top: 1, all: true}
    as: ex_life
  - link_shield: $ex_life
- replace: {event: leaves}
  if: {exists: linked_shield}
  instead:
  - put_into_graveyard: linked_shield
""",
    "just_diver": """
- trigger: {event: enters}
  effect:
  - grant: {what: this, property: cannot_be_chosen_by_opponent, until: your_next_turn_start}
  - grant: {what: this, property: cannot_be_attacked, until: your_next_turn_start}
""",
}
"""Keywords whose meaning is written in card language 2 (docs/cards.md): each is the abilities listed, read by
the card loader like any card's. ``$PARAM`` stands for the keyword's parameter of that name (キリフダッシュ's
``$cost``), written in as the card gives it."""

_GRAMMAR_CACHE: dict[tuple[str, str], tuple[AbilitySpec, ...]] = {}


def grammar_keyword(name: str, params: Mapping[str, object] | None = None) -> tuple[AbilitySpec, ...]:
    """The abilities a language-2 keyword stands for, loaded once per parameters from ``GRAMMAR_KEYWORDS``."""
    text = GRAMMAR_KEYWORDS[name]
    for key, value in sorted((params or {}).items(), key=lambda kv: -len(kv[0])):
        written = "[" + ", ".join(map(str, value)) + "]" if isinstance(value, tuple | list) else str(value)
        text = text.replace(f"${key}", written)
    found = _GRAMMAR_CACHE.get((name, text))
    if found is None:
        from ...cards.loader import load_text
        from ...cards.vocabulary import DUEL_MASTERS

        card = (
            "- name: keyword\n  type: creature\n  civilizations: []\n  cost: 1\n  races: []\n  power: 0\n"
            "  text: ''\n  abilities:\n" + "\n".join("  " + ln for ln in text.splitlines())
        )
        (definition,) = load_text(card, f"keywords.py:{name}", DUEL_MASTERS)
        found = _GRAMMAR_CACHE[(name, text)] = definition.faces[0].abilities
    return found
