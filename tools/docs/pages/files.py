"""What every check of the pages shares: where the files are, how a problem is
reported, and how a file is read and a JSON file loaded."""

import json
import os
import shutil

PAGES = "spec/pages"
CONFIG = PAGES + "/facts.json"
GLOSSARY = PAGES + "/glossary.json"


class Problem:
    """One failure: the file, the line (0 when the whole file is concerned), what is wrong."""

    def __init__(self, path, line, message, blocks_sync=True, column=0):
        self.path, self.line, self.message, self.column = path, line, message, column
        # False for what sync repairs or leaves alone (a missing fence, a wrong
        # label, spacing); True when the markers cannot be trusted for a rewrite.
        self.blocks_sync = blocks_sync

    def __str__(self):
        where = f"{self.path}:{self.line}" if self.line else self.path
        where += f":{self.column}" if self.line and self.column else ""
        return f"{where}: {self.message}"


def read_text(path):
    # newline="" keeps line endings as they are, so comparisons are byte for byte.
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


def load_json(root, rel):
    """(data, None) for the JSON file rel of the checkout, or (None, the Problem
    that says why it cannot be read)."""
    try:
        return json.loads(read_text(os.path.join(root, rel))), None
    except OSError as e:
        return None, Problem(rel, 0, f"cannot read: {e.strerror}")
    except ValueError as e:
        return None, Problem(rel, getattr(e, "lineno", 0), f"not valid JSON: {e}")


def write_atomically(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    shutil.copymode(path, tmp)
    os.replace(tmp, path)
