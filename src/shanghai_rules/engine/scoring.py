"""The end of a round and of the game (rules: scoring): penalties, the cut penalty, bonuses, totals.

Each seat adds the penalty of the cards it holds (:func:`~shanghai_rules.penalties.penalty`);
where the cut was exact, every seat but the cutter adds ``Rules.cut_penalty`` too, the
round's winner included (002).  A seat that went down and out on one turn earns the
rules' blind bonus (``Rules.blind_bonus``, or ``blind_bonus_without_wilds`` where it
played no wild that turn), taken off its total.  After the last round the lowest total
wins; equal lowest totals share the win.
"""

from __future__ import annotations

from ..penalties import penalty
from ..rules import Rules
from ..state import EndedBy, GameState, RoundResult
from .successor import same_move

__all__ = ["blind_bonus", "end_round", "going_out_bonus", "round_points"]


def round_points(rules: Rules, hand_points: tuple[int, ...], cut: tuple[int, bool] | None, went_out: int | None,
                 bonus: int) -> tuple[int, ...]:
    """What each seat adds to its total for a round: its hand's points, the cut penalty where the
    cut was exact (every seat but the cutter), less the bonus of the seat that went out."""
    points = list(hand_points)
    cutter, exact = cut if cut is not None else (None, False)
    for seat in range(len(points)):
        if exact and rules.cut_penalty and seat != cutter:
            points[seat] += rules.cut_penalty
        if seat == went_out:
            points[seat] -= bonus
    return tuple(points)


def blind_bonus(state: GameState, went_out: int | None) -> int:
    """The bonus of the seat that went out in ``state``, if any (:func:`going_out_bonus`)."""
    if went_out is None:
        return 0
    return going_out_bonus(state.rules, state.went_down_this_turn, state.played_wild_this_turn)


def going_out_bonus(rules: Rules, went_down: bool, played_wild: bool) -> int:
    """The bonus taken off the total of a player who goes out having gone down on the same turn
    (``went_down``: ``Rules.blind_bonus``, or ``Rules.blind_bonus_without_wilds`` where they played
    no wild that turn and the rules set it); 0 for a player who went down earlier."""
    if not went_down:
        return 0
    if rules.blind_bonus_without_wilds and not played_wild:
        return rules.blind_bonus_without_wilds
    return rules.blind_bonus


def end_round(state: GameState, went_out: int | None, ended_by: EndedBy) -> GameState:
    """Score the round and move to ``round_over``, or ``game_over`` after the last round."""
    rules = state.rules
    hand_points = tuple(sum(penalty(card, rules) for card in hand) for hand in state.hands)
    bonus = blind_bonus(state, went_out)
    points = round_points(rules, hand_points, state.cut, went_out, bonus)
    slam = went_out is not None and state.went_down_this_turn and not any(
        down for seat, down in enumerate(state.down) if seat != went_out)
    cut_by, cut_exact = state.cut if state.cut is not None else (None, False)
    result = RoundResult(
        round_number=state.round_number, went_out=went_out, ended_by=ended_by, slam=slam,
        hand_points=hand_points, cut_by=cut_by, cut_exact=cut_exact, points=points, bonus=bonus,
    )
    return same_move(
        state,
        phase="game_over" if state.round_number >= rules.rounds else "round_over",
        scores=tuple(s + p for s, p in zip(state.scores, points)),
        round_results=(*state.round_results, result),
        buy_requests=(), buy_withdrawn=(), upcard_live=False, shanghai_open=False,
        owed_wilds=(), must_go_down=False,
    )
