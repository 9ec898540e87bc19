"""The documentation's promises about the code: every public name has a
docstring (the API reference is built from them), every ``Rules`` field is
described on the variants page, every public module is in the API reference,
and the changelog names the version being released.

The docs themselves are built, and their examples run, by Sphinx in CI::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path
from types import GenericAlias, ModuleType

import attrs
import pytest

import shanghai_rules as sr

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: The modules whose ``__all__`` is the public interface (the package itself
#: only re-exports names defined in these).
PUBLIC_MODULES = (
    "shanghai_rules.cards",
    "shanghai_rules.rules",
    "shanghai_rules.melds",
    "shanghai_rules.contracts",
    "shanghai_rules.actions",
    "shanghai_rules.state",
    "shanghai_rules.errors",
    "shanghai_rules.engine",
    "shanghai_rules.wild_limits",
    "shanghai_rules.memo",
    "shanghai_rules.verify",
    "shanghai_rules.views",
    "shanghai_rules.events",
    "shanghai_rules.event_json",
    "shanghai_rules.text",
    "shanghai_rules.serialization",
    "shanghai_rules.records",
    "shanghai_rules.players",
    "shanghai_rules.cli",
)


def _present(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _attribute_docs(module: ModuleType) -> dict[tuple[str, str], str]:
    """Docstrings written as a string literal just after an assignment, keyed by
    (class name or "", attribute name), as Sphinx's autodoc reads them; ``#:``
    comments before an assignment count too."""
    source = inspect.getsource(module)
    lines = source.splitlines()
    docs: dict[tuple[str, str], str] = {}

    def scan(body: list[ast.stmt], owner: str) -> None:
        for i, node in enumerate(body):
            if isinstance(node, ast.ClassDef) and not owner:
                scan(node.body, node.name)
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AnnAssign):
                targets = [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            if not names:
                continue
            text = ""
            following = body[i + 1] if i + 1 < len(body) else None
            if (isinstance(following, ast.Expr) and isinstance(following.value, ast.Constant)
                    and isinstance(following.value.value, str)):
                text = following.value.value
            else:
                above = lines[node.lineno - 2].strip() if node.lineno >= 2 else ""
                if above.startswith("#:"):
                    text = above[2:]
            for name in names:
                if text.strip():
                    docs[(owner, name)] = text
    scan(ast.parse(source).body, "")
    return docs


def _defining_module(module: ModuleType, name: str) -> ModuleType:
    """The module whose source defines ``name`` (for a package, one of its submodules)."""
    value = getattr(module, name)
    home = getattr(value, "__module__", None)
    if isinstance(home, str) and home.startswith("shanghai_rules") and (inspect.isclass(value) or callable(value)):
        return importlib.import_module(home)
    if hasattr(module, "__path__"):
        for info in pkgutil.iter_modules(module.__path__):
            sub = importlib.import_module(f"{module.__name__}.{info.name}")
            if ("", name) in _attribute_docs(sub):
                return sub
    if ("", name) not in _attribute_docs(module):
        # a name re-exported from one of the library's other modules
        for info in pkgutil.iter_modules(sr.__path__):
            other = importlib.import_module(f"shanghai_rules.{info.name}")
            if getattr(other, name, None) is value and ("", name) in _attribute_docs(other):
                return other
    return module


def _is_class(obj: object) -> bool:
    """Is ``obj`` a class, not an alias of a generic type (which Python 3.10 takes for its class)?"""
    return inspect.isclass(obj) and not isinstance(obj, GenericAlias)


def _own_doc(obj: object) -> str:
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__") or ""
    return inspect.getdoc(obj) or ""


def undocumented() -> list[str]:
    """Every public name (module level, and the public members of public classes) without a docstring."""
    missing: list[str] = []
    for modname in PUBLIC_MODULES:
        module = _present(modname)
        if module is None:
            continue
        if not (module.__doc__ or "").strip():
            missing.append(modname)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            home = _defining_module(module, name)
            qualified = f"{modname}.{name}"
            if _is_class(value) or inspect.isfunction(value):
                if not _own_doc(value).strip():
                    missing.append(qualified)
            elif ("", name) not in _attribute_docs(home):
                missing.append(qualified)
                continue
            if not _is_class(value) or not value.__module__.startswith("shanghai_rules"):
                continue
            attr_docs = _attribute_docs(importlib.import_module(value.__module__))
            fields = {f.name for f in attrs.fields(value)} if attrs.has(value) else set()
            for member, member_value in vars(value).items():
                if member.startswith("_") or member in ("__doc__",):
                    continue
                if member in fields:
                    continue
                if isinstance(member_value, (staticmethod, classmethod)):
                    member_value = member_value.__func__
                is_routine = callable(member_value) or isinstance(member_value, property)
                if is_routine and not (inspect.getdoc(member_value) or "").strip():
                    missing.append(f"{qualified}.{member}")
            for field in sorted(fields):
                if (value.__name__, field) not in attr_docs:
                    missing.append(f"{qualified}.{field}")
    return missing


def test_every_public_name_has_a_docstring() -> None:
    """The API reference is built from docstrings (STYLE.md, 12): none may be missing."""
    missing = undocumented()
    assert not missing, f"{len(missing)} public names without a docstring: {', '.join(missing)}"


def test_every_rules_field_is_described_on_the_variants_page() -> None:
    text = (DOCS / "variants.rst").read_text(encoding="utf-8")
    described = set(re.findall(r"``(\w+)``", text))
    missing = [field.name for field in attrs.fields(sr.Rules) if field.init and field.name not in described]
    assert missing == []
    missing = [field.name for field in attrs.fields(sr.Contract) if field.name not in described]
    assert missing == []


def test_every_public_module_is_in_the_api_reference() -> None:
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. automodule:: (\S+)", text, re.M))
    missing = [name for name in PUBLIC_MODULES if _present(name) is not None and name not in documented]
    assert missing == []


def test_the_changelog_names_this_version() -> None:
    text = (DOCS / "changelog.rst").read_text(encoding="utf-8")
    assert re.search(rf"^{re.escape(sr.__version__)}\b", text, re.M), f"no {sr.__version__} section"


def test_every_example_is_run_by_the_example_tests() -> None:
    tested = (ROOT / "tests" / "test_examples.py").read_text(encoding="utf-8")
    scripts = sorted(path.name for path in (ROOT / "examples").glob("*.py"))
    assert scripts, "no examples"
    assert [name for name in scripts if name not in tested] == []


if __name__ == "__main__":  # pragma: no cover - a helper for writers of docstrings
    for name in undocumented():
        print(name)
    pytest.main([__file__, "-q"])


def test_the_tutorials_referee_with_buys_and_shanghai_calls_is_under_40_lines() -> None:
    """The referee of the tutorial, whose clients buy and call Shanghai over JSON, is under 40 lines of
    app code (its first code block, blank lines left out)."""
    text = (DOCS / "tutorials" / "referee.rst").read_text(encoding="utf-8")
    block = text.split(".. testcode::", 1)[1].split("\n\n", 1)[1].split("\nThat is the whole referee")[0]
    code = [line for line in block.splitlines() if line.strip()]
    assert "class Referee" in block and "sr.Table.new" in block and "submit" in block
    assert len(code) < 40, len(code)
