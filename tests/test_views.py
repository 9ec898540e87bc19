"""Per-player views (SPEC 5, issue 4): a seat sees exactly what it may know, and nothing more."""

from __future__ import annotations

import doctest
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from invariants import game
from shanghai_rules import views
from shanghai_rules.serialization import from_json, to_dict, to_json
from shanghai_rules.views import PlayerView, observe

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def positions(draw: st.DrawFn) -> sr.GameState:
    """A position reached by random legal play of a random preset."""
    rules = sr.PRESETS[draw(st.sampled_from(sorted(sr.PRESETS)))]
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**64))
    steps = draw(st.integers(0, 300))
    bias = draw(st.sampled_from([0.0, 0.6, 0.95]))
    *_, state = game(rules, players, seed, steps, bias)
    return state


def redeal(state: sr.GameState, seat: int, rng: random.Random) -> sr.GameState:
    """``state`` with everything ``seat`` cannot see dealt again: the other hands (same sizes) and the stock
    shuffled together, and another seed."""
    others = [s for s in range(state.players) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=rng.getrandbits(64))


# ---------------------------------------------------------------------------
# what a view holds


def test_a_view_holds_the_public_position_and_the_seats_own_hand() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=7)
    for seat in range(4):
        view = observe(state, seat)
        assert view.player == seat
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == (11, 11, 11, 11)
        assert view.stock_size == len(state.stock) == 108 - 44 - 1
        assert view.discard == state.discard and view.upcard == state.upcard
        assert (view.rules, view.round_number, view.dealer, view.phase, view.turn) == (
            state.rules, 1, 0, "draw", 1)
        assert view.legal_actions == tuple(sr.legal_actions(state, seat))
        assert view.players == 4 and view.contract == state.contract
        assert view.my_turn == (seat == 1)


def test_a_view_has_no_field_for_hidden_information() -> None:
    names = {f.name for f in attrs.fields(PlayerView)}
    assert not names & {"hands", "stock", "seed"}
    shared = {f.name for f in attrs.fields(sr.GameState)} - {"hands", "stock", "seed"}
    assert shared <= names, "every public fact of the state is in the view"
    doc = to_dict(observe(sr.new_game(sr.ISRA, players=3, seed=5), 0))
    assert "seed" not in doc and "stock" not in doc and "hands" not in doc


@SETTINGS
@given(positions())
def test_a_view_copies_every_public_field(state: sr.GameState) -> None:
    for seat in range(state.players):
        view = observe(state, seat)
        for name in ("rules", "round_number", "dealer", "phase", "turn", "table", "discard", "upcard_live",
                     "discarder", "shanghai_open", "buys_left", "buy_requests", "buy_withdrawn", "down", "scores",
                     "round_results", "went_down_this_turn", "owed_wilds", "must_go_down", "turns_taken", "cut"):
            assert getattr(view, name) == getattr(state, name), name
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == tuple(len(h) for h in state.hands)
        assert view.stock_size == len(state.stock)
        assert view.legal_actions == tuple(sr.legal_actions(state, seat))
        assert view.upcard == state.upcard
        assert (view.is_over, view.winners, view.round_scores) == (state.is_over, state.winners, state.round_scores)


# ---------------------------------------------------------------------------
# the leak property


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_redealing_what_a_seat_cannot_see_leaves_its_view_equal(state: sr.GameState, rng: random.Random) -> None:
    for seat in range(state.players):
        other = redeal(state, seat, rng)
        assert observe(other, seat) == observe(state, seat)
        assert to_json(observe(other, seat)) == to_json(observe(state, seat))


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_a_seat_sees_its_own_hand_change(state: sr.GameState, rng: random.Random) -> None:
    """The converse, so the property above is not empty: what a seat holds is in its view."""
    seat = rng.randrange(state.players)
    others = [s for s in range(state.players) if s != seat and state.hands[s] != state.hands[seat]]
    if not state.hands[seat] or not others:
        return
    swap = rng.choice(others)
    hands = list(state.hands)
    hands[seat], hands[swap] = hands[swap], hands[seat]
    assert observe(attrs.evolve(state, hands=tuple(hands)), seat) != observe(state, seat)


def test_the_stock_order_and_seed_are_hidden_before_the_cut() -> None:
    """In the cut phase every card is in the stock: the view gives only its size."""
    state = sr.new_game(sr.ISRA, players=4, seed=1)
    assert state.phase == "cut"
    view = observe(state, state.cutter)
    assert view.stock_size == 162 and view.hand == ()
    assert [a.count for a in view.legal_actions] == list(range(1, 163))  # type: ignore[union-attr]
    shuffled = attrs.evolve(state, stock=tuple(random.Random(2).sample(state.stock, len(state.stock))), seed=3)
    assert observe(shuffled, state.cutter) == view


def test_buy_requests_are_public() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=3)
    buyer = next(a.player for a in sr.legal_actions(state) if isinstance(a, sr.Buy))
    state = sr.apply(state, sr.Buy(buyer))
    for seat in range(4):
        assert observe(state, seat).buy_requests == (buyer,)
    assert sr.WithdrawBuy(buyer) in observe(state, buyer).legal_actions


# ---------------------------------------------------------------------------
# errors, JSON, docs


@pytest.mark.parametrize("player", [-1, 4, "1", 1.0, True, None])
def test_observe_refuses_a_seat_that_is_not_there(player: object) -> None:
    state = sr.new_game(sr.PAGAT7, players=4)
    with pytest.raises(ValueError, match="is not a seat"):
        observe(state, player)  # type: ignore[arg-type]


def test_observe_refuses_what_is_not_a_state() -> None:
    with pytest.raises(ValueError, match="is not a GameState"):
        observe(sr.PAGAT7, 0)  # type: ignore[arg-type]


@SETTINGS
@given(positions())
def test_views_round_trip_through_json(state: sr.GameState) -> None:
    for seat in range(state.players):
        view = observe(state, seat)
        assert from_json(to_json(view), PlayerView) == view


def test_a_view_document_that_does_not_add_up_is_refused() -> None:
    from shanghai_rules.serialization import SerializationError, from_dict

    state = sr.new_game(sr.TEN_ROUND, players=3, seed=2)
    doc = to_dict(observe(state, 1))
    for change, path in (
        ({"hand_sizes": [10, 9, 10]}, "hand_sizes[1]"),
        ({"hand_sizes": [10, 10]}, "hand_sizes"),
        ({"stock_size": 200}, "stock_size"),
        ({"player": 3}, "player"),
        ({"legal_actions": [{"type": "buy", "player": 2}]}, "legal_actions[0]"),
        ({"hand": doc["hand"] + ["QS"] * 2}, ""),
    ):
        with pytest.raises(SerializationError) as info:
            from_dict({**doc, **change})
        assert info.value.path.startswith(path), str(info.value)


def test_doctests() -> None:
    result = doctest.testmod(views)
    assert result.failed == 0 and result.attempted > 0


def test_every_seat_sees_who_cuts_the_dealers_right_spec_4_10() -> None:
    """SPEC 4.10: the seat to the dealer's right cuts; every seat's view names it as the state does."""
    state = sr.new_game(sr.ISRA, players=4, seed=3)
    assert state.phase == "cut" and state.cutter == (state.dealer - 1) % 4 == state.turn
    assert all(observe(state, seat).cutter == state.cutter for seat in range(4))
