"""The plays worth judging in a position: every play that might be legal, found from the cards held
and the table (as a chess engine lists its pseudo-legal moves), for the judgement of
:mod:`~shanghai_rules.engine.plays` to keep or refuse.

* lay-downs: the layouts of the contract the hand holds
  (:func:`~shanghai_rules.contracts.contract_layouts`), each once;
* lay-offs: each card held that fits each meld (:mod:`~shanghai_rules.engine.table_facts`),
  once per end where it fits both ends of a run, with no end where it fits one;
* swaps: each card held that a wild of a meld stands for, where that meld's wilds may be swapped.

Every legal play is among them (each list is read off the rule the judgement
applies), so the judgement alone decides which are legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from ..actions import LayDown, LayOff, SwapWild
from ..contract_search import Tries, first_layout
from ..contracts import layouts_of
from ..meld_value import Meld
from ..memo import MEMO
from ..verify import verifying
from .hands import distinct_cards
from .position import Position, Turn
from .table_facts import TableFacts, table_facts

__all__ = ["action_of", "lay_down_candidates", "lay_off_candidates", "lay_offs_and_melds", "swap_candidates"]

_ACTIONS: Final = MEMO.table("actions by their fields", 1 << 13)


def action_of(cls: type[Any], *fields: object) -> Any:
    """``cls(*fields)``, made by its constructor once and then kept in the memo: actions are values,
    and a listing names the same ones turn after turn."""
    key = (cls, *fields)
    found = _ACTIONS.get(key)
    if found is None:
        found = _ACTIONS.fill(key, _construct)
    return found


def _construct(key: tuple[Any, ...]) -> Any:
    return key[0](*key[1:])


def lay_down_candidates(turn: Turn, pos: Position, tries: Tries | None = None) -> Iterator[LayDown]:
    """Going down with each distinct layout of the contract the hand holds, in the search's order
    (``tries``: the runs and sets the search shares with the other searches of one judgement)."""
    if pos.down:
        return
    if verifying():
        _confirm_bounds(turn, pos)
    seen: set[tuple[tuple[str, tuple[int, ...]], ...]] = set()
    for layout in layouts_of(pos.hand, turn.rules, turn.contract, tries):
        key = _layout_key(layout)
        if key not in seen:  # (the same layout comes again where the hand holds duplicate cards)
            seen.add(key)
            yield LayDown(turn.player, layout)


def _confirm_bounds(turn: Turn, pos: Position) -> None:
    """In the checking mode: the contract search, whose bounds skip the hands they prove hold no
    layout, finds the first layout the search without them finds (:func:`first_layout`)."""
    first_layout(pos.hand, turn.rules, turn.contract, "contract search: the bounds")


def _layout_key(layout: tuple[Meld, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple(sorted((meld.kind, tuple(c.code for c in meld.cards)) for meld in layout))


def lay_off_candidates(turn: Turn, pos: Position, facts: TableFacts | None = None) -> list[LayOff]:
    """Each card held that fits each meld of the table, meld by meld, card by card: with no end
    where it fits one way, once for each end where it fits both ends of a run.  ``facts``: the
    :class:`~shanghai_rules.engine.table_facts.TableFacts` of the table, where the caller has them."""
    return [lay_off for lay_off, _ in lay_offs_and_melds(turn, pos, facts)]


def lay_offs_and_melds(turn: Turn, pos: Position, facts: TableFacts | None = None) -> list[tuple[LayOff, Meld]]:
    """The lay-offs of :func:`lay_off_candidates`, in its order, each with the meld it would make
    (the option of :func:`~shanghai_rules.joining.join_options` it names)."""
    found: list[tuple[LayOff, Meld]] = []
    hand = distinct_cards(pos.hand)
    for index, meld_fits in enumerate((facts or table_facts(pos.table, turn.rules)).melds):
        for card in hand:
            if card not in meld_fits.candidates:
                continue
            options = meld_fits.get(card)
            if len(options) == 1:
                found.append((action_of(LayOff, turn.player, card, index, None), options[0][1]))
            elif options:
                found.extend((action_of(LayOff, turn.player, card, index, end), meld) for end, meld in options)
    return found


def swap_candidates(turn: Turn, pos: Position, facts: TableFacts | None = None) -> list[SwapWild]:
    """Each card held that a wild of a meld stands for, where that meld's wilds may be swapped
    (``facts``: as for :func:`lay_off_candidates`)."""
    found: list[SwapWild] = []
    hand = distinct_cards(pos.hand)
    for index, wanted in (facts or table_facts(pos.table, turn.rules)).swaps:
        for card in hand:
            if card in wanted:
                found.append(action_of(SwapWild, turn.player, card, index))
    return found
