"""The Shanghai declaration and call (rules: the Shanghai call), where ``Rules.shanghai_call`` plays them.

A discard that could be laid off on a meld already on the table may be declared
"Shanghai" by its discarder: no one may then take or buy it.  If such a discard
is not declared, then before the next player draws, any player but the
discarder holding at least two cards may call Shanghai naming a meld the card
fits: the card goes onto that meld, and the discarder takes one card chosen at
random from the caller's hand.  The call comes before any buy: pending buy
requests lapse and the pile has no upcard for that draw.
"""

from __future__ import annotations

from typing import Final, Protocol

from ..actions import CallShanghai
from ..cards import Card
from ..errors import IllegalAction
from ..meld_value import End, Meld
from ..refusals import Reason, Refusal, no_such_meld
from ..rules import Rules
from ..state import GameState, TableMeld
from .hands import add_cards, remove_card
from .stock import pick
from .successor import successor
from .table_facts import TableFacts, fits, table_facts

__all__ = ["TableAndRules", "call_refusal", "call_shanghai", "declaration_refusal", "may_declare",
           "shanghai_open_after", "shanghai_option"]


class TableAndRules(Protocol):
    """What the declaration rule asks of a position: a state, or a seat's view of one."""

    @property
    def rules(self) -> Rules: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...


def may_declare(state: TableAndRules, card: Card, facts: TableFacts | None = None) -> bool:
    """May Shanghai be declared on discarding ``card`` now: the rules have the declaration, and the
    card fits a meld on the table?  ``facts``: the
    :class:`~shanghai_rules.engine.table_facts.TableFacts` of the table, where the caller has them."""
    return state.rules.shanghai_call and (facts or table_facts(state.table, state.rules)).takes(card)


_NO_DECLARATION: Final = Reason("no_shanghai", "these rules have no Shanghai declaration")
_NO_CALL: Final = Reason("no_shanghai", "these rules have no Shanghai call")
_CLOSED: Final = Reason("shanghai_closed", "only an undeclared discard that fits a meld can be called, before the next "
                                           "player draws (rules: the Shanghai call)")
_OWN: Final = Reason("call_own_discard", "the discarder cannot call Shanghai on their own discard")
_SINGLE: Final = Reason("call_single_card", "a player holding a single card cannot call (rules: the Shanghai call)")


def declaration_refusal(state: TableAndRules, card: Card, facts: TableFacts | None = None) -> Refusal:
    """Why Shanghai may not be declared on discarding ``card`` now (empty if it may: :func:`may_declare`)."""
    if may_declare(state, card, facts):
        return ""
    if not state.rules.shanghai_call:
        return _NO_DECLARATION
    return Reason("declare_no_fit", f"Shanghai is declared only on a discard that fits a meld on the table: {card} "
                                    f"fits no meld (rules: the Shanghai call)")


def shanghai_open_after(state: GameState, card: Card, declared: bool, facts: TableFacts | None = None) -> bool:
    """May Shanghai be called on ``card`` once it is discarded (``declared``: with the declaration)?
    Where it is not declared and might have been."""
    return not declared and may_declare(state, card, facts)


def call_refusal(state: GameState, seat: int) -> Refusal:
    """Why ``seat`` may not call Shanghai now, whatever the meld (empty if it may)."""
    if not state.rules.shanghai_call:
        return _NO_CALL
    if state.phase != "draw" or not state.shanghai_open or not state.discard:
        return _CLOSED
    if seat >= len(state.hands):
        return Reason("no_such_seat", f"there is no seat {seat}")
    if seat == state.discarder:
        return _OWN
    if len(state.hands[seat]) < 2:
        return _SINGLE
    return ""


def shanghai_option(state: GameState, meld: int, end: End | None) -> Meld | Reason:
    """The meld the last discard makes on ``state.table[meld]``, or why it cannot go there."""
    if not 0 <= meld < len(state.table):
        return no_such_meld(meld, len(state.table))
    card = state.discard[-1]
    target = state.table[meld].meld
    options = fits(target, state.rules).get(card)
    if not options:
        return Reason("does_not_fit", f"{card} does not fit {target.describe()}")
    if end is None:
        if len(options) > 1:
            return Reason("say_which_end", f"{card} fits either end of {target.describe()}: say which end")
        return options[0][1]
    for option_end, new_meld in options:
        if option_end == end:
            return new_meld
    return Reason("does_not_fit", f"{card} does not fit the {end} end of {target.describe()}")


def call_shanghai(state: GameState, action: CallShanghai) -> GameState:
    """Call Shanghai on an undeclared discard that fits a meld (rules: the Shanghai call)."""
    result = call_refusal(state, action.player) or shanghai_option(state, action.meld, action.end)
    if isinstance(result, str):
        raise IllegalAction(f"CallShanghai: {result}", action, code=result.code, meld=action.meld)
    assert state.discarder is not None
    seat = action.player
    table = list(state.table)
    table[action.meld] = TableMeld(owner=table[action.meld].owner, meld=result)
    index, seed = pick(len(state.hands[seat]), state.seed)
    given = state.hands[seat][index]
    hands = list(state.hands)
    caller = remove_card(hands[seat], given)
    assert caller is not None
    hands[seat] = caller
    hands[state.discarder] = add_cards(hands[state.discarder], (given,))
    return successor(state, table=tuple(table), hands=tuple(hands), discard=state.discard[:-1], seed=seed,
                     upcard_live=False, shanghai_open=False, buy_requests=(), buy_withdrawn=())
