"""Game events: what each step did, as typed values, and what each seat may know of them.

The leak property is tested as the views' is (tests/test_views.py): a step's
events as one seat sees them do not change when everything that seat cannot
see is dealt again, and they name no card the seat could not see.
"""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from invariants import game
from random_rules import table_rules
from shanghai_rules import event_json, events
from shanghai_rules.event_json import event_from_dict, event_to_dict, events_from_json, events_to_json
from shanghai_rules.events import (
    EVENT_TYPES,
    Bought,
    CalledShanghai,
    Dealt,
    DrewFromStock,
    Event,
    RoundEnded,
    events_for,
    opening_events,
    redact,
    step_events,
)
from shanghai_rules.serialization import SerializationError
from shanghai_rules.views import observe

Step = tuple[sr.GameState, sr.Action, sr.GameState]


def _short(rules: sr.Rules, rounds: int) -> sr.Rules:
    hand_sizes = None if rules.hand_sizes is None else rules.hand_sizes[:rounds]
    return attrs.evolve(rules, contracts=rules.contracts[:rounds], buy_limits=rules.buy_limits[:rounds],
                        hand_sizes=hand_sizes)


def _played_games() -> Iterator[tuple[sr.GameState, list[Step]]]:
    """Whole seeded games between computer players (greedy and random), three rounds of every preset, and of
    tables where buy offers go one seat at a time, and where buys go on until the discard."""
    tables = [rules for _, rules in sorted(sr.PRESETS.items())]
    tables += [attrs.evolve(sr.PAGAT7, buy_offers="in_turn"), attrs.evolve(sr.TEN_ROUND, buy_window="until_discard")]
    for index, preset in enumerate(tables):
        rules = _short(preset, 3)
        seats = rules.min_players + index % 2
        players: list[sr.Player] = [
            (sr.GreedyPlayer if seat % 2 == 0 else sr.RandomPlayer)(index * 10 + seat) for seat in range(seats)]
        yield sr.new_game(rules, seats, seed=index), _steps_of(rules, players, index)


def _steps_of(rules: sr.Rules, players: list[sr.Player], seed: int) -> list[Step]:
    steps: list[Step] = []
    sr.play_game(rules, players, seed, on_step=lambda b, a, f: steps.append((b, a, f)))
    return steps


def _random_steps() -> Iterator[Step]:
    """Steps of random legal play (which asks, withdraws and declines buys, and calls Shanghai, more often)."""
    for index, (_, rules) in enumerate(sorted(sr.PRESETS.items())):
        states = list(game(rules, rules.min_players + 1, 100 + index, 400, 0.6))
        for before, after in zip(states, states[1:], strict=False):
            action = next(a for a in _actions_between(before, after))
            yield before, action, after


def _actions_between(before: sr.GameState, after: sr.GameState) -> Iterator[sr.Action]:
    for action in sr.legal_actions(before):
        if sr.apply(before, action) == after:
            yield action


@pytest.fixture(scope="module")
def played() -> list[tuple[sr.GameState, list[Step]]]:
    return list(_played_games())


@pytest.fixture(scope="module")
def all_steps(played: list[tuple[sr.GameState, list[Step]]]) -> list[Step]:
    return [step for _, steps in played for step in steps] + list(_random_steps())


# ---------------------------------------------------------------------------
# what a step did


def _hand_changes(found: tuple[Event, ...], players: int) -> list[int] | None:
    """Each seat's change of hand size that the events tell; ``None`` where a deal sets the hands."""
    change = [0] * players
    for event in found:
        if isinstance(event, (events.RoundStarted, Dealt)):
            return None
        if isinstance(event, (DrewFromStock, events.TookUpcard)):
            change[event.player] += 1
        elif isinstance(event, Bought):
            change[event.player] += 1 + event.penalty_count
        elif isinstance(event, events.WentDown):
            change[event.player] -= sum(len(m.cards) for m in event.melds)
        elif isinstance(event, (events.LaidOff, events.Discarded)):
            change[event.player] -= 1
        elif isinstance(event, CalledShanghai):
            change[event.player] -= 1
            change[event.discarder] += 1
    return change


def test_the_events_of_whole_games_account_for_every_card_that_changes_hands(all_steps: list[Step]) -> None:
    for before, action, after in all_steps:
        found = step_events(before, action, after)
        assert found, action
        change = _hand_changes(found, before.players)
        if change is None:
            dealt = [e for e in found if isinstance(e, Dealt)]
            assert [len(h) for h in after.hands] == [dealt[0].hand_size if dealt else 0] * after.players
            assert not dealt or dealt[0].hands == after.hands
            continue
        assert change == [len(a) - len(b) for a, b in zip(after.hands, before.hands, strict=True)], found


def test_every_kind_of_event_happens_in_the_games_played(all_steps: list[Step]) -> None:
    seen = Counter(type(e) for step in all_steps for e in step_events(*step))
    assert set(EVENT_TYPES) <= set(seen), set(EVENT_TYPES) - set(seen)


def test_the_events_hold_the_cards_that_moved(all_steps: list[Step]) -> None:
    for before, action, after in all_steps:
        for event in step_events(before, action, after):
            if isinstance(event, DrewFromStock):
                assert event.card is not None and event.card in after.hands[event.player]
            elif isinstance(event, Bought):
                assert event.card == before.discard[-1] and event.penalty is not None
                assert len(event.penalty) == event.penalty_count <= after.rules.buy_penalty_cards
                assert event.buys_left == after.buys_left[event.player]
            elif isinstance(event, CalledShanghai):
                assert event.given is not None and event.given in after.hands[event.discarder]
                assert event.card in after.table[event.meld].cards
            elif isinstance(event, events.SwappedWild):
                assert event.wild in after.hands[event.player] and sr.is_wild(event.wild, after.rules)
            elif isinstance(event, events.WentDown):
                laid = after.table[event.first_meld:event.first_meld + len(event.melds)]
                assert tuple(tm.meld for tm in laid) == event.melds
            elif isinstance(event, RoundEnded):
                assert event.result == after.round_results[-1] and event.scores == after.scores


def test_a_round_ends_once_and_the_game_after_its_last_round(
        played: list[tuple[sr.GameState, list[Step]]]) -> None:
    for first, steps in played:
        found = [e for step in steps for e in step_events(*step)]
        ended = [e for e in found if isinstance(e, RoundEnded)]
        final = steps[-1][2]
        assert [e.result for e in ended] == list(final.round_results)
        assert isinstance(found[-1], events.GameEnded) and found[-1].winners == final.winners
        assert len([e for e in found if isinstance(e, events.RoundStarted)]) == final.rules.rounds - 1
        assert isinstance(opening_events(first)[0], events.RoundStarted)


def test_a_card_laid_off_or_called_onto_a_run_says_the_end_it_joined(all_steps: list[Step]) -> None:
    """LaidOff.end and CalledShanghai.end: the end of the run the card now stands at (None for a set), so
    that a client following the events knows the meld; a joker laid off at either end of the same run
    makes two different events."""
    ends: Counter[object] = Counter()
    for before, action, after in all_steps:
        for event in step_events(before, action, after):
            if isinstance(event, (events.LaidOff, CalledShanghai)):
                meld = after.table[event.meld].meld
                ends[event.end] += 1
                if meld.kind == "set":
                    assert event.end is None
                else:
                    assert meld.cards[0 if event.end == "low" else -1] == event.card, (event, meld)
                    assert (event.end == "low") == (meld.start < before.table[event.meld].meld.start)
    assert ends["low"] and ends["high"] and ends[None], ends
    state = sr.setup_round(sr.PAGAT7, round_number=3, hands=["2C 3D 4S", "4C 5C 6C 7C 9D 10D JD QD JK 8C 3S",
                                                             "3C 4D 5S"], stock="KS 2S", discard="KD")
    state = sr.apply(sr.apply(state, sr.DrawStock(1)), sr.LayDown(1, ["4C 5C 6C 7C", "9D 10D JD QD"]))
    told = {end: step_events(state, sr.LayOff(1, "JK", 0, end), sr.apply(state, sr.LayOff(1, "JK", 0, end)))
            for end in ("low", "high")}
    assert told["low"] != told["high"]
    assert sr.describe(told["low"][0], ascii=True) == "seat 1 lays off JK on meld 1 (low end)"


def test_a_buy_comes_before_the_draw_that_settles_it(all_steps: list[Step]) -> None:
    for before, action, after in all_steps:
        kinds = [type(e) for e in step_events(before, action, after)]
        if Bought in kinds and isinstance(action, sr.DrawStock) and DrewFromStock in kinds:
            assert kinds.index(Bought) < kinds.index(DrewFromStock)


def _pile_told(before: sr.GameState, found: tuple[Event, ...]) -> tuple[list[sr.Card], int] | None:
    """The discard pile and the stock size after a step, worked out from ``before``'s and the step's events
    alone, applied in order, as a client showing the table keeps them; ``None`` where the events set them
    afresh (a deal) or one event stands for several rebuilds."""
    rules = before.rules
    pile, stock = list(before.discard), len(before.stock)
    for event in found:
        if isinstance(event, (Dealt, events.RoundStarted)) or (isinstance(event, events.StockRebuilt)
                                                             and event.times > before.stock_rebuilt + 1):
            return None
        if isinstance(event, DrewFromStock):
            stock -= 1
        elif isinstance(event, (events.TookUpcard, CalledShanghai)):
            assert pile.pop() == event.card
        elif isinstance(event, Bought):
            assert pile.pop() == event.card
            stock -= event.penalty_count
        elif isinstance(event, events.StockRebuilt) and event.fresh_decks:
            stock += event.fresh_decks * (52 + rules.jokers_per_deck)
        elif isinstance(event, events.StockRebuilt):
            kept = pile[-1:] if rules.stock_rebuild == "under_upcard" else []
            stock += len(pile) - len(kept)
            pile = kept
        elif isinstance(event, events.Discarded):
            pile.append(sr.dead_two(event.card) if event.dies else event.card)
    return pile, stock


def _buy_over_a_rebuild(rules: sr.Rules, at_discard: bool) -> Step:
    """A buy of the upcard that takes the stock's last cards as penalty cards, settled at the draw (the
    draw then rebuilds the stock) or, where buys go on until the discard, at the discard (the stock is
    rebuilt for its second penalty card)."""
    state = sr.setup_round(rules, round_number=1, hands=["2C 3D 4S 5H", "4C 5C 6C 7C", "3C 4D 5S 6H"],
                           stock="KS 2S" if at_discard else "KS 2S 9S", discard="9D 9H 8C KD", dealer=0)
    if at_discard:
        state = sr.apply(state, sr.DrawStock(1))
        asked = sr.apply(state, sr.Buy(2))
        action: sr.Action = sr.Discard(1, sr.parse_card("4C"))
    else:
        asked = sr.apply(sr.apply(state, sr.DrawStock(1)), sr.Discard(1, sr.parse_card("4C")))
        asked = sr.apply(asked, sr.Buy(0))
        action = sr.DrawStock(2)
    return asked, action, sr.apply(asked, action)


@pytest.mark.parametrize("rebuild", ["under_upcard", "whole_pile"])
@pytest.mark.parametrize("at_discard", [False, True], ids=["at the draw", "at the discard"])
def test_a_client_following_the_events_keeps_the_pile_and_the_stock_size(
        all_steps: list[Step], rebuild: str, at_discard: bool) -> None:
    """The order is the order things happen in: a buy settled as the stock runs out takes the upcard
    before the stock is rebuilt, so the pile and the stock size worked out from the events in order are
    the state's, after every step of the games played and after a buy over a rebuild."""
    rules = attrs.evolve(sr.TEN_ROUND, buy_penalty_cards=2, stock_rebuild=rebuild,
                         buy_window="until_discard" if at_discard else "before_draw")
    over_a_rebuild = _buy_over_a_rebuild(rules, at_discard)
    kinds = [type(e) for e in step_events(*over_a_rebuild)]
    assert kinds.index(Bought) < kinds.index(events.StockRebuilt), kinds
    checked = 0
    for before, action, after in [over_a_rebuild, *all_steps]:
        told = _pile_told(before, step_events(before, action, after))
        if told is not None and after.phase in ("draw", "play"):
            assert told == (list(after.discard), len(after.stock)), (before, action)
            checked += 1
    assert checked > 1000


# ---------------------------------------------------------------------------
# the leak property


def _named_cards(action: sr.Action) -> list[sr.Card]:
    """The cards an action names (they stay in the actor's hand when the hidden cards are dealt again)."""
    if isinstance(action, sr.LayDown):
        return [c for group in action.melds for c in (group.cards if isinstance(group, sr.Meld) else group)]
    card = getattr(action, "card", None)
    return [card] if card is not None else []


def redeal_for(state: sr.GameState, seat: int, action: sr.Action, rng: random.Random) -> sr.GameState:
    """``state`` with everything ``seat`` cannot see dealt again (the other hands, same sizes, and the stock
    shuffled together, and another seed), but the cards ``action`` names left in the hand that plays them,
    and the wilds the player on turn owes (public: the table saw the swap) left in theirs."""
    actor = getattr(action, "player", seat)
    kept = {s: Counter[sr.Card]() for s in range(state.players) if s != seat}
    if actor in kept:
        kept[actor] |= Counter(_named_cards(action))
    if state.turn in kept:
        kept[state.turn] |= Counter(state.owed_wilds)
    hidden = Counter(c for s in kept for c in state.hands[s]) - sum(kept.values(), Counter[sr.Card]())
    pool = list(hidden.elements()) + list(state.stock)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s, keep in kept.items():
        size = len(hands[s]) - keep.total()
        hands[s], pool = tuple(sorted([*keep.elements(), *pool[:size]])), pool[size:]
    return attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=rng.getrandbits(64))


def _sight(state: sr.GameState, seat: int) -> tuple[object, ...]:
    """What ``seat`` sees of ``state``: its view but for the legal actions (which follow from the rest)."""
    view = observe(state, seat)
    return tuple(getattr(view, f.name) for f in attrs.fields(type(view)) if f.name != "legal_actions")


def _same_events_when_dealt_again(step: Step, seat: int, rng: random.Random) -> bool:
    """Deal again what ``seat`` cannot see before the step, and take the step again: where the seat sees
    the same before and after, assert that its events are the same.  False where there is nothing to compare
    (the seat drew, was dealt or was given another card, or the hidden cards decided the play)."""
    before, action, after = step
    other = redeal_for(before, seat, action, rng)
    try:
        other_after = sr.apply(other, action)
    except sr.IllegalAction:
        return False
    if _sight(other_after, seat) != _sight(after, seat):
        return False
    assert events_for(seat, other, action, other_after) == events_for(seat, before, action, after), (action, seat)
    return True


def test_dealing_again_what_a_seat_cannot_see_leaves_its_events_equal(all_steps: list[Step]) -> None:
    rng = random.Random(5)
    compared = skipped = 0
    for step in all_steps:
        for seat in range(step[0].players):
            if _same_events_when_dealt_again(step, seat, rng):
                compared += 1
            else:
                skipped += 1
    assert compared > 3 * skipped, (compared, skipped)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_under_random_table_rules_events_account_for_the_cards_and_leak_nothing(seed: int) -> None:
    """Random house rules (stocks that run out and are rebuilt, buys until the discard or offered in turn,
    cuts, swaps of jokers only, ...) and random play: the same two properties, step by step."""
    rng = random.Random(seed)
    rules = table_rules(rng, "events", most_rounds=2)
    players = rng.randint(rules.min_players, min(rules.max_players, rules.min_players + 2))
    states = list(game(rules, players, rng.getrandbits(32), 300, rng.choice([0.3, 0.8])))
    for before, after in zip(states, states[1:], strict=False):
        action = next(_actions_between(before, after))
        found = step_events(before, action, after)
        change = _hand_changes(found, players)
        if change is not None:
            assert change == [len(a) - len(b) for a, b in zip(after.hands, before.hands, strict=True)], found
        _same_events_when_dealt_again((before, action, after), rng.randrange(players), rng)


def _visible(before: sr.GameState, action: sr.Action, after: sr.GameState, seat: int) -> Counter[sr.Card]:
    """The cards ``seat`` sees in the step: its hand before and after, the table, the discards, and the
    cards the action names."""
    seen: Counter[sr.Card] = Counter(_named_cards(action))
    for state in (before, after):  # (the hand, the discards and the table hold different cards: their sum)
        seen |= Counter(state.hands[seat]) + Counter(state.discard) + Counter(c for tm in state.table for c in tm.cards)
    return seen


def _cards_in(event: Event) -> list[sr.Card]:
    cards: list[sr.Card] = []
    for field in attrs.fields(type(event)):
        value = getattr(event, field.name)
        if isinstance(value, sr.Card):
            cards.append(value)
        elif field.name in ("hands",):
            cards += [c for hand in value if hand is not None for c in hand]
        elif field.name in ("penalty",) and value is not None:
            cards += list(value)
        elif field.name == "melds":
            cards += [c for meld in value for c in meld.cards]
    return cards


def test_a_seats_events_name_no_card_it_could_not_see(all_steps: list[Step]) -> None:
    for before, action, after in all_steps:
        for seat in range(before.players):
            visible = _visible(before, action, after, seat)
            for event in events_for(seat, before, action, after):
                named = Counter(_cards_in(event))
                assert not named - visible, (event, seat)


def test_a_seat_sees_the_cards_it_takes_itself(all_steps: list[Step]) -> None:
    """The converse, so the properties above are not empty: the drawer sees its card, the buyer its penalty."""
    shown = Counter[str]()
    for before, action, after in all_steps:
        for event in step_events(before, action, after):
            if isinstance(event, (DrewFromStock, Bought)):
                assert redact(event, event.player) == event
                assert redact(event, (event.player + 1) % before.players) != event or (
                    isinstance(event, Bought) and not event.penalty)
                shown[type(event).__name__] += 1
            if isinstance(event, CalledShanghai):
                assert redact(event, event.discarder) == redact(event, event.player) == event
                assert redact(event, None).given is None  # type: ignore[union-attr]
            if isinstance(event, (Dealt, RoundEnded)):
                for seat in range(before.players):
                    hands = redact(event, seat).hands  # type: ignore[union-attr]
                    assert hands[seat] == event.hands[seat] and sum(h is not None for h in hands) == 1
    assert shown["DrewFromStock"] and shown["Bought"]


def test_redacting_twice_changes_nothing_more(all_steps: list[Step]) -> None:
    for step in all_steps[::7]:
        for event in step_events(*step):
            for seat in (None, 0, 1):
                once = redact(event, seat)
                assert redact(once, seat) == once


# ---------------------------------------------------------------------------
# JSON


def test_events_of_whole_games_round_trip_through_json(all_steps: list[Step]) -> None:
    for step in all_steps:
        found = step_events(*step)
        for seen in (found, events_for(0, *step), events_for(None, *step)):
            assert events_from_json(events_to_json(seen)) == seen
            for event in seen:
                assert event_from_dict(event_to_dict(event)) == event


@pytest.mark.parametrize("text, path", [
    ('{"format": "shanghai-rules/state", "version": 1, "events": []}', "format"),
    ('{"format": "shanghai-rules/events", "version": 9, "events": []}', "version"),
    ('{"format": "shanghai-rules/events", "version": 1, "events": []}', "version"),
    ('{"format": "shanghai-rules/events", "version": 2}', "events"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "flew"}]}', "events[0].type"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "laid_off", "player": 1, '
     '"card": "ZZ", "meld": 0, "end": null}]}', "events[0].card"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "laid_off", "player": 1, '
     '"card": "QS", "meld": 0, "end": "middle"}]}', "events[0].end"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "discarded", "player": 1, '
     '"card": "QS", "shanghai": false, "dies": false, "extra": 1}]}', "events[0].extra"),
    ('[1, 2', ""),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [], "events": []}', "events"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "game_ended", "scores": [], '
     '"winners": [0]}]}', "events[0].winners[0]"),
    ('{"format": "shanghai-rules/events", "version": 2, "events": [{"type": "game_ended", "scores": [5, 9], '
     '"winners": [0, 5]}]}', "events[0].winners[1]"),
])
def test_a_bad_events_document_is_refused_naming_the_field(text: str, path: str) -> None:
    with pytest.raises(SerializationError) as info:
        events_from_json(text)
    assert info.value.path == path


def test_two_rebuilds_in_one_step_are_two_events_the_pile_first_then_the_fresh_deck() -> None:
    """A buy's penalty cards can rebuild an empty stock from the pile, and then, the pile spent, from a
    fresh deck (``Rules.fresh_deck_when_empty``), in one draw: each rebuild is told, in order."""
    rules = attrs.evolve(sr.PAGAT7, name="fresh", fresh_deck_when_empty=True)
    state = sr.setup_round(rules, hands=["2C 3D 4S 9H", "5C 6D 7S 9D", "8C 9S 10S 9C"], stock="", discard="KH KD QS")
    state = sr.apply(state, sr.Buy(2))
    after = sr.apply(state, sr.DrawStock(1))
    assert (after.stock_rebuilt, after.fresh_decks) == (2, 1)
    told = step_events(state, sr.DrawStock(1), after)
    assert [e for e in told if isinstance(e, events.StockRebuilt)] == [events.StockRebuilt(1, 0),
                                                                       events.StockRebuilt(2, 1)]
    assert [type(e).__name__ for e in told] == ["Bought", "StockRebuilt", "StockRebuilt", "DrewFromStock"]


def test_a_made_up_game_end_is_described_on_one_line_whatever_its_winners() -> None:
    """SPEC 6: describe takes any event value: a winner with no score is named without points."""
    assert sr.describe(events.GameEnded((), (0,))) == "the game is over: seat 0 wins"
    assert sr.describe(events.GameEnded((40, 12), (1,))) == "the game is over: seat 1 wins with 12 points"


def test_writing_what_is_not_an_event_is_refused() -> None:
    with pytest.raises(SerializationError, match="not an event"):
        event_to_dict(sr.DrawStock(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("event, path", [
    (DrewFromStock(-1, None), "player"),
    (DrewFromStock("x", None), "player"),  # type: ignore[arg-type]
    (Dealt(11, hands=3, upcard=None, stock_size=0), "hands"),  # type: ignore[arg-type]
    (events.LaidOff(0, sr.parse_card("4H"), 0, "middle"), "end"),  # type: ignore[arg-type]
    (events.Discarded(0, sr.parse_card("4H"), shanghai=1, dies=False), "shanghai"),  # type: ignore[arg-type]
])
def test_an_event_that_would_not_read_back_is_not_written(event: Event, path: str) -> None:
    """events_to_json writes only what events_from_json reads back as the same events: an event built
    with a field of the wrong kind is refused (cannot_write, naming the field), never written for a
    reader to refuse, nor let out as a Python error."""
    with pytest.raises(SerializationError) as refused:
        events_to_json([event])
    assert refused.value.code == "cannot_write" and refused.value.path == path


@pytest.mark.parametrize("call", [lambda: events_from_json(None), lambda: events_from_json(12),  # type: ignore[arg-type]
                                  lambda: events_from_json([]), lambda: sr.events_to_json(None),  # type: ignore[arg-type]
                                  lambda: sr.events_to_json([], indent=1.5),  # type: ignore[arg-type]
                                  lambda: sr.events_to_json([], indent=10**30)])
def test_events_documents_refuse_arguments_of_the_wrong_kind_with_a_code_spec6(call: Callable[[], object]) -> None:
    """SPEC 6: reading events from what is not JSON text, or writing what is not a sequence of events,
    or with an indent ``to_json`` refuses, is refused with a ``SerializationError`` and its code, as
    ``from_json`` and ``to_json`` refuse them."""
    with pytest.raises(SerializationError) as refused:
        call()
    assert refused.value.code in ("bad_json", "cannot_write", "bad_argument")


# ---------------------------------------------------------------------------
# refusals, docs


def test_step_events_refuses_what_is_not_a_step() -> None:
    state = sr.new_game(sr.PAGAT7, players=4, seed=1)
    with pytest.raises(sr.IllegalAction, match="is not a GameState"):
        step_events(state, sr.DrawStock(1), "after")  # type: ignore[arg-type]
    with pytest.raises(sr.IllegalAction, match="is not an action"):
        step_events(state, "draw", state)  # type: ignore[arg-type]
    with pytest.raises(sr.IllegalAction, match="is not an event"):
        redact(sr.DrawStock(1), 0)  # type: ignore[arg-type]
    for bad in (-1, "1", 1.0, True):
        with pytest.raises(sr.IllegalAction, match="is not a seat"):
            redact(DrewFromStock(1, None), bad)  # type: ignore[arg-type]
    for seat in (-1, 4, "1", True):
        with pytest.raises(sr.IllegalAction, match="is not a seat"):
            events_for(seat, state, sr.DrawStock(1), sr.apply(state, sr.DrawStock(1)))  # type: ignore[arg-type]


def test_the_steps_between_states_read_from_version_1_documents_are_told() -> None:
    """Version 1 of the format counted no moves: two states read from such documents, both at move 0,
    are a step all the same."""
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    drawn = sr.apply(state, sr.DrawStock(1))
    assert step_events(state, sr.DrawStock(1), attrs.evolve(drawn, move_number=0)) == step_events(
        state, sr.DrawStock(1), drawn)


def test_step_events_refuses_a_step_it_cannot_tell() -> None:
    """An ``after`` not one move on from ``before``, or one whose events cannot be told at all (the step
    is not judged again), is refused with bad_argument, not let out as a Python error."""
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    drawn = sr.apply(state, sr.DrawStock(1))
    for before, action, after in [
        (drawn, sr.SwapWild(1, drawn.hands[1][0], 0), drawn),
        (attrs.evolve(state, discard=()), sr.Buy(2), state),
        (state, sr.SwapWild(1, drawn.hands[1][0], 0), drawn),
        (attrs.evolve(state, discard=()), sr.Buy(2), attrs.evolve(state, move_number=1)),
    ]:
        with pytest.raises(sr.IllegalAction) as refused:
            step_events(before, action, after)
        assert refused.value.code == "bad_argument"


def test_the_package_exports_the_event_functions_on_first_use() -> None:
    assert sr.step_events is step_events and sr.events_for is events_for and sr.redact is redact
    assert sr.events_to_json is events_to_json and sr.Event is Event
    with pytest.raises(AttributeError):
        sr.no_such_name  # noqa: B018


@pytest.mark.parametrize("module", [events, event_json])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.failed == 0 and result.attempted > 0
