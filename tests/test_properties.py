"""Property tests: random legal games of every preset, played to the end, with the
engine's invariants checked after every step (issue: engine, item 5)."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from invariants import play_random_game

#: One game of every preset in the default run; the other seat counts in the long run (``-m long``,
#: which ``.ci/run`` selects, in the checking mode).
GAMES = [
    *(pytest.param(rules, players, id=f"{rules.name}-{players}")
      for rules, players in [(sr.PAGAT7, 4), (sr.TEN_ROUND, 5), (sr.ISRA, 4),
                             # the house variants: full games under the same invariants
                             (sr.LIVERPOOL, 4), (sr.MAY_I, 4), (sr.TEN_ROUND_RULEBOOK, 4), (sr.CONTRACT_RUMMY, 4)]),
    *(pytest.param(rules, players, marks=pytest.mark.long, id=f"{rules.name}-{players}")
      for rules, players in [(sr.PAGAT7, 3), (sr.PAGAT7, 5), (sr.TEN_ROUND, 3), (sr.TEN_ROUND, 8), (sr.ISRA, 3),
                             (sr.ISRA, 7), (sr.LIVERPOOL, 6), (sr.MAY_I, 5)]),
]


@pytest.mark.parametrize(("rules", "players"), GAMES)
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_to_the_end(rules: sr.Rules, players: int, seed: int) -> None:
    """Cards conserved, only the right seats act, legal_actions never empty before the end,
    every listed action applies, random unlisted actions are refused and change nothing,
    apply never changes its input, totals equal the sum of round scores (SPEC 4, 5)."""
    steps = 0
    last = None
    for _, _, after in play_random_game(rules, players, seed, probes=2):
        steps += 1
        last = after
    assert last is not None and last.is_over
    assert len(last.round_results) == rules.rounds
    assert steps > rules.rounds


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from([sr.PAGAT7, sr.TEN_ROUND, sr.ISRA]),
    seed=st.integers(0, 2**32),
)
def test_every_listed_action_applies_in_two_round_games(preset: sr.Rules, seed: int) -> None:
    """Every action legal_actions lists passes check, at every step (SPEC 5)."""
    import attrs

    rules = attrs.evolve(preset, contracts=preset.contracts[:2], buy_limits=preset.buy_limits[:2], turn_limit=12)
    players = 3 + seed % 3
    count = sum(1 for _ in play_random_game(rules, players, seed, check_all_listed=True, probes=4))
    assert count > 0


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from([sr.PAGAT7, sr.TEN_ROUND, sr.ISRA]))
def test_same_seed_and_actions_give_the_same_game(seed: int, preset: sr.Rules) -> None:
    """Randomness lives in the state: replaying the same actions from the same seed gives equal states (SPEC 4.1)."""
    import attrs

    rules = attrs.evolve(preset, contracts=preset.contracts[:2], buy_limits=preset.buy_limits[:2], turn_limit=10)
    played = list(play_random_game(rules, 3, seed))
    state = sr.new_game(rules, 3, seed=seed, dealer=seed % 3)
    for before, action, after in played:
        assert state == before
        state = sr.apply(state, action)
        assert state == after
        assert pickle.dumps(state) == pickle.dumps(after)


def test_different_seeds_deal_differently() -> None:
    """The seed decides the shuffle (SPEC 4.1)."""
    hands = {sr.new_game(sr.PAGAT7, 4, seed=s).hands for s in range(5)}
    assert len(hands) == 5


def test_apply_shares_unchanged_parts() -> None:
    """apply builds the new state from the parts that changed and shares the rest (issue: engine, item 4)."""
    state = sr.new_game(sr.PAGAT7, 4, seed=11)
    after = sr.apply(state, sr.DrawStock(state.turn))
    assert after.table is state.table
    assert after.rules is state.rules
    for seat in range(4):
        if seat != state.turn:
            assert after.hands[seat] is state.hands[seat]


def test_no_global_random_state_is_used() -> None:
    """Reseeding Python's global random generator changes nothing (SPEC 4.1)."""
    random.seed(1)
    a = sr.new_game(sr.ISRA, 4, seed=5)
    a = sr.apply(a, sr.Cut(a.cutter, 10))
    random.seed(2)
    b = sr.new_game(sr.ISRA, 4, seed=5)
    b = sr.apply(b, sr.Cut(b.cutter, 10))
    assert a == b
