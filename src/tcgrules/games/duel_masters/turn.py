"""The turn (500–512) and the attack (505–510) as explicit frames.

```
Turn:   start (501: untap, start-of-turn triggers) → draw (502; the first player skips it on turn 1,
        500.6) → mana charge (503) → main step (504) → attack step (505) → end of turn (511)
Attack: declare (506: tap, "attacks" triggers) → block (507) → battle (508, 115)
        or break shields (509) or direct attack (509.1) → end of attack (510)
```
Each frame *settles* between its stages: waiting triggered effects resolve there (101.4).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...cards.schema import Action
from ...kernel import (
    MODIFIER,
    PROHIBITION,
    REPLACEMENT,
    TRIGGER,
    Decision,
    Event,
    Frame,
    Game,
    GameObject,
    Option,
    Source,
    is_prohibited,
)
from . import activated, fushigi_birth, hyper_energy, sasageru, summon_from
from . import characteristics as ch
from .abilities import condition_holds, player_rules, reads_at_turn_start
from .ability_ignore import is_ignored
from .actions import ActionFrame, Ctx, label_of
from .copies import end_copies
from .cross_gears import cross_options, main_step_frame
from .cross_gears import possible as cross_possible
from .discounts import discounted_options, discounted_play
from .discounts import possible as discounts_possible
from .durations import end_attack_durations, end_battle_durations
from .evolution_bases import base_orders
from .hyper import main_step_frame as hyper_frame
from .hyper import options as hyper_options
from .hyper import possible as hyper_possible
from .keywords import PLAY_FROM
from .king_cells import kings
from .king_cells import main_step_frame as king_frame
from .king_cells import options as king_options
from .language.history import wanted as history_wanted
from .language.scope import effect_scope
from .language.selectors import contains, has_keyword
from .objects import EVOLVED_TURN, face_is_neo, is_evolution, needs_no_base
from .play import (
    MAY_BE_USED,
    USE_FROM,
    ManaPool,
    PlayCard,
    can_pay,
    compiled,
    evolution_sources,
    g_zero_faces,
    galaxy_cost,
    mana_pool,
    playable_faces,
    use_from_options,
    uses_another_zone,
)
from .seals import is_ignored_creature
from .shield_breaks import break_frame
from .special_card_effects import MasterGodsCast, master_gods_options, master_gods_possible
from .swap import SPLITS, successor
from .zones import (
    BATTLE,
    COPIED,
    GRAVEYARD,
    HAND,
    HELD,
    MANA,
    PENDING,
    SHIELDS,
    ZONES,
    held_objects,
    is_held,
    other,
)

START, DRAW, CHARGE, MAIN, ATTACK, END, CLEANUP = range(7)
RULE_DRAW = Source("rule", rule="502.1")
RULE_CHARGE = Source("rule", rule="503.1")


@dataclass(slots=True)
class Turn(Frame):
    @property
    def settles(self) -> bool:
        return True

    stage: int = START
    charged: int = 0
    """503: the cards charged so far in this turn's mana charge step."""
    announced: str = ""
    """500.4: the step whose start was last announced (its 「はじめに」 abilities resolve first)."""
    silent_asked: bool = False
    """501.1a: the サイレントスキル question was asked (the turn has already begun)."""

    def describe(self) -> str:
        return f"Turn(stage {self.stage})"

    def step(self, game: Game) -> None:
        ap = game.active_player
        if self.stage == START:
            if not self.silent_asked:
                game.turn += 1
                game.info["step"] = "start"
                game.record("turn", f"turn {game.turn}: {game.pname(ap)}", "500.1", player=ap)
                for effect in game.effects.expire(f"start_of_turn:{ap}"):
                    game.record("rule", f"{effect.ability.label} ends", "501.2")
            kept = self.silent_skills(game, ap)
            if kept is None:
                return
            self.stage = DRAW
            # 501.1 / 702.3a: untap the turn player's cards in the battle zone and mana zone.
            untapping = []
            for key in ((ap, BATTLE), (ap, MANA)):
                for obj in game.objects_in(key):
                    if obj.tapped and ch.flag(game, obj, "does_not_untap"):  # 「…アンタップしない」
                        game.record("rule", f"{game.name(obj.top)} does not untap", "501.1")
                        continue
                    if is_ignored_creature(game, obj) or obj.oid in kept:
                        continue  # 116.2a: a sealed creature does not untap; 501.1a: nor one kept tapped
                    if obj.tapped:
                        untapping.append(obj)
            start = Event("turn_start", None, ap, Source("rule", rule="501.2"))
            early = reads_at_turn_start(game)
            if not early:
                game.push(game.process(start))
            for oid in kept:  # 501.1a: its サイレントスキル waits, resolving after the others have untapped
                game.push(game.process(Event("silent_skill", oid, ap, Source("rule", rule="501.1a"))))
            watched = game.effects.has(TRIGGER, "untap") or game.effects.has(REPLACEMENT, "untap")
            if early:
                # 「自分のターンのはじめに、このクリーチャーがタップしていれば」 (``trigger_if``): the ability
                # triggers as the turn begins, its condition read before the untap, and resolves after it
                # (the wiki, on the card that prints it, DMRP-16); so the turn start's triggers are matched
                # first (the frame pushed last runs first) and the untaps are events, done before anything
                # resolves.
                if untapping:
                    source = Source("rule", rule="501.1")
                    game.push(game.process(*(Event("untap", o.oid, ap, source) for o in untapping)))
                game.push(game.process(start))
                return
            if untapping and watched:
                # 「…がアンタップした時」 sees the untap step's untaps too (the wiki: ハートバーン's 龍解):
                # while an ability watches untaps, they are events, one batch performed before 501.2's turn
                # start (the frame pushed last runs first); otherwise the cards are simply untapped.
                source = Source("rule", rule="501.1")
                game.push(game.process(*(Event("untap", o.oid, ap, source) for o in untapping)))
            else:
                for obj in untapping:
                    obj.tapped = False
            return
        if self.stage == DRAW:
            game.info["step"] = "draw"
            if self.announce(game, "draw_step_start", ap):
                return
            self.stage = CHARGE
            if game.turn == 1:
                game.record("rule", f"{game.pname(ap)} skips the draw on the first turn", "500.6")
            else:
                game.push(game.process(Event("draw", None, ap, RULE_DRAW)))
                return
        if self.stage == CHARGE:
            game.info["step"] = "charge"
            if self.announce(game, "charge_step_start", ap):
                return
            if not self.charge(game, ap):
                return
            if game.stack[-1] is not self:
                return
        if self.stage == MAIN:
            self.stage = ATTACK
            game.info["step"] = "main"
            game.push(MainStep())
            self.step_start(game, "main_step_start", ap)
            return
        if self.stage == ATTACK:
            self.stage = END
            game.info["step"] = "attack"
            game.push(AttackStep())
            self.step_start(game, "attack_step_start", ap)
            return
        if self.stage == END:
            self.stage = CLEANUP
            game.info["step"] = "end"
            game.push(game.process(Event("turn_end", None, ap, Source("rule", rule="511.1"))))
            return
        # 511.2: "until end of turn" effects end; 512: the turn passes.
        for effect in game.effects.expire("end_of_turn"):
            game.record("rule", f"{effect.ability.label} ends", "511.2")
        for label in end_attack_durations(game):  # an attack the turn's skipped rest cut short (500.3)
            game.record("rule", f"{label} ends", "500.3")
        for label in end_battle_durations(game):  # a battle the turn's skipped rest cut short
            game.record("rule", f"{label} ends", "115.3")
        in_battle = game.objects_in((ap, BATTLE)) + game.objects_in((other(ap), BATTLE))
        copied = False
        for obj in in_battle:
            state = obj.state
            if state:
                state.pop("attacking", None)
                state.pop("blocked", None)
                state.pop("target", None)
                if COPIED in state:
                    copied = True
        if copied:
            end_copies(game, in_battle)  # 「そのターンの終わりまで…になる」 ends (copies.py)
        self.pending_to_graveyard(game)
        game.finish()

    def announce(self, game: Game, kind: str, ap: int) -> bool:
        """500.4 for a step the turn frame itself runs: its start is announced once, and the step goes on
        when the turn frame is back on top, its waiting effects resolved. True when announcing."""
        if self.announced == kind or not game.effects.has(TRIGGER, kind):
            return False
        self.announced = kind
        self.step_start(game, kind, ap)
        return True

    def step_start(self, game: Game, kind: str, ap: int) -> None:
        """500.4: 「…ステップのはじめに」 abilities trigger as the step starts and resolve before anything is
        done in it (the step's frame settles first); recorded only if such an ability exists."""
        if game.effects.has(TRIGGER, kind):
            game.push(game.process(Event(kind, None, ap, Source("rule", rule="500.4"))))

    def silent_skills(self, game: Game, ap: int) -> tuple[int, ...] | None:
        """501.1a: the tapped creatures with a サイレントスキル the turn player keeps tapped instead of
        untapping them (their choice, asked once); None while asking."""
        if not game.effects.has(TRIGGER, "silent_skill"):
            return ()
        candidates = [
            o
            for o in game.objects_in((ap, BATTLE))
            if o.tapped
            and not is_ignored_creature(game, o)
            and not ch.flag(game, o, "does_not_untap")
            and any(
                "silent_skill" in getattr(e.ability, "kinds", ()) and e.controller == ap
                for e in game.effects.hosted(o.oid)
            )
        ]
        if not candidates:
            return ()
        answer = game.take_answer()
        if answer is None:
            self.silent_asked = True
            options = tuple(Option(label_of(o), f"keep {game.name(o.top)} tapped") for o in candidates)
            prompt = "keep creatures tapped to use their サイレントスキル?"
            game.ask(Decision(ap, "silent_skill", prompt, options, min=0, max=len(options), rule="501.1a"))
            return None
        return tuple(game.card_object[int(label.removeprefix("c"))] for label in answer)

    def pending_to_graveyard(self, game: Game) -> None:
        """512.1: as the turn passes, every card still in 保留状態 is put into its owner's graveyard, and no
        ability triggers (a rule moving it, not an event)."""
        if not held_objects(game):  # the cards made pending, not every object: this runs every turn
            zones = game.zones
            for p in range(game.players):
                if zones.get((p, PENDING)):
                    break
            else:
                return  # the common case: nothing pending anywhere (without listing every zone)
        for player in (game.active_player, other(game.active_player)):
            left = game.objects_in((player, PENDING)) + [
                o for z in ZONES for o in game.objects_in((player, z)) if is_held(o)
            ]
            for obj in left:
                obj.state.pop(HELD, None)
                for cid in obj.cards:
                    game.record("rule", f"{game.name(cid)} is still pending: to the graveyard", "512.1")
                game.move_object(obj.oid, (game.cards[obj.top].owner, GRAVEYARD))

    def charge(self, game: Game, ap: int) -> bool:
        """503.1: the turn player may put one card from the hand into the mana zone — 503.2: as many more as
        continuous effects add (``extra_charges``), asked again after each. False when asking."""
        extra = _abilities.player_rules(game, ap, "extra_charges")
        allowed = 1 + sum(int(n) for _, n in extra) if extra else 1
        hand = game.objects_in((ap, HAND))
        # 700.3: a charge a prohibition forbids (手札からマナゾーンにカードを置けない) is not offered
        if game.effects.has(PROHIBITION, "charge"):  # only prohibitions indexed under it can forbid one
            hand = [o for o in hand if is_prohibited(game, Event("charge", o.oid, ap, RULE_CHARGE)) is None]
        if not hand or self.charged >= allowed:
            self.stage = MAIN
            return True
        answer = game.take_answer()
        if answer is None:
            options = [Option(f"charge:{label_of(o)}", game.name(o.top)) for o in hand]
            no_more = "charge no more mana this turn" if self.charged else "charge no mana this turn"
            options.append(Option("skip", no_more))
            game.ask(
                Decision(
                    ap,
                    "charge",
                    "put a card from your hand into your mana zone?",
                    tuple(options),
                    rule="503.1",
                )
            )
            return False
        if answer[0] == "skip":
            self.stage = MAIN
            return True
        self.charged += 1
        if self.charged >= allowed:
            self.stage = MAIN
        cid = int(answer[0].removeprefix("charge:c"))
        game.push(game.process(Event("charge", game.card_object[cid], ap, RULE_CHARGE)))
        return True


@dataclass(frozen=True, slots=True)
class MainStepCards:
    """What a game's cards allow the main step's options to skip (worked out once per list of cards,
    ``characteristics.CardIndex``): each option-giving mechanism below is looked at only when a card of
    the game can give it; those an effect can give (a keyword from another zone, a permission to summon
    from one) are looked at when such an effect exists."""

    play_from: bool
    """A keyword letting a card be summoned from another zone (PLAY_FROM) printed, or a 超魂X card."""
    g_zero: frozenset[int]
    """Cards with Ｇ・ゼロ (112.3e)."""
    galaxy: frozenset[int]
    """Cards with ギャラクシールド."""
    fushigi_birth: bool
    bad: bool
    sasageru: bool
    """A card with ササゲール (sasageru.py)."""
    hyper_energy: bool
    """A card with ハイパーエナジー (hyper_energy.py)."""
    cross: bool
    hyper: bool
    master_gods: bool
    activated: bool
    kings: bool
    use_from: bool
    """A card usable from another zone by its own ability (``use_from``)."""
    neo: frozenset[int] = frozenset()
    """Cards with NEO進化 or G-NEO進化 (802.1: summoned alone, or onto a creature the keyword names)."""


def main_step_cards(game: Game) -> MainStepCards:
    tests = ch.card_index(game).tests
    found: MainStepCards | None = tests.get(MainStepCards)
    if found is None:
        compiled = game.rules.compiled  # type: ignore[attr-defined]  # DuelMasters rules
        found = tests[MainStepCards] = MainStepCards(
            any(_selectors.keyword_in_cards(game, k) for k in PLAY_FROM),
            ch.cards_such_that(game, "g_zero", lambda d: bool(compiled(d.name).g_zero)),
            ch.cards_such_that(game, "galaxy", lambda d: compiled(d.name).galaxy is not None),
            fushigi_birth.possible(game),
            discounts_possible(game),
            sasageru.possible(game),
            hyper_energy.possible(game),
            cross_possible(game),
            hyper_possible(game),
            master_gods_possible(game),
            activated.possible(game),
            bool(kings(game)),
            bool(ch.cards_such_that(game, USE_FROM, uses_another_zone)),
            ch.cards_such_that(game, "neo", lambda d: compiled(d.name).neo is not None),
        )
    return found


def main_options(game: Game, player: int) -> list[Option]:
    pool = mana_pool(game, player)  # read once: every cost below is checked against it
    cards = main_step_cards(game)
    # _selectors.keyword_possible for the play-from keywords, its card part read from the record
    options = (
        from_other_zones(game, player, pool)
        if cards.play_from or game.effects.has(MODIFIER, "keywords")  # or a keyword given by an effect
        else []
    )
    if game.effects.has(MODIFIER, "player:summon_from"):  # a permission to summon from another zone
        known = {o.label for o in options}
        options += [o for o in summon_from.options(game, player, pool) if o.label not in known]
    if cards.fushigi_birth:
        options += fushigi_birth.options(game, player, pool)  # フシギバース (fushigi_birth.py)
    if cards.use_from or game.effects.has(MODIFIER, MAY_BE_USED):  # use_from, or an effect's may_be_used
        known = {o.label for o in options}
        options += [o for o in use_from_options(game, player, pool) if o.label not in known]
    for obj in game.objects_in((player, HAND)):
        top = obj.cards[0]  # the top card (200.3a), read once
        d = ch.definition(game, top)
        for i in playable_faces(game, obj, pool=pool):
            f = d.faces[i]
            if f.is_evolution and needs_no_base(f):  # 815.1, 813.1b: S-MAX and 禁断スター進化 need no base
                label = f"summon:c{top}" + (f":{i}" if i else "")
                options.append(Option(label, f"summon {f.name} without an evolution source ({f.cost})"))
            if f.is_evolution:
                options += [
                    Option(
                        f"evolve:c{top}:" + "+".join(label_of(b) for b in bases),
                        f"evolve {f.name} onto " + " and ".join(game.name(b.top) for b in bases),
                    )
                    for bases in base_orders(game, evolution_sources(game, player, top))  # 801.1b
                ]
            elif f.type == "cross_gear":  # 303: ジェネレート (cross_gears.py)
                options.append(Option(f"generate:c{top}", f"generate {f.name} ({f.cost})"))
            elif f.is_field:  # 308.1 / 701.27a: 展開 (fields.py); 819.1a: a WD field from either side
                label = f"deploy:c{top}" + (f":{i}" if i else "")
                options.append(Option(label, f"deploy {f.name} ({f.cost})"))
            elif f.type in ("aura", "artifact") or (f.is_tamaseed and not f.is_creature):
                # 310.1 / 312.1 / 315.1: an aura, an Artifact, a tamaseed is used (実行)
                options.append(Option(f"use:c{top}" + (f":{i}" if i else ""), f"use {f.name} ({f.cost})"))
            elif f.is_creature:
                options.append(
                    Option(f"summon:c{top}" + (f":{i}" if i else ""), f"summon {f.name} ({f.cost})")
                )
                if top in cards.neo and face_is_neo(f):  # 802.1: alone, or onto a creature it names
                    options += [
                        Option(
                            f"evolve:c{top}:{label_of(b)}", f"summon {f.name} NEO進化 onto {game.name(b.top)}"
                        )
                        for (b,) in evolution_sources(game, player, top)
                    ]
            else:
                options.append(Option(f"cast:c{top}" + (f":{i}" if i else ""), f"cast {f.name} ({f.cost})"))
        if top in cards.g_zero:
            for i in g_zero_faces(game, obj):  # 112.3e: Ｇ・ゼロ, without paying its cost
                text = f"use {d.faces[i].name} for free (Ｇ・ゼロ)"
                options.append(Option(f"g_zero:c{top}" + (f":{i}" if i else ""), text))
        if top in cards.galaxy:
            galaxy = galaxy_cost(game, top)
            if galaxy is not None and can_pay(game, player, galaxy, pool, obj):
                text = f"put {d.main.name} face up into the shield zone (ギャラクシールド)"
                options.append(Option(f"galaxy_shield:c{top}", text))
    if cards.bad:
        options += discounted_options(game, player)  # B・A・D (discounts.py)
    if cards.sasageru:
        options += sasageru.options(game, player, pool)  # ササゲール (sasageru.py)
    if cards.hyper_energy:
        options += hyper_energy.options(game, player, pool)  # ハイパーエナジー (hyper_energy.py)
    if cards.cross:
        options += cross_options(game, player)  # 303: クロス (cross_gears.py)
    if cards.hyper:
        options += hyper_options(game, player)  # 816.2: ハイパー化 (hyper.py)
    if cards.master_gods:
        options += master_gods_options(game, player)  # マスターG・O・D・S (special_card_effects.py)
    if cards.activated:
        options += activated.options(game, player, main_step=True)  # 602: 起動型能力 (activated.py)
    if cards.kings:
        options += king_options(game, player)  # 814.1: キング・セル combined (king_cells.py)
    options.append(Option("end_main", "end the main step"))
    return options


def from_other_zones(game: Game, player: int, pool: ManaPool | None = None) -> list[Option]:
    """Creatures a keyword, printed or granted, lets the player summon from another zone (アビスラッシュ)."""
    options = []
    for keyword, (zone, _) in PLAY_FROM.items():
        if not _selectors.keyword_possible(game, keyword):
            continue
        for obj in game.objects_in((player, zone)):
            if _selectors.has_keyword(game, obj, keyword) and playable_faces(game, obj, pool=pool):
                text = f"summon {game.name(obj.top)} from the {zone} ({keyword}, cost {ch.cost(game, obj)})"
                options.append(Option(f"summon:c{obj.top}", text))
    return options


@dataclass(slots=True)
class MainStep(Frame):
    """504: the turn player uses cards, one at a time, until they end the step."""

    @property
    def settles(self) -> bool:
        return True

    def step(self, game: Game) -> None:
        ap = game.active_player
        answer = game.take_answer()
        if answer is None:
            game.ask(
                Decision(
                    ap, "main", "use a card or end the main step", tuple(main_options(game, ap)), rule="504.1"
                )
            )
            return
        label = answer[0]
        if label == "end_main":
            game.finish()
            return
        verb, _, rest = label.partition(":")
        parts = rest.split(":")
        cid = int(parts[0][1:])
        d = ch.definition(game, cid)
        if verb == "galaxy_shield":
            game.push(PlayCard(cid, 0, controller=ap, galaxy=True))
            return
        if verb == "hyper":  # ハイパー化 (816.2, hyper.py)
            game.push(hyper_frame(label, ap))
            return
        if verb == "cross":  # 303 (cross_gears.py)
            game.push(main_step_frame(label, ap))
            return
        if verb == "fushigi_birth":  # フシギバース: from the graveyard (fushigi_birth.py)
            game.push(fushigi_birth.main_step_frame(label, ap))
            return
        if verb in ("bad", "taizai", "less"):  # B・A・D, 無月の大罪, use_for_less (discounts.py)
            game.push(discounted_play(game, cid, ap, verb))
            return
        if verb == "sasageru":  # ササゲール: a ディスペクター summoned for less (sasageru.py)
            game.push(sasageru.main_step_frame(label, ap))
            return
        if verb == "hyper_energy":  # ハイパーエナジー: tapping creatures of different costs (hyper_energy.py)
            game.push(hyper_energy.main_step_frame(label, ap))
            return
        if verb == "g_zero":  # 112.3e: summoned or cast without paying (112.3g: still a summon / a cast)
            game.push(PlayCard(cid, int(parts[1]) if len(parts) > 1 else 0, free=True, controller=ap))
            return
        if verb == "activate":  # 602.2 (activated.py)
            game.push(activated.frame(label))
            return
        if verb == "king":  # 814.1c: a king summoned from its cells (king_cells.py)
            game.push(king_frame(label, ap))
            return
        if verb == "master_gods":
            game.push(MasterGodsCast(cid, ap))
            return
        zone = game.object_of(cid).zone[1]
        riders: tuple[Action, ...] = ()
        gratis = False  # a permission's free_if (それが…ならコストを支払わずに召喚する)
        if zone != HAND:  # アビスラッシュ's riders, or a permission to summon from that zone (summon_from.py)
            obj = game.object_of(cid)
            keyed = [r for k, (z, r) in PLAY_FROM.items() if z == zone and has_keyword(game, obj, k)]
            permission = None if keyed and verb == "summon" else summon_from.allowing(game, ap, obj)
            if permission is not None:
                gratis = summon_from.free(game, permission, obj)
                summon_from.spend(game, permission)
            elif keyed:
                riders = keyed[0]
        if verb == "evolve":
            face_index = next(i for i, f in enumerate(d.faces) if f.is_evolution or face_is_neo(f))
            onto, *also = (game.card_object[int(b[1:])] for b in parts[1].split("+"))  # 801.1b: 進化V
            game.push(
                PlayCard(
                    cid,
                    face_index,
                    free=gratis,
                    controller=ap,
                    onto=onto,
                    also_onto=tuple(also),
                    from_zone=zone,
                )
            )
        else:
            face_index = int(parts[1]) if len(parts) > 1 else 0
            game.push(PlayCard(cid, face_index, free=gratis, controller=ap, from_zone=zone, riders=riders))


def can_attack(
    game: Game, obj: GameObject, *, player: bool = False, creature: bool = False, own_ignored: bool = False
) -> bool:
    """506.1a: untapped, and in the battle zone since the start of the turn (summoning sickness, 301.5)
    unless an effect lets it attack at once (``player``: when attacking a player, アビスラッシュ's
    "このターン、プレイヤーを攻撃でき" counts too; ``creature``: when attacking a creature, マッハファイター's
    "出たターンの間、…クリーチャーを攻撃できる"); 801.3: evolution creatures have no summoning sickness.
    ``own_ignored``: its own 「攻撃できない」 abilities are ignored (an attack on a player under
    ``ignores_own_cannot_attack_players``); other cards' effects still stop it."""
    if obj.tapped or not ch.is_creature(game, obj):
        return False
    if (
        ch.flag_from_others(game, obj, "cannot_attack")
        if own_ignored
        else ch.flag(game, obj, "cannot_attack")
    ):
        return False
    if is_ignored_creature(game, obj):
        return False  # 116.2a
    if obj.entered_turn < game.turn and obj.state.get(EVOLVED_TURN) != game.turn:
        return True  # 802.3: a NEO evolution put this turn whose cards under it were removed is sick again
    if player and ch.flag(game, obj, "attack_players_at_once"):
        return True
    if creature and ch.flag(game, obj, "attack_creatures_at_once"):
        return True
    # 801.3: evolution creatures, 805.6: awakened psychic creatures have no summoning sickness
    if is_evolution(game, obj) or _psychic.not_summoning_sick(game, obj):
        return True
    return ch.flag(game, obj, "ignore_summoning_sickness")


def blocked_by_filter(game: Game, attacker: GameObject, blocker: GameObject) -> bool:
    """ "…にブロックされない": the attacker cannot be blocked by a creature its filters describe."""
    return described_by(game, attacker, "cannot_be_blocked_by", blocker)


def blocks_this(game: Game, blocker: GameObject, attacker: GameObject) -> bool:
    """ "…しかブロックできない" / Dragon blocker: a creature with ``blocks_only`` filters may block only an
    attacker one of them describes (507.1a)."""
    return not ch.modified(game, blocker, "blocks_only", ()) or described_by(
        game, blocker, "blocks_only", attacker
    )


def described_by(game: Game, obj: GameObject, prop: str, other_obj: GameObject) -> bool:
    """Does one of the filters ``obj`` has under ``prop`` (``cannot_be_blocked_by``,
    ``cannot_be_attacked_by``, ``can_attack_untapped``) describe ``other_obj``? The filters are read with
    ``obj``'s references."""
    filters = ch.modified(game, obj, prop, ())
    if not filters:
        return False
    scope = _scope.Scope(obj.controller, obj.top)
    return any(_selectors.fits(game, other_obj, f, scope) for f in filters)


def _forced_target(game: Game, attacker: GameObject, option: Option) -> bool:
    target = game.objects.get(game.card_object[int(option.label.split(":")[2][1:])])
    return target is not None and described_by(game, attacker, "must_attack_target", target)


def tap_ability_options(game: Game, player: int) -> list[Option]:
    """602.3a: a creature's tap ability may be used when it could attack — untapped, no summoning sickness,
    nothing stopping it from attacking — instead of attacking."""
    options = []
    tapping = _cards_with_tap_ability(game)
    for obj in game.objects_in((player, BATTLE)) if tapping else ():
        if obj.top not in tapping or not can_attack(game, obj):
            continue
        if ch.flag(game, obj, _ability_ignore.IGNORED, via_keywords=False):
            continue  # 能力を無視する: its tap ability is one of the abilities ignored
        if _abilities.tap_ability_forbidden(game, player, obj):
            continue  # the players can't use the tap abilities of such creatures (602.3a)
        options.append(
            Option(f"tap_ability:{label_of(obj)}", f"tap {game.name(obj.top)} to use its tap ability")
        )
    return options + lent_tap_options(game, player)


def _cards_with_tap_ability(game: Game) -> frozenset[int]:
    """The ids of the game's cards with a printed tap ability (602.3a), worked out once per list of cards."""
    index = ch.card_index(game)
    found: frozenset[int] | None = index.tests.get("tap_ability_cards")
    if found is None:
        found = index.tests["tap_ability_cards"] = frozenset(
            cid for cid, d in enumerate(index.definitions) if d is not None and compiled(game, cid).tap
        )
    return found


def lent_tap_options(game: Game, player: int) -> list[Option]:
    """``tap_for_this`` (「…は攻撃するかわりにタップして、このクリーチャーの能力を使ってもよい」): a
    creature the static describes may tap, as it could attack (602.3a), to use the giver's tap ability
    (the ability is the giver's: its ``this`` is the giver). Labels name both creature and giver:
    ``tap_ability:c<creature>:c<giver>``."""
    lenders = game.effects.find(MODIFIER, "tap_for_this")
    if not lenders:
        return []  # the common case, without the imports below
    from .rules import compiled

    options = []
    for effect in lenders:
        giver = game.objects.get(effect.host) if effect.host is not None else None
        spec = getattr(effect.ability, "spec", None)
        if giver is None or spec is None or effect.controller != player or is_ignored(game, effect):
            continue
        if not compiled(game, giver.top).tap or not condition_holds(game, effect, spec.condition):
            continue
        if _abilities.tap_ability_forbidden(game, player, giver):
            continue  # the ability used is the giver's: forbidden as the giver's (602.3a)
        for obj in game.objects_in((player, BATTLE)):
            if obj.oid == giver.oid or not can_attack(game, obj):
                continue
            if spec.to is not None and not contains(game, effect_scope(game, effect), spec.to, obj):
                continue
            label = f"tap_ability:{label_of(obj)}:{label_of(giver)}"
            text = f"tap {game.name(obj.top)} to use {game.name(giver.top)}'s tap ability"
            options.append(Option(label, text))
    return options


@dataclass(slots=True)
class UseTapAbility(Frame):
    """602.2: tapping the creature (the activation) and the ability's effect are separate events."""

    cid: int
    of: int | None = None
    """The card whose tap ability is used, when it is not the tapped creature's own (``tap_for_this``)."""
    stage: int = 0

    def step(self, game: Game) -> None:
        oid = game.card_object.get(self.cid)
        if self.stage == 0:
            self.stage = 1
            if oid is None:
                game.finish()
                return
            controller = game.objects[oid].controller
            source = Source("ability", self.cid, controller, rule="602.1")
            game.push(game.process(Event("tap", oid, controller, source)))
            return
        if self.stage == 1:
            self.stage = 2
            from .rules import compiled

            controller = game.objects[oid].controller if oid is not None else game.active_player
            card = self.cid if self.of is None else self.of
            source = Source("ability", card, controller)
            game.push(ActionFrame(compiled(game, card).tap, Ctx(controller, source, card)))
            return
        game.finish()


def attack_options(game: Game, player: int) -> list[Option]:
    """506.1: each creature that can attack, at the player or at a tapped creature of theirs (an untapped
    one too if it can attack untapped creatures; never one that cannot be attacked). A creature that
    must attack (攻撃できる時はする) leaves no choice to end the step while it can."""
    options = []
    must: list[Option] = []
    foes = [
        o
        for o in game.objects_in((other(player), BATTLE))
        if ch.is_creature(game, o)
        and not ch.flag(game, o, "cannot_be_attacked")
        and not is_ignored_creature(game, o)  # 116.2a
    ]
    open_foes = [o for o in foes if o.tapped or ch.flag(game, o, "can_be_attacked_untapped")]
    # 「相手プレイヤーを攻撃することができない効果をすべて無視する」(a rule for the player, 608.1): an
    # attack on the opponent ignores summoning sickness and every effect that says it cannot attack it.
    free_at_players = bool(_abilities.player_rules(game, player, "ignore_cannot_attack_players"))
    # the filter-valued statics, read only while some effect gives them (the index, read at once)
    index = game.effects.index
    untapped_by_filter = (MODIFIER, "can_attack_untapped") in index
    not_attacked_by = (MODIFIER, "cannot_be_attacked_by") in index
    only = (MODIFIER, "attacks_only") in index
    forced_targets = (MODIFIER, "must_attack_target") in index
    own_rules = (MODIFIER, "ignores_own_cannot_attack_players") in index
    for obj in game.objects_in((player, BATTLE)):
        if obj.tapped:
            continue  # 506.1a: a tapped creature attacks nothing, whatever else applies
        able = can_attack(game, obj)
        # 「そのクリーチャーが持つ相手プレイヤーを攻撃できない能力を無視する」: its own
        # 「相手プレイヤーを攻撃できない」 and 「攻撃できない」 abilities do not stop an attack on the player
        # (summoning sickness and other cards' effects still do; its attacks on creatures are not freed:
        # 公式Q&A 2022-09-16, qa/42045)
        own_free = own_rules and ch.flag(game, obj, "ignores_own_cannot_attack_players")
        at_players = able or can_attack(game, obj, player=True, own_ignored=own_free)
        # the same for one creature (その攻撃を妨げる効果を無視する: attacks_players_freely)
        freed = free_at_players or ch.flag(game, obj, "attacks_players_freely")
        if freed and not obj.tapped and ch.is_creature(game, obj):
            at_players = True
        at_creatures = bool(foes) and (able or can_attack(game, obj, creature=True))
        if at_creatures and ch.flag(game, obj, "cannot_attack_creatures"):
            at_creatures = False
        if not at_players and not at_creatures:
            continue
        name = game.name(obj.top)
        own: list[Option] = []
        barred = (
            ch.flag_from_others(game, obj, "cannot_attack_players")
            if own_free
            else ch.flag(game, obj, "cannot_attack_players")
        )
        if at_players and (freed or not barred):
            own.append(
                Option(f"attack:{label_of(obj)}:player", f"{name} attacks {game.pname(other(player))}")
            )
        if at_creatures:
            targets = foes if ch.flag(game, obj, "attack_untapped") else open_foes
            if targets is open_foes and untapped_by_filter:
                # 「タップされていない闇のクリーチャーを攻撃できる」: untapped ones it describes
                targets = [
                    f for f in foes if f in open_foes or described_by(game, obj, "can_attack_untapped", f)
                ]
            if not_attacked_by:  # 「…に攻撃されない」: a creature whose filters describe this attacker
                targets = [f for f in targets if not described_by(game, f, "cannot_be_attacked_by", obj)]
            if only and ch.modified(game, obj, "attacks_only", ()):  # 「…しか攻撃できない」: only those
                targets = [f for f in targets if described_by(game, obj, "attacks_only", f)]
            own += [
                Option(f"attack:{label_of(obj)}:{label_of(foe)}", f"{name} attacks {game.name(foe.top)}")
                for foe in targets
            ]
        if forced_targets and ch.modified(game, obj, "must_attack_target", ()):
            # 「可能なら…を攻撃する」(506.1b): if it attacks, it attacks one of those creatures when it can
            forced = [o for o in own if o.label.split(":")[2] != "player" and _forced_target(game, obj, o)]
            if forced:
                own = forced
        options += own
        if own and ch.flag(game, obj, "must_attack"):
            must += own
    options += tap_ability_options(game, player)
    if must:
        # 506.1b: the step cannot end while a creature that must attack can; the order in which the
        # creatures attack is free, so the others may attack first.
        return options
    options.append(Option("end_attacks", "end the attack step"))
    return options


@dataclass(slots=True)
class AttackStep(Frame):
    """505: the turn player attacks with one creature at a time until they end the step."""

    attacked: bool = False
    """Whether an attack was declared in this step (「攻撃の前に」 abilities are offered until then)."""

    @property
    def settles(self) -> bool:
        return True

    def step(self, game: Game) -> None:
        ap = game.active_player
        answer = game.take_answer()
        if answer is None:
            options = attack_options(game, ap)
            if not self.attacked:  # 攻撃の前に: 起動型能力 until the turn's first attack (activated.py)
                options[-1:-1] = activated.options(game, ap, main_step=False)
            game.ask(
                Decision(
                    ap,
                    "attack",
                    "attack with a creature, or end the attack step",
                    tuple(options),
                    rule="506.1",
                )
            )
            return
        if answer[0] == "end_attacks":
            game.finish()
            return
        if answer[0].startswith("activate:"):
            game.push(activated.frame(answer[0]))
            return
        if answer[0].startswith("tap_ability:"):
            parts = answer[0].split(":")
            of = int(parts[2][1:]) if len(parts) > 2 else None
            game.push(UseTapAbility(int(parts[1][1:]), of))
            return
        _, attacker, target = answer[0].split(":")
        self.attacked = True
        attacker_oid = game.card_object[int(attacker[1:])]
        target_oid = None if target == "player" else game.card_object[int(target[1:])]
        game.push(Attack(attacker_oid, target_oid))


DECLARE, BLOCK, BATTLE_OR_BREAK, END_ATTACK, OVER = range(5)
NO_BATTLE = "no_battle"
"""``GameObject.state`` key: the attacker's battle will not happen (the ``no_battle`` step)."""
REMOVED_FROM_ATTACK = "removed_from_attack"
"""``GameObject.state`` key: an effect removed the attacker from its attack (``end_attack`` step, 505.6a)."""


@dataclass(slots=True)
class Attack(Frame):
    """One attack, from declaration to its end."""

    @property
    def settles(self) -> bool:
        return True

    attacker: int
    target: int | None
    stage: int = DECLARE

    def describe(self) -> str:
        return f"Attack(#{self.attacker} → {self.target or 'player'}, stage {self.stage})"

    def step(self, game: Game) -> None:
        ap = game.active_player
        if self.stage == DECLARE:
            self.stage = BLOCK
            attacker = game.objects[self.attacker]
            source = Source("attack", attacker.top, ap, rule="506.1")
            game.push(game.process(Event("attack", self.attacker, ap, source, {"target": self.target})))
            return
        self.attacker = successor(game, self.attacker)  # 701.26a: a swapped-in creature goes on attacking
        if game.info.get(SPLITS) and not self.split(game):
            return
        attacker_obj = game.objects.get(self.attacker)
        if attacker_obj is None or attacker_obj.zone[1] != BATTLE:
            # 505.6: a creature that leaves the battle zone is removed from the attack; 510.2: the attack
            # over, "blocking" ends too.
            game.record("rule", "the attacker left the battle zone; the attack ends", "505.6")
            self.end_marks(game)
            game.finish()
            return
        if attacker_obj.state.pop(REMOVED_FROM_ATTACK, None) and self.stage in (BLOCK, BATTLE_OR_BREAK):
            self.stage = END_ATTACK  # 505.6a: removed from the attack by an effect, the attack ends at once
        if self.stage == BLOCK:
            if not self.block(game, attacker_obj):
                return
            if game.stack[-1] is not self:
                return
        if self.stage == BATTLE_OR_BREAK:
            self.stage = END_ATTACK
            self.battle_or_break(game, attacker_obj)
            return
        if self.stage == END_ATTACK:
            # 510: the attack ends; "攻撃の終わりに" abilities see this marker event — made only while
            # something can see it (an ability watching it, or a card reading the game's record).
            self.stage = OVER
            if game.effects.has(TRIGGER, "attack_end") or history_wanted(game):
                source = Source("rule", attacker_obj.top, ap, rule="510.1")
                game.push(game.process(Event("attack_end", self.attacker, ap, source)))
                return
            game.record("rule", f"the attack of {game.name(attacker_obj.top)} ends", "510.1")
        attacker_obj.state.pop("attacking", None)
        attacker_obj.state.pop(NO_BATTLE, None)
        self.end_marks(game)
        game.finish()

    def split(self, game: Game) -> bool:
        """804.4a / 806.2a: the attacker came apart into several creatures (each still marked attacking):
        the attacking player chooses the one that goes on attacking; the others no longer attack. False
        while asking."""
        entry = next((s for s in game.info[SPLITS] if s[0] == self.attacker), None)
        if entry is None:
            return True
        old, parts, rule = entry
        alive = [game.objects[p] for p in parts if p in game.objects and game.objects[p].zone[1] == BATTLE]
        chosen = alive[0] if len(alive) == 1 else None
        if len(alive) > 1:
            answer = game.take_answer()
            if answer is None:
                options = tuple(Option(label_of(o), game.name(o.top)) for o in alive)
                prompt = "the attacking creature came apart: choose the one that goes on attacking"
                game.ask(Decision(game.active_player, "choose_cards", prompt, options, rule=rule))
                return False
            chosen = next(o for o in alive if label_of(o) == answer[0])
        game.info[SPLITS] = tuple(s for s in game.info[SPLITS] if s[0] != old)
        for o in alive:
            if o is not chosen:
                for mark in ("attacking", "target"):
                    o.state.pop(mark, None)
        if chosen is not None:
            self.attacker = chosen.oid
            game.record("rule", f"{game.name(chosen.top)} goes on attacking", rule)
        return True

    def end_marks(self, game: Game) -> None:
        """510.2: "ブロック中" ends with the attack, and so do the effects made to last while it goes on
        (500.3: 「この攻撃中」 ends at each attack's end, not the attack step's)."""
        for label in end_attack_durations(game):
            game.record("rule", f"{label} ends with the attack", "500.3")
        for side in (game.active_player, other(game.active_player)):
            for obj in game.objects_in((side, BATTLE)):
                obj.state.pop("blocking", None)

    def block(self, game: Game, attacker: GameObject) -> bool:
        """507.1a: the non-turn player may block with an untapped creature that can block and is not
        itself the one attacked."""
        self.stage = BATTLE_OR_BREAK
        defender = other(game.active_player)
        blockers = []
        if not ch.flag(game, attacker, "cannot_be_blocked"):
            blockers = [
                o
                for o in game.objects_in((defender, BATTLE))
                if not o.tapped
                and o.oid != self.target
                and ch.flag(game, o, "can_block")
                and not ch.flag(game, o, "cannot_block")
                and not is_ignored_creature(game, o)
                and not blocked_by_filter(game, attacker, o)
                and blocks_this(game, o, attacker)
            ]
        guards = self.guards(game, defender)
        benders = self.benders(game, defender)
        if not blockers and not guards and not benders:
            self.not_blocked(game)
            return True
        # 507.1b: a creature an effect forces to block this attacker (可能なら…をブロックする) must be chosen
        forced = [o for o in blockers if described_by(game, o, "must_block", attacker)]
        answer = game.take_answer()
        if answer is None:
            self.stage = BLOCK
            options = [
                Option(f"block:{label_of(o)}", f"block with {game.name(o.top)}") for o in forced or blockers
            ]
            if not forced:  # 507.1b: a creature that blocks if able leaves no other answer
                options += [Option(f"guard:{label_of(o)}", f"ガードマン: {game.name(o.top)}") for o in guards]
                options += [
                    Option(
                        f"redirect:{label_of(u)}:{label_of(t)}",
                        f"untap {game.name(u.top)}: the attack goes to {game.name(t.top)}",
                    )
                    for u, t in benders
                ]
                options.append(Option("no_block", "do not block"))
            prompt, rule = f"block {game.name(attacker.top)}?", "507.1a"
            if len(forced) > 1:
                # 507.1b: every creature forced to block is chosen, all at once; 507.2: their abilities
                # resolve one at a time in the order the non-turn player chooses, and the last one is the
                # blocking creature — so what is asked is which resolves last.
                prompt = f"all of them block {game.name(attacker.top)}: which one's ブロッカー resolves last?"
                rule = "507.2"
            game.ask(Decision(defender, "block", prompt, tuple(options), rule=rule))
            return False
        if answer[0].startswith("guard:"):
            # 507.2b: the attack is redirected to the ガードマン, which is tapped and is no blocking creature
            guard = game.card_object[int(answer[0].removeprefix("guard:c"))]
            self.target = guard
            self.not_blocked(game)
            source = Source("rule", game.objects[guard].top, defender, rule="507.2b")
            game.push(game.process(Event("tap", guard, defender, source)))
            game.record("rule", f"the attack is redirected to {game.name(game.objects[guard].top)}", "507.2b")
        elif answer[0].startswith("redirect:"):
            # 507.2b: 攻撃曲げ — the creature untaps and the attack goes to the creature it names; no blocking
            # creature is designated (not a block: 「ブロックされない」 does not stop it)
            user_label, target_label = answer[0].removeprefix("redirect:").split(":")
            user = game.card_object[int(user_label.removeprefix("c"))]
            target = game.card_object[int(target_label.removeprefix("c"))]
            self.target = target
            self.not_blocked(game)
            source = Source("rule", game.objects[user].top, defender, rule="507.2b")
            game.push(game.process(Event("untap", user, defender, source)))
            name = game.name(game.objects[target].top)
            game.record("rule", f"the attack is redirected to {name}", "507.2b")
        elif answer[0] != "no_block":
            blocker = game.card_object[int(answer[0].removeprefix("block:c"))]
            attacked, self.target = self.target, blocker
            source = Source("rule", player=defender, rule="507.1")
            data = {
                "blocker": blocker,
                "target": attacked,
            }  # what it attacked, for 「…を攻撃中にブロックされた時」
            game.push(game.process(Event("block", self.attacker, defender, source, data)))
            # 507.2: the other forced creatures' ブロッカー abilities resolved first, one at a time, each
            # tapping its creature and redirecting the attack to it, until the last one's (pushed last:
            # performed first)
            for used in [o for o in forced if o.oid != blocker]:
                tap_source = Source("rule", used.top, defender, rule="507.2")
                game.push(game.process(Event("tap", used.oid, defender, tap_source)))
                game.record("rule", f"{game.name(used.top)} uses its ブロッカー, then another does", "507.2")
        else:
            self.not_blocked(game)
        return True

    def guards(self, game: Game, defender: int) -> list[GameObject]:
        """507.1a: ガードマン (``can_guard``) — when a creature of the defender is attacked, another untapped
        creature of theirs with it may tap to take the attack; never when a player is attacked."""
        if self.target is None:
            return []
        return [
            o
            for o in game.objects_in((defender, BATTLE))
            if not o.tapped
            and o.oid != self.target
            and ch.flag(game, o, "can_guard")
            and not is_ignored_creature(game, o)
        ]

    def benders(self, game: Game, defender: int) -> list[tuple[GameObject, GameObject]]:
        """507.1a: 攻撃曲げ (``redirects_attack: FILTER``) — a tapped creature of the defender with it may
        untap to change the attack's target, a player or a creature, to a creature of the defender's its
        filter describes (read before the untap, with the bending creature's references: 「自分のタップして
        いるクリーチャー」 of another creature is ``{tapped: true, other: true}``), not the one attacked now.
        Looked at only while some static gives the property."""
        if (MODIFIER, "redirects_attack") not in game.effects.index:
            return []
        own = [o for o in game.objects_in((defender, BATTLE)) if not is_ignored_creature(game, o)]
        return [
            (u, t)
            for u in own
            if u.tapped and ch.modified(game, u, "redirects_attack", ())
            for t in own
            if t.oid != self.target and described_by(game, u, "redirects_attack", t)
        ]

    def not_blocked(self, game: Game) -> None:
        """507.3c: 「攻撃してブロックされなかった時」 triggers: no blocking creature was designated."""
        if game.effects.has(TRIGGER, "not_blocked"):
            source = Source("rule", player=other(game.active_player), rule="507.3c")
            data = {"target": self.target}
            game.push(game.process(Event("not_blocked", self.attacker, game.active_player, source, data)))

    def battle_or_break(self, game: Game, attacker: GameObject) -> None:
        ap = game.active_player
        defender = other(ap)
        source = Source("attack", attacker.top, ap, rule="509")
        if self.target is not None:
            if attacker.state.pop(NO_BATTLE, None):  # 「バトルしない」: the attack ends with no battle
                game.record("rule", f"no battle happens ({game.name(attacker.top)})")
                return
            if self.target in game.objects and game.objects[self.target].zone[1] == BATTLE:
                battle = Event(
                    "battle",
                    attacker.oid,
                    ap,
                    Source("attack", attacker.top, ap, rule="508.1"),
                    {"defender": self.target},
                )
                # 115.2: バトルする時 abilities resolve before the powers are compared (only if one waits)
                started = game.effects.has(TRIGGER, "battle_start")
                game.push(StartBattle(battle) if started else game.process(battle))
            return
        shields = game.zone((defender, SHIELDS))
        if not shields:
            # 509.1: no shields, so the attack is a direct attack.
            game.push(
                game.process(
                    Event(
                        "direct_attack",
                        attacker.oid,
                        defender,
                        Source("attack", attacker.top, ap, rule="509.1"),
                    )
                )
            )
            return
        count = ch.breaker(game, attacker) + ch.extra_breaks(game, attacker)  # 509.2, 701.14d
        choices = ch.breaker_choices(game, attacker)
        if len(choices) > 1 and len(shields) > choices[0]:  # 509.2c: which breaker, if it matters
            extra = ch.extra_breaks(game, attacker)
            game.push(BreakShields(attacker.oid, defender, count, source, breakers=choices, extra=extra))
            return
        game.push(BreakShields(attacker.oid, defender, count, source))


@dataclass(slots=True)
class StartBattle(Frame):
    """115.2–115.3: a battle starts (``battle_start``: バトルする時) and the abilities it triggers resolve —
    an effect's battle's at once, as part of the effect (101.4f), an attack's as the frame settles — then
    the powers are compared (the ``battle`` event; none if a creature has left meanwhile, 115.3a). Used only
    while an ability watches the start, so a battle costs nothing more otherwise."""

    event: Event
    at_once: bool = False
    stage: int = 0

    @property
    def settles(self) -> bool:
        return self.stage == 1 and not self.at_once

    def step(self, game: Game) -> None:
        from .language.steps import BattleTriggersNow

        if self.stage == 0:
            self.stage = 1
            ev = self.event
            start = Event("battle_start", ev.subject, ev.player, ev.source, {"defender": ev.get("defender")})
            if self.at_once:
                game.push(BattleTriggersNow(game._next_seq, "battle_start"))
            game.push(game.process(replace(start, replaced_by=ev.replaced_by)))
            return
        if self.stage == 1:
            self.stage = 2
            if self.at_once:
                game.push(BattleTriggersNow(game._next_seq))
            game.push(game.process(self.event))
            return
        for label in end_battle_durations(game):  # 「そのバトルの終わりまで」: the battle is over
            game.record("rule", f"{label} ends with the battle", "115.3")
        game.finish(game.returned)


def current_attack(game: Game) -> Attack | None:
    """The attack going on (506–510), if any: the innermost :class:`Attack` frame."""
    for frame in reversed(game.stack):
        if isinstance(frame, Attack):
            return frame
    return None


@dataclass(slots=True)
class SkipRestOfTurn(Frame):
    """このターンの残りをとばす (the DM wiki's ruling; no rule of Ver.1.48 names it): the effects waiting to
    resolve vanish, and so does everything still being done in this turn — the effect that skips it, the
    attack, the step — with no step between (no 「ターンの終わりに」 trigger); then 511.2 (「このターン」
    effects end) and 512 (the next turn begins)."""

    def step(self, game: Game) -> None:
        turns = [i for i, f in enumerate(game.stack) if isinstance(f, Turn)]
        game.waiting.clear()
        game.record("rule", f"the rest of {game.pname(game.active_player)}'s turn is skipped")
        if not turns:
            game.finish()
            return
        turn = game.stack[turns[-1]]
        assert isinstance(turn, Turn)
        turn.stage = CLEANUP  # the cleanup ends the attack's marks (攻撃中, ブロック中) with the turn
        for player in range(game.players):
            for obj in game.objects_in((player, BATTLE)):
                for mark in ("blocking", NO_BATTLE, REMOVED_FROM_ATTACK):
                    obj.state.pop(mark, None)
        del game.stack[turns[-1] + 1 :]


@dataclass(slots=True)
class Settle(Frame):
    """A point where waiting effects resolve before the frame below goes on (509.4: the "ブレイクする前に"
    effects resolve before the shields are broken)."""

    @property
    def settles(self) -> bool:
        return True

    def step(self, game: Game) -> None:
        game.finish()


@dataclass(slots=True)
class BreakShields(Frame):
    """509.3–509.5: the attacking player chooses that many shields; "before it breaks" abilities trigger
    and resolve (509.3, 509.4: turn player's first, 509.4a–b); the chosen shields are broken
    simultaneously, even if the attacker has left meanwhile (509.4c)."""

    attacker: int
    defender: int
    count: int
    source: Source
    stage: int = 0
    chosen: tuple[int, ...] = ()
    breakers: tuple[int, ...] = ()
    """509.2c: the counts of the attacker's breaker abilities, when its player chooses which to use."""
    extra: int = 0
    """701.14d: shields broken in addition to the chosen breaker's."""

    def step(self, game: Game) -> None:
        if self.breakers:
            answer = game.take_answer()
            if answer is None:
                options = tuple(Option(f"breaker:{n}", f"break {n} shield(s)") for n in self.breakers)
                prompt = "choose which breaker ability to use"
                game.ask(Decision(game.active_player, "breaker", prompt, options, rule="509.2c"))
                return
            self.count = int(answer[0].rsplit(":", 1)[1]) + self.extra
            self.breakers = ()
        if self.stage == 1:
            self.stage = 2

            # 509.4c / 509.5: the chosen shields, whatever happened to the attacker meanwhile.
            events = [
                Event("break", oid, self.defender, self.source) for oid in self.chosen if oid in game.objects
            ]
            game.push(break_frame(events))
            return
        if self.stage == 2:
            game.finish()
            return
        shields = game.objects_in((self.defender, SHIELDS))
        if len(shields) <= self.count:
            chosen = [o.oid for o in shields]
        else:
            answer = game.take_answer()
            if answer is None:
                # Shields are face down: named by position, not by card, so no hidden information leaks.
                options = tuple(
                    Option(f"shield_zone:{i + 1}", f"shield {i + 1}") for i in range(len(shields))
                )

                # 「…シールドをブレイクする時、かわりに自分が選ぶ」: a rule for the defender
                chooser = (
                    self.defender
                    if player_rules(game, self.defender, "choose_shields_broken")
                    or player_rules(game, self.defender, "choose_own_shields")
                    else None
                )
                game.ask(
                    Decision(
                        game.active_player if chooser is None else chooser,
                        "break",
                        f"choose {self.count} shield(s) to break",
                        options,
                        min=self.count,
                        max=self.count,
                        rule="509.3",
                    )
                )
                return
            chosen = [shields[int(label.rsplit(":", 1)[1]) - 1].oid for label in answer]
        self.stage = 1
        self.chosen = tuple(chosen)
        announced = []
        if game.effects.has(TRIGGER, "before_break"):
            # 509.3: "ブレイクする前に" abilities trigger once the shields are chosen; 509.4: they resolve
            # (Settle) before the break.
            args = {"shields": tuple(chosen)}
            announced.append(Event("before_break", self.attacker, game.active_player, self.source, args))
        if game.effects.has(TRIGGER, "before_each_break"):
            # 509.3: "各ブレイクの前に": once for each shield about to be broken (a W・ブレイカー's
            # break of two shields is two breaks), at the same point
            announced += [
                Event("before_each_break", self.attacker, game.active_player, self.source, {"shields": (s,)})
                for s in chosen
            ]
        if announced:
            game.push(Settle())
            game.push(game.process(*announced))


# Modules that import this one, as module objects, at the end (resolved when called): a ``from .x import y``
# inside a function on the main-step and attack-step paths costs about a microsecond at every call.
from . import abilities as _abilities  # noqa: E402
from . import ability_ignore as _ability_ignore  # noqa: E402
from . import psychic as _psychic  # noqa: E402
from .language import scope as _scope  # noqa: E402
from .language import selectors as _selectors  # noqa: E402
