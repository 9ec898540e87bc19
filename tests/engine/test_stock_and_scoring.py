"""SPEC 4.5 (the stock runs out), 4.11 (scoring and the end), section 3 (the turn limit) and the
deal passing left (4.1) with StartRound."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import shanghai_rules as sr

from .helpers import all_cards, hand, hand_of, pile, play, refused


def test_empty_stock_is_rebuilt_from_the_discards_keeping_the_top() -> None:
    """SPEC 4.5 (000): when a card must come from an empty stock, keep the top discard and shuffle the
    rest of the discard pile into a new stock."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S", "9H", "2D", "4H"], stock="", discard="3S 4S 5S 6S", dealer=0, seed=5,
    )
    before = all_cards(state)
    after = play(state, sr.DrawStock(1))
    assert pile(after.discard) == "6S"
    assert len(after.stock) == 2
    drawn = Counter(after.hands[1]) - Counter(state.hands[1])
    assert sum(drawn.values()) == 1
    assert Counter(after.stock) + drawn == Counter(sr.parse_cards("3S 4S 5S"))
    assert all_cards(after) == before
    # the shuffle comes from the state's own seed: the same position gives the same draw
    assert play(state, sr.DrawStock(1)) == after


def test_stock_rebuilt_in_the_middle_of_a_round_conserves_every_card() -> None:
    """SPEC 4.5: a long round keeps rebuilding the stock from the discards; no card is lost or made."""
    state = sr.new_game(attrs.evolve(sr.PAGAT7, turn_limit=None), players=3, seed=4)
    before = all_cards(state)
    rebuilt = False
    for _ in range(120):
        seat = state.turn
        had_stock = bool(state.stock)
        state = play(state, sr.DrawStock(seat))
        rebuilt = rebuilt or not had_stock
        state = play(state, sr.Discard(seat, max(state.hands[seat], key=lambda c: c.code)))
        assert all_cards(state) == before
    assert rebuilt
    assert state.phase == "draw"


def test_nothing_to_shuffle_ends_the_round_with_nobody_out() -> None:
    """SPEC 4.5 (ruling): if there is nothing to shuffle, the round ends with nobody out and everyone
    scores what they hold."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S KS", "9H", "AD JK", "4H 8H"], stock="", discard="6S", dealer=0,
    )
    state = play(state, sr.DrawStock(1))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by, result.slam) == (None, "stock", False)
    assert result.hand_points == (15, 10, 70, 15)
    assert state.scores == (15, 10, 70, 15)
    assert hand(state, 1) == "9H"


def test_scoring_worked_examples_from_seed_000() -> None:
    """SPEC 4.11 (000): 4♣ 8♦ K♥ ★ scores 75 under pagat7; a previous total of 110 becomes 185;
    three kings still in hand cost 30; the player who went out scores 0."""
    assert sr.hand_penalty(sr.parse_cards("4C 8D KH JK"), sr.PAGAT7) == 75
    assert sr.hand_penalty(sr.parse_cards("KC KD KS"), sr.PAGAT7) == 30
    state = sr.setup_round(
        sr.PAGAT7, hands=["4C 8D KH JK", "9H 9D 9S 5C 6C 7C", "KC KD KS"], stock="8C 2D", discard="AD",
        round_number=2, dealer=0, scores=[110, 40, 7],
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["9H 9D 9S", "5C 6C 7C 8C"]))
    assert state.phase == "round_over"
    assert state.round_results[-1].hand_points == (75, 0, 30)
    assert state.scores == (185, 40, 37)
    assert state.round_scores == ((75, 0, 30),)


@pytest.mark.parametrize(
    ("rules", "cards", "value"),
    [
        (sr.PAGAT7, "2C 7D 8H KS AC JK", 5 + 5 + 10 + 10 + 20 + 50),
        (sr.TEN_ROUND, "2C 7D 8H KS AC JK", 5 + 5 + 10 + 10 + 20 + 50),
        (sr.ISRA, "2C 7D 8H 10S JD KS AC JK", 5 + 5 + 5 + 5 + 10 + 10 + 20 + 50),
    ],
    ids=["pagat7", "ten-round", "isra"],
)
def test_card_values_per_preset(rules: sr.Rules, cards: str, value: int) -> None:
    """SPEC 3 card values: pagat7 2-7 5, 8-K 10, A 20, joker 50 (001); ten-round as pagat7 (ruling);
    isra 2-10 5, J/Q/K 10, A 20, joker 50, wild 2s still 5 (002)."""
    assert sr.hand_penalty(sr.parse_cards(cards), rules) == value
    state = sr.setup_round(rules, hands=[cards, "2S", "3S"], stock="", discard="", dealer=2)
    state = play(state, sr.DrawStock(0))
    assert state.round_results[-1].hand_points == (value, 5, 5)


@pytest.mark.parametrize("preset", [sr.PAGAT7, sr.TEN_ROUND, sr.ISRA], ids=lambda r: r.name)
def test_totals_equal_the_sum_of_round_scores_over_a_whole_game(preset: sr.Rules) -> None:
    """SPEC 4.11: each round adds its penalties to the totals; round_scores has one row per finished
    round; the deal passes left each round (4.1); after the last round the game is over and the
    lowest total wins (equal lowest totals share the win)."""
    rules = attrs.evolve(preset, turn_limit=1)
    state = sr.new_game(rules, players=3, seed=12)
    dealers = [state.dealer]
    while not state.is_over:
        if state.phase == "round_over":
            state = play(state, sr.StartRound())
            dealers.append(state.dealer)
            continue
        if state.phase == "cut":
            state = play(state, sr.Cut(state.cutter, 10))
            continue
        seat = state.turn
        state = play(state, sr.DrawStock(seat))
        state = play(state, sr.Discard(seat, highest(state, seat)))
        if state.phase in ("round_over", "game_over"):
            result = state.round_results[-1]
            assert result.round_number == len(state.round_results)
            assert result.ended_by == "turn_limit"
            assert result.points == tuple(sr.hand_penalty(h, rules) for h in state.hands)
    assert dealers == [r % 3 for r in range(rules.rounds)]
    assert len(state.round_scores) == rules.rounds
    assert state.scores == tuple(sum(col) for col in zip(*state.round_scores))
    best = min(state.scores)
    assert state.winners == tuple(i for i, s in enumerate(state.scores) if s == best)
    assert state.winners
    assert sr.legal_actions(state) == []
    refused(state, sr.StartRound(), "game is over")


def test_equal_lowest_totals_share_the_win() -> None:
    """SPEC 4.11 (ruling): equal lowest totals share the win; winners is empty before the end."""
    state = sr.setup_round(
        sr.ISRA, hands=["JK", "10C 10D 10H 5C 5D", "KS", "JK"], stock="5S", discard="AD",
        round_number=1, dealer=0, scores=[100, 140, 140, 90],
    )
    assert state.winners == ()
    ended = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]))
    assert ended.phase == "round_over"
    assert ended.winners == ()
    last = sr.setup_round(
        sr.ISRA, hands=["JK", "3C 4C 5C 6C 8D 9D 10D JD QH KH AH", "KS", "JK"], stock="JH", discard="AD",
        round_number=7, dealer=0, scores=[100, 150, 180, 100],
    )
    last = play(last, sr.DrawStock(1), sr.LayDown(1, ["3C 4C 5C 6C", "8D 9D 10D JD", "JH QH KH AH"]))
    assert last.is_over
    assert last.scores == (150, 150, 190, 150)
    assert last.winners == (0, 1, 3)


def test_start_round_deals_the_next_round_and_the_deal_passes_left() -> None:
    """SPEC 4.1 (000, 003): the deal passes left each round; StartRound deals the next round with
    fresh hands, buys and table, keeping the totals."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S KS", "9H", "AD JK", "4H 8H"], stock="", discard="6S", round_number=3, dealer=2,
        scores=[1, 2, 3, 4],
    )
    refused(state, sr.StartRound(), "not over")
    state = play(state, sr.DrawStock(3))
    assert state.phase == "round_over"
    scores = state.scores
    nxt = play(state, sr.StartRound())
    assert (nxt.round_number, nxt.dealer, nxt.turn, nxt.phase) == (4, 3, 0, "draw")
    assert [len(h) for h in nxt.hands] == [11] * 4
    assert nxt.table == ()
    assert nxt.down == (False,) * 4
    assert nxt.buys_left == (2,) * 4
    assert nxt.scores == scores
    assert nxt.round_results == state.round_results
    assert len(all_cards(nxt)) == 108
    assert nxt.contract == sr.PAGAT7.contracts[3]


def test_turn_limit_ends_a_round_with_everyone_scoring_their_hand() -> None:
    """SPEC 3 (ruling): a round in which no one has gone out after every seat has taken turn_limit
    turns ends with nobody out, and everyone scores what they hold; None switches it off."""
    assert sr.PAGAT7.turn_limit == sr.TEN_ROUND.turn_limit == sr.ISRA.turn_limit == 50
    rules = attrs.evolve(sr.PAGAT7, turn_limit=2)
    hands = ["2S 3S", "4S 5S", "6S 7S"]
    stock = "2H 3H 4H 5H 6H 7H 8H"
    state = sr.setup_round(rules, hands=hands, stock=stock, discard="AD", dealer=0)
    unlimited = sr.setup_round(attrs.evolve(rules, turn_limit=None), hands=hands, stock=stock, discard="AD", dealer=0)
    for _ in range(6):
        seat = state.turn
        assert state.phase == "draw"
        state = play(state, sr.DrawStock(seat))
        state = play(state, sr.Discard(seat, highest(state, seat)))
        unlimited = play(unlimited, sr.DrawStock(seat))
        unlimited = play(unlimited, sr.Discard(seat, highest(unlimited, seat)))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by) == (None, "turn_limit")
    assert result.points == tuple(sr.hand_penalty(h, rules) for h in state.hands)
    assert [hand(state, seat) for seat in range(3)] == [hand_of("4H 7H"), hand_of("2H 5H"), hand_of("3H 6H")]
    assert result.points == (10, 10, 10)
    assert state.scores == result.points
    assert unlimited.phase == "draw"
    assert unlimited.round_results == ()


def highest(state: sr.GameState, seat: int) -> sr.Card:
    """The card a seat discards in these tests: its highest card by code after drawing."""
    return max(state.hands[seat], key=lambda c: c.code)


def test_rebuilt_stock_is_shuffled_by_the_state_seed_spec4_5() -> None:
    """SPEC 4.5 (000): the discards under the top card are *shuffled* into the new stock: over
    different seeds the rebuilt stock comes in different orders (each seed always the same one)."""
    orders = set()
    for seed in range(30):
        state = sr.setup_round(
            sr.PAGAT7, hands=["2S", "9H", "2D", "4H"], stock="", discard="3S 4S 5S 6S 7S 8S 9S 10S",
            dealer=0, seed=seed,
        )
        after = sr.apply(state, sr.DrawStock(1))
        assert pile(after.discard) == "10S"
        drawn = (Counter(after.hands[1]) - Counter(state.hands[1])).most_common(1)[0][0]
        orders.add((drawn, *after.stock))
        assert sr.apply(state, sr.DrawStock(1)) == after
    assert len(orders) >= 20, len(orders)


@pytest.mark.parametrize("limit", [1, 2])
def test_a_round_ends_with_nobody_out_after_turn_limit_turns_a_seat(limit: int) -> None:
    """Rules.turn_limit: a round that nobody goes out of ends after that many turns of every seat
    (here 3 seats), at the discard that completes the last of them, and not a turn sooner."""
    rules = attrs.evolve(sr.PAGAT7, turn_limit=limit)
    state = sr.new_game(rules, players=3, seed=12)
    for turn in range(1, 3 * limit + 1):
        assert state.phase == "draw", turn
        seat = state.turn
        state = play(state, sr.DrawStock(seat))
        state = play(state, sr.Discard(seat, highest(state, seat)))
    assert state.phase == "round_over" and state.round_results[-1].ended_by == "turn_limit"
