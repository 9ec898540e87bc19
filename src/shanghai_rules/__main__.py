"""``python -m shanghai_rules``: the same command line as ``shanghai-rules``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
