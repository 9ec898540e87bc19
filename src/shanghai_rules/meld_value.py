"""The meld value: :class:`Meld` (arranged cards and what each wild stands for), the verdict
:class:`MeldCheck`, :class:`MeldError`, and :func:`is_wild`.

A *set* is cards of one rank; a *run* is cards of one suit in consecutive
order.  A meld is kept *arranged*: a run lists its cards from low to high, and
every card in it stands for one definite card (its position), so a wild always
says what it represents.  A wild 2 standing where it is itself (a 2 in a set
of 2s, or in its own place in a run of its suit) is natural.

Positions in a run are ranks 1-14, where 1 is a low ace and 14 a high ace; an
ace ends the run it is in, so a run never wraps (Q-K-A-2) and never holds a low
and a high ace both.

Whether a meld is legal under some rules is judged by :mod:`~shanghai_rules.meld_validation`;
:mod:`~shanghai_rules.melds` gathers the public names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, cast

import attrs

from .cards import (
    ACE,
    ALL_CARDS,
    JOKER,
    Card,
    CardError,
    CardsArg,
    Suit,
    _card_group,
    _one_card,
    format_cards,
    parse_cards,
)
from .errors import RulesError, excerpt
from .refusals import Code

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "End",
    "Meld",
    "MeldCheck",
    "MeldError",
    "MeldKind",
    "is_place_card",
    "is_wild",
    "position_card",
    "run_places",
    "wild_cards",
]

MeldKind = Literal["set", "run"]
"""``"set"`` or ``"run"``."""
End = Literal["low", "high"]
"""The end of a run a card extends."""


def _acts_as_wild(card: Card, wild_twos: bool) -> bool:
    """The rule of which cards are wild (rules: wild cards): a joker, and a 2 where 2s are wild
    (``Rules.wild_twos``), unless it is a dead 2."""
    return card.rank == JOKER or (card.rank == 2 and wild_twos and not card.dead)


# every card the rule makes wild, with 2s wild or not: built once, as the cards are
_WILD_CARDS: Final = {wild_twos: frozenset(card for card in ALL_CARDS if _acts_as_wild(card, wild_twos))
                      for wild_twos in (False, True)}


def wild_cards(wild_twos: bool) -> frozenset[Card]:
    """The cards that act as wilds where 2s are wild (``wild_twos``) or not: :func:`is_wild` of each,
    for a loop to ask by membership."""
    return _WILD_CARDS[wild_twos]


def is_wild(card: Card | str, rules: Rules) -> bool:
    """True if ``card`` (or the card its notation names) can act as a wild under ``rules`` (a joker,
    or a 2 where 2s are wild, unless it is a dead 2).

    Raises :class:`~shanghai_rules.cards.CardError` or :class:`~shanghai_rules.errors.RulesError`
    for what is not a card or not rules."""
    if isinstance(card, str):
        card = _one_card(card, "is_wild")
    elif not isinstance(card, Card):
        raise CardError(f"is_wild: {excerpt(card)} is not a Card", "not_a_card")
    try:
        wild_twos = rules.wild_twos
    except AttributeError:
        raise RulesError(f"is_wild: {excerpt(rules)} is not a Rules", "bad_argument") from None
    return card in wild_cards(bool(wild_twos))


def _builder_group(cards: CardsArg, kind: MeldKind) -> tuple[Card, ...]:
    """The cards given to :meth:`Meld.set` or :meth:`Meld.run` (card notation read), or MeldError."""
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    group = _card_group(cards)
    if isinstance(group, str):
        raise MeldError(f"Meld.{kind}: {group}", kind, "not_a_card")
    return group


def _frozen_cards(cards: object) -> tuple[Card, ...]:
    """A meld keeps its cards as a tuple, so that no one can change a meld after building it."""
    if isinstance(cards, list):
        return tuple(cards)
    return cards  # type: ignore[return-value]  # anything else is judged (and refused) by check_meld


def position_card(position: int, suit: Suit) -> Card:
    """The card that run position ``position`` (1 = low ace ... 14 = high ace) of ``suit`` stands for."""
    rank = ACE if position == 1 else position
    return ALL_CARDS[suit * 13 + rank - 2]


#: The card each run position stands for, by suit: position ``p`` (1-14) at index ``p`` (0 unused).
_RUN_CARDS: Final = tuple((None, *(position_card(p, suit) for p in range(1, 15))) for suit in Suit)


def is_place_card(card: Card, position: int, suit: Suit) -> bool:
    """True if ``card`` is the card of run position ``position`` (1-14) of ``suit``: the card
    itself, or a dead 2 at its own 2's place (a dead 2 plays as its printed 2)."""
    own = _RUN_CARDS[suit][position]
    return card is own or (card.dead and card.printed is own)


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


def _no_reading(missed: str, start: int | None) -> MeldError:
    """Why :meth:`Meld.run` found no reading of a group as a run: its natural cards would stand beyond
    the ace (``missed`` ``"ace_ends_run"``), none stands in its place from ``start``
    (``"not_in_sequence"``), or none says the run's suit and place."""
    if missed == "ace_ends_run":
        return MeldError("a run cannot go beyond the ace: read from its natural cards, these cards do not "
                         "all stand between the low ace and the high ace", "run", "ace_ends_run")
    if missed:
        return MeldError(f"no natural card stands in its place in a run from position {excerpt(start)}", "run",
                         "not_in_sequence")
    return MeldError("a run needs a natural card to say its suit and place", "run", "no_natural")


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
    def set(cls, cards: CardsArg, rank: int | None = None) -> Meld:
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
    def run(cls, cards: CardsArg, start: int | None = None, suit: Suit | None = None) -> Meld:
        """A run of ``cards`` in the order given (low to high).

        ``start`` (the position of the first card) and ``suit`` are worked out,
        when not given, as the reading under which the most cards stand for
        themselves (a higher reading wins a tie).  ``cards`` may be card notation
        (``"4C 5C JK 7C"``).  Raises :class:`MeldError` for what is not a group of
        cards, or where no natural card says the run's suit and place.
        """
        group = _builder_group(cards, "run")
        if start is not None and type(start) is not int:
            raise MeldError(f"Meld.run: start: {excerpt(start)} is not a place (a whole number, 1 = low ace … "
                            "14 = high ace)", "run", "bad_meld_value")
        if suit is not None and not isinstance(suit, Suit):
            raise MeldError(f"Meld.run: suit: {excerpt(suit)} is not a Suit", "run", "bad_meld_value")
        if start is None or suit is None:
            best: tuple[int, int, Suit] | None = None
            missed = ""  # why a natural card's reading was passed over, where one was
            for i, card in enumerate(group):
                if card.suit is None or (suit is not None and card.suit != suit):
                    continue
                positions = (1, 14) if card.rank == ACE else (card.rank,)
                for position in positions:
                    first = position - i
                    if start is not None and first != start:
                        missed = missed or "not_in_sequence"
                        continue
                    if first < 1 or first + len(group) - 1 > 14:
                        missed = "ace_ends_run"
                        continue
                    matches = sum(
                        1 for j, other in enumerate(group) if other == position_card(first + j, card.suit)
                    )
                    key = (matches, first, card.suit)
                    if best is None or key[:2] > best[:2]:
                        best = key
            if best is None:
                raise _no_reading(missed, start)
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
        return 1 <= position <= 14 and is_place_card(card, position, self.suit)

    def wild_indices(self) -> tuple[int, ...]:
        """The positions of the cards acting as wilds."""
        cards = self.cards
        expected = run_places(self)
        if expected is not None:
            # a card stands for itself exactly when it is the card of its position
            return tuple([i for i, (card, own) in enumerate(zip(cards, expected))
                          if card is not own and not (card.dead and card.printed is own)])
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
    """A group of cards that is not a legal meld; the message names the rule, and ``code`` is its
    code (see :mod:`~shanghai_rules.refusals`)."""

    def __init__(self, reason: str, kind: MeldKind | None = None, code: Code = "unspecified") -> None:
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        self.code: Code = code
        """The code of the rule broken."""


@attrs.frozen
class MeldCheck:
    """The verdict of :func:`check_meld`: truthy exactly when the cards form a legal meld.

    ``meld`` is the arranged meld (``None`` when illegal); ``reason`` says why a
    group is not legal, and ``code`` names the rule broken (both empty when it is legal;
    see :mod:`~shanghai_rules.refusals`).
    """

    ok: bool
    """True when legal."""
    kind: MeldKind | None
    """The kind of meld made, or the kind that was judged when illegal (``None`` if neither fits)."""
    meld: Meld | None
    """The arranged meld, when legal."""
    reason: str = ""
    """Why the group is not a legal meld, naming the rule; empty when legal."""
    code: Code | Literal[""] = ""
    """The code of the rule broken (one of :data:`~shanghai_rules.refusals.CODES`); empty when legal."""

    def __bool__(self) -> bool:
        return self.ok
