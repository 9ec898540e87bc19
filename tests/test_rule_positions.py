"""The engine's shortcuts against its full judgements, in the positions where rules bite
(two or three cards left, runs near thirteen cards, owed wilds, wild limits, no-discard
rounds: :mod:`rule_positions`), in the checking mode of :mod:`shanghai_rules.verify`.

In the checking mode every shortcut runs beside the judgement it stands for and any
difference raises :class:`~shanghai_rules.verify.ShortcutMismatch`; these tests also
compare, play by play, what ``legal_actions`` lists with what ``apply`` accepts when it
judges each candidate from nothing (SPEC 4.3, 4.7, 4.9; the one-judgement promise of SPEC 5).
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

import shanghai_rules as sr
from invariants import play_random_game
from rule_positions import every_play, positions
from shanghai_rules.verify import checking

PRESETS = sorted(sr.PRESETS)
#: Positions per preset: enough that every shortcut answers, and both ways, many times.
COUNT = 120


@pytest.mark.parametrize("preset", PRESETS)
def test_listed_plays_are_exactly_those_apply_accepts_where_rules_bite_spec_4_9(preset: str) -> None:
    """SPEC 4.3, 4.7, 4.9, 5: in every generated position, the checking mode on, each listed action
    applies (with the listing's verdict and without it, to the same state), and of every lay-off,
    swap and discard a brute-force judge weighs, apply accepts exactly those listed (a lay-off
    naming the one end a card fits is legal and need not be listed); and ``has_legal_action``
    says whether the listing holds any action."""
    rules = sr.get_rules(preset)
    listed_plays = refused = 0
    with checking():
        for seed, state in positions(rules, COUNT):
            listing = sr.legal_actions(state)
            assert sr.has_legal_action(state) == bool(listing), seed
            for action in listing:
                assert sr.apply(state, action, listing=listing) == sr.apply(state, action), (seed, action)
            listed_plays += sum(isinstance(a, (sr.LayOff, sr.SwapWild)) for a in listing)
            for action in every_play(state):
                legal = sr.is_legal(state, action)
                refused += not legal
                if action in listing:
                    assert legal, (seed, action)
                elif legal:
                    assert isinstance(action, sr.LayOff) and action.end is not None, (seed, action)
                    assert sr.LayOff(action.player, action.card, action.meld) in listing, (seed, action)
    assert listed_plays > COUNT // 4 and refused > COUNT, (listed_plays, refused)


@pytest.mark.parametrize("preset", PRESETS)
def test_no_position_where_rules_bite_is_left_without_a_way_to_end_the_turn_spec_4_9(preset: str) -> None:
    """SPEC 4.9 no trap: from every generated position the seat on turn can end its turn, or no play
    is listed at all (a position the generator made that no game reaches); after any listed play,
    some legal action is listed again, and so on down one line of play to the end of the turn."""
    rules = sr.get_rules(preset)
    with checking():
        for seed, state in positions(rules, COUNT, first_seed=10_000):
            listing = sr.legal_actions(state)
            plays = [a for a in listing if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]
            while plays and state.phase == "play":
                state = sr.apply(state, plays[seed % len(plays)], listing=listing)
                listing = sr.legal_actions(state)
                assert listing or state.phase != "play", seed
                plays = [a for a in listing if isinstance(a, (sr.LayDown, sr.LayOff, sr.SwapWild))]


#: House variants whose obligations the presets do not combine: swaps from sets with the freed wild
#: owed, limits by a meld's length, going out only by playing.
HOUSE = {
    "isra, swaps from sets too": attrs.evolve(sr.ISRA, name="house", swap_from_sets=True, max_wilds_per_meld=1),
    "by-length limits, 2s wild, out by playing": attrs.evolve(
        sr.PAGAT7, name="house", wild_twos=True, max_wilds_per_meld=2, max_wilds_by_length=((3, 0), (4, 1)),
        going_out="play", swap_from_sets=True, swap_eligibility="down", swapped_wild_must_be_played=True),
    "ten-round, freed wilds owed": attrs.evolve(sr.TEN_ROUND, name="house", swapped_wild_must_be_played=True),
    "isra, jokers only swapped, the down draw": attrs.evolve(sr.ISRA, name="house", swappable_wilds="jokers",
                                                             take_upcard_when_down=False, discarder_may_buy=True,
                                                             going_down_keeps_a_card=True, buy_needs_stock=True),
    "2s always wild, exact contract melds, the whole pile": attrs.evolve(
        sr.ISRA, name="house", ace_low=False, natural_twos=False, contract_melds_exact=True,
        distinct_contract_set_suits=True, contract_runs_overlap=False, stock_rebuild="whole_pile",
        fresh_deck_when_empty=True, deadlock_ends_round=True, stock_rebuilds=2),
}

_SHORTCUT = re.compile(r'(?:confirm|agree)\([^"]*?"([^"]+)"\)', re.DOTALL)


def shortcuts() -> set[str]:
    """The name of every shortcut the library checks in the checking mode, read from its source."""
    names: set[str] = set()
    for path in Path(sr.__file__).parent.rglob("*.py"):
        names.update(_SHORTCUT.findall(path.read_text(encoding="utf-8")))
    return names


def test_every_shortcut_is_checked_where_rules_bite_and_in_play() -> None:
    """Every shortcut the library takes (each named where it passes its answer to the checking mode)
    is checked against its full judgement, both ways where it can answer both, many times: in the
    positions where rules bite of every preset and house variant, and in short random games."""
    tally: dict[str, int] = {}
    with checking(tally=tally):
        for rules in [*(sr.get_rules(name) for name in PRESETS), *HOUSE.values()]:
            for _, state in positions(rules, 60, first_seed=20_000):
                listing = sr.legal_actions(state)
                assert sr.has_legal_action(state) == bool(listing)
                for action in listing:
                    sr.apply(state, action, listing=listing)
                sr.find_contract(state.hands[0], rules, state.round_number)
                for tm in state.table:  # each meld on the table that is legal as laid down (one grown by
                    # lay-offs may hold more wilds than a new one), as a plain group: arranged again
                    if sr.check_meld(tm.meld, rules):
                        assert sr.check_meld(tm.meld.cards[::-1], rules, tm.meld.kind), tm.meld
            short = attrs.evolve(rules, contracts=rules.contracts[:2], buy_limits=rules.buy_limits[:2], turn_limit=8,
                                 hand_sizes=None if rules.hand_sizes is None else rules.hand_sizes[:2])
            steps = sum(1 for _ in play_random_game(short, rules.min_players, 7))
            assert steps > 10
    named = shortcuts()
    assert len(named) >= 10, named
    unchecked = {name: tally.get(name, 0) for name in named if tally.get(name, 0) < 5}
    assert not unchecked, f"shortcuts checked fewer than five times: {unchecked}"
