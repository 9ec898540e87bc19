"""The example of every code on the docs' page of refusals (``docs/refusal_examples.csv``): a
message the library gave for that code in a run of the test suite, kept by ``tests/conftest.py``
(the shortest met) and written out with ``python tests/test_refusal_examples.py --write FILE``,
where FILE is what a run of ``SHANGHAI_RULES_REFUSAL_EXAMPLES=FILE python -m pytest`` kept.  The
test fails when a code has no example, or an example names no code of the registry."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from shanghai_rules.refusals import CODES

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "refusal_examples.csv"


def read_examples() -> dict[str, str]:
    with EXAMPLES.open(encoding="utf-8", newline="") as rows:
        return {row["code"]: row["example"] for row in csv.DictReader(rows)}


def test_every_code_has_an_example_met_in_the_test_suite() -> None:
    examples = read_examples()
    assert set(examples) <= set(CODES)
    missing = sorted(set(CODES) - set(examples) - {"unspecified"})
    assert not missing, f"no example of {missing}: run the suite with SHANGHAI_RULES_REFUSAL_EXAMPLES"
    assert all(len(text) > 4 and text.startswith("``") and text.endswith("``") for text in examples.values())


def write_examples(kept: Path) -> None:
    examples = json.loads(kept.read_text(encoding="utf-8"))
    with EXAMPLES.open("w", encoding="utf-8", newline="") as out:
        table = csv.writer(out, lineterminator="\n")
        table.writerow(["code", "example"])
        for code in CODES:
            if code in examples and code != "unspecified":
                table.writerow([code, f"``{examples[code]}``"])  # (shown as written, not read as markup)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--write":
        write_examples(Path(sys.argv[2]))
    else:
        print("usage: python tests/test_refusal_examples.py --write FILE")
