"""SPEC 4.2 step 1 (the draw) and SPEC 4.4 (buying, "May I?"), with seed 000's buying arithmetic."""

from __future__ import annotations

from collections import Counter

import pytest

import shanghai_rules as sr

from .helpers import all_cards, hand, hand_of, pile, play, refused

STOCK = "3D 4D 5D 6D 7D 8D 9D 10D JD QD"


def four_seats(rules: sr.Rules = sr.PAGAT7, dealer: int = 0, round_number: int = 1) -> sr.GameState:
    """Four seats; the flip card KH on 2C; the stock 3D 4D 5D ... top first."""
    return sr.setup_round(
        rules,
        hands=["4C 9C JS", "5C 10C QS", "6C JC KS", "7C QC AS"],
        stock=STOCK, discard="2C KH", round_number=round_number, dealer=dealer,
    )


def test_draw_stock_takes_the_top_card() -> None:
    """SPEC 4.2.1 (000): take the top of the stock."""
    state = play(four_seats(), sr.DrawStock(1))
    assert hand(state, 1) == hand_of("5C 10C QS 3D")
    assert pile(state.stock) == "4D 5D 6D 7D 8D 9D 10D JD QD"
    assert pile(state.discard) == "2C KH"
    assert state.phase == "play"
    assert state.turn == 1


def test_take_discard_on_own_turn_is_free_and_not_a_buy() -> None:
    """SPEC 4.2.1 / 4.4 (000): taking the upcard on one's own turn is free and is not a buy."""
    before = four_seats()
    state = play(before, sr.TakeDiscard(1))
    assert hand(state, 1) == hand_of("5C 10C QS KH")
    assert state.stock == before.stock
    assert pile(state.discard) == "2C"
    assert state.buys_left == before.buys_left
    assert state.phase == "play"


def test_buy_requests_only_while_player_on_turn_has_not_drawn() -> None:
    """SPEC 4.4: any other eligible player may ask to buy while the player on turn has not drawn;
    the request is only a request (nothing moves until it is settled)."""
    state = four_seats()
    asked = play(state, sr.Buy(2))
    assert asked.hands == state.hands
    assert asked.stock == state.stock
    assert asked.discard == state.discard
    assert asked.buy_requests == (2,)
    drawn = play(state, sr.DrawStock(1))
    refused(drawn, sr.Buy(2), "before the player on turn draws")
    refused(state, sr.Buy(1), "player on turn")


def test_take_discard_makes_every_buy_request_lapse() -> None:
    """SPEC 4.4 (000, 002): if the player on turn takes the upcard, every request lapses."""
    state = play(four_seats(), sr.Buy(2), sr.Buy(3), sr.TakeDiscard(1))
    assert hand(state, 1) == hand_of("5C 10C QS KH")
    assert hand(state, 2) == hand_of("6C JC KS")
    assert hand(state, 3) == hand_of("7C QC AS")
    assert state.buys_left == (2, 2, 2, 2)
    assert state.buy_requests == ()
    assert pile(state.stock) == STOCK


def test_requests_resolved_in_turn_order_after_player_on_turn_regardless_of_asking_order() -> None:
    """SPEC 4.4 (000, 001, 002): the request of the asker who comes first in turn order after the
    player on turn wins, whatever order they asked in (STYLE: buy requests resolved in wrong order)."""
    state = play(four_seats(), sr.Buy(0), sr.Buy(3), sr.Buy(2), sr.DrawStock(1))
    assert hand(state, 2) == hand_of("6C JC KS KH 3D 4D")
    assert hand(state, 0) == hand_of("4C 9C JS")
    assert hand(state, 3) == hand_of("7C QC AS")
    assert state.buys_left == (2, 2, 1, 2)


def test_buy_priority_wraps_round_the_table() -> None:
    """SPEC 4.4: turn order after the player on turn wraps: with seat 3 on turn, seat 0 comes before seat 2."""
    state = play(four_seats(dealer=2), sr.Buy(2), sr.Buy(0), sr.DrawStock(3))
    assert hand(state, 0) == hand_of("4C 9C JS KH 3D 4D")
    assert hand(state, 2) == hand_of("6C JC KS")
    assert hand(state, 3) == hand_of("7C QC AS 5D")
    assert state.buys_left == (1, 2, 2, 2)


def test_penalty_cards_are_taken_before_the_on_turn_draw() -> None:
    """SPEC 4.4 (000): the buyer takes the upcard and the penalty cards from the stock before the
    player on turn draws: the buyer gets 3D 4D, the player on turn the next card, 5D."""
    state = play(four_seats(), sr.Buy(3), sr.DrawStock(1))
    assert hand(state, 3) == hand_of("7C QC AS KH 3D 4D")
    assert hand(state, 1) == hand_of("5C 10C QS 5D")
    assert pile(state.stock) == "6D 7D 8D 9D 10D JD QD"
    assert pile(state.discard) == "2C"


def test_buyer_gets_no_turn() -> None:
    """SPEC 4.4 (000, 001, 004): bought cards wait in hand; play continues with the player on turn,
    then passes on to the seat after them, not to the buyer."""
    state = play(four_seats(), sr.Buy(3), sr.DrawStock(1))
    assert state.turn == 1
    assert state.phase == "play"
    assert sr.legal_actions(state, 3) == []
    assert {getattr(a, "player", None) for a in sr.legal_actions(state)} == {1}
    state = play(state, sr.Discard(1, "QS"))
    assert state.turn == 2
    assert state.phase == "draw"


def test_discarder_may_not_buy_back_own_discard() -> None:
    """SPEC 4.4 (ruling): eligible means not the player who discarded that card."""
    state = play(four_seats(), sr.DrawStock(1), sr.Discard(1, "QS"))
    assert state.discarder == 1
    refused(state, sr.Buy(1), "own discard")
    assert sr.Buy(3) in sr.legal_actions(state)
    assert sr.Buy(0) in sr.legal_actions(state)


def test_pagat7_two_buys_per_round() -> None:
    """SPEC 3 (000, 001, 002): two buys per player per round under pagat7; a third is refused."""
    state = four_seats()
    assert state.buys_left == (2, 2, 2, 2)
    state = play(state, sr.Buy(0), sr.DrawStock(1), sr.Discard(1, "QS"))  # seat 0 buys KH
    state = play(state, sr.Buy(0), sr.DrawStock(2), sr.Discard(2, "KS"))  # seat 0 buys QS
    assert state.buys_left == (0, 2, 2, 2)
    assert hand(state, 0) == hand_of("4C 9C JS KH 3D 4D QS 6D 7D")
    refused(state, sr.Buy(0), "no buys left")
    assert sr.Buy(1) in sr.legal_actions(state)


@pytest.mark.parametrize(("round_number", "limit"), [(1, 3), (9, 3), (10, 4)])
def test_ten_round_buy_limits_three_then_four_in_round_ten(round_number: int, limit: int) -> None:
    """SPEC 3 (003): ten-round gives 3 buys in rounds 1-9 and 4 in round 10."""
    state = four_seats(sr.TEN_ROUND, round_number=round_number)
    assert state.buys_left == (limit,) * 4
    if round_number <= sr.ISRA.rounds:
        assert four_seats(sr.ISRA, round_number=round_number).buys_left == (2,) * 4


def test_ten_round_buy_takes_upcard_and_one_penalty_card_until_limit() -> None:
    """SPEC 3 (003): ten-round buys take the upcard + 1 card; round 10 allows 4 buys, a fifth is refused."""
    state = sr.setup_round(
        sr.TEN_ROUND,
        hands=["4C", "5C 6C 7C 8C 9C", "AH 2H 3H 4H 5H", "KS QS JS 10S 9S"],
        stock="3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD", discard="KH", round_number=10, dealer=0,
    )
    state = play(state, sr.Buy(0), sr.DrawStock(1))
    assert hand(state, 0) == hand_of("4C KH 3D")
    state = play(state, sr.Discard(1, "5C"), sr.Buy(0), sr.DrawStock(2))
    state = play(state, sr.Discard(2, "AH"), sr.Buy(0), sr.DrawStock(3))
    assert hand(state, 0) == hand_of("4C KH 3D 5C 5D AH 7D")
    # seat 0's own turn: a free draw, not a buy
    state = play(state, sr.Discard(3, "KS"), sr.DrawStock(0), sr.Discard(0, "4C"))
    assert state.buys_left == (1, 4, 4, 4)
    state = play(state, sr.DrawStock(1), sr.Discard(1, "6C"), sr.Buy(0), sr.DrawStock(2))
    assert state.buys_left == (0, 4, 4, 4)
    assert hand(state, 0) == hand_of("KH 3D 5C 5D AH 7D 9D 6C JD")
    state = play(state, sr.Discard(2, "2H"))
    refused(state, sr.Buy(0), "no buys left")
    assert sr.Buy(1) in sr.legal_actions(state)


def test_ten_round_no_buy_after_going_down_but_pagat7_and_isra_allow_it() -> None:
    """SPEC 3 / 4.4: under ten-round a player who is down may not buy (003); under pagat7 and isra
    they may (rulings)."""
    for rules, allowed in ((sr.TEN_ROUND, False), (sr.PAGAT7, True), (sr.ISRA, True)):
        state = sr.setup_round(
            rules,
            hands=["4C 9C", "5C 5D 5H 8C 8D 8H KS QS", "6C JC", "7C QC"],
            stock=STOCK, discard="2C KH", round_number=1, dealer=0,
        )
        state = play(state, sr.DrawStock(1), sr.LayDown(1, ["5C 5D 5H", "8C 8D 8H"]), sr.Discard(1, "KS"))
        assert state.down == (False, True, False, False)
        assert hand(state, 1) == hand_of("QS 3D")
        state = play(state, sr.DrawStock(2), sr.Discard(2, "JC"))  # seat 3 on turn; upcard JC
        if allowed:
            state = play(state, sr.Buy(1), sr.DrawStock(3))
            assert hand(state, 1) == hand_of("QS 3D JC 5D 6D")
        else:
            refused(state, sr.Buy(1), "down")
            assert sr.Buy(0) in sr.legal_actions(state)


def test_withdraw_buy_takes_the_request_back() -> None:
    """SPEC 4.4: a request may be withdrawn before it is resolved; the next asker then wins."""
    state = play(four_seats(), sr.Buy(2), sr.Buy(3), sr.WithdrawBuy(2))
    assert state.buy_requests == (3,)
    state = play(state, sr.DrawStock(1))
    assert hand(state, 2) == hand_of("6C JC KS")
    assert hand(state, 3) == hand_of("7C QC AS KH 3D 4D")
    assert state.buys_left == (2, 2, 2, 1)


def test_withdraw_buy_without_a_request_is_refused() -> None:
    """SPEC 4.4 / 6: only a pending request can be withdrawn."""
    refused(four_seats(), sr.WithdrawBuy(2), "no buy request")


def test_withdrawn_request_cannot_be_renewed_for_the_same_upcard() -> None:
    """SPEC 4.4 (the library's ruling): a withdrawn request cannot be renewed for the same upcard;
    it can for the next one."""
    state = play(four_seats(), sr.Buy(3), sr.WithdrawBuy(3))
    refused(state, sr.Buy(3), "withdrew")
    assert sr.Buy(2) in sr.legal_actions(state)
    state = play(state, sr.DrawStock(1))
    assert hand(state, 3) == hand_of("7C QC AS")
    assert hand(state, 1) == hand_of("5C 10C QS 3D")
    state = play(state, sr.Discard(1, "QS"))  # seat 2 on turn, a new upcard
    assert sr.Buy(3) in sr.legal_actions(state)
    state = play(state, sr.Buy(3), sr.DrawStock(2))
    assert hand(state, 3) == hand_of("7C QC AS QS 4D 5D")


def test_penalty_cards_the_stock_cannot_supply_are_not_taken() -> None:
    """SPEC 4.4 (ruling): penalty cards the stock cannot supply, even rebuilt (4.5), are simply not
    taken; only the on-turn draw that finds no card ends the round (4.5)."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["4C 9C", "5C 10C", "6C JC", "7C QC"], stock="3D", discard="5S KH", dealer=0,
    )
    state = play(state, sr.Buy(2), sr.DrawStock(1))
    assert hand(state, 2) == hand_of("6C JC KH 3D")
    assert state.buys_left == (2, 2, 1, 2)
    # the draw of the player on turn found no card at all: the round ends with nobody out (4.5)
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert result.went_out is None
    assert result.ended_by == "stock"
    assert result.hand_points == (15, 15, 30, 15)
    assert state.scores == (15, 15, 30, 15)


def test_penalty_cards_come_from_the_rebuilt_stock_when_the_stock_runs_out() -> None:
    """SPEC 4.4 / 4.5: a penalty card from an empty stock comes from the rebuilt stock (the discards
    but the top); only what even that cannot supply is not taken."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["4C 9C", "5C 10C", "6C JC", "7C QC"], stock="3D", discard="6S 5S KH", dealer=0,
    )
    state = play(state, sr.Buy(2), sr.DrawStock(1))
    assert hand(state, 2) == hand_of("6C JC KH 3D 6S")
    assert pile(state.discard) == "5S"
    assert state.phase == "round_over"
    assert state.round_results[-1].ended_by == "stock"


def test_flip_card_can_be_bought() -> None:
    """SPEC 4.4 (002): the first upcard (the flip card) can be bought too."""
    state = sr.new_game(sr.PAGAT7, players=4, seed=9)
    flip = state.discard[-1]
    top_two = state.stock[:2]
    third = state.stock[2]
    assert sr.Buy(2) in sr.legal_actions(state)
    after = play(state, sr.Buy(2), sr.DrawStock(1))
    assert Counter(after.hands[2]) == Counter(state.hands[2]) + Counter([flip, *top_two])
    assert Counter(after.hands[1]) == Counter(state.hands[1]) + Counter([third])
    assert len(after.hands[2]) == 14
    assert after.discard == ()


def test_no_cards_duplicated_after_a_buy_with_several_decks() -> None:
    """STYLE (other engines' bug: cards duplicated after a buy with several decks); SPEC 4.4:
    with three decks, a buy moves the upcard and the penalty card, and every card is conserved."""
    state = sr.new_game(sr.TEN_ROUND, players=6, seed=21)
    before = all_cards(state)
    assert len(before) == 162
    state = play(state, sr.Buy(3), sr.Buy(2), sr.DrawStock(1))
    assert all_cards(state) == before
    assert [len(h) for h in state.hands] == [10, 11, 12, 10, 10, 10]
    first = state.hands[1][0]
    state = play(state, sr.Discard(1, first), sr.Buy(4), sr.DrawStock(2))
    assert all_cards(state) == before
    assert [len(h) for h in state.hands] == [10, 10, 13, 10, 12, 10]


def test_buying_a_card_already_held_keeps_both_copies() -> None:
    """SPEC 4.6: hands are multisets; buying a second KH with two decks leaves two KH, not one or three."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["4C KH", "5C 10C", "6C JC"], stock="3D 4D 5D", discard="KH", dealer=0,
    )
    before = all_cards(state)
    state = play(state, sr.Buy(0), sr.DrawStock(1))
    assert hand(state, 0) == hand_of("4C KH KH 3D 4D")
    assert all_cards(state) == before


def test_seed_000_buying_arithmetic_11_14_15_14() -> None:
    """Seed 000: Emma holds 11 cards including two kings; Henry discards a king; her buy brings her
    to 14; on her next turn her normal draw makes 15; a discard returns her to 14."""
    henry, zoe, emma = 0, 1, 2
    state = sr.setup_round(
        sr.PAGAT7,
        hands=[
            "KS 3C 4D 6H 8S 10C JD 2H 5S 7D 9H",
            "3D 4H 6S 8C 10D JH 2S 5H 7S 9C QD",
            "KH KD 3S 4C 6D 8H 10S JC 2D 5C 7H",
        ],
        stock="AC AD AH AS QC QH QS JS", discard="9D", dealer=2,
    )
    assert len(state.hands[emma]) == 11
    state = play(state, sr.DrawStock(henry), sr.Discard(henry, "KS"))
    state = play(state, sr.Buy(emma), sr.DrawStock(zoe))
    assert len(state.hands[emma]) == 14
    assert hand(state, emma) == hand_of("KH KD KS 3S 4C 6D 8H 10S JC 2D 5C 7H AD AH")
    state = play(state, sr.Discard(zoe, "QD"))
    state = play(state, sr.DrawStock(emma))
    assert len(state.hands[emma]) == 15
    state = play(state, sr.Discard(emma, "3S"))
    assert len(state.hands[emma]) == 14
    assert state.buys_left == (2, 2, 1)


def test_draw_phase_lists_both_draws_and_every_eligible_buy() -> None:
    """SPEC 5 / 4.4: in the draw phase legal_actions lists the on-turn player's two draws and a Buy
    for every other eligible seat, then a WithdrawBuy for each pending request."""
    state = four_seats()
    assert set(sr.legal_actions(state)) == {
        sr.DrawStock(1), sr.TakeDiscard(1), sr.Buy(0), sr.Buy(2), sr.Buy(3),
    }
    state = play(state, sr.Buy(3))
    assert set(sr.legal_actions(state)) == {
        sr.DrawStock(1), sr.TakeDiscard(1), sr.Buy(0), sr.Buy(2), sr.WithdrawBuy(3),
    }
    assert sr.legal_actions(state, 3) == [sr.WithdrawBuy(3)]


def test_a_seat_cannot_ask_twice_for_the_same_upcard() -> None:
    """SPEC 4.4: one request per seat per upcard; a second is refused and nothing changes."""
    state = play(four_seats(), sr.Buy(2))
    refused(state, sr.Buy(2), "already asked")
    state = play(state, sr.DrawStock(1))
    assert state.buys_left == (2, 2, 1, 2)
