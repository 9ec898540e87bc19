"""SPEC 4.8: the Shanghai declaration and call (pagat7; seeds 000, 001, 004)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import shanghai_rules as sr

from .helpers import all_cards, hand, hand_of, pile, play, refused, table


def tens_on_table(seat1: str = "10C 10D 10H 5C 5D 5S 9S JS", rules: sr.Rules = sr.PAGAT7) -> sr.GameState:
    """Round 1, dealer 0: seat 1 goes down with 10C 10D 10H + 5C 5D 5S and discards 9S; seat 2 has
    drawn 3D and is about to discard (10S fits the set of tens, KD fits nothing)."""
    state = sr.setup_round(
        rules,
        hands=["4S 6S 8S QS KC", seat1, "10S 7D 3H KD", "4C 7C 9H JD"],
        stock="2H 3D 4H 6D 7S 8D 9C JC", discard="AD", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]), sr.Discard(1, "9S"))
    return play(state, sr.DrawStock(2))


def test_declared_shanghai_protects_the_discard() -> None:
    """SPEC 4.8 (000, 001): a discard that fits a meld, declared Shanghai by its discarder, cannot be
    taken or bought; the next player draws from the stock."""
    state = tens_on_table()
    assert sr.Discard(2, "10S", shanghai=True) in sr.legal_actions(state)
    state = play(state, sr.Discard(2, "10S", shanghai=True))
    assert state.turn == 3
    assert sr.legal_actions(state) == [sr.DrawStock(3)]
    refused(state, sr.TakeDiscard(3), "dead")
    refused(state, sr.Buy(0), "no upcard")
    refused(state, sr.Buy(1), "no upcard")
    refused(state, sr.CallShanghai(0, 0), "undeclared")
    state = play(state, sr.DrawStock(3))
    assert hand(state, 3) == hand_of("4C 7C 9H JD 4H")
    assert pile(state.discard) == "AD 9S 10S"
    assert table(state)[0] == (1, "set", "10C 10D 10H")


def test_declaring_shanghai_on_a_card_that_fits_no_meld_is_illegal() -> None:
    """SPEC 4.8: declaring Shanghai on a card that fits no meld is illegal."""
    state = tens_on_table()
    refused(state, sr.Discard(2, "KD", shanghai=True), "fits no meld")
    assert sr.Discard(2, "KD") in sr.legal_actions(state)


@pytest.mark.parametrize("caller", [3, 0, 1], ids=["next-player-not-down", "other-not-down", "down"])
def test_undeclared_fitting_discard_can_be_called_by_any_other_player(caller: int) -> None:
    """SPEC 4.8 (000, 001): if a fitting discard is not declared, any player but the discarder, down
    or not, the next player included, may call Shanghai naming a meld the card fits: the card goes
    onto that meld, and the discarder takes a random card from the caller's hand."""
    state = play(tens_on_table(), sr.Discard(2, "10S"))
    before = state
    assert sr.CallShanghai(caller, 0) in sr.legal_actions(state)
    state = play(state, sr.CallShanghai(caller, 0))
    assert table(state)[0] == (1, "set", "10C 10D 10H 10S")
    assert table(state)[1] == (1, "set", "5C 5D 5S")
    # the discarder gained exactly the one card the caller lost; nothing else moved
    lost = Counter(before.hands[caller]) - Counter(state.hands[caller])
    gained = Counter(state.hands[2]) - Counter(before.hands[2])
    assert sum(lost.values()) == 1
    assert lost == gained
    assert len(state.hands[2]) == len(before.hands[2]) + 1
    assert Counter(before.hands[2]) <= Counter(state.hands[2])
    assert all(state.hands[s] == before.hands[s] for s in range(4) if s not in (2, caller))
    assert all_cards(state) == all_cards(before)
    assert state.stock == before.stock
    assert pile(state.discard) == "AD 9S"
    # play goes on with the player on turn, who must draw from the stock: the card beneath is dead
    assert state.turn == 3
    assert state.phase == "draw"
    assert sr.legal_actions(state) == [sr.DrawStock(3)]


def test_shanghai_call_comes_before_buys_and_pending_requests_lapse() -> None:
    """SPEC 4.8 (000): the call takes priority over a buy: pending buy requests lapse, and the
    pile has no upcard for that draw (004: the card beneath a discard is dead)."""
    state = play(tens_on_table(), sr.Discard(2, "10S"), sr.Buy(0), sr.Buy(1))
    assert state.buy_requests == (0, 1)
    state = play(state, sr.CallShanghai(3, 0))
    assert state.buy_requests == ()
    refused(state, sr.TakeDiscard(3), "dead")
    refused(state, sr.Buy(0), "no upcard")
    before = state
    state = play(state, sr.DrawStock(3))
    assert state.hands[0] == before.hands[0]
    assert state.hands[1] == before.hands[1]
    assert state.buys_left == (2, 2, 2, 2)
    assert Counter(state.hands[3]) == Counter(before.hands[3]) + Counter(sr.parse_cards("4H"))
    assert pile(state.discard) == "AD 9S"


def test_a_player_holding_a_single_card_cannot_call() -> None:
    """SPEC 4.8 (ruling): a player holding a single card cannot call."""
    state = play(tens_on_table(seat1="10C 10D 10H 5C 5D 5S 9S"), sr.Discard(2, "10S"))
    assert hand(state, 1) == hand_of("2H")
    refused(state, sr.CallShanghai(1, 0), "single card")
    assert sr.CallShanghai(3, 0) in sr.legal_actions(state)


def test_discarder_cannot_call_shanghai_on_own_discard() -> None:
    """SPEC 4.8: any player but the discarder may call."""
    state = play(tens_on_table(), sr.Discard(2, "10S"))
    refused(state, sr.CallShanghai(2, 0), "discarder")


def test_shanghai_call_must_name_a_meld_the_card_fits() -> None:
    """SPEC 4.8: the caller names a meld the card fits; 10S does not fit the set of fives."""
    state = play(tens_on_table(), sr.Discard(2, "10S"))
    refused(state, sr.CallShanghai(3, 1), "does not fit")
    refused(state, sr.CallShanghai(3, 7), "no meld 7")


def test_no_call_on_a_discard_that_fits_nothing() -> None:
    """SPEC 4.8: only a discard that could be laid off on a meld can be called; KD fits none, and
    stays a live upcard."""
    state = play(tens_on_table(), sr.Discard(2, "KD"))
    refused(state, sr.CallShanghai(3, 0), "fits a meld")
    state = play(state, sr.TakeDiscard(3))
    assert hand(state, 3) == hand_of("4C 7C 9H JD KD")


def test_undeclared_fitting_discard_not_called_stays_a_live_upcard() -> None:
    """SPEC 4.8 / 4.4: if nobody calls, the undeclared discard is an ordinary upcard; taking it ends the chance."""
    state = play(tens_on_table(), sr.Discard(2, "10S"), sr.TakeDiscard(3))
    assert hand(state, 3) == hand_of("4C 7C 9H JD 10S")
    assert table(state)[0] == (1, "set", "10C 10D 10H")
    refused(state, sr.CallShanghai(0, 0), "before the next player draws")


@pytest.mark.parametrize("rules", [sr.TEN_ROUND, sr.ISRA], ids=["ten-round", "isra"])
def test_no_shanghai_call_outside_pagat7(rules: sr.Rules) -> None:
    """SPEC 3: only pagat7 plays the Shanghai declaration and call."""
    state = tens_on_table(rules=rules)
    refused(state, sr.Discard(2, "10S", shanghai=True), "no Shanghai")
    state = play(state, sr.Discard(2, "10S"))
    refused(state, sr.CallShanghai(3, 0), "no Shanghai")
    assert not any(isinstance(a, sr.CallShanghai) for a in sr.legal_actions(state))


def test_shanghai_call_on_a_wild_names_the_end_of_a_run() -> None:
    """SPEC 4.8 / 4.3: a called wild that fits either end of a run goes to the end the caller names."""
    state = sr.setup_round(
        sr.PAGAT7,
        hands=["4S 6S 8S", "4C 5C 6C 7C 9C 10C JC QC KS", "JK 3H", "4D 7D 9H"],
        stock="2H 3D 4H", discard="AD", round_number=3, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["4C 5C 6C 7C", "9C 10C JC QC"]), sr.Discard(1, "KS"))
    state = play(state, sr.DrawStock(2), sr.Discard(2, "JK"))
    listed = {a for a in sr.legal_actions(state) if isinstance(a, sr.CallShanghai) and a.player == 3}
    assert listed == {sr.CallShanghai(3, m, e) for m in (0, 1) for e in ("low", "high")}
    refused(state, sr.CallShanghai(3, 0), "either end")
    state = play(state, sr.CallShanghai(3, 0, "low"))
    assert state.table[0].meld.describe() == "run JK(3C) 4C 5C 6C 7C"
    assert table(state)[1] == (1, "run", "9C 10C JC QC")


def test_shanghai_call_is_deterministic_from_the_state_seed() -> None:
    """SPEC 5: apply is deterministic; the random card given to the discarder comes from the state's
    own seed, so the same state and call give the same result."""
    state = play(tens_on_table(), sr.Discard(2, "10S"))
    assert sr.apply(state, sr.CallShanghai(3, 0)) == sr.apply(state, sr.CallShanghai(3, 0))
    assert sr.apply(state, sr.CallShanghai(3, 0)).seed != state.seed


def test_shanghai_call_gives_the_discarder_a_random_card_of_the_callers_hand_spec4_8() -> None:
    """SPEC 4.8 (000, 001): the card the discarder takes is chosen at random from the caller's hand:
    over different seeds, the same call hands over different cards (each seed always the same one)."""
    state = play(tens_on_table(), sr.Discard(2, "10S"))
    given = set()
    for seed in range(40):
        seeded = attrs.evolve(state, seed=seed)
        after = sr.apply(seeded, sr.CallShanghai(3, 0))
        lost = Counter(state.hands[3]) - Counter(after.hands[3])
        assert sum(lost.values()) == 1
        given.update(lost)
        assert sr.apply(seeded, sr.CallShanghai(3, 0)) == after
    assert len(given) >= 3, given
    assert len(set(state.hands[3])) >= 3


def test_shanghai_may_be_declared_on_a_discard_fitting_any_meld_of_the_table_spec4_8() -> None:
    """SPEC 4.8 (000, 001): the declaration is open for a discard that fits *a* meld on the table,
    whichever: 10S fits the first meld (the tens), 5H the second (the fives), 7D and KD neither."""
    state = sr.setup_round(
        sr.PAGAT7,
        hands=["4S 6S 8S QS KC", "10C 10D 10H 5C 5D 5S 9S JS", "10S 5H 7D KD", "4C 7C 9H JD"],
        stock="2H 3D 4H 6D 7S 8D 9C JC", discard="AD", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]), sr.Discard(1, "9S"))
    state = play(state, sr.DrawStock(2))
    declared = {a.card for a in sr.legal_actions(state) if isinstance(a, sr.Discard) and a.shanghai}
    assert declared == set(sr.parse_cards("10S 5H"))
    for text in ("7D", "KD", "3D"):
        refused(state, sr.Discard(2, text, shanghai=True), "fits no meld")
    after = play(state, sr.Discard(2, "5H", shanghai=True))
    assert sr.legal_actions(after) == [sr.DrawStock(3)]
