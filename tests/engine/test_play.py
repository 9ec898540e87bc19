"""SPEC 4.2 step 2 (going down) and SPEC 4.3 (laying off)."""

from __future__ import annotations

import gc
import pickle
import subprocess
import sys

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.cards import ALL_CARDS
from shanghai_rules.engine.table_facts import MeldFits, fits
from shanghai_rules.memo import MEMO

from .helpers import hand, hand_of, play, refused, table

STOCK = "4D 5D 6D 7D 8D 9D 10D JD QD KD"


def henry_down(rules: sr.Rules = sr.PAGAT7, seat2: str = "9S 9D 9H 10H JH QH KH 3C 6C 8C 8S JK") -> sr.GameState:
    """Round 2: seat 1 goes down with 8C 8D 8H + 4C 5C 6C 7C through the engine and discards KS;
    seat 2 has drawn 5D and is in the play phase, not yet down."""
    state = sr.setup_round(
        rules,
        hands=["2S 3S 10S", "8C 8D 8H 4C 5C 6C 7C KS QS", seat2, "2D 3D JS"],
        stock=STOCK, discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D 8H", "4C 5C 6C 7C"]), sr.Discard(1, "KS"))
    return play(state, sr.DrawStock(2))


def emma_down(rules: sr.Rules = sr.PAGAT7, seat2: str = "9S 9D 9H 10H JH QH KH 3C 6C 8C 8S JK") -> sr.GameState:
    """As :func:`henry_down`, and seat 2 has gone down too with 9S 9D 9H + 10H JH QH KH."""
    return play(henry_down(rules, seat2), sr.LayDown(2, ["9S 9D 9H", "10H JH QH KH"]))


def test_go_down_with_the_whole_contract_at_once() -> None:
    """SPEC 4.2 (000, 002): go down with the whole contract at once, never part of it."""
    state = henry_down()
    reason = refused(state, sr.LayDown(2, ["9S 9D 9H"]), "contract")
    assert "1 set of 3 + 1 run of 4" in reason
    refused(state, sr.LayDown(2, ["10H JH QH KH"]), "contract")
    after = play(state, sr.LayDown(2, ["9S 9D 9H", "10H JH QH KH"]))
    assert after.down == (False, True, True, False)
    assert hand(after, 2) == hand_of("3C 6C 8C 8S JK 5D")


def test_lay_down_melds_join_the_table_in_the_order_given() -> None:
    """SPEC 5: a LayDown's groups join the table in the order given, after the melds already there,
    each with its owner; runs are arranged low to high."""
    state = play(henry_down(), sr.LayDown(2, ["KH 10H QH JH", "9H 9S 9D"]))
    assert table(state) == [
        (1, "set", "8C 8D 8H"),
        (1, "run", "4C 5C 6C 7C"),
        (2, "run", "10H JH QH KH"),
        (2, "set", "9D 9H 9S"),
    ]


def test_no_melds_beyond_the_contract() -> None:
    """SPEC 4.2 (000, 002): a player never lays down melds beyond the contract, neither with it nor later."""
    state = henry_down(seat2="9S 9D 9H 10H JH QH KH AS AH AC 6C JK")
    refused(state, sr.LayDown(2, ["9S 9D 9H", "10H JH QH KH", "AS AH AC"]), "not 3")
    state = play(state, sr.LayDown(2, ["9S 9D 9H", "10H JH QH KH"]))
    refused(state, sr.LayDown(2, ["AS AH AC"]), "already down")


def test_player_not_down_cannot_lay_off() -> None:
    """SPEC 4.2 (002): a player who is not down cannot lay off."""
    state = henry_down()
    refused(state, sr.LayOff(2, "3C", 1), "not down")
    refused(state, sr.LayOff(2, "8S", 0), "not down")
    assert not any(isinstance(a, sr.LayOff) for a in sr.legal_actions(state))


def test_lay_down_uses_only_cards_held() -> None:
    """SPEC 6: a LayDown of cards not in hand is refused."""
    refused(henry_down(), sr.LayDown(2, ["9S 9D 9C", "10H JH QH KH"]), "does not hold")


def test_pagat7_contract_sets_must_be_of_different_ranks() -> None:
    """SPEC 3 (000, 001): under pagat7 six cards of one rank are not two sets; isra allows it (ruling)."""
    hands = ["2S 3S", "5C 5D 5H 5S 5C 5D KS", "2D 3D", "4H 4S"]
    state = play(sr.setup_round(sr.PAGAT7, hands=hands, stock="4D", discard="AD"), sr.DrawStock(1))
    refused(state, sr.LayDown(1, ["5C 5D 5H", "5S 5C 5D"]), "different ranks")
    isra = play(sr.setup_round(sr.ISRA, hands=hands, stock="4D", discard="AD"), sr.DrawStock(1))
    after = play(isra, sr.LayDown(1, ["5C 5D 5H", "5S 5C 5D"]))
    assert table(after) == [(1, "set", "5C 5D 5H"), (1, "set", "5C 5D 5S")]
    assert hand(after, 1) == hand_of("KS 4D")


def test_pagat7_contract_runs_of_one_suit_must_not_touch() -> None:
    """SPEC 3 (000): 2C-5C + 6C-9C is not two runs; a gap, or an overlap of separate cards, is fine;
    ten-round has no such restriction (ruling)."""
    hands = ["2S 3S", "2C 3C 4C 5C 6C 7C 8C 9C 5C 6C 10C KS", "2D 3D", "4H 4S"]

    def start(rules: sr.Rules) -> sr.GameState:
        return play(sr.setup_round(rules, hands=hands, stock=STOCK, discard="AD", round_number=3), sr.DrawStock(1))

    state = start(sr.PAGAT7)
    refused(state, sr.LayDown(1, ["2C 3C 4C 5C", "6C 7C 8C 9C"]), "must not touch")
    gap = play(state, sr.LayDown(1, ["2C 3C 4C 5C", "7C 8C 9C 10C"]))
    assert table(gap) == [(1, "run", "2C 3C 4C 5C"), (1, "run", "7C 8C 9C 10C")]
    overlap = play(state, sr.LayDown(1, ["3C 4C 5C 6C", "5C 6C 7C 8C"]))
    assert table(overlap) == [(1, "run", "3C 4C 5C 6C"), (1, "run", "5C 6C 7C 8C")]
    touching = play(start(sr.TEN_ROUND), sr.LayDown(1, ["2C 3C 4C 5C", "6C 7C 8C 9C"]))
    assert table(touching) == [(1, "run", "2C 3C 4C 5C"), (1, "run", "6C 7C 8C 9C")]


def test_lay_off_onto_a_set_of_its_rank() -> None:
    """SPEC 4.3 (000): an extra eight fits a set of eights; a nine does not."""
    state = emma_down()
    refused(state, sr.LayOff(2, "6C", 0), "does not fit")
    state = play(state, sr.LayOff(2, "8S", 0))
    assert table(state)[0] == (1, "set", "8C 8D 8H 8S")
    assert hand(state, 2) == hand_of("3C 6C 8C JK 5D")


def test_lay_off_on_a_run_only_at_either_end() -> None:
    """SPEC 4.3 (000): 3C or 8C fits 4C-5C-6C-7C at its ends; a second 6C does not fit."""
    state = emma_down()
    reason = refused(state, sr.LayOff(2, "6C", 1), "only at either end")
    assert "6C" in reason
    state = play(state, sr.LayOff(2, "3C", 1), sr.LayOff(2, "8C", 1))
    assert table(state)[1] == (1, "run", "3C 4C 5C 6C 7C 8C")
    assert hand(state, 2) == hand_of("6C 8S JK 5D")
    refused(state, sr.LayOff(2, "6C", 1), "only at either end")


def test_lay_off_may_be_on_the_turn_of_going_down() -> None:
    """SPEC 3 (000, 001): under pagat7 a player may lay off on the turn they go down."""
    state = emma_down()
    assert state.went_down_this_turn
    state = play(state, sr.LayOff(2, "3C", 1))
    assert table(state)[1] == (1, "run", "3C 4C 5C 6C 7C")


def test_wild_laid_off_on_a_run_says_which_end() -> None:
    """SPEC 4.3: a wild laid off on a run says which end it extends; without it the lay-off is refused."""
    state = emma_down()
    refused(state, sr.LayOff(2, "JK", 1), "either end")
    low = play(state, sr.LayOff(2, "JK", 1, "low"))
    assert table(low)[1] == (1, "run", "JK 4C 5C 6C 7C")
    assert low.table[1].meld.describe() == "run JK(3C) 4C 5C 6C 7C"
    high = play(state, sr.LayOff(2, "JK", 1, "high"))
    assert table(high)[1] == (1, "run", "4C 5C 6C 7C JK")
    assert high.table[1].meld.describe() == "run 4C 5C 6C 7C JK(8C)"
    # after a wild at the low end, the next club down goes below it, and 3C no longer fits
    refused(low, sr.LayOff(2, "3C", 1), "does not fit")


def test_second_card_onto_the_same_run_keeps_its_end() -> None:
    """STYLE (other engines' bug: the end meant for the second card onto the same run ignored);
    SPEC 4.3: under ten-round (wilds up to naturals) a wild high then a wild low land where they were sent."""
    state = emma_down(sr.TEN_ROUND, seat2="9S 9D 9H 10H JH QH KH JK JK 2C 9C AS")
    state = play(state, sr.LayOff(2, "JK", 1, "high"), sr.LayOff(2, "JK", 1, "low"))
    assert state.table[1].meld.describe() == "run JK(3C) 4C 5C 6C 7C JK(8C)"
    assert state.table[1].meld.start == 3
    state = play(state, sr.LayOff(2, "9C", 1), sr.LayOff(2, "2C", 1))
    assert state.table[1].meld.describe() == "run 2C JK(3C) 4C 5C 6C 7C JK(8C) 9C"
    assert hand(state, 2) == hand_of("AS 5D")


def test_runs_stay_in_order_after_lay_offs() -> None:
    """STYLE (other engines' bug: runs stored out of order after lay-offs); SPEC 4.3: every lay-off
    keeps the run arranged low to high, so later checks read it right."""
    state = emma_down()
    state = play(state, sr.LayOff(2, "8C", 1), sr.LayOff(2, "3C", 1), sr.LayOff(2, "JK", 1, "high"))
    meld = state.table[1].meld
    assert table(state)[1] == (1, "run", "3C 4C 5C 6C 7C 8C JK")
    assert (meld.suit, meld.start, meld.end) == (sr.Suit.CLUBS, 3, 9)
    assert sr.check_meld(meld, sr.PAGAT7)
    # the next card is judged against the run as it now stands: a second 6C still does not fit
    refused(state, sr.LayOff(2, "6C", 1), "does not fit")


@pytest.mark.parametrize("target", [0, 1])
def test_lay_off_goes_on_the_named_meld_only(target: int) -> None:
    """STYLE (ambiguous lay-off target) / SPEC 5: 8C fits 4C-7C high and 9C-QC low; LayOff's meld decides."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "4C 5C 6C 7C 9C 10C JC QC 8C KS", "2D 3D", "2H 3H"],
        stock=STOCK, discard="AD", round_number=3, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["4C 5C 6C 7C", "9C 10C JC QC"]))
    state = play(state, sr.LayOff(1, "8C", target))
    expected = [(1, "run", "4C 5C 6C 7C"), (1, "run", "9C 10C JC QC")]
    expected[target] = [(1, "run", "4C 5C 6C 7C 8C"), (1, "run", "8C 9C 10C JC QC")][target]
    assert table(state) == expected
    assert hand(state, 1) == hand_of("KS 4D")


def test_ace_rules_hold_for_lay_offs_pagat7_aces_high_only() -> None:
    """SPEC 3 / 4.3: under pagat7 aces are high only: AC joins 10C-KC above the king, never below a 2;
    nothing goes above an ace."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "10C JC QC KC 2D 3D 4D 5D AC AD JK 9S", "2H 3H 4H", "4S 5S 6S"],
        stock=STOCK, discard="AS", round_number=3, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["10C JC QC KC", "2D 3D 4D 5D"]))
    refused(state, sr.LayOff(1, "AD", 1), "does not fit")
    state = play(state, sr.LayOff(1, "AC", 0))
    assert table(state)[0] == (1, "run", "10C JC QC KC AC")
    # a wild now fits the low end only (nothing above an ace), so no end needs naming
    state = play(state, sr.LayOff(1, "JK", 0))
    assert state.table[0].meld.describe() == "run JK(9C) 10C JC QC KC AC"
    refused(state, sr.LayOff(1, "9S", 0), "does not fit")


def test_ace_rules_hold_for_lay_offs_ten_round_ace_low_ends_the_run() -> None:
    """SPEC 3 (004, ruling): with aces high or low, an ace ends the run: AC joins 2C-5C below the 2,
    and then nothing goes below it."""
    state = sr.setup_round(
        sr.TEN_ROUND, hands=["2S 3S", "2C 3C 4C 5C 9D 10D JD QD AC JK JK KD", "2H 3H 4H", "4S 5S 6S"],
        stock=STOCK, discard="AS", round_number=3, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["2C 3C 4C 5C", "9D 10D JD QD"]))
    state = play(state, sr.LayOff(1, "AC", 0))
    assert table(state)[0] == (1, "run", "AC 2C 3C 4C 5C")
    assert state.table[0].meld.start == 1
    state = play(state, sr.LayOff(1, "JK", 0))  # fits only the high end now (6C)
    assert state.table[0].meld.describe() == "run AC 2C 3C 4C 5C JK(6C)"
    refused(state, sr.LayOff(1, "JK", 0, "low"), "low end")
    state = play(state, sr.LayOff(1, "KD", 1))
    assert table(state)[1] == (1, "run", "9D 10D JD QD KD")


def test_wild_limits_hold_for_lay_offs_pagat7_one_wild_per_meld() -> None:
    """SPEC 3 (000, 001) / 4.3: at most one wild per meld under pagat7, at every moment."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "8C 8D JK 4C 5C JK 7C JK JK KS", "2H 3H 4H", "4S 5S 6S"],
        stock=STOCK, discard="AS", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C JK 7C"]))
    assert table(state) == [(1, "set", "8C 8D JK"), (1, "run", "4C 5C JK 7C")]
    refused(state, sr.LayOff(1, "JK", 0), "wild limits")
    refused(state, sr.LayOff(1, "JK", 1, "high"), "does not fit")
    refused(state, sr.LayOff(1, "JK", 1, "low"), "does not fit")


def test_wild_limits_hold_for_lay_offs_ten_round_no_more_wilds_than_naturals() -> None:
    """SPEC 3 (004): 8-8-★-★ yes, 8-8-★-★-★ no, at lay-down and after every lay-off."""
    state = sr.setup_round(
        sr.TEN_ROUND, hands=["2S 3S", "8C 8D JK 4C 5C 6C 7C JK JK KS", "2H 3H 4H", "4S 5S 6S"],
        stock=STOCK, discard="AS", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C 6C 7C"]))
    state = play(state, sr.LayOff(1, "JK", 0))
    assert table(state)[0] == (1, "set", "8C 8D JK JK")
    refused(state, sr.LayOff(1, "JK", 0), "does not fit")


def test_wild_limits_hold_for_lay_offs_isra_no_two_wilds_adjacent_in_a_run() -> None:
    """SPEC 3 (002): in a run no two wilds may be adjacent, at every moment (jokers and wild 2s);
    in sets any number of wilds."""
    state = sr.setup_round(
        sr.ISRA, hands=["3S 4S", "4H JK 6H 7H KC KD KH JK 2C 2D 9S 9D", "5H 6S 7S", "4D 5D 6D"],
        stock=STOCK, discard="AS", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", "4H JK 6H 7H"]))
    assert state.table[1].meld.describe() == "run 4H JK(5H) 6H 7H"
    state = play(state, sr.LayOff(1, "2C", 1, "high"))
    assert state.table[1].meld.describe() == "run 4H JK(5H) 6H 7H 2C(8H)"
    refused(state, sr.LayOff(1, "JK", 1, "high"), "high end")
    state = play(state, sr.LayOff(1, "JK", 1))  # the low end is the only place left
    assert state.table[1].meld.describe() == "run JK(3H) 4H JK(5H) 6H 7H 2C(8H)"
    state = play(state, sr.LayOff(1, "2D", 0))
    assert table(state)[0] == (1, "set", "KC KD KH 2D")


def test_all_wild_isra_set_takes_the_rank_of_the_first_natural() -> None:
    """SPEC 4.3 (002, ruling): three jokers make a set with no rank until a natural joins it; any
    natural may, and then the set has that rank."""
    state = sr.setup_round(
        sr.ISRA, hands=["3S 4S", "JK JK JK 9C 9D 9H 5D 5S 7S QD", "5H 6S 7C", "4D 5C 6D"],
        stock=STOCK, discard="AS", round_number=1, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["JK JK JK", "9C 9D 9H"]))
    assert state.table[0].meld.rank is None
    state = play(state, sr.LayOff(1, "5D", 0))
    assert state.table[0].meld.rank == 5
    assert sorted(str(c) for c in state.table[0].cards) == ["5D", "JK", "JK", "JK"]
    refused(state, sr.LayOff(1, "7S", 0), "does not fit")
    state = play(state, sr.LayOff(1, "5S", 0))
    assert sorted(str(c) for c in state.table[0].cards) == ["5D", "5S", "JK", "JK", "JK"]
    assert hand(state, 1) == hand_of("7S QD 4D")


def test_lay_down_accepts_an_arranged_meld_keeping_its_wild_where_placed() -> None:
    """SPEC 5: a caller who wants a wild somewhere other than the library's reading passes an arranged
    Meld, whose positions are kept exactly: JK(2C) 3C 4C 5C leaves a gap before 7C-10C (pagat7)."""
    state = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "3C 4C 5C JK 7C 8C 9C 10C KS", "2D 3D", "4H 4S"],
        stock="QD", discard="AD", round_number=3, dealer=0,
    )
    state = play(state, sr.DrawStock(1))
    low = sr.Meld.run(sr.parse_cards("JK 3C 4C 5C"))
    assert low.start == 2
    state = play(state, sr.LayDown(1, [low, "7C 8C 9C 10C"]))
    assert state.table[0].meld.describe() == "run JK(2C) 3C 4C 5C"
    assert table(state)[1] == (1, "run", "7C 8C 9C 10C")
    assert hand(state, 1) == hand_of("KS QD")


def test_house_rule_no_lay_off_on_the_turn_of_going_down() -> None:
    """SPEC 3: laying off on the going-down turn is a Rules field; a house variant that forbids it
    refuses the lay-off that turn and allows it the next."""
    house = attrs.evolve(sr.PAGAT7, lay_off_on_going_down_turn=False)
    state = emma_down(house)
    refused(state, sr.LayOff(2, "3C", 1), "turn they go down")
    assert not any(isinstance(a, sr.LayOff) for a in sr.legal_actions(state))
    state = play(state, sr.Discard(2, "8S"), sr.DrawStock(3), sr.Discard(3, "JS"))
    state = play(state, sr.DrawStock(0), sr.Discard(0, "10S"), sr.DrawStock(1), sr.Discard(1, "QS"))
    state = play(state, sr.DrawStock(2), sr.LayOff(2, "3C", 1))
    assert table(state)[1] == (1, "run", "3C 4C 5C 6C 7C")


def test_legal_actions_lists_the_layout_find_contract_gives_and_more_on_request_spec5() -> None:
    """SPEC 5 (*): legal_actions lists a representative set of LayDowns: by default the one layout
    find_contract gives; ``lay_downs=n`` lists up to n distinct ones, the same first; apply accepts every
    legal LayDown, listed or not."""
    state = sr.setup_round(sr.PAGAT7, round_number=2,
                           hands=["2C 3D 4S", "9C 9D 9H 9S 4H 5H 6H 7H 8H 10H JH", "3C 4D 5S"],
                           stock="QH 2S", discard="KD")
    state = sr.apply(state, sr.DrawStock(1))
    listed = [a for a in sr.legal_actions(state) if isinstance(a, sr.LayDown)]
    assert listed == [sr.LayDown(1, sr.find_contract(state.hands[1], sr.PAGAT7, 2))]
    more = [a for a in sr.legal_actions(state, lay_downs=8) if isinstance(a, sr.LayDown)]
    assert len(more) == 8 and more[0] == listed[0] and len(set(more)) == 8
    assert all(sr.is_legal(state, a) for a in more)
    assert len([a for a in sr.legal_actions(state, 1, lay_downs=100) if isinstance(a, sr.LayDown)]) > 8
    unlisted = sr.LayDown(1, ["9C 9D 9S", "8H 9H 10H JH QH"])
    assert unlisted not in more and sr.is_legal(state, unlisted)


@pytest.mark.parametrize(
    ("args", "kwargs", "words"),
    [
        (("not a state",), {}, "is not a GameState"),
        ((None,), {}, "is not a GameState"),
        (("STATE", 4), {}, "no seat 4"),
        (("STATE", -1), {}, "no seat -1"),
        (("STATE", "1"), {}, "no seat '1'"),
        (("STATE", True), {}, "no seat True"),
        (("STATE",), {"lay_downs": 0}, "lay_downs"),
        (("STATE",), {"lay_downs": "8"}, "lay_downs"),
    ],
)
def test_legal_actions_refuses_what_is_not_a_state_a_seat_or_a_count_spec6(
    args: tuple[object, ...], kwargs: dict[str, object], words: str
) -> None:
    """SPEC 6: bad input to legal_actions gets the library's own error, naming what is wrong."""
    state = sr.new_game(sr.PAGAT7, 4, seed=1)
    call = tuple(state if a == "STATE" else a for a in args)
    with pytest.raises(sr.IllegalAction, match=words.replace("'", ".")):
        sr.legal_actions(*call, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["pagat7", "ten-round", "isra", "may-i"])
def test_the_engines_table_of_fitting_cards_is_what_lay_off_options_says_spec4_3(preset: str) -> None:
    """SPEC 4.3: the engine's table of the cards that fit a meld (wild 2s included, and a 2 that may
    stand for itself), which judges a legal meld's lay-offs by shortcuts where it can, equals
    lay_off_options asked card by card, for every meld laid in whole games and every meld a lay-off
    onto one of them would make."""
    rules = sr.get_rules(preset)
    melds: dict[sr.Meld, None] = {}
    for seed in range(3):
        players = [sr.GreedyPlayer() for _ in range(rules.min_players + 1)]
        _, record = sr.play_game(rules, players, seed)
        for state in sr.replay(record):
            melds.update((tm.meld, None) for tm in state.table)
    assert len(melds) > 50
    # and the melds where a 2 may stand for itself, or a set has no rank yet
    for text in ("2C 2D 2H", "JK JK JK", "2S JK JK", "3H 4H 5H 6H", "AD 2D 3D 4D", "KC JK 2C"):
        found = sr.check_meld(sr.parse_cards(text), rules).meld
        if found is not None:
            melds[found] = None
    grown = {new: None for meld in list(melds)[:40] for card in ALL_CARDS
             for _, new in sr.lay_off_options(meld, card, rules)}
    for meld in [*melds, *grown]:
        expected = {c: o for c in ALL_CARDS if (o := sr.lay_off_options(meld, c, rules))}
        table = fits(meld, rules)
        found = {c: o for c in ALL_CARDS if (o := table.get(c))}
        assert found == expected, meld.describe()
        assert table.candidates >= set(expected), meld.describe()


def test_clear_caches_empties_the_memo_and_changes_no_answer() -> None:
    """clear_caches empties the one memo the library keeps (every table of it); every answer stays the same."""
    rules = sr.ISRA
    _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(4)], 5)
    states = list(sr.replay(record))[::7]
    before = [list(sr.legal_actions(s)) for s in states]
    assert sum(MEMO.sizes().values()) > 0
    sr.clear_caches()
    assert sum(MEMO.sizes().values()) == 0
    assert [list(sr.legal_actions(s)) for s in states] == before


def test_clear_caches_lets_go_of_the_answers_of_melds_that_still_live() -> None:
    """The memo's answers for a meld go with clear_caches, even while the meld lives and without a
    garbage collection."""
    rules = sr.ISRA
    meld = sr.Meld.run([sr.parse_card(c) for c in ("4H", "5H", "JK", "7H")])
    gc.collect()
    gc.disable()
    try:
        assert fits(meld, rules).get(sr.parse_card("8H"))
        assert any(type(o) is MeldFits for o in gc.get_objects())
        sr.clear_caches()
        assert not any(type(o) is MeldFits for o in gc.get_objects())
    finally:
        gc.enable()


def test_the_memo_holds_at_most_its_stated_bound() -> None:
    """The memo is bounded: however many different melds are asked about, no table holds more than twice
    its limit, and the whole memo no more than its stated bound."""
    rules = sr.ISRA
    table = MEMO.table("fits by meld and rules")
    for suit in sr.Suit:
        for start in range(2, 11):
            for length in range(4, 15 - start):
                cards = [sr.Card(rank, suit) for rank in range(start, start + length)]
                meld = sr.Meld.run(cards)
                for twin in range(60):  # the same meld under rules that differ in name only
                    fits(meld, attrs.evolve(rules, name=f"isra-{twin}"))
    assert len(table) <= 2 * table.limit
    assert sum(MEMO.sizes().values()) <= MEMO.bound()


_OUTLIVES_THE_LIBRARY = """
import gc
import shanghai_rules as sr
state, record = sr.play_game(sr.ISRA, [sr.GreedyPlayer() for _ in range(4)], 3)[:2]
state = sr.new_game(sr.ISRA, 4, seed=3)
for action in record.actions[:300]:
    sr.legal_actions(state)
    state = sr.apply(state, action)
assert state.table
# a garbage-collector callback holds the state until after the library's modules are emptied
gc.callbacks.append(lambda phase, info, keep=[state]: None)
"""


def test_melds_that_outlive_the_library_at_interpreter_exit_go_quietly() -> None:
    """A program that holds a state until the interpreter has emptied the library's modules (here a
    garbage-collector callback holds it) exits cleanly: the meld answers' clean-up, which runs as
    each meld goes, does not fail, and prints nothing."""
    done = subprocess.run([sys.executable, "-c", _OUTLIVES_THE_LIBRARY], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


@pytest.mark.parametrize("preset", ["pagat7", "ten-round", "isra"])
def test_apply_after_legal_actions_equals_apply_judging_afresh(preset: str) -> None:
    """One judgement: apply, handed the listing legal_actions gave for the same state with a play it
    lists, takes that listing's verdict; the state it makes is the same as when the play is judged
    from nothing."""
    rules = sr.get_rules(preset)
    _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(4)], 3)
    plays = 0
    for state in sr.replay(record):
        if state.phase != "play":
            continue
        listing = sr.legal_actions(state)
        for action in [a for a in listing if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]:
            remembered = sr.apply(state, action, listing=listing)
            sr.clear_caches()
            assert sr.apply(state, action) == remembered, action
            plays += 1
    assert plays > 50


def _play_states(preset: str, seed: int = 3) -> list[sr.GameState]:
    """The play-phase states of a seeded game of ``GreedyPlayer`` self-play."""
    _, record = sr.play_game(sr.get_rules(preset), [sr.GreedyPlayer() for _ in range(4)], seed)
    return [state for state in sr.replay(record) if state.phase == "play"]


def test_a_listing_cannot_be_pointed_at_another_state_nor_given_verdicts() -> None:
    """One judgement, whatever the caller does with a listing: its state, its judgement and their parts
    cannot be set, and the verdicts it reads out are a copy; a listing of another state is not used."""
    states = _play_states("pagat7")
    listing = next(listing for listing in map(sr.legal_actions, states)
                   if any(isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild)) for a in listing))
    judged = listing.judged
    assert judged is not None
    for target, name in ((listing, "state"), (listing, "judged"), (listing, "verdicts"), (judged, "pos"),
                         (judged, "turn"), (judged, "facts")):
        value = getattr(target, name)
        with pytest.raises(AttributeError):
            setattr(target, name, value)
    plays = [a for a in listing if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]
    assert plays
    listing.verdicts[plays[0]] = None  # type: ignore[index]
    assert listing.verdict_of(plays[0]) is not None
    refused = 0
    for before, later in zip(states, states[1:]):
        listing = sr.legal_actions(before)
        for action in [a for a in listing if isinstance(a, (sr.LayDown, sr.LayOff))]:
            if not sr.is_legal(later, action):
                refused += 1
                with pytest.raises(sr.IllegalAction):
                    sr.apply(later, action, listing=listing)
    assert refused > 5


def _made_anew(meld: sr.Meld) -> sr.Meld:
    """An arranged meld equal to ``meld`` (attrs compares the fields with ==) whose rank or suit is not of
    the kind a meld takes: 5.0 for 5, a plain int for a ``Suit``."""
    if meld.kind == "set":
        return sr.Meld("set", meld.cards, rank=None if meld.rank is None else float(meld.rank))
    return sr.Meld("run", meld.cards, suit=int(meld.suit), start=meld.start)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", ["pagat7", "isra"])
def test_a_listings_verdict_serves_only_the_very_action_it_lists(preset: str) -> None:
    """An action equal to a listed one but made anew is judged afresh, as without the listing: a lay-down
    whose melds name their rank or suit with the wrong kind of number is refused either way."""
    tried = 0
    for state in _play_states(preset):
        listing = sr.legal_actions(state)
        for action in [a for a in listing if isinstance(a, sr.LayDown)]:
            anew = sr.LayDown(action.player, tuple(_made_anew(m) for m in action.melds))  # type: ignore[arg-type]
            assert anew == action
            with pytest.raises(sr.IllegalAction):
                sr.apply(state, anew)
            with pytest.raises(sr.IllegalAction):
                sr.apply(state, anew, listing=listing)
            tried += 1
    assert tried


def test_lay_down_refuses_a_hand_built_meld_with_the_other_kinds_fields_spec6() -> None:
    """SPEC 6 (and lossless JSON): a caller's arranged run that also names a rank is refused with
    the reason, so no state holds a meld that to_json could not write back."""
    state = sr.setup_round(sr.PAGAT7, ["4H 5H 6H 7H 9C 9D 9S KC", "3C", "6C"], stock="KD", discard="QC",
                           dealer=2, round_number=2)
    state = sr.apply(state, sr.DrawStock(0))
    run = sr.Meld("run", sr.parse_cards("4H 5H 6H 7H"), rank=7, suit=sr.Suit.HEARTS, start=4)
    with pytest.raises(sr.IllegalAction, match="no rank"):
        sr.apply(state, sr.LayDown(0, [run, sr.parse_cards("9C 9D 9S")]))
    plain = sr.Meld("run", sr.parse_cards("4H 5H 6H 7H"), suit=sr.Suit.HEARTS, start=4)
    after = sr.apply(state, sr.LayDown(0, [plain, sr.parse_cards("9C 9D 9S")]))
    assert sr.from_json(sr.to_json(after)) == after


@pytest.mark.parametrize("preset", ["pagat7", "ten-round", "isra"])
def test_listed_lay_offs_and_swaps_are_exactly_those_the_full_judgement_allows_spec_4_3_4_7_4_9(
        preset: str) -> None:
    """SPEC 4.3, 4.7, 4.9: ``legal_actions`` judges most lay-offs by shortcuts (a hand left that
    may discard, the rule of a lone last card, owed wilds that plainly still fit).  In every
    play-phase state of whole games, the lay-offs and swaps it lists are exactly those that ``apply``,
    judging each afresh on a copy of the state (no listing's verdict to reuse), accepts: each of
    every card held onto every meld at either end or none (a lay-off naming the one end a card
    fits is legal and need not be listed)."""
    rules = sr.get_rules(preset)
    judged = 0
    for seed in (1, 2):
        _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(rules.min_players + 1)], seed)
        for state in sr.replay(record):
            if state.phase != "play" or not state.table:
                continue
            seat = state.turn
            listed = {a for a in sr.legal_actions(state) if isinstance(a, (sr.LayOff, sr.SwapWild))}
            fresh = pickle.loads(pickle.dumps(state))
            assert fresh is not state
            legal = set()
            for card in set(state.hands[seat]):
                for index in range(len(state.table)):
                    plays: list[sr.Action] = [sr.SwapWild(seat, card, index)]
                    plays += [sr.LayOff(seat, card, index, end) for end in (None, "low", "high")]
                    legal.update(a for a in plays if sr.is_legal(fresh, a))
                    judged += len(plays)
            assert listed <= legal, state
            for action in legal - listed:
                assert isinstance(action, sr.LayOff) and action.end is not None, action
                assert sr.LayOff(seat, action.card, action.meld) in listed, action
    assert judged > 500
