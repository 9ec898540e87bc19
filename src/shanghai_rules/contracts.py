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
from functools import lru_cache
from itertools import combinations, islice, product
from operator import add, itemgetter
from typing import Final

import attrs

from .cards import ALL_CARDS, JOKER, Card, CardError, _card_group, format_cards, rank_name
from .contract_bounds import ContractBound, clear_bounds, contract_bound
from .melds import Meld, MeldKind, check_meld, make_meld
from .rules import Contract, Rules, RulesError

__all__ = [
    "ContractCheck",
    "card_value",
    "check_contract",
    "contract_layouts",
    "contract_rule_reason",
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


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {rules!r} is not a Rules")


def _cards(cards: Iterable[Card], what: str) -> tuple[Card, ...]:
    """The cards as a tuple; a :class:`CardError` naming ``what`` when they are not cards."""
    group = _card_group(cards)
    if isinstance(group, str):
        raise CardError(f"{what}: {group}")
    return group


def card_value(card: Card, rules: Rules) -> int:
    """The penalty value of one card under ``rules``."""
    _check_rules(rules)
    if not isinstance(card, Card):
        raise CardError(f"card: {card!r} is not a Card")
    if card.rank == JOKER:
        return rules.card_values[13]
    if card.rank == 2 and rules.wild_twos and rules.wild_two_value is not None:
        return rules.wild_two_value
    return rules.card_values[card.rank - 2]


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """The penalty points of the cards still in a hand when a round ends.

    >>> import shanghai_rules as sr
    >>> sr.hand_penalty(sr.parse_cards("4C 8D KH JK"), sr.PAGAT7)
    75
    """
    _check_rules(rules)
    values = list(rules.card_values)
    if rules.wild_twos and rules.wild_two_value is not None:
        values[0] = rules.wild_two_value
    total = 0
    for card in _cards(cards, "hand_penalty"):
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
        # every pair, not only neighbours: in 2-5, 4-7, 6-9 the first and last touch
        for a, b in combinations(runs, 2):
            if a.suit is b.suit and 0 <= b.start - a.end - 1 < gap:
                if gap == 1:
                    need = "they need a gap, or an overlap of separate cards"
                else:
                    need = f"they need a gap of at least {gap} ranks, or an overlap of separate cards"
                return (f"runs of one suit in a contract must not touch under these rules: "
                        f"{_span(a)} and {_span(b)} do; {need}")
    return ""


_KINDS: Final[tuple[MeldKind, ...]] = ("set", "run")


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
    _check_rules(rules)
    contract = rules.contract(round_number)
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Iterable):
        return ContractCheck(False, (), f"{groups!r} is not a sequence of groups of cards")
    given: list[Meld | tuple[Card, ...]] = []
    for i, group in enumerate(groups):
        if isinstance(group, Meld):
            given.append(group)
            continue
        cards = _card_group(group)
        if isinstance(cards, str):
            return ContractCheck(False, (), f"group {i + 1}: {cards}")
        given.append(cards)
    if len(given) != contract.melds:
        return ContractCheck(False, (), f"round {round_number}'s contract is {contract.describe()}: "
                                        f"{contract.melds} meld{'s' if contract.melds > 1 else ''}, not {len(given)}")
    options: list[list[Meld]] = []
    for i, group in enumerate(given):
        readings: list[Meld] = []
        reasons: dict[MeldKind, str] = {}
        for kind in _KINDS:
            if (kind == "set" and not contract.sets) or (kind == "run" and not contract.runs):
                continue
            length = contract.set_length if kind == "set" else contract.run_length
            result = check_meld(group, rules, kind, min_length=length)
            if result.meld is not None:
                readings.append(result.meld)
            else:
                reasons[kind] = result.reason
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
        placed = any(
            m.kind == "run" and not isinstance(g, Meld) and m.wild_indices() for g, m in zip(given, choice)
        )
        if placed and "touch" in reason:
            reason += ("; a plain group puts a wild at the high end of its run: pass an arranged Meld "
                       "to place it elsewhere")
    if not reason:
        sets = sum(1 for o in options if all(m.kind == "set" for m in o))
        runs = sum(1 for o in options if all(m.kind == "run" for m in o))
        reason = (f"round {round_number}'s contract is {contract.describe()}; these groups make "
                  f"{sets} set{'s' if sets != 1 else ''} and {runs} run{'s' if runs != 1 else ''}")
    return ContractCheck(False, (), reason)


# ---------------------------------------------------------------------------
# the search


@lru_cache(maxsize=1024)
def _wild_caps(rules: Rules, size: int) -> tuple[tuple[int | None, ...], int | None, bool]:
    """For a hand of ``size`` cards: the most wilds a meld of each length up to ``size + 1`` may hold
    (None: no limit by count), the most of those, and whether the limits are regular.

    A meld longer than the contract asks for never helps (beyond the overlaps the
    gap rule may want) unless some length allows two or more wilds more than the
    one before: the limits are then not regular.
    """
    caps: tuple[int | None, ...]
    if rules.max_wilds_by_length is None:
        caps = (rules.max_wilds_per_meld,) * (size + 2)
    else:
        caps = tuple(rules.wild_limit(n) for n in range(size + 2))
    counted = [cap for cap in caps if cap is not None]
    most = max(counted) if counted else None
    regular = all(b - a <= 1 for a, b in zip(counted, counted[1:]))
    return caps, most, regular


SetOptions = tuple[tuple[tuple[int, int], ...], ...]


@lru_cache(maxsize=256)
def _set_options(rules: Rules, contract: Contract) -> tuple[SetOptions, SetOptions, bool]:
    """For the sets of ``contract``: by the number of naturals a rank has (up to the most the sets
    can use), the ways to make ``t`` sets of that rank and the wild cards each takes, for ranks
    other than 2 and for 2s (where 2s are wild, natural 2s cost wild cards too); and whether a
    set of wilds only is allowed.

    A set never needs more than the contract's length, and uses as many naturals of
    its rank as there are (up to that length); sets sharing a rank share its
    naturals as evenly as can be, which suits every wild limit best.
    """
    wanted, length = contract.sets, contract.set_length
    most = 1 if rules.distinct_contract_set_ranks else wanted
    cap = rules.wild_limit(length)

    def ok(wilds: int, naturals: int) -> bool:
        return (cap is None or wilds <= cap) and not (rules.wilds_at_most_naturals and wilds > naturals)

    tables: list[SetOptions] = []
    for two in (False, True):
        by_count: list[tuple[tuple[int, int], ...]] = []
        for naturals in range(most * length + 1):
            options = []
            for t in range(1, most + 1):
                used = min(naturals, t * length)
                per_set = used // t  # the set with the fewest naturals
                if not per_set or not ok(length - per_set, per_set):
                    break
                wilds = t * length - used
                options.append((t, wilds + used if two and rules.wild_twos else wilds))
            by_count.append(tuple(options))
        tables.append(tuple(by_count))
    return tables[0], tables[1], ok(length, 0)


WildCaps = tuple[tuple[int | None, ...], int | None, bool]


Tables = tuple[WildCaps, ContractBound, tuple[SetOptions, SetOptions, bool], "SetShapes", int]
_TABLES: dict[tuple[int, int, int], tuple[Rules, Contract, Tables]] = {}


def _tables(rules: Rules, contract: Contract, size: int) -> Tables:
    """The tables the search of ``contract`` under ``rules`` in a hand of ``size`` cards asks:
    its wild limits, its bounds, its set options, its set shapes and the fewest cards it takes.
    Kept by the identity of the rules and the contract (each entry holds both, so the ids stay
    theirs)."""
    entry = _TABLES.get((id(rules), id(contract), size))
    if entry is not None and entry[0] is rules and entry[1] is contract:
        return entry[2]
    caps = _wild_caps(rules, size)
    shapes = _regular_set_shapes(rules, contract, caps)
    tables = caps, contract_bound(rules, contract), _set_options(rules, contract), shapes, contract.min_cards
    if len(_TABLES) >= 1024:
        _TABLES.clear()
    _TABLES[(id(rules), id(contract), size)] = (rules, contract, tables)
    return tables


SetShapes = tuple[tuple[tuple[int, int], ...], ...]


def _regular_set_shapes(rules: Rules, contract: Contract, caps: WildCaps) -> SetShapes:
    """Where the wild limits are regular and the whole hand need not go down: by the number of
    naturals of a rank held (up to the contract's set length), the (naturals, wilds) of each set
    the search tries of that rank, most naturals first.  Each has just the contract's length."""
    length = contract.set_length
    limits = caps[0]
    out: list[tuple[tuple[int, int], ...]] = []
    for most in range(length + 1):
        shapes = []
        for k in range(most, -1 if not most else 0, -1):
            w = max(0, length - k)
            cap = limits[w + k] if w + k < len(limits) else limits[-1]
            if (cap is None or w <= cap) and not (rules.wilds_at_most_naturals and w > k):
                shapes.append((k, w))
        out.append(tuple(shapes))
    return tuple(out)


_NO_SETS: Final = 10**9  # the cost of sets that cannot be made


def _sets_knapsack(counts: Sequence[int], wanted: int, options: tuple[SetOptions, SetOptions, bool],
                   length: int) -> int:
    """The fewest wild cards ``wanted`` sets of ``length`` take from a hand with card ``counts``
    (by code), given the contract's :func:`_set_options`: each rank offers the ways listed for
    its count of naturals, and what remains is a small knapsack over the ranks."""
    plain, twos, wild_only = options
    top = len(plain) - 1
    ways = []
    for base in range(13):
        naturals = counts[base] + counts[13 + base] + counts[26 + base] + counts[39 + base]
        ways.append((twos if base == 0 else plain)[naturals if naturals < top else top])
    return _knapsack(ways, wanted, wild_only, length)


def _knapsack(ways: Iterable[tuple[tuple[int, int], ...]], wanted: int, wild_only: bool, length: int) -> int:
    """The fewest wild cards ``wanted`` sets of ``length`` take where each rank offers ``ways``
    (:func:`_set_options`), and sets of wilds only where ``wild_only``."""
    fewest = [0] + [_NO_SETS] * wanted  # fewest wilds to make j sets from the ranks so far
    for rank_ways in ways:
        for j in range(wanted, 0, -1):
            for t, cost in rank_ways:
                if t <= j and fewest[j - t] + cost < fewest[j]:
                    fewest[j] = fewest[j - t] + cost
    if wild_only:  # sets of wilds only
        for j in range(1, wanted + 1):
            if fewest[j - 1] + length < fewest[j]:
                fewest[j] = fewest[j - 1] + length
    return fewest[wanted]


_ONE_SUIT: Final = (1 << 104) - 1  # the 13 bytes of one suit's codes, as a number


def _rank_totals(row: bytes) -> bytes:
    """The natural cards of each rank (by ``code % 13``: the 2s first) in a hand with card counts
    ``row`` (by code, a byte each), a byte each: the four suits' bytes are added as numbers, so
    that one rank's byte is the sum of its four (never 256 or more: a rank has four cards a deck)."""
    held = int.from_bytes(row, "little")
    return ((held + (held >> 104) + (held >> 208) + (held >> 312)) & _ONE_SUIT).to_bytes(13, "little")


def _code_at(position: int, suit: int) -> int:
    return suit * 13 + (12 if position == 1 else position - 2)


# the card code at each run position 1-14 (index 0 unused), per suit
_CODES: Final = tuple(tuple([0] + [_code_at(p, suit) for p in range(1, 15)]) for suit in range(4))


# per suit, from a hand's counts by code: the count of the card at each run position 1-14 (index 0 unused)
_HELD: Final = tuple(itemgetter(*codes) for codes in _CODES)

_NO_RANKS: Final = (0,) * 13
_KEEP_ALL: Final = ((),)  # a run's drop choices where none may be left out: none is


class _Search:
    """A depth-first search for contract layouts in one hand.

    Runs are placed first, suit by suit and, within a suit, by start position
    (their natural cards fixed by suit and position); then sets are chosen by
    counting what is left.  Wilds are counted, not placed, until a layout is
    complete: any joker or wild 2 can stand anywhere a wild may (a wild 2 used
    in its own place is natural, and still costs one of the wild cards).

    It stays exact and is quick on hard hands because quick necessary
    conditions reject hopeless states before they are searched
    (:meth:`_runs_possible`; :meth:`_sets_possible`, which decides the sets
    exactly by counting; in a no-discard round, :meth:`_sets_can_take_the_rest`
    for the cards no run can take any more); a state reached at a suit boundary
    that once led nowhere is not searched again (:meth:`_enter`); a run leaves
    a natural for a wild only where another meld might want that card
    (:meth:`_may_be_wanted`); and a window of positions stops growing as soon
    as its missing cards break a wild limit (a start where the shortest window
    already breaks it is passed over at once, from the bound's count of each).
    """

    __slots__ = ("apart", "bound", "caps", "contract", "counts", "dead", "fewest", "lowest", "most_wilds", "ratio",
                 "regular", "rules", "runs", "set_drops", "set_options", "sets", "shapes", "suit_costs", "total",
                 "wfree", "whole", "wild_twos")

    def __init__(self, hand: Sequence[Card], rules: Rules, contract: Contract) -> None:
        self.rules = rules
        self.contract = contract
        self.whole = contract.no_discard
        counts = [0] * 53
        for card in hand:
            counts[card.code] += 1
        self.counts = counts
        self.wild_twos = rules.wild_twos
        twos = counts[0] + counts[13] + counts[26] + counts[39] if self.wild_twos else 0
        self.wfree = counts[52] + twos
        self.total = len(hand)
        self.lowest = 1 if rules.ace_low else 2
        (self.caps, self.most_wilds, self.regular), self.bound, self.set_options, self.shapes, self.fewest = _tables(
            rules, contract, len(hand))
        self.ratio = rules.wilds_at_most_naturals
        self.apart = rules.run_wilds_apart
        # may a natural be left out of a run (a wild in its place) so another meld can use it?
        self.set_drops = self.most_wilds is not None or self.ratio

    # limits -----------------------------------------------------------------

    def _ok(self, wilds: int, naturals: int) -> bool:
        """May a run hold ``wilds`` wilds and ``naturals`` naturals?"""
        return naturals > 0 and self._set_ok(wilds, naturals)

    def _set_ok(self, wilds: int, naturals: int) -> bool:
        """May a meld hold ``wilds`` wilds and ``naturals`` naturals (by count: not their places)?"""
        cap = self.caps[wilds + naturals] if wilds + naturals < len(self.caps) else self.caps[-1]
        if cap is not None and wilds > cap:
            return False
        return not (self.ratio and wilds > naturals)

    # runs -------------------------------------------------------------------

    def _touches(self, suit: int, start: int, end: int) -> bool:
        """Would a run from ``start`` to ``end`` in ``suit`` come within the rules' gap of a run
        placed there (asked only where the rules set a gap)?"""
        gap = self.rules.contract_run_gap
        for s, a, cells, _ in self.runs:
            if s != suit:
                continue
            b = a + len(cells) - 1
            if 0 <= start - b - 1 < gap or 0 <= a - end - 1 < gap:
                return True
        return False

    def _enter(self, slot: int, suit: int) -> Iterator[None]:
        """Go on with run ``slot`` from ``suit`` (4: the runs are done, on to the sets).

        Suits are searched in order, so the cards of ``suit`` and later suits
        are still all in hand here: what is left to find depends only on the
        slot, the wilds left and, when sets or the whole hand still have to take
        them, the ranks of the cards left in the earlier suits.  A state that
        led nowhere once is not searched again.
        """
        if self.whole and not self._sets_can_take_the_rest(13 * suit if slot < self.contract.runs else 52):
            return
        if slot < self.contract.runs:
            # the bound of _hopeless is the stronger where it counts up to three runs in a suit
            # and the hand need not go down whole; at the very start layouts() has asked it
            # (in a whole-hand round of runs the bound covers each suit exactly, and says more still)
            if ((self.whole and not self.bound.whole) or self.contract.runs - slot > 3) \
                    and not self._runs_possible(slot, suit):
                return
            if (slot or suit) and self._hopeless(slot, suit):
                return
            inner = self._runs(slot, suit, self.lowest)
        elif self.whole or not self.regular or not (slot or suit) or self._sets_possible():
            # (a contract of sets only, at the very start: layouts() has asked _hopeless, which says this)
            inner = self._sets(0, -1)
        else:
            return
        # unless the state is known to lead nowhere; learn it if it does (the search leaves
        # the state as it found it, so its key is the same after as before)
        dead = self.dead
        if dead and self._key(slot, suit) in dead:
            return
        found = False
        for _ in inner:
            found = True
            yield None
        if not found:
            dead.add(self._key(slot, suit))

    def _sets_can_take_the_rest(self, done: int) -> bool:
        """Whole-hand rounds: no run will take cards of codes below ``done`` any more, so only sets
        can; they take one rank each."""
        counts = self.counts
        twos = self.wild_twos
        if not self.contract.sets and not twos:
            return not any(counts[:done])
        ranks = {c % 13 for c in range(done) if counts[c] and not (twos and c % 13 == 0)}
        return len(ranks) <= self.contract.sets

    def _runs_possible(self, slot: int, suit: int) -> bool:
        """A quick necessary condition: enough cards in ``suit`` and later suits, with the wilds, for the runs left.

        Each run takes at most one card of each code, so ``k`` runs take at most
        ``min(count, k)`` of it; every other place in them is a wild.
        """
        k = self.contract.runs - slot
        counts = self.counts
        skip_twos = self.wild_twos
        naturals = 0
        for code in range(13 * suit, 52):
            c = counts[code]
            if c and not (skip_twos and code % 13 == 0):
                naturals += c if c < k else k
        return k * self.contract.run_length - naturals <= self.wfree

    def _key(self, slot: int, suit: int) -> tuple[object, ...]:
        """What the rest of the search depends on, once the suits before ``suit`` are done with."""
        if self.contract.sets or self.whole:
            counts = self.counts
            left: Iterable[int] = _NO_RANKS
            if suit:
                left = counts[:13]
                for base in range(13, 13 * suit, 13):
                    left = map(add, left, counts[base:base + 13])
            return (slot, suit, self.wfree, tuple(left))
        return (slot, suit, self.wfree)

    def _runs(self, slot: int, suit: int, low: int) -> Iterator[None]:
        """Place run ``slot`` in ``suit``, starting at position ``low`` or later, or move on a suit."""
        contract = self.contract
        if slot == contract.runs:
            yield from self._enter(slot, 4)
            return
        length_min = contract.run_length
        counts = self.counts
        whole = self.whole
        # runs in this suit start at ``low`` or later: the cards below it are done with
        if whole and low > 2 and not self._sets_can_take_the_rest(13 * suit + low - 2):
            return
        cards = bytes(counts[13 * suit:13 * suit + 13])
        if sum(cards) + self.wfree < length_min:
            # too few cards in this suit, even with every wild, for any run: on to the next suit
            if suit < 3:
                yield from self._enter(slot, suit + 1)
            return
        # a run longer than the minimum needs natural ends, except where a wild at
        # its end may make an overlap that the gap rule between runs asks for
        trim_ends = not whole and not self.rules.contract_run_gap and self.regular
        remaining_runs = contract.runs - slot - 1
        last_whole = whole and not remaining_runs
        elsewhere: set[int] = set()
        leftover: set[int] = set()
        room = 0
        first = low
        if last_whole:
            # the last run, if in this suit: what the other suits hold only sets can take, one rank a set
            if not contract.sets and not self.wild_twos:
                # no sets: the other suits must hold nothing at all
                if any(counts[:13 * suit]) or any(counts[13 * suit + 13:52]):
                    first = 15  # not in this suit, then
            else:
                elsewhere = self._ranks_left(range(13 * suit), range(13 * suit + 13, 52))
                if len(elsewhere) > contract.sets:
                    first = 15  # not in this suit, then
        may_drop = bool((contract.sets and self.set_drops) or (remaining_runs and (self.set_drops or self.apart)))
        codes = _CODES[suit]
        have = _HELD[suit](counts)
        max_w = self.most_wilds
        apart = self.apart
        wfree = self.wfree
        wild_twos = self.wild_twos
        unlimited = max_w is None and not self.ratio  # any run with a natural card holds its wilds
        gap = self.rules.contract_run_gap
        # the places without a card in the stretch of the minimum length from each start (16 or
        # more where two touch and wilds must be apart), by start from the lowest: where they are
        # more than the wilds a run may hold, no run starts there (the loop below would stop
        # before its minimum length), and the start is passed over at once
        lowest = self.lowest
        stretches = self.bound.stretches(cards)[1][first - lowest:]
        allowed = wfree if max_w is None or max_w > wfree else max_w
        if allowed > 15:
            allowed = 15
        for start, stretch in zip(range(first, 15 - length_min + 1), stretches):
            if stretch > allowed:
                continue
            present: list[int] = []
            gaps = 0
            for end in range(start, 14 if start == 1 else 15):  # (13 places at most: the ace once)
                if have[end]:
                    present.append(end)
                else:
                    gaps += 1
                    # a missing card is a wild in every reading, and only more come
                    if gaps > wfree or (max_w is not None and gaps > max_w):
                        break
                    if apart and end > start and not have[end - 1]:
                        break
                m = end - start + 1
                if m < length_min or not present:
                    continue
                if trim_ends and m > length_min and (present[0] != start or present[-1] != end):
                    continue
                if gap and self._touches(suit, start, end):
                    continue
                # drop choices: naturals left in hand, a wild standing in their place
                drop_pool: Sequence[int] = ()
                if may_drop:
                    drop_pool = present if (not trim_ends or m == length_min) else present[1:-1]
                    drop_pool = [p for p in drop_pool if self._may_be_wanted(codes[p], remaining_runs)]
                if last_whole:
                    # every card this run leaves goes to a set: at most one rank a set
                    leftover = elsewhere | self._ranks_left_by(suit, [codes[p] for p in present])
                    room = contract.sets - len(leftover)
                    if room < 0:
                        continue
                    if not room:
                        drop_pool = [p for p in drop_pool if codes[p] % 13 in leftover]
                for dropped in self._drop_sets(drop_pool, m, len(present)) if drop_pool else _KEEP_ALL:
                    if dropped:
                        if last_whole and sum(1 for p in dropped if codes[p] % 13 not in leftover) > room:
                            continue
                        naturals = [p for p in present if p not in dropped]
                    else:
                        naturals = present
                    n = len(naturals)
                    w = m - n
                    if not (n if unlimited else self._ok(w, n)):
                        continue
                    # (a run holds one card of each position: at most one natural 2)
                    cost = w + 1 if wild_twos and 2 in naturals else w
                    if cost > wfree:
                        continue
                    if dropped:
                        cells = tuple([codes[p] + 1 if p in naturals else 0 for p in range(start, end + 1)])
                        if apart and not _apart(cells):
                            continue
                    else:
                        # every card of the stretch held: no two wilds touch (the stretch stops before they would)
                        cells = tuple([codes[p] + 1 if have[p] else 0 for p in range(start, end + 1)])
                    for p in naturals:
                        counts[codes[p]] -= 1
                    self.wfree -= cost
                    self.runs.append((suit, start, cells, w))
                    if not remaining_runs or not self._hopeless(slot + 1, suit):
                        yield from self._runs(slot + 1, suit, start)
                    self.runs.pop()
                    self.wfree += cost
                    for p in naturals:
                        counts[codes[p]] += 1
        if suit < 3:
            yield from self._enter(slot, suit + 1)

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
        counts = self.counts
        twos = self.wild_twos
        return {c % 13 for c in range(13 * suit, 13 * suit + 13)
                if counts[c] > (c in taken) and not (twos and c % 13 == 0)}

    def _ranks_left(self, *groups: Iterable[int]) -> set[int]:
        """The ranks (as ``code % 13``) of the natural cards held among these codes."""
        counts = self.counts
        twos = self.wild_twos
        return {c % 13 for codes in groups for c in codes if counts[c] and not (twos and c % 13 == 0)}

    def _drop_sets(self, pool: Sequence[int], m: int, present: int) -> Iterator[tuple[int, ...]]:
        yield ()
        if not pool:
            return
        # (no min(): a call costs more here than the comparisons)
        most = len(pool)
        if self.wfree < most:
            most = self.wfree
        cap = self.caps[m] if m < len(self.caps) else self.caps[-1]
        if cap is not None and cap - (m - present) < most:
            most = cap - (m - present)
        if self.ratio and (present - (m - present)) // 2 < most:
            most = (present - (m - present)) // 2
        for k in range(1, most + 1):
            yield from combinations(pool, k)

    # sets -------------------------------------------------------------------

    def _sets_possible(self) -> bool:
        """Can the cards left make the contract's sets?  Exact when the whole hand need not be used."""
        return self._sets_cost() <= self.wfree

    def _sets_cost(self, row: bytes | None = None) -> int:
        """The fewest wild cards the contract's sets can take from the cards left (with wild 2s,
        natural 2s in a set of 2s count too).  Exact when the whole hand need not be used.
        ``row``: the cards left by code, a byte each, where the caller has made it.

        With more naturals of a rank, its ways to make sets (:func:`_set_options`) are never
        fewer and never cost more: so the best sets use the 2s (which have ways of their own)
        and, of the other ranks, those with the most naturals, no more of them than there
        are sets.  One or two sets, the commonest contracts, are
        worked out directly from those; more by :func:`_knapsack` over them.  The test suite
        holds these answers to :func:`_sets_knapsack` over every rank.
        """
        wanted = self.contract.sets
        if not wanted:
            return 0
        plain, twos, wild_only = self.set_options
        top = len(plain) - 1
        length = self.contract.set_length
        never = _NO_SETS
        if wanted == 1:
            counts = self.counts
            most = 0
            for base in range(1, 13):
                naturals = counts[base] + counts[13 + base] + counts[26 + base] + counts[39 + base]
                if naturals > most:
                    most = naturals
                    if most >= top:  # no rank offers more
                        break
            naturals = counts[0] + counts[13] + counts[26] + counts[39]
            two_ways = twos[naturals if naturals < top else top]
            options = plain[most if most < top else top]
            best = options[0][1] if options else never
            if two_ways and two_ways[0][1] < best:
                best = two_ways[0][1]
            if wild_only and length < best:  # a set of wilds only
                best = length
            return best
        # (a loop over the ranks, as for one set, costs more than these few calls into C)
        ranks = _rank_totals(bytes(self.counts) if row is None else row)
        naturals = ranks[0]
        two_ways = twos[naturals if naturals < top else top]  # (none where no 2 is held: twos[0] is empty)
        order = sorted(ranks[1:])
        if wanted > 2:
            chosen = [plain[n if n < top else top] for n in order[-wanted:]]
            chosen.append(two_ways)
            return _knapsack(chosen, wanted, wild_only, length)
        # two sets: the two cheapest single sets of different ranks, or two of one rank
        # (a rank's ways are one set, then two where it has them: at most one of each)
        most, next_most = order[-1], order[-2]
        ways = plain[most if most < top else top]
        single = ways[0][1] if ways else never
        pair = ways[1][1] if len(ways) > 1 else never
        ways = plain[next_most if next_most < top else top]
        next_single = ways[0][1] if ways else never
        two_single = never
        if two_ways:
            two_single = two_ways[0][1]
            if len(two_ways) > 1 and two_ways[1][1] < pair:
                pair = two_ways[1][1]
        # the cheapest two of the three (single is never above next_single)
        if two_single < single:
            first, second = two_single, single
        else:
            first, second = single, two_single if two_single < next_single else next_single
        best = pair if pair < first + second else first + second
        if wild_only:  # sets of wilds only
            if first + length < best:
                best = first + length
            if 2 * length < best:
                best = 2 * length
        return best

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
        every_length = self.whole or not self.regular
        wild_twos = self.wild_twos
        for rank in range(floor if floor > 2 else 2, 15):
            if distinct and rank == floor:
                continue
            base = rank - 2
            available = counts[base] + counts[13 + base] + counts[26 + base] + counts[39 + base]
            if not available:
                continue
            is_two = rank == 2 and wild_twos
            if every_length:
                shapes: Iterable[tuple[int, int]] = self._set_shapes(available, length)
            else:
                shapes = self.shapes[available if available < length else length]
            for k, w in shapes:
                cost = w + (k if is_two else 0)
                if cost > self.wfree:
                    continue
                taken: list[int] = []
                need = k
                for code in (base, 13 + base, 26 + base, 39 + base):
                    have = counts[code]
                    if have:
                        take = have if have < need else need
                        taken += [code] * take
                        need -= take
                        if not need:
                            break
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
        if floor <= 15 and not self.ratio:
            for _, w in self._set_shapes(0, length):
                if w > self.wfree:
                    break
                self.wfree -= w
                self.sets.append((None, [], w))
                yield from self._sets(slot + 1, 15 if distinct else floor)
                self.sets.pop()
                self.wfree += w

    def _set_shapes(self, most: int, length: int) -> Iterator[tuple[int, int]]:
        """(naturals, wilds) for a set with at most ``most`` naturals, most naturals first.

        A set has just the contract's length, unless the wild limits are irregular
        (a longer set may hold two wilds more): then every longer one is tried.
        """
        for k in range(most, -1 if not most else 0, -1):
            w = max(0, length - k)
            extra = self.wfree if not self.regular else w
            for wilds in range(w, max(w, extra) + 1):
                if self._set_ok(wilds, k):
                    yield k, wilds

    def _absorb(self) -> bool:
        """Whole-hand rounds: place every wild left over into the sets chosen."""
        left = self.wfree
        if not left:
            return True
        if not self.regular:  # the sets were tried at every length already
            return False
        room = 0
        for _, naturals, w in self.sets:
            extra = 0
            while extra < left and self._set_ok(w + extra + 1, len(naturals)):
                extra += 1
            room += extra
        return room >= left

    # results ----------------------------------------------------------------

    def layouts(self) -> Iterator[tuple[Meld, ...]]:
        if self.total < self.fewest:
            return
        if self.whole and self.contract.sets == 0 and not self._whole_hand_runs_possible():
            return
        if self._hopeless():
            return
        # where the hand need not go down whole, the run bound of _hopeless says all this says
        if self.contract.runs and self.whole and not self._some_run_window():
            return
        self.runs: list[tuple[int, int, tuple[int, ...], int]] = []  # suit, start, positions(0=wild), wilds
        self.sets: list[tuple[int | None, list[int], int]] = []  # rank, natural codes, wilds
        self.dead: set[tuple[object, ...]] = set()  # search states known to lead to no layout
        for _ in self._enter(0, 0):
            yield self._build()

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
        wfree = self.wfree
        if self.whole:
            return bound.whole and not bound.whole_runs_possible(self.counts, wfree, runs, suit)
        row = None
        cost = 0
        if not (slot or suit):
            if runs:
                row = bytes(self.counts)  # (made once, for both bounds)
                self.suit_costs = bound.suits_costs(row, wfree)
                cost = bound.shared_cost(self.suit_costs, runs, wfree)
        elif self.runs and self.runs[-1][0] == suit:
            base = 13 * suit
            left = bound.suit_costs(bytes(self.counts[base:base + 13]), wfree)
            cost = bound.shared_cost([left, *self.suit_costs[suit + 1:]], runs, wfree)
        else:
            cost = bound.shared_cost(self.suit_costs[suit:], runs, wfree)
        if cost > wfree:
            return True
        return bool(self.contract.sets) and self.regular and cost + self._sets_cost(row) > wfree

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
        allowed = self.wfree if cap is None else min(cap, self.wfree)
        need = max(1, length - allowed)
        counts = self.counts
        lowest = self.lowest
        for codes in _CODES:
            have = [0] * 15
            for position in range(lowest, 15):
                if counts[codes[position]]:
                    have[position] = 1
            window = sum(have[lowest:lowest + length])
            if window >= need:
                return True
            for start in range(lowest + 1, 15 - length + 1):
                window += have[start + length - 1] - have[start - 1]
                if window >= need:
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
        return suits <= contract.runs and needed <= self.wfree

    def _build(self) -> tuple[Meld, ...]:
        counts = self.counts
        # the wild cards left to place: jokers first, then any 2s not used as naturals
        pool = [ALL_CARDS[52]] * counts[52]
        if self.wild_twos:
            pool += [ALL_CARDS[0]] * counts[0] + [ALL_CARDS[13]] * counts[13] + [ALL_CARDS[26]] * counts[26] \
                + [ALL_CARDS[39]] * counts[39]
        wilds = iter(pool)
        melds: list[Meld] = []
        for suit, start, cells, _ in self.runs:
            run = tuple([ALL_CARDS[c - 1] if c else next(wilds) for c in cells])
            melds.append(make_meld("run", run, None, ALL_CARDS[suit * 13].suit, start))
        set_cards: list[list[Card]] = []
        for _, naturals, w in self.sets:
            set_cards.append([ALL_CARDS[c] for c in naturals] + list(islice(wilds, w)))
        if self.whole:  # every wild left over joins a set that has room for it
            for cards, (_, naturals, _w) in zip(set_cards, self.sets):
                while self._set_ok(len(cards) - len(naturals) + 1, len(naturals)):
                    extra = next(wilds, None)
                    if extra is None:
                        break
                    cards.append(extra)
        for (rank, _, _), cards in zip(self.sets, set_cards):
            melds.append(make_meld("set", tuple(cards), rank, None, 0))
        return tuple(melds)


def _apart(cells: tuple[int, ...]) -> bool:
    previous = 1
    for cell in cells:
        if not cell and not previous:
            return False
        previous = cell
    return True


def clear_search_caches() -> None:
    """Forget what the contract search remembers between calls: its tables per rules and
    contract, and the answers of the quick bounds (internal: see ``clear_caches``)."""
    _wild_caps.cache_clear()
    _set_options.cache_clear()
    clear_bounds()
    _TABLES.clear()


def contract_layouts(hand: Iterable[Card], rules: Rules, round_number: int) -> Iterator[tuple[Meld, ...]]:
    """Layouts of the contract of ``round_number`` that ``hand`` holds, runs first then sets.

    Each layout is a tuple of arranged melds using only cards from ``hand``
    and meeting :func:`check_contract` (in a no-discard round, using the whole
    hand).  Not every arrangement is listed: unless the whole hand goes down,
    sets have exactly the contract's length and a run is longer than that only
    with natural cards at both ends (or a wild at an end that makes an overlap
    the rules ask for); each wild stands where the search counted it.  But
    whenever the hand holds any layout at all, at least one is listed, so the
    first (:func:`find_contract`) answers exactly.  Layouts come in a
    fixed order (runs by suit and position); the same layout may come more than
    once when the hand holds duplicate cards.
    """
    _check_rules(rules)
    contract = rules.contract(round_number)
    cards = _cards(hand, "hand")
    return _Search(cards, rules, contract).layouts()


def layouts_of(hand: tuple[Card, ...], rules: Rules, contract: Contract) -> Iterator[tuple[Meld, ...]]:
    """:func:`contract_layouts` for callers that pass a tuple of cards and the contract itself
    (the engine, whose hands are checked already)."""
    return _Search(hand, rules, contract).layouts()


def find_contract(hand: Iterable[Card], rules: Rules, round_number: int) -> tuple[Meld, ...] | None:
    """A layout of round ``round_number``'s contract from ``hand``, or ``None`` if it holds none.

    In a no-discard round the layout takes the whole hand.

    >>> import shanghai_rules as sr
    >>> layout = sr.find_contract(sr.parse_cards("9C 9D 9H 4H 5H 6H 7H AS"), sr.PAGAT7, 2)
    >>> [str(m) for m in layout]
    ['4H 5H 6H 7H', '9C 9D 9H']
    """
    return next(contract_layouts(hand, rules, round_number), None)



