"""The wild swap (rules: swapping a joker): replacing a wild in a meld on the table with the natural card it
represents (for a set, any card of the set's rank), and taking the wild.

Which melds' wilds may be swapped (``Rules.swap_from_runs``, ``swap_from_sets``), which
wilds (``Rules.swappable_wilds``: any, or jokers only), who
may swap (``Rules.swap_eligibility``) and what the swap obliges (the freed wild must be
played, ``swapped_wild_must_be_played``; a player not yet down must go down,
``swap_forces_going_down``) are fields of the rules.  Where a meld holds several
wilds, the swap frees the first one in the meld's arranged order that the card can
replace **(ruling)**.
"""

from __future__ import annotations

from typing import Final

from ..actions import SwapWild
from ..cards import JOKER, Card
from ..errors import IllegalAction
from ..meld_value import Meld, MeldKind, is_wild
from ..refusals import Reason, Refusal, no_such_meld
from ..rules import Rules
from ..state import TableMeld
from .hands import add_cards, holds, remove_card
from .obligations import settle_owed
from .position import Position, Turn

__all__ = ["freed_index", "kind_swap_refusal", "may_be_freed", "meld_swap_refusal", "only_jokers_swapped", "swap",
           "swapper_refusal", "swaps_allowed"]


_EARLIER: Final = Reason("swap_eligibility", "only a player who went down on an earlier turn may swap a wild "
                                             "(rules: swapping a joker)")
_DOWN: Final = Reason("swap_eligibility", "only a player who is down may swap a wild (rules: swapping a joker)")
_NOT_DOWN: Final = Reason("swap_eligibility", "only a player not yet down may swap a wild under these rules")
_RUNS: Final = Reason("swap_meld_kind", "wilds in runs cannot be swapped under these rules")
_SETS: Final = Reason("swap_meld_kind", "wilds in sets are never swapped under these rules (rules: swapping a joker)")


def swapper_refusal(rules: Rules, down: bool, went_down: bool) -> Refusal:
    """Why a player who is ``down`` (and ``went_down`` this turn) may not swap wilds at all; empty if they may."""
    who = rules.swap_eligibility
    if who == "down_earlier_turn" and (not down or went_down):
        return _EARLIER
    if who == "down" and not down:
        return _DOWN
    if who == "not_down" and down:
        return _NOT_DOWN
    return ""


def kind_swap_refusal(rules: Rules, kind: MeldKind) -> Refusal:
    """Why wilds of a meld of ``kind`` may not be swapped under ``rules``; empty if they may."""
    if kind == "run" and not rules.swap_from_runs:
        return _RUNS
    if kind == "set" and not rules.swap_from_sets:
        return _SETS
    return ""


def meld_swap_refusal(rules: Rules, meld: Meld) -> Refusal:
    """Why wilds of ``meld`` may not be swapped under ``rules``; empty if they may (:func:`kind_swap_refusal`)."""
    return kind_swap_refusal(rules, meld.kind)


def swaps_allowed(rules: Rules) -> bool:
    """Do ``rules`` let the wilds of some kind of meld be swapped at all (:func:`kind_swap_refusal`)?"""
    return not kind_swap_refusal(rules, "run") or not kind_swap_refusal(rules, "set")


def only_jokers_swapped(rules: Rules) -> bool:
    """Are jokers the only wilds a swap frees under ``rules`` (``Rules.swappable_wilds``)?"""
    return rules.swappable_wilds == "jokers"


def may_be_freed(card: Card, rules: Rules) -> bool:
    """May a swap free ``card`` under ``rules``: a card acting as a wild (:func:`~shanghai_rules.melds.is_wild`),
    and a joker where only jokers are swapped (:func:`only_jokers_swapped`)?"""
    return is_wild(card, rules) and (card.rank == JOKER or not only_jokers_swapped(rules))


def freed_index(meld: Meld, card: Card, jokers_only: bool = False) -> int:
    """Where in ``meld`` the wild is that ``card`` replaces: the first wild that stands for it (the
    first joker, where ``jokers_only``: :func:`only_jokers_swapped`); -1 if none."""
    for i in range(len(meld.cards)):
        if meld.is_natural_at(i) or (jokers_only and meld.cards[i].rank != JOKER):
            continue
        if meld.kind == "run":
            if meld.stands_for(i) is card.printed:  # (a dead 2 is the natural 2 of its place)
                return i
        elif meld.rank is not None and card.rank == meld.rank:
            return i
    return -1


def swap(turn: Turn, pos: Position, action: SwapWild) -> Position:
    """The position after ``action``, or IllegalAction saying why it is not allowed (before the
    no-trap judgement, which :mod:`~shanghai_rules.engine.plays` adds)."""
    rules = turn.rules
    if action.meld >= len(pos.table):
        missing = no_such_meld(action.meld, len(pos.table))
        raise IllegalAction(f"SwapWild: {missing}", action, code=missing.code, meld=action.meld)
    target = pos.table[action.meld]
    meld = target.meld
    refusal = meld_swap_refusal(rules, meld) or swapper_refusal(rules, pos.down, pos.went_down)
    if refusal:
        raise IllegalAction(f"SwapWild: {refusal}", action, code=refusal.code, meld=action.meld)
    card = action.card
    if not holds(pos.hand, card):
        raise IllegalAction(f"SwapWild: {card} is not in seat {turn.player}'s hand", action, code="not_held")
    jokers_only = only_jokers_swapped(rules)
    index = freed_index(meld, card, jokers_only)
    if index < 0:
        wild = "joker" if jokers_only else "wild"
        only = "; under these rules only jokers are swapped" if jokers_only else ""
        raise IllegalAction(f"SwapWild: no {wild} in {meld.describe()} stands for {card}; a wild is swapped only "
                            f"for the natural card it represents{only} (rules: swapping a joker)", action,
                            code="swap_no_wild", meld=action.meld)
    freed = meld.cards[index]
    # the natural card the wild stood for, in its place: the meld stays well formed
    new_meld = Meld(meld.kind, (*meld.cards[:index], card, *meld.cards[index + 1:]), meld.rank, meld.suit, meld.start)
    table = (*pos.table[:action.meld], TableMeld(target.owner, new_meld), *pos.table[action.meld + 1:])
    held = remove_card(pos.hand, card)
    assert held is not None
    owed = settle_owed(pos.owed, (card,))  # the card given to the table may itself be an owed wild
    if rules.swapped_wild_must_be_played:
        owed = (*owed, freed)
    must = pos.must_go_down or (rules.swap_forces_going_down and not pos.down)
    return Position(add_cards(held, (freed,)), table, pos.down, pos.went_down, owed, must, pos.played_wild)
