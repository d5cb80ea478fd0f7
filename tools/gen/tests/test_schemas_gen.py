"""tools/gen/schemas_gen.py: the copies of the record schemas in Python and
verifier.js (node/src/record_schemas.js, assembled by node/build.js) are
generated, a stale copy fails the check, and a changed schema takes effect in
both implementations with no hand edit anywhere."""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, "tools", "gen", "schemas_gen.py")
RECORD = os.path.join(ROOT, "vectors", "records", "selfpoker.json")  # a board of five cards


def gen(root, *args):
    return subprocess.run([sys.executable, TOOL, "--root", str(root), *args], capture_output=True, text=True)


@pytest.fixture
def repo(tmp_path):
    """A copy of what the generator reads and writes, and what runs the copies."""
    shutil.copytree(os.path.join(ROOT, "spec", "schemas"), str(tmp_path / "spec" / "schemas"))
    shutil.copytree(os.path.join(ROOT, "python", "src", "pfkit"), str(tmp_path / "python" / "src" / "pfkit"),
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(ROOT, "node", "src"), str(tmp_path / "node" / "src"))
    for name in ("build.js", "package.json", "verifier.js"):
        shutil.copyfile(os.path.join(ROOT, "node", name), str(tmp_path / "node" / name))
    return tmp_path


def build(root, *args):
    """node/build.js of the copy, as make schemas runs it after the generator."""
    return subprocess.run(["node", str(root / "node" / "build.js"), *args], capture_output=True, text=True)


def edit_schema(root, name, change):
    path = root / "spec" / "schemas" / name
    schema = json.loads(path.read_text(encoding="utf-8"))
    change(schema)
    path.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")


def verdict_python(root):
    p = subprocess.run([sys.executable, "-m", "pfkit", "verify", "--json", RECORD], capture_output=True, text=True,
                       env=dict(os.environ, PYTHONPATH=str(root / "python" / "src")), cwd=str(root))
    return json.loads(p.stdout)["records"][0]


def verdict_node(root):
    script = ("const pf = require(process.argv[1]);"
              "const r = pf.records.verify(require('fs').readFileSync(process.argv[2]));"
              "process.stdout.write(JSON.stringify(r.error || {status: r.status}));")
    p = subprocess.run(["node", "-e", script, str(root / "node" / "verifier.js"), RECORD],
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout)


def test_copies_in_the_repository_are_fresh():
    p = gen(ROOT, "--check")
    assert p.returncode == 0, p.stderr


def test_a_changed_schema_makes_the_check_fail_then_regenerating_is_enough(repo):
    assert gen(repo, "--check").returncode == 0
    assert verdict_python(repo).get("status") == "verified"

    def four_board_cards(s):
        s["properties"]["board"]["maxItems"] = 4
    edit_schema(repo, "record_selfpoker_v1.json", four_board_cards)

    p = gen(repo, "--check")
    assert p.returncode == 1
    assert "python/src/pfkit/_record_schemas_data.py" in p.stderr and "node/src/record_schemas.js" in p.stderr, p.stderr
    assert "make schemas" in p.stderr, p.stderr

    p = gen(repo)
    assert p.returncode == 0, p.stderr
    assert gen(repo, "--check").returncode == 0
    # verifier.js still holds the old copy until node/build.js assembles the new one.
    p = build(repo, "--check")
    assert p.returncode == 1 and "node/verifier.js is stale" in p.stderr, p.stderr
    assert build(repo).returncode == 0
    assert build(repo, "--check").returncode == 0
    # The new rule holds in both implementations, with the reference's words.
    want = {"code": "invalid_record",
            "message": '"board" (/board): expected at most 4 board cards, found 5'}
    assert verdict_python(repo).get("error") == want
    assert verdict_node(repo) == want


def test_a_hand_edit_of_a_copy_fails_the_check(repo):
    path = repo / "python" / "src" / "pfkit" / "_record_schemas_data.py"
    path.write_text(path.read_text(encoding="utf-8").replace('"maxItems": 5', '"maxItems": 6', 1), encoding="utf-8")
    p = gen(repo, "--check")
    assert p.returncode == 1 and "_record_schemas_data.py" in p.stderr and "record_schemas.js" not in p.stderr, p.stderr


def test_a_hand_edit_of_the_javascript_copy_fails_the_check(repo):
    path = repo / "node" / "src" / "record_schemas.js"
    path.write_text(path.read_text(encoding="utf-8").replace('"maxItems": 5', '"maxItems": 6', 1), encoding="utf-8")
    p = gen(repo, "--check")
    assert p.returncode == 1, p.stderr
    assert "node/src/record_schemas.js" in p.stderr and "_record_schemas_data.py" not in p.stderr, p.stderr


def test_a_keyword_the_validators_lack_is_refused(repo):
    before = (repo / "node" / "src" / "record_schemas.js").read_bytes()
    edit_schema(repo, "record_selfpoker_v1.json", lambda s: s["properties"]["board"].update(uniqueItems=True))
    p = gen(repo)
    assert p.returncode == 1
    assert "uniqueItems" in p.stderr and "record_selfpoker_v1.json/properties/board" in p.stderr, p.stderr
    assert (repo / "node" / "src" / "record_schemas.js").read_bytes() == before  # nothing written
