"""Rules: the three presets field by field against SPEC 3, get_rules, and unplayable Rules refused."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.rules import CARD_VALUES_ISRA, CARD_VALUES_PAGAT, MAX_STEPS

C = sr.Contract

# SPEC 3, the table of the three presets, one entry per row (and per field of Rules).
# Penalty values in the order 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A, joker.
PAGAT_VALUES = (5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20, 50)  # 2-7: 5, 8-K: 10, A: 20, joker: 50 (001)
ISRA_VALUES = (5, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 20, 50)  # 2-10: 5, J/Q/K: 10, A: 20, joker: 50 (002)

SPEC3: dict[str, dict[str, Any]] = {
    "pagat7": dict(
        name="pagat7",
        min_players=3, max_players=5,                                  # 3-5 (001)
        decks_by_players=((5, 2),), jokers_per_deck=2,                 # 2 x 52 + 4 jokers (001)
        hand_size=11,                                                  # (001)
        contracts=(C(sets=2), C(sets=1, runs=1), C(runs=2), C(sets=3), C(sets=2, runs=1),
                   C(sets=1, runs=2), C(runs=3, no_discard=True)),     # 7 rounds (000); round 7 whole hand
        min_set_length=3, min_run_length=4,                            # SPEC 2
        wild_twos=False,                                               # jokers only (000)
        ace_low=False,                                                 # aces high only (000, 001)
        max_wilds_per_meld=1, wilds_at_most_naturals=False, run_wilds_apart=False,  # at most 1 (000, 001)
        distinct_contract_set_ranks=True,                              # different ranks (000, 001)
        contract_run_gap=1,                                            # 2-5C + 6-9C is not two runs (000)
        lay_off_on_going_down_turn=True,                               # (000, 001)
        buy_limits=(2,) * 7, buy_penalty_cards=2,                      # 2 buys, upcard + 2 (000, 001)
        buy_after_down=True,                                           # (ruling)
        shanghai_call=True,                                            # (000, 001)
        swap_from_runs=True, swap_from_sets=False,                     # runs only (000)
        swap_eligibility="down_earlier_turn",                          # went down on an earlier turn (000)
        swapped_wild_must_be_played=True, swap_forces_going_down=False,
        going_out="any",                                               # by any play or last discard (000)
        cut_penalty=None,                                              # no cut
        card_values=PAGAT_VALUES,
        hand_sizes=None, max_wilds_by_length=None, wild_limits_on_lay_off=True,  # house-rule fields off
        wild_two_value=None, blind_bonus=0, blind_bonus_without_wilds=0,
        discarder_may_buy=False, take_upcard_when_down=True, swappable_wilds="any",  # other tables' fields off
        going_down_keeps_a_card=False, buy_needs_stock=False, contract_runs_overlap=True,
        contract_melds_exact=False, distinct_contract_set_suits=False, opening_draw=False,
        stock_rebuild="under_upcard", stock_rebuilds=None, fresh_deck_when_empty=False, deadlock_ends_round=False,
        natural_twos=True, discarded_twos_die=False, buy_window="before_draw", buy_offers="at_once",
        turn_limit=50,
    ),
    "ten-round": dict(
        name="ten-round",
        min_players=3, max_players=8,                                  # 3-8 (003)
        decks_by_players=((4, 2), (6, 3), (8, 4)), jokers_per_deck=2,  # 2 decks <=4, 3 for 5-6, 4 for 7-8 (003)
        hand_size=10,                                                  # (003)
        contracts=(C(sets=2), C(sets=1, runs=1), C(runs=2), C(sets=1, runs=1, run_length=5), C(sets=3),
                   C(sets=1, runs=1, run_length=7), C(runs=3), C(sets=1, runs=1, run_length=10),
                   C(sets=3, runs=1, run_length=5), C(runs=3, run_length=5)),  # 10 rounds (003)
        min_set_length=3, min_run_length=4,
        wild_twos=False,                                               # jokers (003, 004)
        ace_low=True,                                                  # high or low (004)
        max_wilds_per_meld=None, wilds_at_most_naturals=True, run_wilds_apart=False,  # 8-8-JK-JK yes (004)
        distinct_contract_set_ranks=False,                             # (ruling)
        contract_run_gap=0,                                            # (ruling)
        lay_off_on_going_down_turn=True,                               # (003)
        buy_limits=(3,) * 9 + (4,), buy_penalty_cards=1,               # (003)
        buy_after_down=False,                                          # (003)
        shanghai_call=False,
        swap_from_runs=True, swap_from_sets=True,                      # runs and sets (004)
        swap_eligibility="anyone",                                     # any player (004)
        swapped_wild_must_be_played=False, swap_forces_going_down=True,  # not down: go down that turn (004)
        going_out="discard",                                           # only by discarding the last card (003)
        cut_penalty=None,
        card_values=PAGAT_VALUES,                                      # as pagat7 (ruling)
        hand_sizes=None, max_wilds_by_length=None, wild_limits_on_lay_off=True,  # house-rule fields off
        wild_two_value=None, blind_bonus=0, blind_bonus_without_wilds=0,
        discarder_may_buy=False, take_upcard_when_down=True, swappable_wilds="any",  # other tables' fields off
        going_down_keeps_a_card=False, buy_needs_stock=False, contract_runs_overlap=True,
        contract_melds_exact=False, distinct_contract_set_suits=False, opening_draw=False,
        stock_rebuild="under_upcard", stock_rebuilds=None, fresh_deck_when_empty=False, deadlock_ends_round=False,
        natural_twos=True, discarded_twos_die=False, buy_window="before_draw", buy_offers="at_once",
        turn_limit=50,
    ),
    "isra": dict(
        name="isra",
        min_players=3, max_players=8,                                  # (ruling)
        decks_by_players=((8, 3),), jokers_per_deck=2,                 # 3 x 54 = 162 (002)
        hand_size=11,                                                  # (002)
        contracts=(C(sets=2), C(sets=1, runs=1), C(runs=2), C(sets=3), C(sets=2, runs=1),
                   C(sets=1, runs=2), C(runs=3)),                      # 7 rounds, no special last round (002)
        min_set_length=3, min_run_length=4,                            # (002)
        wild_twos=True,                                                # jokers and 2s
        ace_low=True,                                                  # high or low (002)
        max_wilds_per_meld=None, wilds_at_most_naturals=False, run_wilds_apart=True,  # (002)
        distinct_contract_set_ranks=False, contract_run_gap=0,         # (ruling)
        lay_off_on_going_down_turn=True,                               # (ruling)
        buy_limits=(2,) * 7, buy_penalty_cards=2,                      # (002)
        buy_after_down=True,                                           # (ruling)
        shanghai_call=False,
        swap_from_runs=True, swap_from_sets=False,                     # runs only (002)
        swap_eligibility="down",                                       # only a player who is down (002)
        swapped_wild_must_be_played=True, swap_forces_going_down=False,
        going_out="play",                                              # only by playing every card (002)
        cut_penalty=50,                                                # (002)
        card_values=ISRA_VALUES,
        hand_sizes=None, max_wilds_by_length=None, wild_limits_on_lay_off=True,  # house-rule fields off
        wild_two_value=None, blind_bonus=0, blind_bonus_without_wilds=0,
        discarder_may_buy=False, take_upcard_when_down=True, swappable_wilds="any",  # other tables' fields off
        going_down_keeps_a_card=False, buy_needs_stock=False, contract_runs_overlap=True,
        contract_melds_exact=False, distinct_contract_set_suits=False, opening_draw=False,
        stock_rebuild="under_upcard", stock_rebuilds=None, fresh_deck_when_empty=False, deadlock_ends_round=False,
        natural_twos=True, discarded_twos_die=False, buy_window="before_draw", buy_offers="at_once",
        turn_limit=50,
    ),
}


@pytest.mark.parametrize("name", list(SPEC3))
def test_preset_matches_spec3_table_field_by_field_spec3(name: str) -> None:
    """SPEC 3: every row of the table of presets is a field of the preset, with the table's value."""
    preset = sr.get_rules(name)
    expected = SPEC3[name]
    fields = {field.name for field in attrs.fields(sr.Rules) if field.init}
    assert set(expected) == fields, "a Rules field the table misses"
    for field, value in expected.items():
        assert getattr(preset, field) == value, field


@pytest.mark.parametrize(
    ("rules", "described"),
    [
        (sr.PAGAT7, ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3",
                     "2 sets of 3 + 1 run of 4", "1 set of 3 + 2 runs of 4",
                     "3 runs of 4, whole hand, no discard"]),
        (sr.ISRA, ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3",
                   "2 sets of 3 + 1 run of 4", "1 set of 3 + 2 runs of 4", "3 runs of 4"]),
        (sr.TEN_ROUND, ["2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "1 set of 3 + 1 run of 5",
                        "3 sets of 3", "1 set of 3 + 1 run of 7", "3 runs of 4", "1 set of 3 + 1 run of 10",
                        "3 sets of 3 + 1 run of 5", "3 runs of 5"]),
    ],
    ids=["pagat7", "isra", "ten-round"],
)
def test_contract_of_every_round_reads_as_spec3_table_spec3(rules: sr.Rules, described: list[str]) -> None:
    """SPEC 3 contracts table (003 for ten-round): ``rules.contract(n)`` for every round, in words."""
    assert rules.rounds == len(described)
    assert [rules.contract(n).describe() for n in range(1, rules.rounds + 1)] == described


def test_contract_counts_melds_and_fewest_cards_spec3() -> None:
    """SPEC 3: ten-round round 9 is 3 sets of 3 + a run of 5: four melds, at least 14 cards (003)."""
    nine = sr.TEN_ROUND.contract(9)
    assert (nine.melds, nine.min_cards) == (4, 14)
    assert (sr.TEN_ROUND.contract(8).melds, sr.TEN_ROUND.contract(8).min_cards) == (2, 13)
    assert sr.PAGAT7.contract(7).min_cards == 12  # the whole hand: 11 dealt + 1 drawn (000)


@pytest.mark.parametrize("name", list(SPEC3))
def test_buy_limit_per_round_spec3(name: str) -> None:
    """SPEC 3 buys row: 2 per round (000, 001, 002); ten-round 3 in rounds 1-9 and 4 in round 10 (003)."""
    rules = sr.get_rules(name)
    limits = [rules.buy_limit(n) for n in range(1, rules.rounds + 1)]
    assert limits == ([3] * 9 + [4] if name == "ten-round" else [2] * 7)


@pytest.mark.parametrize(("rules", "bad_round"), [(sr.PAGAT7, 0), (sr.PAGAT7, 8), (sr.TEN_ROUND, 11), (sr.ISRA, -1)])
def test_buy_limit_regression_round_outside_the_game_is_refused(rules: sr.Rules, bad_round: int) -> None:
    """Regression: ``buy_limit(0)`` gave the last round's limit and ``buy_limit(8)`` an IndexError."""
    with pytest.raises(sr.RulesError, match="round_number"):
        rules.buy_limit(bad_round)
    with pytest.raises(sr.RulesError, match="round_number"):
        rules.contract(bad_round)


@pytest.mark.parametrize(
    ("rules", "players", "decks"),
    [(sr.PAGAT7, 3, 2), (sr.PAGAT7, 5, 2), (sr.TEN_ROUND, 4, 2), (sr.TEN_ROUND, 5, 3), (sr.TEN_ROUND, 6, 3),
     (sr.TEN_ROUND, 7, 4), (sr.ISRA, 8, 3)],
)
def test_decks_for_player_count_spec3(rules: sr.Rules, players: int, decks: int) -> None:
    """SPEC 3 decks row (001, 002, 003)."""
    assert rules.decks_for(players) == decks


@pytest.mark.parametrize(("rules", "players"), [(sr.PAGAT7, 2), (sr.PAGAT7, 6), (sr.TEN_ROUND, 9), (sr.ISRA, 0)])
def test_decks_for_regression_player_count_the_rules_do_not_allow(rules: sr.Rules, players: int) -> None:
    """Regression: ``decks_for(2)`` under pagat7 (3-5 players) answered instead of refusing the seat count."""
    with pytest.raises(sr.RulesError, match="players"):
        rules.decks_for(players)


# ---------------------------------------------------------------------------
# get_rules


@pytest.mark.parametrize(
    ("name", "preset"),
    [("pagat7", sr.PAGAT7), ("PAGAT7", sr.PAGAT7), ("ten-round", sr.TEN_ROUND), ("Ten-Round", sr.TEN_ROUND),
     ("isra", sr.ISRA), (" ISRA ", sr.ISRA)],
)
def test_get_rules_names_the_presets_in_any_case_spec5(name: str, preset: sr.Rules) -> None:
    """SPEC 5: ``get_rules("pagat7")``, also "ten-round", "isra"."""
    assert sr.get_rules(name) is preset
    assert sr.PRESETS[preset.name] is preset


@pytest.mark.parametrize("name", ["pagat", "ten_round", "seven", "", 7, None])
def test_get_rules_unknown_name_lists_the_known_ones_spec6(name: object) -> None:
    """SPEC 6: an unknown variant name is a RulesError (a ValueError) that a person can act on."""
    if name in ("pagat", "ten_round"):  # documented aliases
        assert sr.get_rules(name) in (sr.PAGAT7, sr.TEN_ROUND)
        return
    with pytest.raises(sr.RulesError) as info:
        sr.get_rules(name)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    if isinstance(name, str):
        assert "pagat7" in str(info.value) and "ten-round" in str(info.value) and "isra" in str(info.value)


# ---------------------------------------------------------------------------
# house variants and unplayable Rules


def test_house_variant_by_evolve_changes_one_field_and_no_preset_spec5() -> None:
    """SPEC 5: ``attrs.evolve(sr.PAGAT7, wild_twos=True)`` is a house variant; the preset stays as it was."""
    house = attrs.evolve(sr.PAGAT7, wild_twos=True)
    assert house.wild_twos and not sr.PAGAT7.wild_twos
    differing = [f.name for f in attrs.fields(sr.Rules)
                 if f.init and getattr(house, f.name) != getattr(sr.PAGAT7, f.name)]
    assert differing == ["wild_twos"]
    assert house != sr.PAGAT7
    assert attrs.evolve(sr.PAGAT7) == sr.PAGAT7 and hash(attrs.evolve(sr.PAGAT7)) == hash(sr.PAGAT7)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sr.PAGAT7.wild_twos = True  # type: ignore[misc]


def test_rules_fields_are_keyword_only_style6() -> None:
    """STYLE 6: a variant is data with keyword-only fields."""
    with pytest.raises(TypeError):
        sr.Rules("pagat7")  # type: ignore[call-arg]


UNPLAYABLE: list[tuple[dict[str, Any], str]] = [
    # no contracts
    ({"contracts": ()}, "contracts"),
    ({"contracts": [C(sets=2)] * 7}, "contracts"),
    ({"contracts": (C(sets=2), "2 sets") + (C(runs=2),) * 5}, "contracts[1]"),
    ({"contracts": (C(sets=2),) * 6}, "buy_limits"),  # seven buy limits for six rounds
    # too few cards to deal
    ({"hand_size": 60}, "hand_size"),
    ({"hand_size": 22}, "hand_size"),  # 5 x 22 + 2 = 112 > 108
    ({"decks_by_players": ((5, 1),)}, "hand_size"),  # 5 x 11 + 2 = 57 > 54
    ({"decks_by_players": ((4, 2),)}, "decks_by_players"),  # says nothing for 5 players
    ({"decks_by_players": ()}, "decks_by_players"),
    ({"decks_by_players": [(5, 2)]}, "decks_by_players"),
    ({"decks_by_players": ((5, 0),)}, "decks_by_players[0][1]"),
    ({"decks_by_players": ((4, 2), (3, 3))}, "decks_by_players[1][0]"),
    ({"decks_by_players": ((5, 2, 1),)}, "decks_by_players[0]"),
    # a run minimum over the run's possible length (13 cards)
    ({"min_run_length": 14}, "min_run_length"),
    ({"min_run_length": 1}, "min_run_length"),
    ({"min_set_length": 1}, "min_set_length"),
    ({"min_set_length": 4}, "contracts[0]"),  # round 1 asks for sets of 3
    # wrong types and values
    ({"name": ""}, "name"),
    ({"name": 7}, "name"),
    ({"min_players": 1}, "min_players"),
    ({"max_players": 2}, "max_players"),
    ({"min_players": "3"}, "min_players"),
    ({"jokers_per_deck": -1}, "jokers_per_deck"),
    # more cards than any table holds (MAX_CARDS): new_game would crash or exhaust memory
    ({"jokers_per_deck": 2**62}, "jokers_per_deck"),
    ({"decks_by_players": ((5, 10**7),)}, "decks_by_players"),
    ({"decks_by_players": ((5, 2), (6, 500))}, "decks_by_players"),
    ({"hand_size": 0}, "hand_size"),
    ({"hand_size": "11"}, "hand_size"),
    ({"hand_size": 11.0}, "hand_size"),
    ({"wild_twos": 1}, "wild_twos"),
    ({"ace_low": "yes"}, "ace_low"),
    ({"shanghai_call": None}, "shanghai_call"),
    ({"max_wilds_per_meld": -1}, "max_wilds_per_meld"),
    ({"max_wilds_per_meld": True}, "max_wilds_per_meld"),
    ({"contract_run_gap": -1}, "contract_run_gap"),
    ({"buy_limits": (2,) * 6 + (-1,)}, "buy_limits[6]"),
    ({"buy_limits": [2] * 7}, "buy_limits"),
    ({"buy_penalty_cards": -2}, "buy_penalty_cards"),
    ({"swap_eligibility": "everyone"}, "swap_eligibility"),
    ({"going_out": "never"}, "going_out"),
    ({"cut_penalty": -50}, "cut_penalty"),
    ({"card_values": (5,) * 13}, "card_values"),
    ({"card_values": list(CARD_VALUES_PAGAT)}, "card_values"),
    ({"card_values": CARD_VALUES_ISRA[:-1] + (-50,)}, "card_values"),
    ({"turn_limit": 0}, "turn_limit"),
    ({"turn_limit": "50"}, "turn_limit"),
]


@pytest.mark.parametrize(("change", "field"), UNPLAYABLE, ids=[f"{next(iter(c))}-{i}" for i, (c, _) in
                                                                enumerate(UNPLAYABLE)])
def test_unplayable_rules_refused_by_constructor_and_evolve_naming_the_field_spec3(
    change: dict[str, Any], field: str
) -> None:
    """SPEC 3, 6: a Rules that cannot be played (no contracts, too few cards to deal, a run minimum over
    13, wrong types) is refused when built, also through ``attrs.evolve``, with a RulesError naming the field."""
    with pytest.raises(sr.RulesError) as by_evolve:
        attrs.evolve(sr.PAGAT7, **change)
    assert str(by_evolve.value).startswith(field), str(by_evolve.value)
    assert isinstance(by_evolve.value, ValueError)
    arguments = {f.name: getattr(sr.PAGAT7, f.name) for f in attrs.fields(sr.Rules) if f.init}
    arguments.update(change)
    with pytest.raises(sr.RulesError) as by_constructor:
        sr.Rules(**arguments)
    assert str(by_constructor.value) == str(by_evolve.value)


def test_too_few_cards_checked_for_every_bracket_of_player_counts_spec3() -> None:
    """SPEC 3: ten-round with a single deck for 5-6 players cannot deal 6 x 10 + a flip card (54 cards)."""
    with pytest.raises(sr.RulesError, match=r"^hand_size: 6 players"):
        attrs.evolve(sr.TEN_ROUND, decks_by_players=((4, 2), (6, 1), (8, 4)))
    # the same single deck is enough for 5 players at most: 5 x 10 + 2 = 52 <= 54
    house = attrs.evolve(sr.TEN_ROUND, max_players=5, decks_by_players=((4, 2), (5, 1)))
    assert house.card_count(5) == 54


def test_rules_refuse_more_seats_than_a_table_may_have_naming_the_limit() -> None:
    """A table has at most MAX_PLAYERS seats (documented on the rules page): a trillion seats, or
    seventeen, are refused at once naming max_players and the limit; sixteen are allowed where the
    decks deal them."""
    from shanghai_rules.rules import MAX_PLAYERS

    for seats in (10**12, MAX_PLAYERS + 1):
        with pytest.raises(sr.RulesError, match=rf"^max_players: at most {MAX_PLAYERS} seats, not {seats}"):
            attrs.evolve(sr.ISRA, max_players=seats, decks_by_players=((seats, 10),))
    big = attrs.evolve(sr.ISRA, max_players=MAX_PLAYERS, decks_by_players=((MAX_PLAYERS, 6),))
    assert big.decks_for(MAX_PLAYERS) == 6


@pytest.mark.parametrize(
    ("make", "field"),
    [
        (lambda: C(), "Contract"),
        (lambda: C(sets=-1, runs=2), "Contract.sets"),
        (lambda: C(runs=True), "Contract.runs"),
        (lambda: C(runs=1, run_length=14), "Contract.run_length"),
        (lambda: C(sets=1, set_length=1), "Contract.set_length"),
        (lambda: C(runs=3, no_discard=1), "Contract.no_discard"),  # type: ignore[arg-type]
    ],
)
def test_unplayable_contract_refused_naming_the_field_spec3(make: Any, field: str) -> None:
    """SPEC 3: a contract with no melds or a run longer than 13 cards cannot be played."""
    with pytest.raises(sr.RulesError) as info:
        make()
    assert str(info.value).startswith(field)


def test_contract_run_of_13_is_the_longest_playable_spec3() -> None:
    """SPEC 3 (ruling): a run has at most 13 cards, so a contract may ask for exactly 13."""
    assert C(runs=1, run_length=13).min_cards == 13
    house = attrs.evolve(sr.ISRA, min_run_length=13, contracts=(C(runs=1, run_length=13),), buy_limits=(2,))
    assert house.rounds == 1


@pytest.mark.parametrize("name", sorted(sr.PRESETS))
def test_a_game_is_played_by_min_players_to_max_players_seats_spec3(name: str) -> None:
    """SPEC 3: each preset's player counts, from ``min_players`` to ``max_players`` and no others;
    ``new_game`` and ``decks_for`` refuse the others with the rule's own answer."""
    rules = sr.get_rules(name)
    for players in range(0, rules.max_players + 3):
        allowed = rules.min_players <= players <= rules.max_players
        assert rules.allows_players(players) == allowed
        if not allowed:
            with pytest.raises(sr.RulesError):
                sr.new_game(rules, players)
            with pytest.raises(sr.RulesError):
                rules.decks_for(players)
    assert not rules.allows_players(float(rules.min_players)) and not rules.allows_players(True)


@pytest.mark.parametrize("preset", [sr.PAGAT7, sr.ISRA])
def test_rules_with_hundreds_of_jokers_are_built_and_played_spec3(preset: sr.Rules) -> None:
    """A house rule of 150 jokers a deck (more of one card than a byte counts) is a playable ``Rules``:
    a game of it is played to its end, its record replays, and its state reads back from JSON."""
    rules = attrs.evolve(preset, name="many jokers", jokers_per_deck=150)
    start = sr.new_game(rules, 3, seed=2)
    dealt = [*start.stock, *start.discard, *(card for hand in start.hands for card in hand)]
    assert sum(card.is_joker for card in dealt) == 150 * rules.decks_for(3) > 255
    final, record = sr.play_game(rules, [sr.GreedyPlayer() for _ in range(3)], seed=2)
    assert final.is_over and sr.final_state(record) == final
    assert sr.from_json(sr.to_json(final)) == final


def test_a_wild_limit_by_length_finds_a_lengths_step_as_the_steps_read_in_order() -> None:
    """``max_wilds_by_length``: a meld may hold the number paired with the longest listed length it
    reaches.  The limits find that step by bisection; the same as reading every step in order."""
    import random

    from shanghai_rules.wild_limits import WildLimits

    rng = random.Random(5)
    for _ in range(200):
        reaches = sorted(rng.sample(range(1, 40), rng.randint(1, 6)))
        steps = tuple((reach, rng.randint(0, 5)) for reach in reaches)
        per_meld = rng.choice((None, 1, 3))
        limits = WildLimits(per_meld, steps, False, False, True)
        for length in range(45):
            by_length = 0
            for reach, most in steps:
                if length >= reach:
                    by_length = most
            expected = by_length if per_meld is None else min(per_meld, by_length)
            assert limits.most(length) == expected, (steps, per_meld, length)


@pytest.mark.parametrize("steps", [
    ((3, 1), (10**9, 2)),
    ((10**9, 0),),
    tuple((n, 2 * (n % 2 == 0)) for n in range(1, MAX_STEPS + 1)),
])
def test_wild_limits_by_length_of_any_length_are_judged_within_the_cards_in_play(
        steps: tuple[tuple[int, int], ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """A limit by length may name any length up to a billion, and a thousand of them; no meld is longer
    than the cards in play (``MAX_CARDS``), so the rules are judged over melds of up to that many cards
    (building such rules asked the limits once for every length up to the last named: about 20 minutes
    for a billion, 28 s for 3,000 steps)."""
    from shanghai_rules.wild_limits import WildLimits

    asked = [0]
    most = WildLimits.most

    def counting(limits: WildLimits, length: int) -> int | None:
        asked[0] += 1
        assert asked[0] < 60_000, "the limits asked for too many lengths"
        return most(limits, length)

    monkeypatch.setattr(WildLimits, "most", counting)
    contract = sr.Contract(sets=1, runs=1, set_length=5, run_length=4)
    for contracts in ((contract,), sr.PAGAT7.contracts):
        try:
            attrs.evolve(sr.PAGAT7, contracts=contracts, buy_limits=(2,) * len(contracts), max_wilds_per_meld=None,
                         max_wilds_by_length=steps, distinct_contract_set_suits=True)
        except sr.RulesError as error:
            assert error.code == "bad_rules"
    assert asked[0] > 0


@pytest.mark.parametrize(("changes", "length", "why"), [
    ({"jokers_per_deck": 0}, 6, "these rules put no wilds in play"),
    ({}, 6, "the wild limits let no set of 6 or more cards be four naturals and the rest wilds"),
    ({"max_wilds_per_meld": None, "wilds_at_most_naturals": True}, 9,
     "the wild limits let no set of 9 or more cards be four naturals and the rest wilds"),
])
def test_sets_of_different_suits_longer_than_four_are_refused_naming_what_keeps_wilds_out(
        changes: dict[str, object], length: int, why: str) -> None:
    contracts = (sr.Contract(sets=1, set_length=length), *sr.PAGAT7.contracts[1:])
    with pytest.raises(sr.RulesError) as caught:
        attrs.evolve(sr.PAGAT7, contracts=contracts, distinct_contract_set_suits=True, **changes)  # type: ignore[arg-type]
    assert caught.value.code == "bad_rules"
    assert str(caught.value).endswith(
        f"round 1's sets of {length} cards hold at most four naturals, one of each suit, and {why}")


def test_a_contract_the_fewest_decks_the_rules_deal_cannot_make_is_refused() -> None:
    """The cards in play must make every round's contract at every table the rules allow: ten-round
    deals two decks to three or four seats, which hold eight kings and no joker without jokers_per_deck."""
    contracts = (sr.Contract(sets=1, set_length=9), *sr.TEN_ROUND.contracts[1:])
    with pytest.raises(sr.RulesError) as caught:
        attrs.evolve(sr.TEN_ROUND, contracts=contracts, jokers_per_deck=0)
    assert caught.value.code == "bad_rules" and "104 cards, 3 players" in str(caught.value)
    three_decks = attrs.evolve(sr.TEN_ROUND, contracts=contracts, jokers_per_deck=0, min_players=5,
                               decks_by_players=((8, 3),))
    assert three_decks.decks_for(5) == 3
    assert attrs.evolve(sr.TEN_ROUND, contracts=contracts).contracts[0].set_length == 9  # (jokers make it)


@pytest.mark.parametrize("field, pairs", [
    ("max_wilds_by_length", tuple((n, 1) for n in range(1, MAX_STEPS + 1))),
    ("decks_by_players", tuple((n, 3) for n in range(1, MAX_STEPS + 1))),
])
def test_step_fields_hold_at_most_max_steps_pairs_and_read_back_from_json(field: str,
                                                                          pairs: tuple[tuple[int, int], ...]) -> None:
    """``decks_by_players`` and ``max_wilds_by_length`` take up to ``MAX_STEPS`` pairs, and such rules read
    back from their JSON (the reader took 16 pairs, so rules of 17 did not); one pair more is refused, naming
    the limit."""
    rules = attrs.evolve(sr.ISRA, **{field: pairs})
    assert sr.from_json(sr.to_json(rules)) == rules
    more = (*pairs, (MAX_STEPS + 1, pairs[-1][1]))
    with pytest.raises(sr.RulesError, match=f"{field}: at most {MAX_STEPS:,} pairs") as refused:
        attrs.evolve(sr.ISRA, **{field: more})
    assert refused.value.code == "bad_rules"
