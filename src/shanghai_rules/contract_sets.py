"""The sets of a contract, priced by counting: what the contract search asks of the sets.

A set of a contract never needs more than the contract's set length, and uses as
many naturals of its rank as a hand holds (up to that length); sets sharing a
rank share its naturals as evenly as can be, which suits every wild limit best.
So the fewest wild cards the sets of a contract take from a hand depend only on
how many naturals of each rank it holds: each rank offers a few ways to make
one or more sets (:class:`SetOptions`), and the cheapest choice is a small
knapsack over the ranks (:func:`knapsack`).  The limits asked are those of
:mod:`~shanghai_rules.wild_limits`.

This module is internal: nothing in it is part of the public interface.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from .memo import MEMO
from .rules import Contract, Rules
from .wild_limits import wild_limits

__all__ = [
    "NO_SETS",
    "SetOptions",
    "knapsack",
    "one_set",
    "rank_counts",
    "rank_totals",
    "set_options",
    "set_shapes",
    "sets_knapsack",
    "work_out_set_options",
]

NO_SETS: Final = 10**9
"""The cost of sets that cannot be made."""

Ways = tuple[tuple[int, int], ...]
"""A rank's ways to make sets: (how many sets, wild cards they take) pairs, fewest sets first."""


class SetOptions(NamedTuple):
    """For the sets of one contract: each rank's ways by its count of naturals (up to the most the
    sets can use), for ranks other than 2 and for 2s (where 2s are wild, a natural 2 costs a wild
    card too); and whether a set of wilds only is allowed."""

    other_ranks: tuple[Ways, ...]
    twos: tuple[Ways, ...]
    wild_only: bool


def _ways(rules: Rules, contract: Contract, naturals: int, two: bool) -> Ways:
    """A rank's ways to make sets of ``contract`` from ``naturals`` of its cards (``two``: the rank is 2)."""
    length = contract.set_length
    most = 1 if rules.distinct_contract_set_ranks else contract.sets
    allows = wild_limits(rules).allows
    options = []
    for t in range(1, most + 1):
        used = min(naturals, t * length)
        per_set = used // t  # the set with the fewest naturals
        if not per_set or not allows(length - per_set, per_set):
            break
        wilds = t * length - used
        options.append((t, wilds + used if two and rules.wild_twos else wilds))
    return tuple(options)


def work_out_set_options(rules: Rules, contract: Contract) -> SetOptions:
    """The :class:`SetOptions` of ``contract`` under ``rules``, worked out (:func:`set_options` remembers them)."""
    most = 1 if rules.distinct_contract_set_ranks else contract.sets
    counts = range(most * contract.set_length + 1)
    return SetOptions(tuple(_ways(rules, contract, n, False) for n in counts),
                      tuple(_ways(rules, contract, n, True) for n in counts),
                      wild_limits(rules).allows(contract.set_length, 0))


_SET_OPTIONS: Final = MEMO.table("contract sets: options by rules and contract", 256)


def set_options(rules: Rules, contract: Contract) -> SetOptions:
    """The :class:`SetOptions` of ``contract`` under ``rules`` (kept in the memo)."""
    found: SetOptions = _SET_OPTIONS.answer((rules, contract), lambda key: work_out_set_options(*key))
    return found


def set_shapes(rules: Rules, contract: Contract) -> tuple[Ways, ...]:
    """By the number of naturals of a rank held (up to the contract's set length), the (naturals, wilds)
    of each set of just the contract's length the limits allow, most naturals first."""
    length = contract.set_length
    allows = wild_limits(rules).allows
    out = []
    for most in range(length + 1):
        shapes = []
        for k in range(most, -1 if not most else 0, -1):
            w = max(0, length - k)
            if allows(w, k):
                shapes.append((k, w))
        out.append(tuple(shapes))
    return tuple(out)


def knapsack(ways: Iterable[Ways], wanted: int, wild_only: bool, length: int) -> int:
    """The fewest wild cards ``wanted`` sets of ``length`` take where each rank offers ``ways``,
    and sets of wilds only where ``wild_only``."""
    fewest = [0] + [NO_SETS] * wanted  # fewest wilds to make j sets from the ranks so far
    for rank_ways in ways:
        for j in range(wanted, 0, -1):
            for t, cost in rank_ways:
                if t <= j and fewest[j - t] + cost < fewest[j]:
                    fewest[j] = fewest[j - t] + cost
    if wild_only:  # sets of wilds only
        for j in range(1, wanted + 1):
            fewest[j] = min(fewest[j], fewest[j - 1] + length)
    return fewest[wanted]


def one_set(ways: Iterable[Ways], wild_only: bool, length: int) -> int:
    """:func:`knapsack` of one set, the commonest contract's: the cheapest rank's first way, or a set
    of wilds only."""
    return min([rank_ways[0][1] for rank_ways in ways if rank_ways] + [length if wild_only else NO_SETS])


def sets_knapsack(counts: Sequence[int], wanted: int, options: SetOptions, length: int) -> int:
    """The fewest wild cards ``wanted`` sets of ``length`` take from a hand with card ``counts`` (by
    code): the knapsack over every rank (the judgement the search's bound stands for)."""
    top = len(options.other_ranks) - 1
    ways = [(options.twos if rank == 0 else options.other_ranks)[min(naturals, top)]
            for rank, naturals in enumerate(rank_counts(counts))]
    return knapsack(ways, wanted, options.wild_only, length)


def rank_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The natural cards of each rank (by ``code % 13``: the 2s first) in a hand with card ``counts``
    (by code): the four suits' counts of the rank added."""
    return tuple(counts[rank] + counts[13 + rank] + counts[26 + rank] + counts[39 + rank] for rank in range(13))


_ONE_SUIT: Final = (1 << 104) - 1  # the 13 bytes of one suit's codes, as a number


def rank_totals(row: bytes) -> bytes:
    """:func:`rank_counts` of a hand with card counts ``row`` (by code, a byte each), a byte each:
    the four suits' bytes are added as numbers, so that one rank's byte is the sum of its four.
    Only for counts under 64, whose sums never reach 256 (the caller sees to it)."""
    held = int.from_bytes(row, "little")
    return ((held + (held >> 104) + (held >> 208) + (held >> 312)) & _ONE_SUIT).to_bytes(13, "little")
