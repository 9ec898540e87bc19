"""Contracts: :func:`check_contract`, :func:`find_contract` and :func:`contract_layouts`.

A contract is judged on groups of cards (each group a plain sequence, read as
unordered, or an arranged :class:`~shanghai_rules.melds.Meld`).  Besides each
meld's own legality, a contract has rules of its own: the number of sets and
runs, their lengths (exact where ``Rules.contract_melds_exact``), and where the
rules say so different ranks for its sets, naturals of different suits in each
set, a gap between runs of one suit, and no overlap of runs of one suit
(:func:`contract_rule_reason`).

:func:`find_contract` is an exact search (:mod:`~shanghai_rules.contract_search`):
it finds a layout exactly when the hand holds one, wilds, long runs and all.
What a hand costs at the end of a round is :mod:`~shanghai_rules.penalties`' to say.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, islice, product
from typing import Final, Literal

import attrs

from .cards import Card, CardError, CardsArg, _card_group, format_cards, rank_name
from .contract_search import ContractSearch, Tries, first_layout
from .errors import excerpt
from .meld_value import Meld, MeldKind
from .melds import check_meld
from .penalties import card_value, hand_penalty
from .refusals import Code, Reason, Refusal
from .rules import MAX_CONTRACT_MELDS, Contract, Rules, RulesError

__all__ = [
    "ContractCheck",
    "card_value",
    "check_contract",
    "contract_layouts",
    "contract_rule_reason",
    "find_contract",
    "hand_penalty",
    "laid_contract_reason",
]


@attrs.frozen
class ContractCheck:
    """The verdict of :func:`check_contract`: truthy exactly when the groups meet the contract.

    ``melds`` are the arranged melds in the order given (empty when illegal);
    ``reason`` says why not, naming the rule, and ``code`` is the rule's code (both empty
    when legal; see :mod:`~shanghai_rules.refusals`).
    """

    ok: bool
    """True when the groups meet the contract."""
    melds: tuple[Meld, ...] = ()
    """The arranged melds, when legal."""
    reason: str = ""
    """Why the groups do not meet the contract; empty when they do."""
    code: Code | Literal[""] = ""
    """The code of the rule broken (one of :data:`~shanghai_rules.refusals.CODES`); empty when legal."""

    def __bool__(self) -> bool:
        return self.ok


def _check_rules(rules: object) -> None:
    if not isinstance(rules, Rules):
        raise RulesError(f"rules: {excerpt(rules)} is not a Rules", "bad_argument")


def _cards(cards: CardsArg, what: str) -> tuple[Card, ...]:
    """The cards as a tuple; a :class:`CardError` naming ``what`` when they are not cards."""
    group = _card_group(cards)
    if isinstance(group, str):
        raise CardError(f"{what}: {group}", "not_a_card")
    return group


def _span(meld: Meld) -> str:
    first = meld.stands_for(0)
    last = meld.stands_for(len(meld.cards) - 1)
    return f"{first}-{last}"


def contract_rule_reason(melds: Sequence[Meld], rules: Rules) -> Refusal:
    """Why these melds break a contract-only rule (set ranks, set suits, same-suit runs); empty if none."""
    return _set_ranks_reason(melds, rules) or _set_suits_reason(melds, rules) or _same_suit_runs_reason(melds, rules)


def laid_contract_reason(melds: Sequence[Meld], contract: Contract) -> Refusal:
    """Why ``melds``, a seat's contract as it lies on the table now, cannot have been laid down as
    ``contract``; empty if they can.  Lay-offs lengthen melds, add suits to sets and give a set of
    wilds only its rank (which may then be another contract set's), and swaps change their wilds, so
    only what no later play changes is asked: each meld at least as long as the contract asks
    (:func:`check_contract`'s ``min_length``)."""
    for meld in melds:
        length = contract.meld_length(meld.kind)
        if len(meld.cards) < length:
            return Reason("too_short", f"{meld.describe()} is shorter than the {length} cards "
                                       f"{contract.describe()} asks of a {meld.kind}")
    return ""


def _set_ranks_reason(melds: Sequence[Meld], rules: Rules) -> Refusal:
    """``Rules.distinct_contract_set_ranks``: the sets of a contract are of different ranks."""
    if rules.distinct_contract_set_ranks:
        seen: set[int] = set()
        for meld in melds:
            if meld.kind == "set" and meld.rank is not None:
                if meld.rank in seen:
                    return (Reason("contract_set_ranks",
                                   f"the sets of a contract must be of different ranks under these rules: "
                            f"two sets of {rank_name(meld.rank)}"))
                seen.add(meld.rank)
    return ""


def _set_suits_reason(melds: Sequence[Meld], rules: Rules) -> Refusal:
    """``Rules.distinct_contract_set_suits``: the naturals of each contract set are of different suits."""
    if rules.distinct_contract_set_suits:
        for meld in melds:
            if meld.kind == "set":
                wild = set(meld.wild_indices())
                suits = [card.suit for i, card in enumerate(meld.cards) if i not in wild]
                if len(set(suits)) < len(suits):
                    return (Reason("contract_set_suits",
                                   f"the naturals of a contract's set must be of different suits under these rules: "
                            f"{meld} repeats a suit"))
    return ""


def _same_suit_runs_reason(melds: Sequence[Meld], rules: Rules) -> Refusal:
    """``Rules.contract_run_gap`` and ``Rules.contract_runs_overlap``: runs of one suit in a contract
    keep the gap between them, and do not overlap where the rules forbid it."""
    gap = rules.contract_run_gap
    overlap = rules.contract_runs_overlap
    if gap or not overlap:
        runs = sorted((m for m in melds if m.kind == "run"), key=lambda m: (m.suit, m.start))
        # every pair, not only neighbours: in 2-5, 4-7, 6-9 the first and last touch
        for a, b in combinations(runs, 2):
            if a.suit is not b.suit:
                continue
            if not overlap and b.start <= a.end:
                return (Reason("contract_runs_overlap",
                               f"runs of one suit in a contract may not overlap under these rules: "
                        f"{_span(a)} and {_span(b)} do"))
            if 0 <= b.start - a.end - 1 < gap:
                if not overlap:
                    need = "they need a gap" if gap == 1 else f"they need a gap of at least {gap} ranks"
                elif gap == 1:
                    need = "they need a gap, or an overlap of separate cards"
                else:
                    need = f"they need a gap of at least {gap} ranks, or an overlap of separate cards"
                return (Reason("contract_runs_touch",
                               f"runs of one suit in a contract must not touch under these rules: "
                        f"{_span(a)} and {_span(b)} do; {need}"))
    return ""


_KINDS: Final[tuple[MeldKind, ...]] = ("set", "run")
_NOT_A_MELD: Final = Reason("not_a_meld", "not a meld")


def check_contract(groups: Iterable[CardsArg | Meld], rules: Rules, round_number: int) -> ContractCheck:
    """Judge whether ``groups`` meet the contract of ``round_number`` under ``rules``.

    Each group is an arranged :class:`Meld` or a plain sequence of cards (read as
    unordered; it may be counted as a set or a run, whichever the contract
    needs).  Whether the cards are in someone's hand, and the whole-hand rule of
    a no-discard round, are the engine's to judge.

    >>> import shanghai_rules as sr
    >>> bool(sr.check_contract([sr.parse_cards("9C 9D 9H"), sr.parse_cards("4H 5H 6H 7H")], sr.PAGAT7, 2))
    True
    """
    _check_rules(rules)
    contract = rules.contract(round_number)
    given = _given_groups(groups)
    if isinstance(given, Reason):
        return ContractCheck(False, (), given, given.code)
    if len(given) != contract.melds:
        return ContractCheck(False, (), f"round {round_number}'s contract is {contract.describe()}: "
                                        f"{contract.melds} meld{'s' if contract.melds > 1 else ''}, not {len(given)}",
                             "contract_meld_count")
    options: list[list[Meld]] = []
    for i, group in enumerate(given):
        readings = _readings(group, rules, contract)
        if isinstance(readings, Reason):
            cards = group.cards if isinstance(group, Meld) else group
            return ContractCheck(False, (), f"group {i + 1} ({format_cards(cards)}): {readings}", readings.code)
        options.append(readings)
    return _choose_readings(given, options, rules, contract, round_number)


def _given_groups(groups: object) -> list[Meld | tuple[Card, ...]] | Reason:
    """The groups as melds and tuples of cards, or why they are not groups of cards."""
    if isinstance(groups, (str, bytes)) or not isinstance(groups, Iterable):
        return Reason("not_a_card", f"{excerpt(groups)} is not a sequence of groups of cards")
    given: list[Meld | tuple[Card, ...]] = []
    for i, group in enumerate(islice(groups, MAX_CONTRACT_MELDS + 1)):
        if i == MAX_CONTRACT_MELDS:
            return Reason("contract_meld_count",
                          f"more than {MAX_CONTRACT_MELDS} groups, more than any contract asks for")
        if isinstance(group, Meld):
            given.append(group)
            continue
        cards = _card_group(group)
        if isinstance(cards, str):
            return Reason("not_a_card", f"group {i + 1}: {cards}")
        given.append(cards)
    return given


def _readings(group: Meld | tuple[Card, ...], rules: Rules, contract: Contract) -> list[Meld] | Reason:
    """The melds a group makes as each kind the contract asks for, or why it makes none."""
    readings: list[Meld] = []
    reasons: dict[MeldKind, Reason] = {}
    for kind in _KINDS:
        if (kind == "set" and not contract.sets) or (kind == "run" and not contract.runs):
            continue
        length = contract.meld_length(kind)
        result = check_meld(group, rules, kind, min_length=length)
        if result.meld is not None and rules.contract_melds_exact and len(result.meld.cards) != length:
            reasons[kind] = Reason("contract_exact_length", f"a contract's {kind} is laid down with exactly {length} "
                                   f"cards under these rules, not {len(result.meld.cards)} (lay-offs lengthen it "
                                   f"later)")
        elif result.meld is not None:
            readings.append(result.meld)
        else:
            assert result.code
            reasons[kind] = Reason(result.code, result.reason)
    if readings:
        return readings
    if len(reasons) == 2:
        cards = group.cards if isinstance(group, Meld) else group
        return reasons["set"] if check_meld(cards, rules).kind == "set" else reasons["run"]
    return next(iter(reasons.values()), _NOT_A_MELD)


def _choose_readings(given: Sequence[Meld | tuple[Card, ...]], options: list[list[Meld]], rules: Rules,
                     contract: Contract, round_number: int) -> ContractCheck:
    """The first choice of one reading per group that makes the contract, or why none does."""
    reason: Refusal = ""
    for choice in product(*options):
        sets = sum(1 for m in choice if m.kind == "set")
        if sets != contract.sets:
            continue
        reason = contract_rule_reason(choice, rules)
        if not reason:
            return ContractCheck(True, tuple(choice))
        placed = any(
            m.kind == "run" and not isinstance(g, Meld) and m.wild_indices() for g, m in zip(given, choice)
        )
        if placed and reason.code == "contract_runs_touch":
            reason = Reason(reason.code, reason + "; a plain group puts a wild at the high end of its run: pass an "
                                                  "arranged Meld to place it elsewhere")
    if not reason:
        sets = sum(1 for o in options if all(m.kind == "set" for m in o))
        runs = sum(1 for o in options if all(m.kind == "run" for m in o))
        reason = Reason("contract_kinds", f"round {round_number}'s contract is {contract.describe()}; these groups "
                                          f"make {sets} set{'s' if sets != 1 else ''} and {runs} "
                                          f"run{'s' if runs != 1 else ''}")
    return ContractCheck(False, (), reason, reason.code)


def contract_layouts(hand: CardsArg, rules: Rules, round_number: int) -> Iterator[tuple[Meld, ...]]:
    """Layouts of the contract of ``round_number`` that ``hand`` holds, runs first then sets.

    Each layout is a tuple of arranged melds using only cards from ``hand``
    and meeting :func:`check_contract` (in a no-discard round, using the whole
    hand).  Not every arrangement is listed: unless the whole hand goes down,
    sets have exactly the contract's length, and each wild stands where the
    search counted it.  But whenever the hand holds any layout at all, at least
    one is listed (within the limit below), so the first
    (:func:`find_contract`) answers exactly.
    Layouts come in a fixed order: runs are placed suit by suit and, within a
    suit, from the lowest place a run may start, then sets are chosen.  So the
    first layout may put a wild below a run's lowest natural card where the hand
    also holds the natural card above its highest (``JK 4H 5H 6H`` comes before
    ``4H 5H 6H 7H``): a program that would keep its wilds looks further.  The
    same layout may come more than once when the hand holds duplicate cards.

    The search looks for each layout within
    :data:`~shanghai_rules.contract_search.PLACEMENT_LIMIT` runs and sets tried
    since the one before (or its start), and ends where it finds none within
    them (see :doc:`/decisions`): no hand of a preset's game comes near it, but
    under house rules a contract of many melds can have more ways to try than
    any machine could weigh.
    """
    _check_rules(rules)
    contract = rules.contract(round_number)
    cards = _cards(hand, "hand")
    return ContractSearch(cards, rules, contract).layouts()


def layouts_of(hand: tuple[Card, ...], rules: Rules, contract: Contract,
               tries: Tries | None = None) -> Iterator[tuple[Meld, ...]]:
    """:func:`contract_layouts` for callers that pass a tuple of cards and the contract itself
    (the engine, whose hands are checked already); ``tries``: the runs and sets the search shares
    with the other searches of one judgement (:class:`~shanghai_rules.contract_search.Tries`)."""
    return ContractSearch(hand, rules, contract, tries=tries).layouts()


def find_contract(hand: CardsArg, rules: Rules, round_number: int) -> tuple[Meld, ...] | None:
    """A layout of round ``round_number``'s contract from ``hand``, or ``None`` if it holds none.

    In a no-discard round the layout takes the whole hand.  It is the first of
    :func:`contract_layouts`: ``None`` too where the search finds no layout within its
    :data:`~shanghai_rules.contract_search.PLACEMENT_LIMIT` runs and sets tried (see :doc:`/decisions`),
    as :func:`~shanghai_rules.engine.legal_actions` lists then no ``LayDown``.

    >>> import shanghai_rules as sr
    >>> layout = sr.find_contract(sr.parse_cards("9C 9D 9H 4H 5H 6H 7H AS"), sr.PAGAT7, 2)
    >>> [str(m) for m in layout]
    ['4H 5H 6H 7H', '9C 9D 9H']
    """
    _check_rules(rules)
    contract = rules.contract(round_number)
    cards = _cards(hand, "hand")
    return first_layout(cards, rules, contract, "find_contract: the contract bounds")



