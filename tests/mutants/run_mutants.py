"""Mutants of the engine's shortcuts, each shown caught by the test suite.

Every shortcut the library takes (see :mod:`shanghai_rules.verify`) is a derivation of a
full judgement, and the test suite is meant to catch any slip in one.  This script makes
each mutant below (a small, plausible bug in one shortcut) in a copy of the project,
runs the tests that run in the checking mode on that copy, and reports the first test
that fails, or that the mutant survived.  Exit status 1 if any survives.

A plain script, slow (a few minutes): ``python tests/mutants/run_mutants.py [ID ...]``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final, NamedTuple

ROOT = Path(__file__).resolve().parents[2]


class Mutant(NamedTuple):
    """A bug put into one shortcut: ``old`` (found exactly once in ``path``) becomes ``new``.  ``tests``:
    the test files that should catch it, where not the engine's (:data:`TESTS`)."""

    name: str
    what: str
    path: str
    old: str
    new: str
    tests: tuple[tuple[str, bool], ...] = ()


#: The tests run against each mutant of the JSON reader and writer.
JSON_TESTS: Final = (("tests/test_serialization.py", False), ("tests/test_schemas.py", False))
#: The tests run against each mutant of the contract search and its bounds.
CONTRACT_TESTS: Final = (("tests/test_contracts.py", False),)

MUTANTS = (
    Mutant("owed-same-meld", "owed wilds placeable: two owed wilds counted on one meld",
           "engine/no_trap.py", "if index not in used and fits(tm.meld, turn.rules).get(card):",
           "if fits(tm.meld, turn.rules).get(card):"),
    Mutant("last-card-swaps", "a lone last card: a wild on the table that stands for it forgotten",
           "engine/no_trap.py", "lambda: wanted_for_swap(pos.table, turn.rules, card))", "lambda: False)"),
    Mutant("stranded-reach", "stranded: one lay-off fewer counted before the last card",
           "engine/no_trap.py", "_might_take(tm, card, len(hand), rules)",
           "_might_take(tm, card, len(hand) - 1, rules)"),
    Mutant("useless-naturals-ratio", "useful plays: natural lay-offs left out where wilds are limited by naturals",
           "engine/no_trap.py", "        and not rules.wilds_at_most_naturals\n", ""),
    Mutant("useless-naturals-last-card", "useful plays: natural lay-offs left out with one natural card to keep",
           "engine/no_trap.py", "_ending_with(turn, len(pos.hand) - len(pos.owed)) == \"ends\"",
           "_ending_with(turn, len(pos.hand) - len(pos.owed)) != \"\""),
    Mutant("lay-off-owed", "a lay-off after which the turn may end: the wilds still owed forgotten",
           "engine/plays.py", "_may_end_after_lay_off(turn, pos, bool(settle_owed(pos.owed, (action.card,))))",
           "_may_end_after_lay_off(turn, pos, False)"),
    Mutant("lay-offs-alike-owed", "lay-offs whose verdict is their meld: the wilds owed forgotten",
           "engine/plays.py", "return not pos.owed and _may_end_after_lay_off(turn, pos, False)",
           "return _may_end_after_lay_off(turn, pos, False)"),
    Mutant("lay-offs-alike-last", "lay-offs whose verdict is their meld: a lay-off of the last card counted",
           "engine/plays.py", "return left > 0 and turn_may_end(", "return left >= 0 and turn_may_end("),
    Mutant("last-card-lay-off-same-meld", "a last card after a lay-off: the meld laid off on asked about as it was",
           "engine/no_trap.py", "index != lay_off.meld and left in meld_fits.candidates and meld_fits.get(left)",
           "left in meld_fits.candidates and meld_fits.get(left)"),
    Mutant("last-card-lay-off-new-swap", "a last card after a lay-off: a wild of the meld laid off on forgotten",
           "engine/no_trap.py", "or wanted_by(new_meld, rules, left)))", "or False))"),
    Mutant("last-card-lay-off-left", "a last card after a lay-off: the card laid off taken for the one left",
           "engine/no_trap.py", "left = pos.hand[1] if pos.hand[0] is lay_off.card else pos.hand[0]",
           "left = lay_off.card"),
    Mutant("listed-lay-down-no-trap", "a lay-down the search found: the no-trap ruling skipped",
           "engine/plays.py", "return _finishable(turn, action, go_down_with_layout(turn, pos, action))",
           "return go_down_with_layout(turn, pos, action)"),
    Mutant("table-takes-one-meld", "a lone last card after a play: only the first meld asked about",
           "engine/table_facts.py", "return any(fits(tm.meld, rules).get(card) for tm in table)",
           "return any(fits(tm.meld, rules).get(card) for tm in table[:1])"),
    Mutant("stays-legal-13", "a legal meld stays legal: a run of thirteen places lengthened",
           "joining.py", "if len(meld.cards) >= 13:", "if len(meld.cards) > 13:"),
    Mutant("stays-legal-apart", "a legal meld stays legal: a wild laid beside a wild at a run's end",
           "joining.py", "(not limits.apart_in_runs or meld.is_natural_at(beside))", "True"),
    Mutant("listing-verdict", "the listing's verdict: the verdict of another play taken",
           "engine/__init__.py", "verdict = listing.verdict_of(action)",
           "verdict = next(iter(listing.verdicts.values()), None)"),
    Mutant("listing-equal-action", "the listing's verdict: taken for an action merely equal to the one listed",
           "engine/listing.py", "if found is None or (found[0] is not action and type(action) is LayDown):",
           "if found is None:"),
    Mutant("held-discards", "the discard of a card held: the upcard's discard listed too",
           "engine/listing.py", "for card in distinct_cards(state.hands[seat]):",
           "for card in distinct_cards(state.hands[seat] + state.discard[-1:]):"),
    Mutant("sets-best-ranks", "the sets' cost by their best ranks: the worst ranks taken",
           "contract_search.py", "sorted(ranks[1:])[-wanted:]", "sorted(ranks[1:])[:wanted]"),
    Mutant("one-set-wild-only", "the knapsack of one set: a set of wilds only forgotten",
           "contract_sets.py", "[rank_ways[0][1] for rank_ways in ways if rank_ways] + [wild_set])",
           "[rank_ways[0][1] for rank_ways in ways if rank_ways] + [NO_SETS])"),
    Mutant("bounds-hopeless", "the contract bounds: a hand whose runs take every wild held called hopeless",
           "contract_search.py", "        if cost > wilds_left:\n            return True",
           "        if cost >= wilds_left:\n            return True"),
    Mutant("candidates-low-end", "a meld's candidate cards: the card below a run's low end left out",
           "joining.py", "for place in (meld.start - 1, meld.start + len(meld.cards)):",
           "for place in (meld.start + len(meld.cards),):"),
    Mutant("reach-first-meld", "a table's reach: the candidates of its first meld only",
           "engine/table_facts.py", "for meld_fits in self.melds])", "for meld_fits in self.melds[:1]])"),
    Mutant("swap-cards-set-suit", "a meld's swap cards: a set's wild not given for a card of its rank in one suit",
           "engine/table_facts.py", "ALL_CARDS[suit * 13 + meld.rank - 2] for suit in range(4)",
           "ALL_CARDS[suit * 13 + meld.rank - 2] for suit in range(3)"),
    Mutant("meld-swaps-unswappable", "a meld's swap cards: kept where the rules let no wild of its kind be swapped",
           "engine/table_facts.py", 'if swappable(meld, rules) else frozenset()', 'if True else frozenset()'),
    Mutant("room-apart-end", "too few places: a natural end card taken for a wild, one place fewer counted",
           "engine/wild_room.py", "return min((places + 1) // 2, naturals + 1)", "return min(places // 2, naturals)"),
    Mutant("room-set-bounded", "too few places: a set with no count limit given no room",
           "engine/wild_room.py", "    if most is None:\n        return None\n    return max(0, most - len(",
           "    if most is None:\n        return 0\n    return max(0, most - len("),
    Mutant("room-own-two", "too few places: a wild 2 in its own place forgotten",
           "engine/wild_room.py", "            low += 2\n", "            low += 0\n"),
    Mutant("room-thirteen", "too few places: a run given one place fewer than its thirteen",
           "engine/wild_room.py", "room = 13 - length", "room = 12 - length"),
    Mutant("any-action-discard", "some legal action: a discard taken where the turn may not end",
           "engine/listing.py", "if state.hands[state.turn] and not turn_end_refusal(state, state.turn):",
           "if state.hands[state.turn]:"),
    Mutant("search-limit-tiny", "the search limit: a play given up after two positions",
           "engine/no_trap.py", "SEARCH_LIMIT: Final = 1_000", "SEARCH_LIMIT: Final = 2"),
    Mutant("search-exact-runs", "the contract search: runs longer than the contract's where melds are exact",
           "contract_search.py", "if (exact and m > length_min) or (", "if (False and m > length_min) or ("),
    Mutant("search-overlap", "the contract search: same-suit runs overlapping where the rules forbid it",
           "contract_search.py", "if not overlap and start <= b and a <= end:", "if False:"),
    Mutant("search-set-suits", "the contract search: a set's naturals counted by card, not by suit",
           "contract_search.py", "if self.rules.distinct_contract_set_suits:  # one natural of each suit at most",
           "if False:  # one natural of each suit at most"),
    Mutant("search-lowest-place", "the contract search: runs from the 2 where 2s are always wild",
           "contract_search.py", "self.lowest = rules.lowest_run_place",
           "self.lowest = 1 if rules.ace_low else 2"),
    Mutant("search-sets-of-twos", "the contract search: sets of 2s where 2s are always wild",
           "contract_search.py", "range(max(floor, 2 if self.rules.natural_twos else 3), 15)",
           "range(max(floor, 2), 15)"),
    Mutant("stays-legal-lowest", "a legal meld stays legal: a run lengthened below its lowest place",
           "joining.py", "if place < rules.lowest_run_place:", "if place < 1:"),
    Mutant("rules-read-envelope", "rules read before: a rules document's envelope let through inside a state",
           "serialization.py", "key = (tuple(envelope), text)", "key = ((), text)", JSON_TESTS),
    Mutant("cards-read-whole", "cards read whole: a card not in canonical notation read as nothing",
           "serialization.py", "return tuple(map(_CARDS.__getitem__, items))", "return tuple(map(_CARDS.get, items))",
           JSON_TESTS),
    Mutant("cards-counted-jokers", "cards counted at once: the jokers' limit forgotten",
           "serialization.py", "if jokers > decks * x.rules.jokers_per_deck or max(", "if max(", JSON_TESTS),
    Mutant("position-text", "states and views written from texts: a legal action written twice",
           "serialization.py", "for i, a in enumerate(listed)) + \"]\"",
           "for i, a in enumerate(listed + listed[-1:])) + \"]\"", JSON_TESTS),
    Mutant("legal-table-melds", "melds on the table found legal before: remembered whatever the rules",
           "serialization.py", "judged = (tm.meld, rules)", "judged = (tm.meld, None)",
           JSON_TESTS),
    Mutant("items-path", "array items read with the array's path: the refused item's own path not found again",
           "serialization.py", "return tuple([read(item, f\"{path}[{i}]\") for i, item in enumerate(items)])", "raise",
           JSON_TESTS),
    Mutant("table-melds-read", "melds on the table read before: found again whoever owns them",
           "serialization.py", "    key = _exact_key(value)\n    found: TableMeld",
           "    key = _exact_key({k: v for k, v in value.items() if k != 'owner'}\n"
           "                     if isinstance(value, dict) else value)\n    found: TableMeld", JSON_TESTS),
    Mutant("table-views", "the table's views: kept after the game moves on",
           "table.py", "        self._views = {}\n        self._applied", "        self._applied",
           (("tests/test_table.py", False),)),
    Mutant("search-dead-twos-wild", "the contract search: dead 2s counted as wilds",
           "contract_search.py", "self.dead_twos = dead_twos if self.wild_twos else [0, 0, 0, 0]",
           "self.dead_twos = [0, 0, 0, 0]", CONTRACT_TESTS),
    Mutant("search-dead-two-in-place", "the contract search: a dead 2 in its own place costs a wild",
           "contract_search.py", "cost = w + 1 if self.wild_twos and 2 in naturals and not dead else w",
           "cost = w + 1 if self.wild_twos and 2 in naturals else w", CONTRACT_TESTS),
    Mutant("search-dead-twos-first", "the contract search: a set of 2s takes live 2s before dead ones",
           "contract_search.py", "for first in (True, False) if any(dead) else (False,):",
           "for first in (False,):",
           CONTRACT_TESTS),
    Mutant("wild-indices-dead-two", "a run's wilds read off its places: a dead 2 in its own place taken for a wild",
           "meld_value.py", "if card is not own and not (card.dead and card.printed is own)]",
           "if card is not own]", (("tests/engine/test_table_rules.py", False),)),
    Mutant("search-dead-twos-drops", "the contract search: no natural left out of a run for a set, dead 2s held",
           "contract_search.py", "or self.ratio or any(self.dead_twos)", "or self.ratio",
           (("tests/engine/test_table_rules.py", False),)),
    Mutant("useless-naturals-own-two", "useful plays: natural lay-offs left out where an owed wild 2 could stand "
           "for itself", "engine/no_trap.py",
           "        and (all(card.rank == JOKER for card in pos.owed) or _wilds_stay_wild(rules, pos.table))\n", ""),
    Mutant("wild-room-owed-two-swap", "room for wilds: the swap of an owed wild 2 into its own place forgotten",
           "engine/wild_room.py", "room = min(room, most - len(meld.wild_indices()) + own_two + swap_two)",
           "room = min(room, most - len(meld.wild_indices()) + own_two)"),
    Mutant("dead-twos-counted", "cards counted at once: dead 2s neither refused without the rule nor counted as 2s",
           "serialization.py", "if not DEAD_TWOS.isdisjoint(seen):", "if False:",
           (("tests/engine/test_table_rules.py", False),)),
    Mutant("wild-cards-table", "which cards are wild: the table of wild cards made as if 2s were always wild",
           "meld_value.py", "if _acts_as_wild(card, wild_twos))", "if _acts_as_wild(card, True))",
           (("tests/test_melds.py", False), ("tests/test_cards.py", False), ("tests/test_rules.py", False))),
    Mutant("penalty-dead-two", "what a card costs: a dead 2 charged as a wild 2",
           "penalties.py", "card in wild_cards(rules.wild_twos):", "card.rank == 2 and rules.wild_twos:",
           (("tests/test_contracts.py", False), ("tests/engine/test_stock_and_scoring.py", False))),
    Mutant("owed-wild-jokers-only", "a state loaded: a wild 2 owed where only jokers are swapped",
           "engine/swapping.py", "(card.rank == JOKER or not only_jokers_swapped(rules))", "True", JSON_TESTS),
    Mutant("shanghai-open-loaded", "a state loaded: Shanghai open on a discard no one might have declared",
           "serialization.py", "refusal = declaration_refusal(x, x.discard[-1])", "refusal = None", JSON_TESTS),
    Mutant("turn-cap", "the turn limit: one turn more before the round ends",
           "engine/discard.py", "else rules.turn_limit * players", "else rules.turn_limit * players + 1",
           (("tests/engine/test_stock_and_scoring.py", False), ("tests/test_serialization.py", False))),
    Mutant("arrange-wilds-apart", "a group arranged as a run: wilds put side by side where they must stand apart",
           "meld_arrangement.py", "_fill(start, n, positions, wilds, self.rules.run_wilds_apart)",
           "_fill(start, n, positions, wilds, False)", (("tests/test_melds.py", True),)),
    Mutant("declared-left-out", "the declared discards: none listed",
           "engine/listing.py", "declarable = facts.reach if facts is not None and state.rules.shanghai_call else",
           "declarable = frozenset() if facts is not None and state.rules.shanghai_call else"),
    Mutant("greedy-freed-wild", "GreedyPlayer: the wild a swap frees taken as if any wild were swapped",
           "players/greedy.py", "freed_index(meld, swap.card, only_jokers_swapped(view.rules))",
           "freed_index(meld, swap.card, False)", (("tests/test_players.py", False),)),
    Mutant("loaded-rebuilds", "a state loaded: the stock rebuilt more often than the rules allow",
           "serialization.py", "if x.stock_rebuilt and not rebuild_allowed(rules, x.stock_rebuilt - 1):",
           "if False:", JSON_TESTS),
    Mutant("loaded-bonus", "a state loaded: a round's bonus that no rule awards",
           "serialization.py", "result.bonus not in {going_out_bonus(rules, True, wild) for wild in (False, True)}",
           "result.bonus < 0", JSON_TESTS),
    Mutant("change-order", "the next state: the changed fields given their values in the reverse order",
           "engine/successor.py", "for index, value in zip(self.indexes, values):",
           "for index, value in zip(self.indexes[::-1], values):",
           (("tests/engine/test_successor.py", False), ("tests/test_properties.py", False))),
    Mutant("rank-totals-lanes", "the sets' bound: the ranks of a hand with 64 or more of one card added in byte lanes",
           "contract_search.py", "self.counts_fit_bytes = len(hand) < 64 or max(counts) < 64",
           "self.counts_fit_bytes = len(hand) < 64 or max(counts) < 256", CONTRACT_TESTS),
    Mutant("byte-row-unbounded", "the contract search: counts over 255 put in a byte row as they are",
           "contract_search.py", "bytes if self.counts_fit_bytes else saturated_bytes",
           "bytes", CONTRACT_TESTS),
    Mutant("set-shapes-fewest-whole", "a set's shapes: only the fewest wilds, even where the whole hand must go down",
           "contract_search.py", "                    if not self.whole:\n                        break",
           "                    break", CONTRACT_TESTS),
    Mutant("set-wilds-exact-length", "the sets' bound: a set of so many naturals only of the contract's length",
           "contract_sets.py", "for wilds in range(least, max(least, steady) + 1):",
           "for wilds in range(least, least + 1):", CONTRACT_TESTS),
    Mutant("sets-shared-fully", "the sets' bound, set by set: each set takes all the naturals it can",
           "contract_sets.py", "for k in range(1, min(n, length) + 1)], default=NO_SETS)",
           "for k in range(min(n, length), min(n, length) + 1)], default=NO_SETS)",
           CONTRACT_TESTS),
    Mutant("every-copy-live-twos", "whole hand of runs: the wild 2s counted as 2s every run must take",
           "contract_search.py", "row = (self.dead_twos[base // 13] if self.wild_twos else counts[base],",
           "row = (counts[base],", CONTRACT_TESTS),
    Mutant("every-copy-one-run-short", "whole hand of runs: one run fewer than the copies need taken to do",
           "contract_search.py", "self._fewest_runs(choices, 0, 0, self.contract.sets) <= runs",
           "self._fewest_runs(choices, 0, 0, self.contract.sets) <= runs + 1",
           CONTRACT_TESTS),
    Mutant("every-copy-too-strict", "whole hand of runs: a run more than the copies need asked for",
           "contract_search.py", "self._fewest_runs(choices, 0, 0, self.contract.sets) <= runs",
           "self._fewest_runs(choices, 0, 0, self.contract.sets) < runs",
           CONTRACT_TESTS),
    Mutant("every-copy-sets-one-fewer", "whole hand: the sets taken to take one rank fewer than they may",
           "contract_search.py", "if together.bit_count() <= sets:", "if together.bit_count() < sets:",
           CONTRACT_TESTS),
    Mutant("every-copy-threshold", "whole hand: a rank of as many copies as a suit's runs take sent to the sets",
           "contract_search.py", "sum(1 << r for r, n in enumerate(row) if n > t)",
           "sum(1 << r for r, n in enumerate(row) if n >= t)", CONTRACT_TESTS),
    Mutant("later-sets-same-rank", "whole hand: a later set taken to be of a higher rank than the one before",
           "contract_search.py", "lowest > floor if self.rules.distinct_contract_set_ranks else lowest >= floor",
           "lowest > floor", CONTRACT_TESTS),
    Mutant("later-sets-one-short", "whole hand: the later sets taken to be one fewer than they are",
           "contract_search.py", "len(ranks) <= self.contract.sets - slot", "len(ranks) < self.contract.sets - slot",
           CONTRACT_TESTS),
    Mutant("later-sets-unasked", "whole hand: a state whose naturals the later sets cannot take searched on",
           "contract_search.py", "self.use_bounds and not self._later_sets_can_take_the_rest(slot, floor)",
           "self.use_bounds and not True", CONTRACT_TESTS),
    Mutant("sets-key-past-floor", "the sets' dead states: the naturals left of the rank of the set before forgotten",
           "contract_search.py", "low = 0 if self.whole else max(floor - 2, 0)",
           "low = 0 if self.whole else max(floor - 1, 0)",
           CONTRACT_TESTS),
    Mutant("sets-key-roomless", "the sets' dead states: the room the sets chosen leave for wilds forgotten",
           "contract_search.py", "room = self._room(self.wilds_left) if self.whole else 0", "room = 0",
           CONTRACT_TESTS),
    Mutant("sets-dead-unnoted", "the sets' dead states not noted",
           "contract_search.py", "self.note_dead_sets = bounds and contract.sets > 3",
           "self.note_dead_sets = False", CONTRACT_TESTS),
    Mutant("even-sets-short-sight", "the sets' bound: the limits judged even only up to the contract's sets",
           "contract_sets.py", "wild_limits(rules).regular(MAX_CARDS + 1, length)",
           "wild_limits(rules).regular(most * length + 1, length)", CONTRACT_TESTS),
    Mutant("regular-from-zero", "the search's wild limits judged regular from melds of no cards",
           "contract_search.py", "limits.regular(size + 1, shortest)", "limits.regular(size + 1, 0)",
           CONTRACT_TESTS),
    Mutant("many-runs-ace-once", "the run bound of many runs in a suit: the ace of position 1 counted apart from 14's",
           "contract_bounds.py", "have[position] - (over_one if position == 14 else 0)", "have[position]",
           CONTRACT_TESTS),
    Mutant("many-runs-stretch-too-short", "the run bound of many runs in a suit: a stretch one place shorter",
           "contract_bounds.py", "(*open_counts, n)[1:]", "(*open_counts, n)[2:] + (0,)", CONTRACT_TESTS),
    Mutant("many-runs-unasked", "the run bound: more runs in one suit priced as three at the search's start too",
           "contract_search.py", "bound.many_runs_costs(row, wilds_left) if runs > 3 else self.suit_costs",
           "self.suit_costs", CONTRACT_TESTS),
    Mutant("many-runs-give-up", "the run bound of many runs in a suit gives up at once",
           "contract_bounds.py", "if len(states) > _MOST_STATES:", "if states:", CONTRACT_TESTS),
    Mutant("many-runs-kept-by-cards-alone",
           "the count of many runs kept by the suit's cards alone, whatever the pool it was made for",
           "contract_bounds.py", "key = (self.costs_key, pattern, pool)", "key = (self.costs_key, pattern)",
           CONTRACT_TESTS),
    Mutant("jokers-room-unasked", "whole hand: the melds' room for every joker not asked",
           "contract_search.py", "(self.whole and not self._jokers_have_room()) or ", "", CONTRACT_TESTS),
    Mutant("whole-covers-after-each-run", "whole hand: the covers of the suit a run was just placed in asked anew",
           "contract_search.py", "if bound.whole and not (self.runs and self.runs[-1][0] == suit):",
           "if bound.whole:", CONTRACT_TESTS),
    Mutant("windows-uncounted", "the placement limit: the windows weighed for a run not counted",
           "contract_search.py",
           "            self._count_placement()  # (a window weighed is a run tried, placed or not)\n", "",
           CONTRACT_TESTS),
    Mutant("wild-counts-past-segment", "a set's counts of wilds: a run of lengths of one limit read past its end",
           "contract_search.py", "end = min(high, last - naturals, high if cap is None else cap)",
           "end = min(high, high if cap is None else cap)", CONTRACT_TESTS),
    Mutant("room-over-a-gap", "whole hand: the sets' room counted over a count of wilds they may not hold",
           "contract_search.py", "                if first > end:\n                    break\n", "", CONTRACT_TESTS),
    Mutant("set-shapes-count-by-count", "a set's shapes weighed a count of wilds at a time, up to the wilds held",
           "contract_search.py", "for first, last in self._wild_counts(k, w, max(w, extra)):",
           "for first, last in ((x, x) for x in range(w, max(w, extra) + 1) if self._set_ok(x, k)):",
           CONTRACT_TESTS),
    Mutant("wild-counts-to-the-last-length", "a set's counts of wilds read past the last length that can hold them",
           "contract_search.py", "            if most is not None and start > most:\n                return\n", "",
           CONTRACT_TESTS),
    Mutant("wild-counts-stop-too-soon",
           "a set's counts of wilds: reading stopped where the run of lengths could still hold one",
           "contract_search.py", "if most is not None and start > most:", "if most is not None and start >= most:",
           CONTRACT_TESTS),
    Mutant("placement-limit-unchecked", "the contract search's placement limit never reached",
           "contract_search.py", "self.placed > self.placement_limit", "self.placed < 0", CONTRACT_TESTS),
    Mutant("placement-limit-not-reset", "the contract search's placements counted from its start, not its last layout",
           "contract_search.py", "                self.placed = 0\n", "", CONTRACT_TESTS),
    Mutant("placement-limit-compared", "the checking mode compares a search that reached its limit with one without",
           "contract_search.py", "    if search.limit_reached:\n        return found\n", "", CONTRACT_TESTS),
)

#: The tests run against each mutant, quickest first, and whether in the checking mode (the engine's
#: own tests weigh positions built to be hopeless, where the plain no-trap search beside every
#: shortcut would take very long: they compare the shortcuts with it themselves).
TESTS = (
    ("tests/test_rule_positions.py", True),
    ("tests/engine/test_table_rules.py", False),
    ("tests/test_properties.py", True),
    ("tests/engine/test_swaps.py", False),
    ("tests/test_hostile_inputs.py", False),
    ("tests/engine/test_going_out.py", False),
    ("tests/engine/test_play.py", False),
    ("tests/test_contracts.py", False),
    ("tests/test_melds.py", False),
    ("tests/test_state_machine.py", True),
)


def copy_project(into: Path) -> None:
    """The project's sources and tests, as they are, into ``into``."""
    for name in ("src", "tests"):
        shutil.copytree(ROOT / name, into / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")


def mutate(project: Path, mutant: Mutant) -> None:
    """Put ``mutant`` into the copy at ``project``; it must find its text exactly once."""
    path = project / "src" / "shanghai_rules" / mutant.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.old) != 1:
        raise SystemExit(f"{mutant.name}: {mutant.old!r} is not in {mutant.path} exactly once")
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")


def first_failure(project: Path, suite: tuple[tuple[str, bool], ...] = ()) -> str | None:
    """The first test that fails on ``project`` (of ``suite``, or else of :data:`TESTS`), or None if
    every test passes."""
    for tests, checking in suite or TESTS:
        env = {**os.environ, "PYTHONPATH": str(project / "src"), "CI": "1",
               "SHANGHAI_RULES_VERIFY": "1" if checking else "0"}
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                               "--no-header", "-o", "addopts=", tests], cwd=project, env=env,
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            found = re.search(r"^FAILED (\S+)", done.stdout, re.MULTILINE)
            return found.group(1) if found else f"{tests} (status {done.returncode})"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="mutants to try (default: all)")
    args = parser.parse_args()
    chosen = [m for m in MUTANTS if not args.names or m.name in args.names]
    survived = 0
    with tempfile.TemporaryDirectory() as work:
        clean = Path(work) / "clean"
        copy_project(clean)
        if first_failure(clean) is not None:
            raise SystemExit("the tests fail on the project as it is: mutants prove nothing")
        for mutant in chosen:
            project = Path(work) / mutant.name
            copy_project(project)
            mutate(project, mutant)
            caught = first_failure(project, mutant.tests)
            survived += caught is None
            print(f"{mutant.name:<28} {mutant.what}\n{'':<28} -> {caught or 'SURVIVED'}", flush=True)
    print(f"{len(chosen) - survived} of {len(chosen)} mutants caught")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
