"""Duel Masters, the flagship game: rules, keywords, replacement policy and the card library."""

from .decks import Deck, library_decks, load_deck, standard_decks
from .rules import DuelMasters, setup, standard_catalog

__all__ = ["Deck", "DuelMasters", "library_decks", "load_deck", "setup", "standard_catalog", "standard_decks"]
