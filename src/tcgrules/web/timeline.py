"""The timeline: every line of a game's log with its rule number, and for each the *why*.

A line's why is read from what the engine recorded (``game.log``), never worked out anew: the rule that
decided it (its number and the start of its text in Ver.1.48), the source of an event, the replacement
effects that replaced it (609) or the prohibition that stopped it, who chose, the options a decision
offered and which were taken, the engine's own choices (605.2b), and the rule steps just before it.

For a player (``viewer`` 0 or 1) the timeline is made of that player's log (``game.log_for``): a line they
did not see is left out, a card hidden from them is not named, and nothing is added that their log does
not already say — a source is named only when the line they saw names it, and the options of a decision
are shown only for their own decisions (the opponent's may name cards of its hand). For a judge
(``viewer`` ``None``, the sandbox) every line is shown with everything the engine recorded.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..kernel import Decision, Game, LogRecord
from .rulebook import rule_text, section_of

KIND_WORDS: Mapping[str, str] = {
    "event": "an event happened",
    "replacement": "a replacement effect was applied: the event it replaced did not happen (609)",
    "prohibited": "a prohibition applied: the event did not happen",
    "trigger": "an ability triggered (603)",
    "answer": "a decision was answered",
    "auto_choice": "the engine chose for the player, who had only one way to choose (605.2b)",
    "rule": "a rule of the game was applied",
    "turn": "a new turn began",
    "info": "a fact of the game",
    "result": "the game ended",
    "declare": "an S・トリガー or other ability was declared",
    "reveal": "cards were revealed",
}
CONTEXT_STEPS = 4
"""How many rule steps just before a line its why lists."""


@dataclass(frozen=True, slots=True)
class OptionTrace:
    label: str
    text: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class Why:
    """Why a line of the log happened, as far as the viewer may know."""

    what: str
    """The kind of line, in words."""
    rule: str | None
    rule_text: str | None
    """The start of the rule's text in Ver.1.48 (the rule itself, or the nearest one above it)."""
    rule_cited: str | None
    """The number whose text ``rule_text`` is (``609.1`` for a line of rule ``609.1a`` if the list has no
    text of its own for it)."""
    section: str | None
    """The rule's section, number and title (``609 置換効果``)."""
    source: str | None
    """What made the event happen: a card (by name), or the rules (``the rules (rule 302.3)``)."""
    event: str | None
    """The event's kind (``destroy``, ``move``, ``draw``…)."""
    replaced_by: tuple[str, ...]
    """The replacement effects that applied to this event (the lines that say so)."""
    prohibition: str | None
    who: str | None
    """Who chose: the player who answered, or who applied a replacement effect."""
    prompt: str | None
    options: tuple[OptionTrace, ...]
    """The options the decision offered, with those taken (a viewer's own decisions only)."""
    hidden_options: bool
    """True for a decision the viewer did not make: what it offered is not shown."""
    engine_choice: str | None
    """For a choice the engine made itself: how many candidates there were, for how many."""
    steps: tuple[str, ...]
    """The rule steps just before this line (``text [rule]``)."""


@dataclass(frozen=True, slots=True)
class Entry:
    seq: int
    turn: int
    kind: str
    text: str
    rule: str | None
    why: Why

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def visible(game: Game, viewer: int | None) -> list[tuple[LogRecord, str]]:
    """The records of ``game.log`` that ``viewer`` saw, each with its text as they saw it — the same lines
    as ``game.log_for(viewer)`` (all of them, as recorded, for a judge)."""
    out = []
    for record in game.log:
        text: str | None = record.text
        views = record.data.get("for_players")
        if viewer is not None and views is not None and viewer in views:
            text = views[viewer]
        if text is not None:
            out.append((record, text))
    return out


def timeline(game: Game, viewer: int | None) -> list[Entry]:
    """Every line ``viewer`` saw, with its why (see the module's docstring)."""
    seen = visible(game, viewer)
    if viewer is not None:
        mine = game.log_for(viewer)
        assert [r.text for r in mine] == [t for _, t in seen], "the timeline must follow log_for"
    entries = []
    for i, (record, text) in enumerate(seen):
        entries.append(
            Entry(i, record.turn, record.kind, text, record.rule, _why(game, viewer, seen, i, record, text))
        )
    return entries


def _why(
    game: Game,
    viewer: int | None,
    seen: Sequence[tuple[LogRecord, str]],
    at: int,
    record: LogRecord,
    text: str,
) -> Why:
    data = record.data
    whole = text == record.text  # the viewer saw the line as it was recorded: no card in it was hidden
    cited = rule_text(record.rule) if game.rules.name == "duel_masters" else None  # Ver.1.48's numbers
    decision = data.get("decision")
    options: tuple[OptionTrace, ...] = ()
    prompt = None
    hidden_options = False
    who = None
    if record.kind == "answer" and isinstance(decision, Decision):
        who = game.pname(decision.player)
        if viewer is None or decision.player == viewer:
            chosen = set(data.get("labels", ()))
            prompt = decision.prompt
            options = tuple(OptionTrace(o.label, o.text, o.label in chosen) for o in decision.options)
        else:
            hidden_options = True
    effect = _effect(game, data.get("effect"))
    if record.kind == "replacement":
        # Who applied it: its controller, or (its card gone, the effect with it) the player the line names.
        named = [p for p in game.player_names if text.startswith(f"{p} applies ")]
        who = game.pname(effect.controller) if effect is not None else (named[0] if named else None)
    source = _source(game, viewer, data, whole, text) if record.kind != "prohibited" else None
    replaced = tuple(
        t
        for r, t in seen[:at]
        if r.kind == "replacement" and r.data.get("effect") in tuple(data.get("replaced_by") or ())
    )
    # The prohibition's own words: the pipeline writes "<event> does not happen: <prohibition>".
    prohibition = text.rpartition(" does not happen: ")[2] or None if record.kind == "prohibited" else None
    engine_choice = None
    if record.kind == "auto_choice":
        engine_choice = (
            f"{game.pname(data.get('player'))} had {data.get('candidates')} candidate(s) "
            f"for {data.get('count')}, so nobody was asked"
        )
        who = game.pname(data.get("player"))
    steps: list[str] = []
    for r, t in reversed(seen[:at]):
        if r.kind != "rule" or r.turn != record.turn or len(steps) == CONTEXT_STEPS:
            break
        steps.append(f"{t} [{r.rule}]" if r.rule else t)
    return Why(
        what=KIND_WORDS.get(record.kind, record.kind),
        rule=record.rule,
        rule_text=cited[1] if cited else None,
        rule_cited=cited[0] if cited else None,
        section=section_of(cited[0]) if cited else None,
        source=source,
        event=str(data["event"]) if "event" in data else None,
        replaced_by=replaced,
        prohibition=prohibition,
        who=who,
        prompt=prompt,
        options=options,
        hidden_options=hidden_options,
        engine_choice=engine_choice,
        steps=tuple(reversed(steps)),
    )


def _effect(game: Game, eid: Any) -> Any:
    return game.effects.get(eid) if isinstance(eid, int) and not isinstance(eid, bool) else None


def _source(game: Game, viewer: int | None, data: Mapping[str, Any], whole: bool, text: str) -> str | None:
    """The card or rule an event came from; for a player, a card only when the line they saw names it."""
    card = data.get("source")
    if card is None:
        effect = _effect(game, data.get("effect"))
        card = effect.source.card if effect is not None else None
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(game.cards):
        name = game.name(card)
        if viewer is None or (whole and name in text):
            return name
        return None
    rule = data.get("source_rule")
    if "event" in data and rule:
        return f"the rules (rule {rule})"
    return None
