"""Events as JSON: :func:`events_to_json` and :func:`events_from_json`, lossless.

A document of events is one object::

    {"format": "shanghai-rules/events", "version": 2, "events": [...]}

and each event an object ``{"type": ..., fields}`` whose fields are those of
its class in :mod:`shanghai_rules.events`, in ``snake_case``, always all
written, with a hidden card (of a redacted event) as ``null``.  Cards, melds,
contracts and round results are written as in the other documents
(:mod:`shanghai_rules.serialization`).  ``version`` is the format's
:data:`~shanghai_rules.serialization.FORMAT_VERSION`; events are read from
:data:`EVENTS_SINCE` (2), the first version with them, on.  The JSON Schema ships in the
package: ``load_events_schema()``.

>>> import shanghai_rules as sr
>>> from shanghai_rules.events import DrewFromStock
>>> from shanghai_rules.event_json import events_from_json, events_to_json
>>> events = (DrewFromStock(1, sr.parse_card("7h")), DrewFromStock(1, None))
>>> print(events_to_json(events, indent=1))
{
 "format": "shanghai-rules/events",
 "version": 2,
 "events": [
  {
   "type": "drew_from_stock",
   "player": 1,
   "card": "7H"
  },
  {
   "type": "drew_from_stock",
   "player": 1,
   "card": null
  }
 ]
}
>>> events_from_json(events_to_json(events)) == events
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sized
from itertools import islice
from typing import Any, Final

from .cards import MAX_CARDS
from .errors import excerpt
from .events import (
    AskedToBuy,
    Bought,
    CalledShanghai,
    CardsCut,
    Dealt,
    DeclinedBuy,
    Discarded,
    DrewFromStock,
    Event,
    GameEnded,
    LaidOff,
    RoundEnded,
    RoundStarted,
    StockRebuilt,
    SwappedWild,
    TookUpcard,
    WentDown,
    WithdrewBuy,
)
from .rules import MAX_PLAYERS
from .serialization import (
    _ENDS,
    FORMAT_VERSION,
    MAX_DOCUMENT_SIZE,
    READ_VERSIONS,
    SerializationError,
    _bool,
    _card,
    _cards,
    _check_indent,
    _int,
    _int_opt,
    _items,
    _obj,
    _parse,
    _read_contract,
    _read_meld,
    _read_result,
    _str,
    _w_contract,
    _w_meld,
    _w_result,
)

__all__ = [
    "EVENTS_FORMAT",
    "EVENTS_SINCE",
    "EVENT_FIELDS",
    "EVENT_NAMES",
    "MAX_EVENTS_READ",
    "event_from_dict",
    "event_to_dict",
    "events_from_json",
    "events_to_json",
    "load_events_schema",
]

Json = Any
"""A JSON value as :mod:`json` reads it."""

EVENTS_FORMAT: Final = "shanghai-rules/events"
"""The ``format`` of a document of events."""

EVENTS_SINCE: Final = 2
"""The first version of the format with events: a document of events of an earlier version is refused."""

MAX_EVENTS_READ: Final = 1_000_000
"""The most events :func:`events_to_json` takes from an iterable without a length (a generator): one that
yields more is refused, so that an endless one cannot fill memory.  A list or a tuple is written whole.
(More events than a document that :func:`events_from_json` reads by default can hold: each takes more
than one character.)"""

EVENT_NAMES: Final[dict[type[Any], str]] = {
    RoundStarted: "round_started", CardsCut: "cut", Dealt: "dealt", StockRebuilt: "stock_rebuilt",
    DrewFromStock: "drew_from_stock", TookUpcard: "took_upcard", AskedToBuy: "asked_to_buy",
    WithdrewBuy: "withdrew_buy", DeclinedBuy: "declined_buy", Bought: "bought", WentDown: "went_down",
    LaidOff: "laid_off", SwappedWild: "swapped_wild", Discarded: "discarded", CalledShanghai: "called_shanghai",
    RoundEnded: "round_ended", GameEnded: "game_ended",
}
"""The ``type`` of each event class in JSON."""

_CLASSES: Final[dict[str, type[Any]]] = {name: cls for cls, name in EVENT_NAMES.items()}

EVENT_FIELDS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "round_started": (("round_number", "count"), ("dealer", "seat"), ("contract", "contract")),
    "cut": (("player", "seat"), ("count", "count"), ("exact", "bool")),
    "dealt": (("hand_size", "count"), ("hands", "hands"), ("upcard", "card?"), ("stock_size", "count")),
    "stock_rebuilt": (("times", "count"), ("fresh_decks", "count")),
    "drew_from_stock": (("player", "seat"), ("card", "card?")),
    "took_upcard": (("player", "seat"), ("card", "card")),
    "asked_to_buy": (("player", "seat"), ("card", "card")),
    "withdrew_buy": (("player", "seat"), ("card", "card")),
    "declined_buy": (("player", "seat"), ("card", "card")),
    "bought": (("player", "seat"), ("card", "card"), ("penalty", "cards?"), ("penalty_count", "count"),
               ("buys_left", "count?")),
    "went_down": (("player", "seat"), ("melds", "melds"), ("first_meld", "count")),
    "laid_off": (("player", "seat"), ("card", "card"), ("meld", "count"), ("end", "end?")),
    "swapped_wild": (("player", "seat"), ("card", "card"), ("meld", "count"), ("wild", "card")),
    "discarded": (("player", "seat"), ("card", "card"), ("shanghai", "bool"), ("dies", "bool")),
    "called_shanghai": (("player", "seat"), ("card", "card"), ("meld", "count"), ("discarder", "seat"),
                        ("given", "card?"), ("end", "end?")),
    "round_ended": (("result", "result"), ("hands", "hands"), ("scores", "scores")),
    "game_ended": (("scores", "scores"), ("winners", "seats")),
}
"""The fields of each event type, after ``type``, in the order they are written, with the kind of each value:
``seat`` and ``count`` (whole numbers from 0), ``count?`` (or ``null``), ``bool``, ``card``, ``card?`` (a card,
or ``null`` where hidden), ``end?`` (``"low"``, ``"high"`` or ``null``), ``cards?`` (an array of cards, or
``null`` where hidden), ``hands`` (per seat an array of cards or ``null``), ``melds`` (meld objects),
``contract``, ``result`` (a round result), ``scores`` (whole numbers) and ``seats``."""


def _w_card(card: Any) -> Json:
    return None if card is None else str(card)


def _w_cards(cards: Any) -> Json:
    return None if cards is None else [str(c) for c in cards]


_WRITERS: Final[dict[str, Callable[[Any, str], Json]]] = {
    "seat": lambda v, p: v, "count": lambda v, p: v, "count?": lambda v, p: v, "bool": lambda v, p: v,
    "end?": lambda v, p: v,
    "scores": lambda v, p: list(v), "seats": lambda v, p: list(v),
    "card": lambda v, p: str(v), "card?": lambda v, p: _w_card(v), "cards?": lambda v, p: _w_cards(v),
    "hands": lambda v, p: [_w_cards(hand) for hand in v],
    "melds": lambda v, p: [_w_meld(m, f"{p}[{i}]") for i, m in enumerate(v)],
    "contract": _w_contract, "result": _w_result,
}


def event_to_dict(event: Event) -> dict[str, Json]:
    """One event as plain JSON data: ``{"type": ..., fields}`` (no ``format`` or ``version``: the value
    as it sits in a document's ``events``).

    Raises :class:`~shanghai_rules.serialization.SerializationError` (``cannot_write``) for what is not an
    event, and for an event that :func:`event_from_dict` would not read back as itself (one built with a
    field of the wrong kind: a seat of -1, hands that are not hands).
    """
    name = EVENT_NAMES.get(type(event))
    if name is None:
        raise SerializationError("", f"cannot write {excerpt(event)}: not an event", "cannot_write")
    out: dict[str, Json] = {"type": name}
    for field, kind in EVENT_FIELDS[name]:
        try:
            out[field] = _WRITERS[kind](getattr(event, field), field)
        except (TypeError, AttributeError, ValueError):
            raise SerializationError(field, f"cannot write {excerpt(getattr(event, field))} as a {kind}",
                                     "cannot_write") from None
    try:
        same = event_from_dict(out) == event
    except SerializationError as exc:
        raise SerializationError(exc.path, f"cannot write it: {exc.reason}", "cannot_write") from None
    if not same:
        raise SerializationError("", f"cannot write {excerpt(event)}: it would not read back as itself", "cannot_write")
    return out


def events_to_json(events: Iterable[Event], *, indent: int | None = None) -> str:
    """A document of ``events``, in order: ``events_from_json(events_to_json(e)) == tuple(e)``.
    An iterable without a length is read no further than :data:`MAX_EVENTS_READ` events, and refused
    if it holds more."""
    _check_indent(indent)
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise SerializationError("", f"cannot write {excerpt(events)}: not a sequence of events", "cannot_write")
    sized = isinstance(events, Sized)
    listed = list(events if sized else islice(events, MAX_EVENTS_READ + 1))
    if not sized and len(listed) > MAX_EVENTS_READ:
        raise SerializationError("", f"this iterable holds more than {MAX_EVENTS_READ:,} events, the most read "
                                     "from one without a length: give a list", "cannot_write")
    doc = {"format": EVENTS_FORMAT, "version": FORMAT_VERSION, "events": [event_to_dict(e) for e in listed]}
    return json.dumps(doc, indent=indent, ensure_ascii=False, allow_nan=False)


def _r_hand(value: Json, path: str) -> Json:
    return None if value is None else _cards(value, path)


_READERS: Final[dict[str, Callable[[Json, str], Any]]] = {
    "seat": lambda v, p: _int(v, p, 0, MAX_PLAYERS - 1),
    "count": lambda v, p: _int(v, p, 0),
    "count?": lambda v, p: _int_opt(v, p, 0),
    "bool": _bool,
    "card": _card,
    "card?": lambda v, p: None if v is None else _card(v, p),
    "end?": lambda v, p: None if v is None else _str(v, p, _ENDS),
    "cards?": _r_hand,
    "hands": lambda v, p: _items(v, p, _r_hand, MAX_PLAYERS),
    "melds": lambda v, p: _items(v, p, _read_meld, MAX_CARDS),
    "contract": _read_contract,
    "result": _read_result,
    "scores": lambda v, p: _items(v, p, _int, MAX_PLAYERS),
    "seats": lambda v, p: _items(v, p, lambda s, q: _int(s, q, 0, MAX_PLAYERS - 1), MAX_PLAYERS),
}


def event_from_dict(data: Json, path: str = "") -> Event:
    """The event that :func:`event_to_dict` wrote as ``data``.

    Checks the structure (every field there, nothing more) and each value's type;
    raises :class:`~shanghai_rules.serialization.SerializationError` naming the
    path (prefixed with ``path``) to a bad field.
    """
    if not isinstance(data, dict):
        raise SerializationError(path, "expected an event object", "bad_field")
    name = _str(data.get("type"), f"{path}.type" if path else "type", tuple(EVENT_FIELDS))
    fields = EVENT_FIELDS[name]
    _obj(data, path, ("type", *(field for field, _ in fields)))
    values = {field: _READERS[kind](data[field], f"{path}.{field}" if path else field) for field, kind in fields}
    if name == "game_ended":
        _check_winners(values["winners"], values["scores"], f"{path}.winners" if path else "winners")
    event: Event = _CLASSES[name](**values)
    return event


def _check_winners(winners: tuple[int, ...], scores: tuple[int, ...], path: str) -> None:
    """The winners of a game's end are seats of its scores."""
    for i, seat in enumerate(winners):
        if seat >= len(scores):
            raise SerializationError(f"{path}[{i}]", f"seat {seat} has no score (of {len(scores)} seats)",
                                     "bad_field")


def events_from_json(text: str | bytes, *, max_size: int | None = MAX_DOCUMENT_SIZE) -> tuple[Event, ...]:
    """The events of a document :func:`events_to_json` wrote.

    Reads the text as :func:`~shanghai_rules.serialization.from_json` does (refusing a document
    longer than ``max_size`` characters before parsing it, one that is not JSON or repeats a field),
    and refuses one of another format or version, or with a bad event
    (:class:`~shanghai_rules.serialization.SerializationError`, naming the path).
    """
    data = _parse(text, max_size, "events_from_json")
    doc = _obj(data, "", ("format", "version", "events"))
    _str(doc["format"], "format", (EVENTS_FORMAT,))
    readable = tuple(v for v in READ_VERSIONS if v >= EVENTS_SINCE)
    if type(doc["version"]) is not int or doc["version"] not in readable:
        raise SerializationError("version", "this library reads documents of events of version "
                                 + ", ".join(map(str, readable)), "wrong_format")
    return _items(doc["events"], "events", event_from_dict)


def load_events_schema() -> dict[str, Json]:
    """The JSON Schema (draft 2020-12) of a document of events, as shipped in the package
    (``shanghai_rules/schemas/events.schema.json``)."""
    from importlib import resources

    path = resources.files("shanghai_rules").joinpath("schemas").joinpath("events.schema.json")
    schema: dict[str, Json] = json.loads(path.read_text(encoding="utf-8"))
    return schema
