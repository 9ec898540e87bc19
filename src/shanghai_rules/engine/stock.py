"""The stock and the state's own random source (SPEC 4.1, 4.5).

All shuffling comes from the seed the state carries, advanced by every move
that draws on it, so the same seed and the same actions make the same game.
When a card must come from an empty stock, the discard pile but its top card
is shuffled into a new stock; cards that even that cannot supply are not taken.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

from ..cards import Card, full_deck
from ..memo import MEMO

__all__ = ["pick", "shuffled", "supply", "take_from_stock"]

_SUPPLIES: Final = MEMO.table("card supplies by decks and jokers", 64)


def supply(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """:func:`~shanghai_rules.cards.full_deck` as a tuple, sorted (kept in the memo: a game deals the
    same supply round after round)."""
    found: tuple[Card, ...] = _SUPPLIES.answer((decks, jokers_per_deck), lambda key: tuple(full_deck(*key)))
    return found


def shuffled(cards: Iterable[Card], seed: int) -> tuple[list[Card], int]:
    """``cards`` shuffled by the state's random source, and the source's next state.

    The shuffle is the engine's own Fisher-Yates over :meth:`random.Random.getrandbits`,
    drawing exactly what :meth:`random.Random.shuffle` draws, so it gives the same order
    as that does, and does so whatever the Python version: a seed and its actions make the
    same game everywhere."""
    rng = random.Random(seed)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        # j below i + 1, drawn as random.Random._randbelow draws it: as many bits as i + 1 has,
        # the draws too large thrown away
        width = (i + 1).bit_length()
        j = rng.getrandbits(width)
        while j > i:
            j = rng.getrandbits(width)
        out[i], out[j] = out[j], out[i]
    return out, rng.getrandbits(64)


def pick(count: int, seed: int) -> tuple[int, int]:
    """A random index below ``count``, and the random source's next state."""
    rng = random.Random(seed)
    return rng.randrange(count), rng.getrandbits(64)


def take_from_stock(
    stock: tuple[Card, ...], discard: tuple[Card, ...], seed: int, count: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Take up to ``count`` cards from the top of the stock, rebuilding it from the discard pile
    but its top card whenever it runs out (SPEC 4.5).  Returns (cards taken, stock, discard, seed)."""
    if len(stock) >= count:  # the stock holds them all
        return stock[:count], stock[count:], discard, seed
    taken: list[Card] = []
    while len(taken) < count:
        if not stock:
            if len(discard) <= 1:
                break
            new_stock, seed = shuffled(discard[:-1], seed)
            stock, discard = tuple(new_stock), discard[-1:]
        need = count - len(taken)
        taken.extend(stock[:need])
        stock = stock[need:]
    return tuple(taken), stock, discard, seed
