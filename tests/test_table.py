"""The table: whose answers a game waits for, answers taken from seats, stale and out-of-turn
answers refused with their codes, passes, offers closed by the app, and the move counter."""

from __future__ import annotations

import json
import pickle
import random

import attrs
import pytest

import shanghai_rules as sr
from shanghai_rules.records import GameRecord
from shanghai_rules.serialization import SerializationError, from_json, read_action, to_dict, to_json
from shanghai_rules.table import Pass, Table, TableRefusal


def refused(table: Table, code: str, seat: int, action: object, **kw: object) -> None:
    """``seat``'s answer is refused with ``code``, and the table is as it was."""
    before = pickle.dumps(table.state)
    awaiting = table.awaiting()
    with pytest.raises(TableRefusal) as caught:
        table.submit(seat, action, **kw)  # type: ignore[arg-type]
    assert caught.value.code == code, caught.value.reason
    assert pickle.dumps(table.state) == before and table.awaiting() == awaiting


def test_the_offers_go_to_the_other_seats_in_turn_order_before_the_player_on_turn() -> None:
    table = Table.new(sr.PAGAT7, players=4, seed=4)
    awaiting = table.awaiting()
    assert awaiting.step == "offers" and awaiting.upcard == table.state.upcard
    turn = table.state.turn
    assert awaiting.seats == tuple((turn + k) % 4 for k in range(1, 4))
    for seat in awaiting.seats:
        assert table.options(seat)[-1] == Pass(seat)
        assert table.options(turn) == ()
        table.submit(seat, Pass(seat))
    assert table.awaiting().step == "turn" and table.awaiting().seats == (turn,)
    assert sr.DrawStock(turn) in table.options(turn)
    assert table.applied == ()  # passes are not actions


def test_a_buy_through_the_table_is_settled_at_the_draw() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    upcard = table.state.upcard
    first, second = table.awaiting().seats
    table.submit(first, sr.Buy(first), at=0)
    assert table.awaiting().seats == (second,)
    table.submit(second, sr.Buy(second), at=1)
    turn = table.state.turn
    table.submit(turn, sr.DrawStock(turn), at=2)
    assert upcard in table.state.hands[first]  # the first asking in turn order wins
    assert table.move_number == 3 == len(table.applied)


def test_a_seat_withdraws_its_pending_buy_request_whoever_the_table_waits_for() -> None:
    """SPEC 4.4: a request may be withdrawn before it is settled; the table takes the withdrawal
    from the seat that asked, though it waits for another seat's answer or for the turn."""
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    first, second = table.awaiting().seats
    assert table.options(first) == (sr.Buy(first), Pass(first))
    table.submit(first, sr.Buy(first), at=0)
    assert table.awaiting().seats == (second,)
    assert table.options(first) == (sr.WithdrawBuy(first),) == table.view(first).legal_actions
    table.submit(first, sr.WithdrawBuy(first), at=1)
    assert table.state.buy_requests == () and table.state.buy_withdrawn == (first,)
    assert table.options(first) == ()
    refused(table, "not_awaited", first, sr.Buy(first))  # (it may not ask again for this upcard)
    table.submit(second, sr.Buy(second), at=2)
    table.submit(second, sr.WithdrawBuy(second))  # the offers closed: the table waits for the turn
    assert table.awaiting().step == "turn" and table.state.buy_requests == ()
    with pytest.raises(sr.IllegalAction) as caught:  # nothing left to withdraw: the rules refuse it
        table.submit(second, sr.WithdrawBuy(second))
    assert not isinstance(caught.value, TableRefusal) and caught.value.code == "no_buy_request"
    assert table.applied == (sr.Buy(first), sr.WithdrawBuy(first), sr.Buy(second), sr.WithdrawBuy(second))


def test_where_offers_go_in_turn_a_withdrawal_offers_the_upcard_to_the_next_seat() -> None:
    """A buy by the seat offered the upcard ends the offers; its withdrawal lets the rules offer the
    upcard to the next seat, and the table asks that seat."""
    rules = attrs.evolve(sr.PAGAT7, name="in turn", buy_offers="in_turn")
    table = Table.new(rules, 4, seed=3)
    upcard = table.state.upcard
    first = table.awaiting().seats[0]
    table.submit(first, sr.Buy(first))
    assert table.awaiting().step == "turn"
    table.submit(first, sr.WithdrawBuy(first))
    following = (first + 1) % 4
    assert table.awaiting().step == "offers" and table.awaiting().seats == (following,)
    assert table.options(following) == (sr.Buy(following), Pass(following))
    table.submit(following, sr.Buy(following))
    turn = table.state.turn
    table.submit(turn, sr.DrawStock(turn))
    assert upcard in table.state.hands[following]


def test_offers_the_app_closed_stay_closed_after_a_withdrawal() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    first, second = table.awaiting().seats
    table.submit(first, sr.Buy(first))
    table.close_offers()  # (the second seat's clock ran out)
    table.submit(first, sr.WithdrawBuy(first))
    assert table.awaiting().step == "turn" and table.options(second) == ()
    assert sr.Buy(second) in table.view(second).legal_actions  # (the rules would still take it)


def test_a_stale_answer_is_refused_with_its_code() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    first, second = table.awaiting().seats
    seen = table.view(second).move_number
    table.submit(first, sr.Buy(first), at=table.view(first).move_number)
    refused(table, "stale_action", second, sr.Buy(second), at=seen)
    table.submit(second, sr.Buy(second), at=table.view(second).move_number)


def test_an_answer_from_a_seat_not_asked_is_refused_with_its_code() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    turn = table.state.turn
    refused(table, "not_awaited", turn, sr.DrawStock(turn))  # the offers come first
    for seat in table.awaiting().seats:
        table.submit(seat, Pass(seat))
    other = (turn + 1) % 3
    refused(table, "not_awaited", other, sr.Buy(other))  # too late: the offers are closed
    refused(table, "wrong_seat", turn, sr.DrawStock(other))
    refused(table, "no_such_seat", 3, sr.DrawStock(3))
    refused(table, "no_such_seat", "0", sr.DrawStock(0))
    refused(table, "may_not_pass", turn, Pass(turn))
    refused(table, "not_awaited", turn, sr.StartRound())


def test_a_seat_asked_about_an_offer_answers_it_or_passes() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    seat = table.awaiting().seats[0]
    refused(table, "not_offered", seat, sr.DrawStock(seat))


def test_an_answer_the_rules_refuse_leaves_the_seat_asked() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    turn = table.state.turn
    for seat in table.awaiting().seats:
        table.submit(seat, Pass(seat))
    card = next(c for c in sr.full_deck(1, 0) if c not in table.state.hands[turn])
    with pytest.raises(sr.IllegalAction) as caught:
        table.submit(turn, sr.Discard(turn, card))
    assert not isinstance(caught.value, TableRefusal)
    assert table.awaiting().seats == (turn,)


def test_the_app_closes_the_offers_when_its_clock_runs_out() -> None:
    table = Table.new(sr.PAGAT7, players=4, seed=4)
    upcard = table.state.upcard
    first, late, *_ = table.awaiting().seats
    held = len(table.state.hands[first])
    table.submit(first, sr.Buy(first))
    table.close_offers()
    turn = table.state.turn
    assert table.awaiting().step == "turn" and table.awaiting().seats == (turn,)
    refused(table, "not_awaited", late, sr.Buy(late))
    table.submit(turn, sr.DrawStock(turn))
    assert len(table.state.hands[first]) == held + 1 + sr.PAGAT7.buy_penalty_cards  # the buy was settled
    assert upcard in table.state.hands[first]


def test_where_offers_go_in_turn_a_pass_lets_the_upcard_go_to_the_next_seat() -> None:
    rules = attrs.evolve(sr.PAGAT7, name="in turn", buy_offers="in_turn")
    table = Table.new(rules, players=4, seed=4)
    first = table.awaiting().seats[0]
    table.submit(first, Pass(first))
    assert table.applied == (sr.DeclineBuy(first),)  # the pass of the seat offered it is its decline
    assert table.awaiting().seats[0] == (first + 1) % 4
    assert table.awaiting().seats[0] == sr.engine.buying.offered_seat(table.state)


def test_where_buys_go_on_until_the_discard_the_offers_open_again_after_a_draw_from_the_stock() -> None:
    rules = attrs.evolve(sr.PAGAT7, name="until discard", buy_window="until_discard", shanghai_call=False)
    table = Table.new(rules, players=3, seed=4)
    for seat in table.awaiting().seats:
        table.submit(seat, Pass(seat))
    turn = table.state.turn
    table.submit(turn, sr.DrawStock(turn))
    again = table.awaiting()
    assert again.step == "offers" and again.seats and turn not in again.seats
    for seat in again.seats:
        table.submit(seat, Pass(seat))
    assert table.awaiting().seats == (turn,)


def test_the_cutter_is_asked_for_the_cut_and_the_app_deals_each_next_round() -> None:
    table = Table.new(sr.ISRA, players=3, seed=2)
    awaiting = table.awaiting()
    assert awaiting.step == "cut" and awaiting.seats == (table.state.cutter,)
    players = [sr.GreedyPlayer() for _ in range(3)]
    while table.state.phase != "round_over":
        sr.players.play_next(table, players)
    assert table.awaiting() == sr.Awaiting("next_round", (), table.move_number, None)
    refused(table, "not_awaited", 0, sr.DrawStock(0))
    table.start_round()
    assert table.state.round_number == 2 and table.awaiting().step == "cut"


def test_play_game_runs_on_the_table_and_its_record_counts_every_move() -> None:
    seen: list[tuple[int, int]] = []

    def on_step(before: sr.GameState, action: sr.Action, after: sr.GameState) -> None:
        seen.append((before.move_number, after.move_number))

    final, record = sr.play_game(sr.TEN_ROUND, [sr.GreedyPlayer(), sr.RandomPlayer(1), sr.GreedyPlayer()], seed=5,
                                 on_step=on_step)
    assert final.move_number == len(record.actions) == len(seen)
    assert seen == [(n, n + 1) for n in range(len(seen))]
    assert sr.final_state(record) == final


_OFFER_RULES = {"in-turn": {"buy_offers": "in_turn"},
                "until-discard": {"buy_window": "until_discard", "shanghai_call": False}}


@pytest.mark.parametrize("preset", ["pagat7", "isra", "may-i", "in-turn", "until-discard"])
def test_random_answers_from_every_seat_never_change_the_game_unless_taken(preset: str) -> None:
    """Every seat sends answers at random moments (most of them not asked for, some stale); the table
    takes exactly those the game waits for, and the record it keeps replays to its state."""
    rng = random.Random(preset)
    changes = _OFFER_RULES.get(preset)
    rules = sr.get_rules(preset) if changes is None else attrs.evolve(sr.PAGAT7, name=preset, **changes)
    table = Table.new(rules, players=4, seed=rng.randrange(1000))
    refusals: set[str] = set()
    while not table.state.is_over:
        awaiting = table.awaiting()
        if awaiting.step == "next_round":
            table.start_round()
            continue
        seat = rng.randrange(4)
        choices = list(table.options(seat)) or list(sr.legal_actions(table.state, seat)) or [Pass(seat)]
        at = table.move_number - rng.choice((0, 0, 0, 1)) if rng.random() < 0.5 else None
        choice = rng.choice(choices)
        before = pickle.dumps(table.state)
        try:
            table.submit(seat, choice, at=at)
        except TableRefusal as exc:
            refusals.add(exc.code)
            assert pickle.dumps(table.state) == before
            continue
        taken_unasked = isinstance(choice, sr.WithdrawBuy)  # (a pending request is withdrawn whoever is asked)
        assert (seat in awaiting.seats or taken_unasked) and (at is None or at == awaiting.move_number)
    record = table.record
    assert record is not None and sr.final_state(record) == table.state
    assert table.move_number == len(record.actions)
    assert {"stale_action", "not_awaited"} <= refusals


# ---------------------------------------------------------------------------
# the move counter in documents


def test_views_and_documents_carry_the_move_number() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    first = table.awaiting().seats[0]
    table.submit(first, sr.Buy(first))
    assert table.state.move_number == table.view(2).move_number == 1
    assert json.loads(to_json(table.state))["move_number"] == 1
    assert from_json(to_json(table.view(0)), sr.PlayerView) == table.view(0)


def test_an_action_document_may_say_the_move_it_was_chosen_at() -> None:
    assert read_action(to_json(sr.DrawStock(1), at=7)) == (sr.DrawStock(1), 7)
    assert read_action(to_json(sr.DrawStock(1))) == (sr.DrawStock(1), None)
    assert from_json(to_json(sr.DrawStock(1), at=7)) == sr.DrawStock(1)
    with pytest.raises(SerializationError, match=r"^at: "):
        read_action(to_json(sr.DrawStock(1), at=7).replace("7", "-7"))
    with pytest.raises(SerializationError, match=r"^at: "):
        to_json(sr.PAGAT7, at=3)
    with pytest.raises(SerializationError, match=r"^format: "):
        read_action(to_json(sr.PAGAT7))


def test_version_1_documents_have_no_move_number_and_read_as_move_0() -> None:
    state = sr.apply(sr.new_game(sr.PAGAT7, players=3, seed=1), sr.DrawStock(1))
    doc = to_dict(state)
    old = {k: v for k, v in doc.items() if k != "move_number"} | {"version": 1}
    assert from_json(json.dumps(old), sr.GameState) == attrs.evolve(state, move_number=0)
    with pytest.raises(SerializationError, match="move_number"):
        from_json(json.dumps({**doc, "version": 1}))  # not a field of version 1
    with pytest.raises(SerializationError, match="move_number"):
        from_json(json.dumps({k: v for k, v in doc.items() if k != "move_number"}))  # a field of version 2
    with pytest.raises(SerializationError, match="at"):
        from_json(json.dumps({**to_dict(sr.DrawStock(1), at=2), "version": 1}))


# ---------------------------------------------------------------------------
# the events a table keeps


def test_a_table_tells_each_seat_what_happened_since_the_move_it_saw() -> None:
    from shanghai_rules.events import DrewFromStock, events_for, opening_events, redact

    steps: list[tuple[sr.GameState, sr.Action, sr.GameState]] = []
    table = Table.new(sr.PAGAT7, players=3, seed=4, keep_events=True,
                      on_step=lambda before, action, after: steps.append((before, action, after)))
    start = table.state
    players = [sr.GreedyPlayer(0), sr.RandomPlayer(1), sr.GreedyPlayer(2)]
    while table.state.round_number == 1:
        sr.players.play_next(table, players)
    for seat in (0, 1, None):
        whole = tuple(redact(e, seat) for e in opening_events(start))
        whole += tuple(e for before, action, after in steps for e in events_for(seat, before, action, after))
        assert table.events_for(seat) == whole
        later = tuple(e for before, action, after in steps[10:] for e in events_for(seat, before, action, after))
        assert table.events_for(seat, since=steps[10][0].move_number) == later
    drawn = [e for e in table.events_for(None) if isinstance(e, DrewFromStock)]
    assert drawn and all(e.card is None for e in drawn)  # a spectator never sees a card drawn
    assert table.events_for(0, since=table.move_number + 1) == ()


def test_events_are_asked_only_of_a_table_that_keeps_them() -> None:
    with pytest.raises(TableRefusal) as caught:
        Table.new(sr.PAGAT7, players=3).events_for(0)
    assert caught.value.code == "bad_argument"
    table = Table.new(sr.PAGAT7, players=3, keep_events=True)
    for bad in (-1, "3", 1.5):
        with pytest.raises(TableRefusal):
            table.events_for(0, since=bad)  # type: ignore[arg-type]
    with pytest.raises(TableRefusal) as caught:
        table.events_for(3)
    assert caught.value.code == "no_such_seat"


def test_answers_and_arguments_of_the_wrong_type_are_refused() -> None:
    table = Table.new(sr.PAGAT7, players=3, seed=4)
    first = table.awaiting().seats[0]
    table.view(first)  # (a view kept for the seat: asking with True or 2.0 still refused)
    for seat in (float(first), True):
        with pytest.raises(TableRefusal) as caught:
            table.view(seat)  # type: ignore[arg-type]
        assert caught.value.code == "no_such_seat"
    with pytest.raises(sr.MalformedAction):
        Pass(True)  # type: ignore[arg-type]
    for junk in ("DrawStock", None, {"type": "buy", "player": first}):  # not an action: not another seat's
        refused(table, "bad_argument", first, junk)  # type: ignore[arg-type]
    refused(table, "bad_argument", first, sr.Buy(first), at=0.0)
    refused(table, "bad_argument", first, sr.Buy(first), at=True)
    for bad in ({"record": 5}, {"on_step": 5}):
        with pytest.raises(TableRefusal) as caught:
            Table(table.state, **bad)  # type: ignore[arg-type]
        assert caught.value.code == "bad_argument"


def test_a_table_over_a_position_in_play_keeps_no_deal_it_did_not_see() -> None:
    """Events kept from a position mid-round start there: no deal is told from the hands of now."""
    _, record = sr.play_game(sr.PAGAT7, [sr.RandomPlayer(i) for i in range(3)], seed=3)
    state = attrs.evolve(list(sr.replay(record))[40], move_number=0)  # as a version 1 document reads
    table = Table(state, keep_events=True)
    assert table.events_for(0) == ()


def test_a_table_refuses_with_the_code_of_the_rule_as_apply_does() -> None:
    """A code names the rule, not the place that refused: an answer once the game is over is refused
    with game_over, and a deal before the round is over with wrong_phase (after the last round,
    game_over), by the table as by apply."""
    short = attrs.evolve(sr.PAGAT7, contracts=sr.PAGAT7.contracts[:1], buy_limits=sr.PAGAT7.buy_limits[:1])
    final, _ = sr.play_game(short, [sr.GreedyPlayer() for _ in range(3)], seed=4)
    playing = sr.new_game(short, 3, seed=4)
    for state, action in [(final, sr.DrawStock(final.turn)), (final, sr.StartRound()), (playing, sr.StartRound())]:
        with pytest.raises(sr.IllegalAction) as by_apply:
            sr.apply(state, action)
        table = Table(state)
        with pytest.raises(sr.IllegalAction) as by_table:
            if isinstance(action, sr.StartRound):
                table.start_round()
            else:
                table.submit(action.player, action)
        assert by_table.value.code == by_apply.value.code in ("game_over", "wrong_phase")
        assert table.state is state


def test_a_table_takes_only_the_record_of_its_own_game() -> None:
    """A record given with a state must be of its rules and seats and hold one action per move the state
    counts (the table extends it; a state read from a version-1 document counts none): any other is
    refused with bad_argument, and the game's own is held."""
    _, record = sr.play_game(sr.PAGAT7, [sr.RandomPlayer(i) for i in range(3)], seed=3)
    middle = list(sr.replay(record))[40]
    own = GameRecord.new(sr.PAGAT7, 3, 3).extend(record.actions[:40])
    assert Table(middle, record=own).state is middle
    read_from_version_1 = attrs.evolve(middle, move_number=0)  # (version 1 counted no moves)
    assert Table(read_from_version_1, record=own).record == own
    for other in (record, GameRecord.new(sr.PAGAT7, 4, 3).extend(record.actions[:40]),
                  GameRecord.new(sr.TEN_ROUND, 3, 3).extend(record.actions[:40])):
        with pytest.raises(TableRefusal) as caught:
            Table(middle, record=other)
        assert caught.value.code == "bad_argument"
    # a state that counts no moves is checked by replaying the record to it
    fresh = sr.new_game(sr.PAGAT7, 3, seed=3)
    assert Table(fresh, record=GameRecord.new(sr.PAGAT7, 3, 3)).record == GameRecord.new(sr.PAGAT7, 3, 3)
    for other in (record, GameRecord.new(sr.PAGAT7, 3, 4), own.extend(record.actions[40:41])):
        for state in (fresh, read_from_version_1):
            with pytest.raises(TableRefusal) as caught:
                Table(state, record=other)
            assert caught.value.code == "bad_argument"
