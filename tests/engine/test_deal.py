"""SPEC 4.1: seats, dealer, deal; SPEC 5: setup_round; SPEC 4.1 / STYLE 7: seeded randomness."""

from __future__ import annotations

import attrs
import pytest

import shanghai_rules as sr

from .helpers import all_cards, hand, hand_of, play


def _deck(rules: sr.Rules, players: int) -> list[str]:
    return sorted(str(c) for c in sr.full_deck(rules.decks_for(players), rules.jokers_per_deck))


@pytest.mark.parametrize(
    ("rules", "players", "total"),
    [
        (sr.PAGAT7, 3, 108), (sr.PAGAT7, 5, 108),
        (sr.TEN_ROUND, 3, 108), (sr.TEN_ROUND, 4, 108), (sr.TEN_ROUND, 5, 162), (sr.TEN_ROUND, 6, 162),
        (sr.TEN_ROUND, 7, 216), (sr.TEN_ROUND, 8, 216),
    ],
)
def test_deal_gives_hand_size_each_then_flip_card_then_stock(rules: sr.Rules, players: int, total: int) -> None:
    """SPEC 4.1 (000): each player receives hand_size cards, the next card is turned up to start
    the discard pile, the rest is the stock; SPEC 3 decks: 108 for pagat7, 2/3/4 decks of 54 for ten-round."""
    state = sr.new_game(rules, players=players, seed=11)
    assert state.phase == "draw"
    assert [len(h) for h in state.hands] == [rules.hand_size] * players
    assert len(state.discard) == 1
    assert state.upcard == state.discard[-1]
    assert state.discarder is None
    assert len(state.stock) == total - players * rules.hand_size - 1
    assert all_cards(state) == _deck(rules, players)
    assert len(all_cards(state)) == total
    assert state.table == ()
    assert state.down == (False,) * players
    assert state.scores == (0,) * players
    assert state.round_number == 1


def test_isra_has_162_cards_and_waits_for_the_cut() -> None:
    """SPEC 3 (002): isra plays 3 x 54 = 162 cards; SPEC 4.10: the deal waits for the cut."""
    state = sr.new_game(sr.ISRA, players=4, seed=3)
    assert state.phase == "cut"
    assert len(state.stock) == 162
    assert all(h == () for h in state.hands)
    dealt = sr.apply(state, sr.Cut(3, 20))
    assert [len(h) for h in dealt.hands] == [11] * 4
    assert len(dealt.stock) == 162 - 44 - 1
    assert all_cards(dealt) == _deck(sr.ISRA, 4)


@pytest.mark.parametrize(("dealer", "first"), [(0, 1), (2, 3), (3, 0)])
def test_player_left_of_dealer_plays_first(dealer: int, first: int) -> None:
    """SPEC 4.1 (000, 002, 003): the player left of the dealer (seat + 1) plays first."""
    state = sr.new_game(sr.PAGAT7, players=4, seed=5, dealer=dealer)
    assert state.dealer == dealer
    assert state.turn == first
    actions = sr.legal_actions(state)
    assert {a.player for a in actions if isinstance(a, (sr.DrawStock, sr.TakeDiscard))} == {first}
    assert sr.DrawStock(first) in actions
    assert sr.TakeDiscard(first) in actions


def test_dealer_of_round_one_is_seat_zero_by_default() -> None:
    """SPEC 4.1: the dealer of round 1 is seat 0 unless the caller says otherwise."""
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    assert state.dealer == 0
    assert state.turn == 1


def test_same_seed_and_actions_give_the_same_game() -> None:
    """SPEC 4.1: all shuffling comes from the state's own seeded random source."""
    a = sr.new_game(sr.PAGAT7, players=4, seed=42)
    b = sr.new_game(sr.PAGAT7, players=4, seed=42)
    assert a == b
    c = sr.new_game(sr.PAGAT7, players=4, seed=43)
    assert a.hands != c.hands
    first = a.hands[1][0]
    a2 = play(a, sr.DrawStock(1), sr.Discard(1, first))
    b2 = play(b, sr.DrawStock(1), sr.Discard(1, first))
    assert a2 == b2


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 8, 9, 54, 64, 65, 108, 128, 129, 161, 162, 216])
def test_the_engines_shuffle_draws_what_random_shuffle_draws_style7(size: int) -> None:
    """STYLE 7 (seeded randomness): the engine shuffles with its own Fisher-Yates over the state's
    random source, so a seed makes the same game whatever the Python version; it draws exactly
    what random.Random.shuffle draws, so the order is the one that gives, and the source moves on
    to the same next state."""
    import random

    from shanghai_rules.engine.stock import shuffled

    cards = list(sr.full_deck(3, 2))[:size]
    for seed in (0, 1, 7, 2**63 + 5, 123456789):
        order, after = shuffled(cards, seed)
        rng = random.Random(seed)
        expected = list(cards)
        rng.shuffle(expected)
        assert order == expected
        assert after == rng.getrandbits(64)


def test_setup_round_puts_seat_after_dealer_on_turn_with_given_piles() -> None:
    """SPEC 5: setup_round takes stock top first and discard bottom to top; the seat after the
    dealer is on turn, about to draw; hands may hold any number of cards."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["4H 5H", "QS", "JK 2C 3C"], stock="7D 8D", discard="9S KH",
        round_number=3, dealer=2,
    )
    assert state.turn == 0
    assert state.phase == "draw"
    assert state.round_number == 3
    assert hand(state, 0) == hand_of("4H 5H")
    assert hand(state, 2) == hand_of("JK 2C 3C")
    assert state.stock == sr.parse_cards("7D 8D")
    assert state.upcard == sr.parse_card("KH")
    after = sr.apply(state, sr.DrawStock(0))
    assert hand(after, 0) == hand_of("4H 5H 7D")
    assert after.stock == sr.parse_cards("8D")


def test_setup_round_refuses_a_card_more_often_than_the_decks_hold_it() -> None:
    """SPEC 5: setup_round refuses what no deal could produce: pagat7's two decks hold QS twice."""
    sr.setup_round(sr.PAGAT7, hands=["QS", "QS", "4C"])
    with pytest.raises(sr.RulesError, match="QS"):
        sr.setup_round(sr.PAGAT7, hands=["QS", "QS", "4C"], stock="QS")
    with pytest.raises(ValueError, match="JK"):
        sr.setup_round(sr.PAGAT7, hands=["JK JK", "JK JK", "JK"])


def test_setup_round_refuses_an_empty_hand_and_a_bad_seat_count() -> None:
    """SPEC 5: an empty hand, or a seat count the rules do not allow (pagat7: 3-5), is refused."""
    with pytest.raises(ValueError, match="empty"):
        sr.setup_round(sr.PAGAT7, hands=["4C", "", "5C"])
    with pytest.raises(ValueError, match="3-5"):
        sr.setup_round(sr.PAGAT7, hands=["4C", "5C"])
    with pytest.raises(ValueError, match="3-5"):
        sr.setup_round(sr.PAGAT7, hands=["4C"] * 6)


def test_setup_round_state_is_a_frozen_value() -> None:
    """STYLE 1 / SPEC 1: states are immutable values."""
    state = sr.setup_round(sr.PAGAT7, hands=["4C", "5C", "6C"])
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 2  # type: ignore[misc]
