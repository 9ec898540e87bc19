"""Laying a card off on a meld: where it can join, and the meld it makes (rules: laying off).

A card may join a set if it is of the set's rank or a wild (a set of wilds only
takes its rank from the first natural that joins it); it may join a run only at
either end, as the card of the place just below its low end or just above its
high end, or as a wild there.  The meld it makes must be legal
(:func:`~shanghai_rules.meld_validation.meld_reason`, judged as a meld grown by
lay-offs).  :func:`join_options` is the one statement of this rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from .cards import ALL_CARDS, DEAD_TWOS, JOKER, Card, dead_two
from .meld_validation import meld_reason
from .meld_value import End, Meld, is_place_card, is_wild, position_card
from .rules import Rules
from .verify import confirm
from .wild_limits import wild_limits

__all__ = ["Options", "candidate_cards", "join_options"]

Options = tuple[tuple[End | None, Meld], ...]
"""The ways a card joins a meld: (end, the meld it makes) pairs; end is ``None`` for a set."""


def _extensions(meld: Meld, card: Card, wild: bool) -> Iterator[tuple[End | None, Meld]]:
    """The melds ``card`` (a wild if ``wild``) would make of the well-formed ``meld``, legal or not:
    the set with it; the run lengthened by it at each end where it is the card of that place, or a wild."""
    if meld.kind == "set":
        rank = meld.rank
        # a set of wilds only takes its rank from the first natural (or 2) that joins it
        new_rank = card.rank if rank is None and card.rank != JOKER else rank
        yield None, Meld("set", (*meld.cards, card), new_rank)
        return
    suit = meld.suit
    assert suit is not None
    low, high = meld.start - 1, meld.start + len(meld.cards)
    if low >= 1 and (wild or is_place_card(card, low, suit)):
        yield "low", Meld("run", (card, *meld.cards), None, suit, low)
    if high <= 14 and (wild or is_place_card(card, high, suit)):
        yield "high", Meld("run", (*meld.cards, card), None, suit, meld.start)


def join_options(meld: Meld, card: Card, rules: Rules, *, legal: bool = False) -> Options:
    """The ways ``card`` joins the well-formed ``meld`` under ``rules``: each meld it would make
    (see the module docs) that :func:`~shanghai_rules.meld_validation.meld_reason` finds legal.

    ``legal=True`` says that ``meld`` itself is legal (the engine's melds are): where
    :func:`_stays_legal` can tell from that alone, the new meld is not judged card by card."""
    options: list[tuple[End | None, Meld]] = []
    for end, new in _extensions(meld, card, is_wild(card, rules)):
        if legal and _stays_legal(meld, card, end, rules):
            options.append((end, _still_legal(new, rules)))
        elif not meld_reason(new, rules, 1, laid_off=True):
            options.append((end, new))
    return tuple(options)


def _still_legal(new: Meld, rules: Rules) -> Meld:
    """``new``, which :func:`_stays_legal` found legal (in the checking mode, judged card by card too)."""
    return confirm(new, lambda: not meld_reason(new, rules, 1, laid_off=True), "join_options: a legal meld stays legal")


def _stays_legal(meld: Meld, card: Card, end: End | None, rules: Rules) -> bool:
    """A shortcut of :func:`~shanghai_rules.meld_validation.meld_reason` for the meld a lay-off
    makes of the legal ``meld``: True only where the new meld is surely legal too.

    Where the count limit does not depend on a meld's length, one more natural card
    in its own place breaks no limit (a run stays within 13 cards and the ace); and
    where, besides, no count or naturals limit holds at lay-offs, neither does one more
    wild (in a run where wilds must be apart, only beside a natural end card)."""
    limits = wild_limits(rules)
    if limits.depends_on_length:
        return False
    loose = not limits.counts_lay_offs  # one more wild breaks no limit
    wild = is_wild(card, rules)
    if meld.kind == "set":
        rank = meld.rank
        return rank is not None and ((card.rank == rank and rank != JOKER) or (loose and wild))
    if len(meld.cards) >= 13:
        return False
    at_low = end == "low"
    place = meld.start - 1 if at_low else meld.start + len(meld.cards)
    if place < rules.lowest_run_place:
        return False
    own = meld.suit is not None and is_place_card(card, place, meld.suit)
    if own:
        return True
    beside = 0 if at_low else len(meld.cards) - 1
    return loose and wild and (not limits.apart_in_runs or meld.is_natural_at(beside))


_JOKER: Final = ALL_CARDS[52]
_WILD_TWOS: Final = frozenset(ALL_CARDS[s * 13] for s in range(4))
_RANK_CARDS: Final = tuple(
    frozenset(ALL_CARDS[s * 13 + rank - 2] for s in range(4)) | (DEAD_TWOS if rank == 2 else frozenset())
    for rank in range(2, 15)
)
_NATURALS: Final = frozenset(ALL_CARDS[:52]) | DEAD_TWOS


def candidate_cards(meld: Meld, rules: Rules) -> frozenset[Card]:
    """Every card that might join the well-formed ``meld`` (a superset of those that can, read off
    the rule of :func:`join_options`): the wilds, and the naturals of a set's rank (any natural,
    for a set of wilds only) or of the places at a run's ends."""
    wilds = {_JOKER} | _WILD_TWOS if rules.wild_twos else {_JOKER}
    if meld.kind == "set":
        return frozenset(wilds | (_NATURALS if meld.rank is None else _RANK_CARDS[meld.rank - 2]))
    suit = meld.suit
    assert suit is not None
    for place in (meld.start - 1, meld.start + len(meld.cards)):
        if 1 <= place <= 14:
            wilds.add(position_card(place, suit))
            if place == 2:
                wilds.add(dead_two(position_card(place, suit)))
    return frozenset(wilds)
