"""The end of a round: penalties, the cut penalty, totals, and the end of the game."""

from __future__ import annotations

from ..contracts import hand_penalty
from ..state import EndedBy, GameState, RoundResult
from .common import replace

__all__ = ["end_round"]


def end_round(state: GameState, went_out: int | None, ended_by: EndedBy) -> GameState:
    """Score the round (SPEC 4.11) and move to ``round_over``, or ``game_over`` after the last round.

    Each seat adds the penalty of the cards it holds; where the cut was exact,
    every seat but the cutter adds the cut penalty too, the round's winner
    included (002).  A seat that went down and out on one turn earns the rules'
    blind bonus, taken off its total.
    """
    rules = state.rules
    hand_points = tuple(hand_penalty(hand, rules) for hand in state.hands)
    points = list(hand_points)
    cut_by, cut_exact = state.cut if state.cut is not None else (None, False)
    if cut_exact and rules.cut_penalty:
        for seat in range(len(points)):
            if seat != cut_by:
                points[seat] += rules.cut_penalty
    bonus = 0
    if went_out is not None and state.went_down_this_turn:
        bonus = rules.blind_bonus
        if rules.blind_bonus_without_wilds and not state.played_wild_this_turn:
            bonus = rules.blind_bonus_without_wilds
        points[went_out] -= bonus
    slam = (
        went_out is not None
        and state.went_down_this_turn
        and not any(d for seat, d in enumerate(state.down) if seat != went_out)
    )
    result = RoundResult(
        round_number=state.round_number, went_out=went_out, ended_by=ended_by, slam=slam,
        hand_points=hand_points, cut_by=cut_by, cut_exact=cut_exact, points=tuple(points), bonus=bonus,
    )
    last = state.round_number >= rules.rounds
    return replace(
        state,
        phase="game_over" if last else "round_over",
        scores=tuple(s + p for s, p in zip(state.scores, points)),
        round_results=(*state.round_results, result),
        buy_requests=(), buy_withdrawn=(), upcard_live=False, shanghai_open=False,
        owed_wilds=(), must_go_down=False,
    )
