"""Arranging an unordered group of cards as a meld: a group given as a plain
sequence of cards is always read as unordered.

A group is sorted once into three piles: the cards that can stand only for
themselves (*fixed*: neither jokers nor wild 2s), the wild 2s, and the jokers.
Fixed cards of two ranks are no set and fixed cards of two suits no run, so
most groups are judged as one kind only.

* A set puts its naturals first (by suit), then its wilds.
* A run is read in every way its naturals allow (an ace high or low, a wild 2
  of its suit natural in its own place or wild) and the reading with the most
  naturals wins, placed as high as it can go **(ruling**: a wild that could go
  at either end takes the high end); wilds fill the gaps, kept apart where the
  rules say so.

Every meld arranged here keeps the rules of :mod:`~shanghai_rules.meld_validation`
by construction: the limits it asks are those of :mod:`~shanghai_rules.wild_limits`.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from .cards import ACE, JOKER, Card, Suit, rank_name
from .errors import excerpt
from .meld_validation import ADJACENT_WILDS, dead_two_reason, too_long_reason
from .meld_value import Meld, MeldCheck, MeldKind, position_card, wild_cards
from .refusals import Reason
from .rules import Rules
from .wild_limits import wild_limits

__all__ = ["arrange_group"]

_by_suit: Final = operator.attrgetter("suit")


def _natural_order(card: Card) -> tuple[int, bool]:
    """Where a set's naturals stand: by suit, and of one suit a dead 2 before a live one, so that the
    arranged set is the same in whatever order its cards come."""
    return -1 if card.suit is None else int(card.suit), not card.dead

_ONE_ACE: Final = Reason("repeated_card", "a run holds at most one ace: an ace ends the run, high or low")
_NO_NATURAL: Final = Reason("no_natural", "a run needs at least one natural card")
_ACE_HIGH: Final = Reason("ace_high_only", "aces are high only under these rules: A-2-3-4 is not a run")


def _piles(cards: Sequence[Card], rules: Rules) -> tuple[list[Card], list[Card], list[Card]] | Reason:
    """The group sorted into fixed cards, wild 2s and jokers, or why it is not a group of cards."""
    fixed: list[Card] = []
    twos: list[Card] = []
    jokers: list[Card] = []
    wild = wild_cards(rules.wild_twos)
    for card in cards:
        if not isinstance(card, Card):
            return Reason("not_a_card", f"{excerpt(card)} is not a Card")
        if card.rank == JOKER:
            jokers.append(card)
        elif card in wild:  # (a wild 2)
            twos.append(card)
        else:
            fixed.append(card)
    return fixed, twos, jokers


def arrange_group(cards: Sequence[Card], rules: Rules, kind: MeldKind | None, min_length: int | None) -> MeldCheck:
    """:func:`~shanghai_rules.melds.check_meld` of a plain group: its best arrangement, or why it has none
    (where a dead 2 is the reason, that it is no wild)."""
    verdict = _arranged(cards, rules, kind, min_length)
    if verdict.ok or not rules.wild_twos or not any(isinstance(card, Card) and card.dead for card in cards):
        return verdict
    live = [card.printed if isinstance(card, Card) else card for card in cards]
    if _arranged(live, rules, kind, min_length).ok:  # (the group would be a meld if its dead 2s were wild)
        reason = dead_two_reason(next(card for card in cards if isinstance(card, Card) and card.dead))
        return MeldCheck(False, verdict.kind, None, reason, reason.code)
    return verdict


def _arranged(cards: Sequence[Card], rules: Rules, kind: MeldKind | None, min_length: int | None) -> MeldCheck:
    """:func:`arrange_group`, dead 2s judged as they are."""
    piles = _piles(cards, rules)
    if isinstance(piles, Reason):
        return MeldCheck(False, kind, None, piles, piles.code)
    fixed, twos, jokers = piles
    same_rank = len({card.rank for card in fixed}) <= 1
    same_suit = len({card.suit for card in fixed}) <= 1
    set_length = rules.min_set_length if min_length is None else min_length
    run_length = rules.min_run_length if min_length is None else min_length
    if kind == "set" or (kind is None and len(fixed) > 1 and same_rank):
        # two naturals of one rank are never a run: same suit repeats a place, else the suits differ
        if not same_rank:
            mixed = _mixed_ranks_reason(fixed)
            return MeldCheck(False, "set", None, mixed, mixed.code)
        return _verdict("set", _arrange_set(fixed, twos, jokers, rules, set_length))
    if kind == "run" or len(fixed) > 1:
        if kind is None and not same_suit:
            neither = _mixed_group_reason(fixed)
            return MeldCheck(False, None, None, neither, neither.code)
        return _verdict("run", _arrange_run(fixed, twos, jokers, rules, run_length, same_suit))
    return _either_kind(fixed, twos, jokers, rules, set_length, run_length)


def _verdict(kind: MeldKind, found: Meld | Reason) -> MeldCheck:
    if isinstance(found, Reason):
        return MeldCheck(False, kind, None, found, found.code)
    return MeldCheck(True, kind, found)


def _either_kind(fixed: list[Card], twos: list[Card], jokers: list[Card], rules: Rules, set_length: int,
                 run_length: int) -> MeldCheck:
    """A group with at most one natural, which may be either kind: the reading with more naturals
    wins, a run a tie; a set of 2s keeps every 2 natural, a run at most one."""
    as_set = _arrange_set(fixed, twos, jokers, rules, set_length)
    if not fixed and len(twos) > 1 and rules.natural_twos and isinstance(as_set, Meld):
        return MeldCheck(True, "set", as_set)
    as_run = _arrange_run(fixed, twos, jokers, rules, run_length, True)
    if isinstance(as_set, Meld) and isinstance(as_run, Meld):
        set_naturals = len(as_set.cards) - len(as_set.wild_indices())
        run_naturals = len(as_run.cards) - len(as_run.wild_indices())
        chosen = as_set if set_naturals > run_naturals else as_run
        return MeldCheck(True, chosen.kind, chosen)
    if isinstance(as_set, Meld):
        return MeldCheck(True, "set", as_set)
    if isinstance(as_run, Meld):
        return MeldCheck(True, "run", as_run)
    assert isinstance(as_set, Reason)
    return MeldCheck(False, "set" if fixed else None, None, as_set, as_set.code)


def _mixed_group_reason(fixed: Sequence[Card]) -> Reason:
    """Why cards of several ranks and several suits make no meld, naming the odd ones out
    of the commonest suit when most of the cards share one."""
    suits: dict[object, int] = {}
    for card in fixed:
        suits[card.suit] = suits.get(card.suit, 0) + 1
    suit, count = max(suits.items(), key=lambda item: item[1])
    if 2 * count > len(fixed) and isinstance(suit, Suit):
        odd = " ".join(str(card) for card in fixed if card.suit is not suit)
        return (Reason("not_a_meld",
                       f"neither a set (cards of one rank) nor a run: a run's cards must all be of one suit, "
                f"and {odd} {'is' if ' ' not in odd else 'are'} not {suit.name.lower()}"))
    return Reason("not_a_meld", "neither a set (cards of one rank) nor a run (cards of one suit in sequence)")


def _mixed_ranks_reason(fixed: Sequence[Card]) -> Reason:
    first = fixed[0].rank
    other = next(card.rank for card in fixed if card.rank != first)
    return Reason("mixed_ranks",
                  f"a set's cards must all be of one rank: {rank_name(first)} and {rank_name(other)} differ")


def _arrange_set(fixed: list[Card], twos: list[Card], jokers: list[Card], rules: Rules, min_length: int
                 ) -> Meld | Reason:
    """The set of ``fixed`` cards (all of one rank), wild 2s and jokers: naturals first, or why not."""
    n = len(fixed) + len(twos) + len(jokers)
    if n < min_length:
        return Reason("too_short", f"a set needs at least {min_length} cards, not {n}")
    rank: int | None
    if fixed and fixed[0].rank == 2:  # dead 2s: with them, the 2s of a set of 2s stand for themselves
        rank = 2
        naturals = sorted(fixed + twos, key=_natural_order)
        wilds = jokers
    elif fixed:
        rank = fixed[0].rank
        naturals = sorted(fixed, key=_natural_order)
        wilds = sorted(twos, key=_by_suit) + jokers
    elif twos and rules.natural_twos:
        rank = 2  # a set of 2s: the 2s stand for themselves
        naturals = sorted(twos, key=_by_suit)
        wilds = jokers
    else:
        rank = None  # wilds only: the set has no rank until a natural joins it
        naturals = []
        wilds = sorted(twos, key=_by_suit) + jokers
    reason = wild_limits(rules).reason(len(wilds), n - len(wilds))
    if reason:
        return reason
    return Meld("set", tuple(naturals + wilds), rank=rank)


def _arrange_run(fixed: list[Card], twos: list[Card], jokers: list[Card], rules: Rules, min_length: int,
                 same_suit: bool) -> Meld | Reason:
    """The best run of these cards (see :class:`_RunReadings`), or why there is none."""
    n = len(fixed) + len(twos) + len(jokers)
    if n < min_length:
        return Reason("too_short", f"a run needs at least {min_length} cards, not {n}")
    if n > rules.longest_run:
        return too_long_reason(rules)
    if fixed:
        if not same_suit:
            first = fixed[0]
            other = next(card for card in fixed if card.suit is not first.suit)
            return Reason("mixed_suits", f"a run's cards must all be of one suit: {first} and {other} differ")
        suit = fixed[0].suit
        assert suit is not None
        return _RunReadings(fixed, twos, jokers, suit, rules).best()
    # only wilds: a wild 2 standing in its own place can give the run its suit (where it may be natural)
    suits = sorted({card.suit for card in twos if card.suit is not None}) if rules.natural_twos else []
    if not suits:
        return Reason("no_natural", "a run needs at least one natural card")
    best: Meld | None = None
    best_key = (-1, -1)
    reason: Reason | None = None
    for suit in suits:
        found = _RunReadings(fixed, twos, jokers, suit, rules).best()
        if isinstance(found, Reason):
            reason = reason or found
            continue
        key = (len(found.cards) - len(found.wild_indices()), found.start)
        if key > best_key:
            best_key, best = key, found
    if best is not None:
        return best
    assert reason is not None
    return reason


class _RunReadings:
    """The readings of a group as a run of ``suit``, and the best legal one: most naturals, then
    placed highest.

    ``fixed`` are the cards that cannot be wild (all of ``suit``); ``twos`` are wild
    2s, of which one of ``suit`` may stand in its own place.  Each reading (an ace
    high or low, the own 2 natural or wild) fixes the naturals' positions; the wilds
    fill the gaps, and the run is placed as high as the naturals, the ace and the
    wild limits allow.  Where no reading is legal, the reason kept is, in order of
    preference: a reading that fits but breaks a wild rule, else the first reading
    too long for the group, else that there is no natural at all.
    """

    def __init__(self, fixed: list[Card], twos: list[Card], jokers: list[Card], suit: Suit, rules: Rules) -> None:
        self.rules = rules
        self.suit = suit
        self.n = len(fixed) + len(twos) + len(jokers)
        self.jokers = jokers
        self.twos = sorted(twos, key=_by_suit)
        self.own_two = next((card for card in twos if card.suit is suit), None) if rules.natural_twos else None
        self.repeat: Reason | None = None  # a card the group holds twice (no reading takes it)
        self.by_rank: dict[int, Card] = {}
        for card in fixed:
            if card.rank in self.by_rank:
                self.repeat = (_ONE_ACE if card.rank == ACE
                               else Reason("repeated_card", f"a run cannot hold {card} twice; a card joins a run only "
                                                            f"at its ends"))
                break
            self.by_rank[card.rank] = card
        if 2 in self.by_rank:  # a dead 2 holds the 2's place: a wild 2 of the suit can only be wild
            self.own_two = None
        self.ace = self.by_rank.pop(ACE, None)
        self.best_key = (-1, -1)
        self.found: Meld | None = None
        self.rule_reason: Reason | None = None
        self.span_reason: Reason | tuple[int, int] | None = None

    def readings(self) -> Iterator[tuple[int, bool]]:
        """Each reading: (the ace's position, 0 without an ace; whether the own 2 stands natural)."""
        aces = ((14, 1) if self.rules.ace_low else (14,)) if self.ace is not None else (0,)
        for ace_position in aces:
            for use_two in (True, False) if self.own_two is not None else (False,):
                yield ace_position, use_two

    def best(self) -> Meld | Reason:
        """The best legal run, or why there is none."""
        if self.repeat:
            return self.repeat
        for ace_position, use_two in self.readings():
            self._try(ace_position, use_two)
        if self.found is not None:
            return self.found
        if self.rule_reason:
            return self.rule_reason
        if isinstance(self.span_reason, tuple):
            return self._too_long(*self.span_reason)
        return self.span_reason or _NO_NATURAL

    def _try(self, ace_position: int, use_two: bool) -> None:
        """Weigh one reading, keeping it if it is legal and beats the best so far."""
        naturals = len(self.by_rank) + (self.ace is not None) + use_two
        if naturals == 0:
            return
        ranks = list(self.by_rank) + ([ace_position] if self.ace is not None else []) + ([2] if use_two else [])
        lo, hi = min(ranks), max(ranks)
        n = self.n
        top = min(lo, 15 - n)  # the highest start that keeps every natural in the run
        if (naturals, top) <= self.best_key:
            return  # cannot beat the reading already found
        if hi - lo + 1 > n:
            if self.ace is not None and not self.rules.ace_low and hi == 14 and max(self.by_rank, default=1) <= n:
                self.span_reason = self.span_reason or _ACE_HIGH
            else:
                self.span_reason = self.span_reason or (lo, hi)
            return
        limit = wild_limits(self.rules).reason(n - naturals, naturals)
        if isinstance(limit, Reason):
            self.rule_reason = self.rule_reason or limit
            return
        positions, wilds = self._placed(ace_position, use_two)
        lowest = self.rules.lowest_run_place
        # as high as possible; lower only to keep wilds apart
        for start in range(top, max(lowest, hi - n + 1) - 1, -1):
            arranged = _fill(start, n, positions, wilds, self.rules.run_wilds_apart)
            if arranged is None:
                self.rule_reason = self.rule_reason or ADJACENT_WILDS
                continue
            if (naturals, start) > self.best_key:
                self.best_key = (naturals, start)
                self.found = Meld("run", arranged, suit=self.suit, start=start)
            return

    def _placed(self, ace_position: int, use_two: bool) -> tuple[dict[int, Card], list[Card]]:
        """The naturals of a reading by position, and the wilds that fill its gaps (2s, then jokers)."""
        positions = dict(self.by_rank)
        wilds = list(self.twos)
        if self.ace is not None:
            positions[ace_position] = self.ace
        if use_two:
            assert self.own_two is not None
            positions[2] = self.own_two
            wilds.remove(self.own_two)
        return positions, wilds + self.jokers

    def _too_long(self, lo: int, hi: int) -> Reason:
        if _wraps(self.by_rank.keys() | ({ACE} if self.ace is not None else set()), self.n):
            return Reason("ace_ends_run", "an ace ends a run: a run cannot wrap round from the ace (Q-K-A-2)")
        return (Reason("not_in_sequence", f"{position_card(lo, self.suit)} to {position_card(hi, self.suit)} needs "
                f"{hi - lo + 1} cards in a row but the group has {self.n}"))


def _wraps(ranks: Iterable[int], n: int) -> bool:
    """True if natural cards of these ranks would make a run of ``n`` cards only by wrapping round (K-A-2)."""
    places = {rank - 2 for rank in ranks}  # 2 -> 0 ... K -> 11, A -> 12, on a circle of 13
    # the windows of n places that hold K (11), A (12) and 2 (0)
    return any(all((place - first) % 13 < n for place in places) for first in range(14 - n, 12))


def _fill(start: int, n: int, positions: dict[int, Card], wilds: list[Card], apart: bool) -> tuple[Card, ...] | None:
    """The run from ``start``: naturals at their positions, wilds in the gaps (None if wilds touch)."""
    out: list[Card] = []
    taken = 0
    last_wild = -2
    for position in range(start, start + n):
        card = positions.get(position)
        if card is None:
            if apart and last_wild == position - 1:
                return None
            last_wild = position
            card = wilds[taken]
            taken += 1
        out.append(card)
    return tuple(out)
