"""Shared helpers for the engine tests: card notation in, card notation out."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

import shanghai_rules as sr
from shanghai_rules.refusals import CODES


def cards(text: str) -> tuple[sr.Card, ...]:
    """Cards from notation, sorted the way the engine keeps hands (SPEC 4.6)."""
    return tuple(sorted(sr.parse_cards(text), key=lambda c: c.code))


def card(text: str) -> sr.Card:
    """One card from notation."""
    return sr.parse_card(text)


def hand(state: sr.GameState, seat: int) -> str:
    """A seat's hand as notation, in the engine's (sorted) order."""
    return sr.format_cards(state.hands[seat])


def hand_of(text: str) -> str:
    """Notation in the order the engine keeps hands: compare with :func:`hand`."""
    return sr.format_cards(cards(text))


def table(state: sr.GameState) -> list[tuple[int, str, str]]:
    """The table as (owner, kind, cards in arranged order) rows."""
    return [(tm.owner, tm.kind, sr.format_cards(tm.cards)) for tm in state.table]


def pile(cards_: Iterable[sr.Card]) -> str:
    """A pile as notation."""
    return sr.format_cards(cards_)


def play(state: sr.GameState, *actions: sr.Action) -> sr.GameState:
    """Apply ``actions`` one after another; each (but a LayDown, SPEC 5) must be listed by ``legal_actions``."""
    for action in actions:
        if not isinstance(action, sr.LayDown):
            listed = sr.legal_actions(state)
            assert action in listed or (
                isinstance(action, sr.LayOff) and attrs.evolve(action, end=None) in listed
            ), f"{action!r} is not listed by legal_actions"
        state = sr.apply(state, action)
    return state


def refused(state: sr.GameState, action: sr.Action, *words: str, code: str | None = None) -> str:
    """Assert ``action`` is refused with an IllegalAction whose reason holds every one of ``words``
    (case-insensitive) and whose code is a documented one (``code``, where given), that ``check``
    and ``is_legal`` agree, and that ``state`` is unchanged."""
    before = attrs.evolve(state)
    try:
        sr.apply(state, action)
    except sr.IllegalAction as exc:
        reason = str(exc)
        assert exc.code in CODES and exc.code != "unspecified", f"{exc.code!r}: not a documented code ({reason!r})"
        assert code is None or exc.code == code, f"code {exc.code!r}, not {code!r} ({reason!r})"
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert isinstance(sr.IllegalAction(""), ValueError)
    assert reason, "an IllegalAction must give a reason"
    for word in words:
        assert word.lower() in reason.lower(), f"{word!r} not in reason {reason!r}"
    assert not sr.is_legal(state, action)
    try:
        sr.check(state, action)
    except sr.IllegalAction:
        pass
    else:
        raise AssertionError("check accepted what apply refused")
    assert action not in sr.legal_actions(state)
    assert state == before
    return reason


def card_count(state: sr.GameState) -> int:
    """Every card in the state: hands, table, stock and discard pile."""
    return (sum(len(h) for h in state.hands) + sum(len(tm.cards) for tm in state.table)
            + len(state.stock) + len(state.discard))


def all_cards(state: sr.GameState) -> list[str]:
    """Every card in the state as sorted notation (for conservation checks)."""
    out = [c for h in state.hands for c in h]
    out += [c for tm in state.table for c in tm.cards]
    out += list(state.stock) + list(state.discard)
    return sorted(str(c) for c in out)


def greedy(state: sr.GameState) -> sr.Action:
    """A simple fixed policy for driving whole rounds: go down, lay off or swap when it can, draw
    from the stock, and otherwise discard its costliest card."""
    actions = sr.legal_actions(state)
    if state.phase == "cut":
        return actions[0]
    if state.phase == "round_over":
        return sr.StartRound()
    for kind in (sr.LayDown, sr.LayOff, sr.SwapWild):
        for action in actions:
            if isinstance(action, kind):
                return action
    if state.phase == "draw":
        return sr.DrawStock(state.turn)
    discards = [a for a in actions if isinstance(a, sr.Discard) and not a.shanghai]
    return max(discards, key=lambda a: (sr.card_value(a.card, state.rules), a.card.code))


def play_out_round(state: sr.GameState, limit: int = 5000) -> sr.GameState:
    """Apply :func:`greedy` until the round ends."""
    for _ in range(limit):
        if state.phase in ("round_over", "game_over"):
            return state
        state = sr.apply(state, greedy(state))
    raise AssertionError("the round did not end")
