"""Quick necessary conditions for a contract: the search of
:mod:`shanghai_rules.contracts` asks these first, and skips a hand they prove hopeless.

Most hands a player holds before going down cannot make the contract, and the
search would have to try every run it could start to learn so.  The bounds
here look at one suit at a time, where the same pattern of cards comes back
turn after turn (a turn changes one or two suits of a hand), so each suit's
answer is remembered.

Every bound is *sound*: it rejects a hand only when no layout exists, so the
search stays exact.  Each one relaxes the rules just enough to be cheap:

* **Runs** (:meth:`ContractBound.runs_cost`): the fewest wild cards the
  contract's runs can cost.  Every legal run holds a stretch of exactly the
  minimum length that is legal on its own; stretches are judged on the cards
  of the suit the hand holds, and several runs of one suit share the copies
  of each card.  The gap rule between runs and the wilds-at-most-naturals
  rule are left out (a shorter stretch may break them where the run does not).
  Up to three runs in a suit are priced by trying every choice of stretches;
  four or more are priced as three, but at a search's start, where they are
  priced place by place (:meth:`ContractBound.many_runs_costs`).
* **Sets**: the fewest wilds the sets can cost, counted by the search's own
  exact knapsack on the whole hand (:meth:`~shanghai_rules.contracts._Search._sets_cost`).
* Runs and sets use different cards, so together they cost at least the sum.
* **Whole-hand rounds of runs** (:meth:`ContractBound.whole_runs_possible`):
  each suit's cards must be covered exactly by that suit's runs, which keep the
  gap rule between them, and the wilds the runs take must add up to the wilds
  held.  Only which run holds which wild is left open.

This module is internal: nothing in it is part of the public interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .memo import MEMO
from .rules import MAX_CONTRACT_MELDS, Contract, Rules
from .wild_limits import wild_limits

__all__ = ["ContractBound", "contract_bound"]

_NEVER = 1 << 30


def _index(position: int) -> int:
    """The index within a suit (0 for the 2 ... 12 for the ace) of run position 1-14."""
    return 12 if position in (1, 14) else position - 2


_ALL: Final = (1 << 13) - 1

# The run bound works on "lanes": one byte per run position (position p at byte p - 1) or per
# index within a suit (index i at byte i), each 0 or 1, so that a suit's counts become masks
# with a few calls (bytes.translate, int.from_bytes) and a mask's bit_count counts its lanes.
_NONE: Final = bytes(1 if n == 0 else 0 for n in range(256))
_FEWER_THAN_TWO: Final = bytes(1 if n < 2 else 0 for n in range(256))
_FEWER_THAN_THREE: Final = bytes(1 if n < 3 else 0 for n in range(256))
#: By ``k``: each count capped at ``k`` (at most the runs of a contract).
_AT_MOST: Final = tuple(bytes(min(n, k) for n in range(256)) for k in range(MAX_CONTRACT_MELDS + 1))
_AT_MOST_TWO: Final = _AT_MOST[2]


def _positions(holes: bytes) -> int:
    """The lanes of the run positions (see "lanes" above) where a suit has no card, given a byte
    for each index within the suit (1 where it has none): the ace is at 1 and at 14, so its
    byte is copied below the 2's."""
    missing = int.from_bytes(holes, "little")
    return missing << 8 | missing >> 96


class ContractBound:
    """The bounds for one contract under one set of rules, with each suit's answers remembered."""

    __slots__ = ("apart", "costs_key", "covers_key", "ends", "gap_mask", "length", "limits", "lowest", "masks",
                 "most_wilds", "nevers", "runs", "spans", "spread", "spread_pairs", "stretch_cap", "stretches_key",
                 "usable", "whole", "wild_twos")

    def __init__(self, rules: Rules, contract: Contract) -> None:
        self.runs = contract.runs
        self.length = contract.run_length
        self.wild_twos = rules.wild_twos
        self.apart = rules.run_wilds_apart
        self.lowest = rules.lowest_run_place
        # the most wilds a stretch of the minimum length can hold inside some legal run
        most = wild_limits(rules).most
        limits = [most(n) for n in range(self.length, 14)]
        self.stretch_cap: int | None = None if None in limits else max(x for x in limits if x is not None)
        self.limits = {n: most(n) for n in range(self.length, 14)}
        # whole-hand bound (aces high only): every run, as (first index, bit mask, size), by start then end
        self.spans = [(a, ((1 << (b + 1)) - 1) & ~((1 << a) - 1), b - a + 1)
                      for a in range(13) for b in range(a + self.length - 1, 13)]
        # the gap rule between runs of one suit in a contract: the starts it forbids just past a run's end
        # (a gap of more than a suit's 13 indices forbids no more of them than one of 13)
        self.gap_mask = (1 << min(rules.contract_run_gap, 13)) - 1
        # the most wilds any run may hold (None: no limit by count): a longer run from the same
        # start has as many places without a card, or more
        counted = [limit for limit in self.limits.values() if limit is not None]
        self.most_wilds = None if len(counted) < len(self.limits) else max(counted, default=0)
        # every stretch of the minimum length, by its start: its indices within the suit, each as
        # one bit in a byte of its own (see "lanes" at the top)
        self.masks = tuple(sum(1 << 8 * _index(p) for p in range(start, start + self.length))
                           for start in range(self.lowest, 16 - self.length))
        # the costs of one run or more where none can be made
        self.nevers = (_NEVER,) * self.runs
        # the same stretches, all at once: multiplied by ``spread``, a suit's empty lanes give each
        # lane the number of empty places in the stretch that ends there (the stretches end in the
        # lanes ``ends``); multiplied by ``spread_pairs``, its lanes where two empty places touch
        # give 16 for each such pair in that stretch (see _stretch_gaps)
        self.spread = sum(1 << 8 * k for k in range(self.length))
        self.spread_pairs = 16 * sum(1 << 8 * k for k in range(1, self.length))
        self.ends = slice(self.lowest + self.length - 2, 14)
        # the whole-hand bound is written for aces high only, no wild 2s and at most three runs
        self.whole = (contract.no_discard and not contract.sets and contract.runs <= 3 and not rules.ace_low
                      and not rules.wild_twos)
        # what each suit's cards cost depends on the runs alone, not on the sets: the contracts
        # with the same runs under rules with the same limits share the answers (kept in the memo by this key)
        self.costs_key = (self.runs, self.length, self.lowest, self.apart, self.wild_twos, self.stretch_cap)
        # what stretches() answers, by the indices where a suit has no card: shared by every bound
        # with stretches of the same places
        self.stretches_key = (self.length, self.lowest, self.apart)
        # the copies of one card that the contract's runs could use at most (the bound counts up to three)
        self.usable = max(1, min(self.runs, 3))
        # what the whole-hand bound's covers depend on
        self.covers_key = (self.runs, self.length, self.apart, self.most_wilds, rules.contract_run_gap,
                           tuple(self.limits.items()))

    # runs, any hand ---------------------------------------------------------

    def runs_cost(self, counts: Sequence[int] | bytes, pool: int, runs: int | None = None, first_suit: int = 0) -> int:
        """A lower bound on the wild cards (jokers, and wild 2s however placed) the
        contract's runs take from a hand with card ``counts`` (by code; bytes where the
        caller has them) and ``pool`` wild cards.

        With ``runs`` and ``first_suit``: the bound for that many of the runs, in
        that suit and the later ones (for a search that has placed the others).

        Any answer above ``pool`` means that the runs cannot be made: it may be
        the true bound or merely some number above ``pool``."""
        if runs is None:
            runs = self.runs
        if not runs:
            return 0
        return self.shared_cost(self.suits_costs(counts, pool, first_suit), runs, pool)

    def suits_costs(self, counts: Sequence[int] | bytes, pool: int, first_suit: int = 0) -> list[tuple[int, ...]]:
        """Each suit's costs (see :meth:`_suit_costs`) from ``first_suit`` on, in a hand with card
        ``counts`` (by code; bytes where the caller has them) and ``pool`` wild cards.

        An answer for a pool serves every smaller one in :meth:`shared_cost`, so a search
        may keep the costs of the suits it has not touched yet."""
        row = (counts if isinstance(counts, bytes) else bytes(counts)).translate(_AT_MOST[self.usable])
        suits = []
        for base in range(13 * first_suit, 52, 13):
            pattern = row[base:base + 13]
            costs = _SUIT_COSTS.get((self.costs_key, pattern))
            if costs is None:
                costs = _SUIT_COSTS.recall((self.costs_key, pattern))
            if costs is None or costs[-1] < pool:
                # an answer found for a smaller pool says nothing of stretches that need more wilds
                costs = self._suit_costs(pattern, pool)
            suits.append(costs)
        return suits

    def suit_costs(self, cards: bytes, pool: int) -> tuple[int, ...]:
        """One suit's costs (see :meth:`_suit_costs`), for its cards ``cards`` (a byte each, by index
        within the suit) and ``pool`` wild cards."""
        pattern = cards.translate(_AT_MOST[self.usable])
        costs = _SUIT_COSTS.get((self.costs_key, pattern))
        if costs is None:
            costs = _SUIT_COSTS.recall((self.costs_key, pattern))
        if costs is None or costs[-1] < pool:
            costs = self._suit_costs(pattern, pool)
        return costs

    def shared_cost(self, suits: Sequence[tuple[int, ...]], runs: int, pool: int) -> int:
        """:meth:`runs_cost` for ``runs`` runs among the suits whose costs are ``suits`` (from
        :meth:`suits_costs` or :meth:`suit_costs`, for ``pool`` wild cards or more)."""
        # the cheapest way to share the runs among the suits: every way of splitting one, two, three,
        # worked out suit by suit; more runs, by merging the suits' costs
        first = second = third = _NEVER  # the cheapest single runs, in different suits
        if runs == 1:
            for costs in suits:
                if costs[1] < first:
                    first = costs[1]
            return first
        if runs == 2:  # two in one suit, or the cheapest in two suits
            both = _NEVER
            for costs in suits:
                one = costs[1]
                if one < second:
                    if one < first:
                        first, second = one, first
                    else:
                        second = one
                if costs[2] < both:
                    both = costs[2]
            return both if both < first + second else first + second
        if runs == 3:  # three in one suit, two in one and one in another, or one in each of three
            first_at = -1  # the suit of the cheapest single run
            three = _NEVER  # the cheapest three runs in one suit
            pair = _NEVER  # the cheapest two runs in one suit and one in another
            twos: list[tuple[int, int]] = []  # each suit's two-run cost, by suit
            for index, costs in enumerate(suits):
                one = costs[1]
                if one < third:
                    if one < second:
                        if one < first:
                            first, second, third, first_at = one, first, second, index
                        else:
                            second, third = one, second
                    else:
                        third = one
                if costs[3] < three:
                    three = costs[3]
                twos.append((index, costs[2]))
            for index, two in twos:
                cost = two + (second if index == first_at else first)
                if cost < pair:
                    pair = cost
            spread = first + second + third
            if pair < spread:
                spread = pair
            return three if three < spread else spread
        table = [0] + [_NEVER] * runs
        for costs in suits:
            merged = [_NEVER] * (runs + 1)
            for a in range(runs + 1):
                first = table[a]
                if first > pool:
                    continue
                for b in range(runs + 1 - a):
                    value = first + costs[b]
                    if value < merged[a + b]:
                        merged[a + b] = value
            table = merged
        return table[runs]

    def _suit_costs(self, counts: bytes, pool: int) -> tuple[int, ...]:
        """The fewest wilds ``j`` stretches in one suit cost, for ``j`` = 0 .. runs, where
        at most ``pool`` (``_NEVER`` where more), followed by ``pool``.

        Remembered by the suit's cards alone (``counts``, a byte per card), for the largest
        pool asked so far: an answer for a pool serves every smaller one, and every bound
        with the same runs under the same limits shares it (see ``__init__``).  Only how
        many copies of each card the runs could use matters (never more than three, nor than
        the runs), so the counts come capped at that, and patterns that differ beyond it
        share their answer."""
        found: tuple[int, ...] = _SUIT_COSTS.put((self.costs_key, counts), self._compute_costs(counts, pool))
        return found

    def _compute_costs(self, counts: bytes, pool: int) -> tuple[int, ...]:
        """What :meth:`_suit_costs` answers, worked out."""
        row = counts
        cap = self.stretch_cap
        limit = pool if cap is None or cap > pool else cap
        runs = self.runs
        one, gaps = self.stretches(row)
        if one > limit:  # no stretch within the limit: no run at all
            return (0, *self.nevers, pool)
        if runs == 1:
            return (0, one, pool)
        # j stretches use at most min(count, j) copies of each card: they cost at least j times the
        # length less those; where that alone is over the pool for two stretches, so it is for more
        held = sum(row if self.usable <= 2 else row.translate(_AT_MOST_TWO))
        if self.wild_twos:
            held -= min(row[0], 2)
        if 2 * self.length - held > pool:
            return (0, one, *self.nevers[1:], pool)
        top = min(limit, 15)
        # the stretches within the limit, not every place empty and no touching places where those
        # are not allowed (see _stretch_gaps): (gaps, mask over the suit's indices), fewest gaps first
        stretches = sorted((g, mask) for g, mask in zip(gaps, self.masks) if g <= top and g != self.length)
        # the indices of the cards not held at least once, twice, three times (with wild 2s every
        # 2 costs one anyway, so a 2 never counts as held here)
        twos = 1 if self.wild_twos else 0
        missing = [int.from_bytes(row.translate(table), "little") | twos
                   for table in (_NONE, _FEWER_THAN_TWO, _FEWER_THAN_THREE)]
        two = _cheapest_pair(stretches, missing, pool)
        if runs == 2:
            return (0, one, two, pool)
        three = _cheapest_triple(stretches, missing, pool) if two <= pool else _NEVER
        # more than three runs in one suit: counted as impossible only if three already are (see
        # many_runs_costs for the dearer count a search asks at its start)
        return (0, one, two, *(three,) * (runs - 2), pool)

    def many_runs_costs(self, counts: bytes, pool: int) -> list[tuple[int, ...]]:
        """Each suit's costs, as :meth:`suits_costs` gives them (``counts`` by code, a byte each), but
        with four or more runs in one suit priced at the fewest wilds any choice of that many
        stretches costs (:meth:`_many_costs`), where ``suits_costs`` prices them as three.  Dearer to
        work out: a search asks it once, at its start."""
        row = counts.translate(_AT_MOST[min(self.runs, MAX_CONTRACT_MELDS)])
        found = []
        for base in range(0, 52, 13):
            pattern = row[base:base + 13]
            costs = self.suit_costs(pattern, pool)
            if self.runs > 3 and costs[3] <= pool:
                # (kept by the pool too: with more wilds the count may give up where with fewer it
                # does not, and an answer must not depend on what the memo holds)
                key = (self.costs_key, pattern, pool)
                many: tuple[int, ...] | None = _MANY_COSTS.get(key)
                if many is None:
                    many = _MANY_COSTS.recall(key)
                if many is None:
                    many = _MANY_COSTS.put(key, tuple(self._many_costs(pattern, pool)))
                costs = (*costs[:4], *many[4:], pool)
            found.append(costs)
        return found

    def _many_costs(self, counts: bytes, pool: int) -> list[int]:
        """The fewest wilds ``j`` stretches in one suit cost, for ``j`` = 0 .. runs (``_NEVER`` where
        more than ``pool``), counted as :meth:`_compute_costs` counts them for up to three: the
        stretches within the limit share the copies of each card (``counts``, a byte per index,
        capped at the runs), and each place a copy does not fill takes a wild.

        Worked out place by place, from the lowest run position to 14 (:meth:`_next_place`).
        Where the states kept at one place are more than :data:`_MOST_STATES`, it gives up: each
        ``j`` from four on is then priced as three, as :meth:`_compute_costs` prices it."""
        cap = self.stretch_cap
        top = min(pool if cap is None or cap > pool else cap, 15)
        gaps = self.stretches(counts)[1]
        starts = {self.lowest + k for k, gap in enumerate(gaps) if gap <= top and gap != self.length}
        have = [counts[_index(p)] for p in range(15)]  # by run position (0 unused)
        if self.wild_twos:
            have[2] = 0  # (every 2 costs one anyway)
        states = {(0, (0,) * (self.length - 1), 0): 0}
        for position in range(self.lowest, 15):
            states = self._next_place(states, position, position in starts, have, pool)
            if len(states) > _MOST_STATES:
                return list(self._compute_costs(counts.translate(_AT_MOST[self.usable]), pool)[:-1])
        best = [_NEVER] * (self.runs + 1)
        for (begun, _, _), wilds in states.items():
            best[begun] = min(best[begun], wilds)
        return best

    def _next_place(self, states: dict[tuple[int, tuple[int, ...], int], int], position: int, start: bool,
                    have: list[int], pool: int) -> dict[tuple[int, tuple[int, ...], int], int]:
        """One place of :meth:`_many_costs`: from the fewest wilds for each state before ``position``
        (the stretches begun, the count begun at each of the places still open, oldest first, and,
        where aces are low too, the stretches over position 1, whose ace is the ace of position 14),
        those for each state after it, where stretches may begin there (``start``) or not."""
        after: dict[tuple[int, tuple[int, ...], int], int] = {}
        for (begun, open_counts, over_one), wilds in states.items():
            covered = sum(open_counts)
            held = have[position] - (over_one if position == 14 else 0)
            for n in range(self.runs - begun + 1 if start else 1):
                if position == 1:  # (its ace is counted at position 14)
                    cost, over = wilds, covered + n
                else:
                    cost, over = wilds + max(0, covered + n - held), over_one
                if cost > pool:
                    break  # (more stretches begun here cost more still)
                key = (begun + n, (*open_counts, n)[1:], over)
                if cost < after.get(key, _NEVER):
                    after[key] = cost
        return after

    def stretches(self, cards: bytes) -> tuple[int, bytes]:
        """For a suit with ``cards`` (its counts by index, a byte each): the fewest places without
        a card in one stretch of the minimum length, whatever the limit (see :meth:`_fewest`), and
        every stretch's count of them, by its start (see :meth:`_stretch_gaps`).

        These depend only on which cards the suit holds, so they are remembered by that (many
        patterns of counts share them), and shared by every bound with stretches of the same
        places."""
        holes = cards.translate(_NONE)  # 1 at each index where the suit has no card
        key = (self.stretches_key, holes)
        found: tuple[int, bytes] | None = _STRETCHES.get(key)
        if found is None:
            found = _STRETCHES.recall(key)
        if found is None:
            gaps = self._stretch_gaps(_positions(holes))
            found = _STRETCHES.put(key, (self._fewest(gaps, 15), gaps))
        return found

    def _stretch_gaps(self, empty: int) -> bytes:
        """For every stretch of the minimum length, by its start: its number of places without a card,
        plus 16 for each pair of them that touch where wilds must be kept apart, given the run
        positions ``empty`` the suit has no card at.

        All at once (see __init__): at most 14 places and 13 pairs, so no lane overflows, and a
        stretch with touching places counts 16 or more."""
        lanes = empty * self.spread
        if self.apart:
            lanes += (empty & (empty >> 8)) * self.spread_pairs
        return lanes.to_bytes(32, "little")[self.ends]

    def _fewest(self, gaps: bytes, top: int) -> int:
        """The fewest places without a card in one stretch, given :meth:`_stretch_gaps`: within
        ``top`` (at most 15), not every place (a run needs a natural card), and no touching places
        where those are not allowed; ``_NEVER`` where there is none."""
        # (a stretch without touching places counts at most its length: fewer than that, or none)
        for count in range(top + 1 if top < self.length else self.length):
            if count in gaps:
                return count
        return _NEVER

    def _one_cost(self, empty: int, limit: int) -> int:
        """The fewest places without a card in one stretch (``_NEVER`` where none is within
        ``limit``), given the run positions ``empty`` the suit has no card at."""
        return self._fewest(self._stretch_gaps(empty), limit if limit < 15 else 15)

    # runs, the whole hand -----------------------------------------------------

    def whole_runs_possible(self, counts: Sequence[int], pool: int, runs: int | None = None,
                            first_suit: int = 0) -> bool:
        """Whole-hand rounds of runs only: can each suit's cards be covered exactly by runs,
        with the wilds the runs take adding up to ``pool``, and the contract's number of runs?

        With ``runs`` and ``first_suit``: that many runs, covering that suit and the later ones."""
        if runs is None:
            runs = self.runs
        reach = {(0, 0)}
        for base in range(13 * first_suit, 52, 13):
            options = self._suit_covers(tuple(counts[base:base + 13]), pool)  # (some may take more than pool)
            reach = {(j + a, w + b) for j, w in reach for a, b in options if j + a <= runs and w + b <= pool}
            if not reach:
                return False
        return (runs, pool) in reach

    def _suit_covers(self, counts: tuple[int, ...], pool: int) -> frozenset[tuple[int, int]]:
        """The (runs, wilds) pairs with which one suit's cards can be covered exactly by runs, every
        one with at most ``pool`` wilds among them.

        Remembered by the suit's cards alone, for the largest pool asked so far: a cover's wilds
        only grow as runs are added to it, so the covers found for a pool are those found for a
        larger one that take no more wilds, and :meth:`whole_runs_possible` keeps only those."""
        key = (self.covers_key, counts)
        kept: tuple[frozenset[tuple[int, int]], int] | None = _COVERS.get(key)
        if kept is None:
            kept = _COVERS.recall(key)
        if kept is not None and kept[1] >= pool:
            return kept[0]
        out: set[tuple[int, int]] = set()
        # the cards held at least once, twice, three times, as bit masks over the suit's indices
        held = [0, 0, 0]
        for i, n in enumerate(counts):
            for t in range(min(n, 3)):
                held[t] |= 1 << i
        naturals = sum(counts)
        # each run takes one copy of a card; and a run holds at least its length less its wilds
        possible = max(counts) <= self.runs and (
            self.most_wilds is None or naturals >= self.length - self.most_wilds)
        if not naturals:
            out.add((0, 0))
        elif possible:
            empty = _ALL & ~held[0]
            runs: list[tuple[int, int, int]] = []  # start, mask, size: every run the suit's cards allow alone
            most, apart, limits = self.most_wilds, self.apart, self.limits
            skip = -1  # a start whose longer runs are known to fail too
            for first, mask, size in self.spans:  # by start, then by end
                if first == skip:
                    continue
                holes = mask & empty
                count = holes.bit_count()
                if (most is not None and count > most) or (apart and holes & (holes >> 1)):
                    skip = first  # and every longer run from this start
                    continue
                limit = limits.get(size)
                if limit is None or count <= limit:
                    runs.append((first, mask, size))
            self._cover(held, naturals, runs, 0, 0, 0, 0, 0, 0, 0, out, pool)
        result: frozenset[tuple[int, int]] = _COVERS.put(key, (frozenset(out), pool))[0]
        return result

    def _cover(self, held: list[int], naturals: int, runs: list[tuple[int, int, int]], low: int,
               once: int, twice: int, thrice: int, touching: int, count: int, length: int,
               out: set[tuple[int, int]], pool: int) -> None:
        """Add runs (in order of their start, from ``runs[low]`` on) until every card is covered, and
        then runs that share covered places (up to the contract's runs).

        ``once``, ``twice``, ``thrice``: the places covered by at least one, two,
        three runs so far; ``touching``: the starts the contract's gap rule
        forbids next to them; ``count`` runs of ``length`` places in all."""
        unmet = (held[0] & ~once) | (held[1] & ~twice) | (held[2] & ~thrice)
        if not unmet:
            out.add((count, length - naturals))
        if count == self.runs:
            return
        first = (unmet & -unmet).bit_length() - 1  # the lowest card not yet covered: the next run takes it
        for k in range(low, len(runs)):
            start, mask, size = runs[k]
            if unmet:
                if start > first:
                    break
                if not mask >> first & 1:
                    continue
            elif not mask & held[0]:
                # every card covered: a further run shares covered places, where a card of the suit
                # may move into it from another run that takes a wild in its place instead
                continue
            if touching >> start & 1:
                continue
            new_once, new_twice, new_thrice = once | mask, twice | (once & mask), thrice | (twice & mask)
            total = length + size
            covered = ((new_once & held[0]).bit_count() + (new_twice & held[1]).bit_count()
                       + (new_thrice & held[2]).bit_count())
            if total - covered <= pool:  # places no card of the suit fills take wilds
                # a later run (it starts here or later) must not start just past this one's end
                beyond = self.gap_mask << (start + size)
                self._cover(held, naturals, runs, k, new_once, new_twice, new_thrice, touching | beyond,
                            count + 1, total, out, pool)


def _cheapest_pair(stretches: Sequence[tuple[int, int]], missing: Sequence[int], pool: int) -> int:
    """The fewest places two of ``stretches`` (sorted by their gaps) leave to wilds, where at most
    ``pool`` (``_NEVER`` where more).  ``missing``: the suit's indices it holds no card of, fewer than
    two of, fewer than three of, as bit masks.  Two stretches cost at least their own gaps, so the
    loops stop where those alone reach the best found so far."""
    best = pool + 1
    for x, (ga, a) in enumerate(stretches):
        if 2 * ga >= best:
            break
        for gb, b in stretches[x:]:
            if ga + gb >= best:
                break
            best = min(best, ((a | b) & missing[0]).bit_count() + (a & b & missing[1]).bit_count())
    return best if best <= pool else _NEVER


def _cheapest_triple(stretches: Sequence[tuple[int, int]], missing: Sequence[int], pool: int) -> int:
    """:func:`_cheapest_pair` for three stretches: a third costs at least its own gaps more."""
    best = pool + 1
    for x, (ga, a) in enumerate(stretches):
        if 3 * ga >= best:
            break
        for y in range(x, len(stretches)):
            gb, b = stretches[y]
            if ga + 2 * gb >= best:
                break
            ab = a & b
            pair = ((a | b) & missing[0]).bit_count() + (ab & missing[1]).bit_count()
            if pair + gb >= best:
                continue
            for gc, c in stretches[y:]:
                if pair + gc >= best:
                    break
                twice = ab | (a & c) | (b & c)
                best = min(best, ((a | b | c) & missing[0]).bit_count() + (twice & missing[1]).bit_count()
                           + (ab & c & missing[2]).bit_count())
    return best if best <= pool else _NEVER


# each suit's costs (see ContractBound._suit_costs), by what they depend on and the suit's cards
_SUIT_COSTS: Final = MEMO.table("run bound: a suit's costs", 1 << 13)
# what ContractBound.stretches answers, by the stretches' places and where the suit has no card
_STRETCHES: Final = MEMO.table("run bound: a suit's stretches", 1 << 12)
# the whole-hand bound's covers of one suit, by what they depend on and the suit's cards (with the pool they
# were found for)
_COVERS: Final = MEMO.table("whole-hand bound: a suit's covers", 1 << 11)
# what ContractBound._many_costs answers, by what it depends on, the suit's cards and the pool
_MANY_COSTS: Final = MEMO.table("run bound: a suit's costs of many runs", 1 << 11)
#: The most states :meth:`ContractBound._many_costs` keeps at one place before it gives up (which
#: bounds its work at a few milliseconds).
_MOST_STATES: Final = 1_000
_BOUNDS: Final = MEMO.table("contract bounds by rules and contract", 256)


def contract_bound(rules: Rules, contract: Contract) -> ContractBound:
    """The bounds for ``contract`` under ``rules`` (one object per pair, kept in the memo)."""
    found: ContractBound | None = _BOUNDS.get((rules, contract))
    if found is None:
        found = _BOUNDS.fill((rules, contract), lambda key: ContractBound(*key))
    return found
