"""The Duel Masters card language's interpreter, by kind of part (docs/cards.md):

* :mod:`.scope` — what an ability refers to while it is evaluated (this card, the event's subject, saved
  names);
* :mod:`.selectors` — the filter grammar and the objects a selector matches;
* :mod:`.quantities` — numbers an ability computes;
* :mod:`.conditions` — whether;
* :mod:`.patterns` — the events triggers and replacements watch;
* :mod:`.history` — the game's record of what happened this turn and this game (for conditions and
  quantities that read it).

Effects (the steps an ability runs) are interpreted by ``actions.py``; keywords by ``keywords.py``.
"""
