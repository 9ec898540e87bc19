"""SPEC 6: bad input gets an error a person can act on and loses nothing.

Every refusal here is an ``sr.IllegalAction`` (a ``ValueError``) with a reason, ``check`` and
``is_legal`` agree with ``apply``, and the state passed in is unchanged: it still equals both a
copy taken before and a state rebuilt the same way.
"""

from __future__ import annotations

from typing import Any

import pytest

import shanghai_rules as sr

from .helpers import play, refused


def drawn() -> sr.GameState:
    """pagat7 round 2: seat 1 is down with 8C 8D 8H + 4C-7C and seat 2 has drawn 5D (play phase)."""
    state = sr.setup_round(
        sr.PAGAT7,
        hands=["2S 3S 10S", "8C 8D 8H 4C 5C 6C 7C KS QS", "9S 9D 9H 3C JK", "2D 3D JS"],
        stock="4D 5D 6D 7D", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D 8H", "4C 5C 6C 7C"]), sr.Discard(1, "KS"))
    return play(state, sr.DrawStock(2))


def fresh() -> sr.GameState:
    """pagat7 round 1, seat 1 on turn to draw."""
    return sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "4S 5S", "6S 7S"], stock="2H 3H", discard="AD", dealer=0,
    )


def rebuilt_unchanged(build: Any, action: sr.Action, *words: str) -> None:
    state = build()
    refused(state, action, *words)
    assert state == build()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (sr.DrawStock(2), ("seat 1's turn",)),
        (sr.TakeDiscard(0), ("seat 1's turn",)),
        (sr.Discard(2, "6S"), ("phase",)),
        (sr.LayOff(1, "4S", 0), ("phase",)),
        (sr.LayDown(1, ["4S 5S"]), ("phase",)),
        (sr.SwapWild(1, "4S", 0), ("phase",)),
        (sr.StartRound(), ("not over",)),
        (sr.Cut(0, 10), ("no cut",)),
        (sr.DrawStock(7), ("no seat 7",)),
        (sr.Buy(9), ("no seat 9",)),
    ],
)
def test_out_of_turn_and_wrong_phase_in_the_draw_phase(action: sr.Action, words: tuple[str, ...]) -> None:
    """SPEC 6: an action out of turn or in the wrong phase is refused with a reason; nothing changes."""
    rebuilt_unchanged(fresh, action, *words)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (sr.DrawStock(2), ("already drawn",)),
        (sr.TakeDiscard(2), ("already drawn",)),
        (sr.Buy(3), ("before the player on turn draws",)),
        (sr.Discard(3, "2D"), ("seat 2's turn",)),
        (sr.LayOff(1, "QS", 0), ("turn",)),
        (sr.CallShanghai(3, 0), ("before the next player draws",)),
    ],
)
def test_out_of_turn_and_wrong_phase_in_the_play_phase(action: sr.Action, words: tuple[str, ...]) -> None:
    """SPEC 6: in the play phase only the player on turn acts, and only with plays and a discard."""
    rebuilt_unchanged(drawn, action, *words)


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (sr.Discard(2, "AS"), ("AS", "not in")),
        (sr.LayOff(2, "8S", 0), ("not down",)),
        (sr.LayDown(2, ["9S 9D 9H", "3C 4C 5C 6C"]), ("does not hold",)),
        (sr.SwapWild(2, "6C", 1), ("earlier turn",)),
    ],
)
def test_card_not_held_is_refused(action: sr.Action, words: tuple[str, ...]) -> None:
    """SPEC 6: a card not in hand is refused with a reason naming it; nothing changes."""
    rebuilt_unchanged(drawn, action, *words)


def test_card_not_held_for_a_lay_off_by_a_down_player() -> None:
    """SPEC 6: a down player laying off a card they do not hold is told so, naming the card."""
    down = sr.setup_round(
        sr.PAGAT7, hands=["2S 3S", "8C 8D 8H 4C 5C 6C 7C KS QS", "2D 3D"], stock="4D 5D", discard="AD",
        round_number=2, dealer=0,
    )
    down = play(down, sr.DrawStock(1), sr.LayDown(1, ["8C 8D 8H", "4C 5C 6C 7C"]))
    refused(down, sr.LayOff(1, "8S", 0), "8S", "not in")
    refused(down, sr.LayOff(1, "3C", 1), "3C", "not in")


@pytest.mark.parametrize(
    "action",
    [sr.LayOff(1, "KS", 2), sr.LayOff(1, "KS", 99), sr.SwapWild(1, "KS", 5)],
    ids=["layoff-2", "layoff-99", "swap-5"],
)
def test_meld_index_past_the_table_is_refused(action: sr.Action) -> None:
    """SPEC 6: a meld index past the end of state.table is refused, naming the index."""

    def build() -> sr.GameState:
        state = sr.setup_round(
            sr.TEN_ROUND, hands=["2S 3S", "8C 8D 8H 4C 5C 6C 7C KS QS", "2D 3D"], stock="4D 5D",
            discard="AD", round_number=2, dealer=0,
        )
        return play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D 8H", "4C 5C 6C 7C"]))

    index = action.meld  # type: ignore[union-attr]
    rebuilt_unchanged(build, action, f"no meld {index}")


def test_shanghai_call_meld_index_past_the_table_is_refused() -> None:
    """SPEC 6: a CallShanghai naming a meld past the table is refused."""

    def build() -> sr.GameState:
        state = sr.setup_round(
            sr.PAGAT7, hands=["2S 3S", "8C 8D 8H 4C 5C 6C 7C KS QS", "8S 3D", "5H 6H"], stock="4D 5D",
            discard="AD", round_number=2, dealer=0,
        )
        state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D 8H", "4C 5C 6C 7C"]), sr.Discard(1, "KS"))
        return play(state, sr.DrawStock(2), sr.Discard(2, "8S"))

    rebuilt_unchanged(build, sr.CallShanghai(3, 2), "no meld 2")
    assert sr.is_legal(build(), sr.CallShanghai(3, 0))


@pytest.mark.parametrize("bad", ["DrawStock", None, 3, ("DrawStock", 1), sr.parse_card("4S")])
def test_wrong_action_types_are_refused(bad: object) -> None:
    """SPEC 6: something that is not an action is refused with IllegalAction, not another error."""
    state = fresh()
    with pytest.raises(sr.IllegalAction, match="not an action"):
        sr.apply(state, bad)  # type: ignore[arg-type]
    assert not sr.is_legal(state, bad)  # type: ignore[arg-type]
    with pytest.raises(sr.IllegalAction):
        sr.check(state, bad)  # type: ignore[arg-type]
    assert state == fresh()


def test_a_state_that_is_not_a_state_is_refused() -> None:
    """SPEC 6: apply on something that is not a GameState raises the library's own error."""
    with pytest.raises(sr.IllegalAction, match="not a GameState"):
        sr.apply("state", sr.DrawStock(1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: sr.DrawStock("1"),  # type: ignore[arg-type]
        lambda: sr.DrawStock(-1),
        lambda: sr.Buy(1.0),  # type: ignore[arg-type]
        lambda: sr.Discard(1, "ZZ"),
        lambda: sr.Discard(1, 42),
        lambda: sr.Discard(1, "4S", shanghai="yes"),  # type: ignore[arg-type]
        lambda: sr.LayOff(1, "4S", -1),
        lambda: sr.LayOff(1, "4S", 0, "middle"),  # type: ignore[arg-type]
        lambda: sr.LayDown(1, "4S 5S 6S"),
        lambda: sr.LayDown(1, ["4S 5S XX"]),
        lambda: sr.Cut(1, "ten"),  # type: ignore[arg-type]
    ],
)
def test_malformed_actions_are_refused_when_built(make: Any) -> None:
    """SPEC 6: an action built with a field of the wrong type or value raises MalformedAction, an
    IllegalAction and so a ValueError, with a reason."""
    with pytest.raises(sr.MalformedAction) as info:
        make()
    assert isinstance(info.value, sr.IllegalAction)
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_illegal_action_is_a_value_error_carrying_reason_and_action() -> None:
    """SPEC 5 / 6: IllegalAction is a ValueError with the reason and the action refused."""
    state = fresh()
    action = sr.DrawStock(2)
    with pytest.raises(ValueError) as info:
        sr.apply(state, action)
    assert isinstance(info.value, sr.IllegalAction)
    assert info.value.reason == str(info.value)
    assert info.value.action == action


def test_meld_that_breaks_a_rule_is_refused_naming_the_rule() -> None:
    """SPEC 6: a meld that breaks a rule is refused; the message names the rule."""

    def build() -> sr.GameState:
        state = sr.setup_round(
            sr.PAGAT7, hands=["2S 3S", "8C 8D JK 4C 5C JK 7C KS AC 2C 3C", "2D 3D"], stock="4D 5D",
            discard="AD", round_number=2, dealer=0,
        )
        return play(state, sr.DrawStock(1))

    rebuilt_unchanged(build, sr.LayDown(1, ["8C JK JK", "4C 5C 6C 7C"]), "one wild")
    rebuilt_unchanged(build, sr.LayDown(1, ["8C 8D JK", "AC 2C 3C 4C"]), "aces are high only")

    def round_one() -> sr.GameState:
        state = sr.setup_round(
            sr.PAGAT7, hands=["2S 3S", "8C 8D KS 4C 4D 4H", "2D 3D"], stock="4S 5D", discard="AD", dealer=0,
        )
        return play(state, sr.DrawStock(1))

    rebuilt_unchanged(round_one, sr.LayDown(1, ["8C 8D KS", "4C 4D 4H"]), "one rank")


def test_game_over_refuses_every_action() -> None:
    """SPEC 6 / 4.11: after the last round nothing more can be done, and the reason says so."""
    state = sr.setup_round(sr.PAGAT7, hands=["2S", "9H", "AD"], stock="", discard="6S", round_number=7, dealer=0)
    state = play(state, sr.DrawStock(1))
    assert state.is_over
    for action in (sr.StartRound(), sr.DrawStock(2), sr.Buy(0)):
        refused(state, action, "game is over")


def test_a_meld_built_from_a_list_is_kept_as_a_tuple_spec_5() -> None:
    """A caller's Meld built from a list is frozen: changing the list afterwards changes nothing
    on the table, and the game goes on (SPEC 5: states are immutable values; SPEC 6)."""
    from shanghai_rules.melds import Meld

    state = sr.setup_round(sr.PAGAT7, hands=["3C 4C 5C", "8C 8D 8H 9C 9D 9H 5S 6S", "3D 4D 5D"],
                           stock="KS QS JS", discard="2D")
    state = sr.apply(state, sr.DrawStock(1))
    eights = list(sr.parse_cards("8C 8D 8H"))
    state = sr.apply(state, sr.LayDown(1, [Meld("set", eights, rank=8), "9C 9D 9H"]))  # type: ignore[arg-type]
    eights.append(sr.parse_card("AS"))
    assert state.table[0].cards == sr.parse_cards("8C 8D 8H")
    assert sr.legal_actions(state)
    assert sr.apply(state, sr.Discard(1, sr.parse_card("KS"))).phase == "draw"


@pytest.mark.parametrize("bad", [0, -1, 1.0, True, "1", None, 2.5])
def test_legal_actions_refuses_a_lay_downs_that_is_not_a_whole_number_of_at_least_one_spec6(bad: Any) -> None:
    """SPEC 6: ``legal_actions``' ``lay_downs`` is a whole number of at least 1 (not a bool, not a
    float, not text); anything else is an IllegalAction naming it, and the state is unchanged."""
    state = drawn()
    before = sr.to_json(state)
    with pytest.raises(sr.IllegalAction, match="lay_downs"):
        sr.legal_actions(state, lay_downs=bad)
    assert sr.to_json(state) == before
    assert sr.legal_actions(state, lay_downs=1) == sr.legal_actions(state)
