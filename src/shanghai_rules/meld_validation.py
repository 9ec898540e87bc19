"""Judging an arranged meld, card by card: the rules of sets and runs (rules: melds).

* A **set** is at least ``Rules.min_set_length`` cards, each of the set's rank
  or a wild; a set of wilds only has no rank until a natural joins it.
* A **run** is at least ``Rules.min_run_length`` and at most 13 cards of one
  suit in consecutive positions, each the card of its position or a wild; it
  holds at least one natural; an ace ends it (a low ace only where
  ``Rules.ace_low``), so it never wraps; it starts no lower than
  ``Rules.lowest_run_place`` (the 3 where 2s are always wild).
* Both keep the wild limits of :mod:`~shanghai_rules.wild_limits`.

:func:`meld_reason` is the one judgement of an arranged meld; :func:`~shanghai_rules.melds.check_meld`
and the engine ask it.
"""

from __future__ import annotations

from typing import Final

from .cards import ACE, JOKER, Card, Suit, rank_name
from .errors import excerpt
from .meld_value import Meld, is_place_card, position_card, wild_cards
from .refusals import Reason, Refusal
from .rules import Rules
from .wild_limits import wild_limits

__all__ = ["ADJACENT_WILDS", "meld_reason", "run_reason", "set_reason", "shape_reason", "too_long_reason"]

ADJACENT_WILDS: Final = Reason("wilds_apart", "two wilds may not stand next to each other in a run under these rules")
_SET_RANKS: Final = frozenset(range(2, ACE + 1))


def shape_reason(meld: Meld) -> Refusal:
    """Why ``meld`` is not a well-formed meld value at all (empty when it is).

    Guards the judgement of a caller-built :class:`~shanghai_rules.meld_value.Meld`
    against values of the wrong type, so that such a meld is refused with a reason, not a crash.
    """
    kind = meld.kind
    if kind != "set" and kind != "run":
        return Reason("bad_meld_value", f"{excerpt(kind)} is not a kind of meld: use 'set' or 'run'")
    cards = meld.cards
    if not isinstance(cards, (tuple, list)):
        return Reason("bad_meld_value", f"a meld's cards must be a tuple of cards, not {excerpt(cards)}")
    for card in cards:
        if not isinstance(card, Card):
            return Reason("bad_meld_value", f"{excerpt(card)} is not a Card")
    if kind == "set":
        if meld.rank is not None and (type(meld.rank) is not int or meld.rank not in _SET_RANKS):
            return Reason("bad_meld_value",
                          f"a set's rank must be 2-14 (or None for a set of wilds only), not {excerpt(meld.rank)}")
        if meld.suit is not None or meld.start != 0:
            return Reason("bad_meld_value", "a set has a rank, and no suit or start (suit None, start 0)")
        return ""
    if not isinstance(meld.suit, Suit):
        return Reason("bad_meld_value", "a run needs a suit")
    if type(meld.start) is not int:
        return Reason("bad_meld_value",
                      f"a run's start must be a whole number (1 = low ace … 14 = high ace), not {excerpt(meld.start)}")
    if meld.rank is not None:
        return Reason("bad_meld_value", "a run has a suit and a start, and no rank (rank None)")
    return ""


def set_reason(meld: Meld, rules: Rules, min_length: int, laid_off: bool = False) -> Refusal:
    """Why the well-formed set ``meld`` breaks a rule of sets (empty if it does not)."""
    cards = meld.cards
    if len(cards) < min_length:
        return Reason("too_short", f"a set needs at least {min_length} cards, not {len(cards)}")
    rank = meld.rank
    if rank == 2 and not rules.natural_twos:
        return Reason("twos_always_wild",
                      "2s are always wild under these rules: there is no set of 2s (a set of wilds only has no rank)")
    wild_twos = rules.wild_twos
    wild = wild_cards(wild_twos)
    wilds = 0
    for card in cards:
        r = card.rank
        if r == rank and r != JOKER:
            continue
        if card in wild:
            wilds += 1
            continue
        if card.dead and wild_twos:
            return dead_two_reason(card)
        if rank is None:
            return Reason("mixed_ranks", f"a set of wilds only cannot hold {card}: give the set its rank")
        return Reason("mixed_ranks", f"a set's cards must all be of one rank: {card} is not a {rank_name(rank)}")
    return wild_limits(rules).reason(wilds, len(cards) - wilds, laid_off=laid_off)


def _run_span_reason(meld: Meld, rules: Rules, min_length: int) -> Refusal:
    """Why the run's length and place break the rules of runs (empty if they do not)."""
    n = len(meld.cards)
    if n < min_length:
        return Reason("too_short", f"a run needs at least {min_length} cards, not {n}")
    if n > rules.longest_run:
        return too_long_reason(rules)
    if meld.suit is None:
        return Reason("bad_meld_value", "a run needs a suit")
    start = meld.start
    if start < rules.lowest_run_place:
        if start == 2 or (start == 1 and not rules.natural_twos):
            return Reason("twos_always_wild", "2s are always wild under these rules: a run starts at the 3 or higher")
        if start == 1:
            return Reason("ace_high_only", "aces are high only under these rules: A-2-3-4 is not a run")
        return Reason("ace_ends_run", "a run cannot go below the ace")
    if start + n - 1 > 14:
        return Reason("ace_ends_run", "an ace ends a run: a run cannot wrap round from the ace (Q-K-A-2)")
    return ""


def dead_two_reason(card: Card) -> Reason:
    """Why a dead 2 cannot stand where another card belongs."""
    return Reason("dead_two", f"{card} is a dead 2: a 2 discarded stands only for itself from then on, never as a "
                              f"wild (rules: melds)")


def too_long_reason(rules: Rules) -> Reason:
    """Why a run longer than ``Rules.longest_run`` is none."""
    if rules.longest_run < 13:
        return Reason("too_long", f"a run holds at most {rules.longest_run} cards under these rules: from the 3 to "
                                  f"the ace, 2s being wild")
    return Reason("too_long", "a run holds at most 13 cards: it cannot hold a low ace and a high ace both")


def run_reason(meld: Meld, rules: Rules, min_length: int, laid_off: bool = False) -> Refusal:
    """Why the well-formed run ``meld`` breaks a rule of runs (empty if it does not)."""
    reason = _run_span_reason(meld, rules, min_length)
    if reason:
        return reason
    suit = meld.suit
    assert suit is not None
    cards = meld.cards
    wild_twos = rules.wild_twos
    wild = wild_cards(wild_twos)
    apart = rules.run_wilds_apart
    wilds = 0
    last_wild = -2
    for i, card in enumerate(cards):
        position = meld.start + i
        if is_place_card(card, position, suit):
            continue
        if card in wild:
            if apart and last_wild == i - 1:
                return ADJACENT_WILDS
            last_wild = i
            wilds += 1
            continue
        if card.dead and wild_twos:
            return dead_two_reason(card)
        if card.suit is not suit:
            return Reason("mixed_suits",
                          f"a run's cards must all be of one suit: {card} is not a {suit.name.lower()[:-1]}")
        return Reason("not_in_sequence",
                      f"{card} cannot stand where {position_card(position, suit)} belongs in this run")
    if wilds == len(cards):
        return Reason("no_natural", "a run needs at least one natural card")
    return wild_limits(rules).reason(wilds, len(cards) - wilds, laid_off=laid_off)


def meld_reason(meld: Meld, rules: Rules, min_length: int | None = None, laid_off: bool = False) -> Refusal:
    """Why the arranged ``meld`` is not legal under ``rules`` (empty when it is): the one judgement
    of an arranged meld.  ``min_length`` overrides the rules' minimum (a contract may ask for
    more); ``laid_off``: the meld has grown by lay-offs (see :meth:`WildLimits.reason`)."""
    reason = shape_reason(meld)
    if reason:
        return reason
    if meld.kind == "set":
        return set_reason(meld, rules, rules.min_set_length if min_length is None else min_length, laid_off)
    return run_reason(meld, rules, rules.min_run_length if min_length is None else min_length, laid_off)
