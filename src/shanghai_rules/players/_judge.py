"""Cheap judgements the computer players share: how much a card helps a hand
toward the round's contract, and whether it fits the table.

Kept deliberately simple and fast: counts of same-rank cards and of near
neighbours in suit, no search beyond one :func:`find_contract` call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import ACE, Card
from ..contracts import card_value, find_contract
from ..melds import is_wild, lay_off_options
from ..rules import Contract, Rules
from ..state import TableMeld

__all__ = ["WILD_HELP", "completes_contract", "fits_table", "helpfulness", "pick_discard"]

WILD_HELP = 100.0
"""How much a wild helps: more than any natural card can."""

_NEAR = (0.0, 2.0, 1.5, 1.0)  # a same-suit card 1, 2 or 3 ranks away
_FAR = 0.5  # further away, but within a long run's length


def _positions(card: Card, rules: Rules) -> tuple[int, ...]:
    if card.rank == ACE:
        return (1, 14) if rules.ace_low else (14,)
    return (card.rank,)


def helpfulness(card: Card, others: Sequence[Card], rules: Rules, contract: Contract) -> float:
    """How much ``card`` helps a hand whose other cards are ``others`` toward ``contract``.

    A wild scores :data:`WILD_HELP`.  A natural scores for each other card of
    its rank (when the contract has sets) and for each distinct same-suit card
    one to three ranks away, or further within the contract's run length
    (when it has runs).  A card that duplicates one in
    ``others`` adds nothing to a run.
    """
    if is_wild(card, rules):
        return WILD_HELP
    score = 0.0
    if contract.sets:
        same = sum(1 for c in others if c.rank == card.rank)
        score += 2.0 * min(same, 2) + (0.5 if same > 2 else 0.0)
    if contract.runs:
        mine = _positions(card, rules)
        reach = max(len(_NEAR) - 1, contract.run_length - 1)  # long runs: the whole suit nearby counts
        seen: set[int] = set()
        for other in others:
            if other.suit is not card.suit or other == card or is_wild(other, rules):
                continue
            for pos in _positions(other, rules):
                for p in mine:
                    distance = abs(pos - p)
                    if 0 < distance <= reach and pos not in seen:
                        seen.add(pos)
                        score += _NEAR[distance] if distance < len(_NEAR) else _FAR
    return score


def fits_table(card: Card, table: Iterable[TableMeld], rules: Rules) -> bool:
    """True if ``card`` can be laid off on some meld of ``table``."""
    return any(lay_off_options(tm.meld, card, rules) for tm in table)


def completes_contract(hand: Sequence[Card], card: Card, rules: Rules, round_number: int) -> bool:
    """True if ``hand`` plus ``card`` holds the contract and ``hand`` alone does not."""
    if find_contract(hand, rules, round_number) is not None:
        return False
    return find_contract((*hand, card), rules, round_number) is not None


def pick_discard(
    cards: Sequence[Card], hand: Sequence[Card], rules: Rules, contract: Contract, table: Sequence[TableMeld],
    down: bool,
) -> Card:
    """The card to throw among ``cards`` (the discardable ones): the least helpful, and of those the costliest.

    Wilds go last.  Before going down, help is :func:`helpfulness` toward the
    contract.  Once down, a card helps only if it fits a meld on the table (a
    player kept from laying it off, say because the rules forbid a play that
    leaves one card stuck, keeps it for a later turn); the costliest card that
    fits nothing is thrown, checking the fewest cards needed.
    """
    by_cost = sorted(cards, key=lambda c: (is_wild(c, rules), -card_value(c, rules), c.code))
    if down:
        for card in by_cost:
            if is_wild(card, rules):
                break
            if not fits_table(card, table, rules):
                return card
        return by_cost[0]

    def key(card: Card) -> tuple[bool, float]:
        if is_wild(card, rules):
            return (True, WILD_HELP)
        others = list(hand)
        others.remove(card)
        return (False, helpfulness(card, others, rules, contract))

    return min(by_cost, key=key)  # min keeps the first (costliest) of equally helpful cards
