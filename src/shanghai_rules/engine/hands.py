"""Hands as multisets: the order in which a player holds cards carries no meaning,
so the engine keeps every hand sorted by card code, and these are its hand arithmetic.

There is one object per distinct card (see :class:`~shanghai_rules.cards.Card`), and cards
compare by identity, so a card is found in a hand at the speed of an identity test.
"""

from __future__ import annotations

import operator
from bisect import insort
from collections.abc import Sequence
from typing import Final

from ..cards import Card

__all__ = ["add_cards", "distinct_cards", "holds", "place", "remove_card", "remove_cards", "sorted_hand"]

_code: Final = operator.attrgetter("code")


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` as a hand: sorted by code."""
    return tuple(sorted(cards, key=_code))


def place(cards: Sequence[Card], card: Card) -> int:
    """Where ``card`` is in ``cards`` (-1 if it is not)."""
    for index, held in enumerate(cards):
        if held is card:
            return index
    return -1


def holds(hand: Sequence[Card], card: Card) -> bool:
    """``card in hand``."""
    return card in hand


def remove_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """``hand`` less ``cards`` (a multiset difference), the cards left in their order; ``None``
    if some card is not there as often as ``cards`` names it."""
    kept = list(hand)
    for card in cards:
        if card not in kept:
            return None
        kept.remove(card)
    return tuple(kept)


def remove_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...] | None:
    """``hand`` less one ``card``; ``None`` if it is not there."""
    if card not in hand:
        return None
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


def add_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` with ``cards`` added, kept sorted."""
    out = list(hand)
    for card in cards:
        insort(out, card, key=_code)
    return tuple(out)


def distinct_cards(hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand``, each once, in the hand's order."""
    return tuple(dict.fromkeys(hand))
