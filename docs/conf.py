"""Sphinx configuration for the shanghai_rules documentation.

Builds offline with the extensions shipped with Sphinx only.  CI builds with
warnings as errors and runs every code example as a doctest::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

# Document the source tree even when the package is not installed.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

import shanghai_rules  # noqa: E402

project = "shanghai_rules"
author = "The shanghai_rules authors"
copyright = "The shanghai_rules authors"
release = shanghai_rules.__version__
version = ".".join(release.split(".")[:2])

# The docstrings are plain reStructuredText, so napoleon is not used (it would
# read "x: y" at the start of an attribute's docstring as a type).
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
]

exclude_patterns = ["_build"]
templates_path: list[str] = []
html_static_path: list[str] = []
html_theme = "alabaster"
html_title = f"shanghai_rules {release}"
html_theme_options = {
    "description": "A rules engine for Shanghai Rummy",
    "fixed_sidebar": True,
}

# Autodoc: members in source order, types in the descriptions rather than the
# signatures, real default values in signatures.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_default_options = {"members": True}
autodoc_preserve_defaults = False

# The pages' examples are ``.. doctest::`` and ``.. testcode::`` blocks.  Plain
# ``>>>`` blocks are the docstrings' (pulled in by autodoc); pytest runs those
# in their own modules' namespaces (``--doctest-modules``), so they are not run
# a second time here.
doctest_test_doctest_blocks = ""

# Every doctest runs with the library imported as ``sr``.
doctest_global_setup = """
import shanghai_rules as sr
"""
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1

# The citation marks used on the rules pages: |000| ... |004| link to the
# source documents, |ruling| marks a ruling of the rules pages, |library| a decision of the library.
rst_prolog = """
.. |000| replace:: :ref:`(000) <seed-000>`
.. |001| replace:: :ref:`(001) <seed-001>`
.. |002| replace:: :ref:`(002) <seed-002>`
.. |003| replace:: :ref:`(003) <seed-003>`
.. |004| replace:: :ref:`(004) <seed-004>`
.. |ruling| replace:: **(ruling)**
.. |library| replace:: **(library ruling)**
"""
