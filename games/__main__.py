"""``python -m games replay FILE | play VARIANT | bench [VARIANT]``."""

from __future__ import annotations

import sys

from games.cli.main import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
