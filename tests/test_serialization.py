"""JSON documents (SPEC 5, 6; issue 4): lossless round trips, and every bad document refused with its path."""

from __future__ import annotations

import contextlib
import copy
import doctest
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from invariants import choose, game
from shanghai_rules import serialization
from shanghai_rules.records import GameRecord
from shanghai_rules.serialization import (
    FORMAT_VERSION,
    POSITION_ADDED,
    RULES_ADDED,
    RULES_FIELDS,
    SerializationError,
    from_dict,
    from_json,
    to_dict,
    to_json,
)
from shanghai_rules.views import PlayerView, observe

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def find(rules: sr.Rules, players: int, want: Callable[[sr.GameState], object], bias: float = 0.8,
         seeds: int = 20, steps: int = 3000) -> sr.GameState:
    """The first state of some random game for which ``want`` holds."""
    for seed in range(seeds):
        for state in game(rules, players, seed, steps, bias):
            if want(state):
                return state
    raise AssertionError("no random game reached the position wanted")


@st.composite
def positions(draw: st.DrawFn, max_steps: int = 300) -> sr.GameState:
    """A position reached by random legal play of a random preset."""
    rules = sr.PRESETS[draw(st.sampled_from(sorted(sr.PRESETS)))]
    players = draw(st.integers(rules.min_players, rules.max_players))
    seed = draw(st.integers(0, 2**64))
    steps = draw(st.integers(0, max_steps))
    bias = draw(st.sampled_from([0.0, 0.6, 0.95]))
    state = sr.new_game(rules, players=players, seed=seed)
    for state in game(rules, players, seed, steps, bias):  # noqa: B007
        pass
    return state


def reload(obj: Any) -> Any:
    return from_json(to_json(obj))


# ---------------------------------------------------------------------------
# the format


def test_every_rules_field_is_in_the_format() -> None:
    assert [name for name, _ in RULES_FIELDS] == [f.name for f in attrs.fields(sr.Rules) if f.init]


def test_every_document_starts_with_format_and_version() -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    record = GameRecord.new(sr.PAGAT7, 3, 1).append(sr.DrawStock(1))
    for obj, kind in ((sr.PAGAT7, "rules"), (state, "state"), (sr.DrawStock(1), "action"),
                      (observe(state, 0), "view"), (record, "record")):
        doc = json.loads(to_json(obj))
        assert list(doc)[:2] == ["format", "version"]
        assert doc["format"] == f"shanghai-rules/{kind}"
        assert doc["version"] == FORMAT_VERSION == 2


def test_state_document_fields_and_values() -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=7)
    doc = to_dict(state)
    fields = [f.name for f in attrs.fields(sr.GameState)]
    assert list(doc) == ["format", "version", *(name for name in fields if name not in POSITION_ADDED)]
    assert all(getattr(state, name) == value for name, value in POSITION_ADDED.items())  # (left out at the default)
    assert doc["hands"][0] == [str(c) for c in state.hands[0]]
    assert doc["seed"] == str(state.seed)  # a string: 64-bit seeds survive readers with double numbers
    assert doc["discard"] == [str(state.discard[0])]
    assert doc["cut"] is None
    assert doc["rules"]["contracts"][6] == {"sets": 0, "runs": 3, "set_length": 3, "run_length": 4,
                                             "no_discard": True}
    assert doc["rules"]["decks_by_players"] == [[5, 2]]


def test_meld_documents() -> None:
    run = sr.check_meld(sr.parse_cards("4C 5C JK 7C"), sr.PAGAT7).meld
    a_set = sr.check_meld(sr.parse_cards("KH KS JK"), sr.PAGAT7).meld
    wilds = sr.Meld.set(sr.parse_cards("JK JK JK"))
    action = sr.LayDown(0, [run, a_set, wilds, sr.parse_cards("9C 9D 9H")])
    doc = to_dict(action)
    assert doc["melds"] == [
        {"kind": "run", "cards": ["4C", "5C", "JK", "7C"], "suit": "C", "start": 4},
        {"kind": "set", "cards": ["KH", "KS", "JK"], "rank": "K"},
        {"kind": "set", "cards": ["JK", "JK", "JK"], "rank": None},
        ["9C", "9D", "9H"],
    ]
    assert reload(action) == action


@pytest.mark.parametrize("action, fields", [
    (sr.DrawStock(1), {"type": "draw_stock", "player": 1}),
    (sr.TakeDiscard(1), {"type": "take_discard", "player": 1}),
    (sr.Buy(2), {"type": "buy", "player": 2}),
    (sr.WithdrawBuy(2), {"type": "withdraw_buy", "player": 2}),
    (sr.LayOff(0, sr.parse_card("10H"), 3), {"type": "lay_off", "player": 0, "card": "10H", "meld": 3, "end": None}),
    (sr.LayOff(0, sr.parse_card("JK"), 3, "low"),
     {"type": "lay_off", "player": 0, "card": "JK", "meld": 3, "end": "low"}),
    (sr.SwapWild(0, sr.parse_card("AS"), 1), {"type": "swap_wild", "player": 0, "card": "AS", "meld": 1}),
    (sr.Discard(0, sr.parse_card("QS")), {"type": "discard", "player": 0, "card": "QS", "shanghai": False}),
    (sr.Discard(0, sr.parse_card("QS"), True), {"type": "discard", "player": 0, "card": "QS", "shanghai": True}),
    (sr.CallShanghai(2, 0), {"type": "call_shanghai", "player": 2, "meld": 0, "end": None}),
    (sr.Cut(3, 45), {"type": "cut", "player": 3, "count": 45}),
    (sr.StartRound(), {"type": "start_round"}),
])
def test_action_documents(action: sr.Action, fields: dict[str, Any]) -> None:
    assert to_dict(action) == {"format": "shanghai-rules/action", "version": 2, **fields}
    assert reload(action) == action


def test_rules_round_trip_presets_and_house_variants() -> None:
    variants = [
        *sr.PRESETS.values(),
        attrs.evolve(sr.PAGAT7, wild_twos=True, turn_limit=None, name="house ★"),
        attrs.evolve(sr.TEN_ROUND, max_wilds_per_meld=2, cut_penalty=0),
    ]
    for rules in variants:
        assert reload(rules) == rules
        assert from_json(to_json(rules), sr.Rules) == rules


def test_indent_gives_the_same_document() -> None:
    state = sr.new_game(sr.ISRA, players=4, seed=3)
    assert json.loads(to_json(state, indent=2)) == json.loads(to_json(state))


def test_doctests() -> None:
    result = doctest.testmod(serialization)
    assert result.failed == 0 and result.attempted > 0


# ---------------------------------------------------------------------------
# lossless


@SETTINGS
@given(positions())
def test_state_round_trip(state: sr.GameState) -> None:
    assert reload(state) == state
    assert from_json(to_json(state).encode(), sr.GameState) == state
    assert from_dict(json.loads(to_json(state))) == state


@SETTINGS
@given(positions(), st.randoms(use_true_random=False))
def test_actions_and_views_round_trip(state: sr.GameState, rng: random.Random) -> None:
    actions = sr.legal_actions(state)
    for action in rng.sample(actions, min(10, len(actions))):
        assert reload(action) == action
    for seat in range(state.players):
        view = observe(state, seat)
        assert from_json(to_json(view), PlayerView) == view


@pytest.mark.parametrize("name", sorted(sr.PRESETS))
def test_round_trip_through_a_whole_game(name: str) -> None:
    """Every phase of every round: the cut, deals, lay-downs, buys, calls, round ends, the end of the game."""
    rules = sr.PRESETS[name]
    phases: set[str] = set()
    last: sr.GameState | None = None
    for i, state in enumerate(game(rules, rules.min_players + 1, 11, 10_000, bias=0.95)):
        if i % 5 == 0 or state.phase not in ("draw", "play") or state.buy_requests or state.owed_wilds:
            assert reload(state) == state
        phases.add(state.phase)
        last = state
    assert last is not None and last.is_over
    assert reload(last) == last
    expected = {"draw", "play", "round_over", "game_over"} | ({"cut"} if rules.cut_penalty is not None else set())
    assert phases == expected


def test_a_loaded_game_continues_identically() -> None:
    """Saved after every action and loaded again, a game plays out exactly as the original."""
    for rules in sr.PRESETS.values():
        rng_a, rng_b = random.Random(5), random.Random(5)
        direct = through = sr.new_game(rules, players=4, seed=99)
        steps = 0
        while not direct.is_over and steps < 400:
            direct = sr.apply(direct, choose(rng_a, direct, 0.9))
            through = from_json(to_json(sr.apply(through, choose(rng_b, through, 0.9))), sr.GameState)
            steps += 1
            assert through == direct
        assert through.scores == direct.scores and through.round_results == direct.round_results


@SETTINGS
@given(positions(max_steps=150), st.integers(0, 2**32), st.integers(1, 200))
def test_continuing_a_loaded_position_gives_the_same_game(state: sr.GameState, seed: int, steps: int) -> None:
    loaded = reload(state)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = sr.apply(state, choose(rng_a, state, 0.8))
        loaded = sr.apply(loaded, choose(rng_b, loaded, 0.8))
    assert loaded == state


# ---------------------------------------------------------------------------
# tampering: every bad document is refused, with the path to the bad field


def refused(doc: Any, path: str | None = None, match: str = "") -> SerializationError:
    """Assert ``doc`` (data or text) is refused, at ``path`` (or under it) if given."""
    text = doc if isinstance(doc, (str, bytes)) else json.dumps(doc)
    with pytest.raises(SerializationError) as info:
        from_json(text)
    err = info.value
    if path is not None:
        assert err.path == path or err.path.startswith((path + ".", path + "[")), (path, str(err))
        assert str(err).startswith(path or "document")
    assert match in str(err), str(err)
    return err


@pytest.fixture(scope="module")
def table_state() -> sr.GameState:
    """A pagat7 position in the draw phase with melds on the table and a live upcard."""
    return find(sr.PAGAT7, 4, lambda s: len(s.table) >= 4 and s.phase == "draw" and s.upcard_live
                and s.discarder is not None and not s.buy_requests and not all(s.down))


@pytest.fixture(scope="module")
def round_over_state() -> sr.GameState:
    """An isra position after a round went out, with the cut made."""
    return find(sr.ISRA, 4, lambda s: s.phase == "round_over" and s.round_results[-1].went_out is not None)


def documents(table_state: sr.GameState, round_over_state: sr.GameState) -> list[dict[str, Any]]:
    """Real documents of every kind, covering every kind of field."""
    rng = random.Random(1)
    record = GameRecord.new(sr.PAGAT7, 4, 2)
    state = record.initial_state()
    for _ in range(120):
        action = choose(rng, state, 0.9)
        state, record = sr.apply(state, action), record.append(action)
    play_state = find(sr.TEN_ROUND, 3, lambda s: s.phase == "play" and len(s.table) >= 2 and s.down[s.turn])
    lay_down = find(sr.PAGAT7, 3, lambda s: any(isinstance(a, sr.LayDown) for a in sr.legal_actions(s)))
    return [
        to_dict(sr.TEN_ROUND),
        to_dict(table_state),
        to_dict(round_over_state),
        to_dict(sr.new_game(sr.ISRA, players=3, seed=4)),  # the cut phase
        to_dict(observe(table_state, table_state.turn)),
        to_dict(observe(play_state, play_state.turn)),
        to_dict(observe(round_over_state, 1)),
        to_dict(record),
        *(to_dict(a) for a in sr.legal_actions(lay_down)[:3]),
        to_dict(sr.LayOff(0, sr.parse_card("JK"), 2, "high")),
        to_dict(sr.Discard(1, sr.parse_card("10D"), True)),
        to_dict(sr.CallShanghai(2, 0)),
        to_dict(sr.Cut(2, 30)),
    ]


def nodes(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every value in a document with its path, in this module's notation (the root excluded)."""
    if isinstance(value, dict):
        for key, item in value.items():
            sub = f"{path}.{key}" if path else key
            yield sub, item
            yield from nodes(item, sub)
    elif isinstance(value, list):
        for i, item in enumerate(value[:3] if len(value) > 6 else value):  # long card lists: a few suffice
            sub = f"{path}[{i}]"
            yield sub, item
            yield from nodes(item, sub)


def replaced(doc: Any, path: str, new: Any) -> Any:
    """A copy of ``doc`` with the value at ``path`` replaced (or deleted when ``new`` is DELETE)."""
    out = copy.deepcopy(doc)
    tokens = [t for t in path.replace("[", ".[").split(".") if t]
    node = out
    for token in tokens[:-1]:
        node = node[int(token[1:-1])] if token.startswith("[") else node[token]
    last = tokens[-1]
    key: Any = int(last[1:-1]) if last.startswith("[") else last
    if new is DELETE:
        del node[key]
    else:
        node[key] = new
    return out


DELETE = object()


def wrong_types(value: Any) -> list[Any]:
    """Values of JSON types that the field holding ``value`` never accepts."""
    if value is None:
        return ["x", [], True]
    if isinstance(value, bool):
        return [0, "true", None]
    if isinstance(value, int):
        return ["1", 1.5, True, []]
    if isinstance(value, str):
        return [5, [], False]
    if isinstance(value, list):
        return [{}, "x", 5]
    return ["x", 5, True]


def test_a_wrong_type_at_every_level_is_refused(table_state: sr.GameState, round_over_state: sr.GameState) -> None:
    checked = 0
    for doc in documents(table_state, round_over_state):
        from_dict(doc)  # the real document is fine
        for path, value in nodes(doc):
            for bad in wrong_types(value):
                refused(replaced(doc, path, bad), path)
                checked += 1
    assert checked > 2000


def test_a_missing_or_extra_field_is_refused(table_state: sr.GameState, round_over_state: sr.GameState) -> None:
    for doc in documents(table_state, round_over_state):
        objects = [("", doc), *((p, v) for p, v in nodes(doc) if isinstance(v, dict))]
        for path, obj in objects:
            for key in obj:
                where = f"{path}.{key}" if path else key
                if key in RULES_ADDED:  # a rules field added since 0.1.0: may be absent
                    assert from_dict(replaced(doc, where, DELETE)) == from_dict(doc)
                    continue
                refused(replaced(doc, where, DELETE), where, "missing")
            extra = f"{path}.colour" if path else "colour"
            refused(replaced(doc, extra, "red"), extra, "unknown field")


@pytest.mark.parametrize("version", [0, 3, "1", 1.0, True, None])
def test_a_wrong_version_is_refused(version: Any) -> None:
    doc = to_dict(sr.new_game(sr.PAGAT7, players=3))
    refused({**doc, "version": version}, "version")
    refused({k: v for k, v in doc.items() if k != "version"}, "version", "missing")


@pytest.mark.parametrize("fmt", ["shanghai-rules/game", "chess/state", "shanghai-rules/State", 5, None])
def test_a_wrong_format_is_refused(fmt: Any) -> None:
    doc = to_dict(sr.new_game(sr.PAGAT7, players=3))
    refused({**doc, "format": fmt}, "format")


def test_the_error_is_a_value_error_with_a_path() -> None:
    assert issubclass(SerializationError, ValueError)
    err = SerializationError("hands[2][4]", "'ZZ' is not a card")
    assert (err.path, err.reason, str(err)) == ("hands[2][4]", "'ZZ' is not a card", "hands[2][4]: 'ZZ' is not a card")


def test_a_document_of_another_kind_than_expected_is_refused() -> None:
    with pytest.raises(SerializationError, match="expected a document for a GameState"):
        from_json(to_json(sr.PAGAT7), sr.GameState)


def test_a_truncated_document_is_refused(table_state: sr.GameState) -> None:
    text = to_json(table_state)
    for end in range(0, len(text) - 1, max(1, len(text) // 300)):
        refused(text[:end], "", "not valid JSON")


@pytest.mark.parametrize("text", [
    "", "nul", "[", "{}", "[]", "null", "42", '"state"', "NaN", b"\xff\xfe", "[" * 100_000 + "]" * 100_000,
    '{"format": "shanghai-rules/state", "format": "shanghai-rules/state"}',
    "1" * 5000,
])
def test_text_that_is_not_a_document_is_refused(text: str | bytes) -> None:
    refused(text)


@pytest.mark.parametrize("value", [None, 5, ["{}"], {"format": "shanghai-rules/rules"}])
def test_from_json_refuses_what_is_not_text(value: Any) -> None:
    with pytest.raises(SerializationError, match="reads JSON text"):
        from_json(value)


def test_cards_must_be_in_canonical_notation() -> None:
    doc = to_dict(sr.new_game(sr.PAGAT7, players=3, seed=2))
    err = refused(replaced(doc, "hands[2][4]", "ZZ"), "hands[2][4]")
    assert str(err) == "hands[2][4]: 'ZZ' is not a card"
    refused(replaced(doc, "stock[0]", "10h"), "stock[0]", "write '10H'")
    refused(replaced(doc, "discard[0]", "Joker"), "discard[0]", "write 'JK'")


def test_a_card_beyond_the_decks_is_refused() -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=2)  # a full 108-card supply: every card twice
    doc = to_dict(state)
    doc["hands"][1].append(doc["hands"][0][0])
    refused(doc, None, f"{doc['hands'][0][0]} appears 3 times, but the 2 decks for 3 players hold it 2 times")
    jokers = to_dict(sr.setup_round(sr.PAGAT7, hands=["JK JK JK JK", "4C", "5C"]))
    jokers["stock"] = ["JK"]
    refused(jokers, "stock[0]", "JK appears 5 times")


def test_a_card_missing_from_a_dealt_round_is_refused(round_over_state: sr.GameState) -> None:
    state = find(sr.PAGAT7, 3, lambda s: bool(s.round_results) and s.phase == "draw" and bool(s.stock))
    doc = to_dict(state)
    doc["stock"].pop()
    refused(doc, "stock", "dealt from full decks")


def test_a_setup_position_may_hold_fewer_cards() -> None:
    state = sr.setup_round(sr.PAGAT7, hands=["4C 5C", "6D", "KH KS"], stock="2C 3C", discard="9S")
    assert reload(state) == state


def test_an_illegal_meld_on_the_table_is_refused(table_state: sr.GameState) -> None:
    doc = to_dict(table_state)
    for i, meld in enumerate(doc["table"]):
        bad = copy.deepcopy(doc)
        if meld["kind"] == "run":
            bad["table"][i]["start"] = meld["start"] + 1 if meld["start"] < 14 else 2
        else:
            bad["table"][i]["rank"] = "7" if meld["rank"] != "7" else "8"
        refused(bad, f"table[{i}]", "is not a legal meld")
    # cards swapped between a meld and a hand: the counts stay right, the meld breaks
    meld = table_state.table[0].meld
    stands_for = {meld.rank} if meld.kind == "set" else {14 if p == 1 else p for p in range(meld.start, meld.end + 1)}
    seat = next(s for s in range(table_state.players) if s != table_state.table[0].owner)
    hand = table_state.hands[seat]
    i, card = next((i, c) for i, c in enumerate(hand) if not c.is_joker and c.rank not in stands_for)
    bad = copy.deepcopy(doc)
    bad["table"][0]["cards"][0], bad["hands"][seat][i] = str(card), doc["table"][0]["cards"][0]
    refused(bad, "table[0]", "is not a legal meld")


def test_rules_that_cannot_be_played_are_refused() -> None:
    doc = to_dict(sr.PAGAT7)
    refused({**doc, "hand_size": 60}, "hand_size", "need more than the 108 cards")
    refused({**doc, "contracts": []}, "contracts", "at least one Contract")
    refused({**doc, "going_out": "never"}, "going_out", "not one of")
    refused({**doc, "card_values": [5] * 13}, "card_values", "14 whole numbers")
    refused({**doc, "buy_limits": [2] * 6}, "buy_limits", "one number per round")
    refused(replaced(doc, "contracts[0].sets", 0), "contracts[0]", "at least one set or run")
    refused({**doc, "decks_by_players": [[5, 2, 1]]}, "decks_by_players[0]")
    state = to_dict(sr.new_game(sr.PAGAT7, players=3))
    body = {k: v for k, v in doc.items() if k not in ("format", "version")}
    refused({**state, "rules": {**body, "min_players": 4}}, "hands", "3 seats")
    refused({**state, "rules": doc}, "rules.format", "unknown field")


def mutate(doc: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out.update(changes)
    return out


def test_a_seat_that_went_down_this_turn_with_a_wild_has_played_a_wild_this_turn() -> None:
    """The blind bonus without wilds (``Rules.blind_bonus_without_wilds``) is judged by the flag: a
    document of a seat that went down this turn, a joker in its melds, with the flag unset is refused."""
    rules = sr.TEN_ROUND_RULEBOOK
    state = sr.setup_round(rules, hands=["5C 5D JK 9C 9D 9H KS", "2H 3H 4H 5H 6H 7H 8H", "2S 3S 4S 5S 6S 7S 8S"],
                           stock="KD KH QS QD QH", discard="AD", round_number=1, dealer=2)
    state = sr.apply(state, sr.DrawStock(0))
    down = sr.apply(state, sr.LayDown(0, ["5C 5D JK", "9C 9D 9H"]))
    assert down.went_down_this_turn and down.played_wild_this_turn
    assert from_json(to_json(down)) == down
    refused(mutate(to_dict(down), played_wild_this_turn=False), "played_wild_this_turn", "went down this turn")
    plain = sr.setup_round(rules, hands=["5C 5D 5H 9C 9D 9H KS", "2H 3H 4H 5H 6H 7H 8H", "2S 3S 4S 5S 6S 7S 8S"],
                           stock="KD KH QS QD QH", discard="AD", round_number=1, dealer=2)
    plain = sr.apply(sr.apply(plain, sr.DrawStock(0)), sr.LayDown(0, ["5C 5D 5H", "9C 9D 9H"]))
    assert plain.went_down_this_turn and not plain.played_wild_this_turn
    assert from_json(to_json(plain)) == plain


def _dealt_round(rules: sr.Rules, round_number: int) -> dict[str, Any]:
    """A document of a round set up by hand (its cards are not checked against full decks)."""
    hands = ["3C 4C 5C", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"]
    state = sr.setup_round(rules, hands=hands, stock="QD QH QS 4D 5D", discard="AD", round_number=round_number,
                           dealer=2)
    return to_dict(state)


def _meld(owner: int, text: str) -> dict[str, Any]:
    """A meld of natural cards on the table, as a document writes it."""
    cards = text.split()
    if len({card[:-1] for card in cards}) == 1:
        return {"owner": owner, "kind": "set", "cards": cards, "rank": cards[0][:-1]}
    first = sr.parse_card(cards[0])
    return {"owner": owner, "kind": "run", "cards": cards, "suit": cards[0][-1], "start": first.rank}


@pytest.mark.parametrize(("rules", "round_number", "table", "path", "match"), [
    (sr.TEN_ROUND, 4, [(0, "KC KD KS"), (0, "6D 7D 8D 9D")], "table[0]",
     "run 6D 7D 8D 9D is shorter than the 5 cards 1 set of 3 + 1 run of 5 asks of a run"),
    (sr.PAGAT7, 1, [(0, "KC KD KS"), (1, "QC QD QS"), (0, "7C 7D 7S"), (1, "8C 8D 8S")], "table[1].owner",
     "seat 0's contract melds were laid down together, and table[1] of seat 1 lies among them"),
])
def test_a_down_seats_melds_are_refused_where_they_cannot_have_been_laid_down_as_its_contract(
        rules: sr.Rules, round_number: int, table: list[tuple[int, str]], path: str, match: str) -> None:
    """A seat laid its contract down in one play and lay-offs only lengthen melds: a seat's melds shorter
    than the contract asks, of one rank where the rules ask for different ranks, or apart on the table,
    were never laid down."""
    doc = _dealt_round(rules, round_number)
    doc["table"] = [_meld(owner, cards) for owner, cards in table]
    doc["down"] = [seat in {owner for owner, _ in table} for seat in range(3)]
    refused(doc, path, match)
    if path == "table[1].owner":  # laid down one seat after the other, the same melds load
        doc["table"] = [doc["table"][i] for i in (0, 2, 1, 3)]
        assert from_json(json.dumps(doc)).table[1].meld.cards == sr.parse_cards("7C 7D 7S")


def test_a_set_of_wilds_only_that_takes_the_rank_of_its_seats_other_set_is_read_back() -> None:
    """SPEC 4.3: a set of wilds only takes its rank from the first natural laid off on it, which may be
    the rank of the seat's other contract set, even where a contract's sets must be of different ranks."""
    rules = attrs.evolve(sr.ISRA, name="house", distinct_contract_set_ranks=True)
    state = sr.setup_round(rules, hands=["3C 4C 5C 6C 8D 9D", "JK JK JK 7H 7S 7D 7C 9S KD", "3H 4H 5H 6H 8C 9C"],
                           stock="QH QD QS QC 10H 10D 10S 10C", discard="4D", round_number=1, dealer=0)
    state = sr.apply(sr.apply(state, sr.DrawStock(1)), sr.LayDown(1, ["JK JK JK", "7H 7S 7D"]))
    state = sr.apply(state, sr.LayOff(1, "7C", 0))
    assert [tm.meld.rank for tm in state.table] == [7, 7]
    assert from_json(to_json(state)) == state
    for seat in range(3):
        assert from_json(to_json(observe(state, seat))) == observe(state, seat)


def test_positions_no_game_could_reach_are_refused(table_state: sr.GameState,
                                                   round_over_state: sr.GameState) -> None:
    doc = to_dict(table_state)
    n = table_state.players
    turn = table_state.turn
    other = next(s for s in range(n) if s not in (turn, table_state.discarder) and table_state.buys_left[s])
    not_down = [s for s in range(n) if not table_state.down[s]]
    cases: list[tuple[dict[str, Any], str, str]] = [
        (mutate(doc, turn=n), "turn", "no seat"),
        (mutate(doc, dealer=n + 3), "dealer", "no seat"),
        (mutate(doc, phase="dealing"), "phase", "not one of"),
        (mutate(doc, round_number=8), "round_number", "not a round"),
        (mutate(doc, round_number=0), "round_number", "less than 1"),
        (mutate(doc, buys_left=[2] * (n - 1)), "buys_left", "one entry per seat"),
        (mutate(doc, buys_left=[3] * n), "buys_left[0]", "allows 2"),
        (mutate(doc, buy_requests=[turn]), "buy_requests[0]", "player on turn"),
        (mutate(doc, buy_requests=[n]), "buy_requests[0]", "no seat"),
        (mutate(doc, buy_requests=[other, other]), "buy_requests[1]", "twice"),
        (mutate(doc, buy_requests=[table_state.discarder]), "buy_requests[0]", "own discard"),
        (mutate(doc, buy_requests=[other], buy_withdrawn=[other]), "buy_withdrawn[0]", "both"),
        (mutate(doc, phase="play", buy_requests=[other]), "buy_requests", "only while the upcard"),
        (mutate(doc, upcard_live=False, buy_requests=[other]), "buy_requests[0]", "no upcard"),
        (mutate(doc, phase="play"), "upcard_live", "before the draw"),
        (mutate(doc, discarder=turn), "discarder", "not the next seat"),
        (mutate(doc, down=[False] * n), "table[0].owner", "not down"),
        (mutate(doc, down=[True] * n), f"down[{not_down[0]}]", "is down"),
        (mutate(doc, owed_wilds=["JK"]), "owed_wilds", "play phase"),
        (mutate(doc, owed_wilds=["4C"], phase="play", upcard_live=False, shanghai_open=False),
         "owed_wilds[0]", "not a wild"),
        (mutate(doc, must_go_down=True), "must_go_down", "play phase"),
        (mutate(doc, went_down_this_turn=True), "went_down_this_turn", "no one goes down"),
        (mutate(doc, cut={"cutter": 0, "exact": False}), "cut", "no cut"),
        (mutate(doc, turns_taken=10_000), "turns_taken", "turn_limit"),
        (mutate(doc, scores=[0] * (n + 1)), "scores", "one entry per seat"),
        (mutate(doc, phase="round_over"), "round_results", ""),
        (mutate(doc, table=[{**doc["table"][0], "owner": n}]), "table[0].owner", "no seat"),
        (mutate(doc, hands=[[]] + doc["hands"][1:]), "", ""),
    ]
    if not table_state.shanghai_open:
        cases.append((mutate(doc, shanghai_open=True), "shanghai_open", "fits no meld"))
    for bad, path, match in cases:
        refused(bad, path or None, match)

    over = to_dict(round_over_state)
    last = len(over["round_results"]) - 1
    result = over["round_results"][last]
    seat = result["went_out"]
    loser = (seat + 1) % round_over_state.players
    cases = [
        (mutate(over, phase="game_over"), "phase", "game ends after round 7"),
        (replaced(over, f"round_results[{last}].points[{loser}]", result["points"][loser] + 5),
         f"round_results[{last}].points[{loser}]", "points"),
        (replaced(over, f"round_results[{last}].hand_points[{loser}]", result["hand_points"][loser] + 5),
         f"round_results[{last}].points[{loser}]", ""),
        (replaced(over, f"round_results[{last}].went_out", None), f"round_results[{last}].went_out", "going out"),
        (replaced(over, f"round_results[{last}].round_number", 99), f"round_results[{last}].round_number", ""),
        (replaced(over, f"round_results[{last}].cut_exact", not result["cut_exact"]), "round_results", ""),
        (mutate(over, buy_requests=[loser]), "buy_requests", ""),
        (mutate(over, cut=None), "round_results", "cut"),
        (mutate(over, cut={"cutter": (over["dealer"] + 1) % round_over_state.players, "exact": False}),
         "cut.cutter", "dealer's right"),
    ]
    for bad, path, match in cases:
        with pytest.raises(SerializationError) as info:
            from_dict(bad)
        assert info.value.path.startswith(path), (path, str(info.value))
        assert match in str(info.value)

    cut = to_dict(sr.new_game(sr.ISRA, players=4, seed=3))
    for bad, path in (
        (mutate(cut, turn=cut["dealer"]), "turn"),
        (mutate(cut, stock=cut["stock"][1:], discard=cut["stock"][:1]), "phase"),
        (mutate(cut, down=[True, False, False, False]), ""),
        (mutate(cut, rules=to_dict(sr.PAGAT7) | {"format": None}), "rules"),
    ):
        with pytest.raises(SerializationError) as info:
            from_dict(bad)
        assert info.value.path.startswith(path), str(info.value)


def test_a_swap_obligation_no_swap_could_have_left_is_refused_spec_4_7() -> None:
    """SPEC 4.7 and 6: a wild owed, or a duty to go down, that no legal swap could have left is
    refused on load: under rules without that obligation, on a seat that may not swap, or a wild
    the player on turn does not hold."""
    state = sr.setup_round(sr.PAGAT7, ["4H 9S KD 7C JK", "3C 3D", "6C 6D"], stock="KC", discard="QC", dealer=2)
    drawn = to_dict(sr.apply(state, sr.DrawStock(0)))
    refused(mutate(drawn, must_go_down=True), "must_go_down", "no swap obliges")
    refused(mutate(drawn, owed_wilds=["JK"]), "owed_wilds", "may not swap")  # pagat7: down on an earlier turn
    isra = sr.setup_round(sr.ISRA, ["4H 4S 4D 5H 5S 5D 9C KH", "3C 3D", "6C 6D"], stock="KC", discard="QC",
                          dealer=2)
    down = to_dict(sr.apply(sr.apply(isra, sr.DrawStock(0)), sr.LayDown(0, ["4H 4S 4D", "5H 5S 5D"])))
    refused(mutate(down, owed_wilds=["JK"]), "owed_wilds", "does not hold")
    house = attrs.evolve(sr.ISRA, swapped_wild_must_be_played=False)
    rules = {k: v for k, v in to_dict(house).items() if k not in ("format", "version")}
    refused(mutate(down, rules=rules, owed_wilds=["JK"]), "owed_wilds", "no swap leaves")
    # where only jokers are swapped, a wild 2 is never freed, so never owed
    jokers = attrs.evolve(sr.ISRA, swappable_wilds="jokers")
    rules = {k: v for k, v in to_dict(jokers).items() if k not in ("format", "version")}
    hand = ["2C", *down["hands"][0]]
    refused(mutate(down, rules=rules, owed_wilds=["2C"], hands=[hand, *down["hands"][1:]], stock=down["stock"][1:]),
            "owed_wilds[0]", "not a wild a swap frees")
    assert from_dict(mutate(down, rules=rules, owed_wilds=["JK"], hands=[["JK", *down["hands"][0]],
                                                                        *down["hands"][1:]], stock=down["stock"][1:]))


def test_a_position_with_no_legal_action_is_refused_spec_4_9() -> None:
    """SPEC 4.9 (no position before the end of the game is without a legal action) and 6: a loaded
    position in which nothing at all may be done, here an ISRA player who is down holding one card
    that fits no meld in the play phase, is refused, as no game reaches it."""
    isra = sr.setup_round(sr.ISRA, ["4H 4S 4D 5H 5S 5D 9C KH", "3C 3D", "6C 6D"], stock="KC", discard="QC",
                          dealer=2)
    down = sr.apply(sr.apply(isra, sr.DrawStock(0)), sr.LayDown(0, ["4H 4S 4D", "5H 5S 5D"]))
    assert sr.from_dict(to_dict(down)) == down
    doc = to_dict(down)
    doc["hands"][0] = ["9C"]
    doc["stock"] += ["KH", "KC"]
    refused(doc, "phase", "no legal action")


def text_of(obj: Any) -> str:
    return to_json(obj)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["QS", "JK", "10H", "set", "run", "draw", "play", "low", "0", "shanghai-rules/state"]),
    # keys the tests' path notation can name (it has no quoting for "", "0" or "a.b")
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.from_regex(r"[a-z_]{1,6}", fullmatch=True), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_mutation_loads_or_is_refused_cleanly(data: st.DataObject) -> None:
    """No document crashes the reader: it loads, or SerializationError says why."""
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    rec = GameRecord.new(sr.PAGAT7, 3, 1).extend([sr.DrawStock(1), sr.Discard(1, state.hands[1][0])])
    base = data.draw(st.sampled_from([to_dict(state), to_dict(observe(state, 1)), to_dict(rec),
                                      to_dict(sr.LayOff(0, sr.parse_card("QS"), 1))]))
    doc = base
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p, _ in nodes(doc)]
        if not paths:
            break
        path = data.draw(st.sampled_from(paths))
        doc = replaced(doc, path, data.draw(json_values))
    with contextlib.suppress(SerializationError):
        from_dict(doc)


# ---------------------------------------------------------------------------
# writing what cannot be written


@pytest.mark.parametrize("obj", [sr.parse_card("QS"), {"turn": 0}, None, sr.PAGAT7.contracts[0]])
def test_to_json_refuses_values_it_does_not_write(obj: Any) -> None:
    with pytest.raises(SerializationError, match="to_json writes"):
        to_json(obj)


def test_to_json_refuses_a_hand_built_state_with_a_wrong_field() -> None:
    state = sr.new_game(sr.PAGAT7, players=3)
    with pytest.raises(SerializationError, match=r"hands\[0\]\[0\]"):
        to_json(attrs.evolve(state, hands=(("QS",), *state.hands[1:])))
    with pytest.raises(SerializationError, match="turn"):
        to_json(attrs.evolve(state, turn="1"))
    with pytest.raises(SerializationError, match="seed"):
        to_json(attrs.evolve(state, seed=1.5))
    weird = sr.Meld("run", sr.parse_cards("4C 5C 6C 7C"), suit=sr.Suit.CLUBS, start=0)
    with pytest.raises(SerializationError, match=r"melds\[0\]"):
        to_json(sr.LayDown(0, [weird]))


def test_a_meld_grown_past_the_lay_down_wild_limit_round_trips_under_may_i() -> None:
    """Where the wild limits bind only at lay-down (may-i), a meld that lay-offs grew past
    them is legal, and a saved game holding it loads back equal."""
    import attrs

    rules = sr.get_rules("may-i")
    eights = sr.check_meld(sr.parse_cards("8C 8D JK"), rules).meld
    nines = sr.check_meld(sr.parse_cards("9S 9H 9D"), rules).meld
    state = sr.setup_round(rules, hands=["3C 4D", "JK JK 5S 6S", "9C 9D"], stock="KS QS", discard="7H")
    state = attrs.evolve(state, table=(sr.TableMeld(1, eights), sr.TableMeld(1, nines)), down=(False, True, False))
    state = sr.apply(state, sr.DrawStock(1))
    state = sr.apply(state, sr.LayOff(1, sr.parse_card("JK"), 0))
    state = sr.apply(state, sr.LayOff(1, sr.parse_card("JK"), 0))
    assert sr.format_cards(state.table[0].cards) == "8C 8D JK JK JK"
    assert sr.from_json(sr.to_json(state)) == state


# ---------------------------------------------------------------------------
# the fast paths of to_json and from_json, against the judgements they stand for


@pytest.mark.parametrize("preset", sorted(sr.PRESETS))
def test_to_json_of_states_and_views_is_json_dumps_of_to_dict(preset: str) -> None:
    """``to_json`` writes states and views from the memo of rules and action texts; the text is the one
    ``json.dumps(to_dict(x))`` gives, position after position."""
    rng = random.Random(preset)
    state = sr.new_game(sr.get_rules(preset), players=4, seed=rng.randrange(100))
    for step in range(150):
        if state.is_over:
            break
        for x in (state, observe(state, step % 4)):
            assert to_json(x) == json.dumps(to_dict(x), ensure_ascii=False, allow_nan=False)
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))


def test_rules_read_before_are_judged_by_their_exact_json_values() -> None:
    """A rules object read before is not read again, but only where every value is the same JSON value:
    ``true`` is not ``1``, ``1.0`` is not ``1``."""
    doc = to_dict(sr.PAGAT7)
    assert from_json(json.dumps(doc)) == sr.PAGAT7
    refused({**doc, "wild_limits_on_lay_off": 1}, "wild_limits_on_lay_off")
    refused({**doc, "hand_size": 11.0}, "hand_size")
    state = to_dict(sr.new_game(sr.PAGAT7, players=3))
    assert from_json(json.dumps(state)) == sr.new_game(sr.PAGAT7, players=3)
    refused({**state, "rules": {**state["rules"], "ace_low": 0}}, "rules.ace_low")


def test_cards_read_whole_name_the_first_bad_card_as_when_read_one_by_one() -> None:
    state = to_dict(sr.new_game(sr.PAGAT7, players=3))
    stock = list(state["stock"])
    refused({**state, "stock": [*stock[:5], "4h", *stock[5:7], 5, *stock[7:]]}, "stock[5]", "canonical")
    refused({**state, "stock": [*stock[:7], 5, *stock[7:]]}, "stock[7]", "expected a card")


def test_a_field_that_appears_twice_in_an_object_is_refused() -> None:
    text = to_json(sr.DrawStock(1))
    with pytest.raises(SerializationError, match="appears twice") as caught:
        from_json(text[:-1] + ', "player": 2}')
    assert caught.value.path == "player"
    state = to_json(sr.new_game(sr.PAGAT7, players=3))
    with pytest.raises(SerializationError, match="appears twice"):
        from_json(state.replace('"sets": 2,', '"sets": 2, "sets": 1,', 1))


def test_a_meld_on_the_table_found_legal_under_other_rules_is_judged_again() -> None:
    """The memo of melds found legal on the table is kept per rules: a meld legal under one preset and
    read again under rules that forbid it is refused."""
    rng = random.Random(5)
    state = sr.new_game(sr.PAGAT7, players=3, seed=5)
    while not any(sr.is_wild(c, state.rules) for tm in state.table for c in tm.cards):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    doc = to_dict(state)
    assert from_json(json.dumps(doc)) == state
    strict = attrs.evolve(sr.PAGAT7, name="no wilds in melds", max_wilds_per_meld=0)
    strict_doc = {**doc, "rules": {k: v for k, v in to_dict(strict).items() if k not in ("format", "version")}}
    refused(strict_doc, None, "is not a legal meld")


def test_a_meld_read_before_is_taken_again_only_with_the_same_exact_values() -> None:
    """Melds on the table read before come from the memo only where every value is the same: another
    owner, or ``true`` for a number, is read (and refused) afresh."""
    rng = random.Random(8)
    state = sr.new_game(sr.PAGAT7, players=3, seed=8)
    while not state.table:
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    doc = to_dict(state)
    assert from_json(json.dumps(doc)) == state
    owner = doc["table"][0]["owner"]
    other = next(seat for seat in range(3) if not state.down[seat])
    refused(replaced(doc, "table[0].owner", other), "table[0].owner", "not down")
    refused(replaced(doc, "table[0].owner", float(owner)), "table[0].owner")
    if doc["table"][0]["kind"] == "run":
        refused(replaced(doc, "table[0].start", float(doc["table"][0]["start"])), "table[0].start")


def test_the_move_an_action_was_chosen_at_is_checked_when_written_and_read() -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    for bad in (-1, "x", 1.5, True, 10**5000):
        with pytest.raises(SerializationError) as caught:
            to_json(sr.Buy(1), at=bad)  # type: ignore[arg-type]
        assert caught.value.code == "bad_field"
        with pytest.raises(SerializationError):
            to_json(state, at=3)  # only an action says its move
    text = '{"format": "shanghai-rules/action", "version": 2, "type": "buy", "player": 1, "at": AT}'
    for bad in ('"x"', "true", "-5", "1.5", "{}"):
        with pytest.raises(SerializationError, match=r"^at: "):
            from_json(text.replace("AT", bad))


def test_bad_arguments_and_numbers_too_long_to_write_are_refused_with_their_codes() -> None:
    state = sr.new_game(sr.PAGAT7, players=3, seed=1)
    for call in (lambda: from_json("{}", max_size="x"), lambda: to_json(state, indent=1.5),  # type: ignore
                 lambda: to_json(sr.Buy(1), indent=object())):  # type: ignore[arg-type]
        with pytest.raises(SerializationError) as caught:
            call()
        assert caught.value.code == "bad_argument"
    huge = attrs.evolve(state, move_number=10**5000)
    with pytest.raises(SerializationError) as caught:
        to_json(huge)
    assert caught.value.code == "cannot_write" and caught.value.path == "move_number"
    odd = attrs.evolve(state, fresh_decks=0.0)
    with pytest.raises(SerializationError, match=r"^fresh_decks: "):
        to_json(odd)



@pytest.mark.parametrize(("change", "words"), [
    ({"cut_by": "next seat"}, "so seat"),
    ({"ended_by": "deadlock", "went_out": None, "slam": False, "bonus": 0}, "does not end in a deadlock"),
    ({"ended_by": "turn_limit", "went_out": None, "slam": False, "bonus": 0}, "no turn limit"),
])
def test_every_round_result_is_one_the_rules_could_end_the_round_with_on_load(change: dict[str, Any],
                                                                               words: str) -> None:
    """SPEC 6: not only the last, every finished round's result is checked on load against the rules:
    cut by that round's cutter (the deal passes left, one seat a round), ended by the turn limit or in
    a deadlock only where the rules have them.  Here round 1 of an ``isra`` game in round 3, which
    has a cut, no turn limit and no deadlock ending."""
    rules = attrs.evolve(sr.ISRA, name="no turn limit", turn_limit=None)
    seen: list[sr.GameState] = []
    sr.play_game(rules, [sr.GreedyPlayer() for _ in range(3)], 0, on_step=lambda before, act, after: seen.append(after))
    state = next(s for s in seen if len(s.round_results) == 2 and s.phase == "draw")
    doc = to_dict(state)
    first = doc["round_results"][0]
    assert from_json(json.dumps(doc)) == state and first["cut_by"] is not None
    first.update({k: (first["cut_by"] + 1) % 3 if v == "next seat" else v for k, v in change.items()})
    error = refused(doc, "round_results[0]")
    assert words in str(error)

def test_numbers_longer_than_a_game_holds_are_refused_where_read_and_set_up_and_others_read_back() -> None:
    """SPEC 6: every number read is one ``to_json`` writes back.  A round is set up, or a document read,
    with scores of at most ``MAX_SCORE_BITS`` bits, which leaves room for the points of the rounds to
    come: a round played from the longest is written, read back equal and described.  A longer score
    is refused by ``setup_round``, and on load where the scores less the points of the rounds played
    are longer; any number over ``MAX_NUMBER_BITS`` bits (here a seat, in an action and in a record's
    actions) is refused on load, with ``bad_field``."""
    from shanghai_rules.players.game import play_step
    from shanghai_rules.state import MAX_NUMBER_BITS, MAX_SCORE_BITS
    longest, longer = 2**MAX_SCORE_BITS - 1, 2**MAX_SCORE_BITS
    hands, stock = ["9C 9D 9H KC KD KS 4H", "5S 6S", "7D 8D"], "2C 3C 4C 5C 6C 7C 8C"
    state = sr.setup_round(sr.PAGAT7, hands, stock=stock, discard="10H", scores=[longest] * 3)
    players = [sr.GreedyPlayer() for _ in range(3)]
    while state.phase == "draw" or state.phase == "play":
        state = play_step(state, players, [])
    assert max(state.scores) > longest and from_json(to_json(state)) == state
    assert str(state.scores[1])[:20] in sr.describe(state)
    with pytest.raises(sr.RulesError, match="scores of at most") as caught:
        sr.setup_round(sr.PAGAT7, hands, stock=stock, discard="10H", scores=[longer, 0, 0])
    assert caught.value.code == "bad_argument"
    refused(mutate(to_dict(state), scores=[longer + state.scores[0] - longest, *state.scores[1:]]), "scores[0]",
            "the one the game was set up with")
    documents = [{**json.loads(to_json(sr.Buy(1))), "player": 2**MAX_NUMBER_BITS}]
    record = json.loads(to_json(sr.play_game(sr.PAGAT7, [sr.RandomPlayer(seat) for seat in range(3)], seed=1)[1]))
    record["actions"][0]["player"] = 2**MAX_NUMBER_BITS
    documents.append(record)
    for document in documents:
        with pytest.raises(SerializationError, match=f"longer than {MAX_NUMBER_BITS:,} bits") as caught:
            from_json(json.dumps(document))
        assert caught.value.code == "bad_field"

@pytest.mark.parametrize("preset", ["isra", "pagat7"])
def test_shanghai_open_is_refused_on_a_discard_that_could_not_have_been_declared_spec_4_8(preset: str) -> None:
    """SPEC 4.8 and 6: Shanghai is open on a load only where the engine opens it, on a discard its
    discarder might have declared (the engine's own declaration rule): never under rules without the
    call (isra), and never on a discard that fits no meld (pagat7, here with nothing on the table)."""
    rules = sr.get_rules(preset)
    state = sr.setup_round(rules, ["4H 9S KD 7C 8C", "3C 3D 5S", "6C 6D 5H"], stock="KC QH", discard="QC",
                           dealer=2)
    state = sr.apply(sr.apply(state, sr.DrawStock(0)), sr.Discard(0, sr.parse_card("9S")))
    assert state.phase == "draw" and not state.shanghai_open
    error = refused(mutate(to_dict(state), shanghai_open=True), "shanghai_open")
    assert ("no Shanghai declaration" if preset == "isra" else "fits no meld") in str(error)


def test_a_round_bonus_or_stock_rebuild_no_rule_gives_is_refused_on_load(table_state: sr.GameState,
                                                                        round_over_state: sr.GameState) -> None:
    """SPEC 6: a round result's going-out bonus is one the rules award (``Rules.blind_bonus``, or
    ``blind_bonus_without_wilds``), and the stock is rebuilt no more often than ``Rules.stock_rebuilds``
    allows; a loaded state that says otherwise is refused (the engine's own going_out_bonus and
    rebuild_allowed)."""
    over = to_dict(round_over_state)  # isra: no blind bonus
    last = len(over["round_results"]) - 1
    refused(replaced(over, f"round_results[{last}].bonus", 7), f"round_results[{last}].bonus", "blind bonuses")
    house = attrs.evolve(sr.PAGAT7, stock_rebuilds=1)
    rules = {k: v for k, v in to_dict(house).items() if k not in ("format", "version")}
    doc = mutate(to_dict(table_state), rules=rules)
    assert from_dict(mutate(doc, stock_rebuilt=1)).stock_rebuilt == 1
    refused(mutate(doc, stock_rebuilt=2), "stock_rebuilt", "at most 1 times")


def test_a_round_that_rebuilt_its_stock_a_thousand_times_is_written_and_read_back() -> None:
    """A round may rebuild its stock without end where the rules allow it (no Rules.stock_rebuilds, no turn
    limit), and take turns and moves without end: those counts are read back whatever their size (within
    the numbers a position holds), the state and each view alike.  Played: a stock of two cards is rebuilt
    at every other draw."""
    rules = attrs.evolve(sr.PAGAT7, name="small stock", hand_size=21, turn_limit=None)
    state = sr.new_game(rules, players=5, seed=1)
    assert len(state.stock) == 2 and rules.stock_rebuilds is None
    while state.stock_rebuilt < 60:
        seat = state.turn
        state = sr.apply(state, sr.DrawStock(seat))
        state = sr.apply(state, sr.Discard(seat, state.hands[seat][0]))
    for counted in (state, attrs.evolve(state, stock_rebuilt=5_000, turns_taken=10**10, move_number=10**12)):
        assert from_json(to_json(counted)) == counted
        assert all(from_json(to_json(observe(counted, seat))) == observe(counted, seat) for seat in range(5))


def test_the_format_reference_names_every_field_and_action_written() -> None:
    """The module docstring of ``serialization`` (the JSON page's format reference) names, as ````name````,
    every field a state, a view, a round result and a record are written with, and every action type."""
    reference = serialization.__doc__ or ""
    state = sr.new_game(sr.ISRA, 3, seed=2)
    while not state.round_results:
        state = sr.apply(state, sr.legal_actions(state)[-1])
    written: set[str] = set()
    written |= set(to_dict(state)) | set(to_dict(observe(state, 0)))
    written |= set(to_dict(state)["round_results"][0])
    written |= set(to_dict(GameRecord.new(sr.ISRA, 3, 2)))
    written |= set(serialization.POSITION_ADDED)
    written |= {name for name in serialization.ACTION_FIELDS}
    missing = sorted(name for name in written - {"format", "version"} if f"``{name}``" not in reference
                     and f'"{name}"' not in reference)
    assert not missing, f"the format reference does not name {missing}"
