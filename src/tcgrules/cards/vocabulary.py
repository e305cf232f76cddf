"""The words a game's card files may use. The loader checks every card against a vocabulary, so an
unknown keyword, trigger, action or argument is an error at load time with file, line and field."""

from __future__ import annotations

from dataclasses import dataclass, field

# Argument kinds for actions.
QTY, COND, KEYWORD, PROPERTY, PATTERN = "quantity", "condition", "keyword", "property", "pattern"
EACH_PLAYER = "each_player"
"""A player, or ``each`` (各プレイヤー: the turn player first, 114.2a)."""
INT, BOOL, SEL, ACTIONS, ZONE, DEST, OWNER, PLAYER, DURATION, TEXT = (
    "int",
    "bool",
    "selector",
    "actions",
    "zone",
    "destination",
    "owner",
    "player",
    "duration",
    "text",
)


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action's arguments: their kinds, which are required, and which one a bare value fills."""

    args: dict[str, str]
    required: tuple[str, ...] = ()
    primary: str | None = None


@dataclass(frozen=True, slots=True)
class Vocabulary:
    game: str
    card_types: frozenset[str]
    civilizations: frozenset[str]
    zones: frozenset[str]
    destinations: frozenset[str]
    keywords: dict[str, dict[str, str]]
    conditions: dict[str, str]
    actions: dict[str, ActionSpec] = field(default_factory=dict)
    creature_types: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    """Language 2: the events a pattern may name (docs/cards.md, "Patterns")."""
    properties: dict[str, str] = field(default_factory=dict)
    """Language 2: the properties a static may change, with the kind of their value."""
    filter_types: frozenset[str] = frozenset()
    """The card types a filter's ``type`` may name."""
    keyword_names: dict[str, str] = field(default_factory=dict)
    """How each keyword is printed (ブロッカー), so a printed line can be matched to the keyword."""
    printed_keywords: frozenset[str] = frozenset()
    """Keywords the rules read only as printed on the card itself: ``static: {keyword: K}`` cannot give
    them and the loader refuses it (keywords with parameters are refused too: that form has no room)."""
    keyword_zones: dict[str, str] = field(default_factory=dict)
    """Keywords whose ability works in one zone only, not the battle zone: ``static: {keyword: K}`` must give
    them to objects in that zone (the loader refuses it elsewhere)."""


_SEL_ACTION = ActionSpec({"what": SEL}, ("what",), "what")

DUEL_MASTERS = Vocabulary(
    game="duel_masters",
    card_types=frozenset(
        {
            "creature",
            "evolution_creature",
            "spell",
            "tamaseed",
            "tamaseed_creature",
            "castle",
            "cross_gear",  # issue 4 (seed 004): cross_gears.py
            "dragheart_weapon",
            "dragheart_fortress",  # ドラグハート・フォートレス (306): draghearts.py
            "dragheart_creature",
            "psychic_creature",  # issue 3, rulings 31 and 5: psychic.py
            "psychic_cell",
            "psychic_super_creature",
            "dragheart_cell",  # ドラグハート・セル (808.1): a dragheart's other side (psychic.py)
            "dragheart_super_creature",  # ドラグハート・スーパー・クリーチャー (808.1): its cells linked
            "gr_creature",  # GRクリーチャー (811): gr.py
            "exile_creature",  # エグザイル・クリーチャー (204.3a): a creature of the special type エグザイル
            "aura",  # オーラ (310): auras.py
            "field",  # フィールド (308): fields.py
            "d2_field",  # Ｄ２フィールド (204.3c, 703.4l)
            "wd_field",  # WDフィールド (819): a side of a two-field card (fields.py)
            "forbidden_pulse",  # 禁断の鼓動 (307, 809): forbidden.py
            "forbidden_creature",  # 禁断クリーチャー, its other face
            "final_forbidden_field",  # 最終禁断フィールド (204.3c, 308.4): final_forbidden.py
            "final_forbidden_creature",  # 最終禁断クリーチャー (701.29a), its center card's other face
            "forbidden_core",  # 禁断コア (309), its parts' other face
            "zero_dragon_ritual",  # 零龍の儀 (311, 812): zero_dragon.py
            "zero_dragon_nebula",  # 零龍星雲 (311, 812)
            "zero_dragon_creature",  # 零龍クリーチャー (701.31a), the ritual's other face
            "zero_dragon_part",  # 零龍クリーチャーの構成カード (812.1), a nebula's other face
            "king_cell",  # キング・セル (814): king_cells.py
            "king_creature",  # キング・クリーチャー (814.1): its cells combined, an entry no one owns
            "rule_plus",  # ルール・プラス (314): decks.py
            "artifact",  # Artifact (312): used from the hand, enters the battle zone (play.py)
            "land",  # 土地 (313): never used; works in the mana zone; not in the battle zone (objects.py)
        }
    ),
    creature_types=frozenset(
        {
            "creature",
            "evolution_creature",
            "tamaseed_creature",
            "dragheart_creature",
            "psychic_creature",
            "psychic_super_creature",
            "dragheart_super_creature",
            "gr_creature",
            "exile_creature",
            "forbidden_creature",
            "final_forbidden_creature",
            "zero_dragon_creature",
            "king_creature",
        }
    ),
    civilizations=frozenset({"light", "water", "darkness", "fire", "nature"}),
    zones=frozenset(
        {"battle_zone", "hand", "mana_zone", "graveyard", "shield_zone", "deck", "castle_zone", "abyss_zone"}
    ),
    destinations=frozenset(
        {
            "battle_zone",
            "hand",
            "mana_zone",
            "graveyard",
            "shield_zone",
            "deck_top",
            "deck_bottom",
            "deck",  # 山札に加える (401.7: added as a whole, not on its top or bottom)
            "abyss_zone",
            "gr_zone",
            "hyperspatial_zone",
        }
    ),
    keywords={
        "blocker": {},
        "double_breaker": {},
        "triple_breaker": {},
        "shield_trigger": {},
        "super_shield_trigger": {},  # スーパー・S・トリガー: its S abilities say `if: {bonus: true}`
        "shield_trigger_plus": {},  # S・トリガー・プラス: its P abilities say `if: {bonus: true}`
        "speed_attacker": {},
        "slayer": {},
        "power_attacker": {"amount": INT},
        "powered_blocker": {"amount": INT},  # パワード・ブロッカー+N (keywords.py)
        "cannot_attack": {},
        "cannot_attack_players": {},
        "evolution": {"base": "filter", "with": "optional_filter"},  # with: 進化V (801.1b, two bases)
        "world_breaker": {},
        "galaxy_shield": {"cost": INT, "civilizations": "civilizations"},
        "g_strike": {},
        "invasion": {"base": "filter", "also_from": "zones"},  # S級侵略: zones besides the hand
        "abyss_rush": {},
        "ninja_strike": {"mana": INT},
        "attack_chance": {"attacker": "filter"},  # アタック・チャンス (112.3f): keywords.py
        "neo": {"base": "filter"},
        "g_neo": {"base": "filter"},
        "psychic_release": {},
        "dragon_escape": {},
        "dragon_soul_escape": {},  # 龍魂回避 (808.1b): keywords.py
        "revolution_change": {"base": "filter"},
        "bad": {"amount": INT},
        "kizuna": {},
        "escape": {},
        "s_max_evolution": {},
        "shield_force": {},
        "star_evolution": {"base": "filter"},
        "forbidden_star_evolution": {},  # 禁断スター進化 (813.1b): keywords.py
        "powered_breaker": {},
        "hyper": {"tap": INT},  # ハイパー化 / OVERハイパー化 (816.2): hyper.py
        "starts_sealed": {
            "seals": INT,
            "on_parts": BOOL,
        },  # この鼓動は、ゲーム開始時、封印を… (809.3): forbidden.py
        "forbidden_release": {},  # 禁断解放 (701.25, 809.1a)
        "larger_deck": {"amount": INT},  # デッキの枚数をN枚増やして… (314.3a): decks.py
        "starts_unlinked": {"nebulas": INT},  # 零龍星雲をリンクせずに置く (311.2): zero_dragon.py
        "opponent_draws_at_start": {"amount": INT},  # ゲーム開始時、相手はもうN枚カードを引く (103.3)
        "zero_dragon_birth": {},  # 零龍卍誕 (701.31a): keywords.py
        "extra_ex_life": {},  # エクストラEXライフ: keywords.py
        "king_cells": {"cells": "texts"},  # …種のキング・セル《A》《B》…が揃っていれば (814.1): king_cells.py
        # special cards (games/duel_masters/special_card_effects.py)
        "eternal_omega": {},
        "quadruple_breaker": {},
        "master_gods": {},
        "s_back": {"shield": "filter"},  # issue 4 (seed 004): shield_breaks.py
        "sabaki_z": {},  # サバキZ (112.3d, 509.5d): shield_breaks.py
        "link_release": {},  # issue 3: リンク解除 (psychic.py)
        "god_link": {"partner": TEXT, "side": TEXT},  # issue 4 (seed 004): G・リンク (gods.py)
        "charger": {},  # チャージャー: a replacement from 保留状態 (keywords.py)
        "crystal_charger": {},  # 水晶チャージャー: the same, put face down (keywords.py)
        "maji_bomber": {"amount": INT},  # マジボンバーN: an attack trigger (keywords.py)
        "last_burst": {},  # ラスト・バースト: destroyed, casts its twinpact's spell part (keywords.py)
        "mega_last_burst": {},  # メガ・ラスト・バースト: casts its twinpact's spell part (keywords.py)
        "mach_fighter": {},  # マッハファイター (keywords.py)
        "just_diver": {},  # ジャストダイバー (keywords.py)
        "guardman": {},  # ガードマン (keywords.py)
        "shinkarise": {},  # シンカライズ (keywords.py)
        "kirifu_dash": {"cost": INT, "civilizations": "civilizations"},  # キリフダッシュ (keywords.py)
        "saver": {"base": "filter"},  # セイバー:X (keywords.py)
        "mana_evolution": {"base": "filter"},  # マナ進化 (keywords.py, play.py)
        "graveyard_evolution": {"base": "filter"},  # 墓地進化 (keywords.py, play.py)
        "shield_evolution": {},  # シールド進化: any of its player's shields is the base (play.py)
        "sasageru": {"amount": INT},  # ササゲールN (sasageru.py)
        "hyper_energy": {},  # ハイパーエナジー (hyper_energy.py)
        "mugetsu_taizai": {"amount": INT},  # 無月の大罪N (discounts.py)
        "ex_life": {},  # ＥＸライフ (keywords.py)
        "fushigi_birth": {"cost": INT, "civilizations": "civilizations"},  # フシギバース (fushigi_birth.py)
        "wave_striker": {},  # ウェーブストライカー: a mark; the WS ability is written on the card
    },
    conditions={
        "shield_force": BOOL,
    },
    actions={
        "draw": ActionSpec({"count": QTY, "up_to": BOOL, "player": EACH_PLAYER}, ("count",), "count"),
        "destroy": _SEL_ACTION,
        "discard": _SEL_ACTION,
        "return_to_hand": _SEL_ACTION,
        "put_into_mana": _SEL_ACTION,
        "put_into_graveyard": _SEL_ACTION,
        "put_into_shields": _SEL_ACTION,
        "put_into_battle_zone": ActionSpec(
            {"what": SEL, "tapped": BOOL, "controller": "controller", "equip_to": SEL, "blocking": BOOL},
            ("what",),
            "what",
        ),
        "tap": _SEL_ACTION,
        "untap": _SEL_ACTION,
        "move": ActionSpec(
            {
                "what": SEL,
                "to": DEST,
                "tapped": BOOL,
                "face_up": BOOL,
                "no_shield_trigger": BOOL,
                "position": INT,
                "any_order": BOOL,
                "shuffled": BOOL,
            },
            ("what", "to"),
        ),
        "power": ActionSpec(
            {
                "what": SEL,
                "add": QTY,
                "until": DURATION,
                "while": COND,
            },
            ("what", "add"),
        ),
        "use_kz": _SEL_ACTION,
        "mill": ActionSpec({"count": QTY, "player": PLAYER}, ("count",), "count"),
        "charge": ActionSpec({"count": QTY, "player": PLAYER}, ("count",), "count"),
        "shuffle": ActionSpec({"zone": ZONE, "player": PLAYER}, (), "zone"),
        "may": ActionSpec({"actions": ACTIONS}, ("actions",), "actions"),
        "grant": ActionSpec(
            {
                "what": SEL,
                "flag": TEXT,
                "keyword": KEYWORD,
                "property": PROPERTY,
                "ability": "ability",
                "ignore": PROPERTY,
                "until": DURATION,
            },
            ("what",),
        ),
        # language 2 (docs/cards.md, "Effects")
        "search": ActionSpec({"what": SEL, "to": DEST, "reveal": BOOL}, ("what", "to")),
        "look": ActionSpec({"what": SEL, "as": TEXT}, ("what",), "what"),
        "choose": _SEL_ACTION,
        "reveal": _SEL_ACTION,
        # …が出るまで山札の上から表向きにする: the revealed cards stay in the deck, saved as ``as``; the one
        # that stopped it as ``found``
        "reveal_until": ActionSpec(
            {"player": PLAYER, "until": "filter", "as": TEXT, "found": TEXT}, ("until",)
        ),
        "break": ActionSpec({"what": SEL, "count": QTY, "player": PLAYER}, ()),
        # with ``cost`` (and ``civilizations``): paying that instead of its cost ([火/自然(5)]支払って);
        # ``keyword``: the keyword ability it is used by (S・トリガー: how: shield_trigger); ``bonus_if``: a
        # condition read as it is used, which gives the card its bonus abilities (`bonus` condition)
        "use": ActionSpec(
            {
                "what": SEL,
                "free": BOOL,
                "cost": INT,
                "civilizations": "civilizations",
                "keyword": KEYWORD,
                "bonus_if": COND,
                "onto": SEL,
            },
            ("what",),
            "what",
        ),
        "extra_turn": ActionSpec({"player": PLAYER, "count": QTY}, (), "player"),
        "win": ActionSpec({"player": PLAYER}, (), "player"),
        "lose": ActionSpec({"player": PLAYER}, (), "player"),
        "choose_number": ActionSpec({"max": QTY, "min": QTY, "as": TEXT}, ("max", "as")),
        "declare": ActionSpec(
            {"what": "declarable", "as": TEXT, "chooser": PLAYER, "except": TEXT}, ("what", "as"), "what"
        ),
        "modes": ActionSpec(
            {"count": QTY, "chooser": OWNER, "options": "modes", "repeats": BOOL}, ("options",), "options"
        ),
        "delayed": ActionSpec(
            {"when": PATTERN, "effect": ACTIONS, "until": DURATION, "once": BOOL}, ("when", "effect")
        ),
        "repeat": ActionSpec({"times": QTY, "effect": ACTIONS}, ("times", "effect")),
        "no_battle": ActionSpec({}),
        "become_blocker": _SEL_ACTION,
        "become_copy": ActionSpec(
            {"what": SEL, "of": SEL}, ("what", "of")
        ),  # …は…になる (copies.py)  # …がかわりにバトルする: the blocking creature of the attack (507.2a)
        "end_attack": ActionSpec({}),
        "skip_rest_of_turn": ActionSpec({}),
        "continuous": ActionSpec(
            {"ability": "ability", "until": "continuous_duration"}, ("ability",), "ability"
        ),
        "evolve_onto": _SEL_ACTION,
        "add_to_shield": ActionSpec({"what": SEL, "on_top": BOOL, "face_up": BOOL}, ("what",), "what"),
        "turn_over": ActionSpec({"what": SEL, "face_up": BOOL}, ("what",), "what"),
        "shuffle_shields": ActionSpec({"player": PLAYER}),
        "swap_with": ActionSpec({"what": SEL, "keyword": KEYWORD}, ("what",), "what"),
        "send_to_abyss": _SEL_ACTION,  # 701.33 (abyss.py)
        "swap_zones": ActionSpec({"zone": ZONE, "with": ZONE, "player": OWNER}, ("zone", "with")),  # 701.26c
        "cost": ActionSpec({"what": SEL, "add": QTY, "until": DURATION}, ("what", "add")),
        "stay": _SEL_ACTION,
        "keyword_used": ActionSpec({"what": SEL, "keyword": KEYWORD}, ("what", "keyword")),
        "at_end_of_turn": ActionSpec({"actions": ACTIONS}, ("actions",), "actions"),
        "after_battle": ActionSpec({"actions": ACTIONS}, ("actions",), "actions"),  # バトルの後 (115.3d)
        "simultaneously": ActionSpec({"actions": ACTIONS}, ("actions",), "actions"),
        # steps that choose or branch (language/steps.py), シールド・フォース, ignoring effects, stealing
        "choose_one": ActionSpec({"modes": "modes"}, ("modes",), "modes"),
        "if": ActionSpec({"condition": "condition", "then": ACTIONS}, ("condition", "then")),
        "replaced_event": ActionSpec({"unless": "condition", "about": SEL}, ()),
        "link_shield": _SEL_ACTION,
        "battle": ActionSpec({"what": SEL, "with": SEL}, ("what",), "what"),
        "gachinko_judge": ActionSpec({"won": ACTIONS}, ()),  # 701.21 (gachinko.py)
        "use_instead": ActionSpec({"player": PLAYER}, (), "player"),
        "top_card_leaves": ActionSpec({"separate": BOOL}),
        "cards_under_leave": ActionSpec({}),
        "cards_under": ActionSpec({"what": SEL, "to": DEST}, ("what", "to")),  # …の下にあるカードを…に置く
        # special cards (games/duel_masters/special_card_effects.py)
        "put_dragheart": ActionSpec({"filter": "filter", "mana_civilization": BOOL}, (), None),
        "return_to_hyperspatial": _SEL_ACTION,
        "ryukai": _SEL_ACTION,
        "turn_sideways": _SEL_ACTION,  # 横向きにする: a card of a deck or the 超GR marked (sideways.py)
        "seal": ActionSpec({"what": SEL, "count": QTY}, ("what",), "what"),  # 封印を付ける (701.24): seals.py
        "unseal": ActionSpec({"what": SEL, "to": DEST}, ("what",), "what"),  # 封印を外す (701.23)
        "put_under": ActionSpec({"what": SEL, "under": SEL}, ("what", "under")),  # …の下に置く
        "forbidden_release": _SEL_ACTION,  # 禁断解放する (701.25a): forbidden.py
        "cross": ActionSpec({"what": SEL, "to": SEL}, ("what", "to")),  # クロスする (303.3c): cross_gears.py
        "forbidden_explosion": _SEL_ACTION,  # 禁断爆発する (701.29a): final_forbidden.py
        "zero_dragon_link": _SEL_ACTION,  # 零龍星雲を零龍の儀にリンクする (701.18a): zero_dragon.py
        "zero_dragon_birth": _SEL_ACTION,  # 零龍卍誕する (701.31a): zero_dragon.py
        "cores_under": ActionSpec({"count": QTY}, (), "count"),  # 禁断コアを…の下に置く (309.6)
        "turn_upside_down": _SEL_ACTION,  # 上下逆さまにする (701.28a, Ｄスイッチ): fields.py
        "gr_summon": ActionSpec({"count": INT}, ("count",), "count"),
        "awaken_link": ActionSpec({}),  # issue 3: 覚醒リンク (psychic.py)
        "super_ryukai": ActionSpec({}),  # スーパー龍解 (808.1): dragheart cells linked (psychic.py)
        "split_cells": _SEL_ACTION,  # 808.1b: 龍魂回避's substitute (psychic.py)
        "awaken": _SEL_ACTION,  # 701.20a: 覚醒 (psychic.py)
        "turn_to_cheaper_side": _SEL_ACTION,  # 805.1b: 解除's substitute (psychic.py)
        "god_link": ActionSpec({}),  # issue 4 (seed 004): G・リンク (gods.py)
    },
    events=frozenset(
        {
            "moved",
            "enters",
            "leaves",
            "destroyed",
            "discarded",
            "drawn",
            "broken",
            "summoned",
            "cast",
            "used",
            "attacks",
            "blocks",
            "blocked",
            "battles",  # バトルする時 (115.2): the battle starts, before the powers are compared
            "before_battle",  # the same as battles (its first name)
            "battled",  # バトルした時 / バトルの後: the battle's result (115.3d)
            "wins_battle",
            "loses_battle",
            "tapped",
            "untapped",
            "power_changed",
            "shield_added",
            "turn_start",
            "turn_end",
            "draw_step_start",  # ドローステップのはじめに (500.4)
            "charge_step_start",  # マナチャージステップのはじめに (500.4)
            "main_step_start",  # メインステップのはじめに (500.4)
            "attack_step_start",  # 攻撃ステップのはじめに (500.4)
            "attack_end",
            "before_break",
            "before_each_break",  # 各ブレイクの前に (509.3): once per shield about to be broken
            "not_blocked",
            "silent_skill",
            "loses_game",
            "wins_game",
            "attached",  # これをクリーチャーに付けた時 (310, auras.py)
            "unsealed",  # 封印が外れた時 (701.23, seals.py)
            "cards_became",  # このクリーチャーに含まれるカードがN枚になった時 (603.2c, card_counts.py)
            "forbidden_released",  # 禁断解放した時 (701.25, forbidden.py)
            "forbidden_exploded",  # 禁断爆発した時 (701.29, final_forbidden.py)
            "zero_dragon_linked",  # 零龍星雲をこのカードとリンクした時 (701.18a, zero_dragon.py)
            "zero_dragon_born",  # 零龍卍誕した時 (701.31a, zero_dragon.py)
            "keyword_used",
            "ability_used",
            "chosen",  # 選ばれた時 / 相手がこのクリーチャーを選ぶ時 (605.2b, chosen.py)
            "evolves",
            "triggers",
        }
    ),
    properties={
        "power": QTY,
        "cost": QTY,
        "cross_cost": QTY,  # クロスするコスト (303.3b, cross_gears.py)
        "cross_free": BOOL,  # クロスギアをコストを支払わずにクロスしてもよい (cross_gears.py)
        "breaker": QTY,
        "extra_breaks": QTY,
        "keyword": KEYWORD,
        "ability": "ability",
        "race": TEXT,
        "name": TEXT,  # カード名を追加する (202.4)
        "civilization": "civilization",  # 文明を追加する (106.4)
        "loses_civilizations": BOOL,  # 文明を失う (無色となる): its civilizations and its costs' (106.4)
        "can_block": BOOL,
        "can_guard": BOOL,  # ガードマン's permission (turn.py, 507.1a)
        "cannot_attack": BOOL,
        "cannot_attack_players": BOOL,
        "cannot_block": BOOL,
        "cannot_be_blocked": BOOL,
        "cannot_be_attacked": BOOL,
        "must_attack": BOOL,
        "ignore_summoning_sickness": BOOL,
        "attack_players_at_once": BOOL,
        "attacks_players_freely": BOOL,
        "ignores_own_cannot_attack_players": BOOL,  # その…が持つ相手プレイヤーを攻撃できない能力を無視する
        "attack_creatures_at_once": BOOL,
        "attack_untapped": BOOL,
        "cannot_attack_creatures": BOOL,
        "can_be_attacked_untapped": BOOL,
        "cannot_be_blocked_by": "filter",
        "cannot_be_attacked_by": "filter",
        "can_attack_untapped": "filter",
        "attacks_only": "filter",
        "blocks_only": "filter",
        "must_attack_target": "filter",
        "must_block": "filter",  # 可能なら…をブロックする (507.1a)
        "redirects_attack": "filter",  # 攻撃曲げ: アンタップして、…攻撃先を…に変更してもよい (507.1a, 507.2b)
        "ignores": PROPERTY,
        "not_destroyed": BOOL,
        "not_leave": BOOL,
        "cannot_be_chosen_by_opponent": BOOL,
        "cannot_be_tapped_by_opponent": BOOL,  # 相手はこのクリーチャーをタップできない (700.3)
        "must_be_chosen_by_opponent": BOOL,  # 相手は可能ならこのクリーチャーを選ぶ
        "does_not_untap": BOOL,
        "may_be_used": BOOL,  # このターン、自分の墓地から実行してもよい (play.py; 409.1d)
        "not_creature": BOOL,
        "tap_for_this": BOOL,
        # on players (``to: you | opponent | each``): rules the players play by
        "cannot_use": "filter",
        "cannot_use_keyword": "keyword_of",
        "ignore_cannot_attack_players": BOOL,
        "enter_tapped": "filter",
        "choose_shields_broken": BOOL,
        "choose_own_shields": BOOL,  # 相手が自分のシールドを選ぶ時、かわりに自分が選ぶ
        "choose_instead_of_opponent": "filter",  # 相手がクリーチャーを選ぶ時、相手のかわりに自分が選ぶ
        "extra_charges": INT,  # マナチャージを追加でN回 (503.2: continuous effects change the number)
        "summon_from": "summon_from",  # …を1体、自分の墓地から召喚してもよい (summon_from.py)
        "mana_tapped": "filter",  # …はマナゾーンにタップして置かれる (perform.py)
        "cannot_use_tap_abilities": "filter",  # …のタップ能力を使えない (602, turn.py)
        "cannot_look_at_deck": BOOL,  # 誰も山札を見ることはできない (effects.py, gachinko.py)
        "cannot_put_into_mana_from_hand": BOOL,  # 手札からマナゾーンにカードを置けない (700.3, abilities.py)
        "cannot_put_into_shields": BOOL,  # シールドゾーンにカードを置けない (700.3, abilities.py)
        "cannot_put_into_battle_zone": "filter",  # …をバトルゾーンに出せない (700.3, 601.1b; abilities.py)
        "creatures_per_turn": INT,  # 各ターン、クリーチャーをN体までしか出せない (700.3; turn_limits.py)
        "spells_per_turn": INT,  # 各ターン、呪文をN枚までしか唱えられない (601.1b; turn_limits.py)
        "cost_reductions_ignored": BOOL,  # コストを少なくする能力は無効になる (characteristics.py)
        "evolution_base_any_race": BOOL,
        "evolution_base_as_creature": BOOL,  # シンカライズ: an element evolved upon as if a creature (801.1)
        "power_fixed": QTY,  # パワーを…に固定する (206.3)
        "mana_number": QTY,  # マナ数を…にする (207.2)
        "enters_tapped": BOOL,  # タップしてバトルゾーンに出る (110.4f, a state-defining effect)
        "power_doubled": BOOL,  # パワーを倍にする (206.4)
        "power_multiplied": QTY,  # パワーをQ倍にする (206.4: after every increase and decrease)
        "wins_battles": BOOL,  # バトルに勝つ (115.3c)
        "lose_game": BOOL,  # 自分はゲームに負ける (104): forbidden.py
        "destroys": "filter",  # …をすべて破壊する while it applies (state-based): forbidden.py
        "not_sealed": BOOL,  # 封印を付けることはできない (700.3): a prohibition of seal events
        "not_unsealed": BOOL,  # 封印を墓地に置けない / 外せない (700.3): a prohibition of unseal events
        "seals_removed_only_by": "filter",  # 自分の封印は、各ターンに1つだけ、…を召喚してのみ外せる
        "cannot_be_chosen_by_spells": "filter",  # 相手は…の呪文で選べない
    },
    filter_types=frozenset(
        {
            "creature",
            "spell",
            "evolution_creature",
            "tamaseed",
            "element",
            "cross_gear",
            "castle",
            "dragheart",
            "dragheart_weapon",
            "dragheart_fortress",
            "psychic_creature",
            "gr_creature",
            "exile_creature",  # エグザイル・クリーチャー (204.3a)
            "aura",
            "field",
            "d2_field",
            "artifact",
            "land",
            "zero_dragon",  # 零龍カード: any face of a 零龍 set (812)
            "zero_dragon_ritual",
            "zero_dragon_nebula",
            "king_cell",  # キング・セル (814)
        }
    ),
    # Read from the card's printed abilities (objects.py, special_card_effects.py, psychic.py), so no static
    # can give them: S級進化 (no base, 801), マスターG・O・D・S (a way to cast), リンク解除 (806.1b),
    # ハイパーエナジー (a way to summon, hyper_energy.py), シールド進化 (a shield as its base, 801.1).
    printed_keywords=frozenset(
        {"s_max_evolution", "master_gods", "link_release", "hyper_energy", "shield_evolution"}
    ),
    # Used from a hidden zone as the card leaves it or is used (keywords.py): 113.6 S・トリガー and
    # G・ストライク from the shield zone, サバキZ from the hand, チャージャー from 保留状態 (409).
    keyword_zones={
        "shield_trigger": "shield_zone",
        "super_shield_trigger": "shield_zone",
        "shield_trigger_plus": "shield_zone",
        "g_strike": "shield_zone",
        "sabaki_z": "hand",
        "charger": "pending",
        "crystal_charger": "pending",
    },
    keyword_names={
        "blocker": "ブロッカー",
        "double_breaker": "W・ブレイカー",
        "triple_breaker": "T・ブレイカー",
        "quadruple_breaker": "Q・ブレイカー",
        "world_breaker": "ワールド・ブレイカー",
        "powered_breaker": "パワード・ブレイカー",
        "hyper": "ハイパー化",
        "starts_sealed": "ゲーム開始時、封印を",
        "forbidden_release": "禁断解放",
        "larger_deck": "デッキの枚数を",
        "starts_unlinked": "リンクせずにバトルゾーンに置く",
        "opponent_draws_at_start": "ゲーム開始時、相手はもう",
        "zero_dragon_birth": "零龍卍誕",
        "king_cells": "種のキング・セル",
        "shield_trigger": "S・トリガー",
        "super_shield_trigger": "スーパー・S・トリガー",
        "shield_trigger_plus": "S・トリガー・プラス",
        "speed_attacker": "スピードアタッカー",
        "slayer": "スレイヤー",
        "power_attacker": "パワーアタッカー",
        "powered_blocker": "パワード・ブロッカー",
        "cannot_attack": "このクリーチャーは攻撃",
        "cannot_attack_players": "このクリーチャーはプレイヤーを攻撃",
        "evolution": "進化",
        "galaxy_shield": "ギャラクシールド",
        "g_strike": "G・ストライク",
        "invasion": "侵略",
        "abyss_rush": "アビスラッシュ",
        "ninja_strike": "ニンジャ・ストライク",
        "attack_chance": "アタック・チャンス",
        "neo": "NEO進化",
        "g_neo": "G-NEO進化",
        "psychic_release": "解除",
        "dragon_escape": "龍回避",
        "dragon_soul_escape": "龍魂回避",
        "revolution_change": "革命チェンジ",
        "bad": "B・A・D",
        "kizuna": "キズナ",
        "escape": "エスケープ",
        "s_max_evolution": "S-MAX進化",
        "shield_force": "シールド・フォース",
        "star_evolution": "スター進化",
        "forbidden_star_evolution": "禁断スター進化",
        "eternal_omega": "エターナル・Ω",
        "master_gods": "マスターG・O・D・S",
        "s_back": "S・バック",
        "sabaki_z": "サバキZ",
        "link_release": "リンク解除",
        "god_link": "G・リンク",
        "shinkarise": "シンカライズ",
        "kirifu_dash": "<キリフダッシュ>",
        "saver": "セイバー",
        "mana_evolution": "マナ進化",
        "mega_last_burst": "メガ・ラスト・バースト",
        "last_burst": "ラスト・バースト",
        "graveyard_evolution": "墓地進化",
        "shield_evolution": "シールド進化",
        "sasageru": "ササゲール",
        "hyper_energy": "ハイパーエナジー",
        "mugetsu_taizai": "無月の大罪",
        "extra_ex_life": "エクストラEXライフ",
        "ex_life": "EXライフ",
        "fushigi_birth": "フシギバース",
        "wave_striker": "ウェーブストライカー",
    },
)
