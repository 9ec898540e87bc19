"""Every Python version the package claims (its ``Programming Language :: Python :: 3.N``
classifiers), one line each: the version and an interpreter of it on this machine (on the path,
or installed by pyenv), or ``-`` where there is none."""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def claimed() -> list[str]:
    """The versions the classifiers of ``pyproject.toml`` name, in order."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.findall(r'"Programming Language :: Python :: (3\.\d+)"', text)


def interpreter(version: str) -> str | None:
    """A working interpreter of ``version``, or ``None``."""
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    candidates = [shutil.which(f"python{version}")]
    candidates += sorted(glob.glob(f"{pyenv}/versions/{version}.*/bin/python{version}"), reverse=True)
    for candidate in candidates:
        if candidate is None:
            continue
        done = subprocess.run([candidate, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                              capture_output=True, text=True, check=False)
        if done.returncode == 0 and done.stdout.strip() == version:
            return candidate
    return None


if __name__ == "__main__":
    for version in claimed():
        print(version, interpreter(version) or "-")
