"""Test configuration: under CI, hypothesis runs derandomized (the same examples every
run), so that a run's verdict depends on the code alone; elsewhere it explores afresh."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


# ---------------------------------------------------------------------------
# the refusals met in a run, for the examples of the docs' page of codes

_EXAMPLES_FILE = os.environ.get("SHANGHAI_RULES_REFUSAL_EXAMPLES")
_EXAMPLES: dict[str, str] = {}


def _keep_example(code: str, message: str) -> None:
    """Keep the shortest message met for ``code`` (the examples stay the same from run to run)."""
    if code and (code not in _EXAMPLES or (len(message), message) < (len(_EXAMPLES[code]), _EXAMPLES[code])):
        _EXAMPLES[code] = message


def _record_refusals() -> None:
    """Wrap the library's errors and verdicts so that each refusal made in the run is kept."""
    import shanghai_rules as sr
    from shanghai_rules.cards import CardError
    from shanghai_rules.contracts import ContractCheck
    from shanghai_rules.melds import MeldCheck, MeldError

    for error in (sr.IllegalAction, sr.RulesError, sr.SerializationError, CardError, MeldError):
        def init(self, *args, __init=error.__init__, **kwargs):  # type: ignore[no-untyped-def]
            __init(self, *args, **kwargs)
            _keep_example(self.code, str(self))
        error.__init__ = init  # type: ignore[method-assign]
    for verdict in (MeldCheck, ContractCheck):
        def made(self, *args, __init=verdict.__init__, **kwargs):  # type: ignore[no-untyped-def]
            __init(self, *args, **kwargs)
            if not self.ok:
                _keep_example(self.code, self.reason)
        verdict.__init__ = made  # type: ignore[method-assign]


def pytest_configure(config: object) -> None:
    if _EXAMPLES_FILE:
        _record_refusals()


def pytest_sessionfinish(session: object, exitstatus: object) -> None:
    if _EXAMPLES_FILE:
        import json

        with open(_EXAMPLES_FILE, "w", encoding="utf-8") as out:
            json.dump(dict(sorted(_EXAMPLES.items())), out, indent=1, ensure_ascii=False)
