"""Game records and replay (issue 4): a game recorded while played replays into the very same states."""

from __future__ import annotations

import doctest
import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from invariants import choose
from shanghai_rules import records
from shanghai_rules.records import MAX_ACTIONS_READ, GameRecord, ReplayError, final_state, replay
from shanghai_rules.serialization import SerializationError, from_json, to_dict, to_json

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play(rules: sr.Rules, players: int, seed: int, dealer: int, steps: int,
         bias: float = 0.8) -> tuple[GameRecord, list[sr.GameState]]:
    """Play at random, recording as we go: the record and every state seen."""
    rng = random.Random(seed)
    record = GameRecord.new(rules, players, seed=seed, dealer=dealer)
    state = record.initial_state()
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        action = choose(rng, state, bias)
        state = sr.apply(state, action)
        record = record.append(action)
        states.append(state)
    return record, states


@st.composite
def games(draw: st.DrawFn, max_steps: int = 300) -> tuple[GameRecord, list[sr.GameState]]:
    rules = sr.PRESETS[draw(st.sampled_from(sorted(sr.PRESETS)))]
    players = draw(st.integers(rules.min_players, rules.max_players))
    return play(rules, players, draw(st.integers(-(2**70), 2**70)), draw(st.integers(0, players - 1)),
                draw(st.integers(0, max_steps)), draw(st.sampled_from([0.0, 0.8])))


@SETTINGS
@given(games())
def test_replay_gives_every_state_of_the_game(game: tuple[GameRecord, list[sr.GameState]]) -> None:
    record, states = game
    assert list(replay(record)) == states
    assert final_state(record) == states[-1]


@SETTINGS
@given(games())
def test_a_record_round_trips_through_json(game: tuple[GameRecord, list[sr.GameState]]) -> None:
    record, states = game
    loaded = from_json(to_json(record), GameRecord)
    assert loaded == record
    assert final_state(loaded) == states[-1]


@pytest.mark.parametrize("name", sorted(sr.PRESETS))
def test_a_whole_recorded_game_replays_to_its_final_scores(name: str) -> None:
    rules = sr.PRESETS[name]
    record, states = play(rules, rules.min_players, seed=2024, dealer=1, steps=10_000, bias=0.95)
    assert states[-1].is_over
    loaded = from_json(to_json(record), GameRecord)
    end = final_state(loaded)
    assert end.scores == states[-1].scores and end.winners == states[-1].winners
    assert end.round_results == states[-1].round_results


def test_the_record_document() -> None:
    record = GameRecord.new(sr.PAGAT7, 3, seed=2**64 + 5, dealer=2).extend([sr.DrawStock(0), sr.Buy(1)])
    doc = to_dict(record)
    assert list(doc) == ["format", "version", "rules", "players", "seed", "dealer", "actions"]
    assert doc["format"] == "shanghai-rules/record" and doc["version"] == 2
    assert doc["seed"] == str(2**64 + 5)
    assert doc["actions"] == [{"type": "draw_stock", "player": 0}, {"type": "buy", "player": 1}]
    assert doc["rules"] == {k: v for k, v in to_dict(sr.PAGAT7).items() if k not in ("format", "version")}


def test_a_record_is_a_value() -> None:
    empty = GameRecord.new(sr.ISRA, 4, seed=1)
    longer = empty.append(sr.Cut(3, 20))
    assert empty.actions == () and longer.actions == (sr.Cut(3, 20),)
    assert longer == GameRecord(rules=sr.ISRA, players=4, seed=1, dealer=0, actions=(sr.Cut(3, 20),))
    assert hash(longer) == hash(GameRecord.new(sr.ISRA, 4, seed=1).append(sr.Cut(3, 20)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        longer.players = 5  # type: ignore[misc]
    assert empty.initial_state() == sr.new_game(sr.ISRA, 4, seed=1)


# ---------------------------------------------------------------------------
# an illegal action stops the replay, saying which and why


def test_replay_stops_at_an_illegal_action_saying_which_and_why() -> None:
    record, states = play(sr.PAGAT7, 4, seed=3, dealer=0, steps=40)
    bad_index = 25
    illegal = sr.DrawStock((states[bad_index].turn + 1) % 4)
    broken = attrs.evolve(record, actions=(*record.actions[:bad_index], illegal, *record.actions[bad_index:]))
    seen = []
    with pytest.raises(ReplayError) as info:
        for state in replay(broken):
            seen.append(state)
    err = info.value
    assert err.index == bad_index and err.action == illegal
    assert err.state == states[bad_index]
    assert seen == states[:bad_index + 1]
    assert f"action {bad_index} of the record" in str(err)
    assert "turn" in err.reason and err.reason in str(err)
    assert isinstance(err, sr.IllegalAction) and isinstance(err, ValueError)
    with pytest.raises(ReplayError, match=f"action {bad_index} "):
        final_state(broken)


def test_an_action_after_the_end_of_the_game_is_refused() -> None:
    record, states = play(sr.ISRA, 3, seed=8, dealer=0, steps=10_000, bias=0.95)
    assert states[-1].is_over
    with pytest.raises(ReplayError, match="the game is over"):
        final_state(record.append(sr.StartRound()))


def test_a_loaded_record_with_an_illegal_action_fails_on_replay_not_on_load() -> None:
    record = GameRecord.new(sr.PAGAT7, 3, seed=1).append(sr.Discard(0, sr.parse_card("QS")))
    loaded = from_json(to_json(record), GameRecord)
    with pytest.raises(ReplayError, match=r"action 0 .*phase"):
        final_state(loaded)


# ---------------------------------------------------------------------------
# bad records


@pytest.mark.parametrize("kwargs, match", [
    ({"players": 9}, "players"),
    ({"players": True}, "players"),
    ({"seed": "7"}, "seed"),
    ({"dealer": 3}, "dealer"),
    ({"rules": "pagat7"}, "rules"),
])
def test_a_record_with_bad_arguments_is_refused(kwargs: dict[str, object], match: str) -> None:
    args: dict[str, object] = {"rules": sr.PAGAT7, "players": 3, "seed": 0, "dealer": 0, **kwargs}
    with pytest.raises(sr.RulesError, match=match):
        GameRecord(**args)  # type: ignore[arg-type]


def test_a_record_holds_only_actions() -> None:
    record = GameRecord.new(sr.PAGAT7, 3)
    with pytest.raises(sr.MalformedAction, match="not an action"):
        record.append("draw")  # type: ignore[arg-type]
    with pytest.raises(sr.MalformedAction, match=r"actions\[1\]"):
        record.extend([sr.DrawStock(0), None])  # type: ignore[list-item]
    with pytest.raises(sr.MalformedAction):
        GameRecord(rules=sr.PAGAT7, players=3, actions=[sr.DrawStock(0)])  # type: ignore[arg-type]
    with pytest.raises(sr.MalformedAction):
        list(replay("record"))  # type: ignore[arg-type]


@pytest.mark.parametrize("change, path", [
    ({"players": 6}, "players"),
    ({"players": 2}, "players"),
    ({"dealer": 3}, "dealer"),
    ({"seed": 7}, "seed"),
    ({"seed": "07"}, "seed"),
    ({"seed": "7.0"}, "seed"),
    ({"actions": [{"type": "draw_stock", "player": 3}]}, "actions[0].player"),
    ({"actions": [{"type": "fold", "player": 0}]}, "actions[0].type"),
    ({"actions": [{"type": "discard", "player": 0, "card": "QS"}]}, "actions[0].shanghai"),
    ({"actions": {}}, "actions"),
])
def test_a_bad_record_document_is_refused(change: dict[str, object], path: str) -> None:
    doc = to_dict(GameRecord.new(sr.PAGAT7, 3, seed=7).append(sr.DrawStock(1)))
    with pytest.raises(SerializationError) as info:
        from_json(json.dumps({**doc, **change}))
    assert info.value.path == path, str(info.value)


def test_doctests() -> None:
    result = doctest.testmod(records)
    assert result.failed == 0 and result.attempted > 0


def test_a_record_longer_than_an_iterable_is_read_holds_every_action_given_as_a_list() -> None:
    """MAX_ACTIONS_READ bounds only what extend reads of an iterable without a length (so that an endless
    one is refused): a list of more actions is taken whole, as a game under rules with a long turn limit
    may need, and a generator of as many is refused, naming the bound."""
    many = [sr.DrawStock(0)] * (MAX_ACTIONS_READ + 1)
    record = GameRecord.new(sr.PAGAT7, 4).extend(many)
    assert len(record.actions) == MAX_ACTIONS_READ + 1
    assert len(record.append(sr.DrawStock(1)).actions) == MAX_ACTIONS_READ + 2
    with pytest.raises(sr.MalformedAction, match="more than 1,000,000 actions"):
        GameRecord.new(sr.PAGAT7, 4).extend(iter(many))
