"""The error codes: the package's list is the spec's section 11 table, and a
file that cannot be read gets its own code."""

import os
import re

from pfkit import ALL_CODES
from pfkit.errors import FILE_UNREADABLE, file_error

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def spec_codes():
    with open(os.path.join(ROOT, "spec", "pfkit.md"), encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"\n## 11\. Error codes\n(.*?)\n## ", text, re.S).group(1)
    return tuple(re.findall(r"(?m)^\| `([a-z_]+)` \|", section))


def test_codes_are_the_spec_table():
    assert FILE_UNREADABLE in spec_codes()
    assert ALL_CODES == spec_codes()


def test_file_error_names_the_cause(tmp_path):
    for path, cause in ((tmp_path / "absent.json", "no such file or directory"), (tmp_path, "is a directory")):
        try:
            open(path, "rb")
        except OSError as e:
            err = file_error(e)
        assert (err.code, err.message) == (FILE_UNREADABLE, f"cannot read the file: {cause}")
