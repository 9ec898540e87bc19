"""Cards: the :class:`Card` value, ranks and suits, card notation, and the card supply.

A card is a frozen, hashable value.  Equal cards from different physical decks
are equal values: hands and piles are multisets, so nothing ever needs to tell
two copies of the queen of hearts apart.

Notation (:func:`parse_card`) accepts ``"QS"``, ``"10h"``, ``"Th"``, ``"T♥"``,
``"♥10"``, ``"JK"``, ``"Joker"`` and ``"*"``, in any case.  ``str(card)`` gives
the canonical ASCII form (``"10H"``, ``"QS"``, ``"JK"``) and
:attr:`Card.pretty` the form with suit symbols (``"10♥"``, ``"Q♠"``, ``"★"``).

A *dead 2* (``"2Hx"``, pretty ``"2♥†"``) is a 2 that was discarded where
``Rules.discarded_twos_die``: the same printed card, no longer wild.  It is a
card value of its own, so that it stays dead in any hand, meld or pile, and
through a reshuffle, until the round ends.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

import attrs

from .errors import bounded, excerpt
from .refusals import Code

__all__ = [
    "ACE",
    "ALL_CARDS",
    "DEAD_TWOS",
    "JACK",
    "JOKER",
    "KING",
    "MAX_CARDS",
    "MAX_TOKEN_SHOWN",
    "QUEEN",
    "Card",
    "CardError",
    "CardParseError",
    "CardsArg",
    "Suit",
    "dead_two",
    "format_cards",
    "full_deck",
    "parse_card",
    "parse_cards",
    "rank_name",
]

JOKER: Final = 0
"""The rank of a joker (a joker has no suit)."""
JACK: Final = 11
"""The rank of a jack."""
QUEEN: Final = 12
"""The rank of a queen."""
KING: Final = 13
"""The rank of a king."""
ACE: Final = 14
"""Aces have rank 14; where aces may be low, a run places them at position 1."""

_RANK_NAMES: Final = {
    2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
    JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER: "JK",
}


class Suit(enum.IntEnum):
    """The four suits, in the order hands are sorted."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]


class CardError(ValueError):
    """A card value that cannot exist: a rank or suit out of range, a joker with a suit."""

    def __init__(self, message: str, code: Code = "unspecified") -> None:
        super().__init__(bounded(message))
        self.code: Code = code
        """The code of the rule broken (see :mod:`~shanghai_rules.refusals`)."""


class CardParseError(CardError):
    """Text that is not a card.  Names the bad token (``token``: its first
    :data:`MAX_TOKEN_SHOWN` characters, if it is longer) and its position (``position``, from 0).
    Its code is always ``bad_card_notation``."""

    def __init__(self, token: str, position: int | None = None, why: str = "") -> None:
        where = f" (token {position + 1})" if position is not None else ""
        detail = f": {why}" if why else ""
        super().__init__(f"{excerpt(token)}{where} is not a card{detail}", "bad_card_notation")
        self.token = token[:MAX_TOKEN_SHOWN]
        self.position = position


MAX_TOKEN_SHOWN: Final = 100
"""The most characters of a bad token a :class:`CardParseError` keeps."""


def rank_name(rank: int) -> str:
    """The notation of a rank: ``"2"`` … ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``, ``"JK"``."""
    try:
        return _RANK_NAMES[rank]
    except KeyError:
        raise CardError(f"{excerpt(rank)} is not a rank (2-14, or 0 for a joker)", "not_a_card") from None


def _check_rank(instance: Card, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in _RANK_NAMES:
        raise CardError(f"{excerpt(value)} is not a rank: use 2-10, 11 (J), 12 (Q), 13 (K), 14 (A) or 0 (joker)",
                        "not_a_card")


def _check_suit(instance: Card, attribute: attrs.Attribute[Suit | None], value: Suit | None) -> None:
    if value is not None and not isinstance(value, Suit):
        raise CardError(f"{excerpt(value)} is not a suit: use a shanghai_rules.Suit or None for a joker", "not_a_card")
    if (instance.rank == JOKER) != (value is None):
        raise CardError("a joker has no suit, and every other card has one", "not_a_card")


def _check_dead(instance: Card, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise CardError(f"dead: {excerpt(value)} is not True or False", "not_a_card")
    if value and instance.rank != 2:
        raise CardError("only a 2 can be dead (a 2 discarded where discarded 2s die)", "not_a_card")


@attrs.frozen(eq=False, order=False, repr=False)
class Card:
    """One playing card: a rank and a suit, or a joker (rank ``JOKER``, no suit), or a dead 2.

    Each of the 57 distinct cards (the 53 of the decks and the four dead 2s)
    exists once: ``Card(5, Suit.HEARTS)``, the parser, copies and unpickling all
    give the very same object (see :data:`ALL_CARDS`).  So cards compare equal
    exactly when they have the same rank, suit and deadness, and hash
    accordingly, at the speed of an identity test.  They sort by suit and then
    rank with jokers last, then the dead 2s (the order hands are kept in).
    """

    rank: int = attrs.field(validator=_check_rank)
    """2-10, ``JACK`` (11), ``QUEEN`` (12), ``KING`` (13), ``ACE`` (14), or ``JOKER`` (0)."""
    suit: Suit | None = attrs.field(default=None, validator=_check_suit)
    """The suit, or ``None`` for a joker."""
    dead: bool = attrs.field(default=False, kw_only=True, validator=_check_dead)
    """A dead 2: discarded where ``Rules.discarded_twos_die``, it plays and scores as a natural 2 only."""
    code: int = attrs.field(init=False, eq=False, repr=False)
    """A small integer naming the card: ``suit * 13 + rank - 2`` (0-51), 52 for a joker, ``53 + suit``
    (53-56) for a dead 2.

    Hands sort by this code (so dead 2s come last, after the jokers)."""

    @code.default
    def _code(self) -> int:
        # worked out before the validators run: a rank or suit of the wrong type gets -1, then the refusal
        if self.suit is None:
            return 52
        if type(self.rank) is not int or not isinstance(self.suit, Suit):
            return -1
        if self.dead is True:
            return 53 + self.suit
        return self.suit * 13 + self.rank - 2

    def __new__(cls, rank: int, suit: Suit | None = None, *, dead: bool = False) -> Card:
        """The one card of this rank, suit and deadness (a new object only while :data:`ALL_CARDS`
        is made, or for a value that ``__init__`` then refuses)."""
        # only exact types: __init__ sets the fields again, and must find them as they are
        if type(rank) is int and (suit is None or type(suit) is Suit) and type(dead) is bool:
            card = _CANONICAL.get((rank, suit, dead))
            if card is not None:
                return card
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return _card_of_code, (self.code,)

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank == JOKER

    @property
    def printed(self) -> Card:
        """The card as printed: a dead 2's own 2, any other card itself (what a deck supplies)."""
        if self.dead:
            return ALL_CARDS[self.suit * 13]  # type: ignore[operator]  # (a dead 2 has a suit)
        return self

    @property
    def pretty(self) -> str:
        """The card with a suit symbol: ``"10♥"``, ``"Q♠"``, ``"★"`` for a joker, ``"2♥†"`` for a dead 2."""
        if self.suit is None:
            return "★"
        return _RANK_NAMES[self.rank] + self.suit.symbol + ("†" if self.dead else "")

    def __repr__(self) -> str:
        return f"parse_card({str(self)!r})"

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return _RANK_NAMES[self.rank] + self.suit.letter + ("x" if self.dead else "")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code < other.code

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code <= other.code

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code > other.code

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.code >= other.code


_CANONICAL: dict[tuple[object, object, bool], Card] = {}

#: Every distinct card, indexed by :attr:`Card.code`: the only card objects there are (the 52 of a
#: deck, the joker, and the four dead 2s).
ALL_CARDS: Final[tuple[Card, ...]] = tuple(
    [Card(rank, suit) for suit in Suit for rank in range(2, 15)] + [Card(JOKER)]
    + [Card(2, suit, dead=True) for suit in Suit]
)
_CANONICAL.update(((card.rank, card.suit, card.dead), card) for card in ALL_CARDS)

#: The four dead 2s (codes 53-56).
DEAD_TWOS: Final = frozenset(ALL_CARDS[53:])


def dead_two(card: Card) -> Card:
    """The dead 2 of a 2 (itself, if dead already); any other card is returned as it is.  Raises
    :class:`CardError` for what is not a :class:`Card`."""
    if not isinstance(card, Card):
        raise CardError(f"dead_two: {excerpt(card)} is not a Card", "not_a_card")
    if card.rank == 2 and card.suit is not None:
        return ALL_CARDS[53 + card.suit]
    return card


def _card_of_code(code: int) -> Card:
    """The card of a :attr:`Card.code` (how cards are pickled and copied)."""
    return ALL_CARDS[code]

_SUIT_TOKENS: Final = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}
_RANK_TOKENS: Final = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10,
    "J": JACK, "Q": QUEEN, "K": KING, "A": ACE,
}
_JOKER_TOKENS: Final = frozenset({"JK", "JOKER", "*", "★", "🃏", "JKR"})
_DEAD_MARKS: Final = frozenset({"X", "†"})  # after a 2: a dead 2 (upper case, as tokens are read)


def _parse_token(text: str) -> Card | None:
    token = text.strip().upper().replace("\ufe0f", "")
    if token in _JOKER_TOKENS:
        return ALL_CARDS[52]
    dead = token[-1:] in _DEAD_MARKS
    if dead:
        token = token[:-1]
    if len(token) < 2:
        return None
    first, last = token[0], token[-1]
    if last in _SUIT_TOKENS:
        suit, rank_text = _SUIT_TOKENS[last], token[:-1]
    elif first in _SUIT_TOKENS and first not in "CDHS":
        suit, rank_text = _SUIT_TOKENS[first], token[1:]
    else:
        return None
    rank = _RANK_TOKENS.get(rank_text.strip())
    if rank is None or (dead and rank != 2):
        return None
    return ALL_CARDS[53 + suit] if dead else ALL_CARDS[suit * 13 + rank - 2]


def _spellings() -> dict[str, Card]:
    """Every usual spelling of every card, in upper and lower case (``"10H"``, ``"10h"``, ``"Th"``,
    ``"♥10"``, ``"jk"``...), each with its card: read at once, before :func:`_parse_token` works
    out anything else."""
    out: dict[str, Card] = {}
    for rank_text, rank in _RANK_TOKENS.items():
        for suit_text, suit in _SUIT_TOKENS.items():
            card = ALL_CARDS[suit * 13 + rank - 2]
            spellings = [rank_text + suit_text]
            if suit_text not in "CDHS":
                spellings.append(suit_text + rank_text)
            for spelling in spellings:
                out[spelling] = out[spelling.lower()] = out[spelling.capitalize()] = card
    for joker in _JOKER_TOKENS:
        out[joker] = out[joker.lower()] = out[joker.capitalize()] = ALL_CARDS[52]
    for card in ALL_CARDS[53:]:
        out[str(card)] = out[card.pretty] = card
    return out


_TOKENS: Final = _spellings()


def parse_card(text: str, *, position: int | None = None) -> Card:
    """Read one card.

    Accepts a rank (``2``-``10``, ``T``, ``J``, ``Q``, ``K``, ``A``) with a suit
    letter (``C D H S``) after it or a suit symbol (``♣ ♦ ♥ ♠``) before or after
    it, in any case, and ``JK``, ``Joker``, ``*`` or ``★`` for a joker; a 2 with ``x`` or ``†``
    after it is a dead 2 (``"2Hx"``, ``"2♥†"``).

    >>> str(parse_card("10h")), str(parse_card("♥T")), str(parse_card("joker"))
    ('10H', '10H', 'JK')

    Raises :class:`CardParseError` naming the token (and ``position``, if given).
    """
    if not isinstance(text, str):
        raise CardParseError(excerpt(text), position, "a card must be given as text")
    card = _TOKENS.get(text)
    if card is None:
        card = _parse_token(text)
        if card is None:
            raise CardParseError(text, position)
    return card


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards, separated by spaces or commas (or given as an iterable of tokens).

    >>> [str(c) for c in parse_cards("4H 5H 6H JK")]
    ['4H', '5H', '6H', 'JK']

    Raises :class:`CardParseError` naming the first bad token and its position, and
    :class:`CardError` for more than :data:`MAX_CARDS` cards (more than any game holds).
    """
    if isinstance(text, str):
        tokens: Sequence[str] = text.replace(",", " ").split()
    else:
        try:
            tokens = list(itertools.islice(text, MAX_CARDS + 1))
        except TypeError:
            raise CardParseError(excerpt(text), None, "give cards as text or as an iterable of tokens") from None
    if len(tokens) > MAX_CARDS:
        raise CardError(f"parse_cards: at most {MAX_CARDS:,} cards, more than any game holds", "too_many_cards")
    return tuple(parse_card(tok, position=i) for i, tok in enumerate(tokens))


def _card_group(group: object) -> tuple[Card, ...] | str:
    """``group`` as a tuple of cards, or why it is not a group of cards: the library's one reading
    of a group of cards given as an argument.  Cards, card notation (``"4H 5H JK"``, read by
    :func:`parse_cards`), or a sequence mixing cards and the notation of single cards
    (``["4H", "5H"]``) are read alike; bytes are refused (decode them first)."""
    if isinstance(group, str):
        try:
            return parse_cards(group)
        except CardError as exc:
            return str(exc)
    if isinstance(group, (bytes, bytearray)):
        return f"{excerpt(group)} is bytes, not cards or text: decode it first"
    if not isinstance(group, Iterable):
        return f"{excerpt(group)} is not a group of cards"
    cards = list(itertools.islice(group, MAX_CARDS + 1))
    if len(cards) > MAX_CARDS:
        return f"more than {MAX_CARDS:,} cards, more than any game holds"
    for i, card in enumerate(cards):
        if not isinstance(card, Card):
            if not isinstance(card, str):
                return f"{excerpt(card)} is not a Card"
            try:
                cards[i] = parse_card(card)
            except CardError as exc:
                return str(exc)
    return tuple(cards)


def _one_card(card: object, where: str) -> Card:
    """``card`` as a card (a :class:`Card`, or the notation of one), or :class:`CardError` naming ``where``."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise CardError(f"{where}: {excerpt(card)} is not a Card (nor the notation of one)", "not_a_card")


CardsArg: TypeAlias = "str | Iterable[Card | str]"
"""A group of cards as the library's functions take it: :class:`Card` values, card notation
(``"4H 5H JK"``), or a sequence mixing cards and the notation of single cards."""


def format_cards(cards: CardsArg, *, pretty: bool = False) -> str:
    """Cards as space-separated notation; ``pretty=True`` uses suit symbols.

    Raises :class:`CardError` for anything that is not a group of cards."""
    group = _card_group(cards)
    if isinstance(group, str):
        raise CardError(f"format_cards: {group}", "not_a_card")
    if pretty:
        return " ".join(card.pretty for card in group)
    return " ".join(str(card) for card in group)


#: The most cards a supply may hold (decks with their jokers): a bound on what
#: :func:`full_deck` builds and a :class:`~shanghai_rules.rules.Rules` may ask for,
#: far beyond any game (ISRA's three decks are 162 cards, ten-round's four 216).
MAX_CARDS: Final = 1_000


def full_deck(decks: int, jokers_per_deck: int, *, rng: random.Random | None = None) -> list[Card]:
    """The card supply: ``decks`` standard 52-card decks plus ``jokers_per_deck`` jokers each.

    Sorted by card code unless ``rng`` is given, in which case it is shuffled with it.
    Raises :class:`CardError` for a negative or non-whole count.
    """
    for name, count in (("decks", decks), ("jokers_per_deck", jokers_per_deck)):
        if type(count) is not int or count < 0:
            raise CardError(f"{name}: must be a whole number of at least 0, not {excerpt(count)}", "bad_argument")
    if decks * (52 + jokers_per_deck) > MAX_CARDS:
        raise CardError(f"decks: at most {MAX_CARDS:,} cards, not {decks:,} decks of {52 + jokers_per_deck:,}",
                        "too_many_cards")
    if rng is not None and not isinstance(rng, random.Random):
        raise CardError(f"rng: give a random.Random, not {excerpt(rng)}", "bad_argument")
    # in card-code order as made: each card of ALL_CARDS in turn, then the jokers (code 52)
    cards = [card for card in ALL_CARDS[:52] for _ in range(decks)]
    cards.extend([ALL_CARDS[52]] * (decks * jokers_per_deck))
    if rng is not None:
        rng.shuffle(cards)
    return cards
