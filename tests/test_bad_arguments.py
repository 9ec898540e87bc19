"""SPEC 6: arguments of the wrong type or size get the library's own error (a ValueError naming
what is wrong), never another exception, from every public function that takes them."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import shanghai_rules as sr
from shanghai_rules.cards import CardError
from shanghai_rules.melds import MeldError
from shanghai_rules.serialization import SerializationError, from_dict

_STATE = sr.new_game(sr.PAGAT7, players=4, seed=1)
_RUN = sr.Meld.run(sr.parse_cards("4H 5H 6H 7H"))
_FOUR = sr.parse_card("4H")
_HUGE = 10**5000
_HUGE_WORDS = "a whole number of 16,610 bits"

_CASES: list[tuple[str, Callable[[], Any], type[ValueError], str]] = [
    ("setup_round scores", lambda: sr.setup_round(sr.PAGAT7, ["4H", "5H", "6H"], scores=5),  # type: ignore[arg-type]
     sr.RulesError, "scores"),
    ("new_game huge seed", lambda: sr.new_game(sr.PAGAT7, 4, seed=10**5000), sr.RulesError, "seed"),
    ("record huge seed", lambda: sr.GameRecord.new(sr.PAGAT7, 4, seed=-(10**5000)), sr.RulesError, "seed"),
    ("from_json expect", lambda: sr.from_json(sr.to_json(_STATE), 5), SerializationError, "expect"),  # type: ignore[call-overload]
    ("record extend", lambda: sr.GameRecord.new(sr.PAGAT7, 4).extend(5), sr.IllegalAction, "extend"),  # type: ignore[arg-type]
    ("Meld.set numbers", lambda: sr.Meld.set([1, 2, 3]), MeldError, "not a Card"),  # type: ignore[list-item]
    ("Meld.run bad card text in a list", lambda: sr.Meld.run(["4H", "5H", "6X", "7H"]), MeldError, "not a card"),
    ("Meld.set not a group", lambda: sr.Meld.set(None), MeldError, "group of cards"),  # type: ignore[arg-type]
    ("is_wild number", lambda: sr.is_wild(5, sr.PAGAT7), CardError, "not a Card"),  # type: ignore[arg-type]
    ("is_wild rules", lambda: sr.is_wild(sr.parse_card("2H"), None), sr.RulesError, "not a Rules"),  # type: ignore[arg-type]
    ("is_wild rules, a joker", lambda: sr.is_wild("JK", None), sr.RulesError, "not a Rules"),  # type: ignore[arg-type]
    ("lay_off_options meld", lambda: sr.lay_off_options(None, _FOUR, sr.PAGAT7), MeldError, "not a Meld"),  # type: ignore[arg-type]
    ("lay_off_options card", lambda: sr.lay_off_options(_RUN, 8, sr.PAGAT7), CardError, "not a Card"),  # type: ignore[arg-type]
    ("lay_off_options rules", lambda: sr.lay_off_options(_RUN, _FOUR, None), sr.RulesError, "not a Rules"),  # type: ignore[arg-type]
    ("format_cards None", lambda: sr.format_cards(None), CardError, "group of cards"),  # type: ignore[arg-type]
    ("format_cards numbers", lambda: sr.format_cards([1, 2]), CardError, "not a Card"),  # type: ignore[list-item]
    ("full_deck rng", lambda: sr.full_deck(2, 2, rng="x"), CardError, "rng"),  # type: ignore[arg-type]
    ("full_deck size", lambda: sr.full_deck(10**9, 0), CardError, "at most"),
    ("play_game players", lambda: sr.play_game(sr.PAGAT7, 5, 1), sr.RulesError, "players"),  # type: ignore[arg-type]
    ("play_game not players", lambda: sr.play_game(sr.PAGAT7, [object()] * 4, 1), sr.RulesError, "players[0]"),  # type: ignore[list-item]
    ("observe seat", lambda: sr.observe(_STATE, True), sr.IllegalAction, "not a seat"),  # type: ignore[arg-type]
    ("observe state", lambda: sr.observe(None, 0), sr.IllegalAction, "not a GameState"),  # type: ignore[arg-type]
    # whole numbers longer than Python writes out (4,300 digits) are told by their size
    ("parse_card huge number", lambda: sr.parse_card(_HUGE), CardError, _HUGE_WORDS),  # type: ignore[arg-type]
    ("apply huge seat", lambda: sr.apply(_STATE, sr.DrawStock(_HUGE)), sr.IllegalAction, _HUGE_WORDS),
    ("describe huge name", lambda: sr.describe(sr.DrawStock(0), names=[_HUGE]), sr.IllegalAction, _HUGE_WORDS),  # type: ignore[list-item]
    ("Meld.run huge start", lambda: sr.Meld.run("4C 5C 6C", _HUGE), MeldError, _HUGE_WORDS),
    ("from_dict huge format", lambda: from_dict({"format": _HUGE, "version": 2}), SerializationError, _HUGE_WORDS),
    ("from_dict huge version", lambda: from_dict({"format": "shanghai-rules/action", "version": _HUGE}),
     SerializationError, _HUGE_WORDS),
    ("from_dict huge type", lambda: from_dict({"format": "shanghai-rules/action", "version": 2, "type": _HUGE}),
     SerializationError, _HUGE_WORDS),
]


@pytest.mark.parametrize(("make", "error", "words"), [case[1:] for case in _CASES], ids=[case[0] for case in _CASES])
def test_wrong_arguments_get_the_librarys_own_error_spec6(make: Callable[[], Any], error: type[ValueError],
                                                          words: str) -> None:
    with pytest.raises(error) as info:
        make()
    assert words in str(info.value)
    assert type(info.value).__module__.startswith("shanghai_rules")


def test_card_text_is_read_where_a_meld_or_a_lay_off_is_asked_about_spec5() -> None:
    """Card notation, as the actions take it, is read by the meld builders and lay_off_options too
    (a card given as text was judged to fit nowhere)."""
    assert sr.Meld.set("8H JK 8S") == sr.Meld.set(sr.parse_cards("8H JK 8S"))
    assert sr.Meld.run("4C 5C JK 7C") == sr.Meld.run(sr.parse_cards("4C 5C JK 7C"))
    assert sr.lay_off_options(_RUN, "8H", sr.PAGAT7) == sr.lay_off_options(_RUN, sr.parse_card("8H"), sr.PAGAT7)
    assert sr.lay_off_options(_RUN, "8H", sr.PAGAT7)
    assert sr.format_cards(sr.full_deck(1, 0, rng=random.Random(3)))


def test_the_largest_seed_a_record_keeps_round_trips_spec5() -> None:
    """A seed of the most bits allowed plays, and its record is written and read back whole."""
    from shanghai_rules.engine.deal import MAX_SEED_BITS

    seed = -(2**MAX_SEED_BITS - 1)
    record = sr.GameRecord.new(sr.PAGAT7, 4, seed=seed)
    assert sr.from_json(sr.to_json(record)) == record
    assert sr.new_game(sr.PAGAT7, 4, seed=seed).players == 4


def test_a_meld_number_too_long_to_write_out_is_refused_and_described_by_its_size_spec6() -> None:
    """An action may name any meld index; one past the table is refused as ``no_such_meld`` however
    long, and described, as the refusal is worded, by its size."""
    state = sr.setup_round(sr.PAGAT7, hands=["3C 4C 5C 6C 8D 9D", "7H 7S 7D KH KS KD 9S KC JK", "3H 4H 5H 6H 8C 9C"],
                           stock="QH QD QS QC 10H 10D 10S 10C", discard="4D", round_number=1, dealer=0)
    state = sr.apply(sr.apply(state, sr.DrawStock(1)), sr.LayDown(1, ["7H 7S 7D", "KH KS KD"]))
    called = sr.apply(state, sr.Discard(1, "KC"))  # (an undeclared discard that fits: a call is open)
    for position, action in ((state, sr.LayOff(1, "9S", _HUGE)), (state, sr.SwapWild(1, "9S", _HUGE)),
                             (called, sr.CallShanghai(2, _HUGE))):
        with pytest.raises(sr.IllegalAction) as info:
            sr.apply(position, action)
        assert info.value.code == "no_such_meld" and _HUGE_WORDS in str(info.value)
        assert sr.describe(action).endswith(_HUGE_WORDS)
