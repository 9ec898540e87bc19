"""Melds: the arranged :class:`Meld` value, :func:`check_meld`, and where a card can be laid off.

A *set* is cards of one rank; a *run* is cards of one suit in consecutive
order.  A meld is kept *arranged*: a run lists its cards from low to high, and
every card in it stands for one definite card (its position), so a wild always
says what it represents.  A wild 2 standing where it is itself (a 2 in a set
of 2s, or in its own place in a run of its suit) is natural.

Positions in a run are ranks 1-14, where 1 is a low ace and 14 a high ace; an
ace ends the run it is in, so a run never wraps (Q-K-A-2) and never holds a low
and a high ace both.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Final, Literal, cast

import attrs

from ._frozen import open_twin
from .cards import (
    ACE,
    ALL_CARDS,
    JOKER,
    Card,
    CardError,
    Suit,
    _card_group,
    format_cards,
    parse_card,
    parse_cards,
    rank_name,
)
from .rules import Rules, RulesError

__all__ = [
    "End",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "check_meld",
    "is_wild",
    "lay_off_options",
]

MeldKind = Literal["set", "run"]
"""``"set"`` or ``"run"``."""
End = Literal["low", "high"]
"""The end of a run a card extends."""


def is_wild(card: Card, rules: Rules) -> bool:
    """True if ``card`` can act as a wild under ``rules`` (a joker, or a 2 where 2s are wild).

    Raises :class:`~shanghai_rules.cards.CardError` or :class:`~shanghai_rules.rules.RulesError`
    for what is not a card or not rules."""
    try:
        return card.rank == JOKER or (card.rank == 2 and rules.wild_twos)
    except AttributeError:
        if not isinstance(card, Card):
            raise CardError(f"is_wild: {card!r} is not a Card") from None
        raise RulesError(f"is_wild: {rules!r} is not a Rules") from None


def _builder_group(cards: Iterable[Card], kind: MeldKind) -> tuple[Card, ...]:
    """The cards given to :meth:`Meld.set` or :meth:`Meld.run` (card notation read), or MeldError."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    group = _card_group(cards)
    if isinstance(group, str):
        raise MeldError(f"Meld.{kind}: {group}", kind)
    return group


def _frozen_cards(cards: object) -> tuple[Card, ...]:
    """A meld keeps its cards as a tuple, so that no one can change a meld after building it."""
    if isinstance(cards, list):
        return tuple(cards)
    return cards  # type: ignore[return-value]  # anything else is judged (and refused) by check_meld


def _position_card(position: int, suit: Suit) -> Card:
    rank = ACE if position == 1 else position
    return ALL_CARDS[suit * 13 + rank - 2]


#: The card each run position stands for, by suit: position ``p`` (1-14) at index ``p`` (0 unused).
_RUN_CARDS: Final = tuple((None, *(_position_card(p, suit) for p in range(1, 15))) for suit in Suit)


def run_places(meld: Meld) -> tuple[Card, ...] | None:
    """The cards of the places a run placed within the aces stands on, in order (each card of the
    run stands for the one beside it here); ``None`` for a set, or a run placed beyond an ace
    (a hand-built meld)."""
    cards = meld.cards
    start = meld.start
    suit = meld.suit
    if meld.kind != "run" or not isinstance(suit, Suit) or type(start) is not int \
            or not 1 <= start <= 15 - len(cards):
        return None
    # (the places run from 1 up: index 0, which stands for no card, is never among them)
    return cast("tuple[Card, ...]", _RUN_CARDS[suit][start:start + len(cards)])


@attrs.frozen(cache_hash=True)
class Meld:
    """An arranged meld.

    ``cards`` are in order (a run from low to high).  A run has a ``suit`` and a
    ``start``: the position its first card stands for (1 is a low ace, 14 a high
    ace).  A set has a ``rank``, or ``None`` while it holds only wilds.

    Build one with :meth:`Meld.run` or :meth:`Meld.set`, which work out what
    they are not told, or take the one :func:`check_meld` returns.  A meld value
    says where each card stands; whether that is legal under some rules is what
    :func:`check_meld` decides.
    """

    kind: MeldKind
    """``"set"`` or ``"run"``."""
    cards: tuple[Card, ...] = attrs.field(converter=_frozen_cards)
    """The cards in their arranged order."""
    rank: int | None = None
    """A set's rank (``None`` for a set of wilds only); ``None`` for a run."""
    suit: Suit | None = None
    """A run's suit; ``None`` for a set."""
    start: int = 0
    """The position a run's first card stands for (1 = low ace … 14 = high ace); 0 for a set."""

    @classmethod
    def set(cls, cards: Iterable[Card], rank: int | None = None) -> Meld:
        """A set of ``cards`` in the order given; its rank is ``rank`` or the commonest non-joker rank.

        ``cards`` may be card notation (``"8H JK 8S"``).  Raises :class:`MeldError` for
        what is not a group of cards."""
        group = _builder_group(cards, "set")
        if rank is None:
            counts: dict[int, int] = {}
            for card in group:
                if card.rank != JOKER:
                    counts[card.rank] = counts.get(card.rank, 0) + 1
            if counts:
                # a rank other than 2 wins a tie, since 2s are the ones that may be wild
                rank = max(counts, key=lambda r: (counts[r], r != 2, r))
        return cls("set", group, rank=rank)

    @classmethod
    def run(cls, cards: Iterable[Card], start: int | None = None, suit: Suit | None = None) -> Meld:
        """A run of ``cards`` in the order given (low to high).

        ``start`` (the position of the first card) and ``suit`` are worked out,
        when not given, as the reading under which the most cards stand for
        themselves (a higher reading wins a tie).  ``cards`` may be card notation
        (``"4C 5C JK 7C"``).  Raises :class:`MeldError` for what is not a group of
        cards, or where no natural card says the run's suit and place.
        """
        group = _builder_group(cards, "run")
        if start is None or suit is None:
            best: tuple[int, int, Suit] | None = None
            for i, card in enumerate(group):
                if card.suit is None or (suit is not None and card.suit != suit):
                    continue
                positions = (1, 14) if card.rank == ACE else (card.rank,)
                for position in positions:
                    first = position - i
                    if start is not None and first != start:
                        continue
                    if first < 1 or first + len(group) - 1 > 14:
                        continue
                    matches = sum(
                        1 for j, other in enumerate(group) if other == _position_card(first + j, card.suit)
                    )
                    key = (matches, first, card.suit)
                    if best is None or key[:2] > best[:2]:
                        best = key
            if best is None:
                raise MeldError("a run needs a natural card to say its suit and place", "run")
            start, suit = best[1], best[2]
        return cls("run", group, suit=suit, start=start)

    @property
    def end(self) -> int:
        """The position a run's last card stands for."""
        return self.start + len(self.cards) - 1

    def stands_for(self, index: int) -> Card | int | None:
        """What the card at ``index`` stands for: a run position's card, or a set's rank."""
        if self.kind == "set":
            return self.rank
        assert self.suit is not None
        position = self.start + index
        if not 1 <= position <= 14:
            return None  # a hand-built meld placed beyond the ace stands for no card there
        return _RUN_CARDS[self.suit][position]

    def is_natural_at(self, index: int) -> bool:
        """True if the card at ``index`` stands for itself (is not acting as a wild)."""
        card = self.cards[index]
        if self.kind == "set":
            return card.rank != JOKER and card.rank == self.rank
        assert self.suit is not None
        position = self.start + index
        return 1 <= position <= 14 and card is _RUN_CARDS[self.suit][position]

    def wild_indices(self) -> tuple[int, ...]:
        """The positions of the cards acting as wilds."""
        cards = self.cards
        expected = run_places(self)
        if expected is not None:
            # a card stands for itself exactly when it is the card of its position
            return tuple([i for i, (card, own) in enumerate(zip(cards, expected)) if card is not own])
        if self.kind == "set":
            rank = self.rank
            return tuple([i for i, card in enumerate(cards) if card.rank != rank or rank == JOKER])
        return tuple(i for i in range(len(cards)) if not self.is_natural_at(i))

    def describe(self, *, pretty: bool = False) -> str:
        """The meld in words, e.g. ``"run 4C 5C JK(7C)"`` with what each wild stands for."""
        parts = []
        for i, card in enumerate(self.cards):
            text = card.pretty if pretty else str(card)
            if not self.is_natural_at(i):
                target = self.stands_for(i)
                if isinstance(target, Card):
                    text += f"({target.pretty if pretty else target})"
            parts.append(text)
        return f"{self.kind} " + " ".join(parts)

    def __str__(self) -> str:
        return format_cards(self.cards)


class MeldError(ValueError):
    """A group of cards that is not a legal meld; the message names the rule."""

    def __init__(self, reason: str, kind: MeldKind | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind


@attrs.frozen
class MeldCheck:
    """The verdict of :func:`check_meld`: truthy exactly when the cards form a legal meld.

    ``meld`` is the arranged meld (``None`` when illegal); ``reason`` says why a
    group is not legal (empty when it is).
    """

    ok: bool
    """True when legal."""
    kind: MeldKind | None
    """The kind of meld made, or the kind that was judged when illegal (``None`` if neither fits)."""
    meld: Meld | None
    """The arranged meld, when legal."""
    reason: str = ""
    """Why the group is not a legal meld, naming the rule; empty when legal."""

    def __bool__(self) -> bool:
        return self.ok


# ---------------------------------------------------------------------------
# limits shared by sets and runs


def _limit_reason(wilds: int, naturals: int, rules: Rules, counts: bool = True) -> str:
    """Why a meld of ``wilds`` wilds and ``naturals`` naturals breaks a limit on wilds (empty if none).

    ``counts=False`` skips the limits on how many wilds a meld holds, for melds
    grown by lay-offs where the rules check those only at lay-down.
    """
    if not counts or not wilds:
        return ""
    limit = rules.max_wilds_per_meld
    if rules.max_wilds_by_length is not None:
        limit = rules.wild_limit(wilds + naturals)
        if limit is not None and wilds > limit and limit != rules.max_wilds_per_meld:
            many = "no wilds" if limit == 0 else "one wild" if limit == 1 else f"{limit} wilds"
            return f"a meld of {wilds + naturals} cards may hold at most {many} under these rules"
    if limit is not None and wilds > limit:
        if limit == 0:
            return "a meld may hold no wilds under these rules"
        if limit == 1:
            return "a meld may hold at most one wild under these rules"
        return f"a meld may hold at most {limit} wilds under these rules"
    if rules.wilds_at_most_naturals and wilds > naturals:
        return f"a meld may hold no more wilds than naturals under these rules ({wilds} wilds, {naturals} naturals)"
    return ""


_ADJACENT: Final = "two wilds may not stand next to each other in a run under these rules"
_SET_RANKS: Final = frozenset(range(2, ACE + 1))

#: Sorts cards of one rank (set naturals, wild 2s) into card-code order, at C speed.
_by_suit: Final = operator.attrgetter("suit")


def _shape_reason(meld: Meld) -> str:
    """Why ``meld`` is not a well-formed meld value at all (empty when it is).

    Guards the judgement of a caller-built :class:`Meld` against values of the
    wrong type, so that such a meld is refused with a reason, not a crash.
    """
    kind = meld.kind
    if kind != "set" and kind != "run":
        return f"{kind!r} is not a kind of meld: use 'set' or 'run'"
    cards = meld.cards
    if not isinstance(cards, (tuple, list)):
        return f"a meld's cards must be a tuple of cards, not {cards!r}"
    for card in cards:
        if not isinstance(card, Card):
            return f"{card!r} is not a Card"
    if kind == "set":
        if meld.rank is not None and (type(meld.rank) is not int or meld.rank not in _SET_RANKS):
            return f"a set's rank must be 2-14 (or None for a set of wilds only), not {meld.rank!r}"
        if meld.suit is not None or meld.start != 0:
            return "a set has a rank, and no suit or start (suit None, start 0)"
        return ""
    if not isinstance(meld.suit, Suit):
        return "a run needs a suit"
    if type(meld.start) is not int:
        return f"a run's start must be a whole number (1 = low ace … 14 = high ace), not {meld.start!r}"
    if meld.rank is not None:
        return "a run has a suit and a start, and no rank (rank None)"
    return ""


# ---------------------------------------------------------------------------
# judging an arranged meld, card by card


def _validate_set(meld: Meld, rules: Rules, min_length: int, counts: bool = True) -> str:
    cards = meld.cards
    if len(cards) < min_length:
        return f"a set needs at least {min_length} cards, not {len(cards)}"
    rank = meld.rank
    wild_twos = rules.wild_twos
    wilds = 0
    for card in cards:
        r = card.rank
        if r == rank and r != JOKER:
            continue
        if r == JOKER or (r == 2 and wild_twos):
            wilds += 1
            continue
        if rank is None:
            return f"a set of wilds only cannot hold {card}: give the set its rank"
        return f"a set's cards must all be of one rank: {card} is not a {rank_name(rank)}"
    return _limit_reason(wilds, len(cards) - wilds, rules, counts)


def _validate_run(meld: Meld, rules: Rules, min_length: int, counts: bool = True) -> str:
    cards = meld.cards
    n = len(cards)
    if n < min_length:
        return f"a run needs at least {min_length} cards, not {n}"
    if n > 13:
        return "a run holds at most 13 cards: it cannot hold a low ace and a high ace both"
    suit = meld.suit
    if suit is None:
        return "a run needs a suit"
    start = meld.start
    if start < (1 if rules.ace_low else 2):
        if start == 1:
            return "aces are high only under these rules: A-2-3-4 is not a run"
        return "a run cannot go below the ace"
    if start + n - 1 > 14:
        return "an ace ends a run: a run cannot wrap round from the ace (Q-K-A-2)"
    wild_twos = rules.wild_twos
    wilds = 0
    last_wild = -2
    apart = rules.run_wilds_apart
    for i, card in enumerate(cards):
        position = start + i
        rank = ACE if position == 1 else position
        if card.rank == rank and card.suit is suit:
            continue
        if card.rank == JOKER or (card.rank == 2 and wild_twos):
            if apart and last_wild == i - 1:
                return _ADJACENT
            last_wild = i
            wilds += 1
            continue
        if card.suit is not suit:
            return f"a run's cards must all be of one suit: {card} is not a {suit.name.lower()[:-1]}"
        return f"{card} cannot stand where {_position_card(position, suit)} belongs in this run"
    if wilds == n:
        return "a run needs at least one natural card"
    return _limit_reason(wilds, n - wilds, rules, counts)


def _validate(meld: Meld, rules: Rules, min_length: int | None = None, counts: bool = True) -> str:
    reason = _shape_reason(meld)
    if reason:
        return reason
    if meld.kind == "set":
        return _validate_set(meld, rules, rules.min_set_length if min_length is None else min_length, counts)
    return _validate_run(meld, rules, rules.min_run_length if min_length is None else min_length, counts)


# ---------------------------------------------------------------------------
# arranging an unordered group
#
# check_meld sorts a group once into three piles: the cards that can stand
# only for themselves ("fixed": neither jokers nor wild 2s), the wild 2s, and
# the jokers.  Fixed cards of two ranks are no set and fixed cards of two
# suits no run, so most groups are judged as one kind only.  A meld arranged
# here is legal by construction and is not judged again card by card.


def _mixed_group_reason(fixed: Sequence[Card]) -> str:
    """Why cards of several ranks and several suits make no meld, naming the odd ones out
    of the commonest suit when most of the cards share one."""
    suits: dict[object, int] = {}
    for card in fixed:
        suits[card.suit] = suits.get(card.suit, 0) + 1
    suit, count = max(suits.items(), key=lambda item: item[1])
    if 2 * count > len(fixed) and isinstance(suit, Suit):
        odd = " ".join(str(card) for card in fixed if card.suit is not suit)
        return (f"neither a set (cards of one rank) nor a run: a run's cards must all be of one suit, "
                f"and {odd} {'is' if ' ' not in odd else 'are'} not {suit.name.lower()}")
    return "neither a set (cards of one rank) nor a run (cards of one suit in sequence)"


def _mixed_ranks_reason(fixed: Sequence[Card]) -> str:
    first = fixed[0].rank
    other = next(card.rank for card in fixed if card.rank != first)
    return f"a set's cards must all be of one rank: {rank_name(first)} and {rank_name(other)} differ"


def _arrange_set(
    fixed: list[Card], twos: list[Card], jokers: list[Card], rules: Rules, min_length: int
) -> Meld | str:
    """The set of ``fixed`` cards (all of one rank), wild 2s and jokers: naturals first, or why not."""
    n = len(fixed) + len(twos) + len(jokers)
    if n < min_length:
        return f"a set needs at least {min_length} cards, not {n}"
    rank: int | None
    if fixed:
        rank = fixed[0].rank
        naturals = sorted(fixed, key=_by_suit)
        wilds = sorted(twos, key=_by_suit) + jokers if twos else jokers
    elif twos:
        rank = 2  # a set of 2s: the 2s stand for themselves
        naturals = sorted(twos, key=_by_suit)
        wilds = jokers
    else:
        rank = None  # wilds only: the set has no rank until a natural joins it
        naturals = []
        wilds = jokers
    reason = _limit_reason(len(wilds), n - len(wilds), rules)
    if reason:
        return reason
    return Meld("set", tuple(naturals + wilds), rank=rank)


def _arrange_run(
    fixed: list[Card], twos: list[Card], jokers: list[Card], rules: Rules, min_length: int, same_suit: bool
) -> Meld | str:
    """The best run of these cards (see :func:`_best_run`), or why there is none."""
    n = len(fixed) + len(twos) + len(jokers)
    if n < min_length:
        return f"a run needs at least {min_length} cards, not {n}"
    if n > 13:
        return "a run holds at most 13 cards: it cannot hold a low ace and a high ace both"
    if fixed:
        if not same_suit:
            first = fixed[0]
            other = next(card for card in fixed if card.suit is not first.suit)
            return f"a run's cards must all be of one suit: {first} and {other} differ"
        suit = fixed[0].suit
        assert suit is not None
        return _best_run(fixed, twos, jokers, n, suit, rules)
    # only wilds: a wild 2 standing in its own place can give the run its suit
    suits = sorted({card.suit for card in twos if card.suit is not None})
    if not suits:
        return "a run needs at least one natural card"
    best: Meld | None = None
    best_key = (-1, -1)
    reason = ""
    for s in suits:
        found = _best_run(fixed, twos, jokers, n, s, rules)
        if isinstance(found, str):
            reason = reason or found
            continue
        key = (len(found.cards) - len(found.wild_indices()), found.start)
        if key > best_key:
            best_key, best = key, found
    return best if best is not None else reason


def _best_run(
    fixed: list[Card], twos: list[Card], jokers: list[Card], n: int, suit: Suit, rules: Rules
) -> Meld | str:
    """The best legal reading of ``n`` cards as a run of ``suit``: most naturals, then highest placed.

    ``fixed`` are the cards that cannot be wild (all of ``suit``); ``twos`` are
    wild 2s, of which one of ``suit`` may stand in its own place.  Each reading
    (ace high or low, own 2 natural or wild) fixes the naturals' positions; the
    wilds fill the gaps, and the run is placed as high as the naturals, the ace
    and the wild limits allow.
    """
    by_rank: dict[int, Card] = {}
    for card in fixed:
        if card.rank in by_rank:
            if card.rank == ACE:
                return "a run holds at most one ace: an ace ends the run, high or low"
            return f"a run cannot hold {card} twice; a card joins a run only at its ends"
        by_rank[card.rank] = card
    ace = by_rank.pop(ACE, None)
    ace_low = rules.ace_low
    own_two: Card | None = None
    if twos:
        own_two = next((card for card in twos if card.suit is suit), None)
        twos = sorted(twos, key=_by_suit)
    lowest = 1 if ace_low else 2
    apart = rules.run_wilds_apart
    # Why no reading works, in order of preference: a reading that fits but breaks a wild rule, else the
    # first reading too long for the group ((lo, hi), put in words only if needed), else no natural at all.
    rule_reason = ""
    span_reason: str | tuple[int, int] = ""
    best: Meld | None = None
    best_key = (-1, -1)
    fixed_lo, fixed_hi = (min(by_rank), max(by_rank)) if by_rank else (15, 0)
    for ace_position in ((14, 1) if ace_low else (14,)) if ace is not None else (0,):
        for use_two in (True, False) if own_two is not None else (False,):
            naturals = len(by_rank) + (ace is not None) + use_two
            if naturals == 0:
                continue
            lo, hi = fixed_lo, fixed_hi
            if ace is not None:
                lo, hi = min(lo, ace_position), max(hi, ace_position)
            if use_two:
                lo, hi = min(lo, 2), max(hi, 2)
            top = min(lo, 15 - n)  # the highest start that keeps every natural in the run
            if (naturals, top) <= best_key:
                continue  # cannot beat the reading already found
            if hi - lo + 1 > n:
                if ace is not None and not ace_low and hi == 14 and max(by_rank, default=1) <= n:
                    span_reason = span_reason or "aces are high only under these rules: A-2-3-4 is not a run"
                else:
                    span_reason = span_reason or (lo, hi)
                continue
            limit = _limit_reason(n - naturals, naturals, rules)
            if limit:
                rule_reason = rule_reason or limit
                continue
            # the reading fits: place its naturals, and gather the wilds that fill the gaps
            positions = by_rank
            wilds = twos
            if ace is not None or use_two:
                positions = dict(by_rank)
                if ace is not None:
                    positions[ace_position] = ace
                if use_two:
                    assert own_two is not None
                    positions[2] = own_two
                    wilds = list(twos)
                    wilds.remove(own_two)
            if jokers:
                wilds = wilds + jokers
            # as high as possible; lower only to keep wilds apart
            for start in range(top, max(lowest, hi - n + 1) - 1, -1):
                arranged = _fill(start, n, positions, wilds, apart)
                if arranged is None:
                    rule_reason = rule_reason or _ADJACENT
                    continue
                if (naturals, start) > best_key:
                    best_key, best = (naturals, start), Meld("run", arranged, suit=suit, start=start)
                break
    if best is not None:
        return best
    if rule_reason:
        return rule_reason
    if isinstance(span_reason, tuple):
        if _wraps(by_rank.keys() | ({ACE} if ace is not None else set()), n):
            return "an ace ends a run: a run cannot wrap round from the ace (Q-K-A-2)"
        lo, hi = span_reason
        return (
            f"{_position_card(lo, suit)} to {_position_card(hi, suit)} needs "
            f"{hi - lo + 1} cards in a row but the group has {n}"
        )
    return span_reason or "a run needs at least one natural card"


def _wraps(ranks: Iterable[int], n: int) -> bool:
    """True if natural cards of these ranks would make a run of ``n`` cards only by wrapping round (K-A-2)."""
    places = {rank - 2 for rank in ranks}  # 2 -> 0 ... K -> 11, A -> 12, on a circle of 13
    # the windows of n places that hold K (11), A (12) and 2 (0)
    return any(all((place - first) % 13 < n for place in places) for first in range(14 - n, 12))


def _fill(
    start: int, n: int, positions: dict[int, Card], wilds: list[Card], apart: bool
) -> tuple[Card, ...] | None:
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


# ---------------------------------------------------------------------------
# the public judgement


def check_meld(
    cards: Iterable[Card] | Meld,
    rules: Rules,
    kind: MeldKind | None = None,
    *,
    min_length: int | None = None,
    laid_off: bool = False,
) -> MeldCheck:
    """Judge whether ``cards`` form a legal meld under ``rules``.

    A plain group of cards is read as unordered: the library arranges a run and
    places wilds in its gaps; a wild that could go at either end takes the high
    end when it can.  An arranged :class:`Meld` is judged exactly as arranged.
    ``kind`` asks for a set or a run only; ``min_length`` overrides the rules'
    minimum length (a contract may ask for longer melds).  ``laid_off=True``
    judges a meld on the table that has grown by lay-offs: where the rules check
    how many wilds a meld holds only when it is laid down
    (``wild_limits_on_lay_off=False``), those limits are not applied.

    >>> import shanghai_rules as sr
    >>> bool(sr.check_meld(sr.parse_cards("4C 5C JK 7C"), sr.PAGAT7))
    True
    >>> sr.check_meld(sr.parse_cards("4C JK 6C JK"), sr.PAGAT7).reason
    'a meld may hold at most one wild under these rules'
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {rules!r} is not a Rules")
    if kind is not None and kind != "set" and kind != "run":
        return MeldCheck(False, None, None, f"{kind!r} is not a kind of meld: use 'set' or 'run'")
    if min_length is not None and (type(min_length) is not int or min_length < 1):
        return MeldCheck(False, kind, None, f"min_length: {min_length!r} is not a whole number of at least 1")
    if isinstance(cards, Meld):
        if kind is not None and cards.kind != kind:
            return MeldCheck(False, cards.kind, None, f"this meld is a {cards.kind}, not a {kind}")
        reason = _validate(cards, rules, min_length, not laid_off or rules.wild_limits_on_lay_off)
        if reason:
            return MeldCheck(False, cards.kind, None, reason)
        return MeldCheck(True, cards.kind, cards)
    if not isinstance(cards, (tuple, list)):
        if isinstance(cards, str):
            return MeldCheck(False, kind, None, f"{cards!r} is text, not cards (parse_cards reads text)")
        try:
            cards = tuple(cards)
        except TypeError:
            return MeldCheck(False, kind, None, f"{cards!r} is not a group of cards")

    # one pass: fixed cards (noting whether they share a rank and a suit), wild 2s, jokers
    wild_twos = rules.wild_twos
    fixed: list[Card] = []
    twos: list[Card] = []
    jokers: list[Card] = []
    same_rank = same_suit = True
    first_rank = first_suit = None
    for card in cards:
        if not isinstance(card, Card):
            return MeldCheck(False, kind, None, f"{card!r} is not a Card")
        rank = card.rank
        if rank == JOKER:
            jokers.append(card)
        elif rank == 2 and wild_twos:
            twos.append(card)
        elif fixed:
            if rank != first_rank:
                same_rank = False
            if card.suit is not first_suit:
                same_suit = False
            fixed.append(card)
        else:
            first_rank, first_suit = rank, card.suit
            fixed.append(card)

    if kind == "set" or (kind is None and len(fixed) > 1 and same_rank):
        # two naturals of one rank are never a run: same suit repeats a place, else the suits differ
        if not same_rank:
            return MeldCheck(False, "set", None, _mixed_ranks_reason(fixed))
        found = _arrange_set(fixed, twos, jokers, rules, rules.min_set_length if min_length is None else min_length)
        if isinstance(found, str):
            return MeldCheck(False, "set", None, found)
        return MeldCheck(True, "set", found)
    if kind == "run" or len(fixed) > 1:
        if kind is None and not same_suit:
            return MeldCheck(False, None, None, _mixed_group_reason(fixed))
        found = _arrange_run(
            fixed, twos, jokers, rules, rules.min_run_length if min_length is None else min_length, same_suit
        )
        if isinstance(found, str):
            return MeldCheck(False, "run", None, found)
        return MeldCheck(True, "run", found)

    # at most one natural: the group may be either kind
    as_set = _arrange_set(fixed, twos, jokers, rules, rules.min_set_length if min_length is None else min_length)
    if not fixed and len(twos) > 1 and isinstance(as_set, Meld):
        return MeldCheck(True, "set", as_set)  # a set of 2s keeps every 2 natural, a run at most one
    as_run = _arrange_run(
        fixed, twos, jokers, rules, rules.min_run_length if min_length is None else min_length, same_suit
    )
    if isinstance(as_set, Meld) and isinstance(as_run, Meld):
        # legal both ways (possible only with many wilds): the reading with more naturals wins, a run a tie
        set_naturals = len(as_set.cards) - len(as_set.wild_indices())
        run_naturals = len(as_run.cards) - len(as_run.wild_indices())
        chosen = as_set if set_naturals > run_naturals else as_run
        return MeldCheck(True, chosen.kind, chosen)
    if isinstance(as_set, Meld):
        return MeldCheck(True, "set", as_set)
    if isinstance(as_run, Meld):
        return MeldCheck(True, "run", as_run)
    assert isinstance(as_set, str)
    return MeldCheck(False, "set" if fixed else None, None, as_set)


def lay_off_options(meld: Meld, card: Card, rules: Rules) -> tuple[tuple[End | None, Meld], ...]:
    """The ways ``card`` can join ``meld``: pairs of (end, resulting meld).

    A set gives at most one option, with end ``None``.  A run gives one option
    per end the card can extend (``"low"`` or ``"high"``); a card that fits
    nowhere, or a meld value that is not well formed, gives none.  Every
    resulting meld is legal under ``rules``.  ``card`` may be card notation
    (``"8C"``); what is not a meld, a card or rules raises :class:`MeldError`,
    :class:`~shanghai_rules.cards.CardError` or :class:`~shanghai_rules.rules.RulesError`.
    """
    if not isinstance(meld, Meld):
        raise MeldError(f"lay_off_options: {meld!r} is not a Meld")
    if isinstance(card, str):
        card = parse_card(card)
    elif not isinstance(card, Card):
        raise CardError(f"lay_off_options: {card!r} is not a Card")
    if not isinstance(rules, Rules):
        raise RulesError(f"lay_off_options: {rules!r} is not a Rules")
    if _shape_reason(meld):
        return ()
    return _join(meld, card, rules, 0)  # any meld: every new one is judged card by card


_OpenMeld = open_twin(Meld)


def make_meld(kind: MeldKind, cards: tuple[Card, ...], rank: int | None, suit: Suit | None, start: int) -> Meld:
    """``Meld(kind, cards, rank, suit, start)`` for values known to be well formed, without the constructor's
    conversion (the engine's own melds), built as :mod:`shanghai_rules._frozen` explains."""
    meld = _OpenMeld()
    meld.kind = kind
    meld.cards = cards
    meld.rank = rank
    meld.suit = suit
    meld.start = start
    meld._attrs_cached_hash = None
    meld.__class__ = Meld
    return meld  # type: ignore[no-any-return]


def joined(meld: Meld, card: Card, rules: Rules, plain: int | None = None) -> tuple[tuple[End | None, Meld], ...]:
    """:func:`lay_off_options` for a meld legal under ``rules`` and a card (the engine's own values).

    What a card joining a legal meld may break is known without judging the new meld card
    by card wherever the wild limits do not depend on its length: ``plain`` is
    :func:`plain_join` of ``rules``, worked out here unless the caller knows it."""
    return _join(meld, card, rules, plain_join(rules) if plain is None else plain)


def _join(meld: Meld, card: Card, rules: Rules, plain: int) -> tuple[tuple[End | None, Meld], ...]:
    """The ways ``card`` joins the well-formed ``meld``, each new meld judged card by card
    unless ``plain`` (:func:`plain_join` of ``rules``, for a legal ``meld``) says it need not be."""
    if meld.kind == "set":
        rank = meld.rank
        if plain and rank is not None and card.rank == rank and rank != JOKER:
            # one more natural card: nothing a legal set holds can it make illegal
            return ((None, make_meld("set", meld.cards + (card,), rank, None, 0)),)
        # a set of wilds only takes its rank from the first natural (or 2) that joins it
        new_rank = card.rank if rank is None and card.rank != JOKER else rank
        new = make_meld("set", meld.cards + (card,), new_rank, None, 0)
        if plain > 1 and rank is not None and is_wild(card, rules):
            return ((None, new),)  # one more wild, where no limit counts them
        if _validate_set(new, rules, 1, rules.wild_limits_on_lay_off):
            return ()
        return ((None, new),)
    options: list[tuple[End | None, Meld]] = []
    suit = meld.suit
    assert suit is not None
    cards = meld.cards
    low, high = meld.start - 1, meld.start + len(cards)
    wild = is_wild(card, rules)
    # the card in its own place, or one more wild where no limit counts them (beside a natural
    # card where wilds may not touch), keeps a legal run legal if it stays within the ace
    quick = plain and len(cards) < 13
    apart = rules.run_wilds_apart
    if low >= 1:
        own = card is _RUN_CARDS[suit][low]
        if own or wild:
            new = make_meld("run", (card, *cards), None, suit, low)
            if (quick and (low > 1 or rules.ace_low)
                    and (own or (plain > 1 and (not apart or meld.is_natural_at(0))))) \
                    or not _validate_run(new, rules, 1, rules.wild_limits_on_lay_off):
                options.append(("low", new))
    if high <= 14:
        own = card is _RUN_CARDS[suit][high]
        if own or wild:
            new = make_meld("run", (*cards, card), None, suit, meld.start)
            if (quick and (own or (plain > 1 and (not apart or meld.is_natural_at(len(cards) - 1))))) \
                    or not _validate_run(new, rules, 1, rules.wild_limits_on_lay_off):
                options.append(("high", new))
    return tuple(options)


def plain_join(rules: Rules) -> int:
    """How plainly a card joining a legal meld is judged under ``rules``: 0 where a wild limit
    depends on the meld's length (every new meld is judged card by card); 1 where it does not,
    so a natural card in its own place keeps the meld legal; 2 where, besides, no limit counts
    the wilds a lay-off adds, so one more wild does too (where wilds may not touch in a run,
    beside a natural card)."""
    if rules.max_wilds_by_length is not None:
        return 0
    if not rules.wild_limits_on_lay_off or (rules.max_wilds_per_meld is None and not rules.wilds_at_most_naturals):
        return 2
    return 1
