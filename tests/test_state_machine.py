"""A hypothesis state machine per preset that interleaves legal actions with illegal
ones from every seat, checking after each step every invariant of the engine, and
that a refused action raised our error with a reason and left the state as it was
(issue: robustness, item 1)."""

from __future__ import annotations

import pickle
from collections import Counter

import attrs
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import shanghai_rules as sr
from invariants import check_actors, check_invariants, equivalent_to_listed, supply

SHORT = {
    rules.name: attrs.evolve(rules, contracts=rules.contracts[:3], buy_limits=rules.buy_limits[:3], turn_limit=15)
    for rules in (sr.PAGAT7, sr.TEN_ROUND, sr.ISRA)
}


class EngineMachine(RuleBasedStateMachine):
    """Random legal and illegal actions against one game."""

    variant: sr.Rules = sr.PAGAT7

    def __init__(self) -> None:
        super().__init__()
        self.state: sr.GameState | None = None
        self.full: Counter[sr.Card] = Counter()
        self.refused = 0

    @initialize(players=st.integers(3, 5), seed=st.integers(0, 2**31))
    def deal(self, players: int, seed: int) -> None:
        self.state = sr.new_game(self.variant, players, seed=seed, dealer=seed % players)
        self.full = supply(self.state)

    def _apply(self, action: sr.Action) -> None:
        state = self.state
        assert state is not None
        listed = sr.legal_actions(state)
        before = pickle.dumps(state)
        try:
            after = sr.apply(state, action)
        except sr.IllegalAction as exc:
            assert exc.reason and str(exc)
            assert action not in listed, f"a listed action was refused: {action!r}: {exc}"
            assert pickle.dumps(state) == before
            self.refused += 1
            return
        assert action in listed or equivalent_to_listed(action, listed), f"unlisted legal action {action!r}"
        assert pickle.dumps(state) == before, "apply changed its input"
        self.state = after

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        """A run of legal actions (so that games reach later rounds), checked one by one."""
        for _ in range(data.draw(st.integers(1, 40))):
            assert self.state is not None
            if self.state.is_over:
                return
            actions = sr.legal_actions(self.state)
            plays = [a for a in actions if not isinstance(a, (sr.Buy, sr.WithdrawBuy, sr.Cut))]
            cuts = [a for a in actions if isinstance(a, sr.Cut)]
            pool = plays or cuts[:: max(1, len(cuts) // 20)] or actions
            self._apply(data.draw(st.sampled_from(pool)))
            check_invariants(self.state, self.full)

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def buy_or_withdraw(self, data: st.DataObject) -> None:
        assert self.state is not None
        seat = data.draw(st.integers(0, self.state.players))
        self._apply(data.draw(st.sampled_from([sr.Buy(seat), sr.WithdrawBuy(seat)])))

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(seat=st.integers(0, 6), kind=st.sampled_from(["draw", "take", "start", "cut"]), count=st.integers(-2, 200))
    def out_of_turn_or_phase(self, seat: int, kind: str, count: int) -> None:
        action: sr.Action
        if kind == "draw":
            action = sr.DrawStock(seat)
        elif kind == "take":
            action = sr.TakeDiscard(seat)
        elif kind == "start":
            action = sr.StartRound()
        else:
            action = sr.Cut(seat, count)
        self._apply(action)

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data(), seat=st.integers(0, 6), index=st.integers(0, 12),
          end=st.sampled_from([None, "low", "high"]), shanghai=st.booleans())
    def cards_not_held_or_not_fitting(
        self, data: st.DataObject, seat: int, index: int, end: sr.End | None, shanghai: bool
    ) -> None:
        assert self.state is not None
        card = data.draw(st.sampled_from(sorted(self.full)))
        kind = data.draw(st.sampled_from(["layoff", "swap", "discard", "call"]))
        action: sr.Action
        if kind == "layoff":
            action = sr.LayOff(seat, card, index, end)
        elif kind == "swap":
            action = sr.SwapWild(seat, card, index)
        elif kind == "discard":
            action = sr.Discard(seat, card, shanghai=shanghai)
        else:
            action = sr.CallShanghai(seat, index, end)
        self._apply(action)

    @precondition(lambda self: self.state is not None and self.state.phase == "play")
    @rule(data=st.data())
    def melds_that_break_rules(self, data: st.DataObject) -> None:
        assert self.state is not None
        hand = list(self.state.hands[self.state.turn])
        size = data.draw(st.integers(1, min(len(hand), 12)))
        cards = data.draw(st.permutations(hand))[:size]
        cut = data.draw(st.integers(0, size))
        groups = [cards[:cut], cards[cut:]] if data.draw(st.booleans()) else [cards]
        self._apply(sr.LayDown(self.state.turn, groups))

    @precondition(lambda self: self.state is not None and self.state.is_over)
    @rule(seat=st.integers(0, 4))
    def nothing_after_the_end(self, seat: int) -> None:
        assert self.state is not None
        assert sr.legal_actions(self.state) == []
        for action in (sr.StartRound(), sr.DrawStock(seat), sr.Buy(seat)):
            self._apply(action)
        assert self.state.is_over

    @invariant()
    def keeps_invariants(self) -> None:
        if self.state is None:
            return
        check_invariants(self.state, self.full)
        if not self.state.is_over:
            actions = sr.legal_actions(self.state)
            assert actions
            check_actors(self.state, actions)


def _machine(name: str) -> type[EngineMachine]:
    machine = type(f"EngineMachine_{name}", (EngineMachine,), {"variant": SHORT[name]})
    machine.TestCase.settings = settings(  # type: ignore[attr-defined]
        max_examples=12, stateful_step_count=60, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    return machine


TestPagat7Machine = _machine("pagat7").TestCase
TestTenRoundMachine = _machine("ten-round").TestCase
TestIsraMachine = _machine("isra").TestCase
