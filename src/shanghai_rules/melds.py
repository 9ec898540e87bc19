"""Melds: the arranged :class:`Meld` value, :func:`check_meld`, and where a card can be laid off.

A *set* is cards of one rank; a *run* is cards of one suit in consecutive
order.  A meld is kept *arranged*: a run lists its cards from low to high, and
every card in it stands for one definite card (its position), so a wild always
says what it represents.  A wild 2 standing where it is itself (a 2 in a set
of 2s, or in its own place in a run of its suit) is natural.

Positions in a run are ranks 1-14, where 1 is a low ace and 14 a high ace; an
ace ends the run it is in, so a run never wraps (Q-K-A-2) and never holds a low
and a high ace both.

Where each rule lives: the meld value in :mod:`~shanghai_rules.meld_value`;
the rules of sets and runs in :mod:`~shanghai_rules.meld_validation`; how many
wilds a meld may hold in :mod:`~shanghai_rules.wild_limits`; how an unordered
group is arranged in :mod:`~shanghai_rules.meld_arrangement`; where a card
joins a meld in :mod:`~shanghai_rules.joining`.  This module gathers the public names.
"""

from __future__ import annotations

from .cards import Card, CardsArg, _card_group, _one_card
from .errors import excerpt
from .joining import Options, join_options
from .meld_arrangement import arrange_group
from .meld_validation import meld_reason, shape_reason
from .meld_value import End, Meld, MeldCheck, MeldError, MeldKind, is_wild
from .rules import Rules, RulesError
from .verify import confirm

__all__ = [
    "End",
    "Meld",
    "MeldCheck",
    "MeldError",
    "MeldKind",
    "check_meld",
    "is_wild",
    "lay_off_options",
]


def check_meld(
    cards: CardsArg | Meld,
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
    >>> verdict = sr.check_meld(sr.parse_cards("4C JK 6C JK"), sr.PAGAT7)
    >>> verdict.code, verdict.reason
    ('wild_limit', 'a meld may hold at most one wild under these rules')
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {excerpt(rules)} is not a Rules", "bad_argument")
    if kind is not None and kind != "set" and kind != "run":
        return MeldCheck(False, None, None, f"{excerpt(kind)} is not a kind of meld: use 'set' or 'run'",
                         "bad_argument")
    if min_length is not None and (type(min_length) is not int or min_length < 1):
        return MeldCheck(False, kind, None, f"min_length: {excerpt(min_length)} is not a whole number of at least 1",
                         "bad_argument")
    if isinstance(cards, Meld):
        if kind is not None and cards.kind != kind:
            return MeldCheck(False, cards.kind, None, f"this meld is a {cards.kind}, not a {kind}", "wrong_kind")
        reason = meld_reason(cards, rules, min_length, laid_off)
        if reason:
            return MeldCheck(False, cards.kind, None, reason, reason.code)
        return MeldCheck(True, cards.kind, cards)
    group = _card_group(cards)
    if isinstance(group, str):
        return MeldCheck(False, kind, None, group, "not_a_card")
    verdict = arrange_group(group, rules, kind, min_length)
    arranged = verdict.meld
    if arranged is not None:  # (arranging finds a meld by the rules of melds: the one judgement agrees)
        confirm(verdict, lambda: not meld_reason(arranged, rules, min_length), "check_meld: a group arranged")
    return verdict


def lay_off_options(meld: Meld, card: Card | str, rules: Rules) -> Options:
    """The ways ``card`` can join ``meld``: pairs of (end, resulting meld).

    A set gives at most one option, with end ``None``.  A run gives one option
    per end the card can extend (``"low"`` or ``"high"``); a card that fits
    nowhere, or a meld value that is not well formed, gives none.  Every
    resulting meld is legal under ``rules``.  ``card`` may be card notation
    (``"8C"``); what is not a meld, a card or rules raises :class:`MeldError`,
    :class:`~shanghai_rules.cards.CardError` or :class:`~shanghai_rules.errors.RulesError`.
    """
    if not isinstance(meld, Meld):
        raise MeldError(f"lay_off_options: {excerpt(meld)} is not a Meld", code="bad_argument")
    card = _one_card(card, "lay_off_options")
    if not isinstance(rules, Rules):
        raise RulesError(f"lay_off_options: {excerpt(rules)} is not a Rules", "bad_argument")
    if shape_reason(meld):
        return ()
    return join_options(meld, card, rules)
