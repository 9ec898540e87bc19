"""The discard that ends a turn (rules: your turn), and the turn limit.

A discard ends the turn, or the round where it was the player's last card (the
player went out).  Whether a turn may end at all now is
:func:`~shanghai_rules.engine.going_out.ending_refusal`'s to say; a discard
declared Shanghai is :mod:`~shanghai_rules.engine.shanghai`'s.  A round in which
every seat has taken ``Rules.turn_limit`` turns without anyone going out ends
with nobody out.  Where ``Rules.discarded_twos_die``, a wild 2 discarded lands on
the pile as a dead 2 (:func:`card_on_the_pile`).
"""

from __future__ import annotations

from typing import Final

from ..actions import Discard
from ..cards import Card, dead_two
from ..errors import IllegalAction, excerpt
from ..refusals import Reason, Refusal
from ..rules import Rules
from ..state import GameState
from .buying import buys_after, settle_buy
from .going_out import ending_refusal
from .scoring import end_round
from .shanghai import declaration_refusal, shanghai_open_after
from .successor import Change
from .table_facts import TableFacts

__all__ = ["card_on_the_pile", "discard", "discard_refusal", "turn_end_refusal"]


def card_on_the_pile(card: Card, rules: Rules) -> Card:
    """The card a discard of ``card`` puts on the pile: the card itself, or where discarded 2s die
    (``Rules.discarded_twos_die``) a 2's dead 2, which stays dead for the rest of the round."""
    if rules.discarded_twos_die and card.rank == 2:
        return dead_two(card)
    return card


def turn_cap(rules: Rules, players: int) -> int | None:
    """The turns after which a round of ``players`` seats ends with nobody out: ``Rules.turn_limit``
    turns a seat (``None``: no limit)."""
    return None if rules.turn_limit is None else rules.turn_limit * players


def turn_end_refusal(state: GameState, player: int) -> Refusal:
    """Why ``player`` may not end the turn with a discard now, whatever the card; empty if they may."""
    if state.phase != "play":
        return Reason("wrong_phase", f"a discard ends a turn after the draw (phase {excerpt(state.phase)})")
    if player != state.turn:
        return Reason("not_your_turn", f"it is seat {state.turn}'s turn, not seat {player}'s")
    contract = state.rules.contracts[state.round_number - 1]
    return ending_refusal(state.rules, contract, len(state.hands[player]), bool(state.owed_wilds), state.must_go_down)


def card_refusal(state: GameState, action: Discard, facts: TableFacts | None = None) -> Refusal:
    """Why the card of ``action`` may not be discarded, the turn being one that may end (empty if it
    may).  ``facts``: the table's :class:`~shanghai_rules.engine.table_facts.TableFacts`, where known."""
    if action.card not in state.hands[action.player]:
        return Reason("not_held", f"{action.card} is not in seat {action.player}'s hand")
    if action.shanghai:  # (judged on the card as it lands on the pile: a 2 discarded may die)
        return declaration_refusal(state, card_on_the_pile(action.card, state.rules), facts)
    return ""


def discard_refusal(state: GameState, action: Discard, facts: TableFacts | None = None) -> Refusal:
    """Why ``action`` may not be made now; empty if it may."""
    return turn_end_refusal(state, action.player) or card_refusal(state, action, facts)


_TURN_ENDED: Final = Change("phase", "turn", "hands", "discard", "discarder", "upcard_live", "shanghai_open",
                            "buy_requests", "buy_withdrawn", "turns_taken", "owed_wilds", "must_go_down",
                            "went_down_this_turn", "played_wild_this_turn")


_BOUGHT: Final = Change("hands", "stock", "discard", "seed", "stock_rebuilt", "fresh_decks", "table_at_rebuild",
                        "buys_left", "buy_requests", "buy_withdrawn", "upcard_live", part=True)


def _bought(state: GameState) -> GameState:
    """The buy requests made after the draw settled as the discard covers the upcard (the rule of
    :func:`~shanghai_rules.engine.buying.settle_buy`, as at a draw from the stock)."""
    hands = list(state.hands)
    buys_left = buys_after(state)
    pile = settle_buy(state, hands)
    return _BOUGHT(state, tuple(hands), *pile, buys_left, (), (), False)


def discard(state: GameState, action: Discard, facts: TableFacts | None = None) -> GameState:
    """Discard a card: the turn ends, or the round if it was the last card.  ``facts``:
    the table's :class:`~shanghai_rules.engine.table_facts.TableFacts`, where the caller has them."""
    reason = discard_refusal(state, action, facts)
    if reason:
        raise IllegalAction(f"Discard: {reason}", action, code=reason.code)
    if state.buy_requests:  # (asked after the draw, where buys go on until the discard)
        state = _bought(state)
    seat = action.player
    hand = state.hands[seat]
    index = hand.index(action.card)
    hands = (*state.hands[:seat], hand[:index] + hand[index + 1:], *state.hands[seat + 1:])
    turns = state.turns_taken + 1
    went_out = not hands[seat]
    upcard = card_on_the_pile(action.card, state.rules)
    after = _TURN_ENDED(
        state, "draw", (seat + 1) % len(hands), hands, (*state.discard, upcard), seat, not action.shanghai,
        shanghai_open_after(state, upcard, action.shanghai, facts), (), (), turns, (), False,
        # a player who went out keeps what the round's result says of their last turn
        went_out and state.went_down_this_turn, went_out and state.played_wild_this_turn,
    )
    if went_out:
        return end_round(after, seat, "out")
    cap = turn_cap(state.rules, len(hands))
    if cap is not None and turns >= cap:
        return end_round(after, None, "turn_limit")
    return after
