"""SPEC 4.7: the wild swap, per preset (000 for pagat7, 004 for ten-round, 002 for isra)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.contract_search import Tries
from shanghai_rules.engine import no_trap
from shanghai_rules.engine.candidates import lay_off_candidates, swap_candidates
from shanghai_rules.engine.laying_off import lay_off_refusal
from shanghai_rules.engine.play_rules import position_after
from shanghai_rules.engine.position import Position, Turn, position_of
from shanghai_rules.verify import ShortcutMismatch, checking
from shanghai_rules.wild_limits import wild_limits

from .helpers import card_count, hand, hand_of, play, refused, table


def pagat7_two_down() -> sr.GameState:
    """pagat7 round 2, dealer 0.  Seat 1 goes down with 8C 8D JK + 4C 5C JK(6C) 7C; seat 2 goes
    down on the same round's first lap with KS KD KH + 9H-QH; seat 2 is then on turn again, drawn."""
    state = sr.setup_round(
        sr.PAGAT7,
        hands=[
            "2S 7S 9S",
            "8C 8D JK 4C 5C JK 7C QS",
            "KS KD KH 9H 10H JH QH 6C 8S 3S",
            "2D 3D 4D",
        ],
        stock="2H 3H 4H 5H 6H 7H 8H", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C JK 7C"]), sr.Discard(1, "QS"))
    assert table(state) == [(1, "set", "8C 8D JK"), (1, "run", "4C 5C JK 7C")]
    state = play(state, sr.DrawStock(2))
    # a player not down cannot swap; nor one who goes down on this turn (000: "melded on an earlier turn")
    refused(state, sr.SwapWild(2, "6C", 1), "earlier turn")
    state = play(state, sr.LayDown(2, ["KS KD KH", "9H 10H JH QH"]))
    refused(state, sr.SwapWild(2, "6C", 1), "earlier turn")
    state = play(state, sr.Discard(2, "3S"))
    state = play(state, sr.DrawStock(3), sr.Discard(3, "2D"))
    state = play(state, sr.DrawStock(0), sr.Discard(0, "2S"))
    state = play(state, sr.DrawStock(1), sr.Discard(1, "2H"))
    return play(state, sr.DrawStock(2))


def test_pagat7_swap_only_by_a_player_down_on_an_earlier_turn() -> None:
    """SPEC 3 / 4.7 (000): only a player who went down on an earlier turn may swap: not a player
    who is not down, nor one going down this turn (checked while building); next turn they may."""
    state = pagat7_two_down()
    assert hand(state, 2) == hand_of("6C 8S 3H 7H")
    after = play(state, sr.SwapWild(2, "6C", 1))
    assert table(after)[1] == (1, "run", "4C 5C 6C 7C")
    assert hand(after, 2) == hand_of("JK 8S 3H 7H")
    assert card_count(after) == card_count(state)


def test_pagat7_freed_wild_must_be_played_that_turn() -> None:
    """SPEC 3 / 4.7 (000): the recovered joker must be played again that turn; a discard before
    that is refused with a message saying so; once played, the turn can end."""
    state = play(pagat7_two_down(), sr.SwapWild(2, "6C", 1))
    reason = refused(state, sr.Discard(2, "8S"), "wild", "played")
    assert "swap" in reason
    assert not any(isinstance(a, sr.Discard) for a in sr.legal_actions(state))
    state = play(state, sr.LayOff(2, "JK", 3, "high"))
    assert state.table[3].meld.describe() == "run 9H 10H JH QH JK(KH)"
    assert hand(state, 2) == hand_of("8S 3H 7H")
    state = play(state, sr.Discard(2, "8S"))
    assert state.turn == 3


def test_pagat7_freed_wild_as_last_card_cannot_go_out_by_discard_spec4_7() -> None:
    """SPEC 4.7 (000): a turn cannot end while a swap's obligation is unmet, by a discard *or by going
    out*: with the freed joker as the last card, discarding it (which would go out) is refused; the
    joker must be played to the table, and that goes out."""
    state = sr.setup_round(
        sr.PAGAT7,
        hands=["2S 7S 9S", "8C 8D JK 4C 5C JK 7C QS", "KS KD KH 9H 10H JH QH 6C 8S", "2D 3D 4D"],
        stock="2H 3H 4H 5H 6H 8H", discard="AD", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C JK 7C"]), sr.Discard(1, "QS"))
    state = play(state, sr.DrawStock(2), sr.LayDown(2, ["KS KD KH", "9H 10H JH QH"]), sr.Discard(2, "3H"))
    state = play(state, sr.DrawStock(3), sr.Discard(3, "2D"), sr.DrawStock(0), sr.Discard(0, "2S"))
    state = play(state, sr.DrawStock(1), sr.Discard(1, "2H"), sr.DrawStock(2))
    assert hand(state, 2) == hand_of("6C 8S 8H")
    state = play(state, sr.SwapWild(2, "6C", 1), sr.LayOff(2, "8S", 0), sr.LayOff(2, "8H", 3))
    assert hand(state, 2) == "JK"
    refused(state, sr.Discard(2, "JK"), "wild", "played")
    listed = sr.legal_actions(state)
    assert listed and all(isinstance(a, sr.LayOff) and a.card == sr.parse_card("JK") for a in listed)
    state = play(state, listed[0])
    assert state.round_results[-1].went_out == 2


def test_pagat7_wilds_in_sets_are_never_swapped() -> None:
    """SPEC 4.7 (000: "Jokers in sets cannot be reclaimed")."""
    state = pagat7_two_down()
    refused(state, sr.SwapWild(2, "8S", 0), "sets")
    assert not any(isinstance(a, sr.SwapWild) and a.meld == 0 for a in sr.legal_actions(state))


def test_swap_gives_only_the_card_the_wild_represents() -> None:
    """SPEC 4.7: a wild in a run is replaced only by the natural card it represents."""
    state = pagat7_two_down()
    refused(state, sr.SwapWild(2, "7H", 1), "stands for")
    refused(state, sr.SwapWild(2, "3H", 1), "stands for")


def ten_round_seat1_down(seat2: str) -> sr.GameState:
    """ten-round round 2: seat 1 goes down with 8C 8D JK + 4C 5C JK(6C) 7C; seat 2 has drawn 2H."""
    state = sr.setup_round(
        sr.TEN_ROUND,
        hands=["2S 7S 9S", "8C 8D JK 4C 5C JK 7C QS AD", seat2, "2D 3D 4D"],
        stock="3H 2H 4H 5H 6H 7H", discard="AH", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C JK 7C"]), sr.Discard(1, "QS"))
    return play(state, sr.DrawStock(2))


def test_ten_round_swap_from_sets_and_runs_by_a_player_not_down_who_must_go_down() -> None:
    """SPEC 3 / 4.7 (004): under ten-round anyone may swap, from sets and runs; a player not yet
    down who swaps must go down that same turn, and cannot discard before."""
    state = ten_round_seat1_down("8H 6C QD QH 9S 10S JS KC")
    state = play(state, sr.SwapWild(2, "8H", 0))
    assert table(state)[0] == (1, "set", "8C 8D 8H")
    assert hand(state, 2) == hand_of("JK 6C QD QH 9S 10S JS KC 2H")
    reason = refused(state, sr.Discard(2, "KC"), "go down")
    assert "swap" in reason
    state = play(state, sr.SwapWild(2, "6C", 1))
    assert table(state)[1] == (1, "run", "4C 5C 6C 7C")
    state = play(state, sr.LayDown(2, ["QD QH JK", "9S 10S JS JK"]))
    assert table(state)[2:] == [(2, "set", "QD QH JK"), (2, "run", "9S 10S JS JK")]
    state = play(state, sr.Discard(2, "KC"))
    assert hand(state, 2) == hand_of("2H")
    assert state.down == (False, True, True, False)


def test_ten_round_swap_refused_when_the_swapper_could_not_then_go_down() -> None:
    """SPEC 4.9 no trap / 4.7: a swap after which a player not yet down could not go down is refused."""
    state = ten_round_seat1_down("8H 6C QD 5H 9S 10S JS KC")
    reason = refused(state, sr.SwapWild(2, "8H", 0), "go down")
    assert "004" in reason or "swap" in reason
    assert not any(isinstance(a, sr.SwapWild) for a in sr.legal_actions(state))


def test_ten_round_down_player_swaps_and_keeps_the_wild() -> None:
    """SPEC 3 / 4.7 (004): a player already down who swaps may keep the joker and discard at once."""
    state = sr.setup_round(
        sr.TEN_ROUND,
        hands=["2S 7S 9S", "8C 8D JK 4C 5C JK 7C QS 8H 6C", "2D 3D 4D", "2H 3H 4H"],
        stock="5S 6S 7D 8S 9D", discard="AH", round_number=2, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["8C 8D JK", "4C 5C JK 7C"]))
    state = play(state, sr.SwapWild(1, "8H", 0), sr.SwapWild(1, "6C", 1))
    assert table(state) == [(1, "set", "8C 8D 8H"), (1, "run", "4C 5C 6C 7C")]
    assert hand(state, 1) == hand_of("QS 5S JK JK")
    state = play(state, sr.Discard(1, "QS"))
    assert hand(state, 1) == hand_of("5S JK JK")
    assert state.turn == 2


def isra_seat1_down(seat2: str, round_number: int = 2) -> sr.GameState:
    """isra round 2: seat 1 goes down with KC KD JK + 4H 2C(5H) 6H 7H; seat 2 has drawn 3S."""
    state = sr.setup_round(
        sr.ISRA,
        hands=["4S 7S 9S", "KC KD JK 4H 2C 6H 7H QS AD", seat2, "5D 6D 4D"],
        stock="3S 8D 9D 10D JD QD", discard="AH", round_number=round_number, dealer=0,
    )
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD JK", "4H 2C 6H 7H"]), sr.Discard(1, "QS"))
    assert state.table[1].meld.describe() == "run 4H 2C(5H) 6H 7H"
    return play(state, sr.DrawStock(2))


def test_isra_swap_runs_only_by_a_player_who_is_down_and_the_wild_must_be_played() -> None:
    """SPEC 3 / 4.7 (002): only a player who is down swaps, only from runs (a wild 2 as well as a
    joker), and the freed wild must be played on the table that turn before discarding."""
    state = isra_seat1_down("5H KH 9C 9D 9H 10S JS QS KS 6S")
    refused(state, sr.SwapWild(2, "5H", 1), "who is down")
    state = play(state, sr.LayDown(2, ["9C 9D 9H", "10S JS QS KS"]))
    refused(state, sr.SwapWild(2, "KH", 0), "sets")
    state = play(state, sr.SwapWild(2, "5H", 1))
    assert table(state)[1] == (1, "run", "4H 5H 6H 7H")
    assert hand(state, 2) == hand_of("2C KH 6S 8D")
    refused(state, sr.Discard(2, "6S"), "wild", "played")
    state = play(state, sr.LayOff(2, "2C", 0))
    assert table(state)[0] == (1, "set", "KC KD JK 2C")
    state = play(state, sr.Discard(2, "6S"))
    assert hand(state, 2) == hand_of("KH 8D")


def test_several_wilds_the_card_frees_the_one_it_can_replace() -> None:
    """SPEC 4.7 (ruling): where a meld holds several wilds, the swap frees the first one in
    arranged order that the card can replace: in JK(3H) 4H 2C(5H) 6H 7H, 5H frees the 2C."""
    state = sr.setup_round(
        sr.ISRA,
        hands=["4S 7S 9S", "KC KD KH JK 4H 2C 6H 7H 5H 8C 9C", "5D 6D 4D", "3D 7D 8D"],
        stock="3S 8S 9D 10D JD QD", discard="AH", round_number=2, dealer=0,
    )
    arranged = sr.Meld.run(sr.parse_cards("JK 4H 2C 6H 7H"))
    state = play(state, sr.DrawStock(1), sr.LayDown(1, ["KC KD KH", arranged]))
    assert state.table[1].meld.describe() == "run JK(3H) 4H 2C(5H) 6H 7H"
    state = play(state, sr.Discard(1, "8C"), sr.DrawStock(2), sr.Discard(2, "4D"))
    state = play(state, sr.DrawStock(3), sr.Discard(3, "3D"), sr.DrawStock(0), sr.Discard(0, "4S"))
    state = play(state, sr.DrawStock(1), sr.SwapWild(1, "5H", 1))
    assert state.table[1].meld.describe() == "run JK(3H) 4H 5H 6H 7H"
    assert hand(state, 1) == hand_of("2C 9C 3S JD")


def test_several_wilds_in_a_set_the_first_in_arranged_order_is_freed() -> None:
    """SPEC 4.7 (ruling): with a house rule of wild 2s under ten-round, a set 8C 8D 2S JK frees
    the 2S (first in arranged order); passed as an arranged Meld 8C 8D JK 2S, it frees the joker."""
    house = attrs.evolve(sr.TEN_ROUND, wild_twos=True)
    hands = ["4S 7S 9S", "8C 8D 2S JK 4C 5C 6C 7C 8H QS", "5D 6D 4D", "3D 7D 8D"]

    def swapped(group: object) -> sr.GameState:
        state = sr.setup_round(house, hands=hands, stock="3S 8S", discard="AH", round_number=2, dealer=0)
        state = play(state, sr.DrawStock(1), sr.LayDown(1, [group, "4C 5C 6C 7C"]))
        return play(state, sr.SwapWild(1, "8H", 0))

    plain = swapped("8C 8D 2S JK")
    assert table(plain)[0] == (1, "set", "8C 8D 8H JK")
    assert hand(plain, 1) == hand_of("2S QS 3S")
    arranged = swapped(sr.Meld.set(sr.parse_cards("8C 8D JK 2S"), rank=8))
    assert table(arranged)[0] == (1, "set", "8C 8D 8H 2S")
    assert hand(arranged, 1) == hand_of("JK QS 3S")


def isra_wild_ended_runs(seat2_draw: str) -> sr.GameState:
    """isra round 3: every run on the table has a wild at each end, so no wild can be laid off
    anywhere.  Seat 1 has 2C(3S) 4S JK(5S) 6S 2D(7S) and 2H(8D) 9D 10D JD JK(QD); seat 2 (down too,
    holding 5S KS QC) has just drawn ``seat2_draw``."""
    state = sr.setup_round(
        sr.ISRA,
        hands=[
            "3S 4D 5D",
            "2C 4S JK 6S 2D JK 9D 10D JD 2H QS",
            "2D 4C 5C 6C JK JK 9H 10H JH 2S 5S KS QC",
            "6D 7D 8C",
        ],
        stock=f"4H 5H 6H 7H 8C {seat2_draw}", discard="AD", round_number=3, dealer=0,
    )
    run_a = sr.Meld.run(sr.parse_cards("2C 4S JK 6S 2D"))
    state = play(state, sr.DrawStock(1), sr.LayDown(1, [run_a, "JK 9D 10D JD 2H"]), sr.Discard(1, "QS"))
    state = play(state, sr.DrawStock(2), sr.LayDown(2, ["2D 4C 5C 6C JK", "JK 9H 10H JH 2S"]), sr.Discard(2, "5H"))
    state = play(state, sr.DrawStock(3), sr.Discard(3, "6H"), sr.DrawStock(0), sr.Discard(0, "7H"))
    state = play(state, sr.DrawStock(1), sr.Discard(1, "4H"), sr.DrawStock(2))
    assert [tm.meld.describe() for tm in state.table] == [
        "run 2C(3S) 4S JK(5S) 6S 2D(7S)",
        "run 2H(8D) 9D 10D JD JK(QD)",
        "run 2D(3C) 4C 5C 6C JK(7C)",
        "run 2S(8H) 9H 10H JH JK(QH)",
    ]
    return state


def test_isra_no_trap_swap_whose_freed_wild_has_nowhere_to_go_is_refused() -> None:
    """SPEC 4.9 no trap / 4.7 (002): a swap whose freed wild could not be played to the table that
    turn is refused."""
    state = isra_wild_ended_runs("3D")
    assert hand(state, 2) == hand_of("5S KS QC 3D")
    reason = refused(state, sr.SwapWild(2, "5S", 0), "freed wild")
    assert "could not be played" in reason
    assert not any(isinstance(a, sr.SwapWild) for a in sr.legal_actions(state))


def test_isra_swap_allowed_when_a_chain_of_plays_places_the_freed_wild() -> None:
    """SPEC 4.9 no trap: the same swap is legal when the turn can still finish: 8S laid off above the
    run's last wild makes room for the freed joker beyond it."""
    state = isra_wild_ended_runs("8S")
    state = play(state, sr.SwapWild(2, "5S", 0))
    assert state.table[0].meld.describe() == "run 2C(3S) 4S 5S 6S 2D(7S)"
    refused(state, sr.Discard(2, "KS"), "freed")
    state = play(state, sr.LayOff(2, "8S", 0), sr.LayOff(2, "JK", 0))
    assert state.table[0].meld.describe() == "run 2C(3S) 4S 5S 6S 2D(7S) 8S JK(9S)"
    state = play(state, sr.Discard(2, "KS"))
    assert hand(state, 2) == hand_of("QC")


def test_owed_wild_given_to_the_table_by_a_second_swap_is_settled_spec_4_7() -> None:
    """A wild freed by one swap and given to the table by a second swap (a wild 2 placed
    where it is natural) has been played to the table: the obligation is met (SPEC 4.7, 002)."""
    import attrs

    from shanghai_rules import Meld, Suit
    from shanghai_rules import parse_card as card
    from shanghai_rules import parse_cards as cards

    state = sr.setup_round(sr.ISRA, hands=["7S 9C KD KC QC", "3C 4C", "5D 6D"], stock="8C 8D 8H",
                           discard="JC", round_number=3, dealer=2)
    state = sr.apply(state, sr.DrawStock(0))
    hearts = Meld.run(cards("AH 2D 3H 4H"), start=1, suit=Suit.HEARTS)  # 2D stands for 2H
    spades = Meld.run(cards("5S 6S 2H 8S"), start=5, suit=Suit.SPADES)  # 2H stands for 7S
    state = attrs.evolve(state, table=(sr.TableMeld(1, hearts), sr.TableMeld(1, spades)), down=(True, True, False))
    state = sr.apply(state, sr.SwapWild(0, card("7S"), 1))
    assert state.owed_wilds == (card("2H"),)
    state = sr.apply(state, sr.SwapWild(0, card("2H"), 0))
    assert state.owed_wilds == (card("2D"),)
    assert card("2H") not in state.hands[0]
    assert state.table[0].cards == cards("AH 2H 3H 4H")


def test_swap_refused_when_the_freed_wild_fits_nowhere_even_with_a_large_hand_spec_4_9() -> None:
    """No trap (SPEC 4.9): a pagat7 swap whose freed joker no meld can take is refused,
    however many other cards the player could lay off first (000: the freed wild must be
    played again that turn; every run on the table already holds its one wild)."""
    import attrs

    from shanghai_rules import Meld, Suit

    full = Meld("run", sr.parse_cards("2C 3C 4C 5C 6C JK 8C 9C 10C JC QC KC AC"), suit=Suit.CLUBS, start=2)
    runs = [sr.check_meld(sr.parse_cards(f"7{s} 8{s} JK 10{s}"), sr.PAGAT7).meld for s in "DHS"]
    hand = "7C " + " ".join(f"{r}{s}" for s in "DHS" for r in ("3", "4", "5", "6", "J", "Q", "K", "A"))
    state = sr.setup_round(sr.PAGAT7, hands=["3C 4C 5C", hand, "9C 9D 4C"], stock="KS QS", discard="7H",
                           round_number=3)
    table = (sr.TableMeld(0, full), *(sr.TableMeld(1, m) for m in runs if m is not None))
    state = sr.apply(attrs.evolve(state, table=table, down=(True, True, False)), sr.DrawStock(1))
    swap = sr.SwapWild(1, sr.parse_card("7C"), 0)
    assert swap not in sr.legal_actions(state)
    with pytest.raises(sr.IllegalAction, match="freed wild could not be played"):
        sr.apply(state, swap)


def _play_positions(rules: sr.Rules, seeds: range) -> Iterator[tuple[sr.GameState, Any, Any]]:
    """Every play-phase state of seeded greedy games (four players), with its turn and position."""
    for seed in seeds:
        _, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(4)], seed)
        for state in sr.replay(record):
            if state.phase == "play":
                turn, pos = position_of(state)
                yield state, turn, pos


def _afters(turn: Any, pos: Any, *kinds: str) -> list[Any]:
    """The positions the legal plays of ``kinds`` ("lay_off", "swap") leave, before the no-trap ruling."""
    plays: list[Any] = []
    if "swap" in kinds:
        plays += swap_candidates(turn, pos)
    if "lay_off" in kinds:
        plays += lay_off_candidates(turn, pos)
    found = []
    for candidate in plays:
        try:
            found.append(position_after(turn, pos, candidate))
        except sr.IllegalAction:
            continue
    return found


@pytest.mark.parametrize("preset", ["isra", "pagat7"])
def test_owed_wild_shortcut_agrees_with_the_no_trap_search_spec_4_7_4_9(preset: str) -> None:
    """SPEC 4.7 and 4.9: where freed wilds are owed, the quick judgement that each can still be
    laid off on a meld of its own (with the rest then discardable, or the hand gone out by
    playing) is never yes where the plain search of every play says no: asked of every position a
    swap or a lay-off leaves in seeded games."""
    rules = sr.get_rules(preset)
    checked = agreed = 0
    for state, turn, pos in _play_positions(rules, range(1, 7)):
        for after in _afters(turn, pos, "swap", "lay_off"):
            if after.owed and not after.must_go_down and not lay_off_refusal(turn, after):
                quick = no_trap._owed_placeable(turn, after)
                searched = no_trap.finishes(turn, after, set())
                assert searched or not quick, state
                checked += 1
                agreed += quick == searched
    if rules.swapped_wild_must_be_played:
        assert checked > 20
        assert agreed > checked // 2


@pytest.mark.parametrize("preset", ["isra", "pagat7"])
def test_stranded_last_card_proof_agrees_with_the_no_trap_search_spec_4_9(preset: str) -> None:
    """SPEC 4.9 no trap (002: the last card is played, not discarded): the quick proof that a
    down player's one natural card besides the owed wilds can never reach a meld is never yes
    where the plain search of every play finds a way to end the turn.  Asked of every position a
    swap or a lay-off leaves in seeded games."""
    rules = sr.get_rules(preset)
    proved = 0
    for _, turn, pos in _play_positions(rules, range(1, 9)):
        for after in _afters(turn, pos, "swap", "lay_off"):
            if no_trap._stranded(turn, after):
                proved += 1
                assert not no_trap.finishes(turn, after, set()), after
    if preset == "isra":  # the last card is never discarded there, and freed wilds are owed
        assert proved > 10
    else:  # pagat7 lets the last card go out by discard: the proof is never asked to say yes
        assert proved == 0


def test_isra_no_trap_swap_leaving_a_card_no_meld_can_reach_is_refused_spec_4_9() -> None:
    """SPEC 4.9 no trap, 002: with a freed joker and 9C left, the joker can be laid off but 9C
    can then be neither discarded (the last card) nor played (no club run ends near it, no
    set of nines): the swap is refused.  With 6C instead, two places above the club run's
    end (4C), the joker laid off there in 5C's place leads 6C on: the same swap is allowed."""
    import attrs

    from shanghai_rules import Meld, Suit
    from shanghai_rules import parse_cards as cards

    def position(last: str) -> sr.GameState:
        state = sr.setup_round(sr.ISRA, hands=[f"7S {last} KD", "3C 4C", "5D 6D"], stock="8C 8D 8H",
                               discard="JC", round_number=3, dealer=2)
        state = sr.apply(state, sr.DrawStock(0))
        state = attrs.evolve(state, hands=(cards(f"7S {last}"), *state.hands[1:]))
        spades = Meld.run(cards("5S 6S JK 8S"), start=5, suit=Suit.SPADES)  # JK stands for 7S
        clubs = Meld.run(cards("AC 2C 3C 4C"), start=1, suit=Suit.CLUBS)  # 2C natural
        return attrs.evolve(state, table=(sr.TableMeld(1, spades), sr.TableMeld(1, clubs)),
                            down=(True, True, False))

    swap = sr.SwapWild(0, sr.parse_card("7S"), 0)
    far = position("9C")
    assert swap not in sr.legal_actions(far)
    with pytest.raises(sr.IllegalAction, match="SwapWild"):
        sr.apply(far, swap)
    near = position("6C")
    assert swap in sr.legal_actions(near)
    state = sr.apply(near, swap)
    state = sr.apply(state, sr.LayOff(0, sr.parse_card("JK"), 1))
    state = sr.apply(state, sr.LayOff(0, sr.parse_card("6C"), 1))
    assert state.hands[0] == ()


def test_two_owed_wilds_need_a_meld_each_where_a_meld_holds_one_wild_spec_4_7_4_9() -> None:
    """SPEC 4.7 and 4.9 (000: one wild per meld): two jokers freed this turn must both be played
    to the table.  With one meld left that can take a wild, only one of them can be: no
    lay-off can lead to the end of the turn, the natural one included, and none is allowed."""
    from shanghai_rules import Meld, Suit

    run = Meld.run(sr.parse_cards("4C 5C 6C 7C"), start=4, suit=Suit.CLUBS)
    full = sr.check_meld(sr.parse_cards("9D 9H JK"), sr.PAGAT7).meld
    assert full is not None
    state = sr.setup_round(sr.PAGAT7, hands=["3D 4D 5D", "JK JK 8C 3S 10S", "9C QD 4H"], stock="KS QS",
                           discard="7H", round_number=2)
    joker = sr.parse_card("JK")
    state = attrs.evolve(state, phase="play", turn=1, table=(sr.TableMeld(0, run), sr.TableMeld(0, full)),
                         down=(True, True, False), owed_wilds=(joker, joker))
    natural = sr.LayOff(1, sr.parse_card("8C"), 0)
    assert natural not in sr.legal_actions(state)
    refused(state, natural, "freed wild")
    assert not [a for a in sr.legal_actions(state) if isinstance(a, sr.LayOff)]
    refused(state, sr.LayOff(1, joker, 0, "high"), "freed wild")


def _owed_positions(rules: sr.Rules, seed: int, count: int) -> Iterator[tuple[Any, Any]]:
    """Seeded random positions of a down player on turn who owes one or two freed wilds: a table
    of two to five legal melds under ``rules`` (sets and runs, some holding wilds) and a hand of
    the owed wilds and a few natural cards, most of them of the melds' ranks or next to a run's end."""
    import random

    from shanghai_rules.cards import ALL_CARDS, JOKER

    rng = random.Random(seed)
    joker, twos = ALL_CARDS[52], [ALL_CARDS[s * 13] for s in range(4)]
    wilds = [joker, *twos] if rules.wild_twos else [joker]
    made = 0
    while made < count:
        table = []
        wanted: list[sr.Card] = []
        for _ in range(rng.randint(2, 5)):
            suit = rng.choice(list(sr.Suit))
            if rng.random() < 0.5:
                rank = rng.randint(3, 14)
                group = [sr.Card(rank, rng.choice(list(sr.Suit))) for _ in range(rng.randint(2, 5))]
                group += rng.sample(wilds, k=rng.randint(0, 1))
                meld = sr.Meld.set(group, rank=rank)
                wanted += [sr.Card(rank, s) for s in sr.Suit]
            else:
                start = rng.randint(3, 9)
                length = rng.randint(4, 6)
                group = [sr.Card(r, suit) for r in range(start, start + length)]
                if rng.random() < 0.6:
                    group[rng.randrange(1, length - 1)] = rng.choice(wilds)
                meld = sr.Meld.run(group, start=start, suit=suit)
                wanted += [sr.Card(r, suit) for r in (start - 1, start + length) if 3 <= r <= 14]
            if sr.check_meld(meld, rules):
                table.append(sr.TableMeld(rng.randrange(3), meld))
        if not table:
            continue
        owed = tuple(rng.choice(wilds) for _ in range(rng.randint(1, 2)))
        naturals = [rng.choice(wanted) if rng.random() < 0.8 else rng.choice(ALL_CARDS[:52])
                    for _ in range(rng.randint(1, 5))]
        naturals = [c for c in naturals if c.rank != JOKER and not (rules.wild_twos and c.rank == 2)]
        hand = tuple(sorted((*owed, *naturals), key=lambda c: c.code))
        turn = Turn(rules, rules.contracts[0], 0, 1)
        yield turn, Position(hand, tuple(table), True, False, owed, False, False)
        made += 1


_HOUSE_OWED = {
    # limits by count that stop growing at four cards, the last card played, wild 2s: the case the
    # search leaves natural lay-offs and swaps out of
    "by-length, 2s wild, out by playing": dict(
        wild_twos=True, max_wilds_per_meld=2, max_wilds_by_length=((3, 0), (4, 1)), going_out="play",
        swap_from_sets=True, swap_eligibility="down", swapped_wild_must_be_played=True),
    "by-length, jokers only, out by playing": dict(
        max_wilds_per_meld=2, max_wilds_by_length=((3, 0), (4, 1)), going_out="play",
        swap_from_sets=True, swap_eligibility="down", swapped_wild_must_be_played=True),
    # limits that grow with the meld: natural lay-offs may make room
    "growing by-length limit": dict(
        max_wilds_per_meld=None, max_wilds_by_length=((3, 0), (5, 1)), swap_from_sets=True,
        swap_eligibility="down", swapped_wild_must_be_played=True),
    "pagat7": {},
    # ISRA's wilds kept apart in runs, one wild a meld, swaps from sets too
    "isra, one wild a meld": dict(
        base="isra", max_wilds_per_meld=1, swap_from_sets=True),
}


def _house(variant: str) -> sr.Rules:
    changes = dict(_HOUSE_OWED[variant])
    base = sr.get_rules(str(changes.pop("base", "pagat7")))
    return attrs.evolve(base, name="house", **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", sorted(_HOUSE_OWED))
def test_no_trap_search_leaves_out_only_plays_that_cannot_help_place_owed_wilds_spec_4_7_4_9(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC 4.7 and 4.9: where freed wilds are owed and the wild limits count wilds alone, the
    search for a way to end the turn leaves out the natural lay-offs, and (where no wild could be
    a natural card on the table) the swaps, that cannot make room for a wild.  Its answer is the
    answer of the search that tries every play, on seeded random positions of house variants."""
    rules = _house(variant)
    positions = list(_owed_positions(rules, 7, 150))
    pruned = [no_trap._search(turn, pos, set(), Tries(no_trap.TRIES_LIMIT)) for turn, pos in positions]
    full = [no_trap.finishes(turn, pos, set()) for turn, pos in positions]
    assert pruned == full
    assert 10 < sum(full) < len(full) - 10  # both answers are asked about
    if variant != "growing by-length limit":
        grows = wild_limits(rules).grows_beyond
        left_out = [pos for turn, pos in positions if not any(grows(len(tm.meld.cards)) for tm in pos.table)
                    and no_trap._wilds_stay_wild(rules, pos.table)]
        assert len(left_out) > 10


_HOPELESS = {
    # wild 2s; at most one wild in a meld of four or more; out only by playing
    "by-length, 2s wild, out by playing": (
        ["9C 9D 9H 9S 2D", "QC QD QS 2H", "8C 8H 8S 2C", "AD AH AS JK", "KC KD KS JK", "3C 3H 3S 2S",
         "6C 6H 6S 2D"],
        "3C 5C QC AC 3D 6D 7D 9D QD AD 6H 7H 9H AH 8S 10S QS KH JK 4D"),
    # ISRA's wilds kept apart in runs (there is no run here), one wild a meld, swaps from sets too
    "isra, one wild a meld": (
        ["9C 9D 2D", "3C 3D 2C", "4C 4D 2D", "5C 5D 2S", "6C 6D JK", "7C 7D JK"],
        "9H KS JK 3H 4H 5H 6H 7H 3S 4S 5S 6S 7S"),
}


@pytest.mark.parametrize("variant", sorted(_HOPELESS))
def test_hopeless_owed_wild_is_refused_without_trying_every_order_of_plays_spec_4_9(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC 4.9 no trap, in house variants: a down player who owes a joker, before a table of
    sets that each hold as many wilds as they may, with many cards that fit those sets and could
    be swapped for their wilds, cannot place it, and is told so after a handful of positions
    instead of after every order of lay-offs and swaps."""
    rules = _house(variant)
    sets, held = _HOPELESS[variant]
    state = sr.setup_round(rules, hands=[held, "4S 5H", "5D 6H"], round_number=1, dealer=2)
    table = tuple(sr.TableMeld(1, sr.check_meld(sr.parse_cards(s), rules).meld) for s in sets)  # type: ignore[arg-type]
    state = attrs.evolve(state, phase="play", table=table, down=(True, True, False),
                         owed_wilds=(sr.parse_card("JK"),))
    searched = 0
    search = no_trap._search

    def counted(turn: Any, pos: Any, seen: set[tuple[object, ...]], tries: Tries) -> bool:
        nonlocal searched
        searched += 1
        assert searched < 1000, "the search tries every order of plays"
        return search(turn, pos, seen, tries)

    monkeypatch.setattr(no_trap, "_search", counted)
    refused(state, sr.Discard(0, "KS"), "must be played")
    assert not any(isinstance(a, (sr.Discard, sr.LayOff)) for a in sr.legal_actions(state))


@pytest.mark.parametrize("case", ["a swapped 2 is natural on a run", "the last card must be played first",
                                  "a natural card ends a run where wilds may not touch"])
def test_no_trap_search_keeps_the_plays_that_do_help_place_owed_wilds_spec_4_7_4_9(case: str) -> None:
    """SPEC 4.7 and 4.9, the other side of leaving plays out: under limits by count alone, a swap
    still helps where the wild it frees is a 2 that a run takes as itself (the joker owed goes where
    the 2 was); where the last card may not be discarded, a player holding one natural card
    besides the joker owed may have to play that card first, to leave the joker a place; and
    where wilds may not touch in a run (002), a natural card laid off beyond a run's wild end
    leaves the joker a place.  In each the turn can end, and the search finds how."""
    if case == "a swapped 2 is natural on a run":
        rules = _house("by-length, 2s wild, out by playing")
        melds = ["QC QD QS 2H", "3H JK 5H 6H"]
        hand_cards, owed = "JK QH 9C 10D", "JK"
    elif case == "a natural card ends a run where wilds may not touch":
        rules = sr.ISRA
        melds = ["AH 2H 3H JK"]  # the joker owed may not go beside the run's own joker: 5H first
        hand_cards, owed = "JK 5H QD KC", "JK"
    else:
        rules = attrs.evolve(sr.PAGAT7, name="house", going_out="play", swap_from_runs=False,
                             swap_from_sets=True, swap_eligibility="down", swapped_wild_must_be_played=True)
        melds = ["10H JH QH KH AH", "5C 5D JK"]
        hand_cards, owed = "9H JK", "JK"
    table = tuple(sr.TableMeld(1, sr.check_meld(sr.parse_cards(m), rules).meld) for m in melds)  # type: ignore[arg-type]
    hand_tuple = tuple(sorted(sr.parse_cards(hand_cards), key=lambda c: c.code))
    turn = Turn(rules, rules.contracts[0], 0, 1)
    pos = Position(hand_tuple, table, True, False, tuple(sr.parse_cards(owed)), False, False)
    assert no_trap._search(turn, pos, set(), Tries(no_trap.TRIES_LIMIT))
    assert no_trap.finishes(turn, pos, set())


def test_no_trap_search_weighs_each_position_once_in_the_judgement_of_a_play_spec_4_9(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """SPEC 4.9 no trap, 4.7 (004): under ten-round a player not yet down who holds the natural
    cards of four jokers on the table may swap any of them, but must then go down that turn, and
    here never can (round 10 takes fifteen cards).  ``legal_actions`` weighs every swap, and for
    each every further set of swaps; within the judgement of one swap, a set of swaps reached in
    several orders is weighed once.  Each play is judged on its own (as ``apply`` judges it
    without a listing), so a set of k swaps is weighed once by the judgement of each of its k
    first swaps."""
    rules = sr.TEN_ROUND
    state = sr.setup_round(rules, hands=["6C 6D 6H 6S KS", "9C 9D", "10C 10D"], round_number=10, dealer=2)
    runs = ["4C 5C JK 7C", "4D 5D JK 7D", "4H 5H JK 7H", "4S 5S JK 7S"]
    melds = tuple(sr.TableMeld(1, sr.check_meld(sr.parse_cards(run), rules).meld) for run in runs)  # type: ignore[arg-type]
    state = attrs.evolve(state, phase="play", table=melds, down=(False, True, False))
    weighed: list[tuple[object, ...]] = []
    useful = no_trap._useful_plays

    def recorded(turn: Any, pos: Any, tries: Tries) -> Iterator[Any]:
        weighed.append((pos.hand, tuple(tm.meld for tm in pos.table)))
        return useful(turn, pos, tries)

    monkeypatch.setattr(no_trap, "_useful_plays", recorded)
    actions = sr.legal_actions(state)
    assert not any(isinstance(a, sr.SwapWild) for a in actions)
    assert {type(a) for a in actions} == {sr.Discard}
    counts = Counter(weighed)
    assert len(counts) == 2 ** 4 - 1  # every nonempty set of swaps
    swapped = {position: 4 - sum(hand.count(c) for c in sr.parse_cards("6C 6D 6H 6S")) for position, hand
               in ((p, p[0]) for p in counts)}
    assert all(counts[position] == swapped[position] for position in counts)
    assert sum(counts.values()) == 4 * 2 ** 3
    refused(state, sr.SwapWild(0, "6C", 0), "go down")


def test_natural_lay_offs_may_open_the_own_place_of_an_owed_wild_two() -> None:
    """No trap: a wild 2 owed after a swap may be played in its own place, as a natural, once a natural
    lay-off opens that place; a lay-off leaving that way to finish the turn is not refused as a trap."""
    rules = attrs.evolve(sr.PAGAT7, wild_twos=True, swap_from_sets=True)
    state = sr.setup_round(rules, hands=["2C 5C 2D 3D 3D 3S 4S", "10C JC 6D", "4C 9C KC"], stock="7H 8H 9H",
                           discard="AC JK", round_number=3, dealer=2)
    runs = ("JK 5C 6C 7C", "JK 9S 10S JS", "2C 8C 9C 10C JC QC", "4D 5D 6D 7D 8D 9D")
    state = attrs.evolve(state, phase="play", down=(True, False, True), owed_wilds=(sr.parse_card("2D"),),
                         table=tuple(sr.TableMeld(0 if i < 2 else 2, sr.Meld.run(r)) for i, r in enumerate(runs)))
    after = sr.apply(state, sr.LayOff(0, sr.parse_card("2C"), 3, "high"))
    for action in (sr.LayOff(0, sr.parse_card("3D"), 3, "low"), sr.LayOff(0, sr.parse_card("2D"), 3, "low"),
                   sr.Discard(0, sr.parse_card("3D"))):
        after = sr.apply(after, action)
    assert after.phase == "draw" and after.turn == 1


def _owed_two_position() -> tuple[sr.GameState, sr.LayOff]:
    rules = attrs.evolve(sr.PAGAT7, wild_twos=True)  # one wild a meld; swaps from runs; the freed wild is owed
    state = sr.setup_round(rules, hands=["2H 9S KD", "10C JC 6D", "4C 9H KC"], stock="7H 8H 9H",
                           discard="AC", round_number=1, dealer=2)
    table = (sr.TableMeld(1, sr.Meld.run("JK 3H 4H 5H")), sr.TableMeld(1, sr.Meld.set("9C 9D JK")))
    state = attrs.evolve(state, phase="play", down=(True, True, False), table=table,
                         owed_wilds=(sr.parse_card("2H"),))
    return state, sr.LayOff(0, sr.parse_card("9S"), 1)


def test_an_owed_wild_two_swapped_into_its_own_place_ends_the_turn() -> None:
    """The other order of the same plays is legal and ends the turn: 2H for the joker standing for
    it, 9S on the set, the freed joker on the run, KD discarded (so the position the lay-off leaves,
    2H owed with 2H KD held, can finish)."""
    state, lay = _owed_two_position()
    for action in (sr.SwapWild(0, sr.parse_card("2H"), 0), lay, sr.LayOff(0, sr.parse_card("JK"), 0, "high"),
                   sr.Discard(0, sr.parse_card("KD"))):
        state = sr.apply(state, action)
    assert state.phase == "round_over"


def test_an_owed_wild_two_may_be_swapped_into_its_own_place_so_a_lay_off_is_no_trap() -> None:
    """No trap: a wild 2 owed may be swapped into its own place of a run for the wild standing there,
    freeing that wild; the room for wilds counts that, so a lay-off leaving the way open is legal."""
    state, lay = _owed_two_position()
    assert sr.is_legal(state, lay)
    assert lay in sr.legal_actions(state)


def test_too_few_places_agrees_with_the_full_judgement_for_an_owed_two_in_the_checking_mode() -> None:
    """The bound of too few places, beside the full judgement, on that position."""
    state, lay = _owed_two_position()
    with checking():
        try:
            sr.is_legal(state, lay)
        except ShortcutMismatch as exc:
            pytest.fail(f"ShortcutMismatch: {exc}")


def test_an_owed_wild_two_swapped_into_its_own_place_where_wilds_are_apart() -> None:
    """ISRA (wilds apart in runs, no count limit): the run 2C(2H) 3H .. QH JK(KH) has no room, both
    its ends wild; once the owed 2H is swapped in, the freed 2C may stand beside it as the low ace.
    Laying off 2S in its own place (filling the spade run) leaves that way open, yet is refused."""
    rules = sr.ISRA
    state = sr.setup_round(rules, hands=["2H 2S KD QC", "10C JC 6D", "4C 9H KC"], stock="7H 8H 9H",
                           discard="AC", round_number=1, dealer=2)
    table = (sr.TableMeld(1, sr.Meld.run("2C 3H 4H 5H 6H 7H 8H 9H 10H JH QH JK")),
             sr.TableMeld(1, sr.Meld.run("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")))
    state = attrs.evolve(state, phase="play", down=(True, True, False), table=table,
                         owed_wilds=(sr.parse_card("2H"),))
    lay = sr.LayOff(0, sr.parse_card("2S"), 1)
    after = state  # the same plays, the swap first: legal, and the turn ends
    for action in (sr.SwapWild(0, sr.parse_card("2H"), 0), lay, sr.LayOff(0, sr.parse_card("2C"), 0, "low"),
                   sr.Discard(0, sr.parse_card("QC"))):
        after = sr.apply(after, action)
    assert after.phase == "draw"
    assert sr.is_legal(state, lay)


def test_a_natural_lay_off_may_make_room_for_an_owed_wild_where_wilds_may_not_outnumber_naturals() -> None:
    """No trap, with ``Rules.wilds_at_most_naturals``: the swap into a run of thirteen places frees a
    joker that no meld takes as it is (the run is full, the set of 9s holds as many wilds as
    naturals); laying off the natural 9H first makes room for it in the set, so the swap is legal,
    and the player goes out with those plays and a discard."""
    rules = attrs.evolve(sr.PAGAT7, max_wilds_per_meld=None, wilds_at_most_naturals=True)
    state = sr.setup_round(rules, hands=["7H 9H 3C", "10C JC 6D 5S", "4C 9S KC 8D"], stock="7S 8S 9D",
                           discard="AC", round_number=1, dealer=2)
    table = (sr.TableMeld(1, sr.Meld.run("2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH")),
             sr.TableMeld(2, sr.Meld.set("9C 9D JK JK")))
    state = attrs.evolve(state, phase="play", down=(True, True, True), table=table)
    swap = sr.SwapWild(0, sr.parse_card("7H"), 0)
    assert sr.is_legal(state, swap)
    assert swap in sr.legal_actions(state)
    after = play(state, swap, sr.LayOff(0, sr.parse_card("9H"), 1), sr.LayOff(0, sr.parse_card("JK"), 1),
                 sr.Discard(0, sr.parse_card("3C")))
    assert after.phase == "round_over" and after.round_results[-1].went_out == 0


def test_an_owed_wild_two_in_its_own_place_leaves_room_for_a_wild_beyond_it_where_wilds_are_apart() -> None:
    """No trap, ISRA (wilds apart in runs): the heart run 5H..8H 2S(9H) has no room above its wild end,
    and below it room for one wild before 3H; but the owed 2H may stand in its own place as a
    natural, beside which one more wild may go at the ace.  So three wilds owed can all be placed,
    and laying off the first is legal (the room for wilds counts the 2's own place)."""
    state = sr.setup_round(sr.ISRA, hands=["2H 2C 2D 3H KC QS", "10C JC 6D 5S KD", "4C 9S KC 8D QS"],
                           stock="7S 8S 9D", discard="AC", round_number=1, dealer=2)
    state = attrs.evolve(state, phase="play", down=(True, True, False),
                         table=(sr.TableMeld(1, sr.Meld.run("5H 6H 7H 8H 2S")),),
                         owed_wilds=tuple(sr.parse_cards("2H 2C 2D")))
    first = sr.LayOff(0, sr.parse_card("2C"), 0)
    assert sr.is_legal(state, first)
    assert first in sr.legal_actions(state)
    after = play(state, first, sr.LayOff(0, sr.parse_card("3H"), 0), sr.LayOff(0, sr.parse_card("2H"), 0, "low"),
                 sr.LayOff(0, sr.parse_card("2D"), 0, "low"), sr.Discard(0, sr.parse_card("KC")))
    assert after.phase == "draw" and table(after) == [(1, "run", "2D 2H 3H 2C 5H 6H 7H 8H 2S")]
