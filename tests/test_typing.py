"""The typed user program of ``tests/typed`` runs as written (``.ci/run`` checks it with ``mypy --strict``)."""

from __future__ import annotations

from typing import cast

from typed.user_program import run


def test_a_program_written_as_the_docs_show_runs() -> None:
    seen = run()
    assert seen["meld"] == "run 4C 5C JK(6C) 7C"
    assert seen["contract"] == ["4H 5H 6H 7H", "9C 9D 9H"]  # (runs first)
    assert seen["moves"] == 40 and seen["view read back"] is True
    assert cast(int, seen["record"]) > 100 and seen["winners"]
    assert seen["offer words"] == ["seat 2 asks to buy the upcard", "seat 2 lets the offer go"]
