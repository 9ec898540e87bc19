"""The contract search: every layout of a contract that a hand holds, exactly.

Runs are placed first, suit by suit and, within a suit, by start position
(their natural cards fixed by suit and position); then sets are chosen by
counting what is left.  Wilds are counted, not placed, until a layout is
complete: any joker or wild 2 can stand anywhere a wild may (a wild 2 used in
its own place is natural, and still costs one of the wild cards).  A dead 2
(``Rules.discarded_twos_die``) is counted with the 2s of its suit but is no
wild: a 2 used in its own place is a dead one while any is left (which costs
no wild, and is never worse), and a layout may leave dead 2s out only where
the whole hand need not go down.  The bounds are asked as if dead 2s were
wild (every layout is one of that looser hand too, so they stay sound).

It stays exact and is quick on hard hands because quick necessary conditions
reject hopeless states before they are searched (the bounds of
:mod:`~shanghai_rules.contract_bounds`; the sets priced exactly by counting,
:mod:`~shanghai_rules.contract_sets`; in a no-discard round, whether sets can
take the cards no run can take any more, and whether runs can take every copy
of a card no set takes); a state reached at a suit boundary, or among many
sets, that once led nowhere is not searched again (:meth:`ContractSearch._enter`,
:meth:`ContractSearch._sets`); a
run leaves a natural for a wild only where another meld might want that card;
and a window of positions stops growing as soon as its missing cards break a
wild limit.  Every wild limit asked is that of :mod:`~shanghai_rules.wild_limits`.
What is left is bounded by a ruling: the search tries at most
:data:`PLACEMENT_LIMIT` runs and sets for each layout, and its other work for
a try is small.

This module is internal: :func:`~shanghai_rules.contracts.contract_layouts` is its public face.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, islice
from operator import add, itemgetter
from typing import Final, NamedTuple

from .cards import ALL_CARDS, MAX_CARDS, Card
from .contract_bounds import ContractBound, contract_bound
from .contract_sets import (
    SetOptions,
    knapsack,
    one_set,
    rank_counts,
    rank_totals,
    set_options,
    set_shapes,
    sets_knapsack,
    work_out_set_options,
)
from .meld_value import Meld
from .memo import MEMO
from .rules import Contract, Rules
from .verify import agree
from .wild_limits import wild_limits

__all__ = ["PLACEMENT_LIMIT", "ContractSearch", "Tries", "first_layout"]

#: The most runs and sets the search tries before it gives a layout (a run tried: each window of
#: positions weighed for a run, and each run placed; a set tried: each count of naturals weighed
#: for a set, and each set placed): once it has tried this many since the last
#: layout (or since its start), it looks no further and gives no more
#: (:attr:`ContractSearch.limit_reached` says so).  No hand of a preset's game comes near it (the
#: most in the seeded games of the behaviour fingerprint is a few hundred); it bounds the search in
#: contracts of many melds under house rules, where a hand can have more ways to try than any
#: machine could weigh.  Under a second of work on a 2-core machine of 2026.
PLACEMENT_LIMIT: Final = 50_000


class _LimitReached(Exception):
    """The search has tried :data:`PLACEMENT_LIMIT` runs and sets since its last layout."""


class Tries:
    """The runs and sets that several searches, made one after another for one question, may try in
    all: a judgement that asks the contract search of many positions (the no-trap search of
    :mod:`~shanghai_rules.engine.no_trap`) shares one between them, so that its whole cost is bounded
    and not only that of each search."""

    __slots__ = ("left",)

    def __init__(self, most: int) -> None:
        self.left = most
        """The tries left; below 0 once a search has tried more than were given."""

    @property
    def spent(self) -> bool:
        """Have the searches tried every run and set given?"""
        return self.left <= 0


def _code_at(position: int, suit: int) -> int:
    return suit * 13 + (12 if position == 1 else position - 2)


# the card code at each run position 1-14 (index 0 unused), per suit
_CODES: Final = tuple(tuple([0] + [_code_at(p, suit) for p in range(1, 15)]) for suit in range(4))
# per suit, from a hand's counts by code: the count of the card at each run position 1-14 (index 0 unused)
_HELD: Final = tuple(itemgetter(*codes) for codes in _CODES)
_NO_RANKS: Final = (0,) * 13
_KEEP_ALL: Final = ((),)  # a run's drop choices where none may be left out: none is
_NO_DEAD_TWOS: Final = (0, 0, 0, 0)
_DONE: Final = (None,)  # what a search yields once it holds a layout
_ANY_LENGTH: Final = 1 << 30  # longer than any meld


class SearchTables(NamedTuple):
    """What a search of one contract under one set of rules in a hand of one size asks, kept in the memo."""

    caps: tuple[int | None, ...]
    """The most wilds a meld of each length up to the hand's size and one more may hold."""
    segments: tuple[tuple[int, int, int | None], ...]
    """The same, as (first length, last length, most wilds) for each run of lengths of one limit, in
    order (the last reaching every longer length)."""
    segments_most: tuple[int | None, ...]
    """For each of :attr:`segments`, the most wilds it or any later one allows (``None``: no limit)."""
    most_wilds: int | None
    """The most of those (``None``: no limit by count)."""
    regular: bool
    """The limits rise by at most one wild per card (a longer meld never helps but for overlaps)."""
    bound: ContractBound
    set_options: SetOptions
    shapes: tuple[tuple[tuple[int, int], ...], ...]
    fewest: int
    """The fewest cards the contract takes."""


def _search_tables(key: tuple[Rules, Contract, int], remember: bool = True) -> SearchTables:
    """The tables of a search (``remember``: the bound and the set options from the memo, or worked out)."""
    rules, contract, size = key
    limits = wild_limits(rules)
    caps = limits.most_by_length(size + 1)
    counted = [cap for cap in caps if cap is not None]
    bound = contract_bound(rules, contract) if remember else ContractBound(rules, contract)
    options = set_options(rules, contract) if remember else work_out_set_options(rules, contract)
    # (the limits of melds shorter than the contract's shortest do not matter to its search)
    shortest = min(contract.set_length if contract.sets else size + 1,
                   contract.run_length if contract.runs else size + 1)
    segments = _segments(caps)
    return SearchTables(caps, segments, _most_from(segments),
                        max(counted) if counted else None, limits.regular(size + 1, shortest), bound, options,
                        set_shapes(rules, contract), contract.min_cards)


def _most_from(segments: tuple[tuple[int, int, int | None], ...]) -> tuple[int | None, ...]:
    """For each segment, the most wilds it or a later one allows (``None`` where one has no limit)."""
    found: list[int | None] = []
    most: int | None = -1
    for _, _, cap in reversed(segments):
        most = None if most is None or cap is None else max(most, cap)
        found.append(most)
    return tuple(reversed(found))


def _segments(caps: tuple[int | None, ...]) -> tuple[tuple[int, int, int | None], ...]:
    """``caps`` (the most wilds by length, the last for every longer length too) as runs of lengths of
    one limit: (first length, last length, most wilds)."""
    found = []
    first = 0
    for length in range(1, len(caps)):
        if caps[length] != caps[first]:
            found.append((first, length - 1, caps[first]))
            first = length
    found.append((first, _ANY_LENGTH, caps[first]))
    return tuple(found)


_TABLES: Final = MEMO.table("contract search tables by rules, contract and hand size", 256)


class _SuitPlan(NamedTuple):
    """What the placing of one run in one suit asks, worked out once per suit and slot."""

    suit: int
    codes: tuple[int, ...]
    have: tuple[int, ...]
    first: int
    remaining_runs: int
    trim_ends: bool
    last_whole: bool
    elsewhere: frozenset[int]
    may_drop: bool
    wilds_left: int
    unlimited: bool


def saturated_bytes(counts: Iterable[int]) -> bytes:
    """Card counts as bytes, a count over 255 as 255."""
    return bytes(min(n, 255) for n in counts)


class ContractSearch:
    """A depth-first search for the layouts of one contract in one hand (see the module docs)."""

    def __init__(self, hand: Sequence[Card], rules: Rules, contract: Contract, *, bounds: bool = True,
                 remember: bool = True, tries: Tries | None = None) -> None:
        """The search of ``contract`` under ``rules`` in ``hand``; ``bounds=False`` searches without the
        bounds and the sets' shortcuts (to check them); ``remember=False`` keeps nothing in the memo
        (for rules being built); ``tries``: the runs and sets it shares with other searches, where
        it is one of several made for one judgement (it stops, as at its own limit, once they are
        spent)."""
        self.rules = rules
        self.contract = contract
        self.use_bounds = bounds
        self.whole = contract.no_discard
        counts = [0] * 57
        for card in hand:
            counts[card.code] += 1
        # dead 2s (codes 53-56) are counted with the 2s of their suit, and kept apart as no wild
        dead_twos = counts[53:]
        del counts[53:]
        if any(dead_twos):
            for suit, dead in enumerate(dead_twos):
                counts[13 * suit] += dead
        self.counts = counts
        # the bounds and the placing of runs read the cards held as bytes (``as_bytes``), and the sets'
        # bound adds the four suits' bytes of a rank in one; a hand holding 64 or more of one card (no
        # game deals that many of a natural card: see MAX_CARDS; jokers, under house rules) is read
        # with each count over 255 as 255 (none of them asks more than a few of one natural card),
        # and its ranks are counted one by one
        self.counts_fit_bytes = len(hand) < 64 or max(counts) < 64
        self.as_bytes: Callable[[Iterable[int]], bytes] = bytes if self.counts_fit_bytes else saturated_bytes
        self.wild_twos = rules.wild_twos
        # the dead 2s not yet used, by suit (none where 2s are not wild: a dead 2 is then a 2 as any other)
        self.dead_twos = dead_twos if self.wild_twos else [0, 0, 0, 0]
        twos = counts[0] + counts[13] + counts[26] + counts[39] - sum(self.dead_twos) if self.wild_twos else 0
        self.wilds_left = counts[52] + twos
        self.total = len(hand)
        self.lowest = rules.lowest_run_place
        key = (rules, contract, len(hand))
        tables: SearchTables = _TABLES.answer(key, _search_tables) if remember else _search_tables(key, False)
        self.tables = tables
        self.caps = tables.caps
        self.bound = tables.bound
        self.regular = tables.regular
        self.ratio = rules.wilds_at_most_naturals
        self.apart = rules.run_wilds_apart
        # may a natural be left out of a run (a wild in its place) so another meld can use it?  (where
        # the wilds held include dead 2s, a set may want a natural that no wild held could stand for)
        self.set_drops = tables.most_wilds is not None or self.ratio or any(self.dead_twos)
        self.runs: list[tuple[int, int, tuple[int, ...], int]] = []  # suit, start, cells (code + 1, 0 = wild), wilds
        self.sets: list[tuple[int | None, list[int], int]] = []  # rank, natural codes, wilds
        self.dead: set[tuple[object, ...]] = set()  # search states known to lead to no layout
        # sets states that led nowhere are noted where the contract asks for more than three sets (for
        # fewer, noting them costs more than it saves), and not by the search without its shortcuts
        self.note_dead_sets = bounds and contract.sets > 3
        self.suit_costs: list[tuple[int, ...]] = []
        self.copies_choices: dict[tuple[int, ...], list[tuple[int, int]]] = {}  # see _copies_choices
        # the runs and sets tried since the last layout, and the most allowed (none for the search
        # without its shortcuts, which the checking mode and the tests compare it with)
        self.placed = 0
        self.placement_limit = PLACEMENT_LIMIT if bounds else None
        self.tries = tries if bounds else None
        self.limit_reached = False
        """The search stopped at :data:`PLACEMENT_LIMIT` runs and sets tried, or at the :class:`Tries` it
        shares: the layouts it gave may not be all."""

    def _loose_wilds(self) -> int:
        """The wilds left, counting the dead 2s left as wilds too: what the bounds are asked with."""
        return self.wilds_left + sum(self.dead_twos)

    # limits -----------------------------------------------------------------

    def _ok(self, wilds: int, naturals: int) -> bool:
        """May a run hold ``wilds`` wilds and ``naturals`` naturals?"""
        return naturals > 0 and self._set_ok(wilds, naturals)

    def _wild_counts(self, naturals: int, low: int, high: int) -> Iterator[tuple[int, int]]:
        """The counts of wilds from ``low`` to ``high`` that a meld of ``naturals`` naturals may hold, as
        ranges (first, last), in order: what :meth:`_set_ok` says of each count, read off the limits
        a run of lengths at a time (so that a count of many wilds costs no more than a few)."""
        if self.ratio:
            high = min(high, naturals)
        tables = self.tables
        segments = tables.segments
        # (up to the first run of lengths past which no count fits)
        for index in range(len(segments)):
            first, last, cap = segments[index]
            start = max(low, first - naturals)
            most = tables.segments_most[index]
            if most is not None and start > most:
                return
            end = min(high, last - naturals, high if cap is None else cap)
            if start <= end:
                yield start, end
            if last - naturals >= high:
                return

    def _set_ok(self, wilds: int, naturals: int) -> bool:
        """May a meld hold ``wilds`` wilds and ``naturals`` naturals (by count: not their places)?
        :meth:`WildLimits.allows`, read off the limits kept by length."""
        cap = self.caps[min(wilds + naturals, len(self.caps) - 1)]
        if cap is not None and wilds > cap:
            return False
        return not (self.ratio and wilds > naturals)

    # results ----------------------------------------------------------------

    def layouts(self) -> Iterator[tuple[Meld, ...]]:
        """Every layout found, in the search's order (runs by suit and position, then sets), each
        within :data:`PLACEMENT_LIMIT` runs and sets tried since the one before (or the start)."""
        if self.total < self.tables.fewest:
            return
        if self.whole and self.contract.sets == 0 and not self._whole_hand_runs_possible():
            return
        if self.use_bounds and ((self.whole and not self._jokers_have_room()) or self._hopeless()):
            return
        # where the hand need not go down whole, the run bound of _hopeless says all this says
        if self.contract.runs and self.whole and not self._some_run_window():
            return
        try:
            for _ in self._enter(0, 0):
                self.placed = 0
                yield self._build()
        except _LimitReached:
            self.limit_reached = True

    def _count_placement(self) -> None:
        """Count a run or set tried; past :data:`PLACEMENT_LIMIT` since the last layout, or past the
        :class:`Tries` shared with other searches, stop the search."""
        self.placed += 1
        if self.placement_limit is not None and self.placed > self.placement_limit:
            raise _LimitReached
        tries = self.tries
        if tries is not None:
            tries.left -= 1
            if tries.left < 0:
                raise _LimitReached

    def _build(self) -> tuple[Meld, ...]:
        """The layout the search holds now, as melds: runs, then sets."""
        counts = self.counts
        # the wild cards left to place: jokers first, then any 2s not used as naturals; a set of 2s
        # whose naturals are of different suits takes jokers (a 2 in it would be one more natural)
        jokers = [ALL_CARDS[52]] * counts[52]
        for_twos = self._jokers_in_sets_of_twos()
        pool = jokers[for_twos:]
        if self.wild_twos:
            for suit, code in enumerate((0, 13, 26, 39)):
                pool += [ALL_CARDS[code]] * (counts[code] - self.dead_twos[suit])
        wilds = iter(pool)
        twos_wilds = iter(jokers[:for_twos])
        melds: list[Meld] = []
        for suit, start, cells, _ in self.runs:
            run = tuple([ALL_CARDS[c - 1] if c else next(wilds) for c in cells])
            melds.append(Meld("run", run, None, ALL_CARDS[suit * 13].suit, start))
        set_cards: list[list[Card]] = []
        for rank, naturals, w in self.sets:
            own = twos_wilds if for_twos and rank == 2 else wilds
            set_cards.append([ALL_CARDS[c] for c in naturals] + list(islice(own, w)))
        if self.whole:  # every wild left over joins a set that has room for it
            for cards, (_, naturals, _w) in zip(set_cards, self.sets):
                while self._set_ok(len(cards) - len(naturals) + 1, len(naturals)):
                    extra = next(wilds, None)
                    if extra is None:
                        break
                    cards.append(extra)
        for (rank, _, _), cards in zip(self.sets, set_cards):
            melds.append(Meld("set", tuple(cards), rank))
        return tuple(melds)

    # the bounds -------------------------------------------------------------

    def _hopeless(self, slot: int = 0, suit: int = 0) -> bool:
        """True when the quick bounds of :mod:`~shanghai_rules.contract_bounds` prove that no layout
        exists: for the whole contract, or, in the search, for the runs from ``slot`` on (in ``suit``
        and the later suits) with the sets, from the cards left.

        The search takes cards from one suit at a time, in order: every later suit still holds
        what it held at the start, so its costs for runs, worked out at the start (for the
        most wilds the search ever has), are kept for the whole search; only a suit with a
        run placed in it (the last run placed) is looked up again."""
        bound = self.bound
        runs = self.contract.runs - slot
        wilds_left = self._loose_wilds()
        if self.whole:
            # the whole-hand bound covers each suit's cards anew for each pattern of them: asked where
            # every suit from ``suit`` on is as the search found it (its answers then kept), not after
            # a run in ``suit``, whose cards left would each be covered anew
            if bound.whole and not (self.runs and self.runs[-1][0] == suit):
                return not bound.whole_runs_possible(self.counts, wilds_left, runs, suit)
            return not self._runs_take_every_copy(runs, suit)
        row = None
        cost = 0
        if not (slot or suit):
            if runs:
                row = self.as_bytes(self.counts)  # (made once, for both bounds)
                self.suit_costs = bound.suits_costs(row, wilds_left)
                # (at the start, and only there, four or more runs in a suit are priced in full)
                full = bound.many_runs_costs(row, wilds_left) if runs > 3 else self.suit_costs
                cost = bound.shared_cost(full, runs, wilds_left)
        elif self.runs and self.runs[-1][0] == suit:
            base = 13 * suit
            left = bound.suit_costs(self.as_bytes(self.counts[base:base + 13]), wilds_left)
            cost = bound.shared_cost([left, *self.suit_costs[suit + 1:]], runs, wilds_left)
        else:
            cost = bound.shared_cost(self.suit_costs[suit:], runs, wilds_left)
        if cost > wilds_left:
            return True
        return bool(self.contract.sets) and cost + self._sets_cost(row) > wilds_left

    def _runs_take_every_copy(self, runs: int, suit: int) -> bool:
        """Whole-hand rounds: can ``runs`` runs in ``suit`` and the later suits, with the contract's sets,
        take every copy of the natural cards left (and the dead 2s)?

        A run holds one card of each place, so a suit needs as many runs as it holds copies
        of its most copied card, but of the ranks the sets take (a set can take every copy of
        its rank, as far as this asks).  So: is there a choice of at most as many ranks as
        sets that leaves the suits needing no more runs than ``runs``?  Each suit is tried at
        each count of copies it may be left needing (a threshold: the ranks of more copies go
        to sets).  (What the whole-hand bound of :mod:`~shanghai_rules.contract_bounds` says
        more fully, where it is written for the rules: runs only, aces high, no wild 2s.)"""
        choices = [self._copies_choices(base) for base in range(13 * suit, 52, 13)]
        return self._fewest_runs(choices, 0, 0, self.contract.sets) <= runs

    def _copies_choices(self, base: int) -> list[tuple[int, int]]:
        """For the suit at code ``base``, at each threshold: the copies it needs runs for, and the ranks
        (bit r for ``code % 13 == r``) sets must take; kept by the suit's cards for the search (the
        suits after the one a run was last placed in are as the search found them)."""
        counts = self.counts
        row = (self.dead_twos[base // 13] if self.wild_twos else counts[base], *counts[base + 1:base + 13])
        found = self.copies_choices.get(row)
        if found is None:
            found = [(t, sum(1 << r for r, n in enumerate(row) if n > t)) for t in sorted({0, *row})]
            self.copies_choices[row] = found
        return found

    def _fewest_runs(self, choices: list[list[tuple[int, int]]], index: int, taken: int, sets: int) -> int:
        """The fewest runs the suits of ``choices`` from ``index`` on need, with the ranks ``taken`` by
        sets already and at most ``sets`` ranks in all (see :meth:`_runs_take_every_copy`)."""
        if index == len(choices):
            return 0
        best = MAX_CARDS + 1
        for copies, ranks in choices[index]:  # (by copies, fewest first)
            if copies >= best:
                break
            together = taken | ranks
            if together.bit_count() <= sets:
                best = min(best, copies + self._fewest_runs(choices, index + 1, together, sets))
        return best

    def _sets_cost(self, row: bytes | None = None) -> int:
        """The fewest wild cards the contract's sets can take from the cards left (with wild 2s,
        natural 2s in a set of 2s count too).  Exact when the whole hand need not be used.
        ``row``: the cards left by code, a byte each, where the caller has made it.

        :func:`~shanghai_rules.contract_sets.sets_knapsack` over every rank, worked out over
        fewer: with more naturals of a rank, its ways to make sets are never fewer and never
        cost more, so the best sets use the 2s (which have ways of their own) and, of the
        other ranks, those with the most naturals, no more of them than there are sets."""
        wanted = self.contract.sets
        if not wanted:
            return 0
        options = self.tables.set_options
        top = len(options.other_ranks) - 1
        if not self.counts_fit_bytes:
            ranks: Sequence[int] = rank_counts(self.counts)
        else:
            ranks = rank_totals(self.as_bytes(self.counts) if row is None else row)
        chosen = [options.other_ranks[min(n, top)] for n in sorted(ranks[1:])[-wanted:]]
        chosen.append(options.twos[min(ranks[0], top)])
        if wanted == 1:
            cost = one_set(chosen, options.wild_set)
        else:
            cost = knapsack(chosen, wanted, options.wild_set)
        return agree(cost, lambda: sets_knapsack(self.counts, wanted, options), "the sets' cost by their best ranks")

    def _sets_possible(self) -> bool:
        """Can the cards left make the contract's sets?  Exact when the whole hand need not be used."""
        return self._sets_cost() <= self._loose_wilds()

    def _jokers_have_room(self) -> bool:
        """Whole-hand rounds: can the contract's melds hold every joker?  A joker is a wild in any meld,
        a meld holds at most the most wilds any meld may hold, and where wilds may not outnumber a
        meld's naturals, the melds hold no more wilds than the hand's other cards."""
        jokers = self.counts[52]
        most = self.tables.most_wilds
        if most is not None and jokers > most * (self.contract.sets + self.contract.runs):
            return False
        return not (self.ratio and jokers > self.total - jokers)

    def _some_run_window(self) -> bool:
        """A quick necessary condition for any run: some stretch of the minimum length in some
        suit holds enough naturals that the wilds allowed in one run can fill the rest.

        Valid where the wild limit is a plain count (or none): a legal longer run
        then holds a legal stretch of the minimum length.  Where the limit grows
        with the length or depends on the naturals, this says nothing (True).
        """
        rules = self.rules
        if rules.max_wilds_by_length is not None or self.ratio:
            return True
        length = self.contract.run_length
        cap = rules.max_wilds_per_meld
        loose = self._loose_wilds()
        allowed = loose if cap is None else min(cap, loose)
        need = max(1, length - allowed)
        counts = self.counts
        for codes in _CODES:
            have = [1 if position >= self.lowest and counts[codes[position]] else 0 for position in range(15)]
            for start in range(self.lowest, 15 - length + 1):
                if sum(have[start:start + length]) >= need:
                    return True
        return False

    def _whole_hand_runs_possible(self) -> bool:
        """A quick necessary condition for laying a whole hand down as runs only: every suit
        holding a card that cannot be wild needs a run, and the wilds must fill each such
        run up to the minimum length (2s counted as wilds, which only helps)."""
        contract = self.contract
        if self.total > 13 * contract.runs:
            return False
        counts = self.counts
        suits = 0
        needed = 0
        for suit in range(4):
            base = suit * 13
            naturals = sum(counts[base + 1:base + 13]) + (0 if self.wild_twos else counts[base])
            if naturals:
                suits += 1
                needed += max(0, contract.run_length - naturals)
        return suits <= contract.runs and needed <= self._loose_wilds()

    def _runs_possible(self, slot: int, suit: int) -> bool:
        """A quick necessary condition: enough cards in ``suit`` and later suits, with the wilds, for
        the runs left.  Each run takes at most one card of each code, so ``k`` runs take at most
        ``min(count, k)`` of it; every other place in them is a wild."""
        k = self.contract.runs - slot
        naturals = 0
        for code in range(13 * suit, 52):
            if not (self.wild_twos and code % 13 == 0):
                naturals += min(self.counts[code], k)
        return k * self.contract.run_length - naturals <= self._loose_wilds()

    def _sets_can_take_the_rest(self, done: int) -> bool:
        """Whole-hand rounds: no run will take cards of codes below ``done`` any more, so only sets
        can; they take one rank each."""
        counts = self.counts
        twos = self.wild_twos
        if not self.contract.sets and not twos:
            return not any(counts[:done])
        return len(self._ranks_left(range(done))) <= self.contract.sets

    # the search: suits, runs, sets -------------------------------------------

    def _enter(self, slot: int, suit: int) -> Iterator[None]:
        """Go on with run ``slot`` from ``suit`` (4: the runs are done, on to the sets).

        Suits are searched in order, so the cards of ``suit`` and later suits
        are still all in hand here: what is left to find depends only on the
        slot, the wilds left and, when sets or the whole hand still have to take
        them, the ranks of the cards left in the earlier suits.  A state that
        led nowhere once is not searched again (the search leaves the state as
        it found it, so its key is the same after as before).
        """
        inner = self._next_step(slot, suit)
        if inner is None:
            return iter(())
        return self._noting_dead(lambda: self._key(slot, suit), inner)

    def _noting_dead(self, key: Callable[[], tuple[object, ...]], search: Iterator[None]) -> Iterator[None]:
        """``search`` from the state whose key ``key`` makes, unless that state once led nowhere;
        noted if it leads nowhere now (the search leaves each state as it found it, so the key
        reads the same after the search from it as before).  The key is made only where asked."""
        if self.dead and key() in self.dead:
            return
        found = False
        for _ in search:
            found = True
            yield None
        if not found:
            self.dead.add(key())

    def _next_step(self, slot: int, suit: int) -> Iterator[None] | None:
        """The search of run ``slot`` from ``suit`` (or of the sets), or ``None`` where the bounds
        show that it finds nothing."""
        contract = self.contract
        if self.whole and not self._sets_can_take_the_rest(13 * suit if slot < contract.runs else 52):
            return None
        if slot < contract.runs:
            # the bound of _hopeless is the stronger where it counts up to three runs in a suit
            # and the hand need not go down whole; at the very start layouts() has asked it
            # (in a whole-hand round of runs the bound covers each suit exactly, and says more still)
            if self.use_bounds:
                if ((self.whole and not self.bound.whole) or contract.runs - slot > 3) \
                        and not self._runs_possible(slot, suit):
                    return None
                if (slot or suit) and self._hopeless(slot, suit):
                    return None
            return self._runs(slot, suit, self.lowest)
        if self.whole or not (slot or suit) or self._sets_possible():
            # (a contract of sets only, at the very start: layouts() has asked _hopeless, which says this)
            return self._sets(0, -1)
        return None

    def _key(self, slot: int, suit: int) -> tuple[object, ...]:
        """What the rest of the search depends on, once the suits before ``suit`` are done with: the
        cards those suits leave to the sets, by rank (by card, where a set's naturals are of different
        suits and so which suit is left matters)."""
        if self.contract.sets or self.whole:
            counts = self.counts
            left: Iterable[int] = _NO_RANKS
            if suit and self.rules.distinct_contract_set_suits:
                left = counts[:13 * suit]
            elif suit:
                left = counts[:13]
                for base in range(13, 13 * suit, 13):
                    left = map(add, left, counts[base:base + 13])
            return (slot, suit, self.wilds_left, tuple(self.dead_twos), tuple(left))
        return (slot, suit, self.wilds_left, tuple(self.dead_twos))

    def _runs(self, slot: int, suit: int, low: int) -> Iterator[None]:
        """Place run ``slot`` in ``suit``, starting at position ``low`` or later, or move on a suit."""
        contract = self.contract
        if slot == contract.runs:
            yield from self._enter(slot, 4)
            return
        # runs in this suit start at ``low`` or later: the cards below it are done with
        if self.whole and low > 2 and not self._sets_can_take_the_rest(13 * suit + low - 2):
            return
        cards = self.as_bytes(self.counts[13 * suit:13 * suit + 13])
        # too few cards in this suit, even with every wild, for any run: on to the next suit
        if sum(cards) + self._loose_wilds() >= contract.run_length:
            plan = self._suit_plan(slot, suit, low)
            # the places without a card in the stretch of the minimum length from each start (16 or
            # more where two touch and wilds must be apart), by start from the lowest: where they are
            # more than the wilds a run may hold, no run starts there, and the start is passed over
            stretches = self.bound.stretches(cards)[1][plan.first - self.lowest:]
            most = self.tables.most_wilds
            allowed = min(plan.wilds_left if most is None else min(most, plan.wilds_left), 15)
            for start, stretch in zip(range(plan.first, 15 - contract.run_length + 1), stretches):
                if stretch <= allowed:
                    for end, naturals, dropped in self._runs_from(plan, start):
                        yield from self._place_run(slot, plan, start, end, naturals, dropped)
        if suit < 3:
            yield from self._enter(slot, suit + 1)

    def _suit_plan(self, slot: int, suit: int, low: int) -> _SuitPlan:
        """What placing run ``slot`` in ``suit`` from ``low`` asks, worked out once."""
        contract = self.contract
        counts = self.counts
        remaining_runs = contract.runs - slot - 1
        last_whole = self.whole and not remaining_runs
        elsewhere: frozenset[int] = frozenset()
        first = low
        if last_whole:
            # the last run, if in this suit: what the other suits hold only sets can take, one rank a set
            if not contract.sets and not self.wild_twos:
                # no sets: the other suits must hold nothing at all
                if any(counts[:13 * suit]) or any(counts[13 * suit + 13:52]):
                    first = 15  # not in this suit, then
            else:
                elsewhere = frozenset(self._ranks_left(range(13 * suit), range(13 * suit + 13, 52)))
                if len(elsewhere) > contract.sets:
                    first = 15  # not in this suit, then
        # (a later run may want a natural this run holds: where no limit binds wilds, only as its one
        # natural card, which a wild in this run's place frees)
        may_drop = bool((contract.sets and self.set_drops) or remaining_runs)
        return _SuitPlan(
            suit=suit, codes=_CODES[suit], have=_HELD[suit](counts), first=first, remaining_runs=remaining_runs,
            # a run longer than the minimum needs natural ends, except where a wild at its end
            # may make an overlap that the gap rule between runs asks for
            trim_ends=not self.whole and not self.rules.contract_run_gap and self.regular,
            last_whole=last_whole, elsewhere=elsewhere, may_drop=may_drop, wilds_left=self._loose_wilds(),
            # any run with a natural card holds its wilds
            unlimited=self.tables.most_wilds is None and not self.ratio,
        )

    def _windows(self, plan: _SuitPlan, start: int) -> list[tuple[int, list[int]]]:
        """The windows of positions from ``start`` that may hold a run: each end, with the positions
        of the window whose card the hand holds.  A window stops growing where its missing cards
        (each a wild in every reading) break a wild limit, since only more come."""
        most = self.tables.most_wilds
        length_min = self.contract.run_length
        found: list[tuple[int, list[int]]] = []
        present: list[int] = []
        gaps = 0
        for end in range(start, 14 if start == 1 else 15):  # (13 places at most: the ace once)
            if plan.have[end]:
                present.append(end)
            else:
                gaps += 1
                if gaps > plan.wilds_left or (most is not None and gaps > most):
                    break
                if self.apart and end > start and not plan.have[end - 1]:
                    break
            if end - start + 1 >= length_min and present:
                found.append((end, list(present)))
        return found

    def _runs_from(self, plan: _SuitPlan, start: int) -> list[tuple[int, list[int], bool]]:
        """Every run that may start at ``start`` in the plan's suit: its end, the positions of its
        naturals, and whether it leaves out a natural it might hold (a wild in its place, where
        another meld may want the card)."""
        length_min = self.contract.run_length
        apart = self.rules.contract_run_gap or not self.rules.contract_runs_overlap
        exact = self.rules.contract_melds_exact
        codes = plan.codes
        found: list[tuple[int, list[int], bool]] = []
        for end, present in self._windows(plan, start):
            self._count_placement()  # (a window weighed is a run tried, placed or not)
            m = end - start + 1
            if (exact and m > length_min) or (
                plan.trim_ends and m > length_min and (present[0] != start or present[-1] != end)
            ):
                continue
            if apart and self._touches(plan.suit, start, end):
                continue
            drop_pool: Sequence[int] = ()
            if plan.may_drop:
                drop_pool = present if (not plan.trim_ends or m == length_min) else present[1:-1]
                drop_pool = [p for p in drop_pool if self._may_be_wanted(codes[p], plan.remaining_runs)]
            leftover: frozenset[int] = frozenset()
            room = 0
            if plan.last_whole:
                # every card this run leaves goes to a set: at most one rank a set
                leftover = plan.elsewhere | self._ranks_left_by(plan.suit, [codes[p] for p in present])
                room = self.contract.sets - len(leftover)
                if room < 0:
                    continue
                if not room:
                    drop_pool = [p for p in drop_pool if codes[p] % 13 in leftover]
            for dropped in self._drop_sets(drop_pool, m, len(present), plan) if drop_pool else _KEEP_ALL:
                if dropped and plan.last_whole and sum(1 for p in dropped if codes[p] % 13 not in leftover) > room:
                    continue
                found.append((end, [p for p in present if p not in dropped] if dropped else present, bool(dropped)))
        return found

    def _place_run(self, slot: int, plan: _SuitPlan, start: int, end: int, naturals: list[int],
                   dropped: bool) -> Iterator[None]:
        """Place the run of ``naturals`` from ``start`` to ``end`` (wilds in the other places), search
        on from it, and take it back."""
        self._count_placement()
        n = len(naturals)
        w = end - start + 1 - n
        if not (n if plan.unlimited else self._ok(w, n)):
            return
        # (a run holds one card of each position: at most one natural 2, a dead one while any is left)
        suit = plan.suit
        dead = self.wild_twos and 2 in naturals and self.dead_twos[suit] > 0
        cost = w + 1 if self.wild_twos and 2 in naturals and not dead else w
        if cost > self.wilds_left:
            return
        codes = plan.codes
        held = naturals if dropped else plan.have
        cells = tuple([codes[p] + 1 if (p in held if dropped else held[p]) else 0 for p in range(start, end + 1)])
        # (where every card of the stretch is held, no two wilds touch: the window stops before they would)
        if dropped and self.apart and not _apart(cells):
            return
        if dead:  # the cell of the 2 holds the dead 2 (code 53 + suit)
            cells = tuple([54 + suit if c == codes[2] + 1 else c for c in cells])
            self.dead_twos[suit] -= 1
        counts = self.counts
        for p in naturals:
            counts[codes[p]] -= 1
        self.wilds_left -= cost
        self.runs.append((plan.suit, start, cells, w))
        if not plan.remaining_runs or not self.use_bounds or not self._hopeless(slot + 1, plan.suit):
            yield from self._runs(slot + 1, plan.suit, start)
        self.runs.pop()
        self.wilds_left += cost
        if dead:
            self.dead_twos[suit] += 1
        for p in naturals:
            counts[codes[p]] += 1

    def _touches(self, suit: int, start: int, end: int) -> bool:
        """Would a run from ``start`` to ``end`` in ``suit`` come within the rules' gap of a run
        placed there, or overlap it where the rules forbid that (asked only where the rules set either)?"""
        gap = self.rules.contract_run_gap
        overlap = self.rules.contract_runs_overlap
        for s, a, cells, _ in self.runs:
            if s == suit:
                b = a + len(cells) - 1
                if 0 <= start - b - 1 < gap or 0 <= a - end - 1 < gap:
                    return True
                if not overlap and start <= b and a <= end:
                    return True
        return False

    def _may_be_wanted(self, code: int, remaining_runs: int) -> bool:
        """Might another meld want this very card, so that a run should leave it and take a wild?

        Not when there are more copies than the other melds could take: then one
        copy in this run instead of the wild is as good a layout, or a better one.
        """
        if self.whole or not self.regular or (self.wild_twos and code % 13 == 0):
            return True
        wanted = remaining_runs
        if self.set_drops and self.contract.sets:
            wanted += self.contract.sets * self.contract.set_length
        return self.counts[code] <= wanted

    def _ranks_left_by(self, suit: int, taken: Sequence[int]) -> set[int]:
        """The ranks of the natural cards of ``suit`` left when a run takes one card of each code in ``taken``."""
        return {c % 13 for c in range(13 * suit, 13 * suit + 13)
                if self.counts[c] > (c in taken) and not (self.wild_twos and c % 13 == 0)}

    def _ranks_left(self, *groups: Iterable[int]) -> set[int]:
        """The ranks (as ``code % 13``) of the natural cards held among these codes."""
        return {c % 13 for codes in groups for c in codes if self.counts[c] and not (self.wild_twos and c % 13 == 0)}

    def _drop_sets(self, pool: Sequence[int], m: int, present: int, plan: _SuitPlan) -> Iterator[tuple[int, ...]]:
        """The choices of naturals of ``pool`` to leave out of a run of ``m`` places holding
        ``present`` naturals: none, then ever more, as many as the wilds and the limits allow (where
        no limit binds wilds and no set wants a natural, one for each later run at most: each needs
        one natural card, and may take every other place as a wild)."""
        yield ()
        most = min(len(pool), self.wilds_left)
        if not (self.set_drops or self.apart):
            most = min(most, plan.remaining_runs)
        cap = self.caps[min(m, len(self.caps) - 1)]
        if cap is not None:
            most = min(most, cap - (m - present))
        if self.ratio:
            most = min(most, (present - (m - present)) // 2)
        for k in range(1, most + 1):
            yield from combinations(pool, k)

    def _sets(self, slot: int, floor: int) -> Iterator[None]:
        """Choose set ``slot`` and the later ones, of ranks from ``floor`` up (the rank of the set
        before: sets come in order of rank), from the cards left; then the layout is complete.

        Two shortcuts, which the search without its bounds does without (the checking mode
        compares the two): in a whole-hand round, a state whose naturals the later sets cannot
        all take is left at once (:meth:`_later_sets_can_take_the_rest`); and where the
        contract asks for many sets, a state that led nowhere once is not searched again
        (:meth:`_sets_key`), as :meth:`_enter` does for runs.  Neither changes the layouts
        found or their order: each leaves only states that lead to none."""
        if slot == self.contract.sets:
            return iter(_DONE if not self.whole or self._whole_hand_done() else ())
        if self.whole and slot and self.use_bounds and not self._later_sets_can_take_the_rest(slot, floor):
            return iter(())
        if slot and self.note_dead_sets:
            return self._noting_dead(lambda: self._sets_key(slot, floor), self._sets_from(slot, floor))
        return self._sets_from(slot, floor)

    def _sets_key(self, slot: int, floor: int) -> tuple[object, ...]:
        """What the choice of set ``slot`` on depends on: the wilds and dead 2s left, the cards left
        of the ranks from ``floor`` up (by rank, or by card where a set's naturals are of different
        suits), the jokers the sets of 2s chosen hold, and, in a whole-hand round, the room the sets
        chosen leave for wilds (:meth:`_room`: all :meth:`_absorb` asks of them)."""
        counts = self.counts
        # (in a whole-hand round, naturals left below ``floor`` leave no layout: they are counted too)
        low = 0 if self.whole else max(floor - 2, 0)
        if self.rules.distinct_contract_set_suits:
            left: tuple[int, ...] = tuple(counts[c] for base in (0, 13, 26, 39) for c in range(base + low, base + 13))
        else:
            left = tuple(counts[r] + counts[13 + r] + counts[26 + r] + counts[39 + r] for r in range(low, 13))
        room = self._room(self.wilds_left) if self.whole else 0
        return ("sets", slot, floor, self.wilds_left, tuple(self.dead_twos), self._jokers_in_sets_of_twos(),
                room, left)

    def _sets_from(self, slot: int, floor: int) -> Iterator[None]:
        """:meth:`_sets` past its shortcuts: each rank from ``floor`` up, then a set of wilds only."""
        distinct = self.rules.distinct_contract_set_ranks
        # (no set of 2s where 2s are always wild)
        for rank in range(max(floor, 2 if self.rules.natural_twos else 3), 15):
            if not (distinct and rank == floor):
                yield from self._sets_of_rank(slot, rank)
        # a set of wilds only, where the limits allow one
        if floor <= 15 and not self.ratio:
            for _, w in self._set_shapes(0, self.contract.set_length):
                if w > self.wilds_left:
                    break
                self._count_placement()
                self.wilds_left -= w
                self.sets.append((None, [], w))
                yield from self._sets(slot + 1, 15 if distinct else floor)
                self.sets.pop()
                self.wilds_left += w

    def _later_sets_can_take_the_rest(self, slot: int, floor: int) -> bool:
        """Whole-hand rounds, sets ``slot`` on to be chosen of ranks from ``floor`` up: each rank
        holding naturals left (a dead 2 among them) needs a set of its own, which the later sets can
        give only where the rank is not below them and they are enough (:meth:`_sets_can_take_the_rest`,
        as the sets are chosen)."""
        ranks = self._ranks_left(range(52))
        if any(self.dead_twos):
            ranks.add(0)
        if not ranks:
            return True
        lowest = min(ranks) + 2  # (as a set's rank: 2-14)
        reachable = lowest > floor if self.rules.distinct_contract_set_ranks else lowest >= floor
        return reachable and len(ranks) <= self.contract.sets - slot

    def _whole_hand_done(self) -> bool:
        """Whole-hand rounds, every set chosen: no natural (nor dead 2) is left, and the wilds left fit
        the sets."""
        if any(self.counts[c] for c in range(52) if not (self.wild_twos and c % 13 == 0)) or any(self.dead_twos):
            return False
        return self._absorb()

    def _sets_of_rank(self, slot: int, rank: int) -> Iterator[None]:
        """Set ``slot`` of ``rank``, in each shape the naturals held and the limits allow."""
        base = rank - 2
        counts = self.counts
        if self.rules.distinct_contract_set_suits:  # one natural of each suit at most
            available = (counts[base] > 0) + (counts[13 + base] > 0) + (counts[26 + base] > 0) + (counts[39 + base] > 0)
        else:
            available = counts[base] + counts[13 + base] + counts[26 + base] + counts[39 + base]
        if not available:
            return
        length = self.contract.set_length
        is_two = rank == 2 and self.wild_twos
        if self.whole or not self.regular:
            shapes: Iterable[tuple[int, int]] = self._set_shapes(available, length)
        else:
            shapes = self.tables.shapes[min(available, length)]
        jokers = self.counts[52] - self._jokers_in_sets_of_twos() if is_two else 0
        for k, w in shapes:
            if is_two and self.rules.distinct_contract_set_suits and w > jokers:
                continue  # (its wilds are jokers: see _jokers_in_sets_of_twos)
            cost = w + (k if is_two else 0)  # (a natural 2 is a wild too, but a dead one)
            if is_two and any(self.dead_twos):
                for taken in self._twos_choices(k):
                    dead = self._dead_twos_taken(taken)
                    yield from self._placed_set(slot, rank, taken, w, dead, cost - len(dead))
            elif cost <= self.wilds_left:  # (the naturals taken only where the set is affordable)
                yield from self._placed_set(slot, rank, self._take_naturals(base, k), w, (), cost)

    def _placed_set(self, slot: int, rank: int, taken: list[int], w: int, dead: tuple[int, ...],
                    cost: int) -> Iterator[None]:
        """Set ``slot`` of ``rank`` of the naturals ``taken`` (the dead 2s among them ``dead``) and ``w``
        wilds, costing ``cost`` of the wilds left, and then the later sets."""
        self._count_placement()
        if cost > self.wilds_left:
            return
        counts = self.counts
        for code in taken:
            counts[code] -= 1
        for code in dead:
            self.dead_twos[code - 53] -= 1
        self.wilds_left -= cost
        self.sets.append((rank, taken, w) if not dead else (rank, self._with_dead(taken, dead), w))
        yield from self._sets(slot + 1, rank)
        self.sets.pop()
        self.wilds_left += cost
        for code in dead:
            self.dead_twos[code - 53] += 1
        for code in taken:
            counts[code] += 1

    def _twos_choices(self, k: int) -> Iterator[list[int]]:
        """The 2s a set of ``k`` of them may take, where some are dead: :meth:`_take_naturals`' choice,
        and, where a set's naturals are of different suits, every other choice of ``k`` suits held (the
        dead 2s first saves wilds, but may leave the 2s of one suit only for a later set of 2s)."""
        first = self._take_naturals(0, k)
        yield first
        if self.rules.distinct_contract_set_suits:
            held = [code for code in (0, 13, 26, 39) if self.counts[code]]
            for codes in combinations(held, k):
                if list(codes) != first:
                    yield list(codes)

    def _dead_twos_taken(self, taken: list[int]) -> tuple[int, ...]:
        """The codes (53-56) of the dead 2s among the 2s ``taken`` for a set of 2s: as many of each
        suit's as are left, up to the 2s of that suit taken."""
        return tuple(53 + suit for suit in range(4) for _ in range(min(self.dead_twos[suit], taken.count(13 * suit))))

    @staticmethod
    def _with_dead(taken: list[int], dead: tuple[int, ...]) -> list[int]:
        """The codes of the naturals of a set of 2s, the dead 2s among them by their own codes."""
        codes = list(taken)
        for code in dead:
            codes[codes.index(13 * (code - 53))] = code
        return codes

    def _jokers_in_sets_of_twos(self) -> int:
        """The wilds of the sets of 2s chosen, where they must be jokers: 2s are wild and the naturals
        of a contract set are of different suits (so a 2 in a set of 2s is one more natural)."""
        if not (self.wild_twos and self.rules.distinct_contract_set_suits):
            return 0
        return sum(w for rank, _, w in self.sets if rank == 2)

    def _take_naturals(self, base: int, k: int) -> list[int]:
        """The codes of ``k`` naturals of the rank at ``base``, suit by suit; where the naturals of a
        set are of different suits, one of each of the ``k`` suits holding most (which leaves the
        most for a later set of the rank).  Of the 2s, the dead ones first (a dead 2 costs no wild)."""
        codes = (base, 13 + base, 26 + base, 39 + base)
        dead = self.dead_twos if base == 0 else _NO_DEAD_TWOS
        if self.rules.distinct_contract_set_suits:
            return sorted(sorted(codes, key=lambda code: (-min(dead[code // 13], 1), -self.counts[code]))[:k])
        taken: list[int] = []
        need = k
        for first in (True, False) if any(dead) else (False,):
            for code in codes:
                held = self.counts[code] - len([c for c in taken if c == code])
                take = min(dead[code // 13] if first else held, need)
                taken += [code] * take
                need -= take
                if not need:
                    return taken
        return taken

    def _set_shapes(self, most: int, length: int) -> Iterator[tuple[int, int]]:
        """(naturals, wilds) for a set with at most ``most`` naturals, most naturals first.

        A set has just the contract's length, unless the wild limits are irregular
        (a longer set may hold two wilds more): then longer ones are tried, where the
        rules allow contract melds longer than the contract's length.  Of the sets of ``k``
        naturals, only the one of the fewest wilds the limits allow, but where the round
        takes the whole hand (and every wild must find a place): a set of more wilds would
        only leave fewer for the other melds, and wilds left over stay in the hand.
        """
        exact = self.rules.contract_melds_exact
        if exact:
            most = min(most, length)
        for k in range(most, -1 if not most else 0, -1):
            self._count_placement()  # (each count of naturals weighed is a set tried, placed or not)
            w = max(0, length - k)
            extra = self.wilds_left if not (self.regular or exact) else w
            for first, last in self._wild_counts(k, w, max(w, extra)):
                if not self.whole:
                    yield k, first
                    break
                for wilds in range(first, last + 1):
                    yield k, wilds

    def _absorb(self) -> bool:
        """Whole-hand rounds: place every wild left over into the sets chosen."""
        left = self.wilds_left
        if not left:
            return True
        if not self.regular:  # the sets were tried at every length already
            return False
        return self._room(left) >= left

    def _room(self, most: int) -> int:
        """The wilds the sets chosen could still take, each up to ``most`` more (whole-hand rounds).
        With ``most`` at least the wilds left, whether they can take those (:meth:`_absorb`) is
        whether this is at least that many."""
        room = 0
        for _, naturals, w in self.sets:
            end = w + 1  # (the counts of wilds from w + 1 to end - 1 are allowed, one after another)
            for first, last in self._wild_counts(len(naturals), w + 1, w + most):
                if first > end:
                    break
                end = last + 1
            room += end - (w + 1)
        return min(room, most)


def _apart(cells: tuple[int, ...]) -> bool:
    """No two wilds (0 cells) side by side."""
    return all(a or b for a, b in zip(cells, cells[1:]))


def first_layout(hand: Sequence[Card], rules: Rules, contract: Contract, shortcut: str) -> tuple[Meld, ...] | None:
    """The first layout the search finds (``None``: none within its limit); in the checking mode, the
    first the search without its bounds and shortcuts finds too (named ``shortcut``), where the search
    did not reach its limit (the search without them has none, and would look further)."""
    search = ContractSearch(hand, rules, contract)
    found = next(search.layouts(), None)
    if search.limit_reached:
        return found
    return agree(found, lambda: next(ContractSearch(hand, rules, contract, bounds=False).layouts(), None), shortcut)
