"""SPEC 4.10: the cut (isra, seed 002)."""

from __future__ import annotations

import pytest

import shanghai_rules as sr

from .helpers import play, play_out_round, refused


def test_the_player_to_the_dealers_right_cuts() -> None:
    """SPEC 4.10 (002): before each deal the player to the dealer's right cuts; the count runs from 1
    to the number of cards in play."""
    state = sr.new_game(sr.ISRA, players=4, seed=1, dealer=0)
    assert state.phase == "cut"
    assert state.cutter == 3
    assert sr.legal_actions(state) == [sr.Cut(3, n) for n in range(1, 163)]
    assert sr.legal_actions(state, 0) == []
    refused(state, sr.Cut(0, 45), "dealer's right")
    refused(state, sr.Cut(3, 0), "1-162")
    refused(state, sr.Cut(3, 163), "1-162")
    refused(state, sr.DrawStock(1), "phase")
    other = sr.new_game(sr.ISRA, players=5, seed=1, dealer=2)
    assert other.cutter == 1


def test_exact_cut_is_players_times_hand_size_plus_one() -> None:
    """SPEC 4.10 (002): the cut is exact when it equals players x hand size + 1 (the flip card)."""
    state = sr.new_game(sr.ISRA, players=4, seed=1)
    assert play(state, sr.Cut(3, 45)).cut == (3, True)
    assert play(state, sr.Cut(3, 44)).cut == (3, False)
    assert play(state, sr.Cut(3, 46)).cut == (3, False)


def test_cut_does_not_change_the_deal() -> None:
    """SPEC 4.10: the cut does not change which cards are dealt."""
    state = sr.new_game(sr.ISRA, players=4, seed=8)
    exact = play(state, sr.Cut(3, 45))
    other = play(state, sr.Cut(3, 7))
    assert exact.hands == other.hands
    assert exact.stock == other.stock
    assert exact.discard == other.discard
    assert (exact.phase, exact.turn) == ("draw", 1)


def _round_won_by_a_non_cutter(count: int) -> tuple[sr.GameState, int]:
    for seed in range(60):
        state = play_out_round(sr.apply(sr.new_game(sr.ISRA, players=3, seed=seed), sr.Cut(2, 34)))
        result = state.round_results[-1]
        if result.went_out is not None and result.went_out != 2:
            start = sr.new_game(sr.ISRA, players=3, seed=seed)
            return play_out_round(sr.apply(start, sr.Cut(2, count))), seed
    raise AssertionError("no seed gave a round won by a player other than the cutter")


def test_exact_cut_gives_every_other_player_50_winner_included() -> None:
    """SPEC 4.10 / 4.11 (002): when the cutter gets the cut, every other player takes a 50-point
    penalty for that round, the round's winner included; the cutter does not."""
    state, _ = _round_won_by_a_non_cutter(34)
    result = state.round_results[-1]
    winner = result.went_out
    assert winner is not None and winner != 2
    assert (result.cut_by, result.cut_exact) == (2, True)
    assert result.hand_points[winner] == 0
    assert result.points == tuple(p + (0 if seat == 2 else 50) for seat, p in enumerate(result.hand_points))
    assert result.points[winner] == 50
    assert result.hand_points == tuple(sr.hand_penalty(h, sr.ISRA) for h in state.hands)
    assert state.scores == result.points


@pytest.mark.parametrize("count", [1, 33, 35, 162])
def test_other_cut_counts_give_no_penalty(count: int) -> None:
    """SPEC 4.10: a cut of any other count gives nothing; the same game plays out the same."""
    state, _ = _round_won_by_a_non_cutter(count)
    exact, _ = _round_won_by_a_non_cutter(34)
    result = state.round_results[-1]
    assert (result.cut_by, result.cut_exact) == (2, False)
    assert result.points == result.hand_points
    assert result.hand_points == exact.round_results[-1].hand_points


def test_cut_comes_every_round_and_passes_with_the_deal() -> None:
    """SPEC 4.10 (002): the cut takes place every round; the deal and cut pass on each round."""
    state = play_out_round(sr.apply(sr.new_game(sr.ISRA, players=3, seed=2), sr.Cut(2, 5)))
    state = play(state, sr.StartRound())
    assert (state.phase, state.dealer, state.cutter, state.round_number) == ("cut", 1, 0, 2)
    assert state.cut is None
    state = play(state, sr.Cut(0, 34))
    assert state.cut == (0, True)
    assert state.turn == 2


@pytest.mark.parametrize("rules", [sr.PAGAT7, sr.TEN_ROUND], ids=lambda r: r.name)
def test_no_cut_outside_isra(rules: sr.Rules) -> None:
    """SPEC 3: only isra has the cut; the others deal at once and refuse a Cut."""
    state = sr.new_game(rules, players=4, seed=1)
    assert state.phase == "draw"
    refused(state, sr.Cut(3, 45), "no cut")
