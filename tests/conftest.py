"""Test configuration: under CI, hypothesis runs derandomized (the same examples every
run), so that a run's verdict depends on the code alone; elsewhere it explores afresh."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
