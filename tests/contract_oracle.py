"""A brute-force contract finder, used only by the tests as an oracle for :func:`find_contract`.

It shares nothing with the search in ``contracts.py`` but the judges: it lists
every arranged meld the hand's cards can make (every set of every rank, every
run of every suit, start and length, with every choice of natural card or wild
card at every position), keeps those that :func:`check_meld` accepts at the
contract's minimum length, and then tries every combination of the contract's
number of sets and runs that the hand's cards can supply at once, asking
:func:`check_contract` about each.  In a no-discard round the combination must
use the whole hand.

It is slow (exponential in the hand), so the tests keep hands small.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations, product

from shanghai_rules import ACE, JOKER, Card, Meld, Rules, Suit, check_contract, check_meld, is_wild
from shanghai_rules.cards import ALL_CARDS, dead_two

Hand = Counter[Card]


def _position_card(position: int, suit: Suit) -> Card:
    rank = ACE if position == 1 else position
    return ALL_CARDS[suit * 13 + rank - 2]


def candidate_sets(hand: Hand, rules: Rules, min_length: int) -> list[Meld]:
    """Every legal set (as ``check_meld`` judges it) the hand can make, of at least ``min_length`` cards."""
    wilds = sorted(c for c in hand if is_wild(c, rules))
    found: list[Meld] = []
    for rank in [None, *range(2, 15)]:
        pool = [c for c in hand if c.rank == rank and c.rank != JOKER] if rank is not None else []
        pool += [c for c in wilds if c not in pool]
        pool.sort()
        # every sub-multiset of the pool: a count 0..held for each distinct card
        for counts in product(*(range(hand[c] + 1) for c in pool)):
            cards = [c for c, n in zip(pool, counts) for _ in range(n)]
            if len(cards) < min_length:
                continue
            meld = Meld("set", tuple(cards), rank=rank)
            if check_meld(meld, rules, "set", min_length=min_length):
                found.append(meld)
    return found


def candidate_runs(hand: Hand, rules: Rules, min_length: int) -> list[Meld]:
    """Every legal arranged run the hand can make, of at least ``min_length`` cards.

    Each position of a run holds its own card or a wild card.  Wild cards acting
    as wilds are interchangeable, so for each choice of the positions that hold
    wilds and each sub-multiset of the hand's wild cards, one placement is judged:
    one that puts no wild card on its own position (a 2 in its own place is
    natural: that reading is the choice of the own card there).
    """
    by_size = _sub_multisets(sorted(c for c in hand.elements() if is_wild(c, rules)))
    most_wilds = len(by_size) - 1
    found: list[Meld] = []
    for suit in Suit:
        for start in range(1, 15):
            for end in range(start + min_length - 1, min(14, start + 12) + 1):
                for own in _own_cards(hand, suit, start, end):
                    found += _runs_of(own, hand, by_size, most_wilds, rules, suit, start, min_length)
    return found


def _own_cards(hand: Hand, suit: Suit, start: int, end: int) -> list[list[Card]]:
    """The cards of each place from ``start`` to ``end``: the printed cards, and where the hand holds
    a dead 2 of the suit and the 2's place is among them, the same with the dead 2 there."""
    own = [_position_card(position, suit) for position in range(start, end + 1)]
    dead = dead_two(_position_card(2, suit))
    if start <= 2 <= end and hand[dead]:
        return [own, [dead if position == 2 else card for position, card in zip(range(start, end + 1), own)]]
    return [own]


def _runs_of(own: list[Card], hand: Hand, by_size: list[list[tuple[Card, ...]]], most_wilds: int, rules: Rules,
             suit: Suit, start: int, min_length: int) -> list[Meld]:
    """Every legal run of these places, each holding its own card or a wild."""
    found: list[Meld] = []
    held = [i for i, card in enumerate(own) if hand[card]]
    missing = [i for i, card in enumerate(own) if not hand[card]]
    for k in range(len(held) + 1):
        if len(missing) + k > most_wilds:
            break
        for dropped in combinations(held, k):
            holes = sorted(missing + list(dropped))
            for wilds in by_size[len(holes)]:
                cards = _place(own, holes, wilds)
                if cards is None or not _fits(cards, hand):
                    continue
                meld = Meld("run", tuple(cards), suit=suit, start=start)
                if check_meld(meld, rules, "run", min_length=min_length):
                    found.append(meld)
    return found


def _sub_multisets(cards: list[Card]) -> list[list[tuple[Card, ...]]]:
    """The distinct sub-multisets of ``cards``, listed by size (index = size)."""
    distinct = sorted(set(cards))
    by_size: list[list[tuple[Card, ...]]] = [[] for _ in range(len(cards) + 1)]
    for counts in product(*(range(cards.count(c) + 1) for c in distinct)):
        chosen = tuple(c for c, n in zip(distinct, counts) for _ in range(n))
        by_size[len(chosen)].append(chosen)
    return by_size


def _place(own: list[Card], holes: list[int], wilds: tuple[Card, ...]) -> list[Card] | None:
    """``own`` with ``wilds`` in the holes, none on its own position; None if that cannot be done."""
    for order in permutations(wilds):
        if all(own[hole] != card for hole, card in zip(holes, order)):
            cards = list(own)
            for hole, card in zip(holes, order):
                cards[hole] = card
            return cards
    return None


def _fits(cards: Sequence[Card], hand: Hand) -> bool:
    need = Counter(cards)
    return all(hand[card] >= n for card, n in need.items())


def oracle_layouts(hand: Sequence[Card], rules: Rules, round_number: int) -> Iterator[tuple[Meld, ...]]:
    """Every layout (sets first, then runs) that meets the contract, by exhaustive enumeration."""
    contract = rules.contract(round_number)
    held: Hand = Counter(hand)
    distinct = sorted(held)

    def need(meld: Meld) -> tuple[int, ...]:
        used = Counter(meld.cards)
        return tuple(used[card] for card in distinct)

    sets = [(m, need(m)) for m in candidate_sets(held, rules, contract.set_length)] if contract.sets else []
    runs = [(m, need(m)) for m in candidate_runs(held, rules, contract.run_length)] if contract.runs else []
    slots = [sets] * contract.sets + [runs] * contract.runs
    chosen: list[Meld] = []

    def fitting(options: list[tuple[Meld, tuple[int, ...]]], left: list[int]) -> list[tuple[Meld, tuple[int, ...]]]:
        return [(m, n) for m, n in options if all(have >= want for have, want in zip(left, n))]

    def walk(slot: int, options: list[tuple[Meld, tuple[int, ...]]], left: list[int]) -> Iterator[tuple[Meld, ...]]:
        if slot == len(slots):
            if contract.no_discard and any(left):
                return
            if check_contract(chosen, rules, round_number):
                yield tuple(chosen)
            return
        for i, (meld, used) in enumerate(options):
            rest = [have - want for have, want in zip(left, used)]
            chosen.append(meld)
            if slot + 1 == len(slots):
                following: list[tuple[Meld, tuple[int, ...]]] = []
            elif slots[slot + 1] is slots[slot]:
                # melds of one kind are chosen in list order (an unordered choice; repeats allowed)
                following = fitting(options[i:], rest)
            else:
                following = fitting(slots[slot + 1], rest)
            yield from walk(slot + 1, following, rest)
            chosen.pop()

    start = [held[card] for card in distinct]
    yield from walk(0, fitting(slots[0], start), start)


def oracle_find(hand: Sequence[Card], rules: Rules, round_number: int) -> tuple[Meld, ...] | None:
    """One layout that meets the contract, or ``None`` if the hand holds none."""
    return next(oracle_layouts(hand, rules, round_number), None)
