"""Invariants every reachable game state keeps, and a seeded random game driver.

Shared by the property tests of the engine and of the robustness suites.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator

import shanghai_rules as sr
from shanghai_rules.cards import full_deck


def supply(state: sr.GameState) -> Counter[sr.Card]:
    """The full card supply of the state's rules and seat count, with any fresh decks added this round."""
    rules = state.rules
    return Counter(full_deck(rules.decks_for(state.players) + state.fresh_decks, rules.jokers_per_deck))


def cards_in_play(state: sr.GameState) -> Counter[sr.Card]:
    """Every card in hands, on the table, in the stock and in the discard pile, as printed (a dead 2 as its 2)."""
    count: Counter[sr.Card] = Counter()
    for hand in state.hands:
        count.update(hand)
    for tm in state.table:
        count.update(tm.cards)
    count.update(state.stock)
    count.update(state.discard)
    if not state.rules.discarded_twos_die:
        assert not any(card.dead for card in count), "a dead 2 only where discarded 2s die"
    printed: Counter[sr.Card] = Counter()
    for card, n in count.items():  # a dead 2 is one of the supply's 2s
        printed[card.printed] += n
    return printed


def check_invariants(state: sr.GameState, full: Counter[sr.Card] | None = None) -> None:
    """Assert everything that must hold in any reachable state."""
    rules = state.rules
    if full is not None:
        if state.fresh_decks:
            full = supply(state)
        assert cards_in_play(state) == full, "cards are not conserved"
    for hand in state.hands:
        assert list(hand) == sorted(hand), "hands are kept sorted"
    limit = rules.buy_limit(state.round_number)
    if limit is None:
        assert all(b is None for b in state.buys_left), "unlimited buys are never counted down"
    else:
        assert all(b is not None and 0 <= b <= limit for b in state.buys_left), "buys left out of range"
    for tm in state.table:
        result = sr.check_meld(tm.meld, rules, laid_off=True)
        assert result, f"illegal meld on the table: {tm.meld.describe()}: {result.reason}"
        assert state.down[tm.owner], "a meld's owner is down"
    assert len(state.round_results) == (
        state.round_number if state.phase in ("round_over", "game_over") else state.round_number - 1
    )
    totals = [sum(row[i] for row in state.round_scores) for i in range(state.players)]
    assert list(state.scores) == totals, "totals equal the sum of round scores"
    for result in state.round_results:
        if result.went_out is not None:
            assert result.hand_points[result.went_out] == 0
    if state.phase in ("draw", "play"):
        assert all(state.hands[s] for s in range(state.players) if s != state.turn) or state.phase == "draw"
    if state.phase == "game_over":
        assert state.is_over and state.winners
        assert all(state.scores[w] == min(state.scores) for w in state.winners)


def actors(state: sr.GameState, actions: list[sr.Action]) -> set[int | None]:
    """The seats that have an action (None for StartRound)."""
    return {getattr(a, "player", None) for a in actions}


def check_actors(state: sr.GameState, actions: list[sr.Action]) -> None:
    """Only seats allowed to act have actions."""
    if state.phase == "round_over":
        assert actions == [sr.StartRound()]
    elif state.phase == "cut":
        assert actors(state, actions) == {state.cutter}
        assert all(isinstance(a, sr.Cut) for a in actions)
    elif state.phase == "play":
        # the seat on turn plays; the others may only ask to buy, where buys go on until the discard
        others = [a for a in actions if getattr(a, "player", None) != state.turn]
        assert state.turn in actors(state, actions)
        assert all(isinstance(a, (sr.Buy, sr.WithdrawBuy, sr.DeclineBuy)) for a in others)
        assert not others or (state.rules.buy_window == "until_discard" and state.upcard_live)
        check_lay_down_listed(state, actions)
    elif state.phase == "draw":
        for action in actions:
            if action.player == state.turn:  # type: ignore[union-attr]
                assert isinstance(action, (sr.DrawStock, sr.TakeDiscard, sr.CallShanghai, sr.WithdrawBuy))
            else:
                assert isinstance(action, (sr.Buy, sr.WithdrawBuy, sr.DeclineBuy, sr.CallShanghai))
        assert sr.DrawStock(state.turn) in actions


def check_lay_down_listed(state: sr.GameState, actions: list[sr.Action]) -> None:
    """SPEC 5 (*): whenever going down is possible, at least one LayDown is listed; here, whenever
    the layout find_contract gives may be laid down."""
    seat = state.turn
    if state.down[seat]:
        return
    layout = sr.find_contract(state.hands[seat], state.rules, state.round_number)
    if layout is not None and sr.is_legal(state, sr.LayDown(seat, layout)):
        assert any(isinstance(a, sr.LayDown) for a in actions), "going down is possible but no LayDown is listed"


def random_actions(state: sr.GameState, rng: random.Random, count: int) -> Iterator[sr.Action]:
    """Random actions of every kind, mostly illegal: any seat, any card of the supply, any meld index."""
    seats = state.players + 1
    cards = list(dict.fromkeys(cards_in_play(state))) or [sr.parse_card("JK")]  # in a fixed order
    meld_count = len(state.table) + 2
    for _ in range(count):
        seat = rng.randrange(seats)
        card = rng.choice(cards)
        kind = rng.randrange(11)
        if kind == 0:
            yield sr.DrawStock(seat)
        elif kind == 1:
            yield sr.TakeDiscard(seat)
        elif kind == 2:
            yield sr.Buy(seat)
        elif kind == 3:
            yield sr.WithdrawBuy(seat)
        elif kind == 4:
            hand = state.hands[seat] if seat < state.players else ()
            picked = rng.sample(list(hand), min(len(hand), rng.randrange(3, 8))) if hand else [card] * 3
            yield sr.LayDown(seat, [picked[: len(picked) // 2], picked[len(picked) // 2 :]])
        elif kind == 5:
            yield sr.LayOff(seat, card, rng.randrange(meld_count), rng.choice([None, "low", "high"]))
        elif kind == 6:
            yield sr.SwapWild(seat, card, rng.randrange(meld_count))
        elif kind == 7:
            yield sr.Discard(seat, card, shanghai=rng.random() < 0.3)
        elif kind == 8:
            yield sr.CallShanghai(seat, rng.randrange(meld_count))
        elif kind == 9:
            yield sr.Cut(seat, rng.randrange(-1, 200))
        else:
            yield sr.StartRound()


def equivalent_to_listed(action: sr.Action, listed: list[sr.Action]) -> bool:
    """An unlisted action that ``legal_actions`` documents as legal all the same."""
    if isinstance(action, sr.LayDown):
        return True  # legal_actions lists a representative set of lay-downs
    if isinstance(action, sr.LayOff) and action.end is not None:
        return sr.LayOff(action.player, action.card, action.meld) in listed
    return False


def play_random_game(
    rules: sr.Rules,
    players: int,
    seed: int,
    *,
    probes: int = 0,
    check_all_listed: bool = False,
) -> Iterator[tuple[sr.GameState, sr.Action, sr.GameState]]:
    """Play a random legal game to the end, checking the invariants after every step.

    Yields (state, action, next state).  ``probes`` random (mostly illegal)
    actions are tried at each step: each must be listed, documented as
    equivalent to a listed one, or refused with IllegalAction leaving the
    state as it was.
    """
    rng = random.Random(seed)
    state = sr.new_game(rules, players, seed=seed, dealer=seed % players)
    full = supply(state)
    check_invariants(state, full)
    while not state.is_over:
        actions = sr.legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        assert sr.has_legal_action(state)
        check_actors(state, actions)
        if check_all_listed:
            for action in actions:
                sr.check(state, action)
        for probe in random_actions(state, rng, probes):
            if probe in actions:
                continue
            before = pickle.dumps(state)
            try:
                sr.apply(state, probe)
            except sr.IllegalAction as exc:
                assert str(exc), "a refusal gives a reason"
            else:
                assert equivalent_to_listed(probe, actions), f"unlisted legal action {probe!r}"
            assert pickle.dumps(state) == before, "a refused action changed the state"
        action = _choose(actions, rng)
        before = pickle.dumps(state)
        after = sr.apply(state, action, listing=actions)
        assert pickle.dumps(state) == before, "apply changed its input"
        assert after.move_number == state.move_number + 1, "every action applied counts one move"
        check_invariants(after, full)
        yield state, action, after
        state = after


def _choose(actions: list[sr.Action], rng: random.Random) -> sr.Action:
    """Mostly plays of the seat on turn (so rounds end), sometimes anything listed."""
    plays = [a for a in actions if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    if rng.random() < 0.85:
        main = [a for a in actions if not isinstance(a, (sr.Buy, sr.WithdrawBuy))]
        if main:
            return rng.choice(main)
    return rng.choice(actions)


PLAYS = (sr.LayDown, sr.LayOff, sr.SwapWild, sr.CallShanghai)


def choose(rng: random.Random, state: sr.GameState, bias: float) -> sr.Action:
    """A random legal action; with probability ``bias`` a play (lay down, lay off, swap, call) when there is one."""
    actions = sr.legal_actions(state)
    plays = [a for a in actions if isinstance(a, PLAYS)]
    if plays and rng.random() < bias:
        return rng.choice(plays)
    return rng.choice(actions)


def game(rules: sr.Rules, players: int, seed: int, steps: int, bias: float = 0.7) -> Iterator[sr.GameState]:
    """The states of a random game, the first included, for at most ``steps`` actions."""
    rng = random.Random(seed)
    state = sr.new_game(rules, players=players, seed=seed, dealer=seed % players)
    yield state
    for _ in range(steps):
        if state.is_over:
            return
        state = sr.apply(state, choose(rng, state, bias))
        yield state
