"""The stock and the state's own random source (rules: the deal, when the stock runs out).

All shuffling comes from the seed the state carries, advanced by every move
that draws on it, so the same seed and the same actions make the same game.
When a card must come from an empty stock, the stock is rebuilt as the rules
say (:func:`rebuilt`: by default the discard pile but its top card is shuffled
into a new stock); cards that even that cannot supply are not taken.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from ..cards import MAX_CARDS, Card, full_deck
from ..memo import MEMO
from ..rules import Rules
from ..state import GameState, TableMeld

__all__ = ["Pile", "cards_in_play", "copies_in_play", "deadlock_may_end_round", "deadlocked",
           "pick", "pile_of", "rebuild_allowed", "rebuilt",
           "shuffled", "supply", "table_cards", "take_from_stock"]

_SUPPLIES: Final = MEMO.table("card supplies by decks and jokers", 64)


def supply(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """:func:`~shanghai_rules.cards.full_deck` as a tuple, sorted (kept in the memo: a game deals the
    same supply round after round)."""
    found: tuple[Card, ...] = _SUPPLIES.answer((decks, jokers_per_deck), lambda key: tuple(full_deck(*key)))
    return found


def copies_in_play(rules: Rules, players: int, card: Card, fresh_decks: int = 0) -> int:
    """How many copies of ``card`` a round of ``players`` seats has: one a deck dealt or added fresh
    (``fresh_decks``), ``Rules.jokers_per_deck`` a deck of a joker."""
    decks = rules.decks_for(players) + fresh_decks
    return decks * rules.jokers_per_deck if card.is_joker else decks


def cards_in_play(rules: Rules, players: int, fresh_decks: int = 0) -> int:
    """How many cards a round of ``players`` seats has: the decks dealt, and ``fresh_decks`` added since."""
    return rules.card_count(players) + fresh_decks * (52 + rules.jokers_per_deck)


def rebuild_allowed(rules: Rules, rebuilt: int) -> bool:
    """May the stock be rebuilt again in a round where it has been rebuilt ``rebuilt`` times
    (``Rules.stock_rebuilds`` a round at most, ``None``: no limit)?"""
    return rules.stock_rebuilds is None or rebuilt < rules.stock_rebuilds


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


class Pile(NamedTuple):
    """The stock, the discard pile and what the rules of an empty stock ask of a round so far."""

    stock: tuple[Card, ...]
    """The stock, top card first."""
    discard: tuple[Card, ...]
    """The discard pile (as far as a rebuild may take it), bottom to top."""
    seed: int
    """The state of the random source."""
    rebuilt: int
    """Times the stock has been rebuilt this round."""
    fresh_decks: int
    """Decks added to the round's cards where a rebuild found the pile empty."""
    table_at_rebuild: int
    """Cards on the table when the stock was last rebuilt (or dealt)."""


def pile_of(state: GameState, discard: tuple[Card, ...] | None = None) -> Pile:
    """The state's :class:`Pile`, its discard pile replaced by ``discard`` where given."""
    return Pile(state.stock, state.discard if discard is None else discard, state.seed, state.stock_rebuilt,
                state.fresh_decks, state.table_at_rebuild)


def table_cards(table: Sequence[TableMeld]) -> int:
    """How many cards are on the table."""
    return sum(len(tm.meld.cards) for tm in table)


def deadlock_may_end_round(rules: Rules) -> bool:
    """May a round end in a deadlock under ``rules`` (``Rules.deadlock_ends_round``; see :func:`deadlocked`)?"""
    return rules.deadlock_ends_round


def deadlocked(pile: Pile, rules: Rules, table: Sequence[TableMeld]) -> bool:
    """``Rules.deadlock_ends_round``: the stock runs out with no card laid on the table since it was
    last rebuilt (or dealt), and the round ends rather than rebuild it."""
    return deadlock_may_end_round(rules) and table_cards(table) == pile.table_at_rebuild


def rebuilt(pile: Pile, rules: Rules, players: int, table: Sequence[TableMeld]) -> Pile | None:
    """The pile with its empty stock rebuilt, or ``None`` where it may not be (the round then ends when
    the player on turn finds no card to draw).  The rules of an empty stock, stated once:

    * at most ``Rules.stock_rebuilds`` rebuilds a round (``None``: no limit), and none in a deadlock
      (:func:`deadlocked`);
    * the discards under the top card (``Rules.stock_rebuild == "under_upcard"``, rules: when the stock runs out) or the
      whole pile (``"whole_pile"``) are shuffled into the new stock;
    * where that finds no card, a fresh deck of 52 cards and ``Rules.jokers_per_deck`` jokers, if
      ``Rules.fresh_deck_when_empty`` (and the cards in play stay within
      :data:`~shanghai_rules.cards.MAX_CARDS`).
    """
    if not rebuild_allowed(rules, pile.rebuilt):
        return None
    if deadlocked(pile, rules, table):
        return None
    keep = rules.stock_rebuild == "under_upcard"
    cards = pile.discard[:-1] if keep else pile.discard
    discard = pile.discard[-1:] if keep else ()
    fresh = pile.fresh_decks
    if not cards:
        if not rules.fresh_deck_when_empty or cards_in_play(rules, players, fresh + 1) > MAX_CARDS:
            return None
        cards, discard = supply(1, rules.jokers_per_deck), pile.discard
        fresh += 1
    stock, seed = shuffled(cards, pile.seed)
    return Pile(tuple(stock), discard, seed, pile.rebuilt + 1, fresh, table_cards(table))


def take_from_stock(pile: Pile, count: int, rules: Rules, players: int,
                    table: Sequence[TableMeld]) -> tuple[tuple[Card, ...], Pile]:
    """Take up to ``count`` cards from the top of the stock, rebuilding it (:func:`rebuilt`) whenever it
    runs out; cards that cannot be supplied are not taken.  Returns the cards taken and the pile after."""
    stock = pile.stock
    if len(stock) >= count:  # the stock holds them all
        return stock[:count], Pile(stock[count:], *pile[1:])
    taken: list[Card] = []
    while len(taken) < count:
        if not pile.stock:
            after = rebuilt(pile, rules, players, table)
            if after is None:
                break
            pile = after
        need = count - len(taken)
        taken.extend(pile.stock[:need])
        pile = Pile(pile.stock[need:], *pile[1:])
    return tuple(taken), pile
