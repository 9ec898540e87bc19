"""Contracts and penalties: check_contract, find_contract, contract_layouts and hand_penalty.

Seeds are cited by number: 000 the seven-round lesson after Pagat, 001 the Contract-Rummy-style summary,
002 the ISRA condensed rules, 003 and 004 the ten-round write-ups.  ``find_contract`` is checked against a
brute-force oracle (``contract_oracle.py``) on random small hands of every preset.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement, islice
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
import shanghai_rules.contract_bounds as contract_bounds
import shanghai_rules.contract_search as contract_search
from contract_oracle import oracle_find, oracle_layouts
from shanghai_rules.contract_sets import sets_knapsack
from shanghai_rules.memo import MEMO
from shanghai_rules.rules import Contract
from shanghai_rules.verify import checking
from shanghai_rules.wild_limits import wild_limits

P = sr.parse_cards
JK = sr.parse_card("JK")
PRESETS = {"pagat7": sr.PAGAT7, "ten-round": sr.TEN_ROUND, "isra": sr.ISRA}


def groups(text: str) -> list[tuple[sr.Card, ...]]:
    """Groups of cards written ``"9C 9D 9H | 4H 5H 6H 7H"``."""
    return [P(part) for part in text.split("|")]


def cards_of(layout: Sequence[sr.Meld]) -> Counter[sr.Card]:
    return Counter(card for meld in layout for card in meld.cards)


def assert_layout_from(layout: Sequence[sr.Meld], hand: Sequence[sr.Card], rules: sr.Rules, round_number: int) -> None:
    """A layout meets the contract, uses only cards of the hand, and the whole hand in a no-discard round."""
    verdict = sr.check_contract(layout, rules, round_number)
    assert verdict, verdict.reason
    assert cards_of(layout) <= Counter(hand)
    if rules.contract(round_number).no_discard:
        assert cards_of(layout) == Counter(hand)


# ---------------------------------------------------------------------------
# the seeds' rules and examples, named after the rule


def test_sets_of_one_contract_must_be_of_different_ranks_pagat7_000_001() -> None:
    """000: "you cannot split six cards of one rank into two separate sets for your contract"; 001: not 5-5-5 and
    5-5-5.  SPEC 3 (ruling): ten-round and isra allow it."""
    six_fives = "5C 5D 5H | 5S 5C 5D"
    verdict = sr.check_contract(groups(six_fives), sr.PAGAT7, 1)
    assert not verdict
    assert "different ranks" in verdict.reason and "two sets of 5" in verdict.reason
    assert sr.find_contract(P(six_fives.replace("|", "")), sr.PAGAT7, 1) is None
    for rules in (sr.TEN_ROUND, sr.ISRA):
        assert sr.check_contract(groups(six_fives), rules, 1)
        layout = sr.find_contract(P(six_fives.replace("|", "")), rules, 1)
        assert layout is not None and [m.rank for m in layout] == [5, 5]


def test_two_runs_of_one_suit_must_not_be_contiguous_pagat7_000() -> None:
    """000: "2♣ to 5♣ and 6♣ to 9♣ cannot count as your two runs. They need a gap, or an overlap supported by
    separate physical cards. Different suits avoid this particular restriction." """
    touching = groups("2C 3C 4C 5C | 6C 7C 8C 9C")
    verdict = sr.check_contract(touching, sr.PAGAT7, 3)
    assert not verdict
    assert "must not touch" in verdict.reason and "2C-5C and 6C-9C" in verdict.reason
    assert sr.check_contract(groups("2C 3C 4C 5C | 7C 8C 9C 10C"), sr.PAGAT7, 3)  # a gap
    assert sr.check_contract(groups("2C 3C 4C 5C | 5C 6C 7C 8C"), sr.PAGAT7, 3)  # an overlap: two 5♣
    assert sr.check_contract(groups("2C 3C 4C 5C | 6D 7D 8D 9D"), sr.PAGAT7, 3)  # different suits
    assert sr.find_contract(P("2C 3C 4C 5C 6C 7C 8C 9C"), sr.PAGAT7, 3) is None
    for rules in (sr.TEN_ROUND, sr.ISRA):  # SPEC 3 (ruling): no such restriction
        assert sr.check_contract(touching, rules, 3)
        assert sr.find_contract(P("2C 3C 4C 5C 6C 7C 8C 9C"), rules, 3) is not None


def test_every_pair_of_same_suit_runs_is_judged_pagat7_000() -> None:
    """Regression: with three runs of one suit only neighbours in order were compared, so 2♠-5♠, 4♠-7♠, 6♠-9♠
    passed although 2♠-5♠ and 6♠-9♠ touch (000: they "cannot sit directly next to each other")."""
    three = groups("2S 3S 4S 5S | 4S 5S 6S 7S | 6S 7S 8S 9S")
    verdict = sr.check_contract(three, sr.PAGAT7, 7)
    assert not verdict and "2S-5S and 6S-9S" in verdict.reason
    # the arranged form (the wilds standing for 4♠ and 6♠) is judged the same way
    spades = sr.Suit.SPADES
    arranged = [sr.Meld("run", P("2S 3S 4S 5S"), suit=spades, start=2),
                sr.Meld("run", P("JK 5S 6S 7S"), suit=spades, start=4),
                sr.Meld("run", P("JK 7S 8S 9S"), suit=spades, start=6)]
    assert not sr.check_contract(arranged, sr.PAGAT7, 7)
    # and the search, which always judged every pair, agrees: this whole hand has no other layout
    assert sr.find_contract(P("2S 3S 4S 5S 4S 5S 6S 7S 6S 7S 8S 9S"), sr.PAGAT7, 7) is None
    assert sr.check_contract(groups("2S 3S 4S 5S | 4S 5S 6S 7S | 9S 10S JS QS"), sr.PAGAT7, 7)
    assert sr.check_contract(three, sr.TEN_ROUND, 7)


def test_an_overlap_made_by_a_wild_needs_an_arranged_meld_spec5() -> None:
    """SPEC 5: a plain group places a wild at the high end when it can, so ★ 6♣ 7♣ 8♣ reads 6♣-9♣ and touches
    2♣-5♣; the arranged meld with ★ standing for 5♣ overlaps with a separate physical card (000) and passes."""
    assert not sr.check_contract(groups("2C 3C 4C 5C | JK 6C 7C 8C"), sr.PAGAT7, 3)
    low_joker = sr.Meld("run", P("JK 6C 7C 8C"), suit=sr.Suit.CLUBS, start=5)
    assert sr.check_contract([sr.Meld.run(P("2C 3C 4C 5C")), low_joker], sr.PAGAT7, 3)
    layout = sr.find_contract(P("2C 3C 4C 5C JK 6C 7C 8C"), sr.PAGAT7, 3)
    assert layout is not None
    assert_layout_from(layout, P("2C 3C 4C 5C JK 6C 7C 8C"), sr.PAGAT7, 3)


def test_three_jokers_make_a_set_isra_002() -> None:
    """002: sets may hold any number of wilds, "three jokers make a set"; the other presets' wild limits
    (000: one a meld; 004: no more than naturals) refuse it.  Six jokers are two such sets, and nothing else."""
    assert sr.check_contract(groups("JK JK JK | KC KD KS"), sr.ISRA, 1)
    six = P("JK JK JK JK JK JK")
    layout = sr.find_contract(six, sr.ISRA, 1)
    assert layout is not None and [m.rank for m in layout] == [None, None]
    assert_layout_from(layout, six, sr.ISRA, 1)
    for rules in (sr.PAGAT7, sr.TEN_ROUND):
        assert not sr.check_contract(groups("JK JK JK | KC KD KS"), rules, 1)
        assert sr.find_contract(P("JK JK JK KC KD KS"), rules, 1) is None


def test_a_single_set_is_not_round_two_000() -> None:
    """000: "A single set of queens, however, cannot be laid down while you continue collecting the run"."""
    verdict = sr.check_contract(groups("QC QD QS"), sr.PAGAT7, 2)
    assert not verdict and "1 set of 3 + 1 run of 4" in verdict.reason and "not 1" in verdict.reason


def test_emma_goes_down_in_round_two_000() -> None:
    """000's worked turn: Emma (round two) holds 9♣ 9♦ 9♥ 4♥ 5♥ 6♥ 7♥ 4♣ 3♣ Q♣ A♠, draws 5♣ and lays down
    9♣ 9♦ 9♥ as her set and 4♥ 5♥ 6♥ 7♥ as her run."""
    hand = P("9C 9D 9H 4H 5H 6H 7H 4C 3C QC AS 5C")
    layout = sr.find_contract(hand, sr.PAGAT7, 2)
    assert layout is not None
    assert_layout_from(layout, hand, sr.PAGAT7, 2)
    by_kind = {meld.kind: Counter(meld.cards) for meld in layout}
    assert by_kind == {"set": Counter(P("9C 9D 9H")), "run": Counter(P("4H 5H 6H 7H"))}
    # it is her only layout: clubs 3-4-5 and Q make no run, and there is no wild
    for other in sr.contract_layouts(hand, sr.PAGAT7, 2):
        assert {meld.kind: Counter(meld.cards) for meld in other} == by_kind
    assert sr.check_contract(groups("9C 9D 9H | 4H 5H 6H 7H"), sr.PAGAT7, 2)


def test_round_seven_takes_the_whole_hand_with_no_discard_pagat7_000_001() -> None:
    """000: "you must put down the complete hand at once as three runs, without a discard ... Do not put down
    three minimum runs and keep spare cards"; "longer runs must accommodate the extra cards"."""
    exact = P("2H 3H 4H 5H 7S 8S 9S 10S 4D 5D 6D 7D")
    layout = sr.find_contract(exact, sr.PAGAT7, 7)
    assert layout is not None
    assert_layout_from(layout, exact, sr.PAGAT7, 7)
    # a spare card that fits no run: three minimum runs are there, but that is not a layout
    spare = [*exact, sr.parse_card("KC")]
    assert sr.find_contract(spare, sr.PAGAT7, 7) is None
    assert list(sr.contract_layouts(spare, sr.PAGAT7, 7)) == []
    discarding = attrs.evolve(sr.PAGAT7, contracts=(*sr.PAGAT7.contracts[:6], sr.Contract(runs=3)))
    assert sr.find_contract(spare, discarding, 7) is not None
    # bought cards lengthen the runs
    longer = [*exact, *P("6H 8D JS")]
    layout = sr.find_contract(longer, sr.PAGAT7, 7)
    assert layout is not None
    assert_layout_from(layout, longer, sr.PAGAT7, 7)
    assert sorted(len(m.cards) for m in layout) == [5, 5, 5]
    # a joker goes into a run too, at most one per run (000)
    with_joker = [*exact, JK]
    layout = sr.find_contract(with_joker, sr.PAGAT7, 7)
    assert layout is not None
    assert_layout_from(layout, with_joker, sr.PAGAT7, 7)
    assert sr.find_contract([*exact, *P("JK JK JK JK")], sr.PAGAT7, 7) is None


def test_a_bought_hand_in_round_seven_is_laid_down_whole_across_many_layouts_pagat7() -> None:
    """Every layout the iterator gives in a no-discard round takes every card."""
    hand = P("2H 3H 4H 5H 6H 7H 8H 9H 2S 3S 4S 5S JK")
    layouts = list(sr.contract_layouts(hand, sr.PAGAT7, 7))
    assert layouts
    for layout in layouts:
        assert_layout_from(layout, hand, sr.PAGAT7, 7)


def test_hand_penalty_worked_examples_000() -> None:
    """000: "Finishing with 4♣, 8♦, K♥ and a joker gives you 5 + 10 + 10 + 50 = 75 points"; "Holding three kings
    ... costs 30 points"."""
    assert sr.hand_penalty(P("4C 8D KH JK"), sr.PAGAT7) == 75
    assert sr.hand_penalty(P("KC KD KH"), sr.PAGAT7) == 30
    assert sr.hand_penalty([], sr.PAGAT7) == 0


def test_card_values_pagat7_and_ten_round_001() -> None:
    """001: 2-7 are 5, 8-K are 10, A 20, joker 50; SPEC 3 (ruling): ten-round counts the same."""
    for rules in (sr.PAGAT7, sr.TEN_ROUND):
        assert [sr.card_value(sr.Card(rank, sr.Suit.HEARTS), rules) for rank in range(2, 15)] == (
            [5] * 6 + [10] * 6 + [20]
        )
        assert sr.card_value(JK, rules) == 50
        assert sr.hand_penalty(P("2C 7D 8H 10S AC JK"), rules) == 5 + 5 + 10 + 10 + 20 + 50


def test_card_values_isra_002() -> None:
    """002: jokers 50, aces 20, face cards 10, number cards 5; SPEC 3: 2-10 are 5 and wild 2s are still 5."""
    assert [sr.card_value(sr.Card(rank, sr.Suit.SPADES), sr.ISRA) for rank in range(2, 15)] == (
        [5] * 9 + [10] * 3 + [20]
    )
    assert sr.hand_penalty(P("2C 2D 9H 10S JC QD KH AS JK"), sr.ISRA) == 5 * 4 + 10 * 3 + 20 + 50
    assert sr.hand_penalty(P("9H 10S"), sr.ISRA) == 10
    assert sr.hand_penalty(P("9H 10S"), sr.PAGAT7) == 20


def test_a_house_variant_prices_cards_its_own_way() -> None:
    """``card_values`` is a field: a house variant changes the penalty."""
    house = attrs.evolve(sr.PAGAT7, card_values=(1,) * 13 + (25,))
    assert sr.hand_penalty(P("4C 8D KH JK"), house) == 28


def test_wild_two_value_prices_wild_twos_only_where_twos_are_wild() -> None:
    """Rules.wild_two_value: where 2s are wild a 2 in hand costs that much; elsewhere a 2 is a 2."""
    house = attrs.evolve(sr.ISRA, wild_two_value=20)
    assert sr.card_value(sr.parse_card("2C"), house) == 20
    assert sr.hand_penalty(P("2C 2D 3H JK"), house) == 20 + 20 + 5 + 50
    assert sr.hand_penalty(P("2C 2D 3H JK"), sr.ISRA) == 5 + 5 + 5 + 50
    plain = attrs.evolve(sr.PAGAT7, wild_two_value=20)  # 2s are not wild here
    assert sr.card_value(sr.parse_card("2C"), plain) == 5 and sr.hand_penalty(P("2C 2D"), plain) == 10
    dying = attrs.evolve(house, discarded_twos_die=True)  # a dead 2 is no wild: it costs what a natural 2 does
    assert sr.card_value(sr.parse_card("2Cx"), dying) == 5 and sr.hand_penalty(P("2Cx 2D"), dying) == 5 + 20


def test_bad_input_gets_the_librarys_own_errors_spec6() -> None:
    """SPEC 6: a wrong argument is refused with a reason, never a crash: junk groups make a falsy verdict that
    names the group; a hand that is not cards is a CardError; rules that are not Rules a RulesError."""
    verdict = sr.check_contract([P("9C 9D 9H"), (None, None)], sr.PAGAT7, 1)  # type: ignore[list-item]
    assert not verdict and verdict.reason == "group 2: None is not a Card"
    verdict = sr.check_contract(["9C 9D 9X", P("KC KD KS")], sr.PAGAT7, 1)
    assert not verdict and verdict.reason == "group 1: '9X' (token 3) is not a card"
    assert "not a group of cards" in sr.check_contract([5, P("KC KD KS")], sr.PAGAT7, 1).reason  # type: ignore[list-item]
    assert "not a sequence of groups" in sr.check_contract(None, sr.PAGAT7, 1).reason  # type: ignore[arg-type]
    for call in (sr.find_contract, sr.contract_layouts):
        with pytest.raises(sr.CardError, match="hand: None is not a Card"):
            call([None], sr.PAGAT7, 1)  # type: ignore[list-item]
        with pytest.raises(sr.CardError, match=r"hand: '9X' .* is not a card"):
            call("9C 9D 9X", sr.PAGAT7, 1)
        with pytest.raises(sr.RulesError, match="is not a Rules"):
            call(P("9C 9D 9H"), "pagat7", 1)  # type: ignore[arg-type]
    with pytest.raises(sr.CardError, match="hand_penalty: 7 is not a group of cards"):
        sr.hand_penalty(7, sr.PAGAT7)  # type: ignore[arg-type]
    with pytest.raises(sr.RulesError):
        sr.hand_penalty(P("9C"), None)  # type: ignore[arg-type]
    with pytest.raises(sr.CardError):
        sr.card_value("9X", sr.PAGAT7)
    with pytest.raises(sr.RulesError):
        sr.check_contract([P("9C 9D 9H")], object(), 1)  # type: ignore[arg-type]
    # a hand given as any iterable of cards, a generator included, is read once and judged
    assert sr.find_contract((c for c in P("9C 9D 9H KC KD KS")), sr.PAGAT7, 1) is not None



# (hand, the card given many copies, round): each round's contract uses at most six of one card
MANY_COPIES = [("4H 4D 5C 5C 5C", "4H", 1), ("4H 4D 4C 5C 5C", "4D", 1), ("JK 9C 9D KC KS", "JK", 1),
               ("4H 5H 6H 9C 9D JK", "7H", 2), ("4H 5H 6H 7H 9C 9D", "9C", 2), ("3S 4S 5S JK 8D 9D 10D", "JK", 3),
               ("8D 9D 10D JK KC KD", "KS", 4)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize(("hand", "card", "round_number"), MANY_COPIES)
@pytest.mark.parametrize("copies", [64, 128, 256, 300])
def test_a_hand_with_more_of_one_card_than_a_byte_counts_is_judged_as_with_a_few_spec6(
        preset: str, hand: str, card: str, round_number: int, copies: int) -> None:
    """SPEC 6: ``find_contract`` takes any hand of up to ``MAX_CARDS`` cards.  One card held 64 to 300
    times (no game deals that many of a natural card; jokers that many only under house rules), the
    answer is the one the same hand gets with six of it, which is as many as any of these contracts
    uses, and the layout found is legal and from the hand."""
    rules = PRESETS[preset]
    few = [*P(hand), *P(card) * 6]
    many = [*P(hand), *P(card) * copies]
    assert not rules.contract(round_number).no_discard
    found = sr.find_contract(many, rules, round_number)
    assert (found is None) == (sr.find_contract(few, rules, round_number) is None)
    if found is not None:
        assert_layout_from(found, many, rules, round_number)


def test_a_hand_of_256_natural_cards_of_one_rank_makes_its_set() -> None:
    """Two suits' 128 4s each (256 of the rank) and three 5s hold ``pagat7``'s first contract, two sets
    of different ranks, as a hand of two 4s and three 5s does."""
    hand = [*P("4H") * 128, *P("4D") * 128, *P("5C 5C 5C")]
    found = sr.find_contract(hand, sr.PAGAT7, 1)
    assert found is not None and sorted(m.cards[0].rank for m in found) == [4, 5]
    assert_layout_from(found, hand, sr.PAGAT7, 1)

def test_a_group_counts_as_the_set_or_run_the_contract_needs() -> None:
    """check_contract reads a plain group as a set or a run, whichever the contract needs: with no wild limits
    9♥ ★ ★ ★ is both, and meets round 1 (two sets) as a set and round 2 (set + run) as a run."""
    loose = attrs.evolve(sr.ISRA, run_wilds_apart=False)
    both = "9H JK JK JK"
    assert sr.check_meld(P(both), loose, "set") and sr.check_meld(P(both), loose, "run")
    verdict = sr.check_contract(groups(f"{both} | 9C 9D 9S"), loose, 1)
    assert verdict and [m.kind for m in verdict.melds] == ["set", "set"]
    verdict = sr.check_contract(groups(f"{both} | 9C 9D 9S"), loose, 2)
    assert verdict and [m.kind for m in verdict.melds] == ["run", "set"]
    verdict = sr.check_contract(groups(f"9C 9D 9S | {both}"), loose, 2)
    assert verdict and [m.kind for m in verdict.melds] == ["set", "run"]
    assert not sr.check_contract(groups(f"{both} | 9C 9D 9S"), loose, 3)


def test_check_contract_returns_arranged_melds_in_the_order_given() -> None:
    """The verdict carries the arranged melds, in the order the groups were given; none when illegal."""
    verdict = sr.check_contract(groups("7H 4H JK 5H | 9C 9D 9H"), sr.PAGAT7, 2)
    assert verdict
    run, book = verdict.melds
    assert run.kind == "run" and run.describe() == "run 4H 5H JK(6H) 7H"
    assert book.kind == "set" and book.rank == 9
    refused = sr.check_contract(groups("9C 9D | 4H 5H 6H 7H"), sr.PAGAT7, 2)
    assert refused.melds == () and not refused.ok and "group 1 (9C 9D)" in refused.reason


def test_contract_rule_reason_names_the_rule() -> None:
    """contract_rule_reason: empty when the melds keep the contract-only rules; else names the rule."""
    from shanghai_rules.contracts import contract_rule_reason

    sets = [sr.Meld.set(P("5C 5D 5H")), sr.Meld.set(P("5S 5C 5D"))]
    assert "different ranks" in contract_rule_reason(sets, sr.PAGAT7)
    assert contract_rule_reason(sets, sr.ISRA) == ""
    runs = [sr.Meld.run(P("2C 3C 4C 5C")), sr.Meld.run(P("8C 9C 10C JC"))]
    assert contract_rule_reason(runs, sr.PAGAT7) == ""
    wide = attrs.evolve(sr.PAGAT7, contract_run_gap=3)
    assert "a gap of at least 3 ranks" in contract_rule_reason(runs, wide)


def test_round_numbers_outside_the_game_are_refused() -> None:
    """A round the rules do not have is a RulesError (a ValueError) naming the round."""
    for call in (sr.check_contract, sr.find_contract):
        with pytest.raises(sr.RulesError, match="round_number"):
            call([], sr.PAGAT7, 8)
    with pytest.raises(ValueError, match="round_number"):
        list(sr.contract_layouts([], sr.TEN_ROUND, 0))


def test_short_hands_hold_no_contract() -> None:
    """A hand with fewer cards than the contract needs holds no layout (ten-round 10 needs 15 cards, 003)."""
    assert sr.find_contract(P("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK"), sr.TEN_ROUND, 10) is None
    hand = P("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK")
    layout = sr.find_contract(hand, sr.TEN_ROUND, 10)
    assert layout is not None
    assert_layout_from(layout, hand, sr.TEN_ROUND, 10)


# ---------------------------------------------------------------------------
# table-driven cases per preset: (round, groups, legal, words in the reason)

PAGAT7_CASES = [
    (1, "9C 9D 9H | KC KD KS", True, ""),
    (1, "9C 9D 9H | 9S 9C 9D", False, "different ranks"),
    (1, "9C 9D JK | KC KD KS", True, ""),
    (1, "9C JK JK | KC KD KS", False, "at most one wild"),
    (1, "9C 9D | KC KD KS", False, "at least 3"),
    (1, "9C 9D 9H", False, "2 melds, not 1"),
    (1, "9C 9D 9H | KC KD KS | 5C 5D 5H", False, "not 3"),
    (1, "4H 5H 6H 7H | KC KD KS", False, "one rank"),
    (2, "9C 9D 9H | 4H 5H 6H 7H", True, ""),
    (2, "4H 5H 6H 7H | 9C 9D 9H", True, ""),
    (2, "9C 9D 9H | 4H 5H 6H", False, "at least 4"),
    (2, "9C 9D 9H | KC KD KS", False, "these groups make 2 sets and 0 runs"),
    (2, "9C 9D 9H | JK 5H 6H 7H", True, ""),
    (2, "9C 9D 9H | JK 5H JK 7H", False, "at most one wild"),
    (2, "9C 9D 9H | JS QS KS AS", True, ""),
    (2, "9C 9D 9H | AS 2S 3S 4S", False, "aces are high only"),
    (2, "9C 9D 9H | 4H 5H 6D 7H", False, "one suit"),
    (3, "2C 3C 4C 5C | 6C 7C 8C 9C", False, "must not touch"),
    (3, "2C 3C 4C 5C | 7C 8C 9C 10C", True, ""),
    (3, "2C 3C 4C 5C | 5C 6C 7C 8C", True, ""),
    (3, "2C 3C 4C 5C | 2C 3C 4C 5C", True, ""),
    (3, "2C 3C 4C 5C | 6D 7D 8D 9D", True, ""),
    (3, "6C 7C 8C 9C | 2C 3C 4C 5C", False, "2C-5C and 6C-9C"),
    (3, "2C 3C 4C 5C | 6C 7C 8C JK", False, "must not touch"),
    (3, "2C 3C 4C 5C 6C 7C 8C 9C", False, "2 melds, not 1"),
    (4, "9C 9D 9H | KC KD KS | 5C 5D 5H", True, ""),
    (4, "9C 9D JK | KC KD JK | 5C 5D JK", True, ""),
    (4, "9C 9D 9H | KC KD KS | 9S 9C 9D", False, "different ranks"),
    (5, "9C 9D 9H | KC KD KS | 4H 5H 6H 7H", True, ""),
    (5, "9C 9D 9H | 9S 9C 9D | 4H 5H 6H 7H", False, "different ranks"),
    (5, "9C 9D 9H | KC KD KS | 4H 5H 6H 7H | 8H 9H 10H JH", False, "3 melds, not 4"),
    (6, "9C 9D 9H | 2C 3C 4C 5C | 7C 8C 9C 10C", True, ""),
    (6, "9C 9D 9H | 2C 3C 4C 5C | 6C 7C 8C 9C", False, "must not touch"),
    (6, "9C 9D 9H | KC KD KS | 4H 5H 6H 7H", False, "these groups make 2 sets and 1 run"),
    (7, "2H 3H 4H 5H | 7S 8S 9S 10S | 4D 5D 6D 7D", True, ""),
    (7, "2S 3S 4S 5S | 4S 5S 6S 7S | 6S 7S 8S 9S", False, "2S-5S and 6S-9S"),
    (7, "2S 3S 4S 5S | 4S 5S 6S 7S | 8D 9D 10D JD", True, ""),
    (7, "2S 3S 4S 5S | 4S 5S 6S 7S | 9S 10S JS QS", True, ""),
]

TEN_ROUND_CASES = [
    (1, "9C 9D 9H | 9S 9C 9D", True, ""),
    (1, "8C 8D JK JK | KC KD KS", True, ""),
    (1, "8C JK JK | KC KD KS", False, "no more wilds than naturals"),
    (1, "8C 8D JK | KC KD KS", True, ""),
    (2, "9C 9D 9H | 4H 5H 6H 7H", True, ""),
    (2, "9C 9D 9H | AD 2D 3D 4D", True, ""),
    (2, "9C 9D 9H | QD KD AD 2D", False, "wrap"),
    (2, "9C 9D 9H | 4H JK JK 7H", True, ""),
    (2, "9C 9D 9H | 4H JK JK JK", False, "no more wilds than naturals"),
    (3, "2C 3C 4C 5C | 6C 7C 8C 9C", True, ""),
    (3, "2C 3C 4C 5C | 6C 7C 8C", False, "at least 4"),
    (4, "9C 9D 9H | 4H 5H 6H 7H", False, "at least 5"),
    (4, "9C 9D 9H | 4H 5H 6H 7H 8H", True, ""),
    (4, "9C 9D 9H 9S | 4H 5H 6H 7H 8H", True, ""),
    (5, "9C 9D 9H | 9S 9C 9D | 9H 9S JK", True, ""),
    (5, "9C 9D 9H | KC KD KS", False, "3 melds, not 2"),
    (6, "9C 9D 9H | 4H 5H 6H 7H 8H 9H", False, "at least 7"),
    (6, "9C 9D 9H | 4H 5H 6H 7H 8H 9H 10H", True, ""),
    (6, "9C 9D 9H | 4H 5H JK 7H JK 9H 10H", True, ""),
    (7, "2C 3C 4C 5C | 6C 7C 8C 9C | 10C JC QC KC", True, ""),
    (8, "9C 9D 9H | 2H 3H 4H 5H 6H 7H 8H 9H 10H JH", True, ""),
    (8, "9C 9D 9H | 2H 3H 4H 5H 6H 7H 8H 9H 10H", False, "at least 10"),
    (8, "9C 9D 9H | AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", True, ""),
    (9, "9C 9D 9H | KC KD KS | 5C 5D 5H | 4H 5H 6H 7H 8H", True, ""),
    (9, "9C 9D 9H | KC KD KS | 4H 5H 6H 7H 8H", False, "4 melds, not 3"),
    (9, "9C 9D 9H | KC KD KS | 5C 5D 5H | 4H 5H 6H 7H", False, "at least 5"),
    (10, "AC 2C 3C 4C 5C | 6C 7C 8C 9C 10C | JC QC KC AC JK", True, ""),
    (10, "2C 3C 4C 5C | 6C 7C 8C 9C | 10C JC QC KC", False, "at least 5"),
]

ISRA_CASES = [
    (1, "JK JK JK | KC KD KS", True, ""),
    (1, "9C 9D 9H | 9S 9C 9D", True, ""),
    (1, "2C 2D 2H | KC KD KS", True, ""),
    (1, "7C 2D JK | KC KD KS", True, ""),
    (2, "9C 9D 9H | AH 2H 3H 4H", True, ""),
    (2, "9C 9D 9H | 3H 2S 5H 2D", True, ""),
    (2, "9C 9D 9H | 3H JK JK 6H", False, "next to each other"),
    (2, "9C 9D 9H | QS KS AS 2S", True, ""),
    (2, "9C 9D 9H | QS KS AS 3S", False, ""),
    (3, "2C 3C 4C 5C | 6C 7C 8C 9C", True, ""),
    (3, "AC 2C 3C 4C | JD QD KD AD", True, ""),
    (4, "9C 9D 9H | KC KD KS | JK JK 2S", True, ""),
    (4, "9C 9D 9H | KC KD KS", False, "3 melds, not 2"),
    (5, "9C 9D 9H | 9S 9C 9D | 4H 5H 6H 7H", True, ""),
    (6, "9C 9D 9H | 2C 3C 4C 5C | 6C 7C 8C 9C", True, ""),
    (6, "9C 9D 9H | 4H 5H 6H 7H", False, "3 melds, not 2"),
    (7, "2C 3C 4C 5C | 6C 7C 8C 9C | 10C JC QC KC", True, ""),
    (7, "2C 3C 4C 5C | 6C 7C 8C 9C | 10C JC QC", False, "at least 4"),
]

TABLE = (
    [("pagat7", *case) for case in PAGAT7_CASES]
    + [("ten-round", *case) for case in TEN_ROUND_CASES]
    + [("isra", *case) for case in ISRA_CASES]
)


@pytest.mark.parametrize(("preset", "round_number", "text", "legal", "words"), TABLE)
def test_contract_table(preset: str, round_number: int, text: str, legal: bool, words: str) -> None:
    """check_contract on the groups, and find_contract on the same cards as a hand, per preset and round."""
    rules = PRESETS[preset]
    verdict = sr.check_contract(groups(text), rules, round_number)
    assert bool(verdict) is legal, verdict.reason
    assert words in verdict.reason
    if legal:
        assert verdict.reason == "" and len(verdict.melds) == rules.contract(round_number).melds
        # the hand of the same cards holds a layout (perhaps another one)
        hand = P(text.replace("|", " "))
        layout = sr.find_contract(hand, rules, round_number)
        assert layout is not None
        assert_layout_from(layout, hand, rules, round_number)
    else:
        assert verdict.reason and verdict.melds == ()


def test_the_table_is_big_enough() -> None:
    """The table covers every round of every preset, legal and not."""
    assert len(TABLE) >= 60
    for preset, rules in PRESETS.items():
        rounds = {(r, legal) for p, r, _, legal, _ in TABLE if p == preset}
        assert {r for r, _ in rounds} == set(range(1, rules.rounds + 1))
        assert {legal for _, legal in rounds} == {True, False}


# ---------------------------------------------------------------------------
# find_contract against the brute-force oracle


def deck_counts(rules: sr.Rules) -> Counter[sr.Card]:
    return Counter(sr.full_deck(rules.decks_for(rules.max_players), rules.jokers_per_deck))


@st.composite
def small_hands(draw: st.DrawFn, rules: sr.Rules, sizes: tuple[int, int], max_wilds: int) -> list[sr.Card]:
    """A hand drawn mostly from one to three suits and a band of neighbouring ranks, with a few wilds, so that
    near misses are common; no card more often than the decks hold it."""
    rng = random.Random(draw(st.integers(0, 2**64), label="seed"))
    supply = deck_counts(rules)
    suits = rng.sample(list(sr.Suit), rng.choice((1, 2, 2, 3)))
    low = rng.randint(2, 10)
    ranks = range(low, min(14, low + rng.randint(4, 8)) + 1)
    near = [c for c in supply.elements() if c.suit in suits and c.rank in ranks and not sr.is_wild(c, rules)]
    anything = [c for c in supply.elements() if not sr.is_wild(c, rules)]
    wilds = [c for c in supply.elements() if sr.is_wild(c, rules)]
    hand = rng.sample(wilds, rng.randint(0, max_wilds))
    size = rng.randint(*sizes)
    while len(hand) < size:
        card = rng.choice(near if near and rng.random() < 0.9 else anything)
        if hand.count(card) < supply[card]:
            hand.append(card)
    return hand


@st.composite
def planted_hands(
    draw: st.DrawFn, rules: sr.Rules, round_number: int, spare: tuple[int, int] = (0, 3)
) -> list[sr.Card]:
    """A hand built around the contract: its sets and runs dealt from the decks (some cards replaced by wilds,
    runs often in one suit so they collide), a few spare cards, and often one card taken away or swapped, so
    that hands with a layout and near misses both come often."""
    rng = random.Random(draw(st.integers(0, 2**64), label="seed"))
    contract = rules.contract(round_number)
    supply = deck_counts(rules)
    wilds = [c for c in supply if sr.is_wild(c, rules)]
    hand: list[sr.Card] = []

    def take(card: sr.Card) -> None:
        if rng.random() < 0.15:
            card = rng.choice(wilds)
        if supply[card] > 0:
            supply[card] -= 1
            hand.append(card)

    suits = rng.sample(list(sr.Suit), rng.choice((1, 1, 2, 4)))
    for _ in range(contract.sets):
        rank = rng.randint(2, 14)
        for _ in range(contract.set_length):
            take(sr.Card(rank, rng.choice(list(sr.Suit))))
    lowest = 1 if rules.ace_low else 2
    runs = []
    for _ in range(contract.runs):
        suit = rng.choice(suits)
        start = rng.randint(lowest, 15 - contract.run_length)
        runs.append([suit, start, start + contract.run_length - 1])
        for position in range(start, start + contract.run_length):
            take(sr.Card(sr.ACE if position == 1 else position, suit))
    for _ in range(rng.randint(*spare)):
        if runs and contract.no_discard:  # the whole hand goes down: spare cards lengthen a run
            run = rng.choice(runs)
            if run[2] < 14 and (run[1] == lowest or rng.random() < 0.5):
                run[2] += 1
                take(sr.Card(run[2], sr.Suit(run[0])))
            elif run[1] > lowest:
                run[1] -= 1
                take(sr.Card(sr.ACE if run[1] == 1 else run[1], sr.Suit(run[0])))
        else:
            take(sr.Card(rng.randint(2, 14), rng.choice(suits)))
    if hand and rng.random() < 0.3:
        hand.pop(rng.randrange(len(hand)))
        if rng.random() < 0.5:
            take(sr.Card(rng.randint(2, 14), rng.choice(list(sr.Suit))))
    rng.shuffle(hand)
    return hand


# (preset, round, hand sizes, most wilds): small hands, so the oracle stays quick
ORACLE_CASES = [
    *(("pagat7", r, (7, 11), 3) for r in range(1, 7)),
    ("pagat7", 7, (12, 14), 3),
    *(("ten-round", r, (7, 11), 3) for r in range(1, 7)),
    ("ten-round", 7, (12, 13), 3),
    ("ten-round", 8, (13, 15), 2),
    ("ten-round", 9, (14, 16), 2),
    ("ten-round", 10, (15, 17), 2),
    *(("isra", r, (7, 11), 3) for r in range(1, 8)),
]

ORACLE_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@pytest.mark.parametrize(("preset", "round_number", "sizes", "max_wilds"), ORACLE_CASES)
@ORACLE_SETTINGS
@given(data=st.data())
def test_find_contract_agrees_with_the_oracle(
    preset: str, round_number: int, sizes: tuple[int, int], max_wilds: int, data: st.DataObject
) -> None:
    """On random small hands, find_contract finds a layout exactly when the exhaustive oracle does, and what it
    finds meets the contract with cards from the hand (the whole hand in a no-discard round)."""
    rules = PRESETS[preset]
    hand = data.draw(st.one_of(planted_hands(rules, round_number), small_hands(rules, sizes, max_wilds)), label="hand")
    expected = oracle_find(hand, rules, round_number)
    found = sr.find_contract(hand, rules, round_number)
    assert (found is None) == (expected is None), (sr.format_cards(hand), expected)
    if found is not None:
        assert_layout_from(found, hand, rules, round_number)
    if expected is not None:
        assert_layout_from(expected, hand, rules, round_number)


HOUSE = {
    "pagat7 with wild 2s": attrs.evolve(sr.PAGAT7, wild_twos=True),
    "ten-round with distinct sets and gapped runs": attrs.evolve(
        sr.TEN_ROUND, distinct_contract_set_ranks=True, contract_run_gap=1
    ),
    "isra with at most two wilds per meld, no more than naturals": attrs.evolve(
        sr.ISRA, max_wilds_per_meld=2, wilds_at_most_naturals=True
    ),
    "pagat7, two wilds a meld, runs two apart": attrs.evolve(sr.PAGAT7, max_wilds_per_meld=2, contract_run_gap=2),
    "isra, whole hand every round": attrs.evolve(
        sr.ISRA, contracts=tuple(attrs.evolve(c, no_discard=True) for c in sr.ISRA.contracts)
    ),
    "liverpool": sr.LIVERPOOL,
    "may-i": sr.MAY_I,
    "ten-round-rulebook": sr.TEN_ROUND_RULEBOOK,
    "wild limits that jump with length": attrs.evolve(
        sr.TEN_ROUND, wilds_at_most_naturals=False, max_wilds_by_length=((3, 0), (4, 2), (6, 4))
    ),
    "2s always wild, aces high": attrs.evolve(sr.ISRA, ace_low=False, natural_twos=False),
    "liverpool, aces high, no wild limit": attrs.evolve(sr.LIVERPOOL, ace_low=False),
    "liverpool, 2s always wild": attrs.evolve(sr.LIVERPOOL, wild_twos=True, natural_twos=False, ace_low=False),
    "2s always wild, no more wilds than naturals, runs two apart": attrs.evolve(
        sr.MAY_I, ace_low=False, natural_twos=False, contract_runs_overlap=False
    ),
    "2s always wild, whole hand every round": attrs.evolve(
        sr.ISRA, ace_low=False, natural_twos=False,
        contracts=tuple(attrs.evolve(c, no_discard=True) for c in sr.ISRA.contracts),
    ),
    "exact contract melds, sets of different suits, same-suit runs apart": attrs.evolve(
        sr.TEN_ROUND, contract_melds_exact=True, distinct_contract_set_suits=True, contract_runs_overlap=False
    ),
    "isra with exact contract melds, no overlap of same-suit runs": attrs.evolve(
        sr.ISRA, contract_melds_exact=True, contract_runs_overlap=False
    ),
    "pagat7 with wild 2s, sets of different suits": attrs.evolve(
        sr.PAGAT7, wild_twos=True, distinct_contract_set_suits=True
    ),
    "pagat7, sets of different suits, whole hand every round": attrs.evolve(
        sr.PAGAT7, distinct_contract_set_suits=True,
        contracts=tuple(attrs.evolve(c, no_discard=True) for c in sr.PAGAT7.contracts),
    ),
    "wild limits that jump with length, exact contract melds": attrs.evolve(
        sr.TEN_ROUND, wilds_at_most_naturals=False, max_wilds_by_length=((3, 0), (4, 2), (6, 4)),
        contract_melds_exact=True,
    ),
    "a wild limit by count, stated by length too": attrs.evolve(
        sr.PAGAT7, max_wilds_per_meld=2, max_wilds_by_length=((1, 2),)
    ),
    "wild limits that jump only below the contract's melds": attrs.evolve(
        sr.TEN_ROUND, wilds_at_most_naturals=False, max_wilds_by_length=((2, 0), (3, 2), (4, 3))
    ),
    "wild limits that jump only past the contract's melds": attrs.evolve(
        sr.PAGAT7, max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (5, 3))
    ),
    "wild limits that jump with length, whole hand": attrs.evolve(
        sr.PAGAT7, max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (4, 2)),
        contracts=tuple(attrs.evolve(c, no_discard=True) for c in sr.PAGAT7.contracts),
    ),
}


@pytest.mark.parametrize("house", sorted(HOUSE))
@ORACLE_SETTINGS
@given(data=st.data())
def test_find_contract_agrees_with_the_oracle_under_house_rules(house: str, data: st.DataObject) -> None:
    """The search is exact for any consistent Rules, not only the presets."""
    rules = HOUSE[house]
    round_number = data.draw(st.sampled_from([r for r in (1, 2, 3, 5, 6, 7) if r <= rules.rounds]), label="round")
    assert_search_agrees_with_the_oracle(data.draw(planted_hands(rules, round_number), label="hand"), rules,
                                         round_number)


def assert_search_agrees_with_the_oracle(hand: list[sr.Card], rules: sr.Rules, round_number: int) -> None:
    """find_contract finds a layout exactly when the oracle does, from the hand's cards."""
    expected = oracle_find(hand, rules, round_number)
    found = sr.find_contract(hand, rules, round_number)
    assert (found is None) == (expected is None), (sr.format_cards(hand), expected)
    if found is not None:
        assert_layout_from(found, hand, rules, round_number)


DEAD_TWOS = {
    "pagat7 with wild 2s, aces low": attrs.evolve(sr.PAGAT7, wild_twos=True, ace_low=True, discarded_twos_die=True),
    "isra": attrs.evolve(sr.ISRA, discarded_twos_die=True),
    "isra, whole hand every round": attrs.evolve(
        sr.ISRA, discarded_twos_die=True, contracts=tuple(attrs.evolve(c, no_discard=True) for c in sr.ISRA.contracts)
    ),
    "pagat7 with wild 2s, sets of different suits": attrs.evolve(
        sr.PAGAT7, wild_twos=True, distinct_contract_set_suits=True, discarded_twos_die=True
    ),
    "ten-round with wild 2s, no more wilds than naturals": attrs.evolve(
        sr.TEN_ROUND, wild_twos=True, ace_low=True, wilds_at_most_naturals=True, discarded_twos_die=True
    ),
}


@st.composite
def hands_with_dead_twos(draw: st.DrawFn, rules: sr.Rules, round_number: int) -> list[sr.Card]:
    """A planted hand in which some 2s are dead and a dead 2 or two may have been added (near their runs'
    2s or beside other 2s, where they count)."""
    hand = draw(planted_hands(rules, round_number), label="planted")
    rng = random.Random(draw(st.integers(0, 2**64), label="dead seed"))
    hand = [sr.dead_two(card) if card.rank == 2 and rng.random() < 0.6 else card for card in hand]
    for _ in range(rng.choice((0, 0, 1, 2))):
        suit = rng.choice([c.suit for c in hand if c.suit is not None] or list(sr.Suit))
        hand.insert(rng.randrange(len(hand) + 1), sr.dead_two(sr.Card(2, suit)))
    return hand


@pytest.mark.parametrize("house", sorted(DEAD_TWOS))
@ORACLE_SETTINGS
@given(data=st.data())
def test_dead_twos_play_only_as_natural_twos_in_the_contract_search(house: str, data: st.DataObject) -> None:
    """Discarded 2s die: with dead 2s in hand (naturals only, never wilds), the contract search finds a
    layout exactly when the exhaustive oracle does, from the hand's own cards."""
    rules = DEAD_TWOS[house]
    round_number = data.draw(st.sampled_from([r for r in (1, 2, 3, 5, 6, 7) if r <= rules.rounds]), label="round")
    assert_search_agrees_with_the_oracle(data.draw(hands_with_dead_twos(rules, round_number), label="hand"), rules,
                                         round_number)


def test_a_dead_two_is_no_wild_in_a_contract() -> None:
    """Discarded 2s die: a hand that makes its sets with a wild 2 does not with a dead one."""
    rules = DEAD_TWOS["pagat7 with wild 2s, aces low"]
    assert sr.find_contract(P("7C 7D 2H 8C 8D 8H"), rules, 1) is not None
    assert sr.find_contract(P("7C 7D 2Hx 8C 8D 8H"), rules, 1) is None
    layout = sr.find_contract(P("AH 2Hx 3H 4H 5S 6S 7S JK"), rules, 3)
    assert layout is not None and "run AH 2Hx 3H 4H" in [m.describe() for m in layout]


@pytest.mark.parametrize(("preset", "round_number"), [("pagat7", 3), ("pagat7", 7), ("ten-round", 2),
                                                       ("isra", 6), ("ten-round", 5)])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_layout_listed_is_legal_and_from_the_hand(preset: str, round_number: int, data: st.DataObject) -> None:
    """Every layout contract_layouts gives meets check_contract with cards from the hand; the first is
    find_contract's; the order of the hand changes no verdict."""
    rules = PRESETS[preset]
    hand = data.draw(planted_hands(rules, round_number, (0, 4)), label="hand")
    layouts = []
    for layout in sr.contract_layouts(hand, rules, round_number):
        assert_layout_from(layout, hand, rules, round_number)
        layouts.append(layout)
        if len(layouts) == 50:
            break
    assert sr.find_contract(hand, rules, round_number) == (layouts[0] if layouts else None)
    shuffled = list(hand)
    random.Random(data.draw(st.integers(0, 2**32), label="shuffle")).shuffle(shuffled)
    assert (sr.find_contract(shuffled, rules, round_number) is None) == (not layouts)


@pytest.mark.parametrize(("rules", "hand"), [
    (attrs.evolve(sr.LIVERPOOL, ace_low=False), "2S 3S 4S 5S JK JK JK JK"),
    (attrs.evolve(sr.LIVERPOOL, wild_twos=True, natural_twos=False, ace_low=False), "3S 4S 5S 6S JK JK 2C 2D"),
])
def test_a_run_leaves_a_later_run_its_one_natural_card(rules: sr.Rules, hand: str) -> None:
    """Where no limit binds wilds, a run may still have to leave out a natural it could hold, for a
    wild: the later run of the same suit at the lowest place has no other natural card."""
    found = sr.find_contract(hand, rules, 3)
    assert found is not None and sr.check_contract(found, rules, 3)
    assert oracle_find(sr.parse_cards(hand), rules, 3) is not None


def test_the_whole_hand_bound_lets_a_later_run_share_the_places_covered() -> None:
    """A whole hand of two runs of three, where each run may hold two wilds: JK 3S 4S and 2S JK JK cover
    the same places, the 2S moved to the second run; the bound of whole-hand rounds allows it."""
    rules = attrs.evolve(sr.PAGAT7, name="runs of three", buy_limits=(2,), min_run_length=2, max_wilds_per_meld=2,
                         contracts=(sr.Contract(runs=2, run_length=3, no_discard=True),), contract_run_gap=0)
    hand = sr.parse_cards("JK 3S JK 4S JK 2S")
    found = sr.find_contract(hand, rules, 1)
    assert found is not None and sr.check_contract(found, rules, 1)
    assert oracle_find(hand, rules, 1) is not None


def test_the_oracle_can_say_yes_and_no() -> None:
    """The oracle itself: it finds the seed's layout, refuses a near miss, and lists only legal layouts."""
    hand = P("9C 9D 9H 4H 5H 6H 7H 4C 3C QC AS 5C")
    assert oracle_find(hand, sr.PAGAT7, 2) is not None
    assert oracle_find(P("9C 9D 4H 5H 6H 7H 4C 3C QC AS 5C"), sr.PAGAT7, 2) is None
    assert oracle_find(P("2C 3C 4C 5C 6C 7C 8C 9C"), sr.PAGAT7, 3) is None
    layouts = list(oracle_layouts(P("2C 3C 4C 5C 6C 7C 8C 9C JK"), sr.TEN_ROUND, 3))
    assert layouts
    for layout in layouts:
        assert_layout_from(layout, P("2C 3C 4C 5C 6C 7C 8C 9C JK"), sr.TEN_ROUND, 3)


# ---------------------------------------------------------------------------
# hard hands: the search stays exact where it prunes


@pytest.mark.parametrize(
    ("preset", "round_number", "text", "holds"),
    [
        # ten-round 10: clubs make two runs of 5 but not three, and the diamonds none (rejected by counting)
        ("ten-round", 10, "3C 8C 8C 9C 9C 10C 10C JC JC QC JD JD QD QD QD JK JK JK JK JK", False),
        ("ten-round", 10, "7C 8C 8C 9C 9C 10C 10C JC JC QC JD JD QD QD QD JK JK JK JK JK", True),
        # ten-round 9: three sets and a run of 5 share the wilds
        ("ten-round", 9, "2D 6D 8D 8D JD 6H 6S 7S 8S 9S 9S JS QS JK JK JK", False),
        ("ten-round", 9, "4H 4H 5H 8H 9H 10H JH JH QH 4S 5S 8S JS JK JK JK JK", True),
        # isra 7 and 6 with wild 2s that are natural in their own place
        ("isra", 7, "8C 9C 10C JC QC 2H 2S 8S 8S 9S 10S JS QS QS AS", True),
        ("isra", 6, "2C 2C 4C 5C 6C 8C 8C 9C QC AD 5H 10H 3S 7S 7S JS JK", False),
        # isra's 2s: natural in a set of 2s, or the wild that completes a pair
        ("isra", 4, "2C 2D 2H 9C 9D 9H KC KD KH", True),
        ("isra", 4, "2C 2D 9C 9D KC KD 5C 5D 2H", True),
        ("isra", 4, "2C 2D 9C 9D KC KD 5C 5D 7H", False),
    ],
)
def test_hard_hands(preset: str, round_number: int, text: str, holds: bool) -> None:
    """Hands from the benchmark corpus and near misses: the answer, and a legal layout when there is one."""
    rules = PRESETS[preset]
    hand = P(text)
    layout = sr.find_contract(hand, rules, round_number)
    assert (layout is not None) is holds
    if layout is not None:
        assert_layout_from(layout, hand, rules, round_number)


def test_touching_runs_refusal_suggests_an_arranged_meld_when_a_plain_group_placed_a_wild_spec5() -> None:
    """SPEC 5: a plain group puts a wild at the high end; when that makes same-suit runs touch
    (pagat7, 000), the refusal says how to place the wild elsewhere, and the arranged Meld is accepted."""
    plain = sr.check_contract([sr.parse_cards("2C 3C 4C 5C"), sr.parse_cards("6C 7C 8C JK")], sr.PAGAT7, 3)
    assert not plain
    assert "pass an arranged Meld" in plain.reason
    arranged = sr.Meld.run(sr.parse_cards("JK 6C 7C 8C"), start=5)
    assert sr.check_contract([sr.parse_cards("2C 3C 4C 5C"), arranged], sr.PAGAT7, 3)
    natural = sr.check_contract([sr.parse_cards("2C 3C 4C 5C"), sr.parse_cards("6C 7C 8C 9C")], sr.PAGAT7, 3)
    assert "arranged Meld" not in natural.reason


# ---------------------------------------------------------------------------
# the quick bounds: they only ever skip hopeless searches


BOUND_RULES = {
    **PRESETS,
    **HOUSE,
    "four runs of three at the end": attrs.evolve(
        sr.ISRA, min_run_length=3, contracts=(*sr.ISRA.contracts[:6], Contract(runs=4, run_length=3))
    ),
    "a set and five runs of three at the end, four jokers a deck": attrs.evolve(
        sr.TEN_ROUND, min_run_length=3, jokers_per_deck=4,
        contracts=(*sr.TEN_ROUND.contracts[:9], Contract(sets=1, runs=5, run_length=3)),
    ),
    "four runs of three, whole hand": attrs.evolve(
        sr.PAGAT7, min_run_length=3,
        contracts=(*sr.PAGAT7.contracts[:6], Contract(runs=4, run_length=3, no_discard=True)),
    ),
    "isra, five runs of three, whole hand, dead 2s": attrs.evolve(
        sr.ISRA, min_run_length=3, discarded_twos_die=True,
        contracts=(*sr.ISRA.contracts[:6], Contract(runs=5, run_length=3, no_discard=True)),
    ),
    "ten-round, a set and four runs, whole hand, wild 2s": attrs.evolve(
        sr.TEN_ROUND, decks_by_players=((8, 4),), jokers_per_deck=4, wild_twos=True, discarded_twos_die=True,
        contracts=(*sr.TEN_ROUND.contracts[:9], Contract(sets=1, runs=4, no_discard=True)),
    ),
    "pagat7, two sets and three runs, whole hand": attrs.evolve(
        sr.PAGAT7, decks_by_players=((5, 3),), min_run_length=3,
        contracts=(*sr.PAGAT7.contracts[:6], Contract(sets=2, runs=3, run_length=3, no_discard=True)),
    ),
    "ten-round, four runs, whole hand, four decks": attrs.evolve(
        sr.TEN_ROUND, decks_by_players=((8, 4),), jokers_per_deck=4,
        contracts=(*sr.TEN_ROUND.contracts[:9], Contract(runs=4, no_discard=True)),
    ),
}


def _with_shortcuts(hand: Sequence[sr.Card], rules: sr.Rules, contract: Contract) -> contract_search.ContractSearch:
    """The search with its bounds and shortcuts, but no placement limit, to compare with the search
    without them (which has none): what they must agree on is what the shortcuts leave out."""
    search = contract_search.ContractSearch(hand, rules, contract)
    search.placement_limit = None
    return search


@pytest.mark.parametrize("name", sorted(BOUND_RULES))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_quick_bounds_never_reject_a_hand_that_holds_a_layout(name: str, data: st.DataObject) -> None:
    """contract_bounds relaxes the rules to be cheap, and so may only reject hands without a layout: with the
    bounds and without them (the search alone, itself checked against the oracle above) find_contract agrees,
    on hands of every size a round deals, near misses included."""
    rules = BOUND_RULES[name]
    round_number = data.draw(st.integers(1, rules.rounds), label="round")
    hand = data.draw(planted_hands(rules, round_number, (0, 6)), label="hand")
    contract = rules.contract(round_number)
    with_bounds = next(_with_shortcuts(hand, rules, contract).layouts(), None)
    without = next(contract_search.ContractSearch(hand, rules, contract, bounds=False).layouts(), None)
    assert with_bounds == without, sr.format_cards(hand)


@pytest.mark.parametrize("name", sorted(BOUND_RULES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_contracts_with_the_same_runs_share_the_run_bounds_answers(name: str, data: st.DataObject) -> None:
    """What each suit's cards cost in runs does not depend on the contract's sets, so the contracts
    with the same runs share those answers: the run bound of one, asked after another has filled
    the shared answers (and the same runs under other rules theirs), is what it is when worked out
    from nothing."""
    rules = BOUND_RULES[name]
    round_number = data.draw(st.integers(1, rules.rounds), label="round")
    contract = rules.contract(round_number)
    assume(contract.runs)
    other = attrs.evolve(contract, sets=(contract.sets + 1) % 3)
    hand = data.draw(planted_hands(rules, round_number, (0, 6)), label="hand")
    search = contract_search.ContractSearch(hand, rules, contract)
    pools = range(search.wilds_left + 2)

    def answers(bound: contract_bounds.ContractBound) -> list[int | None]:
        # (an answer above the pool says only that the runs cannot be made: compared as such)
        return [cost if (cost := bound.runs_cost(search.counts, pool)) <= pool else None for pool in pools]

    MEMO.clear()
    alone = answers(contract_bounds.contract_bound(rules, contract))
    MEMO.clear()
    for other_rules in BOUND_RULES.values():
        answers(contract_bounds.ContractBound(other_rules, contract))
    filler = contract_bounds.contract_bound(rules, other)
    answers(filler)
    bound = contract_bounds.contract_bound(rules, contract)
    assert bound.costs_key == filler.costs_key
    assert answers(bound) == alone, sr.format_cards(hand)


def test_run_bounds_share_answers_only_where_every_answer_is_the_same() -> None:
    """The run bounds of two contracts, under the same rules or others, share what each suit's cards
    cost only where those costs are the same: for every pair that shares, on random suits and pools."""
    rng = random.Random(7)
    contracts = [Contract(sets=sets, runs=runs, run_length=length)
                 for runs in (1, 2, 3) for length in (3, 4) for sets in (0, 1)]
    # (and rules that differ from a preset in one thing the costs depend on)
    rules_list = [*BOUND_RULES.values(), attrs.evolve(sr.PAGAT7, ace_low=not sr.PAGAT7.ace_low),
                  attrs.evolve(sr.ISRA, run_wilds_apart=False), attrs.evolve(sr.ISRA, wild_twos=False)]
    bounds = [contract_bounds.ContractBound(rules, contract) for rules in rules_list for contract in contracts]
    pairs = 0
    for x, first in enumerate(bounds):
        for second in bounds[x + 1:]:
            if first.costs_key != second.costs_key:
                continue
            pairs += 1
            cap = min(first.runs, 3)
            for _ in range(20):
                suit = bytes(min(rng.randrange(4), cap) for _ in range(13))
                pool = rng.randrange(6)
                assert first._compute_costs(suit, pool) == second._compute_costs(suit, pool), (suit, pool)
    assert pairs > len(bounds)


_STRETCH_RULES = {
    "pagat7, runs of four": (sr.PAGAT7, 4),
    "isra, runs of four": (sr.ISRA, 4),
    "ten-round, runs of seven": (sr.TEN_ROUND, 7),
    "isra, runs of three": (attrs.evolve(sr.ISRA, min_run_length=3), 3),
}


@pytest.mark.parametrize("name", sorted(_STRETCH_RULES))
def test_the_one_stretch_cost_counts_every_stretch_at_once_exactly(name: str) -> None:
    """The run bound prices one run in a suit as the fewest places without a card in any stretch of the
    minimum length (within the wild limit, not every place, no two touching where wilds must be
    apart).  It counts all the stretches at once, a byte per place; for every set of cards a suit
    may lack and every limit, that is the count stretch by stretch."""
    rules, run_length = _STRETCH_RULES[name]
    bound = contract_bounds.ContractBound(rules, Contract(runs=2, run_length=run_length))
    lowest = 1 if rules.ace_low else 2
    for missing in range(1 << 13):  # the suit's 2 ... ace; the ace is at run positions 1 and 14
        at = [not (missing >> 12 & 1)] + [not (missing >> i & 1) for i in range(13)]  # positions 1-14
        empty = sum(1 << 8 * p for p in range(14) if not at[p])
        stretches = []
        for start in range(lowest - 1, 14 - run_length + 1):
            holes = [not held for held in at[start:start + run_length]]
            if not (rules.run_wilds_apart and any(a and b for a, b in zip(holes, holes[1:]))):
                stretches.append(sum(holes))
        for limit in range(5):
            expected = min([g for g in stretches if g <= limit and g != run_length], default=contract_bounds._NEVER)
            assert bound._one_cost(empty, limit) == expected, (bin(missing), limit)


_MANY_RUNS_RULES = {
    "pagat7, aces high": (sr.PAGAT7, 3),
    "isra, aces high and low, wild 2s, wilds apart": (attrs.evolve(sr.ISRA, min_run_length=3), 3),
    "ten-round, aces high and low, runs of four": (sr.TEN_ROUND, 4),
    "liverpool, aces high and low, runs of four": (sr.LIVERPOOL, 4),
}


@pytest.mark.parametrize("name", sorted(_MANY_RUNS_RULES))
def test_the_run_bound_prices_many_runs_in_a_suit_at_the_fewest_wilds_any_stretches_cost(name: str) -> None:
    """Four or more runs in one suit: the bound prices them as the fewest wilds any choice of that many
    stretches costs, where the stretches share the copies of each card (the ace one card at both ends)
    and each place no copy fills takes a wild.  Against every choice of stretches, on random suits."""
    rules, run_length = _MANY_RUNS_RULES[name]
    rng = random.Random(11)
    priced = 0
    for runs in (4, 5):
        bound = contract_bounds.ContractBound(rules, Contract(runs=runs, run_length=run_length))
        for _ in range(30):
            counts = bytes(rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(13))
            pool = rng.randrange(3, 9)
            costs = bound._many_costs(counts, pool)
            held = [0 if rules.wild_twos and index == 0 else n for index, n in enumerate(counts)]
            cap = bound.stretch_cap
            top = min(pool if cap is None or cap > pool else cap, 15)
            gaps = bound.stretches(counts)[1]
            spans = [[contract_bounds._index(p) for p in range(start, start + run_length)]
                     for start, gap in zip(range(bound.lowest, 15), gaps) if gap <= top and gap != run_length]
            for j in range(4, runs + 1):
                fewest = min((sum(max(0, cover - held[index]) for index, cover in
                                  Counter(index for span in chosen for index in span).items())
                              for chosen in combinations_with_replacement(spans, j)), default=None)
                if fewest is not None and fewest <= pool:
                    assert costs[j] == fewest, (counts.hex(), pool, j)
                    priced += 1
                else:
                    assert costs[j] > pool, (counts.hex(), pool, j)
    assert priced >= 20, priced


@pytest.mark.parametrize(
    ("preset", "round_number", "text"),
    [
        # a whole hand of hearts: three runs of four need three stretches that cover every card exactly
        ("pagat7", 7, "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H JK JK"),
        # the one exact cover, 2-5, 3-6 and 6-9 of spades, puts 2-5 right next to 6-9 (000: not two runs)
        ("pagat7", 7, "2S 3S 3S 4S 5S 5S 6S 6S 7S 9S JK JK"),
        # five clubs make one run, not two: two stretches of four would share three single cards
        ("pagat7", 3, "4C 5C 6C 7C 8C 2D 5D KH AS 9S 10S JS"),
        # the run is there, the two sets are not
        ("pagat7", 5, "4C 5C 6C 7C 9D 9H KS KD 2H 3S JK"),
    ],
)
def test_the_quick_bounds_reject_hopeless_hands(preset: str, round_number: int, text: str) -> None:
    """The bounds do their work: each of these hands holds no layout, and the bounds alone say so."""
    rules = PRESETS[preset]
    hand = P(text)
    assert sr.find_contract(hand, rules, round_number) is None
    search = contract_search.ContractSearch(hand, rules, rules.contract(round_number))
    assert search._hopeless()


@pytest.mark.parametrize(("round_number", "hand"), [
    (1, "5C 5D JK JK JK JK"),           # two sets: 5C 5D and a wild, and three wilds alone
    (4, "5C 5D 8H 8S JK JK JK JK JK"),  # three sets: 5s and 8s with a wild each, three wilds alone
])
def test_find_contract_counts_a_set_of_wilds_only_in_isra(round_number: int, hand: str) -> None:
    """SPEC 4.3 (002, ruling): under ISRA rules a set may be all wilds.  Where the only layout
    needs one beside sets with naturals, the search finds it: its bounds count such a set."""
    layout = sr.find_contract(sr.parse_cards(hand), sr.ISRA, round_number)
    assert layout is not None
    assert any(m.kind == "set" and m.rank is None for m in layout)
    assert sr.check_contract(layout, sr.ISRA, round_number)


_SET_RULES = {
    **{name: sr.get_rules(name) for name in ("pagat7", "ten-round", "isra")},
    **HOUSE,
    "isra, sets of distinct ranks": attrs.evolve(sr.ISRA, distinct_contract_set_ranks=True),
    "ten-round, no more wilds than naturals, sets of distinct ranks": attrs.evolve(
        sr.TEN_ROUND, distinct_contract_set_ranks=True),
}


@pytest.mark.parametrize("name", sorted(_SET_RULES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_sets_bound_over_the_best_ranks_is_the_knapsacks_answer_over_every_rank(
        name: str, data: st.DataObject) -> None:
    """SPEC 4.2 (the contract's sets): the search prices the sets from the 2s and the ranks with the
    most naturals only, and that price is exactly the knapsack's over every rank (sets of one rank
    or of two, sets of wilds only where the rules allow them), for any hand and any rules."""
    rules = _SET_RULES[name]
    for sets in (1, 2, 3):
        contract = Contract(sets=sets, runs=data.draw(st.integers(0, 1)), set_length=3, run_length=4)
        codes = data.draw(st.lists(st.integers(0, 52), min_size=0, max_size=16))
        hand = tuple(sr.cards.ALL_CARDS[code] for code in codes)
        search = contract_search.ContractSearch(hand, rules, contract)
        expected = sets_knapsack(search.counts, sets, search.tables.set_options)
        assert search._sets_cost() == expected, (name, contract, [str(c) for c in hand])


@pytest.mark.parametrize("by_length, shortest, regular", [
    (((1, 2),), 2, True),           # a limit of two a meld, stated by length: the same as by count
    (((2, 0), (3, 2)), 2, False),   # a 3-card set may hold two wilds where a 2-card one holds none
    (((2, 0), (3, 2)), 3, True),    # ... which no meld of three cards or more sees
    (((3, 1), (5, 2), (7, 3)), 3, True),
])
def test_wild_limits_are_regular_over_the_lengths_of_the_melds_in_question(
        by_length: tuple[tuple[int, int], ...], shortest: int, regular: bool) -> None:
    """WildLimits.regular looks only at melds at least as long as the shortest in question: a limit
    that jumps below a contract's melds does not make its search try every set length (which took a
    minute where the same limit by count took a fifth of a second)."""
    rules = attrs.evolve(sr.PAGAT7, max_wilds_per_meld=2, max_wilds_by_length=by_length, min_set_length=2,
                         min_run_length=2)
    assert wild_limits(rules).regular(20, shortest) is regular
    contract = Contract(sets=2, runs=1, set_length=shortest, run_length=max(shortest, 3))
    tables = contract_search._search_tables((rules, contract, 20), remember=False)
    assert tables.regular is regular


def test_a_whole_hand_set_is_as_long_as_every_wild_needs_where_limits_jump_with_length() -> None:
    """Where the wild limits rise by two wilds a card (three cards: none; four: two; six: four) and the
    round takes the whole hand, a set takes as many wilds as the limits allow at some length, not only
    the fewest: 8C 8D and four jokers go down as one set of six; with three jokers, no length takes them
    all (five cards may hold two wilds), so there is no layout."""
    rules = attrs.evolve(sr.PAGAT7, max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (4, 2), (6, 4)),
                         contracts=(Contract(sets=1, no_discard=True),), buy_limits=(2,))
    found = sr.find_contract(sr.parse_cards("8C 8D JK JK JK JK"), rules, 1)
    assert found is not None and [str(c) for c in found[0].cards] == ["8C", "8D", "JK", "JK", "JK", "JK"]
    assert sr.find_contract(sr.parse_cards("8C 8D JK JK JK"), rules, 1) is None


def test_sets_sharing_a_rank_under_limits_that_jump_share_its_naturals_as_the_limits_want() -> None:
    """Where three cards may hold no wild and four may hold two, two sets of 8s from four 8s and four jokers
    are 8-8-JK-JK twice: three 8s in one set would leave one 8 that no set may hold.  The search finds
    it, and the sets' bound (which prices a rank's sets over every way to share its naturals) does not
    call the hand hopeless."""
    rules = attrs.evolve(sr.TEN_ROUND, wilds_at_most_naturals=False, max_wilds_by_length=((3, 0), (4, 2)),
                         contracts=(Contract(sets=2),), buy_limits=(2,), hand_sizes=None)
    found = sr.find_contract(sr.parse_cards("8C 8D 8H 8S JK JK JK JK"), rules, 1)
    assert found is not None and sorted(len(m.cards) for m in found) == [4, 4]
    assert all(sum(c.rank == 8 for c in m.cards) == 2 for m in found)


@pytest.mark.parametrize("round_number, hand", [(1, "9C 9D JK JK JK 5C 5D 5H"), (2, "9C 9D JK JK JK 4H 5H 6H 7H")])
def test_a_set_grows_to_where_the_limits_let_it_hold_its_wilds_though_they_jump_past_the_contract(
        round_number: int, hand: str) -> None:
    """Three cards may hold no wild, five may hold three: 9C 9D and three jokers make a set of five, and the
    sets' bound prices it so (the limits are not even past the contract's length, however short the
    contract's sets), as the search without its bounds and the oracle find."""
    rules = attrs.evolve(sr.PAGAT7, max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (5, 3)))
    cards = sr.parse_cards(hand)
    found = sr.find_contract(cards, rules, round_number)
    assert found is not None and any(sorted(map(str, m.cards)) == ["9C", "9D", "JK", "JK", "JK"] for m in found)
    contract = rules.contract(round_number)
    assert next(contract_search.ContractSearch(cards, rules, contract, bounds=False).layouts(), None) is not None
    assert oracle_find(cards, rules, round_number) is not None


@pytest.mark.parametrize("length, hand", [(2, "2D 2D 2Hx 2Sx"), (3, "2D 2D 2Hx 2Sx JK JK")])
def test_sets_of_2s_of_different_suits_share_the_dead_2s_as_the_sets_need(length: int, hand: str) -> None:
    """Where 2s are wild, a discarded 2 dies, and a set's naturals are of different suits, two sets of 2s
    from 2D 2D and two dead 2s take one dead 2 each: both dead 2s in the first set would leave two 2D
    for the second, which may not hold two of one suit."""
    rules = attrs.evolve(sr.TEN_ROUND, contracts=(Contract(sets=2, set_length=length),), buy_limits=(2,),
                         hand_sizes=None, min_set_length=2, wild_twos=True, discarded_twos_die=True,
                         distinct_contract_set_suits=True, distinct_contract_set_ranks=False)
    cards = sr.parse_cards(hand)
    found = sr.find_contract(cards, rules, 1)
    assert found is not None and oracle_find(cards, rules, 1) is not None
    assert all(sum(c == sr.parse_card("2D") for c in m.cards) == 1 for m in found)


def _many_sets(base: sr.Rules, contract: Contract, **fields: object) -> sr.Rules:
    """A one-round variant of ``base`` playing ``contract`` (the sets' and runs' least lengths its own)."""
    lengths = {"min_set_length": contract.set_length, "min_run_length": min(base.min_run_length, contract.run_length)}
    return attrs.evolve(base, name="many sets", contracts=(contract,), buy_limits=(None,), hand_sizes=None,
                        hand_size=max(11, contract.min_cards + 1), **{**lengths, **fields})  # type: ignore[arg-type]


MANY_SETS = {
    "five sets of two, whole hand": _many_sets(sr.ISRA, Contract(sets=5, set_length=2, no_discard=True)),
    "four sets and a run, whole hand, limits that jump": _many_sets(
        sr.PAGAT7, Contract(sets=4, runs=1, run_length=3, no_discard=True), min_run_length=3,
        max_wilds_per_meld=None, max_wilds_by_length=((1, 0), (3, 1), (5, 4))),
    "six sets of two of different suits, dead 2s": _many_sets(
        sr.PAGAT7, Contract(sets=6, set_length=2), wild_twos=True, discarded_twos_die=True,
        distinct_contract_set_suits=True),
    "four sets of different ranks, whole hand": _many_sets(
        sr.TEN_ROUND, Contract(sets=4, no_discard=True), distinct_contract_set_ranks=True, jokers_per_deck=4),
    "five sets of two, wild 2s, whole hand": _many_sets(
        sr.TEN_ROUND, Contract(sets=5, set_length=2, no_discard=True), wild_twos=True, max_wilds_per_meld=2),
    "seven sets of three, limits by length": _many_sets(
        sr.TEN_ROUND, Contract(sets=7, set_length=3), max_wilds_per_meld=None, wilds_at_most_naturals=False,
        max_wilds_by_length=((1, 0), (2, 1), (4, 2), (6, 3)), jokers_per_deck=4, decks_by_players=((8, 4),)),
}


@st.composite
def few_ranks_hands(draw: st.DrawFn, rules: sr.Rules) -> list[sr.Card]:
    """A hand of a few ranks and some jokers, about as long as the contract: many ways to share the
    ranks among the sets, few of them whole."""
    rng = random.Random(draw(st.integers(0, 2**64), label="seed"))
    contract = rules.contract(1)
    ranks = rng.sample(range(2, 15), rng.randint(3, 7))
    size = rng.randint(contract.min_cards - 2, contract.min_cards + 4)
    joker = sr.parse_card("JK")
    hand = [joker if rng.random() < 0.2 else sr.Card(rng.choice(ranks), rng.choice(list(sr.Suit)))
            for _ in range(size)]
    if rules.discarded_twos_die:
        hand = [sr.dead_two(card) if card.rank == 2 and rng.random() < 0.5 else card for card in hand]
    return hand


@pytest.mark.parametrize("name", sorted(MANY_SETS))
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_sets_shortcuts_of_contracts_of_many_sets_keep_every_layout_in_its_order(name: str,
                                                                                      data: st.DataObject) -> None:
    """A contract of more than three sets notes the sets' states that led nowhere, and a whole-hand round
    leaves a state whose naturals the later sets cannot all take: with these shortcuts and without them
    (``bounds=False``) the search finds the same layouts in the same order, on hands dealt around the
    contract and on hands of a few ranks."""
    rules = MANY_SETS[name]
    if data.draw(st.booleans(), label="few ranks"):
        hand = data.draw(few_ranks_hands(rules), label="hand")
    else:
        hand = data.draw(planted_hands(rules, 1, (0, 6)), label="hand")
    contract = rules.contract(1)
    with_shortcuts = list(islice(_with_shortcuts(hand, rules, contract).layouts(), 30))
    without = list(islice(contract_search.ContractSearch(hand, rules, contract, bounds=False).layouts(), 30))
    assert with_shortcuts == without, sr.format_cards(hand)


#: Where the search's work is counted, it is stopped past this many runs and sets placed.
WORK_CAP = 100_000


@pytest.fixture
def search_work(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts the contract search's work: ``runs`` and ``sets`` placed (each searched on from); past
    :data:`WORK_CAP` in all the search is stopped, failing the test."""
    sr.clear_caches()
    count = {"runs": 0, "sets": 0}
    place_run = contract_search.ContractSearch._place_run
    place_set = contract_search.ContractSearch._placed_set

    def counted(kind: str, place: Any) -> Any:
        def placing(search: contract_search.ContractSearch, *args: Any) -> Iterator[None]:
            count[kind] += 1
            assert count["runs"] + count["sets"] <= WORK_CAP, count
            return place(search, *args)  # type: ignore[no-any-return]
        return placing

    monkeypatch.setattr(contract_search.ContractSearch, "_place_run", counted("runs", place_run))
    monkeypatch.setattr(contract_search.ContractSearch, "_placed_set", counted("sets", place_set))
    yield count


def test_a_whole_hand_of_eight_pairs_leaves_a_rank_no_later_set_can_take_at_once(search_work: dict[str, int]) -> None:
    """Eight sets of two take the whole hand, and this one of 23 cards holds none.  Sets come in order of
    rank, so a set that passes over a rank still holding naturals leaves them to no set, and eight sets
    cannot take naturals of nine ranks: the search leaves such a state at once.  It tries 360 sets; it
    tried 6,343 without that, and about a million (six seconds) without the dead states noted either."""
    rules = _many_sets(sr.ISRA, Contract(sets=8, set_length=2, no_discard=True), wild_twos=False,
                       max_wilds_by_length=((1, 1), (3, 3), (5, 6)), decks_by_players=((8, 4),))
    hand = sr.parse_cards("JK AC JK JK 2C 5S QS 10C 3D AH 8H 3C 3S 5H 9C JK 3D 3D 3S 3H 3H 3S 3C")
    assert sr.find_contract(hand, rules, 1) is None
    assert 0 < search_work["sets"] <= 1_000, search_work


def test_a_state_of_many_sets_that_led_nowhere_is_not_searched_again(search_work: dict[str, int]) -> None:
    """Eight sets of two of different suits, where 2s are wild and a discarded 2 dies: six dead 2H, which
    only sets of 2s can take, one a set, with no other 2 to pair them.  The hand holds no layout (the
    sets' bound, which counts a dead 2 as a wild, cannot tell).  Noting the sets' states that led
    nowhere, the search tries 245 sets, where it tried 967."""
    rules = _many_sets(sr.PAGAT7, Contract(sets=8, set_length=2), wild_twos=True, discarded_twos_die=True,
                       distinct_contract_set_suits=True, decks_by_players=((5, 4),))
    hand = sr.parse_cards("2Hx 2Hx 2Hx 2Hx 2Hx 2Hx 4H 5H 6H 7H 8H 9H 10H JH QH JK JK JK JK JK JK JK")
    assert sr.find_contract(hand, rules, 1) is None
    assert 0 < search_work["sets"] <= 400, search_work


def test_sets_sharing_a_rank_one_way_or_another_leave_the_wilds_different_room() -> None:
    """Four sets of two take the whole hand, and a meld of three or four cards may hold one wild, of five or
    more two.  Six 5s make two sets as 5555 + 55 or as 555 + 555: the same cards and wilds used, but room
    for three more wilds the one way and four the other.  The six jokers fit only the second way (555JJ
    twice, 77J, 99J), which the search finds though the first way was tried before it and led nowhere."""
    contract = Contract(sets=4, set_length=2, no_discard=True)
    rules = _many_sets(sr.TEN_ROUND, contract, max_wilds_per_meld=None, wilds_at_most_naturals=False,
                       max_wilds_by_length=((1, 0), (3, 1), (5, 2)), jokers_per_deck=4, decks_by_players=((8, 4),))
    hand = sr.parse_cards("5C 5D 5H 5S 5C 5D 9C 9D 7C 7D JK JK JK JK JK JK")
    found = sr.find_contract(hand, rules, 1)
    assert found is not None
    assert sorted(sum(c.rank == 5 for c in m.cards) for m in found) == [0, 0, 3, 3]
    assert next(contract_search.ContractSearch(hand, rules, contract, bounds=False).layouts(), None) == found


def test_a_dead_state_of_many_sets_is_told_apart_by_the_naturals_left_of_the_rank_before() -> None:
    """Seven sets of three, a meld of two to three cards holding one wild and of four or five two: the sets'
    states that led nowhere are told apart by the naturals left of the rank of the set before them too
    (a later set may be of that rank again), so every layout the search without its shortcuts finds is
    found, in the same order."""
    contract = Contract(sets=7, set_length=3)
    rules = _many_sets(sr.TEN_ROUND, contract, max_wilds_per_meld=None, wilds_at_most_naturals=False,
                       max_wilds_by_length=((1, 0), (2, 1), (4, 2), (6, 3)), jokers_per_deck=4,
                       decks_by_players=((8, 4),))
    hand = sr.parse_cards("KC 8C 10C KH 5C 5D 10S JK KS 8D 5D JK KD JK 10S 8S 10C 5S 6H 5H JK 10H")
    with_shortcuts = list(_with_shortcuts(hand, rules, contract).layouts())
    assert with_shortcuts == list(contract_search.ContractSearch(hand, rules, contract, bounds=False).layouts())
    assert len(with_shortcuts) == 4


def test_a_whole_hand_of_runs_needs_a_run_for_each_copy_of_a_card(search_work: dict[str, int]) -> None:
    """Six runs take the whole hand, and a run holds one card of each place: this hand of 28 cards holds
    8D three times and 4S twice, and needs three runs of diamonds, two of spades, one of clubs and one of
    hearts, seven in all, so it holds no layout.  The search says so before it places a run, where it
    placed runs for ten seconds (the whole-hand bound that says more is written for aces high and no
    wild 2s; these rules have both)."""
    contract = Contract(runs=6, run_length=3, no_discard=True)
    rules = _many_sets(sr.TEN_ROUND, contract, wild_twos=True, max_wilds_per_meld=None, wilds_at_most_naturals=False,
                       jokers_per_deck=2, decks_by_players=((8, 4),))
    hand = sr.parse_cards("8C 3H JK 4D JC 7H 5D 4S 8D 8D JK JD QC JK 10C 4D AD 8D 3D JK JK 8S 4S JK JK 2D 2C 2C")
    assert sr.find_contract(hand, rules, 1) is None
    assert search_work["runs"] == 0, search_work


def test_a_whole_hand_of_runs_and_a_set_needs_a_run_for_each_copy_the_set_does_not_take(
        search_work: dict[str, int]) -> None:
    """A set of four and five runs of four take the whole hand of 37 cards.  Whichever rank the set takes,
    the runs must take every copy of the rest, one a run: with the aces in the set, 7H and KC twice, and
    a card of spades and of diamonds, need six runs; with any other rank, more.  The hand holds no
    layout, and the search says so before it places a run, where it searched for over 30 s."""
    contract = Contract(sets=1, runs=5, set_length=4, run_length=4, no_discard=True)
    rules = _many_sets(sr.ISRA, contract, min_run_length=4, jokers_per_deck=8, decks_by_players=((8, 4),),
                       discarded_twos_die=True)
    hand = sr.parse_cards("7C JK JK JK JK KH 7H 2S JK JK JK 10S JK JK JK KC JK 7H 6S JK 2D JK JK JK 9C JK 4D "
                          "KC JC AD AD AC AD AS AS AS AC")
    assert sr.find_contract(hand, rules, 1) is None
    assert search_work["runs"] == 0, search_work


def test_the_contract_search_tries_at_most_its_limit_of_runs_and_sets(search_work: dict[str, int]) -> None:
    """Five sets of four, each of four suits, and three runs of four, from 38 cards with 2s wild and a dead
    2: the hand holds no layout, which the search without its limit proves in 4 s, after about 450,000
    runs and sets placed.  It stops at ``PLACEMENT_LIMIT`` tried, and says so."""
    contract = Contract(sets=5, runs=3, set_length=4, run_length=4)
    rules = _many_sets(sr.PAGAT7, contract, max_wilds_per_meld=None, jokers_per_deck=2, decks_by_players=((5, 4),),
                       wild_twos=True, discarded_twos_die=True, distinct_contract_set_suits=True)
    hand = sr.parse_cards("7D AC JK QD AD 5H 8S AD JK JK 4D 6S JH JK QD 10C 2D JC 3C QD JK JK 9D QC 3C QD QS KC "
                          "AD 7H AS 5S 9D 7S JK JK 2Sx JK")
    limit = contract_search.PLACEMENT_LIMIT
    search = contract_search.ContractSearch(hand, rules, contract)
    assert next(search.layouts(), None) is None
    assert search.limit_reached and search.placed == limit + 1
    # (the fixture counts the runs placed and the sets of naturals: the limit counts the windows weighed
    # for a run and the sets of wilds only too)
    assert limit // 2 < search_work["runs"] + search_work["sets"] <= limit + 1, search_work
    search_work.update(runs=0, sets=0)
    assert sr.find_contract(hand, rules, 1) is None
    assert limit // 2 < search_work["runs"] + search_work["sets"] <= limit + 1, search_work


def test_twelve_runs_the_suits_cannot_hold_are_priced_before_any_is_tried(search_work: dict[str, int]) -> None:
    """Twelve runs of three, 41 cards, ten jokers: the suits can hold 1, 3, 5 and 3 of the runs for 11
    jokers at the least (the run bound prices four or more runs in a suit as the fewest wilds any
    choice of stretches costs), so the hand holds no layout, and the search tries no run.  When the
    bound priced more than three runs in a suit as three, the search tried 9.3 million runs in a minute."""
    contract = Contract(runs=12, run_length=3)
    rules = _many_sets(sr.PAGAT7, contract, min_set_length=2, min_run_length=3, max_wilds_per_meld=None,
                       jokers_per_deck=2, contract_run_gap=1, decks_by_players=((5, 4),))
    hand = sr.parse_cards("JK 5C 4S JK 10D JK JK KH 8H 7H 6H JK AD JK JK QH 7H JK 6D 4D JK 5D 2D 4H 7H 6H KD "
                          "JS 5S 4D 7C KH 8S 2H 7D KD AH 3C AC 6H JK")
    assert sr.find_contract(hand, rules, 1) is None
    assert search_work == {"runs": 0, "sets": 0}


def test_the_placement_limit_counts_the_runs_and_sets_tried_since_the_last_layout(
        monkeypatch: pytest.MonkeyPatch, search_work: dict[str, int]) -> None:
    """Each layout of this hand comes within eleven runs and sets tried of the one before (windows weighed
    for a run, and shapes weighed for a set, among them), 151 in all for its 37 layouts: under a limit of
    eleven, every layout still comes, in the same order; under ten, the search stops before the last."""
    hand = sr.parse_cards("3C 3D 9D 10D 10D JD QD QD 5H 7H 8H 8H 3S 8S JK JK")
    every = list(sr.contract_layouts(hand, sr.PAGAT7, 5))
    assert len(every) == 37 and search_work["runs"] + search_work["sets"] > 11, search_work
    monkeypatch.setattr(contract_search, "PLACEMENT_LIMIT", 11)
    search = contract_search.ContractSearch(hand, sr.PAGAT7, sr.PAGAT7.contract(5))
    assert list(search.layouts()) == every
    assert not search.limit_reached
    monkeypatch.setattr(contract_search, "PLACEMENT_LIMIT", 10)
    short = contract_search.ContractSearch(hand, sr.PAGAT7, sr.PAGAT7.contract(5))
    found = list(short.layouts())
    assert found == every[:len(found)] and len(found) < len(every) and short.limit_reached


def test_a_hand_whose_layout_the_search_does_not_reach_lists_no_lay_down_but_may_go_down(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The ruling of the placement limit, as the engine applies it: where the search does not reach a
    layout within its limit, ``find_contract`` gives none and ``legal_actions`` lists no ``LayDown``
    (the judgement of a play and its listing agree, in the checking mode too), but a player who
    names a layout goes down with it, since ``apply`` judges the melds named, with no search."""
    hand = "4C KC KC 7D 8D 9D 10D JD KD 3H 7H JH 5S 6S JK"  # (its first layout comes after six tried)
    state = sr.setup_round(sr.PAGAT7, [hand, "2C 3C 4C", "2D 3D 4D"], stock="5C 6C 7C", round_number=5,
                           dealer=2)
    state = sr.apply(state, sr.DrawStock(0))
    layout = sr.find_contract(state.hands[0], sr.PAGAT7, 5)
    assert layout is not None
    assert any(isinstance(action, sr.LayDown) for action in sr.legal_actions(state))
    monkeypatch.setattr(contract_search, "PLACEMENT_LIMIT", 3)
    sr.clear_caches()
    with checking(True):
        assert sr.find_contract(state.hands[0], sr.PAGAT7, 5) is None
        assert not any(isinstance(action, sr.LayDown) for action in sr.legal_actions(state))
        after = sr.apply(state, sr.LayDown(0, layout))
    assert after.down[0]


def test_the_run_bound_of_many_runs_answers_alike_whatever_the_memo_holds() -> None:
    """Twelve runs of three from 35 clubs and two jokers: the run bound settles the hand before any run is
    tried.  The same clubs with five jokers (a hand with a layout) make the count of many runs give up
    (too many states); its answer for that pool must not serve the hand of two jokers, which the
    search would then try for 50,000 runs and sets."""
    rules = attrs.evolve(sr.TEN_ROUND, wilds_at_most_naturals=False, min_run_length=3, hand_sizes=None,
                         hand_size=40, buy_limits=(2,), decks_by_players=((8, 12),), jokers_per_deck=4,
                         contracts=(Contract(runs=12, run_length=3),))
    clubs = ("2C 2C 2C 2C 3C 3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 7C 8C 8C 8C 9C 9C 9C 10C 10C 10C QC QC KC KC KC KC "
             "AC AC AC AC")

    def tried(jokers: int) -> tuple[bool, bool, int]:
        search = contract_search.ContractSearch(sr.parse_cards(clubs + " JK" * jokers), rules, rules.contract(1))
        found = next(search.layouts(), None) is not None
        return found, search.limit_reached, search.placed

    sr.clear_caches()
    fresh = tried(2)
    sr.clear_caches()
    assert tried(5)[0]
    assert tried(2) == fresh == (False, False, 0)


def test_a_whole_hand_with_more_jokers_than_its_melds_hold_is_settled_before_any_run_is_tried(
        search_work: dict[str, int]) -> None:
    """Three runs, the whole hand, at most four wilds a meld: thirteen jokers cannot all go down, and the
    search says so at once (it tried 40,000 runs over seconds)."""
    rules = attrs.evolve(sr.PAGAT7, jokers_per_deck=8, max_wilds_per_meld=4)
    hand = sr.parse_cards("3D 4D 5D 6D 8D 10D JD QD KD AD" + " JK" * 13)
    assert sr.find_contract(hand, rules, 7) is None
    assert search_work == {"runs": 0, "sets": 0}


def test_the_whole_hand_bound_covers_a_suit_only_as_the_search_found_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole-hand bound of three runs covers each suit's cards anew for each pattern of them, at
    thousands of steps a pattern: it is asked where the suits from the search's suit on are as the
    search found them, not after each run placed (a hand of 23 diamonds and 16 jokers covered 3,000
    patterns in its first 5,000 runs tried, 5.5 million steps)."""
    rules = attrs.evolve(sr.PAGAT7, jokers_per_deck=8, max_wilds_per_meld=None)
    hand = sr.parse_cards("2D 3D 4D 5D 7D 8D 9D 10D JD QD KD AD 2D 3D 4D 5D 6D 8D 10D JD QD KD AD" + " JK" * 16)
    covered: list[tuple[int, ...]] = []
    suit_covers = contract_bounds.ContractBound._suit_covers

    def counting(bound: contract_bounds.ContractBound, counts: tuple[int, ...], pool: int) -> Any:
        covered.append(counts)
        return suit_covers(bound, counts, pool)

    monkeypatch.setattr(contract_bounds.ContractBound, "_suit_covers", counting)
    monkeypatch.setattr(contract_search, "PLACEMENT_LIMIT", 5_000)
    sr.clear_caches()
    search = contract_search.ContractSearch(hand, rules, rules.contract(7))
    next(search.layouts(), None)
    assert 0 < len(set(covered)) <= 8, len(set(covered))


def test_the_placement_limit_counts_the_windows_weighed_for_a_run(search_work: dict[str, int]) -> None:
    """The last run of a whole-hand round weighs every window of every start against the ranks the sets
    must take, and most windows are passed over before a run is placed: 1.7 million of them went by in
    6 s when only the runs placed were counted.  Each window weighed counts as a run tried, so the
    search stops at its limit having placed far fewer runs and sets than it."""
    contract = Contract(sets=5, runs=4, set_length=5, run_length=2, no_discard=True)
    rules = attrs.evolve(sr.PAGAT7, name="h", min_players=2, max_players=2, decks_by_players=((2, 2),),
                         jokers_per_deck=16, hand_size=60, shanghai_call=False, buy_limits=(0,), contracts=(contract,),
                         min_run_length=2, min_set_length=2, max_wilds_per_meld=8, ace_low=True, contract_run_gap=2)
    hand = sr.parse_cards("JK " * 17 + "2D 6D AD 4D AD QH 6H 9H 5H 3H 9H 9D 7H 4D 10D KH KH 10D 3H QD QD KD 5H 4H "
                          "AH 4H 6H 2H 7D 9D 8H 2H 7H 7D 8D")
    search = contract_search.ContractSearch(hand, rules, contract)
    assert next(search.layouts(), None) is None
    assert search.limit_reached
    assert search_work["runs"] + search_work["sets"] < contract_search.PLACEMENT_LIMIT // 2, search_work


_LIMIT_SHAPES = {
    "one a meld": {"max_wilds_per_meld": 1},
    "none": {"max_wilds_per_meld": None},
    "by length, jumping": {"max_wilds_per_meld": None, "max_wilds_by_length": ((3, 0), (6, 3))},
    "by length, falling and rising": {"max_wilds_per_meld": None, "max_wilds_by_length": ((1, 2), (4, 0), (7, 5))},
    "no more than naturals": {"max_wilds_per_meld": None, "wilds_at_most_naturals": True},
    "by length, and no more than naturals": {"max_wilds_per_meld": None, "wilds_at_most_naturals": True,
                                             "max_wilds_by_length": ((2, 1), (5, 4))},
    "by length, two at even lengths, none at odd": {
        "max_wilds_per_meld": None, "max_wilds_by_length": tuple((n, 2 * (n % 2 == 0)) for n in range(1, 80))},
    "by length, unlimited past a length": {"max_wilds_per_meld": None, "max_wilds_by_length": ((3, 0), (9, 40))},
}


@pytest.mark.parametrize("name", sorted(_LIMIT_SHAPES))
def test_the_wilds_a_set_may_hold_are_read_off_the_limits_a_run_of_lengths_at_a_time(name: str) -> None:
    """The search asks which counts of wilds a set may hold (its shapes) and how many more the sets
    chosen could take in a whole-hand round, counting runs of lengths of one limit at a time, so a
    hand of hundreds of jokers costs no more than a few: the same counts, one by one, as the limits
    allow them."""
    rules = attrs.evolve(sr.PAGAT7, jokers_per_deck=40, **_LIMIT_SHAPES[name])  # type: ignore[arg-type]
    search = contract_search.ContractSearch(sr.parse_cards("5H 5D" + " JK" * 60), rules, rules.contract(1))
    for naturals in range(6):
        for low in range(5):
            for high in (low, low + 3, 61):
                ranges = list(search._wild_counts(naturals, low, high))
                counts = [count for first, last in ranges for count in range(first, last + 1)]
                assert counts == [w for w in range(low, high + 1) if search._set_ok(w, naturals)], (naturals, low, high)
        for held in range(4):
            for most in (1, 4, 60):
                search.sets = [(5, [0] * naturals, held)]
                extra = 0
                while extra < most and search._set_ok(held + extra + 1, naturals):
                    extra += 1
                assert search._room(most) == extra, (naturals, held, most)


def test_a_set_of_hundreds_of_jokers_costs_no_more_than_one_of_a_few(monkeypatch: pytest.MonkeyPatch) -> None:
    """Eleven sets and a run from 44 naturals and 896 jokers, under limits that jump (no wild in a set of
    three to five, three from six cards): a set of one or two naturals fits no count of wilds, and
    the search weighed every count up to the wilds held for each, rank after rank (79 million
    judgements of a set's wilds, 15 s).  It weighs the limits a run of lengths at a time."""
    contract = Contract(sets=11, runs=1, set_length=3, run_length=3)
    rules = attrs.evolve(sr.PAGAT7, contracts=(contract,), buy_limits=(None,), min_run_length=3,
                         max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (6, 3)), jokers_per_deck=448,
                         decks_by_players=((5, 2),), distinct_contract_set_suits=True)
    naturals = [f"{rank}S" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")]
    naturals += [f"{rank}{suit}" for rank in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q") for suit in "CDH"]
    hand = sr.parse_cards(" ".join(naturals) + " KC KC KD" + " JK" * 896)
    judged = [0]
    set_ok = contract_search.ContractSearch._set_ok

    def counting(search: contract_search.ContractSearch, wilds: int, count: int) -> bool:
        judged[0] += 1
        return set_ok(search, wilds, count)

    monkeypatch.setattr(contract_search.ContractSearch, "_set_ok", counting)
    monkeypatch.setattr(contract_search, "PLACEMENT_LIMIT", 5_000)
    search = contract_search.ContractSearch(hand, rules, contract)
    assert next(search.layouts(), None) is None and search.limit_reached
    assert judged[0] < 50_000, judged


class _CountedReads(tuple):  # type: ignore[type-arg]
    """A tuple that counts the items read from it (by index or in a loop)."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        _CountedReads.reads += 1
        return super().__getitem__(index)

    def __iter__(self) -> Iterator[Any]:
        for item in super().__iter__():
            _CountedReads.reads += 1
            yield item


def test_the_wilds_a_set_may_hold_are_read_off_only_the_lengths_that_can_hold_them() -> None:
    """Under limits of two wilds at every even length and none at every odd one, up to a thousand, the
    runs of lengths of one limit are a thousand: the counts a set may hold are read up to the first
    run past which no count fits, not over every run up to the wilds held (896 jokers: 6 s for a
    search that tried 23,000 runs and sets)."""
    contract = Contract(sets=10, runs=2, set_length=3, run_length=3)
    steps = tuple((n, 2 * (n % 2 == 0)) for n in range(1, 1001))
    rules = attrs.evolve(sr.PAGAT7, contracts=(contract,), buy_limits=(None,), min_run_length=3,
                         max_wilds_per_meld=None, max_wilds_by_length=steps, jokers_per_deck=448,
                         decks_by_players=((5, 2),), distinct_contract_set_suits=True,
                         distinct_contract_set_ranks=False, contract_run_gap=0)
    hand = sr.parse_cards("5C 5C 5D 6D 6D AH AH AD AC AC 4C 4C 4H QH QH 9H 8D 8D 6H 3H 2H 9H 5H 4D 7D 3D 9D 5D"
                          + " JK" * 896)
    search = contract_search.ContractSearch(hand, rules, contract)
    assert len(search.tables.segments) > 900  # (one a length, up to the hand's size)
    search.tables = search.tables._replace(segments=_CountedReads(search.tables.segments))
    _CountedReads.reads = 0
    search.placement_limit = 2_000
    next(search.layouts(), None)
    assert 0 < _CountedReads.reads < 100_000, _CountedReads.reads
