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


def test_ops_and_schemes_are_the_generated_tables():
    """The runner's ops are the spec's op table (section 10.1) and its schemes
    the registry (section 9), as tools/gen/tables_gen.py writes them."""
    from pfkit import _spec_tables, ops, schemes

    assert tuple(ops.SCHEMES) == _spec_tables.SPECIFIED == schemes.SPECIFIED
    listed = sorted(f"{s}/{op}" for s, table in ops.SCHEMES.items() for op in table)
    assert listed == sorted(_spec_tables.OP_INPUTS)
    assert schemes.ids() == sorted(_spec_tables.SPECIFIED + tuple(_spec_tables.UNSPECIFIED))
    assert _spec_tables.OP_INPUTS["poker_hmac_v1/proof"][-2:] == ("firstHand", "position")


def test_the_hand_numbering_is_worded_once():
    from pfkit import poker_hmac_v1

    assert poker_hmac_v1.numbering(0) == "hands numbered from 0 run from 0 to 499"
    assert poker_hmac_v1.numbering(1) == "hands numbered from 1 run from 1 to 500"
