"""The referee: :func:`new_game`, :func:`setup_round`, :func:`legal_actions`,
:func:`check`, :func:`is_legal` and :func:`apply`.

``check``, ``is_legal``, ``legal_actions`` and ``apply`` share one judgement:
``apply`` computes the next state only after the same checks ``check`` makes,
and ``legal_actions`` lists candidates filtered by those same checks.  Given a
play that ``legal_actions`` has just listed for the very same state, ``apply``
takes that listing's verdict instead of making it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

from ..actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    StartRound,
    SwapWild,
    TakeDiscard,
    WithdrawBuy,
)
from ..errors import IllegalAction
from ..rules import PAGAT7
from ..state import GameState
from .common import (
    _built,
    discard_row,
    distinct_cards,
    fits,
    replacer,
    seat_actions,
    table_fits,
    table_reach,
    trusted,
)
from .common import clear_caches as _clear_common
from .deal import cut, new_game, setup_round, start_round
from .discard import discard, ending_refusal, shanghai_allowed
from .draw import buy, call_shanghai, draw_stock, seat_buy_refusal, take_discard, withdraw_buy
from .play import (
    Dead,
    Position,
    Turn,
    Verdict,
    clear_turns,
    judge_play,
    lay_down_plays,
    listed_lay_offs,
    position_of,
    settled,
    swap_plays,
)
from .play import can_finish as _can_finish
from .scoring import end_round

__all__ = ["apply", "check", "clear_caches", "is_legal", "legal_actions", "new_game", "setup_round"]

#: How many different ``LayDown`` actions :func:`legal_actions` lists at most, unless asked for
#: more with its ``lay_downs`` argument: one, the layout :func:`~shanghai_rules.contracts.find_contract` gives.
LAY_DOWN_CHOICES = 1


def _play(state: GameState, action: LayDown | LayOff | SwapWild) -> GameState:
    name = type(action).__name__
    if state.phase != "play":
        raise IllegalAction(f"{name}: plays come after the draw, on one's own turn (phase {state.phase!r})", action)
    if action.player != state.turn:
        raise IllegalAction(f"{name}: it is seat {state.turn}'s turn, not seat {action.player}'s", action)
    listed_for, lay_downs, lay_offs, swaps, turn, pos = _listed[0]
    known: Verdict | None = None
    if listed_for is not state:
        turn, pos = position_of(state)
    elif type(action) is LayOff:
        # the fields compared directly (the seat is the one on turn for every listed play)
        card, meld, end = action.card, action.meld, action.end
        for lay_off, verdict in lay_offs:
            if lay_off is action or (lay_off.card is card and lay_off.meld == meld and lay_off.end == end):
                known = verdict
                break
    else:
        for listed, verdict in swaps if type(action) is SwapWild else lay_downs:
            if listed is action or listed == action:
                known = verdict
                break
    if known is not None:
        after = settled(turn, pos, action, known)
    else:
        after = judge_play(turn, pos, action)
    seat = state.turn
    hands = list(state.hands)
    hands[seat] = after.hand
    down = state.down
    if after.down != down[seat]:  # (sliced, not a generator: that would keep seat and after in cells)
        down = (*down[:seat], after.down, *down[seat + 1:])
    new = _played(state, hands=tuple(hands), table=after.table, down=down, went_down_this_turn=after.went_down,
                  owed_wilds=after.owed, must_go_down=after.must_go_down, played_wild_this_turn=after.played_wild)
    if not after.hand:
        return end_round(new, seat, "out")
    return new


_played = replacer("hands", "table", "down", "went_down_this_turn", "owed_wilds", "must_go_down",
                   "played_wild_this_turn")


# The plays legal_actions last listed, for the state it was asked about: the lay-downs, lay-offs
# and swaps, each with its verdict (see play.Verdict), so that applying one of them (or an equal
# action) to that very state uses the judgement already made instead of making it again; and the
# state's turn and position.  Kept as listed, unhashed: apply looks for one play among them, and
# most listings apply none.
_Listed = Sequence[tuple[Action, Verdict]]
_NOTHING_LISTED: Final = (None, (), (), (), Turn(PAGAT7, PAGAT7.contracts[0], 0, 1),
                          Position((), (), False, False, (), False))
_listed: list[tuple[object, _Listed, Sequence[tuple[LayOff, Verdict]], _Listed, Turn, Position]] = [_NOTHING_LISTED]


_HANDLERS: dict[type[Any], Callable[[GameState, Any], GameState]] = {
    DrawStock: draw_stock,
    TakeDiscard: take_discard,
    Buy: buy,
    WithdrawBuy: withdraw_buy,
    LayDown: _play,
    LayOff: _play,
    SwapWild: _play,
    Discard: discard,
    CallShanghai: call_shanghai,
    Cut: cut,
    StartRound: start_round,
}


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``.  ``state`` itself is never changed.

    Raises :class:`~shanghai_rules.errors.IllegalAction` with the reason when the
    action is not allowed now.
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"apply: {state!r} is not a GameState")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"{action!r} is not an action", action)
    if state.phase == "game_over":
        raise IllegalAction(f"{type(action).__name__}: the game is over", action)
    # every action but StartRound names the seat that makes it
    if handler is not start_round and action.player >= len(state.hands):  # type: ignore[union-attr]
        raise IllegalAction(f"{type(action).__name__}: there is no seat {action.player} "  # type: ignore[union-attr]
                            f"({len(state.hands)} players)", action)
    return handler(state, action)


def check(state: GameState, action: Action) -> None:
    """Raise :class:`~shanghai_rules.errors.IllegalAction` with the reason if ``action`` is not allowed now."""
    apply(state, action)


def is_legal(state: GameState, action: Action) -> bool:
    """True if ``action`` is allowed now."""
    try:
        apply(state, action)
    except IllegalAction:
        return False
    return True


def clear_caches() -> None:
    """Forget everything the library remembers between calls, to free its memory.

    The engine and the contract search keep bounded tables of answers to
    questions that come back (the cards that fit a meld, the runs a suit can
    make, actions already built): a game in progress asks many of them again.
    :func:`legal_actions` also keeps, for the last state it listed plays for,
    each listed play's verdict and the position it judged them on, which
    :func:`apply` reuses when given that very state (and, for the verdict, an
    equal action).  Nothing depends on them but speed; they fill
    again as needed.
    """
    _clear_common()
    clear_turns()
    _cuts.cache_clear()
    _listed[0] = _NOTHING_LISTED


@lru_cache(maxsize=256)
def _cuts(seat: int, cards: int) -> tuple[Cut, ...]:
    """Every cut ``seat`` may make of ``cards`` cards (kept here alone, not among ``trusted``'s actions)."""
    return tuple([_built(Cut, (seat, count)) for count in range(1, cards + 1)])


def legal_actions(state: GameState, player: int | None = None, *, lay_downs: int = LAY_DOWN_CHOICES) -> list[Action]:
    """Every legal action now, of every seat (or of ``player`` only).

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
    # (the default, the very object, passes at once; anything else is judged)
    if lay_downs is not LAY_DOWN_CHOICES and (type(lay_downs) is not int or lay_downs < 1):
        raise IllegalAction(f"legal_actions: lay_downs must be a whole number of at least 1, not {lay_downs!r}")
    phase = state.phase
    actions: list[Action] = []
    if phase == "draw":
        # where there is no upcard, buy_refusal refuses every seat: it need not be asked
        upcard = bool(state.discard) and state.upcard_live
        on_turn = state.turn
        requests = state.buy_requests
        calls = state.shanghai_open
        rows = seat_actions(players)
        for seat in range(players) if player is None else (player,):
            if seat == on_turn:
                own = rows[seat]  # DrawStock, TakeDiscard, Buy, WithdrawBuy
                actions.append(own[0])
                if upcard:
                    actions.append(own[1])
            elif upcard and not seat_buy_refusal(state, seat):
                # (buy_refusal's other questions are answered: the phase, the seat, the upcard)
                actions.append(rows[seat][2])
            if requests and seat in requests:
                actions.append(rows[seat][3])
            if calls and seat != state.discarder and len(state.hands[seat]) >= 2:
                top = state.discard[-1]
                for index, tm in enumerate(state.table):
                    options = fits(tm.meld, state.rules).get(top)
                    if len(options) == 1:
                        actions.append(trusted(CallShanghai, seat, index))
                    else:
                        # (a loop: a generator here would make every call keep seat and index in cells)
                        for end, _ in options:
                            actions.append(trusted(CallShanghai, seat, index, end))
        return actions
    if phase == "game_over":
        return []
    if phase == "round_over":
        return [StartRound()] if player is None else []
    if phase == "cut":
        seat = state.cutter
        if player is not None and player != seat:
            return []
        return list(_cuts(seat, len(state.stock)))
    # the play phase: only the player on turn acts
    seat = state.turn
    if player is not None and player != seat:
        return []
    turn, pos = position_of(state)
    # positions of this turn that the no-trap searches below find lead nowhere (see play._search),
    # shared by the checks of the lay-downs and of the swaps listed (those of the lay-offs share
    # one of their own); made when a check is first asked for (most listings ask none)
    dead: Dead | None = None
    downs: list[tuple[Action, Verdict]] = []
    if not pos.down:
        for lay_down, after in lay_down_plays(turn, pos):
            if dead is None:
                dead = set()
            if _can_finish(turn, after, dead):
                actions.append(lay_down)
                downs.append((lay_down, after))
                if len(downs) >= lay_downs:
                    break
    offs: Sequence[tuple[LayOff, Verdict]] = ()
    distinct = distinct_cards(pos.hand)  # the hand's cards, each once
    if pos.down:
        offs = listed_lay_offs(turn, pos, table_fits(state.table, state.rules), distinct)
        for lay_off, _ in offs:  # (a loop: a list comprehension is a call of its own)
            actions.append(lay_off)
    swaps: list[tuple[Action, Verdict]] = []
    for swap, after in swap_plays(turn, pos, distinct):
        if dead is None:
            dead = set()
        if _can_finish(turn, after, dead):
            actions.append(swap)
            swaps.append((swap, after))
    _listed[0] = (state, downs, offs, swaps, turn, pos)
    # turn_end_refusal, less what is known here (the phase, the seat on turn)
    if not ending_refusal(state.rules, turn.contract, len(pos.hand), bool(pos.owed), pos.must_go_down):
        row = discard_row(seat)
        if state.rules.shanghai_call and state.table:
            # a card no meld might take is not one Shanghai may be declared on (shanghai_allowed)
            reach = table_reach(state.table, state.rules)
            for card in distinct:
                actions.append(row[card.code])
                if card in reach and shanghai_allowed(state, card):
                    actions.append(trusted(Discard, seat, card, True))
        else:
            # (a loop: a comprehension here would make every call keep row in a cell)
            for card in distinct:
                actions.append(row[card.code])
    return actions
