"""Actions: one small frozen class per thing a player (or the table) can do.

Every action but :class:`StartRound` names the acting seat as ``player``.
Cards are :class:`~shanghai_rules.cards.Card` values; ``meld`` fields are
indices into ``state.table``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

from ._describable import Describable
from .cards import MAX_CARDS, Card, CardError, CardParseError, parse_card, parse_cards
from .errors import MalformedAction, excerpt
from .melds import End, Meld

__all__ = [
    "Action",
    "Buy",
    "CallShanghai",
    "Cut",
    "DeclineBuy",
    "Discard",
    "DrawStock",
    "LayDown",
    "LayOff",
    "StartRound",
    "SwapWild",
    "TakeDiscard",
    "WithdrawBuy",
]


def _seat(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 0:
        raise MalformedAction(f"{type(instance).__name__}.{attribute.name}: {excerpt(value)} is not a seat number",
                              code="bad_field")


def _index(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or value < 0:
        raise MalformedAction(f"{type(instance).__name__}.{attribute.name}: {excerpt(value)} is not an index "
                              f"into the table", code="bad_field")


def _end(instance: object, attribute: attrs.Attribute[End | None], value: object) -> None:
    if value not in (None, "low", "high"):
        raise MalformedAction(f"{type(instance).__name__}.end: {excerpt(value)} is not 'low', 'high' or None",
                              code="bad_field")


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise MalformedAction(f"{type(instance).__name__}.{attribute.name}: {excerpt(value)} is not True or False",
                              code="bad_field")


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int:
        raise MalformedAction(f"Cut.count: {excerpt(value)} is not a whole number", code="bad_field")


def _card(value: object) -> Card:
    """A card field accepts a Card or its notation."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return parse_card(value)
        except CardParseError as exc:
            raise MalformedAction(str(exc), code="bad_field") from None
    raise MalformedAction(f"{excerpt(value)} is not a card", code="bad_field")


def _groups(value: object) -> tuple[tuple[Card, ...] | Meld, ...]:
    """LayDown groups: each a Meld or a sequence of cards (or card notation); at most
    :data:`~shanghai_rules.cards.MAX_CARDS` groups of at most as many cards."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise MalformedAction(f"LayDown.melds: {excerpt(value)} is not a sequence of card groups", code="bad_field")
    groups: list[tuple[Card, ...] | Meld] = []
    for i, group in enumerate(itertools.islice(value, MAX_CARDS + 1)):
        if i == MAX_CARDS:
            raise MalformedAction(f"LayDown.melds: more than {MAX_CARDS:,} groups, more than any game holds",
                                  code="too_many_cards")
        if isinstance(group, Meld):
            groups.append(group)
        elif isinstance(group, str):
            try:
                groups.append(parse_cards(group))
            except CardError as exc:
                raise MalformedAction(f"LayDown.melds[{i}]: {exc}", code="bad_field") from None
        elif isinstance(group, Iterable):
            cards = tuple(itertools.islice(group, MAX_CARDS + 1))
            if len(cards) > MAX_CARDS:
                raise MalformedAction(f"LayDown.melds[{i}]: more than {MAX_CARDS:,} cards, more than any game holds",
                                      code="too_many_cards")
            groups.append(tuple(_card(c) for c in cards))
        else:
            raise MalformedAction(f"LayDown.melds[{i}]: {excerpt(group)} is not a group of cards", code="bad_field")
    return tuple(groups)


@attrs.frozen
class DrawStock(Describable):
    """Draw the top card of the stock (this also settles any buy requests first; rules: buying)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""


@attrs.frozen
class TakeDiscard(Describable):
    """Take the upcard on your own turn: free, and not a buy (rules: buying)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""


@attrs.frozen
class Buy(Describable):
    """Ask to buy the upcard while the player on turn has not drawn ("May I?"; rules: buying)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""


@attrs.frozen
class WithdrawBuy(Describable):
    """Take back a buy request before it is settled."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""


@attrs.frozen
class DeclineBuy(Describable):
    """Let the upcard go, where buy offers go one seat at a time (``Rules.buy_offers == "in_turn"``):
    the seat offered the upcard passes, and the offer moves on to the next seat."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""


@attrs.frozen
class LayDown(Describable):
    """Go down: lay the whole contract at once.

    ``melds`` holds the contract's groups, each a plain sequence of cards (read
    as unordered) or an arranged :class:`~shanghai_rules.melds.Meld` (kept exactly).
    """

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    melds: tuple[tuple[Card, ...] | Meld, ...] = attrs.field(converter=_groups)
    """The contract's groups: plain card groups (read as unordered) or arranged melds."""


@attrs.frozen
class LayOff(Describable):
    """Add ``card`` to the meld ``state.table[meld]``.

    ``end`` (``"low"`` or ``"high"``) says which end of a run the card extends;
    it is needed only where the card could go at either end.
    """

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    card: Card = attrs.field(converter=_card)
    """The card (a Card, or its notation)."""
    meld: int = attrs.field(validator=_index)
    """The index of the meld in ``state.table``."""
    end: End | None = attrs.field(default=None, validator=_end)
    """``"low"`` or ``"high"``: the end of a run the card extends; needed only where it fits either end."""


@attrs.frozen
class SwapWild(Describable):
    """Give ``card`` to the meld ``state.table[meld]`` and take the wild it replaces (rules: swapping a joker)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    card: Card = attrs.field(converter=_card)
    """The card (a Card, or its notation)."""
    meld: int = attrs.field(validator=_index)
    """The index of the meld in ``state.table``."""


@attrs.frozen
class Discard(Describable):
    """Discard ``card``, ending the turn; ``shanghai=True`` declares Shanghai on it (rules: the Shanghai call)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    card: Card = attrs.field(converter=_card)
    """The card (a Card, or its notation)."""
    shanghai: bool = attrs.field(default=False, validator=_flag)
    """Declare Shanghai on the discard, so no one may take or buy it (rules: the Shanghai call)."""


@attrs.frozen
class CallShanghai(Describable):
    """Call Shanghai on the last discard: it goes onto ``state.table[meld]`` (rules: the Shanghai call).

    ``end`` works as in :class:`LayOff` for a card that could go at either end of a run.
    """

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    meld: int = attrs.field(validator=_index)
    """The index of the meld in ``state.table``."""
    end: End | None = attrs.field(default=None, validator=_end)
    """``"low"`` or ``"high"``: the end of a run the card extends; needed only where it fits either end."""


@attrs.frozen
class Cut(Describable):
    """Cut the cards before the deal: ``count`` is how many cards the cut gave the dealer (rules: the deal)."""

    player: int = attrs.field(validator=_seat)
    """The acting seat."""
    count: int = attrs.field(validator=_count)
    """How many cards the cut gave the dealer."""


@attrs.frozen
class StartRound(Describable):
    """Deal the next round after one has ended."""


Action = (
    DrawStock | TakeDiscard | Buy | WithdrawBuy | DeclineBuy | LayDown | LayOff | SwapWild | Discard | CallShanghai
    | Cut | StartRound
)
"""Any action."""
