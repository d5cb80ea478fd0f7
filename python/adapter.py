#!/usr/bin/env python3
"""The pfkit runner adapter (spec section 10.2).

`pfkit conform --impl python` starts this script from the repository root. It
makes the package importable from python/src without installing it, then
answers one response line per request line on stdin, flushing each, and exits 0
at the end of its input.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))

from pfkit.runner import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
