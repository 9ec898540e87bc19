"""Making the next state (``engine.successor``): a ``Change`` is ``attrs.evolve`` of the fields it
names, one move on, made by the state's own constructor."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import shanghai_rules as sr
from shanghai_rules.engine.successor import Change, same_move, successor

FIELDS = tuple(field.name for field in attrs.fields(sr.GameState))
CHANGEABLE = tuple(name for name in FIELDS if name != "move_number")


def a_state() -> sr.GameState:
    """A state some moves into a game, so that no two fields happen to hold one value by default."""
    state = sr.new_game(sr.PAGAT7, 4, seed=3)
    for _ in range(5):
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


def stand_in(name: str) -> object:
    """A value for field ``name`` that no state holds there (a Change does not judge its values)."""
    return ("new", name)


@given(st.lists(st.sampled_from(CHANGEABLE), unique=True, max_size=len(CHANGEABLE)), st.booleans())
def test_a_change_is_the_state_with_the_fields_it_names_replaced_one_move_on(names: list[str], part: bool) -> None:
    state = a_state()
    values = [stand_in(name) for name in names]
    made = Change(*names, part=part)(state, *values)
    moves = state.move_number + (0 if part else 1)
    assert made == attrs.evolve(state, **dict(zip(names, values)), move_number=moves)
    for name in FIELDS:
        if name not in names and name != "move_number":
            assert getattr(made, name) is getattr(state, name)  # shared, not copied


def test_successor_and_same_move_count_one_move_and_none() -> None:
    state = a_state()
    after = successor(state, turn=2, phase="play")
    assert after == attrs.evolve(state, turn=2, phase="play", move_number=state.move_number + 1)
    again = same_move(after, turn=3)
    assert again == attrs.evolve(after, turn=3)


@pytest.mark.parametrize("names", [("turn", "turn"), ("move_number",), ("no_such_field",)])
def test_a_change_names_each_field_once_and_never_the_move_number(names: tuple[str, ...]) -> None:
    with pytest.raises((ValueError, AttributeError)):
        Change(*names)


@pytest.mark.parametrize("count", [1, 3])
def test_a_change_takes_one_value_per_field_it_names(count: int) -> None:
    with pytest.raises(TypeError):
        Change("turn", "phase")(a_state(), *range(count))
