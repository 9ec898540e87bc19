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

from collections.abc import Iterable, Sequence
from typing import Final, Literal

import attrs

from .cards import ACE, ALL_CARDS, JOKER, Card, Suit, format_cards, rank_name
from .rules import Rules

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
    """True if ``card`` can act as a wild under ``rules`` (a joker, or a 2 where 2s are wild)."""
    return card.rank == JOKER or (card.rank == 2 and rules.wild_twos)


def _position_card(position: int, suit: Suit) -> Card:
    rank = ACE if position == 1 else position
    return ALL_CARDS[suit * 13 + rank - 2]


@attrs.frozen
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
    cards: tuple[Card, ...]
    """The cards in their arranged order."""
    rank: int | None = None
    """A set's rank (``None`` for a set of wilds only); ``None`` for a run."""
    suit: Suit | None = None
    """A run's suit; ``None`` for a set."""
    start: int = 0
    """The position a run's first card stands for (1 = low ace … 14 = high ace); 0 for a set."""

    @classmethod
    def set(cls, cards: Iterable[Card], rank: int | None = None) -> Meld:
        """A set of ``cards`` in the order given; its rank is ``rank`` or the commonest non-joker rank."""
        group = tuple(cards)
        if rank is None:
            counts: dict[int, int] = {}
            for card in group:
                if card.rank != JOKER:
                    counts[card.rank] = counts.get(card.rank, 0) + 1
            if counts:
                best = max(counts.values())
                # a rank other than 2 wins a tie, since 2s are the ones that may be wild
                rank = max(counts, key=lambda r: (counts[r], r != 2, r))
                del best
        return cls("set", group, rank=rank)

    @classmethod
    def run(cls, cards: Iterable[Card], start: int | None = None, suit: Suit | None = None) -> Meld:
        """A run of ``cards`` in the order given (low to high).

        ``start`` (the position of the first card) and ``suit`` are worked out,
        when not given, as the reading under which the most cards stand for
        themselves (a higher reading wins a tie).
        """
        group = tuple(cards)
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
        return _position_card(self.start + index, self.suit)

    def is_natural_at(self, index: int) -> bool:
        """True if the card at ``index`` stands for itself (is not acting as a wild)."""
        card = self.cards[index]
        if self.kind == "set":
            return card.rank != JOKER and card.rank == self.rank
        assert self.suit is not None
        return card == _position_card(self.start + index, self.suit)

    def wild_indices(self) -> tuple[int, ...]:
        """The positions of the cards acting as wilds."""
        return tuple(i for i in range(len(self.cards)) if not self.is_natural_at(i))

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


def _limit_reason(wilds: int, naturals: int, rules: Rules) -> str:
    limit = rules.max_wilds_per_meld
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


# ---------------------------------------------------------------------------
# sets


def _validate_set(meld: Meld, rules: Rules, min_length: int) -> str:
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
    return _limit_reason(wilds, len(cards) - wilds, rules)


def _arrange_set(cards: Sequence[Card], rules: Rules, min_length: int) -> Meld | str:
    wild_twos = rules.wild_twos
    rank: int | None = None
    twos = 0
    for card in cards:
        r = card.rank
        if r == JOKER:
            continue
        if r == 2 and wild_twos:
            twos += 1
            continue
        if rank is None:
            rank = r
        elif r != rank:
            return f"a set's cards must all be of one rank: {rank_name(rank)} and {rank_name(r)} differ"
    if rank is None and twos:
        rank = 2  # a set of 2s: the 2s stand for themselves
    naturals = [c for c in cards if c.rank == rank]
    naturals.sort(key=_code)
    wild = [c for c in cards if c.rank != rank]
    wild.sort(key=_code)
    meld = Meld("set", tuple(naturals + wild), rank=rank)
    reason = _validate_set(meld, rules, min_length)
    return reason or meld


def _code(card: Card) -> int:
    return card.code


# ---------------------------------------------------------------------------
# runs


def _validate_run(meld: Meld, rules: Rules, min_length: int) -> str:
    cards = meld.cards
    n = len(cards)
    if n < min_length:
        return f"a run needs at least {min_length} cards, not {n}"
    suit = meld.suit
    if suit is None:
        return "a run needs a suit"
    start = meld.start
    lowest = 1 if rules.ace_low else 2
    if start < lowest:
        if start == 1 or start + n - 1 >= 1:
            return "aces are high only under these rules: A-2-3-4 is not a run"
        return "a run cannot go below the ace"
    if start + n - 1 > 14:
        if start <= 1:
            return "a run holds at most 13 cards: it cannot hold a low ace and a high ace both"
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
        if card.suit is not suit and card.rank != JOKER:
            return f"a run's cards must all be of one suit: {card} is not a {suit.name.lower()[:-1]}"
        return f"{card} cannot stand where {_position_card(position, suit)} belongs in this run"
    if wilds == n:
        return "a run needs at least one natural card"
    return _limit_reason(wilds, n - wilds, rules)


def _arrange_run(cards: Sequence[Card], rules: Rules, min_length: int) -> Meld | str:
    n = len(cards)
    if n < min_length:
        return f"a run needs at least {min_length} cards, not {n}"
    if n > 13:
        return "a run holds at most 13 cards: it cannot hold a low ace and a high ace both"
    wild_twos = rules.wild_twos
    suit: Suit | None = None
    others: list[Card] = []
    twos: list[Card] = []
    jokers: list[Card] = []
    for card in cards:
        r = card.rank
        if r == JOKER:
            jokers.append(card)
        elif r == 2 and wild_twos:
            twos.append(card)
        else:
            if suit is None:
                suit = card.suit
            elif card.suit is not suit:
                return f"a run's cards must all be of one suit: {others[0]} and {card} differ"
            others.append(card)
    if suit is not None:
        suits: tuple[Suit, ...] = (suit,)
    else:
        suits = tuple(sorted({c.suit for c in twos if c.suit is not None}))
        if not suits:
            return "a run needs at least one natural card"
    best: Meld | None = None
    best_key = (-1, -1)
    reason = ""
    for s in suits:
        found = _best_run(others, twos, jokers, n, s, rules)
        if isinstance(found, str):
            reason = reason or found
            continue
        key = (len(found.cards) - len(found.wild_indices()), found.start)
        if key > best_key:
            best_key, best = key, found
    return best if best is not None else reason


def _best_run(
    others: list[Card], twos: list[Card], jokers: list[Card], n: int, suit: Suit, rules: Rules
) -> Meld | str:
    """The best legal reading of a run of ``suit``: most naturals, then highest placed.

    ``others`` are the cards that cannot be wild (all of ``suit``); ``twos`` are
    wild 2s, of which one of ``suit`` may stand in its own place.
    """
    by_rank: dict[int, Card] = {}
    for card in others:
        if card.rank in by_rank:
            if card.rank == ACE:
                return "a run holds at most one ace: an ace ends the run, high or low"
            return f"a run cannot hold {card} twice; a card joins a run only at its ends"
        by_rank[card.rank] = card
    ace = by_rank.pop(ACE, None)
    ace_options: tuple[int, ...] = ((14, 1) if rules.ace_low else (14,)) if ace is not None else (0,)
    own_two = next((c for c in twos if c.suit is suit), None)
    lowest = 1 if rules.ace_low else 2
    reason = ""
    best: Meld | None = None
    best_key = (-1, -1)
    for ace_position in ace_options:
        for use_two in ((True, False) if own_two is not None else (False,)):
            fixed = dict(by_rank)
            if ace is not None:
                fixed[ace_position] = ace
            if use_two:
                if 2 in fixed:
                    continue
                assert own_two is not None
                fixed[2] = own_two
            wild_cards = sorted(twos, key=_code)
            if use_two:
                wild_cards.remove(own_two)  # type: ignore[arg-type]
            wild_cards.extend(jokers)
            naturals = len(fixed)
            if naturals == 0:
                reason = reason or "a run needs at least one natural card"
                continue
            lo, hi = min(fixed), max(fixed)
            if hi - lo + 1 > n:
                if ace is not None and not rules.ace_low and hi == 14 and max(by_rank, default=1) <= n:
                    reason = reason or "aces are high only under these rules: A-2-3-4 is not a run"
                else:
                    reason = reason or (
                        f"{_position_card(lo, suit)} to {_position_card(hi, suit)} needs "
                        f"{hi - lo + 1} cards in a row but the group has {n}"
                    )
                continue
            limit = _limit_reason(n - naturals, naturals, rules)
            if limit:
                reason = reason or limit
                continue
            for start in range(min(lo, 15 - n), max(lowest, hi - n + 1) - 1, -1):
                arranged = _fill(start, n, fixed, wild_cards, rules.run_wilds_apart)
                if arranged is None:
                    reason = reason or _ADJACENT
                    continue
                key = (naturals, start)
                if key > best_key:
                    best_key, best = key, Meld("run", arranged, suit=suit, start=start)
                break
    return best if best is not None else (reason or "these cards do not make a run")


def _fill(
    start: int, n: int, fixed: dict[int, Card], wild_cards: list[Card], apart: bool
) -> tuple[Card, ...] | None:
    """The run from ``start``: naturals at their positions, wilds in the gaps (None if wilds touch)."""
    out: list[Card] = []
    wilds = iter(wild_cards)
    last_wild = -2
    for i in range(n):
        card = fixed.get(start + i)
        if card is None:
            if apart and last_wild == i - 1:
                return None
            last_wild = i
            card = next(wilds)
        out.append(card)
    return tuple(out)


# ---------------------------------------------------------------------------
# the public judgement


def _validate(meld: Meld, rules: Rules, min_length: int | None = None) -> str:
    if meld.kind == "set":
        return _validate_set(meld, rules, rules.min_set_length if min_length is None else min_length)
    if meld.kind == "run":
        return _validate_run(meld, rules, rules.min_run_length if min_length is None else min_length)
    return f"{meld.kind!r} is not a kind of meld: use 'set' or 'run'"


def check_meld(
    cards: Iterable[Card] | Meld, rules: Rules, kind: MeldKind | None = None, *, min_length: int | None = None
) -> MeldCheck:
    """Judge whether ``cards`` form a legal meld under ``rules``.

    A plain group of cards is read as unordered: the library arranges a run and
    places wilds in its gaps; a wild that could go at either end takes the high
    end when it can.  An arranged :class:`Meld` is judged exactly as arranged.
    ``kind`` asks for a set or a run only; ``min_length`` overrides the rules'
    minimum length (a contract may ask for longer melds).

    >>> import shanghai_rules as sr
    >>> bool(sr.check_meld(sr.parse_cards("4C 5C JK 7C"), sr.PAGAT7))
    True
    >>> sr.check_meld(sr.parse_cards("4C JK 6C JK"), sr.PAGAT7).reason
    'a meld may hold at most one wild under these rules'
    """
    if kind is not None and kind not in ("set", "run"):
        return MeldCheck(False, None, None, f"{kind!r} is not a kind of meld: use 'set' or 'run'")
    if isinstance(cards, Meld):
        if kind is not None and cards.kind != kind:
            return MeldCheck(False, cards.kind, None, f"this meld is a {cards.kind}, not a {kind}")
        reason = _validate(cards, rules, min_length)
        if reason:
            return MeldCheck(False, cards.kind, None, reason)
        return MeldCheck(True, cards.kind, cards)
    group = tuple(cards)
    for card in group:
        if not isinstance(card, Card):
            return MeldCheck(False, kind, None, f"{card!r} is not a Card")
    set_result: Meld | str = ""
    run_result: Meld | str = ""
    if kind != "run":
        set_result = _arrange_set(group, rules, rules.min_set_length if min_length is None else min_length)
        if isinstance(set_result, Meld) and kind == "set":
            return MeldCheck(True, "set", set_result)
    if kind != "set":
        run_result = _arrange_run(group, rules, rules.min_run_length if min_length is None else min_length)
    if isinstance(set_result, Meld) and isinstance(run_result, Meld):
        # legal both ways (possible only with many wilds): the reading with more naturals wins
        set_naturals = len(set_result.cards) - len(set_result.wild_indices())
        run_naturals = len(run_result.cards) - len(run_result.wild_indices())
        chosen = set_result if set_naturals > run_naturals else run_result
        return MeldCheck(True, chosen.kind, chosen)
    if isinstance(set_result, Meld):
        return MeldCheck(True, "set", set_result)
    if isinstance(run_result, Meld):
        return MeldCheck(True, "run", run_result)
    if kind == "set":
        return MeldCheck(False, "set", None, set_result)
    if kind == "run":
        return MeldCheck(False, "run", None, run_result)
    # neither: explain by what the group looks like
    naturals = [c for c in group if not is_wild(c, rules)]
    if naturals and all(c.rank == naturals[0].rank for c in naturals):
        return MeldCheck(False, "set", None, set_result)
    if naturals and all(c.suit is naturals[0].suit for c in naturals):
        return MeldCheck(False, "run", None, run_result)
    if len(naturals) <= 1:
        return MeldCheck(False, None, None, set_result or run_result)
    return MeldCheck(False, None, None, "neither a set (cards of one rank) nor a run (cards of one suit in sequence)")


def lay_off_options(meld: Meld, card: Card, rules: Rules) -> tuple[tuple[End | None, Meld], ...]:
    """The ways ``card`` can join ``meld``: pairs of (end, resulting meld).

    A set gives at most one option, with end ``None``.  A run gives one option
    per end the card can extend (``"low"`` or ``"high"``); a card that fits
    nowhere gives none.  Every resulting meld is legal under ``rules``.
    """
    if meld.kind == "set":
        if meld.rank is None and not is_wild(card, rules) or (
            meld.rank is None and card.rank == 2 and rules.wild_twos
        ):
            new = Meld("set", meld.cards + (card,), rank=card.rank)
            if _validate_set(new, rules, 1):
                return ()
            return ((None, new),)
        new = Meld("set", meld.cards + (card,), rank=meld.rank)
        if _validate_set(new, rules, 1):
            return ()
        return ((None, new),)
    options: list[tuple[End | None, Meld]] = []
    suit = meld.suit
    assert suit is not None
    low, high = meld.start - 1, meld.start + len(meld.cards)
    wild = is_wild(card, rules)
    if low >= 1 and (wild or card == _position_card(low, suit)):
        new = Meld("run", (card,) + meld.cards, suit=suit, start=low)
        if not _validate_run(new, rules, 1):
            options.append(("low", new))
    if high <= 14 and (wild or card == _position_card(high, suit)):
        new = Meld("run", meld.cards + (card,), suit=suit, start=meld.start)
        if not _validate_run(new, rules, 1):
            options.append(("high", new))
    return tuple(options)
