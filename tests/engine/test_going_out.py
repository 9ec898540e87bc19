"""SPEC 4.9: going out per preset, round 7 of pagat7, and the no-trap ruling; seed 000's worked turn."""

from __future__ import annotations

import attrs
import pytest

import shanghai_rules as sr

from .helpers import hand, hand_of, play, refused, table


def test_seed_000_worked_turn_emma_goes_down_and_out_in_round_two() -> None:
    """Seed 000, "A complete winning turn": round two; Henry has Q♥ Q♦ Q♠ and 6♣-9♣ on the table;
    Emma draws 5♣, lays down 9♣ 9♦ 9♥ + 4♥-7♥, lays off 5♣, 4♣, 3♣ at the bottom of the club run
    and Q♣ on the queens, and discards A♠ as her last card: the round ends, she scores zero and
    everyone else counts the cards they still hold."""
    zoe, henry, emma = 0, 1, 2
    state = sr.setup_round(
        sr.PAGAT7,
        hands=[
            "4D 8S KH JK",
            "QH QD QS 6C 7C 8C 9C KD 3S",
            "9C 9D 9H 4H 5H 6H 7H 4C 3C QC AS",
        ],
        stock="10D 5C 2H 2D", discard="8D", round_number=2, dealer=zoe,
    )
    # Henry goes down on an earlier turn, through the engine
    state = play(state, sr.DrawStock(henry), sr.LayDown(henry, ["QH QD QS", "6C 7C 8C 9C"]), sr.Discard(henry, "3S"))
    assert table(state) == [(henry, "set", "QD QH QS"), (henry, "run", "6C 7C 8C 9C")]
    assert len(state.hands[emma]) == 11
    state = play(state, sr.DrawStock(emma))
    assert len(state.hands[emma]) == 12
    assert hand(state, emma) == hand_of("9C 9D 9H 4H 5H 6H 7H 4C 3C QC AS 5C")
    state = play(state, sr.LayDown(emma, ["9C 9D 9H", "4H 5H 6H 7H"]))
    state = play(state, sr.LayOff(emma, "5C", 1), sr.LayOff(emma, "4C", 1), sr.LayOff(emma, "3C", 1))
    assert table(state)[1] == (henry, "run", "3C 4C 5C 6C 7C 8C 9C")
    state = play(state, sr.LayOff(emma, "QC", 0))
    assert table(state) == [
        (henry, "set", "QD QH QS QC"),
        (henry, "run", "3C 4C 5C 6C 7C 8C 9C"),
        (emma, "set", "9C 9D 9H"),
        (emma, "run", "4H 5H 6H 7H"),
    ]
    assert hand(state, emma) == "AS"
    state = play(state, sr.Discard(emma, "AS"))
    # the round ends at once; the others get no further turn
    assert state.phase == "round_over"
    assert sr.legal_actions(state) == [sr.StartRound()]
    result = state.round_results[-1]
    assert result.went_out == emma
    assert result.ended_by == "out"
    assert result.round_number == 2
    assert hand(state, zoe) == hand_of("4D 8S KH JK")
    assert hand(state, henry) == hand_of("10D KD")
    # 000: 4♣ 8♦ K♥ ★ is 5 + 10 + 10 + 50 = 75; here 4♦ 8♠ K♥ ★ is the same 75; 10♦ K♦ is 20
    assert state.scores == (75, 20, 0)
    assert state.scores == (
        sr.hand_penalty(state.hands[zoe], sr.PAGAT7), sr.hand_penalty(state.hands[henry], sr.PAGAT7), 0)
    assert state.round_scores == ((75, 20, 0),)


def down_and_waiting(rules: sr.Rules) -> sr.GameState:
    """Round 1: seat 1 goes down with 10C 10D 10H + 5C 5D 5S, keeps 10S 5H; a lap later it has drawn 5C."""
    state = sr.setup_round(
        rules,
        hands=["4S 6S 8S", "10C 10D 10H 5C 5D 5S 9S 10S", "7D 3H KD", "4C 7C 9H"],
        stock="5H 2D 3D 4D 5C 6D 7S", discard="AD", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]), sr.Discard(1, "9S"))
    state = play(state, sr.DrawStock(2), sr.Discard(2, "KD"), sr.DrawStock(3), sr.Discard(3, "9H"))
    state = play(state, sr.DrawStock(0), sr.Discard(0, "8S"), sr.DrawStock(1))
    assert hand(state, 1) == hand_of("10S 5H 5C")
    assert not state.went_down_this_turn
    return state


def test_pagat7_goes_out_by_playing_the_last_card() -> None:
    """SPEC 3 / 4.9 (000): in rounds 1-6 of pagat7 the hand may be emptied by any play; the round ends."""
    state = down_and_waiting(sr.PAGAT7)
    state = play(state, sr.LayOff(1, "10S", 0), sr.LayOff(1, "5H", 1), sr.LayOff(1, "5C", 1))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by, result.slam) == (1, "out", False)
    assert table(state) == [(1, "set", "10C 10D 10H 10S"), (1, "set", "5C 5D 5S 5H 5C")]
    assert hand(state, 0) == hand_of("4S 6S 4D")
    assert state.scores == (15, 0, 15, 15)


def test_pagat7_goes_out_by_the_last_discard() -> None:
    """SPEC 3 / 4.9 (000): or by discarding the last card."""
    state = down_and_waiting(sr.PAGAT7)
    state = play(state, sr.LayOff(1, "10S", 0), sr.LayOff(1, "5H", 1), sr.Discard(1, "5C"))
    assert state.phase == "round_over"
    assert state.round_results[-1].went_out == 1
    assert state.scores == (15, 0, 15, 15)


def test_ten_round_goes_out_only_by_discarding_the_last_card() -> None:
    """SPEC 3 (003, ruling): under ten-round a play that would empty the hand is illegal; the last
    card must be discarded, and that ends the round."""
    state = down_and_waiting(sr.TEN_ROUND)
    state = play(state, sr.LayOff(1, "10S", 0), sr.LayOff(1, "5H", 1))
    refused(state, sr.LayOff(1, "5C", 1), "discarding the last card")
    state = play(state, sr.Discard(1, "5C"))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by) == (1, "out")
    assert state.scores == (15, 0, 15, 15)


def test_ten_round_lay_down_that_empties_the_hand_is_illegal() -> None:
    """SPEC 3 (003, ruling): going down with every card leaves nothing to discard, so it is refused."""
    state = sr.setup_round(
        sr.TEN_ROUND, hands=["4S 6S", "10C 10D 10H 5C 5D", "7D 3H", "4C 7C"],
        stock="5S 6D", discard="AD", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1))
    refused(state, sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]), "discarding the last card")
    assert not any(isinstance(a, sr.LayDown) for a in sr.legal_actions(state))


def test_isra_goes_out_only_by_playing_every_card_and_last_discard_is_illegal() -> None:
    """SPEC 3 / 4.9 (002): under isra discarding one's last card is illegal; the player goes out by
    playing it to the table."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H 5H 6H 7H 8H 9H", "7D 3D KS", "4C 7C 9S"],
        stock="10H 6D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H 5H 6H 7H"]))
    state = play(state, sr.LayOff(1, "8H", 1), sr.LayOff(1, "9H", 1))
    assert hand(state, 1) == "10H"
    refused(state, sr.Discard(1, "10H"), "last card cannot be discarded")
    assert sr.legal_actions(state) == [sr.LayOff(1, sr.parse_card("10H"), 1)]
    state = play(state, sr.LayOff(1, "10H", 1))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by) == (1, "out")
    # 002 values: 4S 6S 8S = 15; 7D 3D KS = 20; 4C 7C 9S = 15
    assert result.hand_points == (15, 0, 20, 15)


def test_isra_slam_recorded_when_down_and_out_in_one_turn_with_nobody_else_down() -> None:
    """SPEC 3 (002 "the slam"): going down and out in one turn while nobody else is down is a slam."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "10C 10D 10H 5C 5D", "7D 3D KS", "4C 7C 9S"],
        stock="5S 6D", discard="AD", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]))
    assert state.phase == "round_over"
    result = state.round_results[-1]
    assert (result.went_out, result.slam) == (1, True)
    assert state.scores == (15, 0, 20, 15)


def test_isra_no_slam_when_someone_else_is_down() -> None:
    """SPEC 3 (002): the slam needs nobody else down; here seat 3 went down first."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "10C 10D 10H 5C 5D", "7D 3D KS", "JC JD JH 9C 9D 9H 4C"],
        stock="2H 6D 5S 8D", discard="AD", round_number=1, dealer=2,
    )
    state = play(state, sr.DrawStock(3), sr.LayDown(3, ["JC JD JH", "9C 9D 9H"]), sr.Discard(3, "4C"))
    state = play(state, sr.DrawStock(0), sr.Discard(0, "6D"), sr.DrawStock(1))
    state = play(state, sr.LayDown(1, ["10C 10D 10H", "5C 5D 5S"]))
    result = state.round_results[-1]
    assert (result.went_out, result.slam) == (1, False)


def test_isra_no_slam_when_out_on_a_later_turn() -> None:
    """SPEC 3 (002): going out on a later turn than going down is no slam."""
    state = down_and_waiting(sr.ISRA)
    state = play(state, sr.LayOff(1, "10S", 0), sr.LayOff(1, "5H", 1), sr.LayOff(1, "5C", 1))
    result = state.round_results[-1]
    assert (result.went_out, result.slam) == (1, False)


def test_isra_no_trap_lay_off_down_to_one_unplayable_card_is_refused() -> None:
    """SPEC 4.9 no trap (ruling): under isra, laying off down to one card that can never be played is
    refused; the player left with one unplayable card keeps drawing and discarding."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H 5H 6H 7H 8H", "7D 3D KS", "4C 7C 9S"],
        stock="QS 6D 8D 9D 10D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H 5H 6H 7H"]))
    assert hand(state, 1) == hand_of("8H QS")
    reason = refused(state, sr.LayOff(1, "8H", 1), "cannot finish the turn", code="no_trap")
    assert "cannot" in reason
    state = play(state, sr.Discard(1, "8H"))
    assert hand(state, 1) == "QS"
    state = play(state, sr.DrawStock(2), sr.Discard(2, "7D"), sr.DrawStock(3), sr.Discard(3, "9S"))
    state = play(state, sr.DrawStock(0), sr.Discard(0, "4S"), sr.DrawStock(1))
    assert hand(state, 1) == hand_of("QS 10D")
    assert set(sr.legal_actions(state)) == {sr.Discard(1, sr.parse_card("QS")), sr.Discard(1, sr.parse_card("10D"))}
    state = play(state, sr.Discard(1, "10D"))
    assert hand(state, 1) == "QS"
    assert state.phase == "draw"


def test_isra_no_trap_last_card_that_fitted_only_where_the_other_went_is_refused_spec4_9() -> None:
    """SPEC 4.9 no trap (ruling): of two copies of 8H beside 4H-7H, laying one off leaves the other
    fitting nowhere (the run now wants 9H or 3H): the lay-off is neither listed nor allowed."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H 5H 6H 7H 8H", "7D 3D KS", "4C 7C 9S"],
        stock="8H 6D 8D 9D 10D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H 5H 6H 7H"]))
    assert hand(state, 1) == hand_of("8H 8H")
    lay_off = sr.LayOff(1, "8H", 1)
    assert lay_off not in sr.legal_actions(state)
    refused(state, lay_off, "cannot finish the turn", code="no_trap")
    assert sr.Discard(1, sr.parse_card("8H")) in sr.legal_actions(state)


def test_isra_no_trap_a_last_card_that_fits_nowhere_but_frees_a_wild_still_goes_out() -> None:
    """SPEC 4.9 no trap (ruling) with 4.7 (002): under isra, laying off down to one card is allowed when
    that card, though it fits no meld, can be swapped for the wild standing for it, and the freed wild
    then laid off: the turn can still finish, by going out."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H JK 6H 7H 8H", "7D 3D KS", "4C 7C 9S"],
        stock="5H 6D 8D 9D 10D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H JK 6H 7H"]))
    assert hand(state, 1) == hand_of("5H 8H")
    lay_off = sr.LayOff(1, sr.parse_card("8H"), 1)
    assert lay_off in sr.legal_actions(state)
    state = play(state, lay_off)
    assert hand(state, 1) == "5H"
    assert state.table[1].meld.describe() == "run 4H JK(5H) 6H 7H 8H"
    state = play(state, sr.SwapWild(1, "5H", 1), sr.LayOff(1, "JK", 1, "high"))
    assert state.phase == "round_over" and state.round_results[-1].went_out == 1


def round_seven(seat1: str, scores: tuple[int, ...] = (0, 0, 0, 0)) -> sr.GameState:
    """pagat7 round 7 (3 runs, whole hand, no discard); seat 1 has drawn JH."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", seat1, "2D 3D JK", "4H 4S"],
        stock="JH 9S", discard="AD", round_number=7, dealer=0, scores=list(scores),
    )
    return play(state, sr.DrawStock(1))


def test_pagat7_round_seven_whole_hand_at_once_as_three_runs_with_no_discard() -> None:
    """SPEC 4.9 (000, 001): in round 7 a player goes down only by laying the whole hand down at once
    as three runs, with no discard: that ends the round (and here the game)."""
    state = round_seven("3C 4C 5C 6C 8D 9D 10D JD QH KH AH", scores=(10, 20, 30, 40))
    # going down is possible, so a LayDown is listed (SPEC 5 (*))
    assert any(isinstance(a, sr.LayDown) for a in sr.legal_actions(state))
    state = play(state, sr.LayDown(1, ["3C 4C 5C 6C", "8D 9D 10D JD", "JH QH KH AH"]))
    assert hand(state, 1) == ""
    result = state.round_results[-1]
    assert (result.went_out, result.ended_by) == (1, "out")
    assert result.points == (10, 0, 60, 10)
    assert state.scores == (20, 20, 90, 50)
    assert state.is_over
    assert state.winners == (0, 1)


def test_pagat7_round_seven_three_minimum_runs_with_spare_cards_refused() -> None:
    """SPEC 4.9 (000): laying down three minimum runs and keeping spare cards is illegal; runs
    lengthened to take every card are fine."""
    state = round_seven("3C 4C 5C 6C 8D 9D 10D JD QH KH AH 7C")
    reason = refused(state, sr.LayDown(1, ["3C 4C 5C 6C", "8D 9D 10D JD", "JH QH KH AH"]), "whole hand")
    assert "no discard" in reason
    state = play(state, sr.LayDown(1, ["3C 4C 5C 6C 7C", "8D 9D 10D JD", "JH QH KH AH"]))
    assert state.round_results[-1].went_out == 1
    assert table(state) == [(1, "run", "3C 4C 5C 6C 7C"), (1, "run", "8D 9D 10D JD"), (1, "run", "JH QH KH AH")]


def test_no_discard_contract_of_a_house_variant_takes_the_whole_hand_spec4_9() -> None:
    """SPEC 4.9: the round-7 rules hold in "any variant whose contract says 'no discard'", not only
    pagat7: here isra with a last round of one set and two runs, whole hand, no discard.  Going down
    with a spare card is refused; going down with every card ends the round; nobody lays off."""
    rules = attrs.evolve(sr.ISRA, contracts=(*sr.ISRA.contracts[:6], sr.Contract(sets=1, runs=2, no_discard=True)))

    def dealt(seat1: str) -> sr.GameState:
        return play(sr.setup_round(rules, hands=["4S 6S", seat1, "7D 3D", "9C 9S"], stock="KD 5S",
                                   discard="AH", round_number=7, dealer=0), sr.DrawStock(1))

    spare = dealt("3C 4C 5C 6C 8D 9D 10D JD KS KH KC 7H")
    melds = ["3C 4C 5C 6C", "8D 9D 10D JD", "KS KH KC KD"]
    reason = refused(spare, sr.LayDown(1, melds), "whole hand")
    assert "no discard" in reason
    assert not any(isinstance(a, (sr.LayDown, sr.LayOff)) for a in sr.legal_actions(spare))
    assert sr.Discard(1, "7H") in sr.legal_actions(spare)
    whole = dealt("3C 4C 5C 6C 8D 9D 10D JD KS KH KC")
    assert any(isinstance(a, sr.LayDown) for a in sr.legal_actions(whole))
    out = play(whole, sr.LayDown(1, melds))
    assert hand(out, 1) == ""
    assert (out.round_results[-1].went_out, out.round_results[-1].ended_by) == (1, "out")


def test_pagat7_round_seven_a_player_not_going_down_still_discards() -> None:
    """SPEC 4.9: until someone goes down (and so out) in round 7, turns end with a discard as usual;
    nobody is ever down to lay off."""
    state = round_seven("3C 4C 5C 6C 8D 9D 10D KD QH KH AH")
    assert not any(isinstance(a, (sr.LayDown, sr.LayOff)) for a in sr.legal_actions(state))
    state = play(state, sr.Discard(1, "KD"))
    assert state.turn == 2
    assert state.phase == "draw"
    assert state.down == (False,) * 4


@pytest.mark.parametrize("rules", [sr.PAGAT7, sr.TEN_ROUND, sr.ISRA], ids=lambda r: r.name)
def test_round_ends_at_once_when_a_player_goes_out_and_nobody_else_plays(rules: sr.Rules) -> None:
    """SPEC 4.9 (000): the round ends at once when a player goes out; the others get no further turn."""
    state = down_and_waiting(rules)
    state = play(state, sr.LayOff(1, "10S", 0), sr.LayOff(1, "5H", 1))
    state = play(state, sr.LayOff(1, "5C", 1) if rules.going_out != "discard" else sr.Discard(1, "5C"))
    assert state.phase == "round_over"
    assert sr.legal_actions(state) == [sr.StartRound()]
    for seat in range(4):
        assert sr.legal_actions(state, seat) == []
    refused(state, sr.DrawStock(2), "phase")


def test_isra_no_trap_lay_down_leaving_one_unplayable_card_is_refused() -> None:
    """SPEC 4.9 no trap (ruling): under isra going down with every card but one that can never be
    played would leave a turn that cannot end (the last card cannot be discarded): it is refused."""
    state = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H 5H 6H 7H", "7D 3D KS", "4C 7C 9S"],
        stock="QS 6D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1))
    refused(state, sr.LayDown(1, ["KC KD KH", "4H 5H 6H 7H"]), "cannot finish the turn", code="no_trap")
    assert not any(isinstance(a, sr.LayDown) for a in sr.legal_actions(state))
    # with a playable eighth card the same contract may be laid down
    ok = sr.setup_round(
        sr.ISRA, hands=["4S 6S 8S", "KC KD KH 4H 5H 6H 7H", "7D 3D KS", "4C 7C 9S"],
        stock="8H 6D", discard="AD", round_number=2, dealer=0,
    )
    ok = play(ok, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H 5H 6H 7H"]))
    assert hand(ok, 1) == "8H"
