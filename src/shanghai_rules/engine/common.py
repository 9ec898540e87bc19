"""What every phase of the referee shares: making a new state, hand arithmetic,
the seeded random source, the stock, which cards fit which meld on the table,
and the bounded caches behind them (:func:`clear_caches` empties them all)."""

from __future__ import annotations

import operator
import random
import weakref
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import Any, Final, TypeVar

import attrs

from .._frozen import open_twin
from ..actions import Buy, Discard, DrawStock, LayDown, LayOff, TakeDiscard, WithdrawBuy
from ..cards import ALL_CARDS, Card, Suit, full_deck
from ..contracts import clear_search_caches
from ..errors import IllegalAction
from ..melds import End, Meld, _join, joined, plain_join, run_places
from ..rules import Rules
from ..state import GameState, TableMeld

__all__ = [
    "Fits",
    "IllegalAction",
    "Options",
    "add_cards",
    "clear_caches",
    "discard_row",
    "distinct_cards",
    "fits",
    "fits_card",
    "holds",
    "laid_at",
    "lay_off_action",
    "new_lay_down",
    "place",
    "remembered_fits",
    "remove_cards",
    "replace",
    "replacer",
    "seat_actions",
    "supply",
    "swap_cards",
    "swap_cards_after",
    "table_fits",
    "table_meld",
    "table_reach",
    "table_swaps",
    "table_takes",
    "take_from_stock",
]


_FIELDS = tuple(field.name for field in attrs.fields(GameState))
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_OpenState = open_twin(GameState)


def _state_writer(header: str, value_of: Callable[[int, str], str]) -> Callable[..., GameState]:
    """A function (``header`` its first line) that builds a ``GameState`` field by field, as
    :mod:`shanghai_rules._frozen` builds values: ``value_of(index, name)`` is each field's
    expression.  The engine makes a new state on every move, so this is its hottest code."""
    lines = [header, "    new = _OpenState()"]
    lines += [f"    new.{name} = {value_of(i, name)}" for i, name in enumerate(_FIELDS)]
    lines += ["    new.__class__ = GameState", "    return new"]
    namespace: dict[str, Any] = {"_OpenState": _OpenState, "GameState": GameState}
    # the code is made from GameState's own field names only
    exec("\n".join(lines), namespace)
    writer: Callable[..., GameState] = namespace[header[4:header.index("(")]]
    return writer


_copy = _state_writer("def copier(values):", lambda i, name: f"values[{i}]")
_all_fields = operator.attrgetter(*_FIELDS)


def replace(state: GameState, **changes: Any) -> GameState:
    """A new state with ``changes``; every other field is shared with ``state`` (nothing is copied).

    The engine's own fast path for :func:`attrs.evolve`: ``GameState`` has no
    validators or converters to run, so each field is set directly, once.
    """
    values = list(_all_fields(state))
    for name, value in changes.items():
        index = _INDEX.get(name)
        if index is None:
            raise AttributeError(f"GameState has no field {name!r}")
        values[index] = value
    return _copy(values)


def replacer(*names: str) -> Callable[..., GameState]:
    """A :func:`replace` for these very fields, all of them given by name on every call:
    ``replacer("phase", "turn")(state, phase=..., turn=...)``.

    The moves made most often use one each: written out field by field, as
    :func:`replace`'s copier is, it sets each field straight from its argument or
    from ``state``, with no list of values built and no name looked up.
    """
    for name in names:
        if name not in _INDEX:
            raise AttributeError(f"GameState has no field {name!r}")
    return _state_writer(f"def replaced(state, *, {', '.join(names)}):",
                         lambda i, name: name if name in names else f"state.{name}")


_OpenTableMeld = open_twin(TableMeld)


def table_meld(owner: int, meld: Meld) -> TableMeld:
    """``TableMeld(owner=owner, meld=meld)``, made the engine's quick way, as :func:`trusted` makes
    actions: plays build one for every lay-off they weigh."""
    new = _OpenTableMeld()
    new.owner = owner
    new.meld = meld
    new.__class__ = TableMeld
    return new  # type: ignore[no-any-return]


_code = operator.attrgetter("code")
_first = operator.itemgetter(0)


def remove_cards(hand: tuple[Card, ...], cards: Sequence[Card], why: str = "") -> tuple[Card, ...]:
    """``hand`` less ``cards`` (a multiset difference); IllegalAction if a card is not there.
    The cards left keep their order."""
    if len(cards) == 1:  # a lay-off, a swap, a card given: looked for by bisection
        index = place(hand, cards[0])
        if index < 0:
            raise IllegalAction(why or f"{cards[0]} is not in the hand")
        rest = list(hand)  # (one list made and one tuple, where slices would make three tuples)
        del rest[index]
        return tuple(rest)
    # more (a lay-down): the engine keeps hands sorted by code, so the cards, sorted so too, are
    # taken off in one pass over the hand, as a merge (there is one object per card)
    taken = sorted(cards, key=_code)
    needed = len(taken)
    kept: list[Card] = []
    found = 0
    for held in hand:
        if found < needed and held is taken[found]:
            found += 1
        else:
            kept.append(held)
    if found == needed:
        return tuple(kept)
    # a card not held, or a hand in another order: counted off (cards hash by identity)
    wanted: dict[Card, int] = {}
    for card in cards:
        wanted[card] = wanted.get(card, 0) + 1
    rest = []
    for held in hand:
        count = wanted.get(held)
        if count:
            wanted[held] = count - 1
        else:
            rest.append(held)
    for card in cards:  # (a loop: a generator here would keep wanted in a cell on every call)
        if wanted[card]:
            raise IllegalAction(why or f"{card} is not in the hand")
    return tuple(rest)


def holds(hand: Sequence[Card], card: Card) -> bool:
    """``card in hand``, found the quick way :func:`remove_cards` finds cards."""
    return place(hand, card) >= 0


def place(cards: Sequence[Card], card: Card) -> int:
    """Where ``card`` is in ``cards`` (-1 if it is not).

    The engine keeps hands sorted by code, so the card is looked for there first, by
    bisection on the codes; a hand in any other order is searched in full.  Either way no
    two cards are compared with ``==``, which costs a Python-level call for cards (they
    define an order), only by identity: there is one object per card."""
    index = bisect_left(cards, card.code, key=_code)
    if index < len(cards) and cards[index] is card:
        return index
    for index, held in enumerate(cards):
        if held is card:
            return index
    return -1


def distinct_cards(hand: Sequence[Card]) -> Sequence[Card]:
    """The cards of ``hand``, each once, in the hand's order (``tuple(dict.fromkeys(hand))``).

    The engine keeps hands sorted by code, so a card held twice is held side by side, and
    a walk along the hand that keeps each card with a greater code than the last one kept
    finds them, for less than the dictionary costs; a hand in any other order is seen as the
    walk meets a smaller code, and is made distinct by the dictionary."""
    found: list[Card] = []
    last = -1
    for card in hand:
        code = card.code
        if code > last:
            found.append(card)
            last = code
        elif code < last:
            return tuple(dict.fromkeys(hand))
    return found


def add_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` with ``cards`` added, kept sorted."""
    if len(cards) == 1:
        card = cards[0]
        out = list(hand)  # (one list made and one tuple, where slices would make four tuples)
        out.insert(bisect_right(hand, card.code, key=_code), card)
        return tuple(out)
    out = list(hand)
    for card in cards:
        insort(out, card, key=_code)
    return tuple(out)


_SUPPLIES: dict[tuple[int, int], tuple[Card, ...]] = {}


def supply(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """:func:`~shanghai_rules.cards.full_deck` as a tuple, kept (a few, by their counts, which come
    from checked rules) since a game deals the same supply round after round."""
    found = _SUPPLIES.get((decks, jokers_per_deck))
    if found is None:
        found = tuple(full_deck(decks, jokers_per_deck))
        if len(_SUPPLIES) >= 16:
            _SUPPLIES.clear()
        _SUPPLIES[(decks, jokers_per_deck)] = found
    return found


def shuffled(cards: Iterable[Card], seed: int) -> tuple[list[Card], int]:
    """``cards`` shuffled by the state's random source, and the source's next state.

    The shuffle is the engine's own Fisher-Yates over :meth:`random.Random.getrandbits`,
    drawing exactly what :meth:`random.Random.shuffle` draws, so it gives the same order
    as that does, and does so whatever the Python version: a seed and its actions make the
    same game everywhere."""
    rng = random.Random(seed)
    out = list(cards)
    bits = rng.getrandbits
    # each index below i + 1 is drawn as Random._randbelow draws it: as many bits as i + 1 has
    # (``width``, one fewer from where i falls below ``top``, one less than a power of two), the
    # draws too large thrown away
    width = len(out).bit_length()
    top = (1 << width >> 1) - 1
    for i in range(len(out) - 1, 0, -1):
        if i < top:
            width -= 1
            top >>= 1
        j = bits(width)
        while j > i:
            j = bits(width)
        out[i], out[j] = out[j], out[i]
    return out, rng.getrandbits(64)


def pick(count: int, seed: int) -> tuple[int, int]:
    """A random index below ``count``, and the random source's next state."""
    rng = random.Random(seed)
    return rng.randrange(count), rng.getrandbits(64)


def take_from_stock(
    stock: tuple[Card, ...], discard: tuple[Card, ...], seed: int, count: int
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], int]:
    """Take up to ``count`` cards from the top of the stock.

    When the stock is empty, the discard pile but its top card is shuffled into
    a new stock (SPEC 4.5); cards that even that cannot supply are not taken.
    Returns (cards taken, stock, discard, seed).
    """
    if count == 1 and stock:  # the draw
        return stock[:1], stock[1:], discard, seed
    taken: list[Card] = []
    while len(taken) < count:
        if not stock:
            if len(discard) <= 1:
                break
            new_stock, seed = shuffled(discard[:-1], seed)
            stock, discard = tuple(new_stock), discard[-1:]
        need = count - len(taken)
        taken.extend(stock[:need])
        stock = stock[need:]
    return tuple(taken), stock, discard, seed


Options = tuple[tuple["End | None", Meld], ...]


class Fits:
    """The cards that can be laid off on one meld, each with its options (as
    :func:`~shanghai_rules.melds.lay_off_options` gives them), worked out card by
    card as they are asked about, and then remembered.

    ``candidates`` holds every card that might fit (a superset, known at once): the
    wilds, and the naturals of the set's rank or at either end of the run.
    """

    __slots__ = ("_known", "_meld", "_plain", "_rules", "candidates")

    def __init__(self, meld: Meld, rules: Rules, ref: weakref.ref[Meld]) -> None:
        # held weakly, by the meld's entry (its facts, a weak reference): the meld's answers are
        # remembered only while the meld itself lives (see _MeldFacts)
        self._meld = ref
        self._rules = rules
        self._plain = plain_join(rules)  # how plainly a card joining the meld is judged
        self._known: dict[Card, Options] = {}  # what get has answered, by card
        self.candidates = _candidates(meld, rules)

    def get(self, card: Card) -> Options:
        """The options of ``card`` on the meld; empty if it does not fit."""
        found = self._known.get(card)
        if found is None:
            if card in self.candidates:
                meld = self._meld()
                assert meld is not None  # asked about by a holder of the meld
                # (melds.joined's own work, the rules' plain_join known: one call fewer per card)
                found = _join(meld, card, self._rules, self._plain)
            else:
                found = ()
            self._known[card] = found
        return found


class _MeldFacts(weakref.ref):  # type: ignore[type-arg]
    """What is remembered of one meld: its :class:`Fits` (and the rules they are for), the
    positions of its wilds, and the cards that may be swapped for them; ``None`` where not
    worked out yet.  Each meld asked about has one, which is a weak reference to the meld
    (one object, not a reference and a record of facts beside it: a new meld comes with
    nearly every play) and carries the key of the meld's entry in ``_MELDS``.

    The facts are kept in ``_MELDS`` by the meld's id, so asking needs no hash of the meld (a
    meld stays on the table, the same object from state to state, until it changes).  When
    the meld is gone, so are its facts: the id stays the meld's own while they live, and the
    melds of finished rounds take their answers with them instead of filling the table.
    Bounded as well: a full table is emptied.
    """

    __slots__ = ("fits", "key", "rules", "swaps", "wilds")
    key: int
    rules: Rules | None
    fits: Fits | None
    wilds: tuple[int, ...] | None
    swaps: frozenset[Card] | None


_MELDS: dict[int, _MeldFacts] = {}
_MELD_TABLES_MAX = 8192


def _facts_of(meld: Meld) -> _MeldFacts:
    """The facts remembered of ``meld``, a new (empty) entry where there are none."""
    key = id(meld)
    facts = _MELDS.get(key)
    if facts is None:
        if len(_MELDS) >= _MELD_TABLES_MAX:
            _clear_melds()
        facts = _MELDS[key] = _MeldFacts(meld, _forget)
        facts.key = key
        facts.rules = facts.fits = facts.wilds = facts.swaps = None
    return facts


def _clear_melds() -> None:
    """Empty ``_MELDS``.  Each entry's :class:`Fits` refers back to the entry (its reference to
    the meld), so it is let go of first: the pair would otherwise live on, for a meld that still
    lives, until the garbage collector looks for cycles."""
    entries = list(_MELDS.values())
    _MELDS.clear()  # first: letting go of a Fits may let a meld go, whose entry would then be taken out
    for facts in entries:
        facts.fits = None


def _forget(facts: _MeldFacts, melds: dict[int, _MeldFacts] = _MELDS) -> None:
    # called as the meld goes: its entry, unless a newer one (of a meld since given that id) took its place.
    # The table comes as an argument: a meld may outlive this module's names as the interpreter
    # shuts down (the names are emptied first), and the table must still be there for it.
    # The meld's Fits holds the facts (its reference to the meld), and they hold it: let go.
    facts.fits = None
    if melds.get(facts.key) is facts:
        del melds[facts.key]


def fits(meld: Meld, rules: Rules) -> Fits:
    """The cards that can be laid off on ``meld``, with their options (see :class:`Fits`).

    Remembered (up to a bound) for the melds asked about: a meld stays on the
    table, and is asked about again, until it changes.
    """
    facts = _MELDS.get(id(meld))
    if facts is not None and facts.rules is rules and facts.fits is not None:
        return facts.fits
    if facts is None:
        facts = _facts_of(meld)
    found = facts.fits = Fits(meld, rules, facts)
    facts.rules = rules
    return found


def remembered_fits(meld: Meld, rules: Rules) -> Fits | None:
    """The :func:`fits` of ``meld`` if it is remembered, without working it out."""
    facts = _MELDS.get(id(meld))
    if facts is not None and facts.rules is rules:
        return facts.fits
    return None


_NO_FITS: tuple[Fits, ...] = ()
_last_fits: list[tuple[tuple[TableMeld, ...], object, tuple[Fits, ...]]] = [((), None, _NO_FITS)]


def _one_changed(table: tuple[TableMeld, ...], last: tuple[TableMeld, ...]) -> int:
    """Where two tables of the same length differ in exactly one meld, its index (found by the
    identity test run over the tables at once); otherwise -1.  The last answer is kept: the
    table's lay-off options and its swaps ask it of the same two tables, one after the other."""
    known_table, known_last, index = _last_change[0]
    if table is known_table and last is known_last:
        return index
    same = list(map(operator.is_, table, last))
    index = same.index(False) if same.count(False) == 1 else -1
    _last_change[0] = (table, last, index)
    return index


_last_change: list[tuple[tuple[TableMeld, ...], tuple[TableMeld, ...], int]] = [((), (), -1)]


def table_fits(table: tuple[TableMeld, ...], rules: Rules) -> tuple[Fits, ...]:
    """:func:`fits` of each meld of ``table``, in table order.

    Remembers the last table asked about: states share their table until a
    meld changes, and then share the melds that did not.
    """
    last_table, last_rules, last = _last_fits[0]
    if table is last_table and rules is last_rules:
        return last
    shared = len(last_table) if rules is last_rules and len(last_table) <= len(table) else 0
    if shared and shared == len(table):
        # the commonest change, a lay-off: one meld changed
        changed = _one_changed(table, last_table)
        if changed >= 0:
            made = list(last)  # (one list and one tuple made, where slices would make four tuples)
            made[changed] = fits(table[changed].meld, rules)
            found = tuple(made)
            _last_fits[0] = (table, rules, found)
            return found
    # (a loop: a generator is a call of its own, and resumed for every meld)
    made = []
    for index, tm in enumerate(table):
        made.append(last[index] if index < shared and tm is last_table[index] else fits(tm.meld, rules))
    found = tuple(made)
    _last_fits[0] = (table, rules, found)
    return found


def fits_card(meld: Meld, card: Card, rules: Rules) -> Options:
    """The options of one card on ``meld`` (as :func:`fits` has them), without remembering
    anything where the meld was not asked about before (a meld a search only imagines)."""
    found = remembered_fits(meld, rules)
    if found is not None:
        return found.get(card)
    if card not in _candidates(meld, rules):
        return ()
    return joined(meld, card, rules)


_JOKER: Final = ALL_CARDS[52]
_WILD_TWOS: Final = frozenset(ALL_CARDS[s * 13] for s in range(4))
_RANK_CARDS: Final = tuple(frozenset(ALL_CARDS[s * 13 + rank - 2] for s in range(4)) for rank in range(2, 15))
_NATURALS: Final = frozenset(ALL_CARDS[:52])


def _candidates(meld: Meld, rules: Rules) -> frozenset[Card]:
    """Every card that might fit ``meld``: the wilds, and the naturals of its rank or at its ends.
    Kept by what decides it (few melds differ in that)."""
    key = (rules.wild_twos, meld.rank, None, 0, 0) if meld.kind == "set" else (
        rules.wild_twos, None, meld.suit, meld.start, len(meld.cards))
    found = _CANDIDATES.get(key)
    if found is None:
        found = _CANDIDATES[key] = _candidates_of(meld, rules)
    return found


_CANDIDATES: dict[tuple[bool, int | None, Suit | None, int, int], frozenset[Card]] = {}


def _candidates_of(meld: Meld, rules: Rules) -> frozenset[Card]:
    wilds = {_JOKER} | _WILD_TWOS if rules.wild_twos else {_JOKER}
    if meld.kind == "set":
        return frozenset(wilds | (_NATURALS if meld.rank is None else _RANK_CARDS[meld.rank - 2]))
    suit = meld.suit
    assert suit is not None
    for position in (meld.start - 1, meld.start + len(meld.cards)):
        if 1 <= position <= 14:
            rank = 14 if position == 1 else position
            wilds.add(ALL_CARDS[suit * 13 + rank - 2])
    return frozenset(wilds)


_A = TypeVar("_A")
_BUILDERS: dict[type[Any], Callable[[tuple[Any, ...]], Any]] = {}


_ACTIONS: dict[tuple[Any, ...], Any] = {}
_ACTIONS_MAX = 1 << 16


def trusted(cls: type[_A], *values: Any) -> _A:
    """An action built from values the engine has just checked itself (seats in range,
    cards from a hand, indices into the table), without running the field validators
    meant for callers' input.  Equal to ``cls(*values)``.

    Actions are immutable values, so the same one is handed out again when the same
    values come back (``legal_actions`` lists the same discards turn after turn).
    """
    key = (cls, *values)
    action = _ACTIONS.get(key)
    if action is not None:
        return action  # type: ignore[no-any-return]
    action = _built(cls, values)
    if len(_ACTIONS) >= _ACTIONS_MAX:
        _ACTIONS.clear()
    _ACTIONS[key] = action
    return action


def _built(cls: type[_A], values: tuple[Any, ...]) -> _A:
    """``cls(*values)`` without the field validators (see :func:`trusted`), nothing remembered."""
    builder = _BUILDERS.get(cls)
    if builder is None:
        builder = _BUILDERS[cls] = _builder(cls)
    return builder(values)  # type: ignore[no-any-return]


def _builder(cls: type[Any]) -> Callable[[tuple[Any, ...]], Any]:
    """A function that builds a ``cls`` from the values of its first fields (the rest take their
    defaults), as :mod:`shanghai_rules._frozen` builds values, written out for ``cls``'s fields."""
    fields = attrs.fields(cls)
    namespace: dict[str, Any] = {"twin": open_twin(cls), "cls": cls,
                                 "defaults": tuple(field.default for field in fields)}
    targets = "".join(f"new.{field.name}, " for field in fields)
    lines = ["def build(values):", "    new = twin()"]
    if targets:
        lines.append(f"    {targets} = values + defaults[len(values):]")
    lines += ["    new.__class__ = cls", "    return new"]
    # the code is made from the action class's own field names only
    exec("\n".join(lines), namespace)
    build: Callable[[tuple[Any, ...]], Any] = namespace["build"]
    return build


_LAY_OFFS: dict[tuple[int, Card, int, End | None], LayOff] = {}


def lay_off_action(player: int, card: Card, meld: int, end: End | None) -> LayOff:
    """``trusted(LayOff, player, card, meld, end)``, kept in a table of its own (and only there):
    ``legal_actions`` lists lay-offs for every down player's play, and this is the quicker look-up."""
    key = (player, card, meld, end)
    action = _LAY_OFFS.get(key)
    if action is None:
        if len(_LAY_OFFS) >= _ACTIONS_MAX:
            _LAY_OFFS.clear()
        action = _LAY_OFFS[key] = _built(LayOff, key)
    return action


_OpenLayDown = open_twin(LayDown)


def new_lay_down(player: int, melds: tuple[Meld, ...]) -> LayDown:
    """``LayDown(player, melds)`` for a layout the contract search has just found, built as
    :mod:`shanghai_rules._frozen` explains.  Unlike :func:`trusted`, nothing is remembered: a
    layout seldom comes back, and remembering it would hash every meld."""
    action = _OpenLayDown()
    action.player = player
    action.melds = melds
    action.__class__ = LayDown
    return action  # type: ignore[no-any-return]


_DISCARD_ROWS: dict[int, tuple[Discard, ...]] = {}


def discard_row(seat: int) -> tuple[Discard, ...]:
    """``trusted(Discard, seat, card, False)`` for every card, indexed by the card's code: the plain
    discards of ``seat``, which ``legal_actions`` lists on every turn."""
    row = _DISCARD_ROWS.get(seat)
    if row is None:
        row = _DISCARD_ROWS[seat] = _discard_row(seat)
    return row


def _discard_row(seat: int) -> tuple[Discard, ...]:
    # (apart from discard_row, which would otherwise keep seat in a cell on every call)
    return tuple([_built(Discard, (seat, card, False)) for card in ALL_CARDS])


_EMPTY: frozenset[Card] = frozenset()
_last_reach: list[tuple[object, object, frozenset[Card]]] = [((), None, _EMPTY)]


def table_reach(table: tuple[TableMeld, ...], rules: Rules) -> frozenset[Card]:
    """Every card that might be laid off on some meld of ``table`` (the union of the melds'
    :attr:`Fits.candidates`: a superset of those that can).

    Remembered for the last table asked about, as :func:`table_fits` remembers its
    answer: states share their table until a meld changes.
    """
    last_table, last_rules, reach = _last_reach[0]
    if table is not last_table or rules is not last_rules:
        reach = _EMPTY.union(*(f.candidates for f in table_fits(table, rules)))
        _last_reach[0] = (table, rules, reach)
    return reach


def table_takes(table: tuple[TableMeld, ...], rules: Rules, card: Card) -> bool:
    """Can ``card`` be laid off on some meld of ``table``?

    Only the melds that might take the card are asked (see :class:`Fits` and :func:`table_reach`).
    """
    if card not in table_reach(table, rules):
        return False
    return any(card in f.candidates and f.get(card) for f in table_fits(table, rules))


SeatActions = tuple[DrawStock, TakeDiscard, Buy, WithdrawBuy]
_SEAT_ACTIONS: dict[int, tuple[SeatActions, ...]] = {}


def seat_actions(players: int) -> tuple[SeatActions, ...]:
    """Each seat's draw-phase actions at a table of ``players``, which ``legal_actions`` lists
    turn after turn: (``DrawStock``, ``TakeDiscard``, ``Buy``, ``WithdrawBuy``) by seat."""
    rows = _SEAT_ACTIONS.get(players)
    if rows is None:
        rows = _SEAT_ACTIONS[players] = tuple(
            (trusted(DrawStock, seat), trusted(TakeDiscard, seat), trusted(Buy, seat), trusted(WithdrawBuy, seat))
            for seat in range(players))
    return rows


def wild_positions(meld: Meld) -> tuple[int, ...]:
    """The positions in ``meld`` of the cards acting as wilds (remembered by the meld, as :func:`fits` is)."""
    facts = _MELDS.get(id(meld))
    if facts is not None and facts.wilds is not None:
        return facts.wilds
    found = meld.wild_indices()
    (facts or _facts_of(meld)).wilds = found
    return found


_last_swaps: list[tuple[tuple[TableMeld, ...], object, tuple[tuple[int, frozenset[Card]], ...]]] = [((), None, ())]


def table_swaps(table: tuple[TableMeld, ...], rules: Rules) -> tuple[tuple[int, frozenset[Card]], ...]:
    """The melds of ``table`` whose wilds the rules let be swapped: (index, :func:`swap_cards`).

    Remembers the last table asked about, as :func:`table_fits` does, and reuses its answers
    for the melds the new table shares with it."""
    last_table, last_rules, last = _last_swaps[0]
    if table is last_table and rules is last_rules:
        return last
    runs, sets = rules.swap_from_runs, rules.swap_from_sets
    shared = len(last_table) if rules is last_rules and len(last_table) <= len(table) else 0
    if shared and shared == len(table):
        # the commonest change, a lay-off: one meld changed
        changed = _one_changed(table, last_table)
        if changed >= 0:
            meld = table[changed].meld
            if _lengthened(meld, last_table[changed].meld):
                result = last
            else:
                wanted = swap_cards(meld) if (runs if meld.kind == "run" else sets) else None
                rest = []
                for entry in last:  # (a loop: a list comprehension is a call of its own)
                    if entry[0] != changed:
                        rest.append(entry)
                if wanted:
                    rest.append((changed, wanted))
                    rest.sort(key=_first)
                result = tuple(rest)
            _last_swaps[0] = (table, rules, result)
            return result
    kept = dict(last) if shared else {}
    found = []
    for index, tm in enumerate(table):
        if index < shared and (tm is last_table[index] or _lengthened(tm.meld, last_table[index].meld)):
            wanted = kept.get(index)
        else:
            meld = tm.meld
            wanted = swap_cards(meld) if (runs if meld.kind == "run" else sets) else None
        if wanted:
            found.append((index, wanted))
    result = tuple(found)
    _last_swaps[0] = (table, rules, result)
    return result


def _lengthened(new: Meld, old: Meld) -> bool:
    """Is ``new`` the meld ``old`` with one natural card more, in its own place (a lay-off)?  Its
    wilds then stand for what they stood for, so the cards that may be swapped for them are the same."""
    cards = new.cards
    if len(cards) != len(old.cards) + 1 or new.kind != old.kind:
        return False
    if new.kind == "set" or new.start == old.start:
        return new.rank == old.rank and cards[:-1] == old.cards and new.is_natural_at(len(cards) - 1)
    return new.start == old.start - 1 and cards[1:] == old.cards and new.is_natural_at(0)


def swap_cards_after(old: Meld, new: Meld) -> frozenset[Card]:
    """:func:`swap_cards` of ``new``, the meld a lay-off makes of ``old`` (a meld a search only
    imagines, so nothing is remembered of it): those of ``old`` where the lay-off added a natural
    card in its own place, the wilds then standing for what they stood for."""
    if _lengthened(new, old):
        return swap_cards(old)
    return swap_cards(new, remember=False)


def laid_at(old: Meld, new: Meld) -> int:
    """Where the card laid off is in ``new``, the meld a lay-off makes of ``old``: first where
    it extends a run downward, last otherwise."""
    return 0 if new.kind == "run" and new.start < old.start else len(new.cards) - 1


def swap_cards(meld: Meld, *, remember: bool = True) -> frozenset[Card]:
    """The natural cards that can be given for a wild of ``meld``: what a run's wild stands for,
    any card of a set's rank (SPEC 4.7); none when the meld holds no wild.  Remembered by the
    meld, as :func:`fits` is, unless ``remember`` is false (a meld a search only imagines)."""
    facts = _MELDS.get(id(meld))
    if facts is not None and facts.swaps is not None:
        return facts.swaps
    found = _run_swap_cards(meld)
    if found is None:
        found = _swap_cards(meld, wild_positions(meld) if remember else meld.wild_indices())
    if remember:
        (facts or _facts_of(meld)).swaps = found
    return found


def _run_swap_cards(meld: Meld) -> frozenset[Card] | None:
    """:func:`swap_cards` of a run placed within the aces (None for any other meld): each card
    that stands where its own card does not is a wild standing for that card.  Picked out
    by C code (``compress`` and ``map`` over the cards and those of their places), not card
    by card: a run asked about is new, and its wilds are not yet known."""
    places = run_places(meld)
    if places is None:
        return None
    return frozenset(compress(places, map(operator.is_not, meld.cards, places)))


def _swap_cards(meld: Meld, wilds: tuple[int, ...]) -> frozenset[Card]:
    if not wilds:
        return frozenset()
    if meld.kind == "set":
        if meld.rank is None:
            return frozenset()
        return _RANK_CARDS[meld.rank - 2]
    return frozenset([card for card in [meld.stands_for(i) for i in wilds] if isinstance(card, Card)])


def clear_caches() -> None:
    """Forget what the engine and the contract search remember between calls (see :func:`clear_caches`
    in :mod:`shanghai_rules.engine`)."""
    clear_search_caches()
    _clear_melds()
    _last_fits[0] = ((), None, _NO_FITS)
    _last_swaps[0] = ((), None, ())
    _last_change[0] = ((), (), -1)
    _last_reach[0] = ((), None, _EMPTY)
    _ACTIONS.clear()
    _LAY_OFFS.clear()
    _SUPPLIES.clear()
    _DISCARD_ROWS.clear()
    _SEAT_ACTIONS.clear()
    _CANDIDATES.clear()
