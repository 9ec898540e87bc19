"""Cards: the card value, every notation of SPEC 5, errors naming the bad token, the card supply."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import shanghai_rules as sr
from shanghai_rules.cards import ALL_CARDS, rank_name

H, S, D, C = sr.Suit.HEARTS, sr.Suit.SPADES, sr.Suit.DIAMONDS, sr.Suit.CLUBS
JK = sr.Card(sr.JOKER)


# ---------------------------------------------------------------------------
# notation: every form of SPEC 5, in any case


@pytest.mark.parametrize(
    ("text", "card"),
    [
        # ASCII rank + suit letter
        ("QS", sr.Card(sr.QUEEN, S)),
        ("4H", sr.Card(4, H)),
        ("10h", sr.Card(10, H)),
        ("10H", sr.Card(10, H)),
        ("Th", sr.Card(10, H)),
        ("tH", sr.Card(10, H)),
        ("ac", sr.Card(sr.ACE, C)),
        ("2d", sr.Card(2, D)),
        ("kS", sr.Card(sr.KING, S)),
        ("jd", sr.Card(sr.JACK, D)),
        # suit symbol after the rank
        ("T♥", sr.Card(10, H)),
        ("10♥", sr.Card(10, H)),
        ("Q♠", sr.Card(sr.QUEEN, S)),
        ("a♣", sr.Card(sr.ACE, C)),
        ("7♦", sr.Card(7, D)),
        # suit symbol before the rank
        ("♥10", sr.Card(10, H)),
        ("♥T", sr.Card(10, H)),
        ("♠q", sr.Card(sr.QUEEN, S)),
        ("♣A", sr.Card(sr.ACE, C)),
        ("♦2", sr.Card(2, D)),
        # jokers
        ("JK", JK),
        ("jk", JK),
        ("Jk", JK),
        ("Joker", JK),
        ("JOKER", JK),
        ("joker", JK),
        ("*", JK),
        ("★", JK),
    ],
)
def test_every_notation_of_spec5_reads_the_same_card_spec5(text: str, card: sr.Card) -> None:
    """SPEC 5: ``parse_card`` accepts "10h", "T♥", "♥10", "Joker", "*", "JK", any case."""
    assert sr.parse_card(text) == card


def test_parse_cards_reads_the_spec5_example_spec5() -> None:
    """SPEC 5: ``parse_cards("4H 5H 6H JK")`` gives four cards in the order written."""
    assert sr.parse_cards("4H 5H 6H JK") == (sr.Card(4, H), sr.Card(5, H), sr.Card(6, H), JK)


def test_parse_cards_takes_commas_mixed_forms_and_token_iterables_spec5() -> None:
    """SPEC 5: several cards, separated by spaces or commas, or given as a sequence of tokens."""
    expected = (sr.Card(10, H), sr.Card(10, H), sr.Card(10, H), JK, JK, JK)
    assert sr.parse_cards("10h, T♥ ♥10,Joker * JK") == expected
    assert sr.parse_cards(["10h", "T♥", "♥10", "Joker", "*", "JK"]) == expected
    assert sr.parse_cards("") == ()


@pytest.mark.parametrize(
    ("card", "ascii_form", "pretty"),
    [
        (sr.Card(10, H), "10H", "10♥"),
        (sr.Card(sr.QUEEN, S), "QS", "Q♠"),
        (sr.Card(sr.ACE, C), "AC", "A♣"),
        (sr.Card(2, D), "2D", "2♦"),
        (sr.Card(sr.JACK, D), "JD", "J♦"),
        (sr.Card(sr.KING, H), "KH", "K♥"),
        (JK, "JK", "★"),
    ],
)
def test_str_is_canonical_ascii_and_pretty_uses_symbols_spec5(card: sr.Card, ascii_form: str, pretty: str) -> None:
    """SPEC 5: ``str(card)`` is the canonical ASCII form ("10H", "QS", "JK"); ``.pretty`` has suit symbols."""
    assert str(card) == ascii_form
    assert card.pretty == pretty
    assert sr.parse_card(ascii_form) == card
    assert sr.parse_card(pretty) == card


@pytest.mark.parametrize("text", ["10h", "T♥", "♥10", "th", "♥t", "10♥"])
def test_every_ten_prints_as_10H_spec5(text: str) -> None:
    """SPEC 5: whatever the input form, ``str()`` gives the one canonical form."""
    assert str(sr.parse_card(text)) == "10H"


def test_str_round_trips_every_distinct_card_spec5() -> None:
    """SPEC 5: the canonical and pretty forms of all 57 distinct cards (the 53 of the decks and the four
    dead 2s) read back as the same card."""
    seen = set()
    for card in ALL_CARDS:
        assert sr.parse_card(str(card)) == card
        assert sr.parse_card(card.pretty) == card
        assert sr.parse_card(str(card).lower()) == card
        seen.add(str(card))
    assert len(seen) == 57


def test_format_cards_joins_canonical_or_pretty_forms_spec5() -> None:
    """SPEC 5: a group prints as its cards' forms separated by spaces."""
    group = sr.parse_cards("4c 8d kh *")
    assert sr.format_cards(group) == "4C 8D KH JK"
    assert sr.format_cards(group, pretty=True) == "4♣ 8♦ K♥ ★"


# ---------------------------------------------------------------------------
# bad text: CardParseError, a ValueError naming the token and its position


@pytest.mark.parametrize(
    "text",
    ["", "1H", "11H", "0S", "ZZ", "H", "10", "JKH", "QX", "Q♠♠", "♠", "1♥0", "JOKERS", "**", "H10", "A 2"],
)
def test_malformed_card_raises_card_parse_error_naming_the_token_spec6(text: str) -> None:
    """SPEC 5, 6: bad text raises ``CardParseError``, a ``ValueError``, naming the bad token."""
    with pytest.raises(sr.CardParseError) as info:
        sr.parse_card(text)
    assert isinstance(info.value, ValueError)
    assert info.value.token == text
    assert repr(text) in str(info.value)


def test_parse_cards_error_names_the_bad_token_and_its_position_spec6() -> None:
    """SPEC 5, 6: the error of ``parse_cards`` names the first bad token and where it stands."""
    with pytest.raises(sr.CardParseError) as info:
        sr.parse_cards("4H 5H 6X 7H 8Y")
    assert info.value.token == "6X"
    assert info.value.position == 2
    message = str(info.value)
    assert "'6X'" in message
    assert "token 3" in message
    assert "8Y" not in message


def test_parse_cards_error_position_in_a_token_list_spec6() -> None:
    """SPEC 6: a bad token given in a list is named with its index, like one in text."""
    with pytest.raises(sr.CardParseError) as info:
        sr.parse_cards(["QS", "JK", "joke"])
    assert (info.value.token, info.value.position) == ("joke", 2)


@pytest.mark.parametrize("bad", [None, 12, 4.5])
def test_non_text_is_a_card_parse_error_not_a_crash_spec6(bad: object) -> None:
    """SPEC 6: no input crashes the parser with an error other than its own."""
    with pytest.raises(sr.CardParseError):
        sr.parse_card(bad)  # type: ignore[arg-type]
    with pytest.raises(sr.CardParseError):
        sr.parse_cards(bad)  # type: ignore[arg-type]
    with pytest.raises(sr.CardParseError):
        sr.parse_cards(["QS", bad])  # type: ignore[list-item]


def test_parse_cards_regression_non_iterable_was_a_type_error() -> None:
    """Regression: ``parse_cards(None)`` raised a bare ``TypeError`` (SPEC 6: only the library's own errors)."""
    with pytest.raises(sr.CardParseError) as info:
        sr.parse_cards(None)  # type: ignore[arg-type]
    assert "None" in str(info.value)


@given(st.text(max_size=6))
def test_parse_card_accepts_or_raises_card_parse_error_only_spec6(text: str) -> None:
    """SPEC 6: any text either reads as a card whose canonical form reads back the same, or raises CardParseError."""
    try:
        card = sr.parse_card(text)
    except sr.CardParseError as error:
        assert error.token == text
    else:
        assert sr.parse_card(str(card)) == card


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=12), st.booleans())
def test_format_then_parse_round_trips_any_group_spec5(cards: list[sr.Card], pretty: bool) -> None:
    """SPEC 5: formatting a group and parsing the text gives back the same cards in the same order."""
    assert sr.parse_cards(sr.format_cards(cards, pretty=pretty)) == tuple(cards)


# ---------------------------------------------------------------------------
# the card value


def test_each_card_exists_once_however_it_is_made() -> None:
    """Card(), the parser, attrs.evolve, copies and pickles give the one object of each card, so equality is
    identity; a bad rank or suit is refused without touching the shared card."""
    five = sr.parse_card("5H")
    made = [sr.Card(5, H), sr.Card(rank=5, suit=H), attrs.evolve(sr.parse_card("6H"), rank=5), copy.copy(five),
            copy.deepcopy(five), pickle.loads(pickle.dumps(five)), ALL_CARDS[five.code]]
    assert all(card is five for card in made)
    assert sr.Card(sr.JOKER) is sr.parse_card("JK") is ALL_CARDS[52]
    for rank, suit in ((5.0, H), (5, 2), (True, H), (5, None)):
        with pytest.raises(sr.CardError):
            sr.Card(rank, suit)  # type: ignore[arg-type]
    assert type(five.rank) is int and five.rank == 5 and five.suit is H


def test_cards_are_values_equal_hashable_and_ordered_by_suit_then_rank() -> None:
    """STYLE 1: a card is a frozen value; copies from different decks are equal (hands are multisets, SPEC 4.6)."""
    assert sr.Card(5, H) == sr.parse_card("5h")
    assert hash(sr.Card(5, H)) == hash(sr.parse_card("5H"))
    assert len({sr.Card(5, H), sr.parse_card("5H"), sr.parse_card("♥5")}) == 1
    hand = sr.parse_cards("JK AS 2C KH 10D 2S")
    assert [str(c) for c in sorted(hand)] == ["2C", "10D", "KH", "2S", "AS", "JK"]
    assert sr.Card(2, C) < sr.Card(sr.ACE, C) < sr.Card(2, D) < sr.Card(sr.ACE, S) < JK
    nine, ace = sr.Card(9, D), sr.Card(sr.ACE, S)
    assert ace <= JK and nine <= sr.Card(9, D) and nine >= sr.Card(9, D) and not nine > sr.Card(9, D)
    with pytest.raises(AttributeError):
        sr.Card(5, H).rank = 6  # type: ignore[misc]


def test_card_properties_code_is_joker_and_repr() -> None:
    """The card code is ``suit * 13 + rank - 2``, 52 for a joker; repr is readable code."""
    assert sr.Card(2, C).code == 0
    assert sr.Card(sr.ACE, S).code == 51
    assert sr.Card(10, H).code == 2 * 13 + 8
    assert JK.code == 52
    assert JK.is_joker and not sr.Card(2, C).is_joker
    assert repr(sr.Card(10, H)) == "parse_card('10H')"
    assert [c.code for c in ALL_CARDS] == list(range(57))
    assert sr.Card(2, H, dead=True).code == 53 + H and sr.Card(2, H, dead=True).printed is sr.Card(2, H)


def test_a_dead_two_is_a_card_of_its_own() -> None:
    """A dead 2 (``Rules.discarded_twos_die``) is one value, apart from the 2 it is printed as: written
    ``2Hx`` (``2♥†``), sorted after the jokers, kept by copies and pickling; only a 2 can be dead."""
    dead = sr.dead_two(sr.Card(2, H))
    assert dead is sr.Card(2, H, dead=True) is sr.parse_card("2hx") is sr.parse_card("2♥†")
    assert dead != sr.Card(2, H) and dead.dead and not sr.Card(2, H).dead
    assert (str(dead), dead.pretty, repr(dead)) == ("2Hx", "2♥†", "parse_card('2Hx')")
    assert sorted([dead, JK, sr.Card(2, H)]) == [sr.Card(2, H), JK, dead]
    assert pickle.loads(pickle.dumps(dead)) is dead and copy.deepcopy(dead) is dead
    assert sr.dead_two(dead) is dead and sr.dead_two(JK) is JK
    for not_a_card in ("2H", None):
        with pytest.raises(sr.CardError, match=r"dead_two: .* is not a Card"):
            sr.dead_two(not_a_card)  # type: ignore[arg-type]
    for text in ("3Hx", "2Hxx", "JKx", "x"):
        with pytest.raises(sr.CardParseError):
            sr.parse_card(text)
    with pytest.raises(sr.CardError, match="only a 2 can be dead"):
        sr.Card(3, H, dead=True)
    with pytest.raises(sr.CardError, match="dead"):
        sr.Card(2, H, dead=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rank", "suit"),
    [(1, H), (15, H), (0, H), (5, None), ("5", H), (True, H), (5, 2), (5.0, H)],
)
def test_impossible_card_is_refused_with_a_value_error(rank: object, suit: object) -> None:
    """SPEC 6: a card that cannot exist (bad rank, suit missing or on a joker) is refused, as a ValueError."""
    with pytest.raises(ValueError):
        sr.Card(rank, suit)  # type: ignore[arg-type]


def test_rank_names() -> None:
    """The rank notation used in messages: 2-10, J, Q, K, A, JK; anything else is refused."""
    assert [rank_name(r) for r in (2, 10, 11, 12, 13, 14, 0)] == ["2", "10", "J", "Q", "K", "A", "JK"]
    with pytest.raises(ValueError):
        rank_name(1)


# ---------------------------------------------------------------------------
# the card supply: full_deck and Rules.card_supply


@pytest.mark.parametrize(
    ("rules", "players", "total", "jokers"),
    [
        (sr.PAGAT7, 3, 108, 4),
        (sr.PAGAT7, 4, 108, 4),
        (sr.PAGAT7, 5, 108, 4),
        (sr.TEN_ROUND, 3, 108, 4),
        (sr.TEN_ROUND, 4, 108, 4),
        (sr.TEN_ROUND, 5, 162, 6),
        (sr.TEN_ROUND, 6, 162, 6),
        (sr.TEN_ROUND, 7, 216, 8),
        (sr.TEN_ROUND, 8, 216, 8),
        (sr.ISRA, 3, 162, 6),
        (sr.ISRA, 5, 162, 6),
        (sr.ISRA, 8, 162, 6),
    ],
)
def test_full_deck_counts_per_preset_and_player_count_spec3(
    rules: sr.Rules, players: int, total: int, jokers: int
) -> None:
    """SPEC 3 decks row: pagat7 2x52+4 jokers = 108 (001); ten-round 54-card decks, 2 for up to 4 players,
    3 for 5-6, 4 for 7-8 (003); isra 3x54 = 162 (002).  Every natural card appears once per deck."""
    decks = rules.decks_for(players)
    deck = sr.full_deck(decks, rules.jokers_per_deck)
    assert len(deck) == total == rules.card_count(players)
    counts = Counter(deck)
    assert counts[JK] == jokers
    assert len(counts) == 53
    assert all(counts[card] == total // 54 for card in ALL_CARDS[:52])
    assert deck == sorted(deck)
    assert rules.card_supply(players) == deck


def test_full_deck_shuffles_with_the_given_random_source_only() -> None:
    """SPEC 4.1: shuffling comes from the random source given; the same seed gives the same order."""
    one = sr.full_deck(2, 2, rng=random.Random(7))
    two = sr.full_deck(2, 2, rng=random.Random(7))
    other = sr.full_deck(2, 2, rng=random.Random(8))
    assert one == two
    assert one != other
    assert Counter(one) == Counter(sr.full_deck(2, 2))
    assert sr.ISRA.card_supply(4, rng=random.Random(7)) == sr.full_deck(3, 2, rng=random.Random(7))


def test_full_deck_without_jokers_and_with_zero_decks() -> None:
    """A house rule may use no jokers; zero decks is an empty supply."""
    assert len(sr.full_deck(1, 0)) == 52
    assert JK not in sr.full_deck(1, 0)
    assert sr.full_deck(0, 2) == []


@pytest.mark.parametrize(("decks", "jokers"), [(-1, 2), (2, -1), ("2", 2), (2, 1.5), (True, 2)])
def test_full_deck_regression_refuses_negative_or_non_whole_counts(decks: object, jokers: object) -> None:
    """Regression: ``full_deck(-1, 2)`` silently gave an empty supply and ``full_deck("2", 2)`` a TypeError."""
    with pytest.raises(ValueError, match=r"decks|jokers_per_deck"):
        sr.full_deck(decks, jokers)  # type: ignore[arg-type]


def test_every_function_that_takes_cards_takes_their_notation_alike() -> None:
    """One input convention: each public function that takes a group of cards reads card notation, or a
    sequence of single cards' notation, as it reads the cards themselves; one that takes a card reads
    its notation.  Nothing is silently false for being given text."""
    text = "9C 9D 9H 4H 5H 6H 7H"
    cards = sr.parse_cards(text)
    rules = sr.PAGAT7
    for group in (text, list(text.split()), cards):
        assert sr.check_meld(group[:3] if not isinstance(group, str) else "9C 9D 9H", rules)
        assert sr.find_contract(group, rules, 2) == sr.find_contract(cards, rules, 2) is not None
        assert list(sr.contract_layouts(group, rules, 2)) == list(sr.contract_layouts(cards, rules, 2))
        assert sr.hand_penalty(group, rules) == sr.hand_penalty(cards, rules)
        assert sr.format_cards(group) == text
    assert sr.check_contract(["9C 9D 9H", ["4H", "5H", "6H", "7H"]], rules, 2)
    assert sr.card_value("JK", rules) == sr.card_value(sr.parse_card("JK"), rules) == 50
    assert sr.is_wild("2H", sr.ISRA) and not sr.is_wild("2H", rules)
    run = sr.check_meld("4H 5H 6H 7H", rules).meld
    assert run is not None and [end for end, _ in sr.lay_off_options(run, "8H", rules)] == ["high"]
    with pytest.raises(sr.CardError, match="is not a Card"):
        sr.card_value(7, rules)  # type: ignore[arg-type]
