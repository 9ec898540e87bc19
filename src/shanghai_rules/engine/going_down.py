"""Going down: laying the whole contract down at once (rules: the contracts; your turn).

A player who is not down lays down the whole contract in one play, never part
of it and never melds beyond it; the melds must meet the round's contract
(:func:`~shanghai_rules.contracts.check_contract`) with cards the player holds.
In a no-discard round (``Contract.no_discard``) they must take the whole hand;
where ``Rules.going_down_keeps_a_card``, they may never take the whole hand.
The melds join the table in the order given, after those already there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from ..actions import LayDown
from ..contracts import check_contract
from ..errors import IllegalAction
from ..meld_value import Meld
from ..refusals import Reason, Refusal
from ..state import TableMeld
from ..verify import confirm
from .going_out import empty_hand_refusal
from .hands import remove_cards
from .obligations import settle_owed
from .position import Position, Turn

__all__ = ["go_down", "go_down_with_layout", "plays_a_wild"]


def go_down(turn: Turn, pos: Position, action: LayDown) -> Position:
    """The position after going down with ``action``'s melds, or IllegalAction saying why not."""
    if pos.down:
        raise IllegalAction("LayDown: this player is already down; the contract is laid down once, "
                            "and no further melds after it (rules: the contracts)", action, code="already_down")
    result = check_contract(action.melds, turn.rules, turn.round_number)
    if not result:
        assert result.code
        raise IllegalAction(f"LayDown: {result.reason}", action, code=result.code)
    return _laid_down(turn, pos, action, result.melds)


def go_down_with_layout(turn: Turn, pos: Position, action: LayDown) -> Position:
    """:func:`go_down` of a player not down, with a layout the contract search found for their hand
    (:func:`~shanghai_rules.contracts.contract_layouts`, which meets
    :func:`~shanghai_rules.contracts.check_contract` by construction): the contract is not judged
    again, only the rules of the hand.  In the checking mode it is, and must give the same melds."""
    layout = cast("tuple[Meld, ...]", action.melds)  # (a layout the search found is of arranged melds)
    confirm(layout, lambda: _contract_melds(turn, action) == layout, "going down: a layout the contract search found")
    return _laid_down(turn, pos, action, layout)


def _contract_melds(turn: Turn, action: LayDown) -> tuple[Meld, ...] | None:
    result = check_contract(action.melds, turn.rules, turn.round_number)
    return result.melds if result else None


_KEEP_A_CARD: Final = Reason("keep_a_card", "under these rules going down leaves at least one card in hand")


def _keep_a_card_refusal(turn: Turn) -> Refusal:
    """Why going down may not take the whole hand under ``Rules.going_down_keeps_a_card`` (empty if it may)."""
    if turn.rules.going_down_keeps_a_card:
        return _KEEP_A_CARD
    return ""


def plays_a_wild(melds: Sequence[Meld]) -> bool:
    """Does laying down ``melds`` play a card acting as a wild (``GameState.played_wild_this_turn``,
    for ``Rules.blind_bonus_without_wilds``)?"""
    return any(meld.wild_indices() for meld in melds)


def _laid_down(turn: Turn, pos: Position, action: LayDown, melds: Sequence[Meld]) -> Position:
    """The position after laying down ``melds``, which meet the contract: the rules of the hand."""
    laid = [card for meld in melds for card in meld.cards]
    hand = remove_cards(pos.hand, laid)
    if hand is None:
        raise IllegalAction(f"LayDown: the melds use cards seat {turn.player} does not hold", action, code="not_held")
    if turn.contract.no_discard and hand:
        raise IllegalAction(f"LayDown: round {turn.round_number}'s contract takes the whole hand at once, "
                            f"with no discard; {len(hand)} cards would be left (rules: the contracts)", action,
                            code="whole_hand_round")
    if not hand:
        refusal = empty_hand_refusal(turn) or _keep_a_card_refusal(turn)
        if refusal:
            raise IllegalAction(f"LayDown: {refusal}", action, code=refusal.code)
    table = (*pos.table, *(TableMeld(turn.player, meld) for meld in melds))
    played_wild = pos.played_wild or plays_a_wild(melds)
    return Position(hand, table, True, True, settle_owed(pos.owed, laid), False, played_wild)
