"""Fuzzing every constructor and parser a user reaches: only the library's own
ValueError subclasses may escape, each with a message (issue: robustness, item 2)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shanghai_rules as sr
from shanghai_rules.cards import CardError
from shanghai_rules.melds import MeldError

OURS = (sr.CardParseError, CardError, sr.RulesError, MeldError, sr.IllegalAction)

junk = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True) | st.text(max_size=8)
    | st.binary(max_size=4),
    lambda children: st.lists(children, max_size=4) | st.tuples(children, children)
    | st.dictionaries(st.text(max_size=3), children, max_size=3),
    max_leaves=8,
)
card_text = st.text(alphabet="0123456789TJQKAtjqkaCDHScdhs♣♦♥♠★*JOKERjoker ", max_size=6)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ours_or_ok(call: object, *args: object, **kwargs: object) -> object:
    """Call; a refusal must be one of ours and say something."""
    try:
        return call(*args, **kwargs)  # type: ignore[operator]
    except OURS as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        return exc


@FUZZ
@given(st.one_of(card_text, junk))
def test_card_notation_fuzz(text: object) -> None:
    """parse_card and parse_cards accept cards or raise CardParseError naming the token (SPEC 5, 6)."""
    result = ours_or_ok(sr.parse_card, text)
    if isinstance(result, sr.Card):
        assert sr.parse_card(str(result)) == result
    result = ours_or_ok(sr.parse_cards, text)
    if isinstance(result, tuple):
        assert all(isinstance(c, sr.Card) for c in result)


@FUZZ
@given(rank=junk, suit=junk)
def test_card_constructor_fuzz(rank: object, suit: object) -> None:
    """Card(rank, suit) with wrong values raises the library's own error."""
    ours_or_ok(sr.Card, rank, suit)


RULE_FIELDS = [field.name for field in attrs.fields(sr.Rules) if field.init]


@FUZZ
@given(field=st.sampled_from(RULE_FIELDS), value=junk, preset=st.sampled_from(list(sr.PRESETS.values())))
def test_rules_field_fuzz(field: str, value: object, preset: sr.Rules) -> None:
    """Any field of any preset set to junk is refused with a RulesError naming the field, or accepted."""
    result = ours_or_ok(attrs.evolve, preset, **{field: value})
    if isinstance(result, sr.RulesError):
        # the message names the field at fault: this one, or the one it now conflicts with
        named = str(result).split(":")[0].split("[")[0]
        assert named in RULE_FIELDS or named.startswith("Contract") or named == "players", str(result)
    elif isinstance(result, sr.Rules):
        hash(result)


@FUZZ
@given(sets=junk, runs=junk, set_length=junk, run_length=junk, no_discard=junk)
def test_contract_constructor_fuzz(sets: object, runs: object, set_length: object, run_length: object,
                                   no_discard: object) -> None:
    """Contract(...) with wrong values raises RulesError."""
    ours_or_ok(sr.Contract, sets=sets, runs=runs, set_length=set_length, run_length=run_length,
               no_discard=no_discard)


ACTIONS = [sr.DrawStock, sr.TakeDiscard, sr.Buy, sr.WithdrawBuy, sr.LayDown, sr.LayOff, sr.SwapWild,
           sr.Discard, sr.CallShanghai, sr.Cut]


@FUZZ
@given(kind=st.sampled_from(ACTIONS), args=st.lists(junk, max_size=4))
def test_action_fields_fuzz(kind: type, args: list[object]) -> None:
    """Actions with fields of wrong types or values raise MalformedAction; built ones are refused or applied
    by apply with the library's own error only."""
    fields = [f.name for f in attrs.fields(kind)]
    if len(args) < len([f for f in attrs.fields(kind) if f.default is attrs.NOTHING]):
        return
    action = ours_or_ok(kind, **dict(zip(fields, args)))
    if isinstance(action, kind):
        state = sr.new_game(sr.PAGAT7, 4, seed=1)
        ours_or_ok(sr.apply, state, action)
        ours_or_ok(sr.is_legal, state, action)


@FUZZ
@given(group=st.lists(st.sampled_from(sr.parse_cards("2C 3C 4C 5C 6C 7C QH QS QD AC KC JK 2H")), max_size=8)
       | junk, preset=st.sampled_from(list(sr.PRESETS.values())), kind=st.sampled_from([None, "set", "run"]) | junk)
def test_validators_fuzz(group: object, preset: sr.Rules, kind: object) -> None:
    """check_meld, check_contract, find_contract and hand_penalty answer or raise the library's own error."""
    result = ours_or_ok(sr.check_meld, group, preset, kind)
    if isinstance(result, sr.MeldCheck):
        assert bool(result) == (result.meld is not None)
        assert result.ok or result.reason
    ours_or_ok(sr.check_contract, [group, group], preset, 1)
    ours_or_ok(sr.find_contract, group, preset, 2)
    ours_or_ok(sr.hand_penalty, group, preset)


@FUZZ
@given(hands=junk | st.lists(card_text, min_size=0, max_size=6), stock=junk, discard=junk,
       round_number=junk | st.integers(0, 12), dealer=junk | st.integers(-1, 8))
def test_setup_round_fuzz(hands: object, stock: object, discard: object, round_number: object, dealer: object) -> None:
    """setup_round with junk raises the library's own error naming what is wrong."""
    ours_or_ok(sr.setup_round, sr.PAGAT7, hands=hands, stock=stock, discard=discard, round_number=round_number,
               dealer=dealer)


@FUZZ
@given(rules=junk | st.sampled_from(list(sr.PRESETS.values())), players=junk | st.integers(0, 10),
       seed=junk, dealer=junk)
def test_new_game_fuzz(rules: object, players: object, seed: object, dealer: object) -> None:
    """new_game with junk raises the library's own error."""
    ours_or_ok(sr.new_game, rules, players, seed, dealer)


@pytest.mark.parametrize("value", [None, 5, 3.5, object(), b"QS", ["QS"]])
def test_validators_refuse_rules_that_are_not_rules(value: object) -> None:
    """Passing something that is not a Rules to a validator is refused with RulesError."""
    with pytest.raises(sr.RulesError):
        sr.check_meld(sr.parse_cards("QS QH QD"), value)  # type: ignore[arg-type]
    with pytest.raises(sr.RulesError):
        sr.find_contract(sr.parse_cards("QS QH QD"), value, 1)  # type: ignore[arg-type]
