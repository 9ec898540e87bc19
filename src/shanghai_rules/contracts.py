"""Contracts and penalties: :func:`check_contract`, :func:`find_contract`,
:func:`contract_layouts` and :func:`hand_penalty`.

A contract is judged on groups of cards (each group a plain sequence, read as
unordered, or an arranged :class:`~shanghai_rules.melds.Meld`).  Besides each
meld's own legality, a contract has rules of its own: the number of sets and
runs, their minimum lengths, different ranks for its sets where the rules say
so, and a gap between runs of one suit where the rules say so.

:func:`find_contract` is an exact search: it finds a layout exactly when the
hand holds one, wilds, long runs and all.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product

import attrs

from .cards import ALL_CARDS, JOKER, Card, format_cards, rank_name
from .melds import Meld, MeldKind, check_meld
from .rules import Contract, Rules

__all__ = [
    "ContractCheck",
    "card_value",
    "check_contract",
    "contract_rule_reason",
    "contract_layouts",
    "find_contract",
    "hand_penalty",
]


@attrs.frozen
class ContractCheck:
    """The verdict of :func:`check_contract`: truthy exactly when the groups meet the contract.

    ``melds`` are the arranged melds in the order given (empty when illegal);
    ``reason`` says why not, naming the rule.
    """

    ok: bool
    """True when the groups meet the contract."""
    melds: tuple[Meld, ...] = ()
    """The arranged melds, when legal."""
    reason: str = ""
    """Why the groups do not meet the contract; empty when they do."""

    def __bool__(self) -> bool:
        return self.ok


def card_value(card: Card, rules: Rules) -> int:
    """The penalty value of one card under ``rules``."""
    if card.rank == JOKER:
        return rules.card_values[13]
    return rules.card_values[card.rank - 2]


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """The penalty points of the cards still in a hand when a round ends.

    >>> import shanghai_rules as sr
    >>> sr.hand_penalty(sr.parse_cards("4C 8D KH JK"), sr.PAGAT7)
    75
    """
    values = rules.card_values
    total = 0
    for card in cards:
        total += values[13] if card.rank == JOKER else values[card.rank - 2]
    return total


def _span(meld: Meld) -> str:
    first = meld.stands_for(0)
    last = meld.stands_for(len(meld.cards) - 1)
    return f"{first}-{last}"


def contract_rule_reason(melds: Sequence[Meld], rules: Rules) -> str:
    """Why these melds break a contract-only rule (set ranks, same-suit runs); empty if none."""
    if rules.distinct_contract_set_ranks:
        seen: set[int] = set()
        for meld in melds:
            if meld.kind == "set" and meld.rank is not None:
                if meld.rank in seen:
                    return (f"the sets of a contract must be of different ranks under these rules: "
                            f"two sets of {rank_name(meld.rank)}")
                seen.add(meld.rank)
    gap = rules.contract_run_gap
    if gap:
        runs = sorted((m for m in melds if m.kind == "run"), key=lambda m: (m.suit, m.start))
        for a, b in zip(runs, runs[1:]):
            if a.suit is b.suit and 0 <= b.start - a.end - 1 < gap:
                if gap == 1:
                    need = "they need a gap, or an overlap of separate cards"
                else:
                    need = f"they need a gap of at least {gap} ranks, or an overlap of separate cards"
                return (f"runs of one suit in a contract must not touch under these rules: "
                        f"{_span(a)} and {_span(b)} do; {need}")
    return ""


def check_contract(groups: Iterable[Iterable[Card] | Meld], rules: Rules, round_number: int) -> ContractCheck:
    """Judge whether ``groups`` meet the contract of ``round_number`` under ``rules``.

    Each group is an arranged :class:`Meld` or a plain sequence of cards (read as
    unordered; it may be counted as a set or a run, whichever the contract
    needs).  Whether the cards are in someone's hand, and the whole-hand rule of
    a no-discard round, are the engine's to judge.

    >>> import shanghai_rules as sr
    >>> bool(sr.check_contract([sr.parse_cards("9C 9D 9H"), sr.parse_cards("4H 5H 6H 7H")], sr.PAGAT7, 2))
    True
    """
    contract = rules.contract(round_number)
    given = [g if isinstance(g, Meld) else tuple(g) for g in groups]
    if len(given) != contract.melds:
        return ContractCheck(False, (), f"round {round_number}'s contract is {contract.describe()}: "
                                        f"{contract.melds} meld{'s' if contract.melds > 1 else ''}, not {len(given)}")
    options: list[list[Meld]] = []
    for i, group in enumerate(given):
        readings: list[Meld] = []
        reasons: dict[MeldKind, str] = {}
        for kind in ("set", "run"):
            if (kind == "set" and not contract.sets) or (kind == "run" and not contract.runs):
                continue
            length = contract.set_length if kind == "set" else contract.run_length
            result = check_meld(group, rules, kind, min_length=length)  # type: ignore[arg-type]
            if result.meld is not None:
                readings.append(result.meld)
            else:
                reasons[kind] = result.reason  # type: ignore[index]
        if not readings:
            cards = group.cards if isinstance(group, Meld) else group
            reason = next(iter(reasons.values()), "not a meld")
            if len(reasons) == 2:
                looks_like_set = check_meld(cards, rules).kind == "set"
                reason = reasons["set"] if looks_like_set else reasons["run"]
            return ContractCheck(False, (), f"group {i + 1} ({format_cards(cards)}): {reason}")
        options.append(readings)
    reason = ""
    for choice in product(*options):
        sets = sum(1 for m in choice if m.kind == "set")
        if sets != contract.sets:
            continue
        reason = contract_rule_reason(choice, rules)
        if not reason:
            return ContractCheck(True, tuple(choice))
    if not reason:
        sets = sum(1 for o in options if all(m.kind == "set" for m in o))
        runs = sum(1 for o in options if all(m.kind == "run" for m in o))
        reason = (f"round {round_number}'s contract is {contract.describe()}; these groups make "
                  f"{sets} set{'s' if sets != 1 else ''} and {runs} run{'s' if runs != 1 else ''}")
    return ContractCheck(False, (), reason)


# ---------------------------------------------------------------------------
# the search


def _code_at(position: int, suit: int) -> int:
    return suit * 13 + (12 if position == 1 else position - 2)


class _Search:
    """A depth-first search for contract layouts in one hand.

    Wilds are counted, not placed, until a layout is complete: any joker or
    wild 2 can stand anywhere a wild may.  Runs are chosen first (their natural
    cards fixed by suit and position), then sets by counting what is left.
    """

    def __init__(self, hand: Sequence[Card], rules: Rules, contract: Contract) -> None:
        self.rules = rules
        self.contract = contract
        self.whole = contract.no_discard
        counts = [0] * 53
        for card in hand:
            counts[card.code] += 1
        self.counts = counts
        self.wild_twos = rules.wild_twos
        twos = sum(counts[s * 13] for s in range(4)) if self.wild_twos else 0
        self.wfree = counts[52] + twos
        self.total = len(hand)
        self.lowest = 1 if rules.ace_low else 2
        self.max_w = rules.max_wilds_per_meld
        self.ratio = rules.wilds_at_most_naturals
        self.apart = rules.run_wilds_apart
        # may a natural be left out of a run (a wild in its place) so another meld can use it?
        self.set_drops = self.max_w is not None or self.ratio
        self.runs: list[tuple[int, int, tuple[int, ...], int]] = []  # suit, start, positions(0=wild), wilds
        self.sets: list[tuple[int | None, list[int], int]] = []  # rank, natural codes, wilds

    # limits -----------------------------------------------------------------

    def _ok(self, wilds: int, naturals: int) -> bool:
        if naturals == 0:
            return False
        if self.max_w is not None and wilds > self.max_w:
            return False
        return not (self.ratio and wilds > naturals)

    def _set_ok(self, wilds: int, naturals: int) -> bool:
        if self.max_w is not None and wilds > self.max_w:
            return False
        return not (self.ratio and wilds > naturals)

    # runs -------------------------------------------------------------------

    def _touches(self, suit: int, start: int, end: int) -> bool:
        gap = self.rules.contract_run_gap
        if not gap:
            return False
        for s, a, cells, _ in self.runs:
            if s != suit:
                continue
            b = a + len(cells) - 1
            if 0 <= start - b - 1 < gap or 0 <= a - end - 1 < gap:
                return True
        return False

    def _runs(self, slot: int, floor: tuple[int, int]) -> Iterator[None]:
        contract = self.contract
        if slot == contract.runs:
            yield from self._sets(0, -1)
            return
        length_min = contract.run_length
        counts = self.counts
        whole = self.whole
        remaining_runs = contract.runs - slot - 1
        for suit in range(4):
            if (suit, 99) < floor:
                continue
            codes = [0] + [_code_at(p, suit) for p in range(1, 15)]
            for start in range(self.lowest, 15 - length_min + 1):
                if (suit, start) < floor:
                    continue
                for end in range(start + length_min - 1, min(14, start + 12) + 1):
                    m = end - start + 1
                    present = [p for p in range(start, end + 1) if counts[codes[p]] > 0]
                    if not present:
                        continue
                    if not whole and m > length_min and (present[0] != start or present[-1] != end):
                        continue
                    if self._touches(suit, start, end):
                        continue
                    # drop choices: naturals left in hand, a wild standing in their place
                    drop_pool: Sequence[int] = ()
                    if (contract.sets and self.set_drops) or (
                        remaining_runs and (self.set_drops or self.apart)
                    ):
                        drop_pool = present if (whole or m == length_min) else present[1:-1]
                    for dropped in self._drop_sets(drop_pool, m, len(present)):
                        naturals = [p for p in present if p not in dropped] if dropped else present
                        n = len(naturals)
                        w = m - n
                        if not self._ok(w, n):
                            continue
                        cost = w + (sum(1 for p in naturals if p == 2) if self.wild_twos else 0)
                        if cost > self.wfree:
                            continue
                        cells = tuple(codes[p] + 1 if p in naturals else 0 for p in range(start, end + 1))
                        if self.apart and not _apart(cells):
                            continue
                        for p in naturals:
                            counts[codes[p]] -= 1
                        self.wfree -= cost
                        self.runs.append((suit, start, cells, w))
                        yield from self._runs(slot + 1, (suit, start))
                        self.runs.pop()
                        self.wfree += cost
                        for p in naturals:
                            counts[codes[p]] += 1

    def _drop_sets(self, pool: Sequence[int], m: int, present: int) -> Iterator[tuple[int, ...]]:
        yield ()
        if not pool:
            return
        most = min(len(pool), self.wfree)
        if self.max_w is not None:
            most = min(most, self.max_w - (m - present))
        if self.ratio:
            most = min(most, (present - (m - present)) // 2)
        for k in range(1, most + 1):
            yield from combinations(pool, k)

    # sets -------------------------------------------------------------------

    def _rank_count(self, rank: int) -> int:
        counts = self.counts
        base = rank - 2
        return counts[base] + counts[13 + base] + counts[26 + base] + counts[39 + base]

    def _sets(self, slot: int, floor: int) -> Iterator[None]:
        contract = self.contract
        if slot == contract.sets:
            if self.whole:
                if any(self.counts[c] for c in range(52) if not (self.wild_twos and c % 13 == 0)):
                    return
                if not self._absorb():
                    return
            yield None
            return
        length = contract.set_length
        distinct = self.rules.distinct_contract_set_ranks
        counts = self.counts
        for rank in range(max(floor, 2), 15):
            if distinct and rank == floor:
                continue
            available = self._rank_count(rank)
            if not available:
                continue
            is_two = rank == 2 and self.wild_twos
            top = available if self.whole else min(available, length)
            for k in range(top, 0, -1):
                w = max(0, length - k)
                if not self._set_ok(w, k):
                    continue
                cost = w + (k if is_two else 0)
                if cost > self.wfree:
                    continue
                taken: list[int] = []
                need = k
                for s in range(4):
                    code = s * 13 + rank - 2
                    while need and counts[code] - taken.count(code) > 0:
                        taken.append(code)
                        need -= 1
                for code in taken:
                    counts[code] -= 1
                self.wfree -= cost
                self.sets.append((rank, taken, w))
                yield from self._sets(slot + 1, rank)
                self.sets.pop()
                self.wfree += cost
                for code in taken:
                    counts[code] += 1
        # a set of wilds only, where the limits allow one
        if floor <= 15 and self._set_ok(length, 0) and length <= self.wfree and not self.ratio:
            self.wfree -= length
            self.sets.append((None, [], length))
            yield from self._sets(slot + 1, 15 if distinct else floor)
            self.sets.pop()
            self.wfree += length

    def _absorb(self) -> bool:
        """Whole-hand rounds: place every wild left over into the sets chosen."""
        left = self.wfree
        if not left:
            return True
        room = 0
        for _, naturals, w in self.sets:
            cap = left
            if self.max_w is not None:
                cap = min(cap, self.max_w - w)
            if self.ratio:
                cap = min(cap, len(naturals) - w)
            room += max(0, cap)
        return room >= left

    # results ----------------------------------------------------------------

    def layouts(self) -> Iterator[tuple[Meld, ...]]:
        if self.total < self.contract.min_cards:
            return
        if self.whole and self.contract.sets == 0 and self.total > 13 * self.contract.runs:
            return
        for _ in self._runs(0, (-1, -1)):
            yield self._build()

    def _build(self) -> tuple[Meld, ...]:
        counts = list(self.counts)
        # the wild cards left to place: jokers first, then any 2s not used as naturals
        pool = [ALL_CARDS[52]] * counts[52]
        if self.wild_twos:
            for s in range(4):
                pool.extend([ALL_CARDS[s * 13]] * counts[s * 13])
        wilds = iter(pool)
        melds: list[Meld] = []
        for suit, start, cells, _ in self.runs:
            cards = tuple(ALL_CARDS[c - 1] if c else next(wilds) for c in cells)
            melds.append(Meld("run", cards, suit=ALL_CARDS[suit * 13].suit, start=start))
        set_cards: list[list[Card]] = []
        for _, naturals, w in self.sets:
            set_cards.append([ALL_CARDS[c] for c in naturals] + [next(wilds) for _ in range(w)])
        if self.whole:  # every wild left over joins a set that has room for it
            for cards, (_, naturals, _w) in zip(set_cards, self.sets):
                while True:
                    wild_count = len(cards) - len(naturals)
                    if self.max_w is not None and wild_count >= self.max_w:
                        break
                    if self.ratio and wild_count >= len(naturals):
                        break
                    extra = next(wilds, None)
                    if extra is None:
                        break
                    cards.append(extra)
        for (rank, _, _), cards in zip(self.sets, set_cards):
            melds.append(Meld("set", tuple(cards), rank=rank))
        return tuple(melds)


def _apart(cells: tuple[int, ...]) -> bool:
    previous = 1
    for cell in cells:
        if not cell and not previous:
            return False
        previous = cell
    return True


def contract_layouts(hand: Iterable[Card], rules: Rules, round_number: int) -> Iterator[tuple[Meld, ...]]:
    """Every layout of the contract of ``round_number`` that ``hand`` holds, runs first then sets.

    Each layout is a tuple of arranged melds using only cards from ``hand``
    and meeting :func:`check_contract`.  Layouts come in a fixed order, shortest
    melds and most natural cards first; the same layout may come more than once
    when the hand holds duplicate cards.
    """
    contract = rules.contract(round_number)
    cards = tuple(hand)
    search = _Search(cards, rules, contract)
    yield from search.layouts()


def find_contract(hand: Iterable[Card], rules: Rules, round_number: int) -> tuple[Meld, ...] | None:
    """A layout of round ``round_number``'s contract from ``hand``, or ``None`` if it holds none.

    In a no-discard round the layout takes the whole hand.

    >>> import shanghai_rules as sr
    >>> layout = sr.find_contract(sr.parse_cards("9C 9D 9H 4H 5H 6H 7H AS"), sr.PAGAT7, 2)
    >>> [str(m) for m in layout]
    ['4H 5H 6H 7H', '9C 9D 9H']
    """
    return next(contract_layouts(hand, rules, round_number), None)



