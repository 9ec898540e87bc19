"""The referee: :func:`new_game`, :func:`setup_round`, :func:`legal_actions`,
:func:`check`, :func:`is_legal` and :func:`apply`.

``check``, ``is_legal``, ``legal_actions`` and ``apply`` share one judgement:
``apply`` makes the next state only after the refusal functions of the action's
phase accept it, ``check`` and ``is_legal`` ask ``apply``, and ``legal_actions``
keeps exactly the candidates those same functions accept.  Where each rule lives:

========================  ==========================================================
the deal, the cut          :mod:`~shanghai_rules.engine.deal`
the draw                   :mod:`~shanghai_rules.engine.draw`
buying                     :mod:`~shanghai_rules.engine.buying`
the Shanghai call          :mod:`~shanghai_rules.engine.shanghai`
going down                 :mod:`~shanghai_rules.engine.going_down`
laying off                 :mod:`~shanghai_rules.engine.laying_off`
the wild swap              :mod:`~shanghai_rules.engine.swapping`, :mod:`~shanghai_rules.engine.obligations`
going out, ending a turn   :mod:`~shanghai_rules.engine.going_out`
the no-trap ruling         :mod:`~shanghai_rules.engine.no_trap`
the discard, turn limit    :mod:`~shanghai_rules.engine.discard`
scoring                    :mod:`~shanghai_rules.engine.scoring`
========================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..actions import (
    Action,
    Buy,
    CallShanghai,
    Cut,
    DeclineBuy,
    Discard,
    DrawStock,
    LayDown,
    LayOff,
    StartRound,
    SwapWild,
    TakeDiscard,
    WithdrawBuy,
)
from ..errors import IllegalAction, excerpt
from ..memo import MEMO
from ..refusals import Reason, Refusal
from ..state import GameState
from ..verify import agree
from .buying import buy, decline_buy, withdraw_buy
from .deal import OpeningDraw, cut, new_game, opening_draw, setup_round, start_round
from .discard import discard
from .draw import draw_stock, take_discard
from .listing import LAY_DOWN_CHOICES, Listing, has_legal_action, legal_actions
from .play_rules import Play
from .plays import Verdict, judge_play, settle
from .position import Position, Turn, position_of
from .scoring import end_round
from .shanghai import call_shanghai
from .successor import Change

__all__ = [
    "LAY_DOWN_CHOICES",
    "Listing",
    "OpeningDraw",
    "apply",
    "check",
    "clear_caches",
    "has_legal_action",
    "is_legal",
    "legal_actions",
    "new_game",
    "opening_draw",
    "setup_round",
]


def _play(state: GameState, action: Play, listing: Listing | None = None) -> GameState:
    """A lay-down, lay-off or swap: judged (or its verdict taken from ``listing``), then played."""
    name = type(action).__name__
    if state.phase != "play":
        raise IllegalAction(f"{name}: plays come after the draw, on one's own turn (phase {excerpt(state.phase)})",
                            action, code="wrong_phase")
    if action.player != state.turn:
        raise IllegalAction(f"{name}: it is seat {state.turn}'s turn, not seat {action.player}'s", action,
                            code="not_your_turn")
    verdict: Verdict | None = None
    judged = listing.judged_for(state) if listing is not None else None
    if listing is not None and judged is not None:
        turn, pos = judged.turn, judged.pos
        verdict = listing.verdict_of(action)
    else:
        turn, pos = position_of(state)
    if verdict is None:
        after = settle(turn, pos, action, judge_play(turn, pos, action))
    else:
        after = agree(settle(turn, pos, action, verdict),
                      lambda: settle(turn, pos, action, judge_play(turn, pos, action)), "apply: the listing's verdict")
    return _played(state, turn, after)


_PLAYED: Final = Change("hands", "table", "down", "went_down_this_turn", "owed_wilds", "must_go_down",
                        "played_wild_this_turn")


def _played(state: GameState, turn: Turn, after: Position) -> GameState:
    """The state once the player on turn has made a play that leaves ``after``."""
    seat = turn.player
    hands = (*state.hands[:seat], after.hand, *state.hands[seat + 1:])
    down = (*state.down[:seat], after.down, *state.down[seat + 1:])
    new = _PLAYED(state, hands, after.table, down, after.went_down, after.owed, after.must_go_down, after.played_wild)
    if not after.hand:
        return end_round(new, seat, "out")
    return new


_HANDLERS: Final[dict[type[Any], Callable[[GameState, Any], GameState]]] = {
    DrawStock: draw_stock,
    TakeDiscard: take_discard,
    Buy: buy,
    WithdrawBuy: withdraw_buy,
    DeclineBuy: decline_buy,
    Discard: discard,
    CallShanghai: call_shanghai,
    Cut: cut,
    StartRound: start_round,
}
_PLAYS: Final = (LayDown, LayOff, SwapWild)


def game_over_refusal(state: GameState) -> Refusal:
    """Why no action at all may be taken in ``state`` (empty if one may): the game is over."""
    return Reason("game_over", "the game is over") if state.phase == "game_over" else ""


def apply(state: GameState, action: Action, *, listing: Listing | None = None) -> GameState:
    """The state after ``action``.  ``state`` itself is never changed.

    ``listing``: the :class:`Listing` that :func:`legal_actions` gave for this very
    state, where ``action`` was picked from it; a play it lists is then not judged a
    second time.

    Raises :class:`~shanghai_rules.errors.IllegalAction` with the reason when the
    action is not allowed now.
    """
    if not isinstance(state, GameState):
        raise IllegalAction(f"apply: {excerpt(state)} is not a GameState", code="bad_argument")
    kind = type(action)
    handler = _HANDLERS.get(kind)
    if handler is None and kind not in _PLAYS:
        raise IllegalAction(f"{excerpt(action)} is not an action", action, code="bad_argument")
    over = game_over_refusal(state)
    if over:
        raise IllegalAction(f"{kind.__name__}: {over}", action, code=over.code)
    # every action but StartRound names the seat that makes it
    if kind is not StartRound and action.player >= len(state.hands):  # type: ignore[union-attr]
        raise IllegalAction(f"{kind.__name__}: there is no seat {excerpt(action.player)} "  # type: ignore[union-attr]
                            f"({len(state.hands)} players)", action, code="no_such_seat")
    if handler is None:
        return _play(state, action, listing)  # type: ignore[arg-type]
    if kind is Discard and listing is not None:
        judged = listing.judged_for(state)
        if judged is not None:
            return discard(state, action, judged.facts)  # type: ignore[arg-type]
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

    Everything the engine and the validators remember (the cards that fit a meld,
    a contract's bounds, actions already built) is kept in one bounded memo,
    :data:`shanghai_rules.memo.MEMO`, keyed by content; this empties it.  Nothing
    depends on it but speed; it fills again as needed.
    """
    MEMO.clear()
