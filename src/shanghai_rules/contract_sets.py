"""The sets of a contract, priced by counting: what the contract search asks of the sets.

A set of a contract of so many naturals takes the fewest wilds the limits allow it
(:func:`fewest_set_wilds`): enough to make the contract's length, or more where
the limits let only a longer set hold them.  So the fewest wild cards the sets of
a contract take from a hand depend only on how many naturals of each rank it
holds: each rank offers a few ways to make one or more sets (:class:`SetOptions`),
the cheapest over every way the sets may share its naturals (evenly, where the
limits rise by at most one wild a card), and the cheapest choice is a small
knapsack over the ranks (:func:`knapsack`).  The limits asked are those of
:mod:`~shanghai_rules.wild_limits`.

This module is internal: nothing in it is part of the public interface.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from .cards import MAX_CARDS
from .memo import MEMO
from .rules import Contract, Rules
from .verify import agree
from .wild_limits import wild_limits

__all__ = [
    "NO_SETS",
    "SetOptions",
    "fewest_set_wilds",
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
    card too); and the wilds a set of wilds only takes (:data:`NO_SETS` where none is allowed)."""

    other_ranks: tuple[Ways, ...]
    twos: tuple[Ways, ...]
    wild_set: int


def fewest_set_wilds(rules: Rules, length: int, naturals: int) -> int | None:
    """The fewest wilds a set of ``naturals`` naturals takes, at least ``length`` cards long: enough to
    make the length, or more where only a longer set may hold them (wild limits that rise by more
    than one wild a card; not where contract melds are just their length); ``None`` where none may.
    (Past the last length ``Rules.max_wilds_by_length`` names, a longer set only holds more wilds.)"""
    limits = wild_limits(rules)
    least = max(0, length - naturals)
    steady = 0 if rules.contract_melds_exact else limits.steady_length
    for wilds in range(least, max(least, steady) + 1):
        if limits.allows(wilds, naturals):
            return wilds
    return None


def _ways(rules: Rules, contract: Contract, naturals: int, two: bool) -> Ways:
    """A rank's ways to make sets of ``contract`` from ``naturals`` of its cards (``two``: the rank is 2):
    the sets share them as evenly as can be, each of the contract's length, which suits limits that
    rise by at most one wild a card best (:func:`_ways_set_by_set` for the others)."""
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


def _ways_set_by_set(rules: Rules, contract: Contract, two: bool, top: int) -> tuple[Ways, ...]:
    """:func:`_ways` for any wild limits, of every count of naturals from 0 to ``top``: the fewest wilds of
    ``t`` sets sharing them, each set with its :func:`fewest_set_wilds`, over every way to share them (a
    set wants at most the contract's length of naturals: with as many, it needs no wild)."""
    length = contract.set_length
    most = 1 if rules.distinct_contract_set_ranks else contract.sets
    costs = [NO_SETS] + [NO_SETS if (w := fewest_set_wilds(rules, length, k)) is None
                         else w + (k if two and rules.wild_twos else 0) for k in range(1, length + 1)]
    ways: list[list[tuple[int, int]]] = [[] for _ in range(top + 1)]
    fewest = [0] * (top + 1)  # by the naturals held: the fewest wilds of the t sets so far
    for t in range(1, most + 1):
        fewest = [min([fewest[n - k] + costs[k] for k in range(1, min(n, length) + 1)], default=NO_SETS)
                  for n in range(top + 1)]
        for n, wilds in enumerate(fewest):
            if wilds < NO_SETS and len(ways[n]) == t - 1:  # (t - 1 sets could be made of them too)
                ways[n].append((t, wilds))
    return tuple(map(tuple, ways))


def work_out_set_options(rules: Rules, contract: Contract) -> SetOptions:
    """The :class:`SetOptions` of ``contract`` under ``rules``, worked out (:func:`set_options` remembers them).
    Where the wild limits rise by at most one wild a card over every length a set may grow to (as far
    as :func:`fewest_set_wilds` looks), the even sharing of :func:`_ways` is the cheapest (the checking
    mode compares it with :func:`_ways_set_by_set`)."""
    most = 1 if rules.distinct_contract_set_ranks else contract.sets
    length = contract.set_length
    top = most * length
    wild_set = fewest_set_wilds(rules, length, 0)
    if wild_limits(rules).regular(MAX_CARDS + 1, length):
        ways = [_evenly(rules, contract, two, top) for two in (False, True)]
    else:
        ways = [_ways_set_by_set(rules, contract, two, top) for two in (False, True)]
    return SetOptions(ways[0], ways[1], NO_SETS if wild_set is None else wild_set)


def _evenly(rules: Rules, contract: Contract, two: bool, top: int) -> tuple[Ways, ...]:
    """:func:`_ways` of every count of naturals from 0 to ``top``, each confirmed in the checking mode
    against :func:`_ways_set_by_set` (worked out once, when first asked)."""
    by_set: list[tuple[Ways, ...]] = []

    def set_by_set(naturals: int) -> Ways:
        if not by_set:
            by_set.append(_ways_set_by_set(rules, contract, two, top))
        return by_set[0][naturals]

    return tuple(agree(_ways(rules, contract, n, two), lambda n=n: set_by_set(n),  # type: ignore[misc]
                       "a rank's sets, shared evenly") for n in range(top + 1))


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


def knapsack(ways: Iterable[Ways], wanted: int, wild_set: int) -> int:
    """The fewest wild cards ``wanted`` sets take where each rank offers ``ways``, and a set of wilds
    only takes ``wild_set`` (:data:`NO_SETS`: none may be made)."""
    fewest = [0] + [NO_SETS] * wanted  # fewest wilds to make j sets from the ranks so far
    for rank_ways in ways:
        for j in range(wanted, 0, -1):
            for t, cost in rank_ways:
                if t <= j and fewest[j - t] + cost < fewest[j]:
                    fewest[j] = fewest[j - t] + cost
    if wild_set < NO_SETS:  # sets of wilds only
        for j in range(1, wanted + 1):
            fewest[j] = min(fewest[j], fewest[j - 1] + wild_set)
    return fewest[wanted]


def one_set(ways: Iterable[Ways], wild_set: int) -> int:
    """:func:`knapsack` of one set, the commonest contract's: the cheapest rank's first way, or a set
    of wilds only."""
    return min([rank_ways[0][1] for rank_ways in ways if rank_ways] + [wild_set])


def sets_knapsack(counts: Sequence[int], wanted: int, options: SetOptions) -> int:
    """The fewest wild cards ``wanted`` sets take from a hand with card ``counts`` (by code): the
    knapsack over every rank (the judgement the search's bound stands for)."""
    top = len(options.other_ranks) - 1
    ways = [(options.twos if rank == 0 else options.other_ranks)[min(naturals, top)]
            for rank, naturals in enumerate(rank_counts(counts))]
    return knapsack(ways, wanted, options.wild_set)


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
