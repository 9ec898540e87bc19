"""Hostile inputs: documents, rules, text and positions built to make the referee hang or hoard memory.

Each is answered or refused, and the bounds are shown by counting work (positions the
no-trap search weighs, plays judged, items read), never by timing.  Refusals are
``ValueError`` subclasses of the library with a message of at most
:data:`~shanghai_rules.errors.MAX_MESSAGE_LENGTH` characters that UTF-8 can write.
The documents that once made the library hang are kept in ``tests/hostile``.
"""

from __future__ import annotations

import gc
import itertools
import json
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import shanghai_rules as sr
from rule_positions import wild_trap
from shanghai_rules.cards import MAX_CARDS
from shanghai_rules.engine import listing, no_trap
from shanghai_rules.errors import MAX_MESSAGE_LENGTH
from shanghai_rules.event_json import events_to_json
from shanghai_rules.events import DrewFromStock
from shanghai_rules.memo import MEMO
from shanghai_rules.records import GameRecord
from shanghai_rules.rules import MAX_NUMBER, MAX_PLAYERS, MAX_ROUNDS
from shanghai_rules.serialization import MAX_DOCUMENT_SIZE, SerializationError, from_json, to_json
from shanghai_rules.verify import checking

HOSTILE = Path(__file__).parent / "hostile"
C = sr.Contract


@pytest.fixture(autouse=True)
def without_checking() -> Iterator[None]:
    """These inputs are too large for the full judgements the checking mode runs beside each shortcut
    (the plain no-trap search weighs every set of swaps): the shortcuts alone are timed here."""
    with checking(False):
        yield


def refusal(error: type[Exception], make: Callable[[], object]) -> str:
    """The message ``make()`` is refused with: an ``error``, bounded, writable as UTF-8."""
    with pytest.raises(error) as info:
        make()
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert 0 < len(message) <= MAX_MESSAGE_LENGTH, len(message)
    message.encode("utf-8")
    return message


@pytest.fixture
def weighed(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """Counts the no-trap search's work: ``searches`` (positions it is asked about), ``expanded``
    (positions whose plays it tries) and ``judged`` (plays judged)."""
    count = {"searches": 0, "expanded": 0, "judged": 0}
    search, useful, judge = no_trap._search, no_trap._useful_plays, listing.judge_play

    def counted_search(turn: Any, pos: Any, dead: Any, tries: Any) -> bool:
        count["searches"] += 1
        return search(turn, pos, dead, tries)

    def counted_useful(turn: Any, pos: Any, tries: Any) -> Any:
        count["expanded"] += 1
        return useful(turn, pos, tries)

    def counted_judge(turn: Any, pos: Any, action: Any) -> Any:
        count["judged"] += 1
        return judge(turn, pos, action)

    monkeypatch.setattr(no_trap, "_search", counted_search)
    monkeypatch.setattr(no_trap, "_useful_plays", counted_useful)
    monkeypatch.setattr(listing, "judge_play", counted_judge)
    yield count


def _reset(count: dict[str, int]) -> None:
    for key in count:
        count[key] = 0


# ---------------------------------------------------------------------------
# contracts no hand can make, and numbers too large to play


def test_document_asking_for_sets_of_a_billion_cards_is_refused_at_once() -> None:
    """The state document whose first contract asks for sets of 1,000,000,000 cards is refused,
    naming the field and the limit, before any contract is searched."""
    text = (HOSTILE / "set-length-billion.json").read_text()
    message = refusal(SerializationError, lambda: from_json(text))
    assert "rules.contracts[0]" in message and "Contract.set_length" in message and "1,000" in message


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        (lambda: attrs.evolve(sr.ISRA, contracts=(C(sets=4, set_length=5), *sr.ISRA.contracts[1:])),
         ["contracts[0]", "20 cards", "at most 18"]),
        (lambda: attrs.evolve(sr.PAGAT7, contracts=(C(sets=1, set_length=13), *sr.PAGAT7.contracts[1:])),
         ["contracts[0]", "no cards in play make", "1 set of 13"]),
        (lambda: C(sets=2, set_length=10**9), ["Contract.set_length", "1,000 cards"]),
        (lambda: attrs.evolve(sr.PAGAT7, contracts=sr.PAGAT7.contracts * 20, buy_limits=None),
         ["contracts", f"at most {MAX_ROUNDS} rounds"]),
        (lambda: attrs.evolve(sr.PAGAT7, hand_size=10**5000), ["hand_size", f"at most {MAX_NUMBER:,}", "bits"]),
        (lambda: attrs.evolve(sr.PAGAT7, turn_limit=10**12), ["turn_limit", f"at most {MAX_NUMBER:,}"]),
        (lambda: attrs.evolve(sr.PAGAT7, max_players=10**12), ["max_players", f"at most {MAX_PLAYERS} seats"]),
        (lambda: attrs.evolve(sr.PAGAT7, name="x" * 10**6), ["name", "at most 100 characters"]),
        (lambda: attrs.evolve(sr.PAGAT7, name="house \ud800"), ["name", "\\ud800", "UTF-8"]),
    ],
)
def test_rules_no_game_can_play_are_refused_naming_the_field_and_the_limit(rules: Any, words: list[str]) -> None:
    """A contract no hand of its round can hold (ISRA's hands hold at most 18 cards in round 1), one
    the cards in play cannot make (a set of 13 from two decks), numbers past the documented limits
    and names UTF-8 cannot write are refused with a short message naming the field and the limit;
    the ten-round presets' larger contracts stay legal."""
    message = refusal(sr.RulesError, rules)
    for word in words:
        assert word in message, (word, message)
    assert sr.TEN_ROUND.contracts[-1].min_cards > sr.PAGAT7.contracts[-1].min_cards


def _peak(work: Callable[[], object]) -> int:
    """The most bytes allocated at once while ``work()`` runs."""
    gc.collect()
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_run_gap_of_a_billion_ranks_plays_as_one_of_thirteen() -> None:
    """``Rules.contract_run_gap`` may be as large as any number of the rules (``MAX_NUMBER``); a gap of
    more than a suit's 13 ranks forbids no more than one of 13.  A seeded game under a gap of
    ``MAX_NUMBER`` is the game under a gap of 13, and building those rules, reading them and judging a
    whole-hand round of runs under them each take well under a megabyte."""
    huge = attrs.evolve(sr.PAGAT7, name="gap", contract_run_gap=MAX_NUMBER)
    thirteen = attrs.evolve(huge, contract_run_gap=13)
    players = [sr.GreedyPlayer() for _ in range(3)]
    assert sr.play_game(huge, players, seed=4)[1].actions == sr.play_game(thirteen, players, seed=4)[1].actions
    hand = sr.parse_cards("4H 5H 6H 7H 8S 9S 10S JS QD KD AD JK")
    text = to_json(huge)
    sr.clear_caches()
    for work in (lambda: attrs.evolve(sr.PAGAT7, name="gap", contract_run_gap=MAX_NUMBER),
                 lambda: from_json(text), lambda: sr.find_contract(hand, huge, 7)):
        assert _peak(work) < 1_000_000


def test_huge_seat_counts_are_refused_where_games_start_and_documents_are_read() -> None:
    """A billion seats are refused by ``new_game`` and in a record document, naming the limit."""
    assert "players" in refusal(sr.RulesError, lambda: sr.new_game(sr.PAGAT7, 10**9, seed=1))
    record = json.loads(to_json(sr.GameRecord(rules=sr.PAGAT7, players=3, seed=1, dealer=0, actions=())))
    record["players"] = 10**9
    assert "players" in refusal(SerializationError, lambda: from_json(json.dumps(record)))


# ---------------------------------------------------------------------------
# the no-trap search


@pytest.mark.parametrize("name", ["isra-ten-wilds-no-trap.json", "isra-ten-wilds-reachable.json"])
def test_ten_wilds_with_nowhere_to_go_are_judged_without_a_search(name: str, weighed: dict[str, int]) -> None:
    """The two ISRA positions where every swap frees a wild that can never be played: listing asks
    the search once a swap, and the proof that the table has too few places for the wilds owed
    answers it, no position expanded, where every set of swaps (2^10) was weighed before."""
    state = from_json((HOSTILE / name).read_text(), sr.GameState)
    _reset(weighed)
    actions = sr.legal_actions(state)
    assert not any(isinstance(a, sr.SwapWild) for a in actions)
    assert weighed["judged"] >= 10 and weighed["expanded"] == 0
    assert weighed["searches"] <= weighed["judged"]


@pytest.mark.parametrize("wilds", [4, 10, 20, 40])
def test_no_trap_work_grows_with_the_wilds_not_with_their_orders(wilds: int, weighed: dict[str, int]) -> None:
    """SPEC 4.9 no trap, bounded: with k jokers that can be swapped but never placed again, listing
    judges each swap (at most two a natural card: one in each run of its suit) and asks the search
    once for each: work linear in k, where every set of swaps (2^k) was weighed before."""
    state = wild_trap(wilds)
    _reset(weighed)
    actions = sr.legal_actions(state)
    assert {type(a) for a in actions} == {sr.Discard}
    assert wilds <= weighed["judged"] <= 2 * wilds, weighed
    assert weighed["searches"] <= weighed["judged"] and weighed["expanded"] == 0, weighed


def test_no_trap_search_weighs_at_most_its_limit_and_then_refuses(monkeypatch: pytest.MonkeyPatch,
                                                                  weighed: dict[str, int]) -> None:
    """The ruling that bounds the search: a play whose finish is not found within SEARCH_LIMIT
    positions is refused as a trap.  Under ten-round, four jokers a player not yet down may swap
    but must then go down (and cannot): each swap's judgement expands the 8 sets of swaps that
    hold it; with the limit at 3, at most 3 positions found dead and the way down to the last
    one (4 swaps deep), and the plays are refused all the same."""
    rules = sr.TEN_ROUND
    state = sr.setup_round(rules, hands=["6C 6D 6H 6S KS", "9C 9D", "10C 10D"], round_number=10, dealer=2)
    runs = ["4C 5C JK 7C", "4D 5D JK 7D", "4H 5H JK 7H", "4S 5S JK 7S"]
    melds = tuple(sr.TableMeld(1, sr.check_meld(sr.parse_cards(run), rules).meld) for run in runs)  # type: ignore[arg-type]
    state = attrs.evolve(state, phase="play", table=melds, down=(False, True, False))
    _reset(weighed)
    full = sr.legal_actions(state)
    assert weighed["expanded"] == 4 * 2**3
    monkeypatch.setattr(no_trap, "SEARCH_LIMIT", 3)
    _reset(weighed)
    assert sr.legal_actions(state) == full
    assert weighed["expanded"] <= 4 * (3 + 4), weighed


# ---------------------------------------------------------------------------
# documents


def test_document_longer_than_the_limit_is_refused_unread() -> None:
    """A text of more than MAX_DOCUMENT_SIZE characters is refused before it is parsed (even one
    that is not JSON at all); ``max_size`` raises or lifts the limit."""
    text = "{" + " " * MAX_DOCUMENT_SIZE
    assert "max_size" in refusal(SerializationError, lambda: from_json(text))
    assert "max_size" in refusal(SerializationError, lambda: from_json(text.encode()))
    small = to_json(sr.PAGAT7)
    assert from_json(small, max_size=len(small)) == sr.PAGAT7
    refusal(SerializationError, lambda: from_json(small, max_size=len(small) - 1))
    assert "not valid JSON" in refusal(SerializationError, lambda: from_json(text, max_size=None))


@pytest.fixture
def items_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the cards read from documents."""
    from shanghai_rules import serialization

    count = [0]
    card = serialization._card

    def counted(value: Any, path: str) -> Any:
        count[0] += 1
        return card(value, path)

    monkeypatch.setattr(serialization, "_card", counted)
    return count


def _state_document() -> dict[str, Any]:
    state = sr.new_game(sr.PAGAT7, 3, seed=5)
    document: dict[str, Any] = json.loads(to_json(state))
    return document


@pytest.mark.parametrize(("field", "value"), [
    ("stock", ["4H"] * (MAX_CARDS + 1)),
    ("discard", ["4H"] * 200_000),
    ("table", [{"kind": "set", "cards": ["4H", "4S", "4D"], "rank": "4", "owner": 0}] * 60_000),
    ("hands", [["4H"]] * 1_000),
])
def test_arrays_longer_than_a_game_holds_are_refused_before_their_items_are_read(
        field: str, value: list[Any], items_read: list[int]) -> None:
    """More cards than a game may hold (MAX_CARDS), more melds, more hands than seats: refused by
    the array's length, no card of it read."""
    document = _state_document()
    document[field] = value
    text = json.dumps(document)
    items_read[0] = 0
    message = refusal(SerializationError, lambda: from_json(text, max_size=None))
    assert message.startswith(field) and "at most" in message
    assert items_read[0] <= 60  # (the rules and the fields before it)


@pytest.mark.parametrize("where", ["unknown", "duplicate"])
def test_long_or_strange_keys_are_quoted_by_a_short_excerpt(where: str) -> None:
    """An unknown or repeated field whose name is a megabyte long, or holds a lone surrogate, is
    refused with a message that quotes a few characters of it, escaped."""
    for key in ("k" * 1_000_000, "bad\ud800key"):
        quoted = json.dumps(key)
        if where == "unknown":
            text = '{"format": "shanghai-rules/action", "version": 1, "type": "buy", "player": 0, ' + quoted + ": 1}"
        else:
            text = '{"format": "shanghai-rules/action", ' + quoted + ": 1, " + quoted + ": 2}"
        message = refusal(SerializationError, lambda text=text: from_json(text, max_size=None))  # type: ignore[misc]
        assert len(message) < 200 and ("kkkk" in message or "\\ud800" in message)


def test_surrogates_deep_nesting_and_huge_numbers_are_refused_cleanly() -> None:
    """A rules name holding a lone surrogate (as a JSON escape), arrays nested a hundred thousand
    deep, numbers of 5,000 digits, and a seed of 4,000 digits: each refused with a short message."""
    rules = json.loads(to_json(sr.PAGAT7))
    rules["name"] = "house\ud800"
    message = refusal(SerializationError, lambda: from_json(json.dumps(rules)))
    assert "UTF-8" in message
    assert "nested" in refusal(SerializationError, lambda: from_json("[" * 100_000 + "]" * 100_000))
    refusal(SerializationError, lambda: from_json('{"format": "shanghai-rules/action", "version": ' + "9" * 5000 + "}"))
    document = _state_document()
    document["seed"] = "9" * 4000
    refusal(SerializationError, lambda: from_json(json.dumps(document)))
    rules = json.loads(to_json(sr.PAGAT7))
    rules["hand_size"] = int("9" * 4000)
    assert "hand_size" in refusal(SerializationError, lambda: from_json(json.dumps(rules)))


def test_card_text_of_a_megabyte_is_refused_with_a_short_excerpt() -> None:
    """``parse_cards`` of a one-megabyte token, and a document holding it as a card, are refused
    with a message quoting a few dozen characters; the error keeps at most 100 of them."""
    token = "Q" * 1_000_000
    with pytest.raises(sr.CardParseError) as info:
        sr.parse_cards(token)
    assert len(str(info.value)) < 200 and len(info.value.token) <= 100
    document = _state_document()
    document["stock"][0] = token
    message = refusal(SerializationError, lambda: from_json(json.dumps(document), max_size=None))
    assert message.startswith("stock[0]")


# ---------------------------------------------------------------------------
# memory


def _retained(work: Callable[[], None]) -> int:
    """Bytes still allocated after ``work()``, once garbage is collected."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        work()
        gc.collect()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_megabyte_strings_fed_to_parse_and_read_leave_nothing_behind() -> None:
    """Twenty distinct one-megabyte strings given to ``parse_cards`` and ``from_json`` (refused, or
    read as documents with a long rules name refused) leave less than a megabyte allocated:
    nothing keeps what it is fed."""
    def feed() -> None:
        for i in range(20):
            text = f"{i:04d}" + "x" * 1_000_000
            with pytest.raises(sr.CardParseError):
                sr.parse_cards(text)
            with pytest.raises(SerializationError):
                from_json(text, max_size=None)
            with pytest.raises(SerializationError):
                from_json('{"format": "shanghai-rules/rules", "version": 1, "name": "' + text + '"}', max_size=None)

    assert _retained(feed) < 1_000_000


def test_long_melds_of_refused_documents_are_not_kept() -> None:
    """A document's melds on the table are kept in the memo, to be read once, only where they are as
    short as a game's melds: ten refused documents of 40 melds of 80 cards each (refused for an
    owner who is not down) leave less than 200 kB allocated (keeping them would hold about 0.8 MB)."""
    base = json.loads(to_json(sr.new_game(sr.PAGAT7, players=4, seed=1)))
    codes = [f"{rank}{suit}" for rank in (*"23456789", "10", *"JQKA") for suit in "CDHS"]
    documents = [json.dumps(dict(base, table=[{"owner": 0, "kind": "set", "rank": "A",
                                               "cards": [codes[(meld >> i % 9) % 52] for i in range(80)]}
                                              for meld in range(40 * document, 40 * document + 40)]))
                 for document in range(10)]

    def feed() -> None:
        for document in documents:
            with pytest.raises(SerializationError, match="not down"):
                from_json(document)

    sr.clear_caches()
    assert _retained(feed) < 200_000

def test_the_memo_stays_within_its_bound_whatever_rules_and_seat_counts_it_sees() -> None:
    """Games under 60 distinct rules (each a new rules value read from a document) and every seat
    count from 3 to 16 fill the memo no further than its stated bound, and ``clear_caches``
    empties every table."""
    big = attrs.evolve(sr.ISRA, max_players=MAX_PLAYERS, decks_by_players=((MAX_PLAYERS, 6),))
    for i in range(60):
        rules = from_json(to_json(attrs.evolve(big, name=f"house {i}", cut_penalty=i)), sr.Rules)
        players = 3 + i % (MAX_PLAYERS - 2)
        state = sr.new_game(rules, players, seed=i)
        for _ in range(30):
            actions = sr.legal_actions(state)
            if not actions:
                break
            state = sr.apply(state, actions[0], listing=actions)
    assert 0 < sum(MEMO.sizes().values()) <= MEMO.bound()
    sr.clear_caches()
    assert sum(MEMO.sizes().values()) == 0


@pytest.mark.parametrize("call", [
    lambda: sr.check_meld(itertools.repeat(sr.parse_card("4H")), sr.PAGAT7),
    lambda: sr.check_contract(itertools.repeat(sr.parse_cards("4H 4S 4D")), sr.PAGAT7, 1),
    lambda: sr.find_contract(itertools.repeat(sr.parse_card("4H")), sr.PAGAT7, 1),
    lambda: sr.hand_penalty(itertools.repeat(sr.parse_card("4H")), sr.PAGAT7),
    lambda: sr.parse_cards(itertools.repeat("4H")),
    lambda: sr.setup_round(sr.PAGAT7, hands=itertools.repeat("4H")),
    lambda: sr.setup_round(sr.PAGAT7, hands=[itertools.repeat(sr.parse_card("4H"))] * 3),
    lambda: sr.LayDown(0, itertools.repeat("4H")),
    lambda: sr.LayDown(0, [itertools.repeat("4H")]),
    lambda: GameRecord.new(sr.PAGAT7, 4).extend(itertools.repeat(sr.DrawStock(0))),
    lambda: events_to_json(itertools.repeat(DrewFromStock(0, None))),
])
def test_endless_iterables_are_read_no_further_than_a_game_holds(call: Callable[[], object]) -> None:
    """Cards, groups and hands given as endless iterables are read up to the most a game holds
    (MAX_CARDS cards, MAX_PLAYERS hands, MAX_CONTRACT_MELDS groups), or as actions or events to
    record or write (MAX_ACTIONS_READ, MAX_EVENTS_READ), and then refused, or judged not a meld or
    contract, with a reason saying so."""
    try:
        verdict = call()
    except ValueError as exc:
        message = str(exc)
    else:
        assert not verdict
        message = verdict.reason  # type: ignore[attr-defined]
    assert "more than" in message or "players" in message, message
    assert len(message) <= MAX_MESSAGE_LENGTH


@pytest.fixture
def search_tries(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts the contract search's work: ``tries`` (runs and sets tried, as its limits count them) and
    ``wild_counts`` (the counts of wilds a meld may hold, read off the limits: the work of a set tried)."""
    from shanghai_rules import contract_search

    count = {"tries": 0, "wild_counts": 0}
    search = contract_search.ContractSearch
    tried, wild_counts = search._count_placement, search._wild_counts

    def counted_try(self: Any) -> None:
        count["tries"] += 1
        tried(self)

    def counted_wild_counts(self: Any, *args: Any) -> Any:
        count["wild_counts"] += 1
        return wild_counts(self, *args)

    monkeypatch.setattr(search, "_count_placement", counted_try)
    monkeypatch.setattr(search, "_wild_counts", counted_wild_counts)
    return count


def test_every_shape_a_set_is_weighed_in_counts_as_a_try(search_tries: dict[str, int]) -> None:
    """A contract of four sets and seven runs of 13 under irregular wild limits, in a hand of 168 cards (64
    jokers): the search stops at ``PLACEMENT_LIMIT`` tries, and each try asks the wild limits at most about
    once (before the shapes a set was weighed in counted, it asked them seven times a try, and the search took
    1.5 s instead of 0.2 s)."""
    from shanghai_rules.contract_search import PLACEMENT_LIMIT

    case = json.loads((HOSTILE / "many-jokers-contract.json").read_text(encoding="utf-8"))
    rules = from_json(json.dumps(case["rules"]))
    assert sr.find_contract(sr.parse_cards(case["hand"]), rules, case["round"]) is None
    assert search_tries["tries"] == PLACEMENT_LIMIT + 1
    assert search_tries["wild_counts"] <= search_tries["tries"]


def test_the_contract_searches_of_one_no_trap_judgement_share_their_tries(search_tries: dict[str, int]) -> None:
    """A seat not yet down may make seven swaps, each of which obliges it to go down this turn, with a hand
    whose contract search never ends by itself: the no-trap judgement of each swap asks the search of every
    position it weighs.  Those searches share ``TRIES_LIMIT`` tries for one judgement, so ``legal_actions``
    costs the lay-down search of the seat plus that many a swap (it was 50,000 tries a position weighed:
    104 s), and no swap is listed: none is found to leave a way to finish the turn."""
    from shanghai_rules.contract_search import PLACEMENT_LIMIT

    state = from_json((HOSTILE / "swaps-that-force-going-down.json").read_text(encoding="utf-8"))
    turn, pos = listing.position_of(state)
    swaps = listing.swap_candidates(turn, pos)
    assert len(swaps) == 7
    actions = sr.legal_actions(state)
    assert not any(isinstance(action, sr.SwapWild) for action in actions)
    assert search_tries["tries"] <= PLACEMENT_LIMIT + 1 + len(swaps) * (no_trap.TRIES_LIMIT + 1)


def _layouts_all_refused(runs: int) -> sr.GameState:
    """Seat 0, after its draw, holds ``runs`` times ``7x JK JK JK`` against a contract of that many runs of
    four, where going down must keep a card: every layout takes the whole hand, and there are thousands
    (40,000 for ten runs).  Where it must also go down this turn (it swapped, ``swap_forces_going_down``),
    it has no legal action."""
    suits = "HCDS"
    cards = [card for i in range(runs) for card in (f"7{suits[i % 4]}", "JK", "JK", "JK")]
    rules = attrs.evolve(sr.PAGAT7, name="keep", min_players=3, max_players=3, decks_by_players=((3, 8),),
                         jokers_per_deck=12, hand_size=len(cards), contracts=(C(runs=runs, run_length=4),),
                         buy_limits=(2,), max_wilds_per_meld=None, distinct_contract_set_ranks=False,
                         contract_run_gap=0, going_down_keeps_a_card=True, swap_from_runs=True,
                         swap_forces_going_down=True, swap_eligibility="anyone")
    state = sr.setup_round(rules, hands=[" ".join(cards[1:]), "QC", "QD"], stock=f"{cards[0]} 5D 5H",
                           discard="9S", dealer=2)
    return sr.apply(state, sr.DrawStock(0))


def test_the_listing_judges_at_most_layouts_judged_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the judgement refuses every layout the contract search gives, ``legal_actions`` and
    ``has_legal_action`` judge at most ``LAYOUTS_JUDGED`` of them and list no ``LayDown``; ``from_json`` of
    such a state that must go down refuses it (no legal action) after as many.  Before, they judged every
    layout (40,000 for ten runs; a 1.9 kB document took 45 s to be refused)."""
    judged = [0]

    def counting(judge: Callable[..., Any]) -> Callable[..., Any]:
        def counted(turn: Any, pos: Any, action: Any) -> Any:
            judged[0] += isinstance(action, sr.LayDown)
            return judge(turn, pos, action)
        return counted

    monkeypatch.setattr(listing, "judge_listed_lay_down", counting(listing.judge_listed_lay_down))
    monkeypatch.setattr(listing, "judge_play", counting(listing.judge_play))
    state = _layouts_all_refused(10)
    actions = sr.legal_actions(state)
    assert actions and not any(isinstance(action, sr.LayDown) for action in actions)
    assert judged[0] == listing.LAYOUTS_JUDGED
    stuck = attrs.evolve(state, must_go_down=True)
    judged[0] = 0
    assert not sr.has_legal_action(stuck)
    assert judged[0] == listing.LAYOUTS_JUDGED
    judged[0] = 0
    assert "no legal action" in refusal(SerializationError, lambda: from_json(to_json(stuck)))
    assert judged[0] <= listing.LAYOUTS_JUDGED


def test_the_listing_judges_every_layout_a_no_trap_judgement_can_reach() -> None:
    """A player who must go down is never left without the lay-down that let the play before be judged
    legal: the no-trap judgement reaches at most one layout a try of its ``TRIES_LIMIT``, and the listing
    judges at least that many layouts, within ``PLACEMENT_LIMIT`` tries, no fewer than the judgement had."""
    from shanghai_rules.contract_search import PLACEMENT_LIMIT

    assert listing.LAYOUTS_JUDGED >= no_trap.TRIES_LIMIT
    assert PLACEMENT_LIMIT >= no_trap.TRIES_LIMIT
