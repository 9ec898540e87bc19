"""Documents written by this release, in version 2 of the format (``tests/documents/0.2.0.dev0``):
they load, a state plays on, a view is the view of its state, a record replays to its state, and
each is written again exactly as it was.  Later releases keep this test with these files."""

from __future__ import annotations

from pathlib import Path

import pytest

import shanghai_rules as sr
from shanghai_rules.serialization import from_json, read_action, to_json

DOCUMENTS = Path(__file__).resolve().parent / "documents" / "0.2.0.dev0"


def read(name: str) -> str:
    return (DOCUMENTS / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(p.name for p in DOCUMENTS.glob("*.json")))
def test_a_version_2_document_is_written_again_exactly_as_it_was(name: str) -> None:
    text = read(name)
    if name.startswith("action"):
        action, at = read_action(text)
        assert to_json(action, at=at) + "\n" == text
    else:
        assert to_json(from_json(text)) + "\n" == text


def test_a_version_2_state_view_and_record_agree_and_play_on() -> None:
    state = from_json(read("state-pagat7.json"), sr.GameState)
    assert state.move_number == 60
    assert from_json(read("view-pagat7.json"), sr.PlayerView) == sr.observe(state, 2)
    record = from_json(read("record-pagat7.json"), sr.GameRecord)
    assert sr.final_state(record) == state and len(record.actions) == state.move_number
    table = sr.Table(state)
    seat = table.awaiting().seats[0]
    table.submit(seat, table.options(seat)[0], at=60)
    assert table.move_number in (60, 61)  # a pass moves nothing
    assert read_action(read("action-at.json")) == (sr.Buy(3), 60)
