""":func:`legal_actions`: the candidate actions of a position, kept exactly where the judgement
:func:`~shanghai_rules.engine.apply` makes accepts them.

Candidates are read off the position (as a chess engine lists its pseudo-legal
moves): the seat on turn draws or takes the upcard, the others buy, a seat that
asked to buy may withdraw, any seat may call Shanghai on a meld the upcard fits;
the plays of :mod:`~shanghai_rules.engine.candidates`; a discard of each card held,
and a declared one of each card some meld might take.  Each is then judged by the
very refusal functions ``apply`` runs (a refusal that does not depend on the action,
such as "this player may not lay off now", is asked once for all the candidates it
judges).  The plays' verdicts are kept in the :class:`Listing` returned, which
``apply`` may be handed back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    StartRound,
    TakeDiscard,
    WithdrawBuy,
)
from ..cards import Card
from ..errors import IllegalAction
from ..state import GameState
from .buying import buy_refusal, withdraw_refusal
from .candidates import action_of, lay_down_candidates, lay_off_candidates, swap_candidates
from .deal import cut_refusal, start_refusal
from .discard import card_refusal, turn_end_refusal
from .draw import draw_refusal, take_refusal
from .hands import distinct_cards
from .laying_off import lay_off_refusal
from .no_trap import Dead
from .play_rules import Play
from .plays import Verdict, judge_play
from .position import Position, Turn, position_of
from .shanghai import call_refusal, shanghai_option
from .swapping import swapper_refusal
from .table_facts import fits

__all__ = ["LAY_DOWN_CHOICES", "Listing", "legal_actions"]

#: How many different ``LayDown`` actions :func:`legal_actions` lists at most, unless asked for
#: more with its ``lay_downs`` argument: one, the layout :func:`~shanghai_rules.contracts.find_contract` gives.
LAY_DOWN_CHOICES: Final = 1


class Listing(list[Action]):
    """The legal actions of one state, as :func:`legal_actions` lists them: a list of actions
    that also holds the judgement made of each play listed (``verdicts``), for the state it
    was made of (``state``).

    Hand it to :func:`~shanghai_rules.engine.apply` with an action picked from it,
    ``apply(state, action, listing=actions)``, and that play is not judged a second time.
    """

    __slots__ = ("position", "state", "verdicts")

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        """The state listed."""
        self.verdicts: dict[Action, Verdict] = {}
        """The verdict of each play listed (see :data:`~shanghai_rules.engine.plays.Verdict`)."""
        self.position: tuple[Turn, Position] | None = None
        """The turn and position the plays were judged in (play phase only)."""


def legal_actions(state: GameState, player: int | None = None, *, lay_downs: int = LAY_DOWN_CHOICES) -> Listing:
    """Every legal action now, of every seat (or of ``player`` only), as a :class:`Listing`.

    Exceptions, documented:

    * ``LayDown``: a contract can often be laid down in very many ways; up to
      ``lay_downs`` distinct layouts are listed (by default one: the layout
      :func:`~shanghai_rules.contracts.find_contract` gives), from
      :func:`~shanghai_rules.contracts.contract_layouts` in its order, and at
      least one whenever going down is possible.  ``apply`` accepts every
      legal ``LayDown``, listed or not.
    * ``LayOff``: ``end`` is given only where the card fits either end of a
      run; where it fits one end only, the listed action leaves ``end`` out
      (``apply`` also accepts that end named explicitly).

    Raises :class:`~shanghai_rules.errors.IllegalAction` when ``state`` is not a
    state, ``player`` not one of its seats, or ``lay_downs`` not a positive number.
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"legal_actions: {state!r} is not a GameState")
    players = len(state.hands)
    if player is not None and (type(player) is not int or not 0 <= player < players):
        raise IllegalAction(f"legal_actions: there is no seat {player!r} ({players} players)")
    if type(lay_downs) is not int or lay_downs < 1:
        raise IllegalAction(f"legal_actions: lay_downs must be a whole number of at least 1, not {lay_downs!r}")
    listing = Listing(state)
    seats = range(players) if player is None else (player,)
    if state.phase == "draw":
        for seat in seats:
            listing.extend(_draw_actions(state, seat))
    elif state.phase == "play":
        if state.turn in seats:
            _list_plays(listing, state, lay_downs)
            listing.extend(_discards(state, state.turn))
    elif state.phase == "cut":
        if state.cutter in seats:
            for count in range(1, len(state.stock) + 1):
                cut = action_of(Cut, state.cutter, count)
                if not cut_refusal(state, cut):
                    listing.append(cut)
    elif state.phase == "round_over" and player is None and not start_refusal(state):
        listing.append(StartRound())
    return listing


def _draw_actions(state: GameState, seat: int) -> Iterator[Action]:
    """The draw-phase actions of ``seat``: drawing and taking the upcard (the seat on turn), buying
    (the others), withdrawing a request made, and calling Shanghai on each meld the upcard fits."""
    if seat == state.turn:
        if not draw_refusal(state, seat):
            yield action_of(DrawStock, seat)
        if not take_refusal(state, seat):
            yield action_of(TakeDiscard, seat)
    elif not buy_refusal(state, seat):
        yield action_of(Buy, seat)
    if seat in state.buy_requests and not withdraw_refusal(state, seat):
        yield action_of(WithdrawBuy, seat)
    if state.rules.shanghai_call and state.discard and not call_refusal(state, seat):
        top = state.discard[-1]
        for index, tm in enumerate(state.table):
            options = fits(tm.meld, state.rules).get(top)
            ends = (None,) if len(options) == 1 else [end for end, _ in options]
            for end in ends:
                if not isinstance(shanghai_option(state, index, end), str):
                    yield action_of(CallShanghai, seat, index, end)


def _list_plays(listing: Listing, state: GameState, lay_downs: int) -> None:
    """Add to ``listing`` the plays of the player on turn that the judgement accepts, with their verdicts."""
    turn, pos = position_of(state)
    listing.position = turn, pos
    dead: Dead = set()  # positions of this turn the no-trap searches find lead nowhere, shared by them all
    downs = 0
    for lay_down in lay_down_candidates(turn, pos):
        if _keep(listing, turn, pos, lay_down, dead):
            downs += 1
            if downs >= lay_downs:
                break
    if not lay_off_refusal(turn, pos):
        for lay_off in lay_off_candidates(turn, pos):
            _keep(listing, turn, pos, lay_off, dead)
    if not swapper_refusal(turn.rules, pos.down, pos.went_down):
        for swap in swap_candidates(turn, pos):
            _keep(listing, turn, pos, swap, dead)


def _keep(listing: Listing, turn: Turn, pos: Position, action: Play, dead: Dead) -> bool:
    """List ``action`` with its verdict, if the judgement accepts it."""
    try:
        verdict = judge_play(turn, pos, action, dead)
    except IllegalAction:
        return False
    listing.append(action)
    listing.verdicts[action] = verdict
    return True


def _discards(state: GameState, seat: int) -> Iterator[Discard]:
    """Each discard of a distinct card held, and, where the rules have the Shanghai declaration,
    the declared discard of each card some meld of the table might take, if the turn may end."""
    if turn_end_refusal(state, seat):
        return
    declarable: frozenset[Card] = frozenset()
    if state.rules.shanghai_call and state.table:
        declarable = frozenset().union(*(fits(tm.meld, state.rules).candidates for tm in state.table))
    for card in distinct_cards(state.hands[seat]):
        plain = action_of(Discard, seat, card, False)
        if not card_refusal(state, plain):
            yield plain
        if card in declarable:
            declared = action_of(Discard, seat, card, True)
            if not card_refusal(state, declared):
                yield declared
