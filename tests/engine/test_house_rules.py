"""House rules as data (issue: house rules): each variant's distinguishing rules,
each named after its rule, and every new Rules field with a test that fails without it."""

from __future__ import annotations

import attrs
import pytest

import shanghai_rules as sr

from .helpers import card, cards, hand, play, refused, table

C = sr.parse_cards


def _deal_sizes(rules: sr.Rules, players: int) -> list[int]:
    """The hand size dealt in each round of a quick game (every round ends at the turn limit)."""
    rules = attrs.evolve(rules, turn_limit=1)
    state = sr.new_game(rules, players, seed=3)
    sizes = []
    while not state.is_over:
        if state.phase == "cut":
            state = sr.apply(state, sr.Cut(state.cutter, 1))
        sizes.append(len(state.hands[0]))
        while state.phase in ("draw", "play"):
            if state.phase == "draw":
                state = sr.apply(state, sr.DrawStock(state.turn))
            else:
                discard = next(a for a in sr.legal_actions(state) if isinstance(a, sr.Discard))
                state = sr.apply(state, discard)
        if state.phase == "round_over":
            state = sr.apply(state, sr.StartRound())
    return sizes


# ---------------------------------------------------------------------------
# Liverpool


def test_liverpool_deals_10_cards_in_deals_1_to_4_and_12_in_deals_5_to_7() -> None:
    """hand_sizes: 10 cards in deals 1-4, 12 in deals 5-7."""
    assert _deal_sizes(sr.LIVERPOOL, 4) == [10, 10, 10, 10, 12, 12, 12]
    assert [sr.LIVERPOOL.hand_size_for(r) for r in range(1, 8)] == [10, 10, 10, 10, 12, 12, 12]


def test_hand_sizes_none_deals_hand_size_every_round() -> None:
    """Without hand_sizes every round deals hand_size: the field is what changes Liverpool's deal."""
    assert _deal_sizes(attrs.evolve(sr.LIVERPOOL, hand_sizes=None), 3) == [10] * 7


def test_liverpool_two_decks_up_to_four_players_three_for_more() -> None:
    """Two decks for up to 4 players, three for more (with two jokers each)."""
    assert sr.LIVERPOOL.card_count(4) == 108
    assert sr.LIVERPOOL.card_count(5) == 162


def test_liverpool_aces_high_or_low() -> None:
    """Aces high or low: A-2-3-4 and J-Q-K-A are runs; Q-K-A-2 is not."""
    assert sr.check_meld(C("AH 2H 3H 4H"), sr.LIVERPOOL)
    assert sr.check_meld(C("JH QH KH AH"), sr.LIVERPOOL)
    assert not sr.check_meld(C("QH KH AH 2H"), sr.LIVERPOOL)


def test_liverpool_wild_twos_only_by_agreement() -> None:
    """2s are wild only when the table agrees: wild_twos=True."""
    agreed = attrs.evolve(sr.LIVERPOOL, wild_twos=True)
    assert not sr.check_meld(C("5C 5D 2H"), sr.LIVERPOOL)
    assert sr.check_meld(C("5C 5D 2H"), agreed)
    state = sr.new_game(agreed, 4, seed=5)
    assert state.rules.wild_twos


# ---------------------------------------------------------------------------
# May I


def test_may_i_wilds_may_not_outnumber_naturals_when_laying_down() -> None:
    """At lay-down a meld holds no more wilds than naturals: 8-JK-2H is refused, 8-8-JK-2H accepted."""
    assert not sr.check_contract([C("8C JK 2H"), C("9C 9D 9S")], sr.MAY_I, 1)
    assert sr.check_contract([C("8C 8D JK 2H"), C("9C 9D 9S")], sr.MAY_I, 1)


def _down_position(rules: sr.Rules) -> sr.GameState:
    """Seat 1 on turn, down on an earlier turn, the set 8C 8D 8H on the table, holding two wilds."""
    state = sr.setup_round(rules, hands=["5C 6D 7H 9S QC", "3S 4S JK 2H KD", "4C 5D 10H JS QH"],
                           stock="KC KS 10C 10D", discard="6S", round_number=1, dealer=0)
    meld = sr.check_meld(C("8C 8D 8H"), rules).meld
    assert meld is not None
    state = attrs.evolve(state, table=(sr.TableMeld(owner=1, meld=meld),), down=(False, True, False))
    return sr.apply(state, sr.DrawStock(1))


def test_may_i_wilds_may_outnumber_naturals_when_laid_off() -> None:
    """After lay-down the limit no longer binds: 8-8-8 takes JK, 2H and another wild (wild_limits_on_lay_off)."""
    state = _down_position(sr.MAY_I)
    state = play(state, sr.LayOff(1, card("JK"), 0), sr.LayOff(1, card("2H"), 0))
    assert table(state) == [(1, "set", "8C 8D 8H JK 2H")]
    assert sr.check_meld(state.table[0].meld, sr.MAY_I, laid_off=True)


def test_wild_limits_on_lay_off_true_keeps_the_limit_for_lay_offs() -> None:
    """With wild_limits_on_lay_off=True the same lay-offs stop at the limit."""
    strict = attrs.evolve(sr.MAY_I, wild_limits_on_lay_off=True)
    state = _down_position(strict)
    state = play(state, sr.LayOff(1, card("JK"), 0), sr.LayOff(1, card("2H"), 0))
    assert table(state) == [(1, "set", "8C 8D 8H JK 2H")]  # 3 naturals, 2 wilds: still within
    state = attrs.evolve(state, hands=(state.hands[0], cards("JK JK QC"), state.hands[2]))
    state = play(state, sr.LayOff(1, card("JK"), 0))  # 3 wilds, 3 naturals: still within
    refused(state, sr.LayOff(1, card("JK"), 0))  # a fourth wild would outnumber the naturals
    loose = attrs.evolve(state, rules=sr.MAY_I)
    assert sr.is_legal(loose, sr.LayOff(1, card("JK"), 0))


def test_may_i_same_suit_contract_runs_need_a_gap_of_two_ranks() -> None:
    """contract_run_gap=2: 3-6C + 8-JC (one rank between) is refused, 3-6C + 9-QC accepted; overlaps are fine."""
    refusal = sr.check_contract([C("3C 4C 5C 6C"), C("8C 9C 10C JC"), C("KD KH KS")], sr.MAY_I, 2 + 4)
    assert not refusal
    assert "at least 2 ranks" in refusal.reason
    assert sr.check_contract([C("3C 4C 5C 6C"), C("9C 10C JC QC"), C("KD KH KS")], sr.MAY_I, 6, )
    assert sr.check_contract([C("3C 4C 5C 6C"), C("8C 9C 10C JC"), C("KD KH KS")], sr.ISRA, 6)


def test_may_i_no_laying_off_on_the_turn_you_go_down() -> None:
    """lay_off_on_going_down_turn=False: after going down, lay-offs wait for the next turn."""
    state = sr.setup_round(sr.MAY_I, hands=["9C 9D 9S 7H 7D 7S 9H KC", "5C 6D 7C 10S QC", "4C 5D 10H JS QH"],
                           stock="KD 3S 4S 5S 6S", discard="6C", round_number=1, dealer=2)
    state = play(state, sr.DrawStock(0), sr.LayDown(0, [C("9C 9D 9S"), C("7H 7D 7S")]))
    refused(state, sr.LayOff(0, card("9H"), 0), "may not lay off on the turn they go down")
    state = play(state, sr.Discard(0, card("KD")), sr.DrawStock(1), sr.Discard(1, card("QC")),
                 sr.DrawStock(2), sr.Discard(2, card("QH")), sr.DrawStock(0))
    state = play(state, sr.LayOff(0, card("9H"), 0))
    assert table(state)[0] == (0, "set", "9C 9D 9S 9H")


def test_may_i_only_a_player_not_yet_down_swaps_wilds_out_of_runs() -> None:
    """swap_eligibility='not_down': a down player may not swap; a player not down may."""
    run = sr.check_meld(C("5S 6S JK 8S"), sr.MAY_I).meld
    assert run is not None
    state = sr.setup_round(sr.MAY_I, hands=["7S 3D 4D QC QD", "7S KC 10D JD", "4C 5D 10H JS QH"],
                           stock="KD 3S 4S", discard="6C", round_number=2, dealer=2)
    state = attrs.evolve(state, table=(sr.TableMeld(owner=2, meld=run),), down=(False, True, True))
    state = play(state, sr.DrawStock(0), sr.SwapWild(0, card("7S"), 0))
    assert "JK" in hand(state, 0)
    down = attrs.evolve(state, turn=1, down=(False, True, True), hands=(state.hands[0], cards("7S KC 10D JD KS"),
                                                                         state.hands[2]))
    down = attrs.evolve(down, table=(sr.TableMeld(owner=2, meld=run),))
    refused(down, sr.SwapWild(1, card("7S"), 0), "only a player not yet down")


def test_may_i_buys_are_unlimited_with_one_penalty_card() -> None:
    """buy_limits None: buys never run out; each buy takes the upcard and one card from the stock."""
    state = sr.setup_round(sr.MAY_I, hands=["3S 4S 5S 6S 7S", "3D 4D 5D 6D 7D", "3H 4H 5H 6H 7H"],
                           stock="2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", discard="AC", round_number=1, dealer=2)
    assert state.buys_left == (None, None, None)
    for _ in range(4):
        seat_on_turn = state.turn
        buyer = next(s for s in range(3) if s != seat_on_turn and s != state.discarder)
        before = len(state.hands[buyer])
        state = play(state, sr.Buy(buyer), sr.DrawStock(seat_on_turn))
        assert len(state.hands[buyer]) == before + 2
        assert state.buys_left == (None, None, None)
        state = play(state, sr.Discard(seat_on_turn, state.hands[seat_on_turn][0]))


def test_may_i_players_who_are_down_may_not_buy() -> None:
    """buy_after_down=False: a seat that is down cannot ask to buy."""
    state = sr.setup_round(sr.MAY_I, hands=["3S 4S 5S", "3D 4D 5D", "3H 4H 5H"], stock="2C 3C", discard="AC",
                           round_number=1, dealer=2)
    state = attrs.evolve(state, down=(False, True, False))
    refused(state, sr.Buy(1), "down may not buy")
    assert sr.is_legal(state, sr.Buy(2))


def test_may_i_last_hand_goes_out_with_every_card_and_no_discard() -> None:
    """The sixth hand's contract takes the whole hand at once, with no discard."""
    last = sr.MAY_I.contract(6)
    assert last.no_discard and (last.sets, last.runs) == (1, 2)
    assert sr.MAY_I.rounds == 6


# ---------------------------------------------------------------------------
# ten-round, rule-book version


def test_ten_round_rulebook_deals_11_cards_every_deal() -> None:
    """11 cards every deal."""
    assert _deal_sizes(sr.TEN_ROUND_RULEBOOK, 4) == [11] * 10


@pytest.mark.parametrize(
    ("group", "legal"),
    [
        ("8C 8D JK", True), ("8C JK JK", False),                       # one wild in a set of 3
        ("4H 5H JK 7H", True), ("4H JK JK 7H", False),                 # one in a run of 4
        ("4H 5H JK 7H JK", True), ("4H JK 6H JK 8H JK", False),        # two in a run of 5 (or 6)
        ("4H JK 6H JK 8H JK 10H", True),                               # three in a run of 7
        ("2H JK 4H JK 6H JK 8H 9H JK JH", True),                       # four in a run of 10
    ],
)
def test_ten_round_rulebook_wilds_limited_by_meld_size(group: str, legal: bool) -> None:
    """max_wilds_by_length ((3, 1), (5, 2), (7, 3), (10, 4)): the limit grows with the meld."""
    assert bool(sr.check_meld(C(group), sr.TEN_ROUND_RULEBOOK)) is legal
    assert bool(sr.check_meld(C(group), attrs.evolve(sr.TEN_ROUND_RULEBOOK, max_wilds_by_length=None))) is True


def test_ten_round_rulebook_number_cards_cost_5() -> None:
    """Number cards 5 points, face cards 10, aces 20, jokers 50."""
    assert sr.hand_penalty(C("2C 9D 10H JS AS JK"), sr.TEN_ROUND_RULEBOOK) == 5 + 5 + 5 + 10 + 20 + 50


def _blind_game(hand: str, rules: sr.Rules = sr.TEN_ROUND_RULEBOOK) -> sr.GameState:
    state = sr.setup_round(rules, hands=[hand, "5C 6D 7C 10S QC", "4C 5D 10H JS QH"],
                           stock="KH 3S 4S 5S 6S", discard="6C", round_number=1, dealer=2)
    return play(state, sr.DrawStock(0))


def test_going_out_blind_without_wilds_earns_50() -> None:
    """Down and out in one turn with no wild played: 50 off the total."""
    state = _blind_game("5C 5D 5H 9C 9D 9S")
    state = play(state, sr.LayDown(0, [C("5C 5D 5H"), C("9C 9D 9S")]), sr.Discard(0, card("KH")))
    result = state.round_results[-1]
    assert result.went_out == 0 and result.bonus == 50
    assert result.points[0] == -50 and state.scores[0] == -50


def test_going_out_blind_with_a_wild_earns_25() -> None:
    """Down and out in one turn with a wild played: 25 off the total."""
    state = _blind_game("5C 5D JK 9C 9D 9S")
    state = play(state, sr.LayDown(0, [C("5C 5D JK"), C("9C 9D 9S")]), sr.Discard(0, card("KH")))
    assert state.round_results[-1].bonus == 25
    assert state.scores[0] == -25


def test_no_blind_bonus_for_a_player_down_before() -> None:
    """Going out on a later turn than the one the player went down on earns no bonus."""
    state = _blind_game("5C 5D 5H 9C 9D 9S 4D")
    state = play(state, sr.LayDown(0, [C("5C 5D 5H"), C("9C 9D 9S")]), sr.Discard(0, card("KH")),
                 sr.DrawStock(1), sr.Discard(1, card("QC")), sr.DrawStock(2), sr.Discard(2, card("QH")),
                 sr.DrawStock(0), sr.LayOff(0, card("5S"), 0), sr.Discard(0, card("4D")))
    result = state.round_results[-1]
    assert result.went_out == 0 and result.bonus == 0 and state.scores[0] == 0


def test_blind_bonus_zero_by_default() -> None:
    """Without blind_bonus the same going out earns nothing."""
    state = _blind_game("5C 5D 5H 9C 9D 9S", attrs.evolve(sr.TEN_ROUND_RULEBOOK, blind_bonus=0,
                                                          blind_bonus_without_wilds=0))
    state = play(state, sr.LayDown(0, [C("5C 5D 5H"), C("9C 9D 9S")]), sr.Discard(0, card("KH")))
    assert state.round_results[-1].bonus == 0 and state.scores[0] == 0


# ---------------------------------------------------------------------------
# contract rummy scoring


def test_contract_rummy_scores_pips_faces_10_aces_and_wilds_15() -> None:
    """Number cards at face value, face cards 10, aces and every wild 15."""
    assert sr.hand_penalty(C("2C 9D 10H KS AS JK"), sr.CONTRACT_RUMMY) == 2 + 9 + 10 + 10 + 15 + 15


def test_wild_two_value_counts_wild_twos_as_wilds() -> None:
    """wild_two_value: where 2s are wild, a 2 in hand costs what a wild costs."""
    wild_twos = attrs.evolve(sr.CONTRACT_RUMMY, wild_twos=True)
    assert sr.hand_penalty(C("2C 2D"), wild_twos) == 30
    assert sr.hand_penalty(C("2C 2D"), sr.CONTRACT_RUMMY) == 4
    assert sr.hand_penalty(C("2C 2D"), attrs.evolve(wild_twos, wild_two_value=None)) == 4


# ---------------------------------------------------------------------------
# every preset through the public API


@pytest.mark.parametrize("name", ["liverpool", "may-i", "ten-round-rulebook", "contract-rummy"])
def test_house_presets_are_listed_by_get_rules(name: str) -> None:
    """Each house variant is a preset that get_rules lists."""
    assert sr.get_rules(name) is sr.PRESETS[name]
    assert sr.get_rules(name).name == name


@pytest.mark.parametrize("name", ["pagat7", "ten-round", "isra"])
def test_original_presets_keep_their_house_fields_off(name: str) -> None:
    """The three SPEC presets keep exactly their behaviour: every house-rule field is off."""
    rules = sr.get_rules(name)
    assert rules.hand_sizes is None and rules.max_wilds_by_length is None and rules.wild_limits_on_lay_off
    assert rules.blind_bonus == rules.blind_bonus_without_wilds == 0 and rules.wild_two_value is None
    assert None not in rules.buy_limits


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("hand_sizes", (10, 12), "hand_sizes"),
        ("hand_sizes", (10,) * 6 + (0,), "hand_sizes[6]"),
        ("max_wilds_by_length", ((5, 2), (3, 1)), "max_wilds_by_length[1][0]"),
        ("max_wilds_by_length", ((3, -1),), "max_wilds_by_length[0][1]"),
        ("blind_bonus", -5, "blind_bonus"),
        ("wild_two_value", "15", "wild_two_value"),
        ("wild_limits_on_lay_off", 1, "wild_limits_on_lay_off"),
        ("buy_limits", (None,) * 6 + (-1,), "buy_limits[6]"),
    ],
)
def test_house_rule_fields_are_validated(field: str, value: object, words: str) -> None:
    """Every new field is checked when a Rules is built, naming the field."""
    with pytest.raises(sr.RulesError, match=words.replace("[", r"\[").replace("]", r"\]")):
        attrs.evolve(sr.LIVERPOOL, **{field: value})
