"""tools/gen/tables_gen.py: the spec's error codes (section 11), readings (15.1),
registry (9) and op orders (10.1) are generated into Go, Node and Python and the
schemas' code enums; editing a table of the spec without regenerating fails the
check, and one command carries a new code or reading into every copy."""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, "tools", "gen", "tables_gen.py")
GO_FILES = ("go/internal/errcode/codes_gen.go", "go/internal/reading/readings_gen.go",
            "go/internal/scheme/tables_gen.go")


def gen(root, *args):
    return subprocess.run([sys.executable, TOOL, "--root", str(root), *args], capture_output=True, text=True)


@pytest.fixture
def repo(tmp_path):
    """A copy of what the generator reads and writes, and what runs the copies."""
    (tmp_path / "spec").mkdir()
    shutil.copyfile(os.path.join(ROOT, "spec", "pfkit.md"), str(tmp_path / "spec" / "pfkit.md"))
    shutil.copytree(os.path.join(ROOT, "spec", "schemas"), str(tmp_path / "spec" / "schemas"))
    for rel in GO_FILES:
        os.makedirs(str(tmp_path / os.path.dirname(rel)), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), str(tmp_path / rel))
    shutil.copytree(os.path.join(ROOT, "python", "src", "pfkit"), str(tmp_path / "python" / "src" / "pfkit"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "node", "src"), str(tmp_path / "node" / "src"))
    for name in ("build.js", "package.json", "verifier.js"):
        shutil.copyfile(os.path.join(ROOT, "node", name), str(tmp_path / "node" / name))
    return tmp_path


def edit_spec(root, old, new):
    path = root / "spec" / "pfkit.md"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def python_value(root, expr):
    p = subprocess.run([sys.executable, "-c", f"import json, pfkit.errors, pfkit.reading; print(json.dumps({expr}))"],
                       capture_output=True, text=True, check=True,
                       env=dict(os.environ, PYTHONPATH=str(root / "python" / "src")), cwd=str(root))
    return json.loads(p.stdout)


def node_value(root, expr):
    p = subprocess.run(["node", "-e", f"const pf = require(process.argv[1]); console.log(JSON.stringify({expr}))",
                        str(root / "node" / "verifier.js")], capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


NEW_CODE = "| `internal_error` |"
NEW_CODE_ROW = "| `seat_missing` | a poker hand names no seat of the player |\n"


def test_the_checkout_is_current():
    done = gen(ROOT, "--check")
    assert done.returncode == 0, done.stderr
    assert "up to date" in done.stdout


def test_a_new_code_is_one_edit_and_one_command(repo):
    assert gen(repo, "--check").returncode == 0
    edit_spec(repo, NEW_CODE, NEW_CODE_ROW + NEW_CODE)
    stale = gen(repo, "--check")
    assert stale.returncode == 1
    for rel in ("go/internal/errcode/codes_gen.go", "node/src/spec_tables.js", "python/src/pfkit/_spec_tables.py",
                "spec/schemas/protocol_v1.json", "spec/schemas/response_v1.json", "spec/schemas/vectors_v1.json"):
        assert rel in stale.stderr
    assert "go/internal/reading/readings_gen.go" not in stale.stderr
    assert "make tables" in stale.stderr
    assert gen(repo).returncode == 0
    assert gen(repo, "--check").returncode == 0
    # Every copy holds it, before internal_error as the table has it.
    assert python_value(repo, "pfkit.errors.ALL_CODES[-2:]") == ["seat_missing", "internal_error"]
    assert python_value(repo, "pfkit.errors.SEAT_MISSING") == "seat_missing"
    assert python_value(repo, "pfkit.errors.MEANINGS['seat_missing']") == "a poker hand names no seat of the player"
    go = (repo / "go/internal/errcode/codes_gen.go").read_text(encoding="utf-8")
    assert 'SeatMissing       Code = "seat_missing"' in go
    schema = json.loads((repo / "spec/schemas/response_v1.json").read_text(encoding="utf-8"))
    assert "seat_missing" in json.dumps(schema)
    # verifier.js, once node/build.js assembles the new module (make tables runs both).
    assert subprocess.run(["node", str(repo / "node" / "build.js"), "--check"], capture_output=True).returncode == 1
    subprocess.run(["node", str(repo / "node" / "build.js")], capture_output=True, check=True)
    assert node_value(repo, "pf.ERROR_CODES.slice(-2)") == ["seat_missing", "internal_error"]


def test_a_new_reading_is_one_edit_and_one_command(repo):
    edit_spec(repo, "| `dealing` | `pairs`, `round_robin` |", "| `dealing` | `pairs`, `round_robin`, `thirds` |")
    stale = gen(repo, "--check")
    assert stale.returncode == 1
    assert "go/internal/reading/readings_gen.go" in stale.stderr
    assert "spec/schemas" not in stale.stderr
    assert gen(repo).returncode == 0
    assert python_value(repo, "pfkit.reading.READINGS['dealing']") == ["pairs", "round_robin", "thirds"]
    go = (repo / "go/internal/reading/readings_gen.go").read_text(encoding="utf-8")
    assert 'var Dealings = []string{"pairs", "round_robin", "thirds"}' in go


@pytest.mark.parametrize("old, new", [
    # An op's fields in another check order.
    ("| `verifyProof` | `root`, `position`, `card`,", "| `verifyProof` | `root`, `card`, `position`,"),
    # An output member moved.
    ("`botClientSeed` | `commitA`, `commitB`, `white` |", "`botClientSeed` | `white`, `commitA`, `commitB` |"),
    # A meaning reworded.
    ("| `bad_length` | an array with too few or too many elements |",
     "| `bad_length` | an array of the wrong length |"),
    # The registry's reason for match_seed_v1.
    ("until the site publishes the scheme |", "until the site publishes it |"),
])
def test_an_edited_table_fails_the_check(repo, old, new):
    edit_spec(repo, old, new)
    stale = gen(repo, "--check")
    assert stale.returncode == 1, stale.stdout
    assert "stale copies of the spec's tables" in stale.stderr


@pytest.mark.parametrize("old, new, said", [
    ("| `bad_length` | an array", "| bad_length | an array", "section 11: expected | `code` | meaning |"),
    ("| `dealing` | `pairs`, `round_robin` |", "| `dealing` | `pairs` |",
     "expected the kit's reading and at least one other"),
    ("| `deal` | `seed`, `players`, `dealing` |", "| `deal` | `seed`, `players`, `dealer` |",
     "input field dealer is not in the op table's row"),
    ("| selfpoker_v1 | `permutation` | `seed`, `n` | `permutation` |\n", "", "the two op tables list different ops"),
    ("| `selfpoker_v1` | section 8 | |", "| `selfpoker_v1` | | |",
     "a scheme is either specified in a section or says why not"),
])
def test_a_table_it_cannot_read_is_refused(repo, old, new, said):
    edit_spec(repo, old, new)
    for args in ((), ("--check",)):
        done = gen(repo, *args)
        assert done.returncode == 1
        assert said in done.stderr
    assert gen(repo, "--check").stdout == ""
