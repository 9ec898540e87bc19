"""The values the engine builds are ordinary frozen values (SPEC 1, 5: immutable state objects;
attrs, frozen, slotted), built by their own constructors: each is exactly of its public class,
frozen, and equal (with an equal hash) to the value the constructor builds from the same fields.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.engine.hands import distinct_cards, holds, remove_cards


def _greedy_game(rules: sr.Rules, seed: int) -> list[sr.GameState]:
    states: list[sr.GameState] = []
    sr.play_game(rules, [sr.GreedyPlayer() for _ in range(4)], seed,
                 on_step=lambda before, action, after: states.append(after))
    return states


def _assert_frozen_value(value: object, cls: type[Any]) -> None:
    fields = attrs.fields(cls)
    assert type(value) is cls
    rebuilt = cls(**{f.name: getattr(value, f.name) for f in fields if f.init})
    assert rebuilt == value and value == rebuilt
    assert hash(rebuilt) == hash(value)
    if fields:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, fields[0].name, getattr(value, fields[0].name))
    assert pickle.loads(pickle.dumps(value)) == value


@pytest.mark.parametrize("rules", [sr.PAGAT7, sr.TEN_ROUND, sr.ISRA], ids=lambda r: r.name)
def test_states_and_melds_apply_builds_are_ordinary_frozen_values(rules: sr.Rules) -> None:
    """Every state of a greedy game, every table meld and every meld in it: exactly their public
    classes, frozen, equal and hash-equal to constructor-built copies, and they survive pickle."""
    states = _greedy_game(rules, seed=3)
    assert any(state.table for state in states)
    for state in states:
        assert type(state) is sr.GameState
        assert attrs.evolve(state) == state
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.turn = 0  # type: ignore[misc]
        for tm in state.table:
            _assert_frozen_value(tm, sr.TableMeld)
            _assert_frozen_value(tm.meld, sr.Meld)
    _assert_frozen_value(states[-1], sr.GameState)


def test_apply_builds_every_state_through_its_constructor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Values built through attrs: every state apply makes comes from GameState's own constructor, so a
    validator added to a field would run on every move."""
    made: list[sr.GameState] = []
    original = sr.GameState.__init__

    def counted(self: sr.GameState, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        made.append(self)

    state = sr.new_game(sr.PAGAT7, 4, seed=3)
    monkeypatch.setattr(sr.GameState, "__init__", counted)
    for _ in range(30):
        before = len(made)
        state = sr.apply(state, sr.legal_actions(state)[0])
        assert made[before:] and made[-1] is state


@pytest.mark.parametrize("rules", [sr.PAGAT7, sr.ISRA], ids=lambda r: r.name)
def test_listed_actions_are_ordinary_frozen_values(rules: sr.Rules) -> None:
    """SPEC 5 (one small frozen class per action): every action ``legal_actions`` lists in a greedy
    game is exactly its public class, frozen, and equal and hash-equal to the one the constructor builds."""
    seen: set[type[Any]] = set()
    for state in _greedy_game(rules, seed=2)[:400]:
        for action in sr.legal_actions(state):
            seen.add(type(action))
            _assert_frozen_value(action, type(action))
    assert {sr.DrawStock, sr.Discard, sr.LayDown} <= seen


def test_cards_are_found_in_hands_in_any_order() -> None:
    """SPEC 4.6: hands are multisets, whatever order a hand is held in (one loaded from JSON, say):
    removing cards takes one copy each, finds them in any order, and refuses a card not held."""
    ordered = sr.parse_cards("2C 5C 5C 9D QH JK")
    shuffled = sr.parse_cards("JK 5C QH 2C 9D 5C")
    for hand in (ordered, shuffled):
        rest = remove_cards(hand, sr.parse_cards("5C JK 2C"))
        assert rest is not None
        assert sorted(rest) == sorted(sr.parse_cards("5C 9D QH"))
        assert len(rest) == 3
        assert holds(hand, sr.parse_card("QH")) and not holds(hand, sr.parse_card("QS"))
        assert remove_cards(hand, sr.parse_cards("5C 5C 5C")) is None
    # sorted or not, with copies of a card or not: the multiset difference, the rest in the hand's order
    import random
    from collections import Counter

    rng = random.Random(5)
    deck = list(sr.full_deck(3, 2))
    for _ in range(300):
        hand = tuple(rng.sample(deck, rng.randint(2, 18)))
        for held in (hand, tuple(sorted(hand))):
            taken = rng.sample(held, rng.randint(2, len(held)))
            rest = remove_cards(held, taken)
            assert rest is not None
            assert Counter(rest) == Counter(held) - Counter(taken)
            cards = iter(held)
            assert all(any(card is other for other in cards) for card in rest)  # in the hand's order


def test_distinct_cards_in_any_order() -> None:
    """A hand's cards, each once, in the hand's order, whatever order the hand is held in."""
    import random

    rng = random.Random(7)
    deck = list(sr.full_deck(3, 2))
    for _ in range(300):
        hand = tuple(rng.sample(deck, rng.randint(0, 18)))
        for held in (hand, tuple(sorted(hand))):
            assert tuple(distinct_cards(held)) == tuple(dict.fromkeys(held))
