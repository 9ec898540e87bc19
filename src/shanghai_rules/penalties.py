"""Penalties: what the cards still in a hand cost when a round ends (rules: scoring).

Each card costs what ``Rules.card_values`` lists for its rank (the joker last);
where 2s are wild and ``Rules.wild_two_value`` is set, a 2 costs that instead
(a dead 2, no longer wild, costs what ``card_values`` lists for a 2).
:func:`card_value` is the one statement of this rule; the engine's scoring and
the check of a loaded document both ask it.
"""

from __future__ import annotations

from .cards import JOKER, Card, CardError, CardsArg, _card_group, _one_card
from .errors import excerpt
from .meld_value import wild_cards
from .rules import Rules, RulesError

__all__ = ["card_value", "hand_penalty", "penalty"]


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {excerpt(rules)} is not a Rules", "bad_argument")


def penalty(card: Card, rules: Rules) -> int:
    """What ``card`` costs under ``rules`` (the one statement of the rule; the caller has checked its arguments)."""
    if card.rank == JOKER:
        return rules.card_values[13]
    if rules.wild_two_value is not None and card in wild_cards(rules.wild_twos):  # (a wild 2)
        return rules.wild_two_value
    return rules.card_values[card.rank - 2]


def card_value(card: Card | str, rules: Rules) -> int:
    """The penalty value of one card (or its notation) under ``rules``."""
    _check_rules(rules)
    return penalty(_one_card(card, "card"), rules)


def hand_penalty(cards: CardsArg, rules: Rules) -> int:
    """The penalty points of the cards still in a hand when a round ends.

    >>> import shanghai_rules as sr
    >>> sr.hand_penalty(sr.parse_cards("4C 8D KH JK"), sr.PAGAT7)
    75
    """
    _check_rules(rules)
    group = _card_group(cards)
    if isinstance(group, str):
        raise CardError(f"hand_penalty: {group}", "not_a_card")
    return sum(penalty(card, rules) for card in group)
