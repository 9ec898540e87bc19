"""The game in words: describe(), str(state), str(view) and the score sheet."""

from __future__ import annotations

import doctest

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules import text
from shanghai_rules.events import (
    EVENT_TYPES,
    Bought,
    CalledShanghai,
    DrewFromStock,
    Event,
    GameEnded,
    RoundEnded,
    redact,
    step_events,
)
from shanghai_rules.text import describe, score_sheet, state_table
from shanghai_rules.views import observe

SYMBOLS = "♣♦♥♠★"
QS, SEVEN_H, JOKER = sr.parse_cards("QS 7H JK")
_CHECKED = sr.check_meld(sr.parse_cards("4C 5C JK 7C"), sr.PAGAT7).meld
assert _CHECKED is not None
MELD: sr.Meld = _CHECKED

ACTIONS: list[sr.Action] = [
    sr.DrawStock(0), sr.TakeDiscard(1), sr.Buy(2), sr.WithdrawBuy(2), sr.DeclineBuy(3),
    sr.LayDown(0, [sr.parse_cards("9C 9D 9H"), MELD]), sr.LayOff(1, QS, 3), sr.LayOff(1, JOKER, 0, "low"),
    sr.SwapWild(0, SEVEN_H, 2), sr.Discard(0, QS), sr.Discard(0, QS, shanghai=True), sr.CallShanghai(3, 1, "high"),
    sr.Cut(2, 45), sr.StartRound(),
]


@pytest.fixture(scope="module")
def game_events() -> list[Event]:
    """Every event of a short game of every preset, whole and as a spectator knows it."""
    found: list[Event] = []
    for rules in (*sr.PRESETS.values(), attrs.evolve(sr.PAGAT7, buy_offers="in_turn")):
        short = attrs.evolve(rules, contracts=rules.contracts[:2], buy_limits=rules.buy_limits[:2],
                             hand_sizes=None if rules.hand_sizes is None else rules.hand_sizes[:2])
        players = [(sr.GreedyPlayer if seat % 2 else sr.RandomPlayer)(seat) for seat in range(rules.min_players)]

        def collect(before: sr.GameState, action: sr.Action, after: sr.GameState) -> None:
            for event in step_events(before, action, after):
                found.extend((event, redact(event, None)))

        sr.play_game(short, players, 4, on_step=collect)
    return found


# ---------------------------------------------------------------------------
# describe


def test_every_action_is_described_on_one_line_in_unicode_and_ascii() -> None:
    for action in ACTIONS:
        pretty, plain = describe(action), describe(action, ascii=True)
        assert "\n" not in pretty and plain.isascii() and pretty
        if getattr(action, "player", None) is not None:
            assert pretty.startswith(f"seat {action.player} ")  # type: ignore[union-attr]
    assert describe(sr.LayOff(1, JOKER, 0, "low")) == "seat 1 lays off ★ on meld 1 (low end)"
    assert describe(sr.Discard(0, QS, shanghai=True), ascii=True) == "seat 0 discards QS and declares Shanghai"


def test_every_event_of_played_games_is_described_on_one_line(game_events: list[Event]) -> None:
    seen = set()
    for event in game_events:
        pretty, plain = describe(event), describe(event, ascii=True)
        assert pretty and "\n" not in pretty and plain.isascii(), pretty
        seen.add(type(event))
    assert len(seen) >= len(EVENT_TYPES) - 3  # (a stock rebuilt, a declined or withdrawn buy are rare)


def test_a_hidden_card_is_not_named_and_a_seen_one_is() -> None:
    assert describe(DrewFromStock(1, None)) == "seat 1 draws from the stock"
    assert describe(DrewFromStock(1, SEVEN_H)) == "seat 1 draws 7♥ from the stock"
    whole = Bought(2, SEVEN_H, (QS, JOKER), 2, 1)
    assert describe(whole, ascii=True) == "seat 2 buys 7H with 2 penalty cards from the stock (QS JK); 1 buy left"
    assert describe(redact(whole, 0), ascii=True) == "seat 2 buys 7H with 2 penalty cards from the stock; 1 buy left"
    call = CalledShanghai(1, SEVEN_H, 2, 3, QS)
    assert "seat 3 takes a card at random" in describe(redact(call, 0))
    assert "seat 3 takes Q♠ at random" in describe(call)


def test_names_replace_seat_numbers() -> None:
    names = ["Ann", "Bob", "Cy"]
    assert describe(sr.Buy(1), names=names) == "Bob asks to buy the upcard"
    won = "the game is over: Bob and Cy share the win with 5 points"
    assert describe(GameEnded((10, 5, 5), (1, 2)), names=names) == won
    assert describe(sr.Buy(3), names=names) == "seat 3 asks to buy the upcard"


def test_melds_cards_and_contracts_are_described_as_before() -> None:
    assert describe(MELD, ascii=True) == MELD.describe() == "run 4C 5C JK(6C) 7C"
    assert describe(MELD) == MELD.describe(pretty=True)
    assert describe(QS) == "Q♠" and describe(QS, ascii=True) == "QS"
    assert describe(sr.PAGAT7.contracts[1]) == sr.PAGAT7.contracts[1].describe()


def test_a_state_and_a_view_are_summed_up_on_one_line() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    line = describe(state)
    assert line.startswith("round 1 of 7 (2 sets of 3): seat 1 to draw; upcard ") and "\n" not in line
    assert describe(observe(state, 2)).startswith("seat 2's view: round 1 of 7")
    final, _ = sr.play_game(sr.ISRA, [sr.GreedyPlayer(s) for s in range(3)], 1)
    assert "game over; scores " + " ".join(map(str, final.scores)) in describe(final)


def test_every_option_a_table_offers_is_described_pass_included() -> None:
    table = sr.Table.new(sr.PAGAT7, players=3, seed=4)
    seat = table.awaiting().seats[0]
    options = table.options(seat)
    assert [describe(option, names=["Ann", "Bob", "Cy"]) for option in options] == [
        "Cy asks to buy the upcard", "Cy lets the offer go"]
    assert [option.describe() for option in options] == [describe(option) for option in options]


def test_actions_events_states_and_views_have_describe_as_a_method(game_events: list[Event]) -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    names = ["Ann", "Bob", "Cy", "Di"]
    for thing in (*ACTIONS, *game_events[:40], state, observe(state, 3)):
        assert thing.describe() == describe(thing)
        assert thing.describe(ascii=True, names=names) == describe(thing, ascii=True, names=names)


def test_text_functions_refuse_what_they_cannot_describe_with_a_code_spec6() -> None:
    """SPEC 6: ``describe`` of what it cannot describe, and ``state_table`` and ``score_sheet`` of what is
    neither a state nor a view, or with ``names`` that are not a sequence of strings, are refused with
    the library's ``IllegalAction`` (``bad_argument``)."""
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    for call, words in ((lambda: describe(42), "is not a card, meld"),
                        (lambda: sr.state_table("x"), "state_table: 'x' is not a GameState or a PlayerView"),
                        (lambda: sr.score_sheet(sr.PAGAT7), "score_sheet: Rules"),
                        (lambda: sr.score_sheet(None), "score_sheet: None is not"),
                        (lambda: describe(sr.DrawStock(1), names=[1, 2]), "describe: names: "),
                        (lambda: sr.state_table(state, names="AB"), "state_table: names: "),
                        (lambda: sr.score_sheet(state, names=5), "score_sheet: names: ")):
        with pytest.raises(sr.IllegalAction, match=words) as refused:
            call()
        assert refused.value.code == "bad_argument"


# ---------------------------------------------------------------------------
# str(state), str(view)


def test_str_of_a_state_is_a_table_and_repr_is_unchanged() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    shown = str(state)
    lines = shown.splitlines()
    assert lines[0] == "Round 1 of 7 (pagat7): 2 sets of 3"
    assert "seat 1 to draw; dealer seat 0; upcard " in lines[1] and "stock 63" in lines[1]
    assert "Table: nothing laid down" in shown
    assert any(line.startswith("  >seat 1 ") for line in lines), "the seat on turn is marked"
    for seat in range(4):
        assert describe(state.hands[seat][0]) in next(line for line in lines if f"seat {seat}  " in line)
    assert repr(state).startswith("GameState(rules=Rules(") and len(repr(state)) > 3 * len(shown)


def test_str_of_a_view_shows_the_seats_own_hand_and_no_other() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    view = observe(state, 2)
    shown = str(view)
    assert shown.splitlines()[-1] == "  seat 2's hand: " + " ".join(c.pretty for c in state.hands[2])
    assert shown.count(" 11 ") == 4  # every seat's hand size
    assert state_table(state).startswith(shown.split("\n")[0])
    others = " ".join(c.pretty for c in state.hands[0])
    assert others not in shown
    assert repr(view).startswith("PlayerView(")


def test_the_table_lists_the_melds_as_numbered(game_events: list[Event]) -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=3)
    while not state.table:
        state = sr.apply(state, _pick(state))
    shown = state_table(state, ascii=True, names=["Ann", "Bob", "Cy"])
    owner = ["Ann", "Bob", "Cy"][state.table[0].owner]
    assert f"     1. {owner}: {state.table[0].meld.describe()}" in shown
    assert shown.isascii()


def _pick(state: sr.GameState) -> sr.Action:
    actions = sr.legal_actions(state)
    downs = [a for a in actions if isinstance(a, sr.LayDown)]
    return downs[0] if downs else actions[-1]


# ---------------------------------------------------------------------------
# the score sheet


def test_the_score_sheet_adds_up_the_rounds_and_names_the_winner() -> None:
    final, _ = sr.play_game(sr.ISRA, [sr.GreedyPlayer(s) for s in range(3)], 2)
    sheet = score_sheet(final, ["Ann", "Bob", "Cy"])
    lines = sheet.splitlines()
    assert lines[0] == "Score sheet (points this round, running total; * went out)"
    assert len(lines) == 2 + len(final.round_results) + 1
    for result, line in zip(final.round_results, lines[2:], strict=False):
        assert line.split()[0] == str(result.round_number)
        if result.went_out is not None:
            assert "*" in line
    last = lines[2 + len(final.round_results) - 1]
    assert all(str(total) in last for total in final.scores)
    best = min(final.scores)
    assert lines[-1].endswith(f"with {best} points.")
    assert score_sheet(observe(final, 1)) == score_sheet(final)


def test_the_score_sheet_of_a_game_not_finished_says_so() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    assert score_sheet(state).splitlines()[-1] == "Game not finished: 0 of 7 rounds played."


def test_round_ended_and_game_ended_say_who_went_out_and_who_won(game_events: list[Event]) -> None:
    ended = [e for e in game_events if isinstance(e, RoundEnded)]
    assert ended
    for event in ended:
        line = describe(event)
        assert line.startswith(f"round {event.result.round_number} ends: ")
        if event.result.went_out is not None:
            assert f"seat {event.result.went_out} goes out" in line


def test_doctests() -> None:
    result = doctest.testmod(text)
    assert result.failed == 0 and result.attempted > 0
