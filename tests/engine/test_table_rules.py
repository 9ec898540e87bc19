"""House rules of other tables, as ``Rules`` fields: who may buy the upcard, who may take it, which
wilds a swap frees; and documents written by 0.1.0, before these fields existed, read with the
rules as they were then."""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import pytest

import shanghai_rules as sr
from invariants import play_random_game
from random_rules import table_rules
from shanghai_rules.events import Discarded, step_events
from shanghai_rules.serialization import RULES_ADDED, from_json, to_json

from .helpers import hand, hand_of, pile, play, refused

DOCUMENTS = Path(__file__).resolve().parent.parent / "documents" / "0.1.0"


def four_seats(rules: sr.Rules, down: tuple[bool, ...] = (False,) * 4) -> sr.GameState:
    """Four seats, seat 1 on turn, seat 0 the discarder of the upcard KH."""
    state = sr.setup_round(rules, hands=["4C 9C JS", "5C 10C QS", "6C JC KS", "7C QC AS"],
                           stock="3D 4D 5D 6D 7D 8D 9D 10D JD QD", discard="2C KH", dealer=0)
    return attrs.evolve(state, discarder=0, down=down)


# ---------------------------------------------------------------------------
# Rules.discarder_may_buy


def test_discarder_may_buy_back_their_own_discard_where_the_rules_allow_it() -> None:
    """``discarder_may_buy``: by default the seat that discarded the upcard may not buy it back; where
    the field is on it may, last in priority after the other seats, and gets it with the penalty."""
    state = four_seats(sr.PAGAT7)
    refused(state, sr.Buy(0), "own discard")
    assert sr.Buy(0) not in sr.legal_actions(state)
    house = attrs.evolve(sr.PAGAT7, name="buy back", discarder_may_buy=True)
    state = four_seats(house)
    assert sr.Buy(0) in sr.legal_actions(state)
    bought = play(state, sr.Buy(0), sr.DrawStock(1))
    assert hand(bought, 0) == hand_of("4C 9C JS KH 3D 4D")
    first = play(state, sr.Buy(0), sr.Buy(3), sr.DrawStock(1))  # seat 3 comes before seat 0 after seat 1
    assert hand(first, 3) == hand_of("7C QC AS KH 3D 4D") and hand(first, 0) == hand_of("4C 9C JS")


# ---------------------------------------------------------------------------
# Rules.buy_needs_stock


def test_no_buy_while_the_stock_holds_no_more_than_the_penalty_where_the_rules_say_so() -> None:
    """``buy_needs_stock``: with two penalty cards, a buy may be asked while the stock holds three
    cards (the penalty and the next draw), not while it holds two; by default it may be asked
    either way (the stock is rebuilt from the discards when it runs out)."""
    short = attrs.evolve(four_seats(sr.PAGAT7), stock=sr.parse_cards("3D 4D"))
    assert sr.Buy(2) in sr.legal_actions(short)
    house = attrs.evolve(sr.PAGAT7, name="stock first", buy_needs_stock=True)
    state = attrs.evolve(four_seats(house), stock=sr.parse_cards("3D 4D"))
    refused(state, sr.Buy(2), "stock holds 2 cards or fewer")
    assert not any(isinstance(a, sr.Buy) for a in sr.legal_actions(state))
    enough = attrs.evolve(four_seats(house), stock=sr.parse_cards("3D 4D 5D"))
    bought = play(enough, sr.Buy(2), sr.DrawStock(1))
    assert hand(bought, 2) == hand_of("6C JC KS KH 3D 4D") and hand(bought, 1) == hand_of("5C 10C QS 5D")


# ---------------------------------------------------------------------------
# Rules.buy_window

UNTIL_DISCARD = attrs.evolve(sr.TEN_ROUND, name="buys until the discard", buy_window="until_discard")


def test_buys_go_on_until_the_discard_where_the_rules_say_so() -> None:
    """``buy_window="until_discard"``: after the player on turn draws from the stock, the others may
    still ask to buy the upcard; the first asking in turn order after the player on turn gets it, with
    the penalty card, as the discard covers it.  By default no buy is asked after the draw."""
    drawn = play(four_seats(sr.TEN_ROUND), sr.DrawStock(1))
    refused(drawn, sr.Buy(2), "before the player on turn draws")
    assert not any(isinstance(a, sr.Buy) for a in sr.legal_actions(drawn))
    state = play(four_seats(UNTIL_DISCARD), sr.DrawStock(1))
    assert state.upcard == sr.parse_card("KH") and sr.legal_actions(state, 2) == [sr.Buy(2)]
    asked = play(state, sr.Buy(3), sr.Buy(2))
    assert from_json(to_json(asked), sr.GameState) == asked
    after = play(asked, sr.Discard(1, sr.parse_card("QS")))
    assert hand(after, 2) == hand_of("6C JC KS KH 4D") and hand(after, 3) == hand_of("7C QC AS")
    assert pile(after.discard) == "2C QS" and after.buys_left[2] == sr.TEN_ROUND.buy_limit(1) - 1


def test_the_buy_window_closes_when_the_upcard_is_taken_or_bought() -> None:
    """The upcard taken by the player on turn, or bought as they draw, is no longer offered after the draw."""
    taken = play(four_seats(UNTIL_DISCARD), sr.TakeDiscard(1))
    assert taken.upcard is None and not any(isinstance(a, sr.Buy) for a in sr.legal_actions(taken))
    bought = play(four_seats(UNTIL_DISCARD), sr.Buy(3), sr.DrawStock(1))
    assert hand(bought, 3) == hand_of("7C QC AS KH 3D") and bought.upcard is None
    assert not any(isinstance(a, sr.Buy) for a in sr.legal_actions(bought))


def test_buys_until_the_discard_are_offered_by_play_game_and_checked_with_the_other_fields() -> None:
    """``play_game`` offers the upcard to the other seats once more after a draw from the stock, and
    some buy it then; the record replays.  The window is not played with the Shanghai call."""
    late = []

    def step(before: sr.GameState, action: sr.Action, after: sr.GameState) -> None:
        if isinstance(action, sr.Buy) and before.phase == "play":
            late.append(action)

    final, record = sr.play_game(UNTIL_DISCARD, [sr.RandomPlayer(seed) for seed in range(4)], seed=5, on_step=step)
    assert late and sr.final_state(record) == final
    with pytest.raises(sr.RulesError, match="buy_window: the Shanghai call"):
        attrs.evolve(sr.PAGAT7, buy_window="until_discard")


# ---------------------------------------------------------------------------
# Rules.buy_offers

IN_TURN = attrs.evolve(sr.TEN_ROUND, name="offers in turn", buy_offers="in_turn")


def test_buy_offers_go_one_seat_at_a_time_where_the_rules_say_so() -> None:
    """``buy_offers="in_turn"``: the upcard is offered to the first seat after the player on turn that
    may buy it (seat 2: seat 0 discarded it), which buys it or lets it go (``DeclineBuy``) before seat 3
    is offered it; the seat that wins is the one that wins when every seat is offered it at once."""
    state = four_seats(IN_TURN)
    assert sr.legal_actions(state, 2) == [sr.Buy(2), sr.DeclineBuy(2)] and sr.legal_actions(state, 3) == []
    refused(state, sr.Buy(3), "offered to seat 2")
    passed = play(state, sr.DeclineBuy(2))
    assert sr.legal_actions(passed, 3) == [sr.Buy(3), sr.DeclineBuy(3)] and sr.legal_actions(passed, 2) == []
    assert from_json(to_json(passed), sr.GameState) == passed
    bought = play(passed, sr.Buy(3), sr.DrawStock(1))
    at_once = play(four_seats(sr.TEN_ROUND), sr.Buy(3), sr.DrawStock(1))
    assert hand(bought, 3) == hand(at_once, 3) == hand_of("7C QC AS KH 3D")
    first = play(state, sr.Buy(2))
    assert not any(isinstance(a, (sr.Buy, sr.DeclineBuy)) for a in sr.legal_actions(first))
    refused(four_seats(sr.TEN_ROUND), sr.DeclineBuy(2), "every seat at once")


def test_play_game_offers_the_upcard_one_seat_at_a_time_where_the_rules_say_so() -> None:
    """``play_game`` asks the seats in turn order; a seat that passes lets the upcard go, as the record
    shows, and the record replays."""
    final, record = sr.play_game(IN_TURN, [sr.RandomPlayer(seed) for seed in range(4)], seed=3)
    assert any(isinstance(a, sr.DeclineBuy) for a in record.actions)
    assert sr.final_state(record) == final


# ---------------------------------------------------------------------------
# Rules.take_upcard_when_down


def test_a_player_who_is_down_draws_from_the_stock_where_the_rules_say_so() -> None:
    """``take_upcard_when_down=False``: a player who is down may not take the upcard on their turn
    (they draw from the stock), one not down still may; by default both may."""
    down = (False, True, False, False)
    assert sr.TakeDiscard(1) in sr.legal_actions(four_seats(sr.PAGAT7, down))
    house = attrs.evolve(sr.PAGAT7, name="stock when down", take_upcard_when_down=False)
    state = four_seats(house, down)
    refused(state, sr.TakeDiscard(1), "down", "stock")
    listed = sr.legal_actions(state)
    assert sr.TakeDiscard(1) not in listed and sr.DrawStock(1) in listed
    assert sr.Buy(2) in listed  # the upcard may still be bought
    assert sr.TakeDiscard(1) in sr.legal_actions(four_seats(house))


# ---------------------------------------------------------------------------
# Rules.swappable_wilds


def _swap_table(rules: sr.Rules) -> sr.GameState:
    """Seat 0 down and on turn in the play phase, holding 6C and 8C; on the table, seat 1's run
    5C 2H 7C JK 9C (the 2 stands for 6C, the joker for 8C)."""
    state = sr.setup_round(rules, hands=["6C 8C KD QS", "9D 9H", "10D 10H"], round_number=3, dealer=2)
    run = sr.check_meld(sr.parse_cards("5C 2H 7C JK 9C"), rules).meld
    assert run is not None
    return attrs.evolve(state, phase="play", table=(sr.TableMeld(1, run),), down=(True, True, False))


def test_only_jokers_are_swapped_where_the_rules_say_so() -> None:
    """``swappable_wilds="jokers"``: a wild 2 in a run stays where it is, a joker may still be swapped
    for the card it stands for; by default (``"any"``) either may."""
    state = _swap_table(sr.ISRA)
    listed = sr.legal_actions(state)
    assert sr.SwapWild(0, "6C", 0) in listed and sr.SwapWild(0, "8C", 0) in listed
    house = attrs.evolve(sr.ISRA, name="jokers only", swappable_wilds="jokers")
    state = _swap_table(house)
    refused(state, sr.SwapWild(0, "6C", 0), "only jokers")
    listed = sr.legal_actions(state)
    assert sr.SwapWild(0, "6C", 0) not in listed and sr.SwapWild(0, "8C", 0) in listed
    swapped = sr.apply(state, sr.SwapWild(0, "8C", 0))
    assert swapped.owed_wilds == (sr.parse_card("JK"),)


def test_swappable_wilds_is_checked_with_the_other_fields() -> None:
    """``swappable_wilds`` is ``"any"`` or ``"jokers"``, and jokers only needs jokers in play."""
    with pytest.raises(sr.RulesError, match="swappable_wilds: 'twos'"):
        attrs.evolve(sr.ISRA, swappable_wilds="twos")
    with pytest.raises(sr.RulesError, match=r"swappable_wilds: 'jokers'.*jokers_per_deck"):
        attrs.evolve(sr.LIVERPOOL, jokers_per_deck=0, wild_twos=True, swappable_wilds="jokers")
    for flag in ("discarder_may_buy", "take_upcard_when_down", "going_down_keeps_a_card", "buy_needs_stock"):
        with pytest.raises(sr.RulesError, match=f"^{flag}: must be True or False"):
            attrs.evolve(sr.PAGAT7, **{flag: 1})


# ---------------------------------------------------------------------------
# Rules.going_down_keeps_a_card


def _ready_to_go_down(rules: sr.Rules, hand_cards: str) -> sr.GameState:
    """Seat 1 on turn in the play phase of round 1 (two sets), holding ``hand_cards``."""
    state = sr.setup_round(rules, hands=["4C 9C JS", hand_cards, "6C JC KS", "7C QC AS"],
                           stock="3D 4D 5D 6D 7D 8D 9D 10D JD QD", discard="2C KH", dealer=0)
    return attrs.evolve(state, phase="play")


def test_going_down_keeps_a_card_where_the_rules_say_so() -> None:
    """``going_down_keeps_a_card``: a player may not go down with every card they hold, though they
    may with a card to spare; without the field, going down with the whole hand (and so out) is
    allowed where going out by playing is."""
    whole = sr.LayDown(1, ["5C 5D 5H", "8S 8H 8D"])
    base = attrs.evolve(sr.LIVERPOOL, name="out by playing", going_out="any")
    before = _ready_to_go_down(base, "5C 5D 5H 8S 8H 8D")
    assert sr.is_legal(before, whole) and any(isinstance(a, sr.LayDown) for a in sr.legal_actions(before))
    house = attrs.evolve(base, name="keep a card", going_down_keeps_a_card=True)
    state = _ready_to_go_down(house, "5C 5D 5H 8S 8H 8D")
    refused(state, whole, "at least one card")
    assert not any(isinstance(a, sr.LayDown) for a in sr.legal_actions(state))
    spare = _ready_to_go_down(house, "5C 5D 5H 8S 8H 8D KC")
    assert hand(sr.apply(spare, whole), 1) == hand_of("KC")


def test_going_down_keeps_a_card_refuses_a_round_that_takes_the_whole_hand() -> None:
    """A contract that takes the whole hand (pagat7's last round) cannot be played where going down
    must keep a card: the rules are refused when built."""
    with pytest.raises(sr.RulesError, match="going_down_keeps_a_card: round 7"):
        attrs.evolve(sr.PAGAT7, going_down_keeps_a_card=True)


# ---------------------------------------------------------------------------
# Rules.natural_twos


ALWAYS_WILD = attrs.evolve(sr.ISRA, name="2s always wild", ace_low=False, natural_twos=False)


def test_twos_are_always_wild_where_the_rules_say_so() -> None:
    """``natural_twos=False``: a 2 is never natural, so there is no set of 2s and no run below the 3
    (a 2 with 3-4-5 of its suit stands at the 6); a wild joins a run at its high end only when the run
    starts at the 3.  By default (ISRA) a 2 in its own place is natural."""
    twos = sr.parse_cards("2H 2S 2D")
    assert sr.check_meld(twos, sr.ISRA).meld == sr.Meld("set", tuple(sorted(twos, key=lambda c: c.suit)), rank=2)
    read = sr.check_meld(twos, ALWAYS_WILD).meld
    assert read is not None and read.rank is None and len(read.wild_indices()) == 3
    assert "no set of 2s" in sr.check_meld(sr.Meld("set", twos, rank=2), ALWAYS_WILD).reason
    low = sr.parse_cards("2H 3H 4H 5H")
    assert sr.check_meld(low, sr.ISRA).meld == sr.Meld("run", low, suit=sr.Suit.HEARTS, start=2)
    run = sr.check_meld(low, ALWAYS_WILD).meld
    assert run is not None and run.start == 3 and run.wild_indices() == (3,)
    assert "starts at the 3" in sr.check_meld(sr.Meld("run", low, suit=sr.Suit.HEARTS, start=2), ALWAYS_WILD).reason
    three_up = sr.Meld("run", sr.parse_cards("3H 4H 5H 6H"), suit=sr.Suit.HEARTS, start=3)
    assert [end for end, _ in sr.lay_off_options(three_up, sr.parse_card("2H"), sr.ISRA)] == ["low", "high"]
    assert [end for end, _ in sr.lay_off_options(three_up, sr.parse_card("2H"), ALWAYS_WILD)] == ["high"]
    assert [end for end, _ in sr.lay_off_options(three_up, sr.parse_card("JK"), ALWAYS_WILD)] == ["high"]


def test_twos_always_wild_in_play() -> None:
    """In play, a lay-off below the 3 is refused and not listed; a hand whose only run needs the 2 in
    its own place cannot go down."""
    state = _going_down(ALWAYS_WILD, 2, "2H 3H 4H 5H 9C 9D 9S KS QD 2C")
    assert sr.is_legal(_going_down(sr.ISRA, 2, "2H 3H 4H 5H 9C 9D 9S KS QD"),
                       sr.LayDown(1, [sr.Meld("run", sr.parse_cards("2H 3H 4H 5H"), suit=sr.Suit.HEARTS, start=2),
                                      "9C 9D 9S"]))
    refused(state, sr.LayDown(1, [sr.Meld("run", sr.parse_cards("2H 3H 4H 5H"), suit=sr.Suit.HEARTS, start=2),
                                  "9C 9D 9S"]), "starts at the 3")
    down = play(state, sr.LayDown(1, ["3H 4H 5H 2H", "9C 9D 9S"]))
    assert down.table[0].meld.start == 3
    refused(down, sr.LayOff(1, sr.parse_card("2C"), 0, "low"), "does not fit", "start at the 3")
    assert not any(isinstance(a, sr.LayOff) and a.meld == 0 and a.end == "low" for a in sr.legal_actions(down))


def test_twos_always_wild_is_checked_with_the_other_fields() -> None:
    """Always-wild 2s need wild 2s, and leave no place for a low ace."""
    with pytest.raises(sr.RulesError, match="natural_twos: only 2s that are wild"):
        attrs.evolve(sr.PAGAT7, natural_twos=False)
    with pytest.raises(sr.RulesError, match=r"natural_twos: .* ace_low"):
        attrs.evolve(sr.ISRA, natural_twos=False)
    assert ALWAYS_WILD.lowest_run_place == 3 and sr.ISRA.lowest_run_place == 1 and sr.PAGAT7.lowest_run_place == 2
    assert ALWAYS_WILD.longest_run == 12 and sr.ISRA.longest_run == sr.PAGAT7.longest_run == 13
    thirteen = sr.check_meld("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS JK", ALWAYS_WILD, "run")
    assert "at most 12 cards" in thirteen.reason


# ---------------------------------------------------------------------------
# Rules.discarded_twos_die

DEAD_TWOS = attrs.evolve(sr.ISRA, name="dead 2s", discarded_twos_die=True, wild_two_value=20)


def _discarding(rules: sr.Rules, hand_cards: str) -> sr.GameState:
    """Seat 1 in the play phase of round 1, holding ``hand_cards``, the upcard KH."""
    state = sr.setup_round(rules, hands=["4C 3S JS", hand_cards, "6C JC KS", "7C QC AS"],
                           stock="3D 4D 5D 6D 7D 10D JD QD", discard="9C KH", dealer=0)
    return attrs.evolve(state, phase="play")


def test_a_discarded_two_dies_where_the_rules_say_so() -> None:
    """``discarded_twos_die``: a 2 discarded lands on the pile dead (2Hx), and whoever takes it holds a
    dead 2, no wild; by default (ISRA) the 2 on the pile is the wild 2 it was."""
    live = play(_discarding(sr.ISRA, "5C 2H QS"), sr.Discard(1, sr.parse_card("2H")))
    assert pile(live.discard) == "9C KH 2H"
    dead = play(_discarding(DEAD_TWOS, "5C 2H QS"), sr.Discard(1, sr.parse_card("2H")))
    assert pile(dead.discard) == "9C KH 2Hx" and dead.discard[-1].dead
    taken = play(dead, sr.TakeDiscard(2))
    assert sr.parse_card("2Hx") in taken.hands[2] and not sr.is_wild(taken.hands[2][-1], DEAD_TWOS)
    again = play(attrs.evolve(taken, phase="play"), sr.Discard(2, sr.parse_card("2Hx")))
    assert again.discard[-1] is sr.parse_card("2Hx")  # a dead 2 discarded again stays dead
    _reloaded(taken)
    # the event of the discard says so, and its text
    discarding = _discarding(DEAD_TWOS, "5C 2H QS")
    event = step_events(discarding, sr.Discard(1, sr.parse_card("2H")), dead)[-1]
    assert event == Discarded(1, sr.parse_card("2H"), False, dies=True)
    assert sr.describe(event, ascii=True) == "seat 1 discards 2H, dead from now on (2Hx)"
    assert not step_events(_discarding(sr.ISRA, "5C 2H QS"), sr.Discard(1, sr.parse_card("2H")), live)[-1].dies


def test_a_dead_two_plays_only_as_a_natural_two() -> None:
    """A dead 2 is a natural 2 only: in a set of 2s or at the 2's place in a run of its suit, never
    standing for another card, in a meld, a contract, a lay-off or a swap."""
    assert sr.check_meld("7C 7D 2Hx", DEAD_TWOS).code == "dead_two"
    assert sr.check_meld(sr.Meld.set("7C 7D 2Hx", rank=7), DEAD_TWOS).code == "dead_two"
    assert sr.check_meld("7C 7D 2H", DEAD_TWOS)
    assert sr.check_meld("AH 2Hx 3H 4H", DEAD_TWOS).meld == sr.Meld.run("AH 2Hx 3H 4H")
    assert sr.Meld.run("AH 2Hx 3H 4H").wild_indices() == () and sr.Meld.run("AH 2Hx 3H 4H").is_natural_at(1)
    assert sr.check_meld("2Hx 2C 2S", DEAD_TWOS).meld.wild_indices() == ()  # type: ignore[union-attr]
    assert not sr.check_meld("2Hx 4H 5H 6H", DEAD_TWOS)
    run = sr.Meld.run("3H 4H 5H 6H")
    sevens = sr.Meld.set("7C 7D 7S")
    assert [end for end, _ in sr.lay_off_options(run, sr.parse_card("2Hx"), DEAD_TWOS)] == ["low"]
    assert [end for end, _ in sr.lay_off_options(run, sr.parse_card("2H"), DEAD_TWOS)] == ["low", "high"]
    assert sr.lay_off_options(sevens, sr.parse_card("2Hx"), DEAD_TWOS) == ()
    assert sr.find_contract(sr.parse_cards("7C 7D 2Hx 9C 9D 9H 4S"), DEAD_TWOS, 1) is None
    assert sr.find_contract(sr.parse_cards("7C 7D 2H 9C 9D 9H 4S"), DEAD_TWOS, 1) is not None
    # a wild standing for the 2 of a run is swapped for the dead 2, the natural of its place
    state = attrs.evolve(_discarding(DEAD_TWOS, "2Hx 9S QS"), down=(False, True, False, False),
                         table=(sr.TableMeld(0, sr.Meld.run("AH JK 3H 4H")),))
    swapped = play(state, sr.SwapWild(1, sr.parse_card("2Hx"), 0))
    assert pile(swapped.table[0].meld.cards) == "AH 2Hx 3H 4H" and sr.parse_card("JK") in swapped.hands[1]


def test_a_dead_two_scores_as_a_natural_two() -> None:
    """A dead 2 left in hand costs what ``card_values`` says of a 2; a wild 2 costs ``wild_two_value``."""
    assert sr.card_value("2H", DEAD_TWOS) == 20
    assert sr.card_value("2Hx", DEAD_TWOS) == DEAD_TWOS.card_values[0] == 5
    assert sr.hand_penalty("2H 2Hx", DEAD_TWOS) == 25


def test_a_dead_two_stays_dead_through_a_reshuffle_and_the_first_upcard_stays_wild() -> None:
    """An empty stock rebuilt from the pile keeps the dead 2s dead; a fresh deal brings live 2s, and a
    2 turned up as a deal's first upcard was never discarded."""
    rebuilt = play(_empty_stock(DEAD_TWOS, "3D 2Hx 5D KH"), sr.DrawStock(1))
    assert sr.parse_card("2Hx") in rebuilt.stock + rebuilt.hands[1]
    _reloaded(rebuilt)
    upcards = [_first_upcard(DEAD_TWOS, seed) for seed in range(200)]
    assert any(card.rank == 2 for card in upcards) and not any(card.dead for card in upcards)


def _first_upcard(rules: sr.Rules, seed: int) -> sr.Card:
    """The upcard turned up by the first deal of a seeded game (after the cut, where there is one)."""
    state = sr.new_game(rules, 4, seed=seed)
    while not state.discard:
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state.discard[-1]


def test_discarded_twos_die_is_checked_with_the_other_fields() -> None:
    """Dead 2s need 2s that are wild and natural in their own place; a document may hold a dead 2 only
    under rules where 2s die; the field is written only where it is on."""
    with pytest.raises(sr.RulesError, match="discarded_twos_die"):
        attrs.evolve(sr.PAGAT7, discarded_twos_die=True)
    with pytest.raises(sr.RulesError, match="discarded_twos_die"):
        attrs.evolve(ALWAYS_WILD, discarded_twos_die=True)
    state = play(_discarding(DEAD_TWOS, "5C 2H QS"), sr.Discard(1, sr.parse_card("2H")))
    document = json.loads(to_json(state))
    assert document["rules"]["discarded_twos_die"] is True and document["discard"][-1] == "2Hx"
    assert "discarded_twos_die" not in json.loads(to_json(sr.ISRA))
    del document["rules"]["discarded_twos_die"]
    with pytest.raises(sr.SerializationError, match=r"discard\[2\].*dead 2") as caught:
        from_json(json.dumps(document), sr.GameState)
    assert caught.value.code == "unreachable_position"


PAGAT7_DEAD = attrs.evolve(sr.PAGAT7, wild_twos=True, ace_low=True, discarded_twos_die=True)


def _discarding_a_two_beside(run: str) -> sr.GameState:
    """Round 2 of PAGAT7 with dead 2s: seat 1 on turn holds 2H; seat 0 is down with a set and ``run``."""
    state = sr.setup_round(PAGAT7_DEAD, hands=["4C 5C 6C", "2H 9S 9D", "7C 8C JC"], stock="3D 4D 5D",
                           discard="9C KD", round_number=2, dealer=0)
    table = (sr.TableMeld(0, sr.Meld.set("8S 8D 8H")), sr.TableMeld(0, sr.Meld.run(run)))
    return attrs.evolve(state, phase="play", down=(True, False, False), table=table)


def test_shanghai_is_open_on_a_dead_two_only_where_it_fits() -> None:
    """Discarded 2s die: Shanghai is open (and declared) on the dead 2 that lands on the pile, which fits
    where a natural 2 fits, not where the wild 2 it was would."""
    after = sr.apply(_discarding_a_two_beside("4H 5H 6H 7H"), sr.Discard(1, sr.parse_card("2H")))
    assert after.discard[-1] == sr.parse_card("2Hx")
    assert not any(isinstance(a, sr.CallShanghai) for a in sr.legal_actions(after))
    assert not after.shanghai_open  # the dead 2 fits no meld: nothing can be called
    sr.from_json(sr.to_json(after))


def test_shanghai_is_open_on_a_dead_two_that_fits() -> None:
    """Discarded 2s die: a dead 2 that fits a run at its 2's place may be called, and goes there."""
    after = sr.apply(_discarding_a_two_beside("3H 4H 5H 6H"), sr.Discard(1, sr.parse_card("2H")))
    assert after.shanghai_open and sr.is_legal(after, sr.CallShanghai(2, 1))
    called = sr.apply(after, sr.CallShanghai(2, 1))
    assert called.table[1].meld == sr.Meld.run("2Hx 3H 4H 5H 6H")
    assert sr.from_json(sr.to_json(after)) == after


def test_dead_twos_and_sets_of_different_suits_in_the_contract_search() -> None:
    """Discarded 2s die: a run may leave its natural 2 to a set of 2s of different suits that holds dead 2s
    (no wild held could stand in the set for it), and the listing offers that lay-down."""
    rules = attrs.evolve(sr.ISRA, distinct_contract_set_suits=True, discarded_twos_die=True)
    hand = sr.parse_cards("2C 3C 4C 2D 2H 6H 2Dx 2Hx")
    layout = [sr.Meld.set("2C 2Dx 2Hx"), sr.Meld.run("2D 3C 4C 2H")]
    assert sr.check_contract(layout, rules, 2)
    assert sr.find_contract(hand, rules, 2) is not None
    state = sr.setup_round(rules, hands=["5S 6S 7S", list(hand), "8S 9S 10S"], stock="3D 4D 5D", discard="9C",
                           round_number=2, dealer=0)
    state = sr.apply(state, sr.DrawStock(1))
    lay_down = sr.LayDown(1, [list(m.cards) for m in layout])
    assert sr.is_legal(state, lay_down)
    assert any(isinstance(a, sr.LayDown) for a in sr.legal_actions(state))


# ---------------------------------------------------------------------------
# Rules.contract_melds_exact, distinct_contract_set_suits, contract_runs_overlap


def _going_down(rules: sr.Rules, round_number: int, hand_cards: str) -> sr.GameState:
    """Seat 1 on turn in the play phase of ``round_number``, holding ``hand_cards``."""
    state = sr.setup_round(rules, hands=["4C 3S JS", hand_cards, "6C JC KS", "7C QC AS"],
                           stock="3D 4D 5D 6D 7D 10D JD QD", discard="2C KH", dealer=0,
                           round_number=round_number)
    return attrs.evolve(state, phase="play")


def _lay_downs(state: sr.GameState) -> list[sr.LayDown]:
    return [a for a in sr.legal_actions(state) if isinstance(a, sr.LayDown)]


def test_contract_melds_are_laid_down_at_exactly_the_contracts_length_where_the_rules_say_so() -> None:
    """``contract_melds_exact``: a run of five for a contract run of four is refused, in
    ``check_contract`` and in play, and nothing longer is listed; the run of four goes down, and a
    lay-off lengthens it later.  By default the run of five goes down."""
    hand_cards = "4H 5H 6H 7H 8H 9C 9D 9H KS"
    long = sr.LayDown(1, ["4H 5H 6H 7H 8H", "9C 9D 9H"])
    assert sr.is_legal(_going_down(sr.TEN_ROUND, 2, hand_cards), long)
    house = attrs.evolve(sr.TEN_ROUND, name="exact", contract_melds_exact=True)
    assert not sr.check_contract(["4H 5H 6H 7H 8H", "9C 9D 9H"], house, 2)
    state = _going_down(house, 2, hand_cards)
    refused(state, long, "exactly 4 cards")
    listed = _lay_downs(state)
    assert listed and all(len(m.cards) == (4 if m.kind == "run" else 3) for a in listed for m in a.melds)
    assert all(len(m.cards) == (4 if m.kind == "run" else 3)
               for layout in sr.contract_layouts(sr.parse_cards(hand_cards), house, 2) for m in layout)
    down = play(state, sr.LayDown(1, ["4H 5H 6H 7H", "9C 9D 9H"]), sr.LayOff(1, sr.parse_card("8H"), 0))
    assert len(down.table[0].cards) == 5


def test_contract_melds_exact_refuses_a_round_that_takes_the_whole_hand() -> None:
    """A no-discard round lengthens its melds to take the hand: not a round of exact melds."""
    with pytest.raises(sr.RulesError, match="contract_melds_exact: round 7"):
        attrs.evolve(sr.PAGAT7, contract_melds_exact=True)


def _refused_only_under(default: sr.Rules, house: sr.Rules, round_number: int, hand_cards: str,
                        lay_down: sr.LayDown, *words: str) -> None:
    """``lay_down`` goes down under ``default``, and under ``house`` is refused (its reason holding
    ``words``) with no lay-down listed at all."""
    assert sr.is_legal(_going_down(default, round_number, hand_cards), lay_down)
    state = _going_down(house, round_number, hand_cards)
    refused(state, lay_down, *words)
    assert not _lay_downs(state)


def test_the_naturals_of_a_contract_set_are_of_different_suits_where_the_rules_say_so() -> None:
    """``distinct_contract_set_suits``: 9C 9C 9H is no contract set, so a hand whose 9s hold two
    suits cannot go down with two sets; a lay-off may repeat a suit later.  By default it goes down."""
    house = attrs.evolve(sr.TEN_ROUND, name="suits", distinct_contract_set_suits=True)
    _refused_only_under(sr.TEN_ROUND, house, 1, "9C 9C 9H 8C 8D 8H 8S KS", sr.LayDown(1, ["9C 9C 9H", "8C 8D 8H"]),
                        "different suits")
    other = _going_down(house, 1, "9C 9D 9H 8C 8D 8H 8C KS")
    down = play(other, sr.LayDown(1, ["9C 9D 9H", "8C 8D 8H"]), sr.LayOff(1, sr.parse_card("8C"), 1))
    assert sr.format_cards(down.table[1].cards) == "8C 8D 8H 8C"


def test_the_search_tells_apart_which_suits_a_run_leaves_to_the_sets() -> None:
    """With sets of different suits, which suit a run takes matters to the set: the run of hearts
    leaves 8C 8H 8D, the run of clubs 8H 8H 8D; the search finds the first, and lists it."""
    house = attrs.evolve(sr.PAGAT7, name="suits", distinct_contract_set_suits=True)
    hand_cards = "5C 6C 7C 8C 5H 6H 7H 8H 8H 8D"
    found = sr.find_contract(hand_cards, house, 2)
    assert found is not None and sr.check_contract(found, house, 2)
    assert _lay_downs(_going_down(house, 2, hand_cards + " KS"))


def test_distinct_contract_set_suits_refuses_sets_longer_than_the_suits_and_wilds_allow() -> None:
    """A set of five of different suits needs a wild: refused where the rules allow none."""
    five = tuple(attrs.evolve(c, set_length=5) for c in sr.PAGAT7.contracts)
    with pytest.raises(sr.RulesError, match="distinct_contract_set_suits: round 1"):
        attrs.evolve(sr.PAGAT7, contracts=five, distinct_contract_set_suits=True, max_wilds_per_meld=0)
    assert attrs.evolve(sr.PAGAT7, contracts=five, distinct_contract_set_suits=True).contracts == five
    with pytest.raises(sr.RulesError, match="distinct_contract_set_suits: round 6"):
        attrs.evolve(sr.MAY_I, distinct_contract_set_suits=True)  # (2s wild; round 6 sets take the whole hand)


def test_runs_of_one_suit_in_a_contract_do_not_overlap_where_the_rules_say_so() -> None:
    """``contract_runs_overlap=False``: 4H-7H and 6H-9H, separate cards from two decks, are refused
    as one contract, and no lay-down is listed; by default (ten-round) they go down."""
    house = attrs.evolve(sr.TEN_ROUND, name="apart", contract_runs_overlap=False)
    both = sr.LayDown(1, ["4H 5H 6H 7H", "6H 7H 8H 9H"])
    _refused_only_under(sr.TEN_ROUND, house, 3, "4H 5H 6H 7H 6H 7H 8H 9H KS", both, "may not overlap")
    assert _lay_downs(_going_down(house, 3, "4H 5H 6H 7H 8H 9H 10H JH KS"))


# ---------------------------------------------------------------------------
# Rules.opening_draw


def test_an_opening_draw_picks_the_first_dealer_where_the_rules_say_so() -> None:
    """``opening_draw``: round 1's dealer is the seat that drew the lowest card (aces high; no joker,
    no two of one rank), the same for the same seed, and not always seat 0; a dealer given to
    ``new_game`` still wins, and a game's record replays with the dealer drawn.  By default seat 0 deals."""
    house = attrs.evolve(sr.TEN_ROUND, name="draw for deal", opening_draw=True)
    dealers = set()
    for seed in range(12):
        draw = sr.opening_draw(house, 5, seed)
        ranks = [card.rank for card in draw.cards]
        assert len(set(ranks)) == 5 and not any(card.is_joker for card in draw.cards)
        assert ranks[draw.dealer] == min(ranks) and draw == sr.opening_draw(house, 5, seed)
        assert sr.new_game(house, 5, seed).dealer == draw.dealer
        assert sr.new_game(sr.TEN_ROUND, 5, seed).dealer == 0
        dealers.add(draw.dealer)
    assert len(dealers) > 2
    assert sr.new_game(house, 5, 1, dealer=2).dealer == 2
    final, record = sr.play_game(house, [sr.RandomPlayer(seed) for seed in range(3)], seed=1)
    assert record.dealer == sr.opening_draw(house, 3, 1).dealer and sr.final_state(record) == final
    assert sr.GameRecord.new(house, 3, 1).dealer == record.dealer


def test_an_opening_draw_needs_a_rank_for_each_seat() -> None:
    """At most 13 seats draw for the deal, one rank each: more are refused when the rules are built."""
    with pytest.raises(sr.RulesError, match=r"opening_draw: .* at most 13 seats"):
        attrs.evolve(sr.TEN_ROUND, max_players=14, decks_by_players=((14, 4),), opening_draw=True)


# ---------------------------------------------------------------------------
# Rules.stock_rebuild, stock_rebuilds, fresh_deck_when_empty, deadlock_ends_round


def _empty_stock(rules: sr.Rules, discard: str) -> sr.GameState:
    """Seat 1 on turn to draw from an empty stock, the discard pile ``discard`` (bottom to top)."""
    return sr.setup_round(rules, hands=["4C 9C JS", "5C 10C QS", "6C JC KS", "7C QC AS"], stock="",
                          discard=discard, dealer=0)


def _reloaded(state: sr.GameState) -> sr.GameState:
    """The state through JSON and back: it reads, and reads as itself."""
    again = from_json(to_json(state), sr.GameState)
    assert again == state
    return again


def test_the_whole_pile_is_shuffled_into_the_stock_where_the_rules_say_so() -> None:
    """``stock_rebuild="whole_pile"``: an empty stock takes every discard, the upcard too; by default
    the discards under the upcard, which stays."""
    kept = play(_empty_stock(sr.PAGAT7, "3D 4D 5D KH"), sr.DrawStock(1))
    assert pile(kept.discard) == "KH" and len(kept.stock) == 2 and kept.stock_rebuilt == 1
    house = attrs.evolve(sr.PAGAT7, name="whole pile", stock_rebuild="whole_pile")
    whole = play(_empty_stock(house, "3D 4D 5D KH"), sr.DrawStock(1))
    assert whole.discard == () and len(whole.stock) == 3 and whole.stock_rebuilt == 1
    drawn = set(whole.hands[1]) - set(sr.parse_cards("5C 10C QS"))
    assert len(drawn) == 1 and drawn <= set(sr.parse_cards("3D 4D 5D KH"))
    _reloaded(whole)


def test_the_round_ends_when_the_stock_runs_out_past_the_rebuilds_the_rules_allow() -> None:
    """``stock_rebuilds``: with 0 the round ends, nobody out, the first time the stock runs out; with 1,
    the second time; by default the stock is rebuilt again."""
    never = attrs.evolve(sr.PAGAT7, name="no rebuild", stock_rebuilds=0)
    ended = play(_empty_stock(never, "3D 4D KH"), sr.DrawStock(1))
    assert ended.phase == "round_over" and ended.round_results[-1].ended_by == "stock"
    _reloaded(ended)
    once = attrs.evolve(sr.PAGAT7, name="one rebuild", stock_rebuilds=1)
    for rules, phase in ((once, "round_over"), (sr.PAGAT7, "play")):
        state = play(_empty_stock(rules, "3D KH"), sr.DrawStock(1))  # rebuilt from 3D, which seat 1 draws
        assert state.stock == () and state.stock_rebuilt == 1
        state = play(state, sr.Discard(1, sr.parse_card("QS")), sr.DrawStock(2))
        assert state.phase == phase
    assert state.stock_rebuilt == 2


def test_a_fresh_deck_is_shuffled_in_when_the_pile_is_empty_where_the_rules_say_so() -> None:
    """``fresh_deck_when_empty``: an empty stock with no discard under the upcard takes a fresh deck of
    52 cards and the jokers; by default the round ends, nobody out."""
    assert play(_empty_stock(sr.PAGAT7, "KH"), sr.DrawStock(1)).round_results[-1].ended_by == "stock"
    house = attrs.evolve(sr.PAGAT7, name="fresh deck", fresh_deck_when_empty=True)
    state = play(_empty_stock(house, "KH"), sr.DrawStock(1))
    assert state.phase == "play" and state.fresh_decks == 1 and len(state.stock) == 53
    assert pile(state.discard) == "KH"
    again = _reloaded(state)
    assert sr.observe(again, 2).fresh_decks == 1


def test_a_rebuild_of_the_whole_pile_takes_the_upcard_off_offer() -> None:
    """Where buys go on until the discard and the whole pile is shuffled into an empty stock, the draw
    that rebuilds it leaves no upcard to buy, and the state reads back from JSON."""
    house = attrs.evolve(UNTIL_DISCARD, name="whole pile, buys on", stock_rebuild="whole_pile")
    drawn = play(_empty_stock(house, "3D 4D KH"), sr.DrawStock(1))
    assert drawn.discard == () and not drawn.upcard_live and drawn.upcard is None
    assert not any(isinstance(a, sr.Buy) for a in sr.legal_actions(drawn))
    _reloaded(drawn)
    kept = play(_empty_stock(UNTIL_DISCARD, "3D 4D KH"), sr.DrawStock(1))
    assert kept.upcard == sr.parse_card("KH") and sr.Buy(2) in sr.legal_actions(kept)
    _reloaded(kept)


def test_fresh_decks_past_the_limit_of_cards_are_refused_in_json() -> None:
    """A document claiming more fresh decks than the cards in play allow is refused."""
    house = attrs.evolve(sr.PAGAT7, name="fresh deck", fresh_deck_when_empty=True)
    state = play(_empty_stock(house, "KH"), sr.DrawStock(1))
    doc = json.loads(to_json(state))
    doc["stock_rebuilt"], doc["fresh_decks"] = 1000, 999
    with pytest.raises(sr.SerializationError, match="fresh_decks"):
        from_json(json.dumps(doc), sr.GameState)


def test_a_deadlock_ends_the_round_where_the_rules_say_so() -> None:
    """``deadlock_ends_round``: the stock runs out with no card laid since the deal, and the round ends
    in a deadlock rather than be rebuilt; once a meld is laid, it is rebuilt (and the cards on the
    table then noted).  By default it is rebuilt."""
    house = attrs.evolve(sr.PAGAT7, name="deadlock", deadlock_ends_round=True)
    ended = play(_empty_stock(house, "3D 4D KH"), sr.DrawStock(1))
    assert ended.round_results[-1].ended_by == "deadlock" and ended.round_results[-1].went_out is None
    _reloaded(ended)
    assert play(_empty_stock(sr.PAGAT7, "3D 4D KH"), sr.DrawStock(1)).phase == "play"
    meld = sr.check_meld(sr.parse_cards("8S 8H 8D"), house).meld
    assert meld is not None
    laid = attrs.evolve(_empty_stock(house, "3D 4D KH"), table=(sr.TableMeld(0, meld),),
                        down=(True, False, False, False))
    rebuilt = play(laid, sr.DrawStock(1))
    assert rebuilt.phase == "play" and rebuilt.table_at_rebuild == 3


# ---------------------------------------------------------------------------
# random rules with the new fields, played to the end


@pytest.mark.parametrize("seed", range(6))
def test_random_rules_with_the_table_fields_play_whole_games_with_every_invariant(seed: int) -> None:
    """The new fields turned on at random, over random presets: whole random games end, with the
    invariants checked after every step and random unlisted actions refused (the long fuzz,
    ``tests/test_table_rules_fuzz.py``, plays thousands)."""
    rules = table_rules(random.Random(seed), f"mixed {seed}")
    steps = sum(1 for _ in play_random_game(rules, rules.min_players + seed % 2, seed, probes=1))
    assert steps > 20


# ---------------------------------------------------------------------------
# documents written by 0.1.0


@pytest.mark.parametrize("name", list(sr.PRESETS))
def test_rules_documents_written_by_0_1_0_read_as_the_presets(name: str) -> None:
    """A rules document 0.1.0 wrote (without the fields added since) reads as the preset of today,
    every added field at the value that keeps the rule as it was."""
    text = (DOCUMENTS / f"rules-{name}.json").read_text()
    assert not set(RULES_ADDED) & set(json.loads(text))
    rules = from_json(text, sr.Rules)
    assert rules == sr.get_rules(name)
    assert all(getattr(rules, field) == value for field, value in RULES_ADDED.items())


def test_states_views_and_records_written_by_0_1_0_still_load_and_play() -> None:
    """A state, a view and a game record 0.1.0 wrote load; the state plays on, and the record
    replays to the end."""
    state = from_json((DOCUMENTS / "state-isra.json").read_text(), sr.GameState)
    actions = sr.legal_actions(state)
    assert actions and sr.apply(state, actions[0], listing=actions)
    view = from_json((DOCUMENTS / "view-isra.json").read_text(), sr.PlayerView)
    assert view == sr.observe(state, 1)
    record = from_json((DOCUMENTS / "record-pagat7.json").read_text(), sr.GameRecord)
    assert sr.final_state(record).is_over
    written = json.loads((DOCUMENTS / "record-pagat7.json").read_text())
    assert written["version"] == 1
    assert json.loads(to_json(record)) == {**written, "version": 2}  # only the version differs in a record


def test_the_added_fields_are_written_only_where_they_change_a_rule() -> None:
    """A rules field added since 0.1.0 is left out of documents where it keeps the rule as it was (so
    0.1.0 reads them too), and written, and read back, where it does not."""
    assert not set(RULES_ADDED) & set(json.loads(to_json(sr.ISRA)))
    house = attrs.evolve(sr.ISRA, name="all of them", discarder_may_buy=True, take_upcard_when_down=False,
                         swappable_wilds="jokers", going_down_keeps_a_card=True, buy_needs_stock=True,
                         contract_runs_overlap=False, contract_melds_exact=True, distinct_contract_set_suits=True,
                         opening_draw=True, stock_rebuild="whole_pile", stock_rebuilds=1, fresh_deck_when_empty=True,
                         deadlock_ends_round=True, natural_twos=False, ace_low=False, buy_window="until_discard",
                         buy_offers="in_turn")
    written = json.loads(to_json(house))
    assert set(RULES_ADDED) - {"discarded_twos_die"} <= set(written)
    assert from_json(to_json(house), sr.Rules) == house
    dead = attrs.evolve(sr.ISRA, name="dead 2s", discarded_twos_die=True)  # (it needs natural 2s)
    assert json.loads(to_json(dead))["discarded_twos_die"] is True
    assert from_json(to_json(dead), sr.Rules) == dead


def test_no_one_lays_off_in_a_round_where_going_down_takes_the_whole_hand() -> None:
    """In a round without a discard, going down takes the whole hand, so no one is ever down to lay
    off; a position that says a seat is down there (built by hand) still has its lay-offs refused."""
    rules = sr.PAGAT7
    last = rules.rounds
    assert rules.contract(last).no_discard
    state = sr.setup_round(rules, ["4H 9C", "KS KD", "2C 3D"], stock="5S 6S", discard="7D", round_number=last,
                           dealer=2)
    run = sr.Meld("run", sr.parse_cards("5H 6H 7H 8H"), suit=sr.Suit.HEARTS, start=5)
    state = attrs.evolve(state, phase="play", table=(sr.TableMeld(0, run),), down=(True, False, False))
    with pytest.raises(sr.IllegalAction) as caught:
        sr.apply(state, sr.LayOff(0, sr.parse_card("4H"), 0))
    assert caught.value.code == "no_lay_off_round"


@pytest.mark.parametrize("rules", [sr.MAY_I, sr.PAGAT7], ids=lambda r: r.name)
def test_no_meld_is_on_the_table_in_a_round_where_going_down_takes_the_whole_hand(rules: sr.Rules) -> None:
    """Going down in a round without a discard takes the whole hand and ends the round, so the table
    stays empty all round: there is nothing to lay off on or swap from (mayi's "no swap in the last
    hand" holds without a field of its own).  Greedy players go out in that round in every game here."""
    last = rules.rounds
    positions = 0

    def step(before: sr.GameState, action: sr.Action, after: sr.GameState) -> None:
        nonlocal positions
        if after.round_number == last and after.phase in ("draw", "play"):
            positions += 1
            assert not after.table
            assert not any(isinstance(a, (sr.LayOff, sr.SwapWild)) for a in sr.legal_actions(after))

    for seed in range(3):
        final, _ = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(4)], seed=seed, on_step=step)
        assert final.round_results[last - 1].ended_by == "out"
    assert positions > 100
