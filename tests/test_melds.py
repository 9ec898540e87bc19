"""Melds: check_meld and lay_off_options against SPEC 2-3 and the seeds, per preset.

Seeds are cited by number: 000 the seven-round lesson after Pagat, 001 the Contract-Rummy-style summary,
002 the ISRA condensed rules, 003 and 004 the ten-round write-ups.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from shanghai_rules.cards import ALL_CARDS

P = sr.parse_cards
JK = sr.parse_card("JK")
SUITS = list(sr.Suit)
PRESETS = {"pagat7": sr.PAGAT7, "ten-round": sr.TEN_ROUND, "isra": sr.ISRA}


def card_at(position: int, suit: sr.Suit) -> sr.Card:
    """The natural card at a run position: 1 is a low ace, 14 a high ace."""
    return sr.Card(sr.ACE if position == 1 else position, suit)


def verdict(text: str, rules: sr.Rules, kind: sr.MeldKind | None = None) -> sr.MeldCheck:
    return sr.check_meld(P(text), rules, kind)


# ---------------------------------------------------------------------------
# every example of SPEC 2-3 and the seeds, named after its rule


def test_set_is_three_or_more_of_one_rank_any_suits_spec2_002() -> None:
    """SPEC 2, 002: "A SET is a group of THREE or more cards of the same value in any suit"."""
    for rules in PRESETS.values():
        assert verdict("8H 8C 8D", rules).kind == "set"
        assert verdict("8H 8C 8D 8S 8H", rules)
        assert "at least 3" in verdict("8H 8C", rules).reason


def test_run_is_four_or_more_of_one_suit_in_order_spec2_002() -> None:
    """SPEC 2, 002: "A RUN is a group of FOUR or more cards in running order - all of the same suit"."""
    for rules in PRESETS.values():
        assert verdict("4C 5C 6C 7C", rules).kind == "run"
        assert "at least 4" in verdict("4C 5C 6C", rules).reason
        assert not verdict("4C 5C 6D 7C", rules)


def test_set_of_one_rank_from_several_decks_is_legal_spec3_001() -> None:
    """SPEC 3, 001, 003: several decks are shuffled together, so a set may repeat a card (5, 5, 5 from 001)."""
    for rules in PRESETS.values():
        result = verdict("5H 5H 5C 5C 5D 5D", rules)
        assert result.kind == "set" and result.meld is not None
        assert Counter(result.meld.cards) == Counter(P("5H 5H 5C 5C 5D 5D"))


def test_run_card_joins_only_at_ends_000() -> None:
    """000: "A 3♣ or 8♣ fits the ends of a club run containing 4♣, 5♣, 6♣ and 7♣.  An additional 6♣ does not
    extend that run, because it repeats a position already present"."""
    run = verdict("4C 5C 6C 7C", sr.PAGAT7).meld
    assert run is not None
    low = sr.lay_off_options(run, sr.parse_card("3C"), sr.PAGAT7)
    high = sr.lay_off_options(run, sr.parse_card("8C"), sr.PAGAT7)
    assert [(end, str(meld)) for end, meld in low] == [("low", "3C 4C 5C 6C 7C")]
    assert [(end, str(meld)) for end, meld in high] == [("high", "4C 5C 6C 7C 8C")]
    assert sr.lay_off_options(run, sr.parse_card("6C"), sr.PAGAT7) == ()
    assert "twice" in verdict("4C 5C 6C 6C 7C", sr.PAGAT7).reason


def test_extra_card_of_the_rank_fits_a_set_000() -> None:
    """000: "An extra eight fits a set of eights"; a nine does not."""
    eights = verdict("8H 8C 8D", sr.PAGAT7).meld
    assert eights is not None
    ((end, grown),) = sr.lay_off_options(eights, sr.parse_card("8S"), sr.PAGAT7)
    assert end is None and grown.rank == 8 and len(grown.cards) == 4
    assert sr.lay_off_options(eights, sr.parse_card("9S"), sr.PAGAT7) == ()


def test_winning_turn_lays_down_and_lays_off_000() -> None:
    """000, "A complete winning turn": 9♣ 9♦ 9♥ and 4♥-7♥ are a set and a run; 5♣, then 4♣, then 3♣ go to the
    bottom of Henry's 6♣-9♣, and Q♣ joins his Q♥ Q♦ Q♠."""
    assert verdict("9C 9D 9H", sr.PAGAT7, "set")
    assert verdict("4H 5H 6H 7H", sr.PAGAT7, "run")
    clubs = verdict("6C 7C 8C 9C", sr.PAGAT7).meld
    assert clubs is not None
    for text in ("5C", "4C", "3C"):
        options = sr.lay_off_options(clubs, sr.parse_card(text), sr.PAGAT7)
        assert [end for end, _ in options] == ["low"]
        clubs = options[0][1]
        assert sr.check_meld(clubs, sr.PAGAT7)
    assert str(clubs) == "3C 4C 5C 6C 7C 8C 9C" and clubs.start == 3
    queens = verdict("QH QD QS", sr.PAGAT7).meld
    assert queens is not None
    ((end, grown),) = sr.lay_off_options(queens, sr.parse_card("QC"), sr.PAGAT7)
    assert end is None and grown.rank == sr.QUEEN and grown.cards == queens.cards + (sr.parse_card("QC"),)


def test_one_joker_per_meld_pagat7_000() -> None:
    """000: "a maximum of one joker in each set or run"; 001: "A book or run cannot contain more than one joker"."""
    assert verdict("4C 5C JK 7C", sr.PAGAT7)
    assert verdict("KH KC JK", sr.PAGAT7)
    for text in ("4C JK 6C JK", "KH KC JK JK", "JK JK JK"):
        assert verdict(text, sr.PAGAT7).reason == "a meld may hold at most one wild under these rules"


def test_aces_high_only_pagat7_001() -> None:
    """001: "Aces are high only, J Q K A is valid, A 2 3 4 is not valid" (also 000)."""
    assert verdict("JS QS KS AS", sr.PAGAT7).kind == "run"
    result = verdict("AS 2S 3S 4S", sr.PAGAT7)
    assert not result
    assert result.reason == "aces are high only under these rules: A-2-3-4 is not a run"


def test_aces_high_or_low_ten_round_004() -> None:
    """004: "Aces are high (above a King) or low, (below 2)"."""
    assert verdict("JS QS KS AS", sr.TEN_ROUND).meld == sr.Meld("run", P("JS QS KS AS"), suit=sr.Suit.SPADES, start=11)
    assert verdict("AS 2S 3S 4S", sr.TEN_ROUND).meld == sr.Meld("run", P("AS 2S 3S 4S"), suit=sr.Suit.SPADES, start=1)


def test_ace_ends_the_run_no_wrap_isra_002() -> None:
    """002: "Aces can be high or low ... But you cannot wrap around the ace - it must be either high or low and
    ends the run"; SPEC 3: Q-K-A-2 wraps and never is a run."""
    assert verdict("AD 2D 3D 4D", sr.ISRA)
    assert verdict("JD QD KD AD", sr.ISRA)
    for rules in PRESETS.values():
        for text in ("QC KC AC 2C 3C", "KC AC 2C 3C"):
            result = verdict(text, rules)
            assert not result, (rules.name, text)
            if not rules.wild_twos:
                assert "wrap" in result.reason


def test_queen_king_ace_two_is_never_a_run_but_a_wild_two_may_stand_below_spec3() -> None:
    """SPEC 3: Q-K-A-2 never is a run; where 2s are wild the 2 stands for the jack instead (J-Q-K-A)."""
    assert "wrap" in verdict("QH KH AH 2H", sr.PAGAT7).reason
    assert "wrap" in verdict("QH KH AH 2H", sr.TEN_ROUND).reason
    meld = verdict("QH KH AH 2H", sr.ISRA).meld
    assert meld is not None
    assert meld.describe() == "run 2H(JH) QH KH AH"


def test_run_never_holds_low_and_high_ace_spec3() -> None:
    """SPEC 3 (ruling): one run never holds a low ace and a high ace both, so a run has at most 13 cards."""
    thirteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    for rules in (sr.TEN_ROUND, sr.ISRA):
        # all thirteen ranks: the ace may stand at either end; read unordered, the higher reading is taken
        assert verdict(thirteen, rules).meld == sr.Meld("run", P(thirteen)[1:] + P("AS"), suit=sr.Suit.SPADES,
                                                       start=2)
        assert sr.check_meld(sr.Meld("run", P(thirteen), suit=sr.Suit.SPADES, start=1), rules)
        with_joker = verdict("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS JK", rules).meld
        assert with_joker is not None and with_joker.describe().endswith("QS JK(KS) AS")
        assert "at most 13" in verdict(thirteen + " AS", rules).reason
        assert "at most 13" in verdict(thirteen + " JK", rules).reason
        assert "at most one ace" in verdict("AS 2S 3S AS", rules).reason


def test_no_more_wilds_than_naturals_ten_round_004() -> None:
    """004: "they may lay the same number of jokers as face-cards (8/8/joker/joker) ... a player cannot lay more
    jokers than face-cards (8/joker/joker) ... (8/8/joker)"."""
    assert verdict("8H 8C JK JK", sr.TEN_ROUND).kind == "set"
    assert verdict("8H 8C JK", sr.TEN_ROUND).kind == "set"
    refused = verdict("8H JK JK", sr.TEN_ROUND)
    assert not refused
    assert "no more wilds than naturals" in refused.reason


def test_no_two_wilds_adjacent_in_runs_isra_002() -> None:
    """002: "a run can not be 3, Joker, Joker 6 of spades. There must be a regular card between each joker"."""
    result = verdict("3S JK JK 6S", sr.ISRA)
    assert not result
    assert result.reason == "two wilds may not stand next to each other in a run under these rules"
    assert verdict("3S JK 5S JK", sr.ISRA)


def test_jokers_anywhere_in_sets_and_three_jokers_make_a_set_isra_002() -> None:
    """002: "For a set, Jokers can be used anywhere" and "Three jokers can be used to form a set"."""
    assert verdict("8H JK JK JK JK", sr.ISRA).kind == "set"
    all_jokers = verdict("JK JK JK", sr.ISRA)
    assert all_jokers.kind == "set" and all_jokers.meld is not None and all_jokers.meld.rank is None
    assert not verdict("JK JK JK", sr.PAGAT7)
    assert not verdict("JK JK JK", sr.TEN_ROUND)


def test_wild_two_in_own_place_is_natural_spec2() -> None:
    """SPEC 2 (ruling): where 2s are wild, a 2 placed where it is itself (a set of 2s; rank 2 of its own suit in a
    run) is natural."""
    run = verdict("2S 3S 4S 5S", sr.ISRA).meld
    assert run is not None and run.wild_indices() == () and run.start == 2
    twos = verdict("2C 2D 2H", sr.ISRA).meld
    assert twos is not None and twos.rank == 2 and twos.wild_indices() == ()
    # under a one-wild limit, the 2 in its own place does not count as the wild
    house = attrs.evolve(sr.PAGAT7, wild_twos=True)
    assert verdict("2S 3S 4S JK", house)
    assert verdict("2S 2H 4S 5S", house).meld.describe() == "run 2S 2H(3S) 4S 5S"  # type: ignore[union-attr]
    assert "at most one wild" in verdict("2H 3S 4S JK", house).reason


def test_wild_two_elsewhere_is_wild_isra() -> None:
    """SPEC 3 (isra: jokers and 2s wild): a 2 away from its own place stands for another card."""
    meld = verdict("5D 6D 2D 8D", sr.ISRA).meld
    assert meld is not None and meld.describe() == "run 5D 6D 2D(7D) 8D"
    assert verdict("8H 8C 2S", sr.ISRA).meld.describe() == "set 8C 8H 2S"  # type: ignore[union-attr]
    assert "two wilds may not" in verdict("3S 2H 2D 6S", sr.ISRA).reason


def test_plain_group_is_unordered_and_wild_takes_the_high_end_spec5() -> None:
    """SPEC 5 (ruling): a plain group is read as unordered; where a wild could go at either end it takes the high
    end when it can."""
    meld = verdict("JK 4C 6C 5C", sr.PAGAT7).meld
    assert meld == sr.Meld("run", P("4C 5C 6C JK"), suit=sr.Suit.CLUBS, start=4)
    assert meld.describe() == "run 4C 5C 6C JK(7C)"
    blocked = verdict("KS JK AS QS", sr.PAGAT7).meld  # the ace ends the run: the joker goes low
    assert blocked is not None and blocked.describe() == "run JK(JS) QS KS AS"


def test_arranged_meld_keeps_its_positions_spec5() -> None:
    """SPEC 5: a caller who wants a wild elsewhere passes an arranged Meld, whose positions are kept exactly."""
    low = sr.Meld.run(P("JK 5C 6C 7C"))
    assert low.start == 4
    result = sr.check_meld(low, sr.PAGAT7)
    assert result and result.meld is low
    assert result.meld.describe() == "run JK(4C) 5C 6C 7C"
    misplaced = sr.Meld("run", P("5C 4C 6C 7C"), suit=sr.Suit.CLUBS, start=4)
    assert "cannot stand where" in sr.check_meld(misplaced, sr.PAGAT7).reason


# ---------------------------------------------------------------------------
# table-driven cases per preset: (group, kind it makes) or (group, words of the reason)

LEGAL: dict[str, list[tuple[str, sr.MeldKind]]] = {
    "pagat7": [
        ("8H 8C 8D", "set"), ("8H 8C 8D 8S", "set"), ("8H 8H 8C", "set"), ("8H 8H 8C 8C 8S", "set"),
        ("KH KC JK", "set"), ("JK AS AD", "set"), ("2C 2D 2H", "set"), ("QS QS QH QH QD QD QC", "set"),
        ("AS AD AH AC JK", "set"), ("4C 5C 6C 7C", "run"), ("7C 6C 5C 4C", "run"), ("4C 5C JK 7C", "run"),
        ("JK 5D 6D 7D", "run"), ("JH QH KH AH", "run"), ("10S JS QS KS AS", "run"), ("QS JK KS AS", "run"),
        ("2D 3D 4D 5D", "run"), ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "run"), ("9C 10C JC QC KC AC", "run"),
        ("3S 4S 5S 6S 7S 8S 9S 10S", "run"), ("6H 8H 7H 9H JK", "run"), ("10S JS QS KS AS JK", "run"),
        ("2S 3S JK 5S", "run"), ("JK 2S 3S 4S", "run"),
    ],
    "ten-round": [
        ("8H 8C JK JK", "set"), ("8H 8C JK", "set"), ("8H 8C 8D", "set"), ("8H 8H 8H 8C JK", "set"),
        ("2C 2D 2H", "set"), ("7D 7C 7S 7H 7D 7C", "set"), ("KS KH KD KC JK JK JK", "set"),
        ("AS 2S 3S 4S", "run"), ("JH QH KH AH", "run"), ("AS 2S JK JK", "run"), ("4C JK 6C JK", "run"),
        ("5D 6D JK JK", "run"), ("2C 3C 4C 5C", "run"), ("JK AS 2S 3S", "run"), ("QD KD AD JK", "run"),
        ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "run"), ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "run"),
        ("9S 10S JK QS JK", "run"), ("AS 2S 3S JK JK JK", "run"), ("JK JK 3D 4D", "run"),
    ],
    "isra": [
        ("JK JK JK", "set"), ("8H JK JK JK", "set"), ("8H 8C 2S", "set"), ("8H 2C 2D", "set"), ("2C 2D 2H", "set"),
        ("2C 2C 2D 2D JK", "set"), ("AS AS AD JK JK", "set"), ("JK 2S JK JK", "set"), ("3S JK 5S JK", "run"),
        ("3S 2H 5S JK", "run"), ("2S 3S 4S 5S", "run"), ("AS 2S 3S 4S", "run"), ("JH QH KH AH", "run"),
        ("QH KH AH 2H", "run"), ("AS 2S JK 4S", "run"), ("5D 6D 2D 8D", "run"), ("2D 3D 2C 5D", "run"),
        ("9C 10C JC QC KC AC JK", "run"), ("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "run"),
        ("4H JK 6H JK 8H JK", "run"), ("JK 4H JK 6H", "run"), ("4S 5S JK JK", "run"), ("2S 2S 4S 5S", "run"),
    ],
}

ILLEGAL: dict[str, list[tuple[str, str]]] = {
    "pagat7": [
        ("8H 8C", "set needs at least 3"), ("4C 5C 6C", "run needs at least 4"), ("4C 5C 6D 7C", "neither"),
        ("4C JK 6C JK", "at most one wild"), ("8H 8C JK JK", "at most one wild"), ("JK JK JK", "at most one wild"),
        ("JK 5D JK 7D", "at most one wild"), ("JS QS KS AS JK JK", "at most one wild"),
        ("AS 2S 3S 4S", "aces are high only"), ("AS 2S 3S JK", "aces are high only"), ("QH KH AH 2H", "wrap"),
        ("KD AD 2D 3D", "wrap"), ("AS KS 2S JK", "wrap"), ("4C 4C 5C 6C", "twice"), ("4C 5C 5C 6C 7C", "twice"),
        ("3C 5C 7C 9C", "in a row"), ("2H 3H 4H 6H 7H", "in a row"), ("8H 9C 8D 8S", "neither"),
        ("KH KC QD", "neither"), ("AH AH KH QH", "at most one ace"), ("2S JK JK JK", "at most one wild"),
    ],
    "ten-round": [
        ("8H JK JK", "no more wilds than naturals"), ("8H JK JK JK 8C", "no more wilds than naturals"),
        ("4C JK JK JK", "no more wilds than naturals"), ("JK JK JK", "no more wilds than naturals"),
        ("AS 2S JK JK JK", "no more wilds than naturals"), ("QH KH AH 2H", "wrap"), ("KH AH 2H 3H", "wrap"),
        ("JH QH KH AH 2H", "wrap"), ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "at most 13"),
        ("AS AS 2S 3S", "at most one ace"), ("5D 5D 6D 7D", "twice"), ("4C 5C 6C", "at least 4"),
        ("2H 3S 4S 5S", "neither"), ("8H 8C", "at least 3"), ("3C 5C 7C 9C", "in a row"),
        ("8S 8S 9S JK", "twice"),
    ],
    "isra": [
        ("3S JK JK 6S", "next to each other"), ("3S 2H 2D 6S", "next to each other"),
        ("4S 5S JK JK JK", "next to each other"), ("4D JK JK 7D JK", "next to each other"),
        ("KC AC 3C JK", "wrap"), ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "at most 13"),
        ("AH AH 3H 4H", "at most one ace"), ("8H 9H", "at least"), ("8H 8C 9D", "neither"),
        ("5S 5S 6S 7S", "twice"), ("JK JK", "set needs at least 3"), ("2C 2D", "set needs at least 3"),
        ("4D 5D 6D 7C", "neither"), ("3H 4H 5H 7H", "in a row"), ("8H 8C 9C JK", "neither"),
    ],
}

LEGAL_CASES = [(name, text, kind) for name, cases in LEGAL.items() for text, kind in cases]
ILLEGAL_CASES = [(name, text, words) for name, cases in ILLEGAL.items() for text, words in cases]


@pytest.mark.parametrize(("preset", "text", "kind"), LEGAL_CASES, ids=[f"{n}:{t}" for n, t, _ in LEGAL_CASES])
def test_legal_group_per_preset_spec3(preset: str, text: str, kind: sr.MeldKind) -> None:
    """SPEC 2-3: each group is a legal meld of this kind under this preset, in any order, and the arranged meld
    holds exactly the group's cards and is itself judged legal."""
    rules = PRESETS[preset]
    group = P(text)
    for order in (group, group[::-1], group[1:] + group[:1]):
        result = sr.check_meld(order, rules)
        assert result, result.reason
        assert result.kind == kind and result.reason == ""
        assert result.meld is not None and result.meld.kind == kind
        assert Counter(result.meld.cards) == Counter(group)
        assert sr.check_meld(result.meld, rules)
        assert sr.check_meld(order, rules, kind)


@pytest.mark.parametrize(
    ("preset", "text", "words"), ILLEGAL_CASES, ids=[f"{n}:{t}" for n, t, _ in ILLEGAL_CASES]
)
def test_illegal_group_per_preset_names_the_rule_spec6(preset: str, text: str, words: str) -> None:
    """SPEC 2-3, 6: each group is no legal meld under this preset, in any order; the reason names the rule."""
    rules = PRESETS[preset]
    group = P(text)
    for order in (group, group[::-1]):
        result = sr.check_meld(order, rules)
        assert not result and result.meld is None
        assert words in result.reason, result.reason
        for kind in ("set", "run"):
            assert not sr.check_meld(order, rules, kind)


# arranged readings: where each wild goes (SPEC 5 ruling: high end when it can; gaps first; keep wilds apart)
ARRANGED = [
    ("pagat7", "7C 4C JK 5C", "run 4C 5C JK(6C) 7C"),
    ("pagat7", "4C 5C 6C JK", "run 4C 5C 6C JK(7C)"),
    ("pagat7", "JK 5D 6D 7D", "run 5D 6D 7D JK(8D)"),
    ("pagat7", "QS KS AS JK", "run JK(JS) QS KS AS"),
    ("pagat7", "AS 10S JK JS QS KS", "run JK(9S) 10S JS QS KS AS"),
    ("pagat7", "KC JK KH", "set KC KH JK"),
    ("pagat7", "2D 3D 4D 5D", "run 2D 3D 4D 5D"),
    ("ten-round", "JK JK 2S AS", "run AS 2S JK(3S) JK(4S)"),
    ("ten-round", "JK AS 2S 3S", "run AS 2S 3S JK(4S)"),
    ("ten-round", "JK 4C JK 6C", "run 4C JK(5C) 6C JK(7C)"),
    ("ten-round", "JK JK 6D 5D", "run 5D 6D JK(7D) JK(8D)"),
    ("ten-round", "AH KH JH QH", "run JH QH KH AH"),
    ("ten-round", "KD JK AD QD JK JD", "run JK(9D) JK(10D) JD QD KD AD"),
    ("ten-round", "8S JK 8D", "set 8D 8S JK"),
    ("isra", "JK 5S JK 3S", "run 3S JK(4S) 5S JK(6S)"),
    ("isra", "6H JK 4H JK", "run 4H JK(5H) 6H JK(7H)"),
    ("isra", "JK 5S JK 4S", "run JK(3S) 4S 5S JK(6S)"),
    ("isra", "5S 4S 3S 2S", "run 2S 3S 4S 5S"),
    ("isra", "4S 3S AS 2S", "run AS 2S 3S 4S"),
    ("isra", "2H QH AH KH", "run 2H(JH) QH KH AH"),
    ("isra", "8D 2D 6D 5D", "run 5D 6D 2D(7D) 8D"),
    ("isra", "5D 2C 3D 2D", "run 2D 3D 2C(4D) 5D"),
    ("isra", "JK 5S 2H 3S", "run 3S 2H(4S) 5S JK(6S)"),
    ("isra", "JK 8H 2C 8S", "set 8H 8S 2C JK"),
    ("isra", "2H JK 2C", "set 2C 2H JK"),
    ("isra", "JK JK JK", "set JK JK JK"),
]


@pytest.mark.parametrize(("preset", "text", "described"), ARRANGED, ids=[f"{n}:{t}" for n, t, _ in ARRANGED])
def test_arranged_reading_places_each_wild_spec5(preset: str, text: str, described: str) -> None:
    """SPEC 2, 5: the arranged meld says what each wild represents; gaps are filled first, a wild that could go at
    either end takes the high end, and a run is lowered only to keep wilds apart (isra)."""
    result = verdict(text, PRESETS[preset])
    assert result.meld is not None, result.reason
    assert result.meld.describe() == described


def test_legal_both_as_set_and_run_more_naturals_wins() -> None:
    """A group legal both ways (only possible with many wilds) is read the way that keeps more cards natural."""
    house = attrs.evolve(sr.ISRA, run_wilds_apart=False)
    both = verdict("2S 2S JK JK", house)  # a set of 2s (two naturals) or a run with one 2 in its own place
    assert both.kind == "set"
    assert verdict("2S 2S JK JK", house, "run").meld.describe() == "run 2S 2S(3S) JK(4S) JK(5S)"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "kind", "min_length", "ok"),
    [
        ("8H 8C 8D", None, 4, False), ("8H 8C 8D 8S", None, 4, True), ("4C 5C 6C 7C", "run", 5, False),
        ("4C 5C 6C 7C 8C", "run", 5, True), ("4C 5C 6C", "run", 3, True), ("8H 8C", "set", 2, True),
        ("8H 8C 8D", "run", None, False), ("4C 5C 6C 7C", "set", None, False),
    ],
)
def test_kind_and_min_length_arguments_spec5(
    text: str, kind: sr.MeldKind | None, min_length: int | None, ok: bool
) -> None:
    """SPEC 5: ``check_meld`` may be asked for one kind only and for a longer minimum (a contract's lengths)."""
    result = sr.check_meld(P(text), sr.PAGAT7, kind, min_length=min_length)
    assert bool(result) is ok
    if kind is not None:
        assert result.kind == kind


# ---------------------------------------------------------------------------
# arranged Meld values and bad input


def test_meld_helpers_say_what_each_card_stands_for() -> None:
    """The arranged meld tells what each wild represents (a run position, or the set's rank)."""
    run = sr.Meld("run", P("4C 5C JK 7C"), suit=sr.Suit.CLUBS, start=4)
    assert run.end == 7
    assert run.stands_for(2) == sr.parse_card("6C")
    assert [run.is_natural_at(i) for i in range(4)] == [True, True, False, True]
    assert run.wild_indices() == (2,)
    assert run.describe(pretty=True) == "run 4♣ 5♣ ★(6♣) 7♣"
    assert str(run) == "4C 5C JK 7C"
    eights = sr.Meld.set(P("8H JK 8S"))
    assert eights.rank == 8 and eights.stands_for(1) == 8 and eights.wild_indices() == (1,)
    assert sr.Meld.set(P("2H 8S 2C 8D 8C")).rank == 8
    assert sr.Meld.set(P("2H 2C 8S")).rank == 2
    assert sr.Meld.run(P("QS KS AS")).start == 12
    assert sr.Meld.run(P("AS 2S 3S")).start == 1
    with pytest.raises(sr.MeldError):
        sr.Meld.run([JK, JK])


@pytest.mark.parametrize(("text", "start", "code", "words"), [
    ("QC KC AC JK", None, "ace_ends_run", "beyond the ace"),
    ("KC AC JK JK", None, "ace_ends_run", "beyond the ace"),
    ("JK JK 2C 3C", None, "ace_ends_run", "beyond the ace"),
    ("4C 5C", 9, "not_in_sequence", "from position 9"),
    ("JK JK", None, "no_natural", "needs a natural card"),
    ("AH 2H 3H", True, "bad_meld_value", "start: True is not a place"),
    ("AH 2H 3H", "1", "bad_meld_value", "start: '1' is not a place"),
])
def test_a_group_no_reading_makes_a_run_is_refused_naming_the_rule_spec6(
        text: str, start: int | None, code: str, words: str) -> None:
    """SPEC 6: ``Meld.run`` of cards that read as no run names what stops them: a run going beyond the
    ace, no natural card in its place from the start given, or no natural card at all; a start or a
    suit of the wrong type is refused as such (``bad_meld_value``)."""
    with pytest.raises(sr.MeldError, match=words) as refused:
        sr.Meld.run(P(text), start=start)
    assert refused.value.code == code
    with pytest.raises(sr.MeldError, match="suit: 'H' is not a Suit") as refused:
        sr.Meld.run(P("AH 2H 3H"), suit="H")  # type: ignore[arg-type]
    assert refused.value.code == "bad_meld_value"


def test_arranged_run_regression_low_and_high_ace_both_refused_spec3() -> None:
    """Regression: an arranged 14-card run A-2-...-K-A (start 1) was judged legal (SPEC 3: never both aces)."""
    both = sr.Meld("run", P("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), suit=sr.Suit.SPADES, start=1)
    result = sr.check_meld(both, sr.ISRA)
    assert not result
    assert "at most 13" in result.reason


def test_arranged_run_regression_below_the_ace_message_under_ace_low() -> None:
    """Regression: a run placed below the low ace was refused as "aces are high only" even where aces are low."""
    below = sr.Meld("run", P("JK AS 2S 3S"), suit=sr.Suit.SPADES, start=0)
    assert sr.check_meld(below, sr.ISRA).reason == "a run cannot go below the ace"
    assert sr.check_meld(below, sr.PAGAT7).reason == "a run cannot go below the ace"
    low = sr.Meld("run", P("AS 2S 3S 4S"), suit=sr.Suit.SPADES, start=1)
    assert "aces are high only" in sr.check_meld(low, sr.PAGAT7).reason
    assert sr.check_meld(low, sr.ISRA)


@pytest.mark.parametrize(
    ("meld", "words"),
    [
        (sr.Meld("set", P("8H 8S 9S"), rank=99), "rank must be 2-14"),
        (sr.Meld("set", P("8H 8S 8D"), rank="8"), "rank must be 2-14"),  # type: ignore[arg-type]
        (sr.Meld("set", P("JK JK JK"), rank=0), "rank must be 2-14"),
        (sr.Meld("run", P("4C 5C 6C 7C"), suit=sr.Suit.CLUBS, start="4"), "start"),  # type: ignore[arg-type]
        (sr.Meld("run", P("4C 5C 6C 7C"), suit=None, start=4), "suit"),
        (sr.Meld("run", P("4C 5C 6C 7C"), suit=0, start=4), "suit"),  # type: ignore[arg-type]
        (sr.Meld("run", ("4C", "5C", "6C", "7C"), suit=sr.Suit.CLUBS, start=4), "not a Card"),  # type: ignore[arg-type]
        (sr.Meld("pair", P("8H 8S")), "not a kind of meld"),  # type: ignore[arg-type]
        (sr.Meld("set", None, rank=8), "tuple of cards"),  # type: ignore[arg-type]
        # fields of the other kind (a value to_json could not write back)
        (sr.Meld("run", P("4C 5C 6C 7C"), rank=7, suit=sr.Suit.CLUBS, start=4), "no rank"),
        (sr.Meld("set", P("8H 8S 8D"), rank=8, suit=sr.Suit.HEARTS), "no suit or start"),
        (sr.Meld("set", P("8H 8S 8D"), rank=8, start=7), "no suit or start"),
    ],
)
def test_malformed_meld_regression_refused_with_a_reason_not_a_crash_spec6(meld: sr.Meld, words: str) -> None:
    """Regression (SPEC 6: no input crashes the library): a Meld with a rank of 99 raised ValueError from
    rank_name, a start given as text a TypeError; now each is a falsy verdict naming what is wrong."""
    result = sr.check_meld(meld, sr.ISRA)
    assert not result
    assert words in result.reason
    assert sr.lay_off_options(meld, JK, sr.ISRA) == ()


@pytest.mark.parametrize(
    ("group", "kind", "words"),
    [
        ([sr.parse_card("4C"), None, JK], None, "not a Card"),
        (["4C", "5C", "6X"], None, "'6X' is not a card"),
        (b"4H 5H 6H 7H", None, "bytes"),
        (None, None, "not a group of cards"),
        (7, None, "not a group of cards"),
        ("4H 5H 6X 7H", None, "'6X' (token 3) is not a card"),
        (P("4C 5C 6C 7C"), "pair", "not a kind of meld"),
    ],
)
def test_bad_group_is_a_falsy_verdict_with_a_reason_spec6(group: object, kind: object, words: str) -> None:
    """SPEC 6: what is not a group of cards is judged not a meld, with a reason, and never crashes."""
    result = sr.check_meld(group, sr.PAGAT7, kind)  # type: ignore[arg-type]
    assert not result and words in result.reason


def test_kind_asked_of_an_arranged_meld_must_match() -> None:
    """An arranged run asked to be a set is refused."""
    run = sr.Meld("run", P("4C 5C 6C 7C"), suit=sr.Suit.CLUBS, start=4)
    assert not sr.check_meld(run, sr.PAGAT7, "set")
    assert sr.check_meld(run, sr.PAGAT7, "run")


def test_check_meld_refuses_what_is_not_rules_and_a_bad_min_length_spec6() -> None:
    """SPEC 6: the rules argument must be a Rules (a RulesError, the library's own); min_length a whole number."""
    with pytest.raises(sr.RulesError, match="rules"):
        sr.check_meld(P("8H 8C 8D"), "pagat7")  # type: ignore[arg-type]
    assert "min_length" in sr.check_meld(P("8H 8C 8D"), sr.PAGAT7, min_length="3").reason  # type: ignore[arg-type]
    assert not sr.check_meld(P("8H 8C 8D"), sr.PAGAT7, min_length=0)


def test_generator_and_list_groups_are_read_like_tuples() -> None:
    """Any iterable of cards is a group."""
    cards = P("7C 4C JK 5C")
    expected = sr.check_meld(cards, sr.PAGAT7)
    assert sr.check_meld(list(cards), sr.PAGAT7) == expected
    assert sr.check_meld(iter(cards), sr.PAGAT7) == expected
    assert sr.check_meld((c for c in cards), sr.PAGAT7) == expected


# ---------------------------------------------------------------------------
# lay_off_options


def meld_of(text: str, rules: sr.Rules) -> sr.Meld:
    result = verdict(text, rules)
    assert result.meld is not None, result.reason
    return result.meld


def ends(meld: sr.Meld, card: str, rules: sr.Rules) -> list[sr.End | None]:
    return [end for end, _ in sr.lay_off_options(meld, sr.parse_card(card), rules)]


def test_wild_laid_off_on_a_run_says_which_end_spec4_3() -> None:
    """SPEC 4.3: "A wild laid off on a run says which end it extends": a joker may go either way."""
    run = meld_of("5H 6H 7H 8H", sr.PAGAT7)
    options = sr.lay_off_options(run, JK, sr.PAGAT7)
    assert [(end, m.describe()) for end, m in options] == [
        ("low", "run JK(4H) 5H 6H 7H 8H"), ("high", "run 5H 6H 7H 8H JK(9H)")
    ]


@pytest.mark.parametrize(
    ("preset", "meld", "card", "expected"),
    [
        ("pagat7", "4C 5C JK 7C", "JK", []),  # one wild per meld (000)
        ("pagat7", "KH KC JK", "JK", []),
        ("pagat7", "KH KC JK", "KS", [None]),
        ("pagat7", "JS QS KS AS", "2S", []),  # nothing above the ace, and aces are high only
        ("pagat7", "JS QS KS AS", "10S", ["low"]),
        ("pagat7", "2S 3S 4S 5S", "AS", []),  # aces high only (001)
        ("pagat7", "2S 3S 4S 5S", "6S", ["high"]),
        ("pagat7", "2S 3S 4S 5S", "6H", []),  # wrong suit
        ("pagat7", "2S 3S 4S 5S", "3S", []),  # a position already held (000)
        ("ten-round", "2S 3S 4S 5S", "AS", ["low"]),  # aces low (004)
        ("ten-round", "JS QS KS AS", "2S", []),  # no wrap (SPEC 3)
        ("ten-round", "8H 8C JK JK", "JK", []),  # no more wilds than naturals (004)
        ("ten-round", "8H 8C JK JK", "8S", [None]),
        ("ten-round", "4C JK 6C JK", "JK", []),
        ("ten-round", "4C JK 6C JK", "8C", ["high"]),
        ("isra", "4S 5S 6S JK", "JK", ["low"]),  # not next to the joker at the high end (002)
        ("isra", "3S JK 5S JK", "JK", ["low"]),
        ("isra", "3S JK 5S JK", "2S", ["low"]),  # the 2 of spades in its own place is natural
        ("isra", "3S JK 5S JK", "7S", ["high"]),
        ("isra", "2S 3S 4S 5S", "AS", ["low"]),
        ("isra", "2S 3S 4S 5S", "2H", ["low", "high"]),  # a wild 2 either end
        ("isra", "JK JK JK", "8H", [None]),  # a set of wilds only takes any natural (SPEC 4.3 ruling)
        ("isra", "JK JK JK", "JK", [None]),
        ("isra", "2C 2D 2H", "8H", []),  # a set of 2s takes only 2s and wilds
        ("isra", "2C 2D 2H", "JK", [None]),
        ("isra", "8H 8C 2S", "2D", [None]),  # sets take any number of wilds (002)
        ("isra", "8H 8C 2S", "9H", []),
    ],
)
def test_lay_off_options_per_preset_spec4_3(
    preset: str, meld: str, card: str, expected: list[sr.End | None]
) -> None:
    """SPEC 4.3: a card joins a set of its rank or a run at either end; wild limits and ace rules hold for every
    meld at every moment.  Every option given is a legal meld holding the card at the end it names."""
    rules = PRESETS[preset]
    base = meld_of(meld, rules)
    options = sr.lay_off_options(base, sr.parse_card(card), rules)
    assert [end for end, _ in options] == expected
    for end, grown in options:
        assert sr.check_meld(grown, rules, min_length=1)
        assert grown.cards[0 if end == "low" else -1] == sr.parse_card(card)
        assert Counter(grown.cards) == Counter(base.cards) + Counter([sr.parse_card(card)])


def test_set_of_wilds_only_takes_the_rank_of_the_natural_laid_off_spec4_3() -> None:
    """SPEC 4.3 (ruling): a set made only of wilds has no rank until a natural joins it, and any natural may."""
    wilds = meld_of("JK JK JK", sr.ISRA)
    ((_, eights),) = sr.lay_off_options(wilds, sr.parse_card("8H"), sr.ISRA)
    assert eights.rank == 8
    assert ends(eights, "9H", sr.ISRA) == []
    assert ends(eights, "8S", sr.ISRA) == [None]


def test_lay_off_regression_second_ace_on_a_thirteen_card_run_spec3() -> None:
    """Regression: a joker or a second ace laid off low on 2-...-A was accepted as a run holding both aces."""
    for rules in (sr.TEN_ROUND, sr.ISRA):
        full = meld_of("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", rules)
        assert ends(full, "AS", rules) == []
        assert ends(full, "JK", rules) == []
        low_full = meld_of("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", rules)
        assert ends(low_full, "AS", rules) == []
        assert ends(low_full, "JK", rules) == []


def test_lay_off_twice_on_the_same_run_keeps_order_style() -> None:
    """STYLE (other engines' bugs): the end meant for the second card onto the same run is honoured, and the run
    stays in order after lay-offs."""
    run = meld_of("6D 7D 8D 9D", sr.TEN_ROUND)
    (low,) = [m for end, m in sr.lay_off_options(run, JK, sr.TEN_ROUND) if end == "low"]
    (high,) = [m for end, m in sr.lay_off_options(low, sr.parse_card("10D"), sr.TEN_ROUND) if end == "high"]
    assert high.describe() == "run JK(5D) 6D 7D 8D 9D 10D"
    assert (high.start, high.end) == (5, 10)
    assert ends(high, "JK", sr.TEN_ROUND) == ["low", "high"]


def test_lay_off_of_card_text_is_read_and_of_what_is_not_a_card_refused_spec6() -> None:
    """SPEC 6: bad input never crashes, nor is it passed over in silence: card notation is read (as
    the actions read it), and what is not a card is refused with the library's own error."""
    eights = meld_of("8H 8C 8D", sr.PAGAT7)
    assert sr.lay_off_options(eights, "8S", sr.PAGAT7) == sr.lay_off_options(eights, sr.parse_card("8S"), sr.PAGAT7)
    assert sr.lay_off_options(eights, "8S", sr.PAGAT7)
    with pytest.raises(sr.CardError, match="not a Card"):
        sr.lay_off_options(eights, 8, sr.PAGAT7)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# properties (hypothesis)

HOUSE = [
    attrs.evolve(sr.PAGAT7, wild_twos=True),
    attrs.evolve(sr.PAGAT7, ace_low=True, max_wilds_per_meld=2),
    attrs.evolve(sr.ISRA, run_wilds_apart=False),
    attrs.evolve(sr.TEN_ROUND, wild_twos=True, run_wilds_apart=True, min_run_length=3, min_set_length=2),
]
ALL_RULES = [*PRESETS.values(), *HOUSE]


@st.composite
def groups(draw: st.DrawFn, max_size: int = 7) -> list[sr.Card]:
    """Groups near a meld (one rank, or a stretch of one suit) with jokers and 2s mixed in, or any cards."""
    size = draw(st.integers(2, max_size))
    shape = draw(st.sampled_from(["set", "run", "any"]))
    suit = draw(st.sampled_from(SUITS))
    rank = draw(st.integers(2, 14))
    base = draw(st.integers(1, 13))
    cards = []
    for i in range(size):
        choice = draw(st.integers(0, 9))
        if choice == 0:
            cards.append(JK)
        elif choice == 1:
            cards.append(sr.Card(2, draw(st.sampled_from(SUITS))))
        elif choice == 2 or shape == "any":
            cards.append(draw(st.sampled_from(ALL_CARDS)))
        elif shape == "set":
            cards.append(sr.Card(rank, draw(st.sampled_from(SUITS))))
        else:
            cards.append(card_at(min(base + i, 14), suit))
    return cards


@pytest.mark.parametrize("text", ["2C 2Cx JK", "2Cx 2C JK", "JK 2C 2Cx"])
def test_a_set_holding_a_live_and_a_dead_card_of_one_suit_is_arranged_alike_in_any_order_spec5(text: str) -> None:
    """SPEC 4.6, 5: a live 2 and a dead 2 of one suit (a dead 2 is its own card even where 2s never die)
    stand in one order, whatever order they are given in: the dead one first."""
    check = sr.check_meld(sr.parse_cards(text), sr.PAGAT7)
    assert check.meld is not None and [str(card) for card in check.meld.cards] == ["2Cx", "2C", "JK"]


@settings(max_examples=300)
@given(groups(), st.sampled_from(ALL_RULES), st.randoms(use_true_random=False))
def test_order_of_input_never_changes_the_verdict_spec5(cards: list[sr.Card], rules: sr.Rules, rnd: object) -> None:
    """SPEC 4.6, 5: a plain group is unordered, so every order gives the same verdict, kind and arranged meld."""
    first = sr.check_meld(cards, rules)
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    again = sr.check_meld(shuffled, rules)
    assert (again.ok, again.kind, again.meld) == (first.ok, first.kind, first.meld)
    for kind in ("set", "run"):
        one = sr.check_meld(cards, rules, kind)
        other = sr.check_meld(shuffled, rules, kind)
        assert (one.ok, one.meld) == (other.ok, other.meld)


# --- an independent judgement: try every order of the cards at every place


def _wild(card: sr.Card, rules: sr.Rules) -> bool:
    return card.rank == sr.JOKER or (card.rank == 2 and rules.wild_twos and not card.dead)  # (a dead 2 is natural)


def _within_limits(wilds: int, naturals: int, rules: sr.Rules) -> bool:
    if rules.max_wilds_per_meld is not None and wilds > rules.max_wilds_per_meld:
        return False
    return not (rules.wilds_at_most_naturals and wilds > naturals)


def oracle_set(cards: Sequence[sr.Card], rules: sr.Rules) -> bool:
    """Some rank (or none, for wilds only) makes every card that rank or a wild, within the wild limits."""
    if len(cards) < rules.min_set_length:
        return False
    for rank in [*range(2, 15), None]:
        naturals = sum(1 for c in cards if c.rank == rank)
        if all(c.rank == rank or _wild(c, rules) for c in cards) and _within_limits(
            len(cards) - naturals, naturals, rules
        ):
            return True
    return False


def oracle_run(cards: Sequence[sr.Card], rules: sr.Rules) -> bool:
    """Some order of the cards, at some place in some suit, puts every card on its own position or makes it a
    wild, with at least one natural, within the wild limits, no two wilds adjacent where that is the rule."""
    n = len(cards)
    if n < rules.min_run_length or n > 13:
        return False
    orders = set(itertools.permutations(cards))
    for suit in {c.suit for c in cards if c.suit is not None}:
        for start in range(1 if rules.ace_low else 2, 16 - n):
            wanted = [card_at(start + i, suit) for i in range(n)]
            for order in orders:
                wild_at = [i for i in range(n) if order[i].printed != wanted[i]]
                if any(not _wild(order[i], rules) for i in wild_at) or len(wild_at) == n:
                    continue
                if not _within_limits(len(wild_at), n - len(wild_at), rules):
                    continue
                if rules.run_wilds_apart and any(b - a == 1 for a, b in itertools.pairwise(wild_at)):
                    continue
                return True
    return False


@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(groups(max_size=6), st.sampled_from(ALL_RULES))
def test_check_meld_agrees_with_brute_force_judgement_spec3(cards: list[sr.Card], rules: sr.Rules) -> None:
    """SPEC 2-3: check_meld is legal exactly when some arrangement of the cards is a legal set or run, as found by
    trying every order at every place (wild 2s natural in their own place; all wild limits; ace rules)."""
    as_set, as_run = oracle_set(cards, rules), oracle_run(cards, rules)
    assert bool(sr.check_meld(cards, rules)) == (as_set or as_run)
    assert bool(sr.check_meld(cards, rules, "set")) == as_set
    assert bool(sr.check_meld(cards, rules, "run")) == as_run


# --- generated legal melds, and their minimal mutations


@st.composite
def legal_sets(draw: st.DrawFn, rules: sr.Rules) -> tuple[list[sr.Card], int]:
    """A set legal under ``rules``: naturals of one rank (repeats allowed: several decks) and wilds within the
    limits.  Returns the cards and the number of naturals."""
    rank = draw(st.integers(3, 14))  # not 2, so that a wild 2 is plainly wild
    naturals = draw(st.integers(0 if rules is sr.ISRA else 1, 6))
    most_wilds = 6
    if rules.max_wilds_per_meld is not None:
        most_wilds = min(most_wilds, rules.max_wilds_per_meld)
    if rules.wilds_at_most_naturals:
        most_wilds = min(most_wilds, naturals)
    least = max(0, rules.min_set_length - naturals)
    assume(least <= most_wilds)
    wilds = draw(st.integers(least, most_wilds))
    wild_cards = [JK, *(sr.Card(2, s) for s in SUITS)] if rules.wild_twos else [JK]
    cards = [sr.Card(rank, draw(st.sampled_from(SUITS))) for _ in range(naturals)]
    cards += [draw(st.sampled_from(wild_cards)) for _ in range(wilds)]
    return draw(st.permutations(cards)), naturals


@st.composite
def legal_runs(draw: st.DrawFn, rules: sr.Rules) -> tuple[list[sr.Card], list[sr.Card]]:
    """A run legal under ``rules``: a place, a length, wild places within the limits.  Returns the cards (as a
    shuffled group) and those of them that stand for themselves."""
    n = draw(st.integers(rules.min_run_length, 13))
    start = draw(st.integers(1 if rules.ace_low else 2, 15 - n))
    suit = draw(st.sampled_from(SUITS))
    if rules.max_wilds_per_meld is not None:
        most = rules.max_wilds_per_meld
    elif rules.wilds_at_most_naturals:
        most = n // 2
    else:
        most = (n + 1) // 2
    wild_at = sorted(draw(st.sets(st.integers(0, n - 1), max_size=most)))
    if rules.run_wilds_apart:
        wild_at = [i for k, i in enumerate(wild_at) if k == 0 or i - wild_at[k - 1] > 1]
    assume(len(wild_at) < n)
    other_suits = [s for s in SUITS if s != suit]
    wild_cards = [JK, *(sr.Card(2, s) for s in other_suits)] if rules.wild_twos else [JK]
    cards = [draw(st.sampled_from(wild_cards)) if i in wild_at else card_at(start + i, suit) for i in range(n)]
    return draw(st.permutations(cards)), [card_at(start + i, suit) for i in range(n) if i not in wild_at]


PRESET_LIST = list(PRESETS.values())


@settings(max_examples=200)
@given(st.data(), st.sampled_from(PRESET_LIST))
def test_generated_legal_sets_are_accepted_spec3(data: st.DataObject, rules: sr.Rules) -> None:
    """SPEC 3: any set of one rank with wilds within the preset's limits is accepted (pagat7: one wild; ten-round:
    no more wilds than naturals; isra: any number, even all jokers)."""
    cards, _ = data.draw(legal_sets(rules))
    result = sr.check_meld(cards, rules, "set")
    assert result, result.reason
    assert sr.check_meld(cards, rules)


@settings(max_examples=200)
@given(st.data(), st.sampled_from(PRESET_LIST))
def test_generated_legal_runs_are_accepted_spec3(data: st.DataObject, rules: sr.Rules) -> None:
    """SPEC 3: any run of one suit, high-only or high-or-low aces as the preset says, with wilds within its limits
    (pagat7: one; ten-round: no more than naturals; isra: never two adjacent) is accepted."""
    cards, _ = data.draw(legal_runs(rules))
    result = sr.check_meld(cards, rules, "run")
    assert result, result.reason
    assert result.meld is not None and Counter(result.meld.cards) == Counter(cards)
    assert sr.check_meld(cards, rules)


@settings(max_examples=200)
@given(st.data(), st.sampled_from(PRESET_LIST))
def test_mutated_runs_are_rejected_spec3(data: st.DataObject, rules: sr.Rules) -> None:
    """SPEC 2-3: a legal run becomes illegal when a natural is swapped for a card of another suit and rank, when a
    natural position is repeated, or when one wild too many is added."""
    cards, run_naturals = data.draw(legal_runs(rules))
    # a 2 in its own place is natural in the run but may be wild in a set: mutate only cards never wild
    naturals = [c for c in run_naturals if not _wild(c, rules)]
    assume(len(naturals) >= 2)
    # swap in a card of the wrong suit and a rank no other natural has
    victim = data.draw(st.sampled_from(naturals))
    others = list(cards)
    others.remove(victim)
    ranks = {c.rank for c in naturals if c is not victim}
    suits = [s for s in SUITS if s != victim.suit]
    lowest = 3 if rules.wild_twos else 2
    choices = [sr.Card(r, s) for r in range(lowest, 15) for s in suits if r not in ranks]
    swapped = [*others, data.draw(st.sampled_from(choices))]
    assert not sr.check_meld(swapped, rules), sr.format_cards(swapped)
    # repeat a natural position
    twice = [*cards, data.draw(st.sampled_from(naturals))]
    assert not sr.check_meld(twice, rules), sr.format_cards(twice)
    # one wild beyond the limit
    wilds, k = len(cards) - len(run_naturals), len(run_naturals)
    if rules.max_wilds_per_meld is not None:
        extra = rules.max_wilds_per_meld - wilds + 1
    elif rules.wilds_at_most_naturals:
        extra = k - wilds + 1
    else:  # no two wilds adjacent: a run of k naturals holds at most k + 1 wilds
        extra = k + 1 - wilds + 1
    over = [*cards, *[JK] * extra]
    assert not sr.check_meld(over, rules, "run"), sr.format_cards(over)


@settings(max_examples=200)
@given(st.data(), st.sampled_from(PRESET_LIST))
def test_mutated_sets_are_rejected_spec3(data: st.DataObject, rules: sr.Rules) -> None:
    """SPEC 2-3: a legal set becomes illegal when a natural is swapped for a card of another rank (and a suit no
    other natural has), or when one wild beyond the limit is added (pagat7 and ten-round; isra has none)."""
    cards, naturals = data.draw(legal_sets(rules))
    assume(naturals >= 2)
    rank = next(c.rank for c in cards if not _wild(c, rules))
    victim = data.draw(st.sampled_from([c for c in cards if c.rank == rank]))
    others = list(cards)
    others.remove(victim)
    left = [c for c in others if c.rank == rank]
    suits = [s for s in SUITS if len(left) > 1 or s not in {c.suit for c in left}]
    swapped = [*others, sr.Card(data.draw(st.sampled_from([r for r in range(3, 15) if r != rank])),
                                data.draw(st.sampled_from(suits)))]
    assert not sr.check_meld(swapped, rules), sr.format_cards(swapped)
    wilds = len(cards) - naturals
    if rules.max_wilds_per_meld is not None:
        over = [*cards, *[JK] * (rules.max_wilds_per_meld - wilds + 1)]
        assert not sr.check_meld(over, rules), sr.format_cards(over)
    if rules.wilds_at_most_naturals:
        over = [*cards, *[JK] * (naturals - wilds + 1)]
        assert not sr.check_meld(over, rules), sr.format_cards(over)


@settings(max_examples=300)
@given(st.data(), st.sampled_from(PRESET_LIST), st.sampled_from(ALL_CARDS))
def test_every_lay_off_option_is_a_legal_meld_and_misfits_give_none_spec4_3(
    data: st.DataObject, rules: sr.Rules, card: sr.Card
) -> None:
    """SPEC 4.3: every option lay_off_options gives is a legal meld (check_meld is truthy) with the card at the
    end it names; a natural of another suit, or not next to either end of a run, or of another rank than a set's,
    gives no option."""
    if data.draw(st.booleans()):
        cards, _ = data.draw(legal_runs(rules))
    else:
        cards, _ = data.draw(legal_sets(rules))
    base = sr.check_meld(cards, rules).meld
    assert base is not None
    options = sr.lay_off_options(base, card, rules)
    for end, grown in options:
        assert sr.check_meld(grown, rules)
        assert grown.kind == base.kind and len(grown.cards) == len(base.cards) + 1
        if base.kind == "run":
            assert end in ("low", "high")
            assert grown.cards == ((card,) + base.cards if end == "low" else base.cards + (card,))
            assert grown.start == (base.start - 1 if end == "low" else base.start)
        else:
            assert end is None and grown.cards[:-1] == base.cards and grown.cards[-1] == card
    assert len({end for end, _ in options}) == len(options)
    if _wild(card, rules):
        return
    if base.kind == "run":
        assert base.suit is not None
        # (a dead 2 fits where the natural 2 it was printed as fits)
        fits = {p for p in (base.start - 1, base.end + 1) if 1 <= p <= 14 and card_at(p, base.suit) == card.printed}
        if not fits:
            assert options == ()
    elif base.rank is not None and card.rank != base.rank:
        assert options == ()


@settings(max_examples=300)
@given(groups(max_size=13), st.sampled_from(SUITS), st.integers(-1, 15), st.sampled_from(["set", "run"]),
       st.one_of(st.none(), st.integers(0, 14)))
def test_wild_indices_are_the_cards_not_natural_where_they_stand(
    cards: list[sr.Card], suit: sr.Suit, start: int, kind: sr.MeldKind, rank: int | None
) -> None:
    """``Meld.wild_indices`` lists exactly the places where ``is_natural_at`` is false, for any
    meld value: arranged by ``check_meld``, or built by hand with any start, suit or rank (a run
    placed beyond the ace has no natural card there, and ``describe`` still describes it)."""
    built = sr.Meld(kind, cards, rank=rank) if kind == "set" else sr.Meld(kind, cards, suit=suit, start=start)
    melds = [built]
    for rules in PRESETS.values():
        found = sr.check_meld(cards, rules).meld
        if found is not None:
            melds.append(found)
    for meld in melds:
        assert meld.wild_indices() == tuple(i for i in range(len(meld.cards)) if not meld.is_natural_at(i))
        assert meld.describe().startswith(meld.kind)


_JOIN_RULES = {
    **PRESETS,
    "pagat7 with wild 2s": attrs.evolve(sr.PAGAT7, wild_twos=True),
    "isra with at most two wilds per meld, no more than naturals": attrs.evolve(
        sr.ISRA, max_wilds_per_meld=2, wilds_at_most_naturals=True
    ),
    "ten-round, wild limits at lay-down only": attrs.evolve(sr.TEN_ROUND, wild_limits_on_lay_off=False),
    "isra, wilds may touch, aces high": attrs.evolve(sr.ISRA, run_wilds_apart=False, ace_low=False),
    "wild limits that jump with length": attrs.evolve(
        sr.TEN_ROUND, wilds_at_most_naturals=False, max_wilds_by_length=((3, 0), (4, 2), (6, 4))
    ),
}


@st.composite
def meld_groups(draw: st.DrawFn, rules: sr.Rules) -> list[sr.Card]:
    """Cards that mostly make a meld under ``rules``: naturals of one rank, or of one suit in
    order, and a few wilds."""
    wilds = [JK, *(sr.Card(2, suit) for suit in SUITS)] if rules.wild_twos else [JK]
    if draw(st.booleans()):
        rank = draw(st.integers(3, 14))
        cards = [sr.Card(rank, suit) for suit in draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=4))]
        return cards + draw(st.lists(st.sampled_from(wilds), max_size=3 - min(len(cards), 2)))
    suit = draw(st.sampled_from(SUITS))
    start = draw(st.integers(1 if rules.ace_low else 2, 11))
    length = draw(st.integers(3, 15 - start))
    return [card_at(p, suit) if draw(st.integers(0, 4)) else draw(st.sampled_from(wilds))
            for p in range(start, start + length)]


@pytest.mark.parametrize("name", sorted(_JOIN_RULES))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_engines_quick_lay_off_judgement_agrees_with_judging_each_new_meld_spec4_3(
    name: str, data: st.DataObject
) -> None:
    """SPEC 4.3: the engine judges a card joining a meld on the table without going over every card
    of the new meld where the rules let it (a legal meld stays legal with a natural card in its own
    place, and, where no limit counts them, with one more wild).  For legal melds of every kind, grown
    by lay-offs as play grows them, every card gets exactly the options lay_off_options gives, which
    judges each new meld card by card."""
    from shanghai_rules.joining import join_options

    rules = _JOIN_RULES[name]
    group = data.draw(meld_groups(rules), label="group")
    found = sr.check_meld(group, rules)
    assume(found.meld is not None)
    meld = found.meld
    assert meld is not None
    for _ in range(data.draw(st.integers(0, 6), label="lay-offs")):
        for card in ALL_CARDS:
            assert join_options(meld, card, rules, legal=True) == sr.lay_off_options(meld, card, rules), (
                meld.describe(), str(card))
        options = [option for card in ALL_CARDS for option in sr.lay_off_options(meld, card, rules)]
        if not options:
            break
        meld = data.draw(st.sampled_from(options), label="grown")[1]


@pytest.mark.parametrize("preset", ["pagat7", "isra"])
def test_a_dead_two_is_laid_off_where_the_natural_two_it_was_printed_as_fits_spec4_3(preset: str) -> None:
    """A dead 2 (a 2 discarded where discarded 2s die) is the natural 2 of its suit: it joins a run at
    the place of that 2, as the natural 2 does, under any rules its validators are asked with."""
    rules = sr.get_rules(preset)
    run = sr.check_meld(sr.parse_cards("3D 4D 5D 6D"), rules).meld
    assert run is not None
    natural = sr.lay_off_options(run, sr.parse_card("2D"), rules)
    dead = sr.lay_off_options(run, sr.parse_card("2Dx"), rules)
    assert [end for end, _ in dead] == ["low"]  # (where 2s are wild, the live 2D fits the high end too)
    assert "low" in [end for end, _ in natural]
    assert dead[0][1].cards[0] == sr.parse_card("2Dx")
