"""Computer players and the game loop: RandomPlayer, GreedyPlayer, play_game."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.players import Choice, GreedyPlayer, Pass, Player, RandomPlayer, play_game
from shanghai_rules.records import GameRecord, final_state
from shanghai_rules.state import TableMeld
from shanghai_rules.views import PlayerView, observe

SHORT = attrs.evolve(sr.PAGAT7, contracts=sr.PAGAT7.contracts[:2], buy_limits=(2, 2))
"""pagat7 cut to its first two rounds (2 sets; 1 set + 1 run), for quick games."""


def short(rules: sr.Rules, rounds: int = 2) -> sr.Rules:
    """``rules`` cut to its first ``rounds`` rounds."""
    return attrs.evolve(rules, contracts=rules.contracts[:rounds], buy_limits=rules.buy_limits[:rounds])


def card(text: str) -> sr.Card:
    return sr.parse_card(text)


def offered(state: sr.GameState, seat: int) -> tuple[PlayerView, list[Choice]]:
    """The view and the choices the game loop would offer ``seat`` now."""
    view = observe(state, seat)
    if state.phase == "draw" and seat != state.turn:
        choices: list[Choice] = [a for a in view.legal_actions if isinstance(a, (sr.Buy, sr.CallShanghai))]
        choices.append(Pass(seat))
        return view, choices
    return view, [a for a in view.legal_actions if not isinstance(a, sr.WithdrawBuy)]


def greedy(state: sr.GameState, seat: int) -> Choice:
    view, choices = offered(state, seat)
    return GreedyPlayer().choose(view, choices)


class Spy:
    """Wraps a player and checks everything it is given."""

    def __init__(self, inner: Player, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.calls = 0
        self.passes_offered = 0

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        assert not isinstance(view, sr.GameState), "a player was passed the full state"
        assert isinstance(view, PlayerView)
        assert view.player == self.seat
        assert actions, "a player was asked to choose from nothing"
        for action in actions:
            assert getattr(action, "player", self.seat) == self.seat
            assert not isinstance(action, sr.WithdrawBuy)
        if any(isinstance(a, Pass) for a in actions):
            self.passes_offered += 1
            assert view.phase == "draw" and view.turn != self.seat
            assert all(isinstance(a, (Pass, sr.Buy, sr.CallShanghai)) for a in actions)
        elif view.phase in ("draw", "play"):
            assert view.turn == self.seat, "only the seat on turn chooses without a pass"
        self.calls += 1
        return self.inner.choose(view, actions)


# ---------------------------------------------------------------------------
# the game loop


@pytest.mark.parametrize("rules", [short(sr.PAGAT7), short(sr.TEN_ROUND), short(sr.ISRA)], ids=lambda r: r.name)
def test_players_only_ever_receive_their_own_view_never_the_state(rules: sr.Rules) -> None:
    spies = [Spy(GreedyPlayer(1) if seat % 2 else RandomPlayer(seat), seat) for seat in range(4)]
    state, record = play_game(rules, spies, seed=5)
    assert state.is_over
    assert all(spy.calls for spy in spies)
    assert any(spy.passes_offered for spy in spies)
    assert isinstance(record, GameRecord)


def test_the_record_replays_to_the_same_final_state() -> None:
    players: list[Player] = [GreedyPlayer(0), RandomPlayer(1), GreedyPlayer(2), RandomPlayer(3)]
    state, record = play_game(SHORT, players, seed=11, dealer=2)
    assert (record.rules, record.players, record.seed, record.dealer) == (SHORT, 4, 11, 2)
    assert final_state(record) == state
    assert sum(isinstance(a, sr.StartRound) for a in record.actions) == SHORT.rounds - 1


def test_same_seeds_give_the_same_game() -> None:
    def game() -> tuple[sr.GameState, GameRecord]:
        players: list[Player] = [RandomPlayer(7), GreedyPlayer(), RandomPlayer(8)]
        return play_game(SHORT, players, seed=3)

    assert game() == game()


def test_the_cut_is_chosen_by_the_cutter_under_isra() -> None:
    state, record = play_game(short(sr.ISRA, 1), [GreedyPlayer(s) for s in range(3)], seed=2)
    cuts = [a for a in record.actions if isinstance(a, sr.Cut)]
    assert len(cuts) == 1 and cuts[0].player == 2  # the dealer's (seat 0's) right
    assert state.round_results[0].cut_by == 2


class Passer:
    """Passes even when passing is not offered."""

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        return Pass(view.player)


class Impostor:
    """Acts for the next seat."""

    def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
        return sr.DrawStock((view.player + 1) % 3)


@pytest.mark.parametrize("bad", [Passer(), Impostor()])
def test_a_player_cannot_pass_out_of_turn_or_act_for_another_seat(bad: Player) -> None:
    with pytest.raises(sr.IllegalAction):
        play_game(SHORT, [bad, bad, bad], seed=1)


def test_the_other_seats_are_offered_the_upcard_in_turn_order_before_the_draw() -> None:
    order: list[int] = []

    class Recorder:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
            if any(isinstance(a, Pass) for a in actions):
                order.append(self.seat)
                return Pass(self.seat)
            order.append(-1)  # the seat on turn
            return next(a for a in actions if isinstance(a, (sr.DrawStock, sr.Discard)))

    players = [Recorder(s) for s in range(4)]
    state = sr.new_game(SHORT, 4, seed=1)
    from shanghai_rules.players import play_step

    play_step(state, players, [])
    assert order == [2, 3, 0, -1]  # seat 1 is on turn: seats 2, 3, 0 are asked first


# ---------------------------------------------------------------------------
# GreedyPlayer, decision by decision

# seat 1 is on turn (dealer 0); the flip card is the discard pile
HANDS = [
    "4C 6C 8C 10D QD 3H 5H 9H 9S JS 2S",      # seat 0: nothing to do with the upcards below
    "9C 9D 9H 9S KC KD KH 4C 7H QS 3D",      # seat 1: two sets and a spare 9
    "5C 5D 8H 8S JD JS 2C 3C 6D 4H KS",      # seat 2: pairs, and a lone king
    "7C 7S 2D 4D 6H 8D 10C QC AS AH 3S",     # seat 3: a pair of 7s
]


def position(discard: str = "AC", stock: str = "2H 6S 5S 10S 4S 2C 3H") -> sr.GameState:
    return sr.setup_round(sr.PAGAT7, hands=HANDS, stock=stock, discard=discard)


def test_greedy_buys_an_upcard_that_makes_a_set_and_passes_on_one_that_does_not() -> None:
    state = position(discard="7D")
    assert greedy(state, 3) == sr.Buy(3)      # a third 7
    assert greedy(state, 0) == Pass(0)        # no 7 and no neighbour of it
    assert greedy(state, 2) == Pass(2)


def test_greedy_takes_a_useful_upcard_and_otherwise_draws() -> None:
    assert greedy(position(discard="KH"), 1) == sr.TakeDiscard(1)  # a fourth king, to lay off
    assert greedy(position(discard="2D"), 1) == sr.DrawStock(1)    # no 2 held, and sets are wanted
    state = sr.setup_round(sr.PAGAT7, hands=[HANDS[0], "7C 7S 2D 4D 6H 8D 10C QC AS AH 3S", HANDS[2], HANDS[1]],
                           stock="2H 6S 5S", discard="7D")
    assert greedy(state, 1) == sr.TakeDiscard(1)


def test_greedy_goes_down_at_once_then_lays_off_then_throws_its_costliest_card() -> None:
    state = sr.apply(position(), sr.DrawStock(1))          # draws 2H
    down = greedy(state, 1)
    assert isinstance(down, sr.LayDown)
    state = sr.apply(state, down)
    lay_off = greedy(state, 1)
    assert lay_off == sr.LayOff(1, card("9S"), 0) or lay_off == sr.LayOff(1, card("9S"), 1)
    state = sr.apply(state, lay_off)
    throw = greedy(state, 1)
    assert throw == sr.Discard(1, card("QS"))            # 10 points; 4C 7H 3D 2H are 5 each


def test_greedy_goes_down_with_the_layout_that_uses_the_most_cards() -> None:
    hands = list(HANDS)
    hands[1] = "4H 5H 6H 7H 8H 9C 9D 9S KC 2D 3S"
    state = sr.apply(sr.setup_round(sr.PAGAT7, hands=hands, stock="QC 6S", discard="AC", round_number=2),
                     sr.DrawStock(1))
    listed = [a for a in sr.legal_actions(state) if isinstance(a, sr.LayDown)]
    assert len(listed) == 1
    downs = [a for a in sr.legal_actions(state, lay_downs=8) if isinstance(a, sr.LayDown)]
    sizes = {sum(len(m.cards) for m in a.melds if isinstance(m, sr.Meld)) for a in downs}
    assert len(sizes) > 1, "the position should offer layouts of different sizes"
    assert sum(len(m.cards) for m in listed[0].melds if isinstance(m, sr.Meld)) < max(sizes)
    chosen = greedy(state, 1)
    assert isinstance(chosen, sr.LayDown)
    assert sum(len(m.cards) for m in chosen.melds if isinstance(m, sr.Meld)) == max(sizes) == 8


def test_greedy_declares_shanghai_on_a_discard_that_fits_the_table_and_calls_it_on_others() -> None:
    state = sr.apply(position(), sr.DrawStock(1))
    while state.turn == 1:
        choice = greedy(state, 1)
        assert not isinstance(choice, Pass)
        state = sr.apply(state, choice)
    assert [tm.meld.rank for tm in state.table] == [9, 13] or [tm.meld.rank for tm in state.table] == [13, 9]
    # seat 2, not down, draws 6S and throws its lone king, which fits the set of kings: it declares Shanghai
    state = sr.apply(state, sr.DrawStock(2))
    assert greedy(state, 2) == sr.Discard(2, card("KS"), shanghai=True)
    # had it not declared, the first seat to be asked calls Shanghai on it
    state = sr.apply(state, sr.Discard(2, card("KS")))
    call = greedy(state, 0)
    assert isinstance(call, sr.CallShanghai) and call.player == 0


def test_greedy_discards_the_least_helpful_costliest_card_before_going_down() -> None:
    hands = list(HANDS)
    hands[1] = "9C 9D 5H 5S 2D 7H KC 3S 3C 4D 6C"
    state = sr.apply(sr.setup_round(sr.PAGAT7, hands=hands, stock="8D", discard="AC"), sr.DrawStock(1))
    assert greedy(state, 1) == sr.Discard(1, card("KC"))


# ---------------------------------------------------------------------------
# RandomPlayer


def test_random_player_is_reproducible_from_its_seed() -> None:
    state = sr.apply(position(), sr.DrawStock(1))
    view, choices = offered(state, 1)
    first = [RandomPlayer(4).choose(view, choices) for _ in range(5)]
    player = RandomPlayer(4)
    again = [player.choose(view, choices) for _ in range(5)]
    assert first[0] == again[0]
    assert len(set(map(repr, again))) > 1 or len(choices) == 1


def test_random_player_never_buys_an_upcard_that_does_not_help_and_never_withdraws() -> None:
    state = position(discard="7D")
    view, choices = offered(state, 0)                         # 7D is no use to seat 0
    assert sr.Buy(0) in choices
    assert all(RandomPlayer(seed).choose(view, choices) == Pass(0) for seed in range(40))
    view, choices = offered(state, 3)                         # seat 3 holds two 7s
    picks = {RandomPlayer(seed).choose(view, choices) for seed in range(40)}
    assert picks == {sr.Buy(3), Pass(3)}
    only: list[Choice] = [sr.WithdrawBuy(3), Pass(3)]
    assert all(RandomPlayer(seed).choose(view, only) == Pass(3) for seed in range(20))


# ---------------------------------------------------------------------------
# strength


def test_greedy_beats_random_clearly_over_two_hundred_games() -> None:
    """200 seeded one-round games (pagat7's round 1, two sets), two greedy and two random seats, alternating.

    Measured: greedy about 8 points a game, random about 110.  The test asks
    for a margin of at least 60 points, and greedy below a quarter of random.
    (One round of sets keeps CI quick: rounds with runs cost the engine's
    contract search several times more.)
    """
    rules = short(sr.PAGAT7, 1)
    greedy_scores: list[int] = []
    random_scores: list[int] = []
    for seed in range(200):
        players: list[Player] = [
            GreedyPlayer(seed) if (seat + seed) % 2 == 0 else RandomPlayer(seed * 10 + seat) for seat in range(4)
        ]
        state, _ = play_game(rules, players, seed=seed)
        for seat, player in enumerate(players):
            (greedy_scores if isinstance(player, GreedyPlayer) else random_scores).append(state.scores[seat])
    greedy_mean = sum(greedy_scores) / len(greedy_scores)
    random_mean = sum(random_scores) / len(random_scores)
    assert greedy_mean + 60 <= random_mean
    assert greedy_mean * 4 <= random_mean


def test_greedy_beats_random_with_runs_too() -> None:
    """40 two-round games (sets, then a set and a run): greedy about 26 points a game, random about 231."""
    greedy_total = random_total = 0
    for seed in range(40):
        players: list[Player] = [
            GreedyPlayer(seed) if (seat + seed) % 2 == 0 else RandomPlayer(seed * 10 + seat) for seat in range(4)
        ]
        state, _ = play_game(SHORT, players, seed=1000 + seed)
        for seat, player in enumerate(players):
            if isinstance(player, GreedyPlayer):
                greedy_total += state.scores[seat]
            else:
                random_total += state.scores[seat]
    assert greedy_total * 3 <= random_total


def test_a_player_that_passes_on_its_turn_is_refused_by_the_table() -> None:
    """play_game asks through the table, which refuses a pass where no offer is open (may_not_pass)."""

    class Lazy:
        def choose(self, view: PlayerView, actions: Sequence[Choice]) -> Choice:
            return Pass(view.player)

    with pytest.raises(sr.IllegalAction) as caught:
        sr.play_game(sr.PAGAT7, [Lazy(), Lazy(), Lazy()], seed=1)
    assert caught.value.code == "may_not_pass"


def _swap_position(run: str) -> sr.GameState:
    """Seat 0, down, on turn after its draw, holding 8D; on the table a set of 8s holding a wild 2C and a
    joker, and the run ``run``; only jokers are swapped, and a freed wild need not be played."""
    rules = attrs.evolve(sr.ISRA, swappable_wilds="jokers", swap_from_sets=True, swapped_wild_must_be_played=False)
    state = sr.setup_round(rules, ["8D KC QD 9S", "3H 3D 9H 9D", "5H 5D 9C 10D", "6H 6D 10C 10H"],
                           stock="KD KH QH", discard="QC", dealer=3)
    state = sr.apply(state, sr.DrawStock(0))
    melds = [sr.check_meld(sr.parse_cards("8H 8S 2C JK"), rules).meld, sr.check_meld(sr.parse_cards(run), rules).meld]
    assert all(melds)
    table = tuple(TableMeld(owner, meld) for owner, meld in zip((1, 2), melds) if meld is not None)
    return attrs.evolve(state, table=table, down=(True, True, True, False))


@pytest.mark.parametrize(("run", "swaps"), [("4C 5C 6C 7C", True), ("JK 4C 5C JK", False)])
def test_greedy_swaps_for_a_wild_only_where_the_wild_the_engine_frees_can_be_laid_off(run: str, swaps: bool) -> None:
    """GreedyPlayer, down, swaps a wild only to lay it off elsewhere, and weighs the wild the engine frees:
    where only jokers are swapped, the joker, not the set's wild 2C (which a run of clubs could take as
    its own 2, where the joker, beside the run's wilds, could not)."""
    state = _swap_position(run)
    actions = sr.legal_actions(state)
    swap = sr.SwapWild(0, sr.parse_card("8D"), 0)
    assert swap in actions
    freed = set(sr.apply(state, swap, listing=actions).hands[0]) - set(state.hands[0])
    assert freed == {sr.parse_card("JK")}
    assert (GreedyPlayer().choose(observe(state, 0), actions) == swap) is swaps


@pytest.mark.parametrize("player", [sr.GreedyPlayer, sr.RandomPlayer])
@pytest.mark.parametrize("seed", [[1], "1", 1.5, None, True])
def test_a_computer_player_is_seeded_with_a_whole_number_spec6(player: type, seed: object) -> None:
    """A seed that is not a whole number is refused with the library's RulesError and bad_argument,
    naming the player; any whole number seeds one."""
    with pytest.raises(sr.RulesError) as refused:
        player(seed)
    assert refused.value.code == "bad_argument" and player.__name__ in str(refused.value)
    assert player(2**5000).seed == 2**5000


@pytest.mark.parametrize("player", [sr.GreedyPlayer, sr.RandomPlayer])
def test_a_computer_player_asked_to_choose_from_no_actions_says_so_spec6(player: type) -> None:
    """The engine lists an action whenever it asks a seat; a player given none refuses with the
    library's RulesError and bad_argument, naming itself, where it raised IndexError."""
    state = sr.new_game(sr.PAGAT7, 3, seed=1)
    with pytest.raises(sr.RulesError) as refused:
        player(1).choose(observe(state, 0), [])
    assert refused.value.code == "bad_argument" and player.__name__ in str(refused.value)


@pytest.mark.parametrize("player", [sr.GreedyPlayer, sr.RandomPlayer])
@pytest.mark.parametrize("junk", ["view", "actions"])
def test_a_computer_player_given_what_is_no_view_or_no_actions_says_so_spec6(player: type, junk: str) -> None:
    """A player is given a seat's view and a sequence of actions; anything else is refused with the
    library's RulesError and bad_argument, naming the player (it raised AttributeError or TypeError)."""
    state = sr.new_game(sr.PAGAT7, 3, seed=1)
    view = observe(state, 2)
    for bad in (None, "draw", state, 5):
        arguments = (bad, view.legal_actions) if junk == "view" else (view, bad)
        with pytest.raises(sr.RulesError) as refused:
            player(1).choose(*arguments)
        assert refused.value.code == "bad_argument" and player.__name__ in str(refused.value)
    assert player(1).choose(view, list(view.legal_actions)) in view.legal_actions
