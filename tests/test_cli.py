"""The command lines as a new user meets them: bin/pfkit, python -m pfkit,
node/verify.js and the two runner adapters.

Every subcommand is walked with a stray word and a stray flag, before and after
otherwise valid arguments: each must exit 2 with its usage (or the file it
could not read) on standard error, nothing on standard output, no file
created in the working directory and nothing changed in the repository.
--help prints on standard output and exits 0 at every level; flags may follow
file names. The README's record examples run as written, and the Makefile keeps
installs out of test targets. Run by `make cli-test` (PFKIT_BIN names the Go
binary).

Pins: TXT-4
"""

import json
import os
import re
import shlex
import signal
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
VECTORS = os.path.join(ROOT, "vectors")
RECORDS = os.path.join(VECTORS, "records")
RECORD = os.path.join(RECORDS, "bridge.json")
VECTOR = os.path.join(VECTORS, "match_seed_v2", "commit.json")

PY = [sys.executable, "-m", "pfkit"]
ENV = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"), PYTHONDONTWRITEBYTECODE="1")
ENV.pop("NODE_TEST_CONTEXT", None)

# What a run may touch without it being a side effect of the command.
SKIP_DIRS = {".git", ".venv", ".venv-numpy1", "node_modules", ".cache", "__pycache__"}


class Cmd:
    """One subcommand: how to call it, and arguments that make a call valid
    (word_base for a stray word, flag_base for a stray flag; a stray word
    after a record would be read as one more file, so verify's is empty)."""

    def __init__(self, label, argv, word_base=(), flag_base=(), words=("stray", "help"), help_argv=None):
        self.label, self.argv = label, list(argv)
        self.word_base, self.flag_base, self.words = list(word_base), list(flag_base), words
        self.help_argv = help_argv


def pfkit(*words):
    return [PFKIT, *words]


COMMANDS = [
    Cmd("pfkit", pfkit(), words=("stray",)),
    Cmd("pfkit help", pfkit("help")),
    Cmd("pfkit eval", pfkit("eval")),
    Cmd("pfkit conform", pfkit("conform"), [VECTOR], [VECTOR]),
    Cmd("pfkit vectors", pfkit("vectors")),
    # A valid call would rewrite vectors/: a stray must stop it first.
    Cmd("pfkit vectors generate", pfkit("vectors", "generate"), ["--dir", VECTORS], ["--dir", VECTORS]),
    Cmd("pfkit vectors check", pfkit("vectors", "check"), ["--dir", VECTORS], ["--dir", VECTORS]),
    Cmd("pfkit verify", pfkit("verify"), [], [RECORD]),
    Cmd("pfkit audit", pfkit("audit"), [RECORDS], [RECORDS]),
    Cmd("pfkit audit merge", pfkit("audit", "merge")),
    Cmd("pfkit archive", pfkit("archive")),
    # A valid call would write out.jsonl into the working directory.
    Cmd("pfkit archive generate", pfkit("archive", "generate"), ["--count", "3", "--out", "out.jsonl"],
        ["--count", "3", "--out", "out.jsonl"]),
    Cmd("pfkit version", pfkit("version")),
    Cmd("python -m pfkit", PY, words=("stray",)),
    Cmd("python -m pfkit version", PY + ["version"]),
    Cmd("python -m pfkit help", PY + ["help"]),
    Cmd("python -m pfkit eval", PY + ["eval"]),
    Cmd("python -m pfkit verify", PY + ["verify"], [], [RECORD]),
    Cmd("node verify.js", ["node", os.path.join(ROOT, "node", "verify.js")], [], [RECORD]),
    Cmd("node adapter.js", ["node", os.path.join(ROOT, "node", "adapter.js")]),
    Cmd("python adapter.py", [sys.executable, os.path.join(ROOT, "python", "adapter.py")]),
]

STRAY_FLAGS = ("--stray", "-x", "--stray=1")


def run(argv, cwd):
    return subprocess.run(argv, cwd=str(cwd), env=ENV, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, errors="replace", timeout=120)


def snapshot():
    """Every file of the repository with its size and modification time."""
    out = {}
    for dirpath, dirnames, names in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS and not d.endswith(".egg-info")]
        for n in names:
            p = os.path.join(dirpath, n)
            st = os.lstat(p)
            out[os.path.relpath(p, ROOT)] = (st.st_size, st.st_mtime_ns)
    return out


def changes(before, after):
    return sorted(set(before.items()) ^ set(after.items()))


def stray_cases():
    for c in COMMANDS:
        for w in c.words:
            yield pytest.param(c, c.argv + c.word_base + [w], w, id=f"{c.label} ... {w}")
            if c.word_base:
                yield pytest.param(c, c.argv + [w] + c.word_base, w, id=f"{c.label} {w} ...")
        for f in STRAY_FLAGS:
            yield pytest.param(c, c.argv + c.flag_base + [f], f, id=f"{c.label} ... {f}")
            if c.flag_base:
                yield pytest.param(c, c.argv + [f] + c.flag_base, f, id=f"{c.label} {f} ...")


@pytest.mark.parametrize("cmd,argv,stray", list(stray_cases()))
def test_stray_argument_is_refused_without_side_effect(cmd, argv, stray, tmp_path):
    before = snapshot()
    r = run(argv, tmp_path)
    assert r.returncode == 2, (r.returncode, r.stdout[:500], r.stderr[:500])
    assert r.stdout == "", f"{cmd.label} wrote to standard output: {r.stdout[:300]!r}"
    assert stray.lstrip("-").split("=")[0] in r.stderr, r.stderr[:500]
    assert os.listdir(tmp_path) == [], "files appeared in the working directory"
    assert changes(before, snapshot()) == [], "the repository changed"


# The reports that started it: run from the repository root, as a user would.
@pytest.mark.parametrize("words", [
    ["archive", "generate", "help"],
    ["vectors", "generate", "help"],
    ["vectors", "generate", "--help", "x"],
    ["verify", RECORD, "--jsonn"],
])
def test_stray_argument_from_the_repository_root(words):
    before = snapshot()
    r = run(pfkit(*words), ROOT)
    if "--help" in words:
        assert r.returncode == 0 and r.stdout.startswith("usage"), r.stderr
    else:
        assert (r.returncode, r.stdout) == (2, ""), r.stderr
    assert changes(before, snapshot()) == []


def listed_commands(help_text, prefix):
    """The subcommands a top-level help lists: `  pfkit vectors generate [--dir DIR]`."""
    found = set()
    for line in help_text.splitlines():
        m = re.match(r"\s*(?:usage:)?\s*" + re.escape(prefix) + r"((?: [a-z]+)+)", line)
        if m:
            found.add(m.group(1).strip())
    return found


def test_the_walk_covers_every_subcommand():
    walked = {c.label for c in COMMANDS}
    go = listed_commands(run(pfkit("--help"), ROOT).stdout, "pfkit")
    assert go and {"pfkit " + w for w in go} <= walked, sorted({"pfkit " + w for w in go} - walked)
    py = listed_commands(run(PY + ["--help"], ROOT).stdout, "python -m pfkit")
    assert py and {"python -m pfkit " + w for w in py} <= walked, sorted(py)


def help_cases():
    for c in COMMANDS:
        for h in ("--help", "-h"):
            yield pytest.param(c.argv + [h], id=f"{c.label} {h}")
    yield pytest.param(pfkit("help"), id="pfkit help")
    yield pytest.param(pfkit("help", "vectors", "generate"), id="pfkit help vectors generate")
    yield pytest.param(pfkit("verify", RECORD, "--help"), id="pfkit verify RECORD --help")
    yield pytest.param(PY + ["help", "verify"], id="python -m pfkit help verify")
    yield pytest.param(PY + ["verify", RECORD, "-h"], id="python -m pfkit verify RECORD -h")


@pytest.mark.parametrize("argv", list(help_cases()))
def test_help_goes_to_standard_output(argv, tmp_path):
    r = run(argv, tmp_path)
    assert r.returncode == 0, r.stderr[:500]
    assert r.stdout.startswith("usage") or r.stdout.startswith("pfkit:"), r.stdout[:200]
    assert r.stderr == ""
    assert os.listdir(tmp_path) == []


def test_help_word_and_flag_agree():
    assert (run(pfkit("help", "archive", "generate"), ROOT).stdout
            == run(pfkit("archive", "generate", "--help"), ROOT).stdout)
    assert run(PY + ["help", "eval"], ROOT).stdout == run(PY + ["eval", "--help"], ROOT).stdout


VERIFIERS = {
    "go": pfkit("verify"),
    "python": PY + ["verify"],
    "node": ["node", os.path.join(ROOT, "node", "verify.js")],
}


@pytest.mark.parametrize("name", sorted(VERIFIERS))
def test_flags_after_file_names(name):
    tampered = os.path.join(RECORDS, "bridge.tampered.json")
    r = run(VERIFIERS[name] + [RECORD, tampered, "--json"], ROOT)
    doc = json.loads(r.stdout)
    assert (r.returncode, doc["exit"]) == (1, 1)
    assert [x["status"] for x in doc["records"]] == ["verified", "failed"]
    r = run(VERIFIERS[name] + [RECORD, "--json=false"], ROOT)
    assert r.returncode == 0 and "VERIFIED" in r.stdout
    # After --, a flag is a file name.
    r = run(VERIFIERS[name] + [RECORD, "--", "--json"], ROOT)
    assert r.returncode == 2 and "VERIFIED" in r.stdout
    assert "--json: file_unreadable" in r.stderr


def test_pfkit_flags_after_arguments(tmp_path):
    r = run(pfkit("conform", VECTOR, "--impl", "go"), tmp_path)
    with open(VECTOR, encoding="utf-8") as f:
        cases = len(json.load(f)["cases"])
    assert r.returncode == 0 and f"{cases} passed, 0 failed" in r.stdout, r.stdout + r.stderr
    r = run(pfkit("audit", RECORDS, "--json", "--progress=false"), tmp_path)
    assert json.loads(r.stdout)["total"] == len([n for n in os.listdir(RECORDS) if n.endswith(".json")])
    r = run(pfkit("archive", "generate", "--out", "a.jsonl", "--kind", "chess", "--count", "2"), tmp_path)
    assert r.returncode == 0 and len((tmp_path / "a.jsonl").read_text().splitlines()) == 2


# --- files that cannot be read --------------------------------------------


@pytest.mark.parametrize("name", sorted(VERIFIERS))
def test_file_errors_have_their_own_code(name, tmp_path):
    locked = tmp_path / "locked.json"
    locked.write_bytes(open(RECORD, "rb").read())
    locked.chmod(0)
    cases = {"missing.json": "no such file or directory", str(tmp_path): "is a directory"}
    if os.geteuid() != 0:  # root reads any file
        cases[str(locked)] = "permission denied"
    for path, cause in cases.items():
        r = run(VERIFIERS[name] + [path], tmp_path)
        assert (r.returncode, r.stdout) == (2, ""), (path, r.stdout, r.stderr)
        assert f"{path}: file_unreadable: cannot read the file: {cause}" in r.stderr
        r = run(VERIFIERS[name] + ["--json", path, RECORD], tmp_path)
        doc = json.loads(r.stdout)
        assert r.returncode == doc["exit"] == 2
        assert doc["records"][0]["status"] == "unreadable"
        assert doc["records"][0]["error"] == {"code": "file_unreadable", "message": "cannot read the file: " + cause}
        assert doc["records"][1]["status"] == "verified"


@pytest.mark.parametrize("name", sorted(VERIFIERS))
def test_mixed_results_take_the_first_status_that_applies(name, tmp_path):
    """REC-2: 1 if a check failed, else 2 if a record or file was unreadable,
    else 3 if a record named an unspecified scheme, else 0."""
    rec = lambda n: os.path.join(RECORDS, n)  # noqa: E731
    for files, code in [
        ([rec("bridge.json"), rec("legacy-v1.json")], 3),
        ([rec("legacy-v1.json"), rec("broken-schema.json"), rec("bridge.json")], 2),
        ([rec("legacy-v1.json"), "missing.json"], 2),
        ([rec("broken-truncated.json"), rec("bridge.tampered.json"), "missing.json", rec("legacy-v1.json")], 1),
        ([rec("bridge.json"), rec("chess-bot.json")], 0),
    ]:
        r = run(VERIFIERS[name] + files, tmp_path)
        assert r.returncode == code, (files, r.stderr)


def test_audit_of_a_missing_archive(tmp_path):
    r = run(pfkit("audit", "--progress=false", "missing.jsonl"), tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    assert '"missing.jsonl": file_unreadable: cannot read the file: no such file or directory' in r.stderr


# --- the README as written ------------------------------------------------


def sh_blocks(path):
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_readme_record_examples_run_as_written(tmp_path):
    """The auditors' block of README.md, from the repository root. The archive
    is a tenth of the README's size, written where the README writes it
    but under a name of this test's own."""
    block = next(b for b in sh_blocks("README.md") if "bin/pfkit verify --json" in b)
    # Lines in column 0 starting with # show output (tools/docs/readme_examples.py checks it).
    lines = [ln.split("  #")[0].strip() for ln in block.splitlines() if ln.strip() and not ln.startswith("#")]
    archive = str(tmp_path / "hands.jsonl")
    before = snapshot()
    codes = []
    for ln in lines:
        assert "/tmp/hands.jsonl" in ln or "hands" not in ln, "the archive is written outside the repository"
        cmd = ln.replace("bin/pfkit", shlex.quote(PFKIT)).replace("/tmp/hands.jsonl", archive)
        cmd = cmd.replace("--count 10000", "--count 1000")
        r = subprocess.run(["bash", "-c", cmd], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
        assert r.stdout or "--out" in ln, (ln, r.stderr)
        codes.append(r.returncode)
        if "--json" in ln:
            doc = json.loads(r.stdout)
            paths = [x["path"] for x in doc["records"]]
            assert paths == sorted(os.path.relpath(os.path.join(RECORDS, n), ROOT)
                                   for n in os.listdir(RECORDS) if n.endswith(".json"))
            with open(os.path.join(VECTORS, "records-index.json"), encoding="utf-8") as f:
                want = {e["file"]: e["status"] for e in json.load(f)["records"]}
            assert {os.path.basename(x["path"]): x["status"] for x in doc["records"]} == want
    # bridge verifies, its tampered twin fails, the set of examples holds
    # tampered records, the archive is written, and its tampered hands fail.
    assert codes == [0, 1, 1, 0, 1]
    assert len(open(archive, encoding="utf-8").read().splitlines()) == 1000
    assert changes(before, snapshot()) == []


def test_readme_shard_example_runs_as_written(tmp_path):
    """The sharded audit block of README.md: four shard jobs and a merge give
    the single run's counts."""
    block = next(b for b in sh_blocks("README.md") if "audit merge" in b)
    archive = str(tmp_path / "hands.jsonl")
    r = subprocess.run([PFKIT, "archive", "generate", "--kind", "selfpoker", "--count", "1000", "--tamper-every", "100",
                        "--out", archive], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    before = snapshot()
    cmd = block.replace("bin/pfkit", shlex.quote(PFKIT)).replace("/tmp/hands.jsonl", archive)
    cmd = cmd.replace("/tmp/shard-", str(tmp_path / "shard-"))
    r = subprocess.run(["bash", "-c", cmd], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith('merged 4 shards of "hands.jsonl": 1000 records')
    assert "failed       10" in r.stdout
    assert changes(before, snapshot()) == []


def test_other_readmes_verify_examples_run_as_written():
    """Every verify line of the three READMEs names files that exist."""
    prefixes = ("bin/pfkit verify", "node node/verify.js", "PYTHONPATH=python/src python3 -m pfkit verify")
    seen = 0
    for readme in ("README.md", "node/README.md", "python/README.md"):
        for block in sh_blocks(readme):
            for ln in block.splitlines():
                ln = ln.split("  #")[0].strip()
                if not ln.startswith(prefixes) or " --bogus" in ln:  # a refusal shown on purpose
                    continue
                seen += 1
                cmd = ln.replace("bin/pfkit", shlex.quote(PFKIT), 1)
                r = subprocess.run(["bash", "-c", cmd], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120)
                assert r.returncode in (0, 1, 3) and r.stdout and r.stderr == "", (readme, ln, r.returncode, r.stderr)
    assert seen >= 6


# --- set-up and the browser test ------------------------------------------


def make_rules():
    """target -> (prerequisites, recipe lines) of the Makefile."""
    rules, cur = {}, None
    for line in open(os.path.join(ROOT, "Makefile"), encoding="utf-8"):
        if line.startswith("\t") and cur:
            rules[cur][1].append(line.strip())
            continue
        m = re.match(r"^([A-Za-z0-9_.-]+):(?!=)\s*(.*)$", line.rstrip("\n"))
        cur = m.group(1) if m else None
        if m:
            rules[cur] = (m.group(2).split(), [])
    return rules


def make_variable(name):
    """The words of a Makefile variable set with :=, continued lines joined."""
    text = open(os.path.join(ROOT, "Makefile"), encoding="utf-8").read().replace("\\\n", " ")
    m = re.search(r"^" + re.escape(name) + r"\s*:=\s*(.*)$", text, re.M)
    assert m, f"the Makefile sets no {name}"
    return m.group(1).split()


def test_no_test_target_installs():
    rules = make_rules()
    # make test runs the stages of test-stages, TEST_STAGES, side by side.
    assert rules["test-stages"][0] == ["$(TEST_STAGES)"]
    tests = make_variable("TEST_STAGES")
    assert "browser-test" in tests and "cli-test" in tests
    assert "setup-browser" in rules["browser-test"][0]
    installs = re.compile(r"apt-get|pip install|npm (install|ci)|\bvenv\b")
    for t in tests:
        for line in rules[t][1]:
            assert not installs.search(line), f"make {t} installs: {line}"
    assert any("apt-get install" in ln for ln in rules["setup-browser"][1])


def test_browser_test_fails_in_ci_without_chromium():
    env = dict(ENV, CI="true", PFKIT_CHROMIUM="/nonexistent/chromium")
    r = subprocess.run(["node", os.path.join(ROOT, "node", "browser-check.js")], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "FAIL" in r.stdout and "make setup-browser" in r.stdout


HOSTILE_WORDS = ("\x1b[2J\u202e", "cr\r\x1b[2K  VERIFIED", "hangul\u3164\ufe0f\U000e0100\u180b\u17b4\u034f")


def hostile_cases():
    for c in COMMANDS:
        for w in HOSTILE_WORDS:
            yield pytest.param(c, c.argv + c.flag_base + ["--" + w], id=f"{c.label} --{w!a}")
            yield pytest.param(c, c.argv + c.word_base + [w], id=f"{c.label} {w!a}")


def raw_hidden(text):
    """What a terminal would act on or hide: controls (but the line feed, and
    the tab that indents the flags of Go's usage text, the command's own),
    format characters, separators and the invisible marks TXT-1 lists."""
    import unicodedata
    extra = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x3164, 0xFFA0, 0xFFFD}
    return sorted({f"U+{ord(ch):04X}" for ch in text if ch not in "\n\t" and (
        unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") or ord(ch) in extra
        or 0x180B <= ord(ch) <= 0x180F or 0xFE00 <= ord(ch) <= 0xFE0F or 0xE0000 <= ord(ch) <= 0xE0FFF)})


@pytest.mark.parametrize("cmd,argv", list(hostile_cases()))
def test_hostile_words_reach_no_terminal_raw(cmd, argv, tmp_path):
    """A stray word or flag that tries to steer the terminal is named in the
    refusal escaped (TXT-3), on every command."""
    r = run(argv, tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert raw_hidden(r.stdout) == [] and raw_hidden(r.stderr) == [], r.stderr


# --version at the top of every command line exits 0 with the kit's version
# on standard output (spec VER-5); with anything after it, pfkit refuses.
@pytest.mark.parametrize("argv, lang", [
    (pfkit("--version"), "go"), (pfkit("-version"), "go"), (pfkit("version"), "go"),
    (PY + ["--version"], "python"), (PY + ["version"], "python"),
    ([sys.executable, os.path.join(ROOT, "python", "adapter.py"), "--version"], "python"),
    (["node", os.path.join(ROOT, "node", "verify.js"), "--version"], "node"),
    (["node", os.path.join(ROOT, "node", "adapter.js"), "--version"], "node"),
])
def test_version(argv, lang, tmp_path):
    with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as f:
        version = f.read().strip()
    r = run(argv, tmp_path)
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.startswith(f"pfkit {version} ({lang})\n")
    assert os.listdir(tmp_path) == []


def test_conform_report_flag_manners(tmp_path):
    """--report takes FILE.html or FILE.json, before or after the paths, and
    may repeat; another name is refused before anything runs, with nothing
    written; --impl and --cmd repeat (spec CONF-2)."""
    html, js = str(tmp_path / "r.html"), str(tmp_path / "r.json")
    adapter = f"{sys.executable} {os.path.join(ROOT, 'python', 'adapter.py')}"
    r = run(pfkit("conform", VECTOR, "--report", html, "--impl", "go", "--report", js, "--cmd", adapter), tmp_path)
    assert r.returncode == 0, r.stderr[-500:]
    assert r.stdout.count("implementation: ") == 2
    assert f"report: {html}\n" in r.stdout and f"report: {js}\n" in r.stdout
    with open(js, encoding="utf-8") as f:
        assert [i["label"] for i in json.load(f)["implementations"]] == ["go", adapter]
    for bad in ("r.txt", "report", "r.HTML"):
        r = run(pfkit("conform", "--report", bad, VECTOR), tmp_path)
        assert (r.returncode, r.stdout) == (2, "")
        assert "expected a file name ending in .html or .json" in r.stderr
    assert sorted(os.listdir(tmp_path)) == ["r.html", "r.json"]


# --- a closed pipe --------------------------------------------------------

# Every command that writes, with what makes it write: its arguments, the
# request lines it reads (or None), and the exit status of a run whose reader
# stays. A closed pipe ends each as it ends cat or head: killed by SIGPIPE,
# nothing said (README, "Command-line manners").
NODE_VERIFY = os.path.join(ROOT, "node", "verify.js")
NODE_ADAPTER = os.path.join(ROOT, "node", "adapter.js")
PY_ADAPTER = [sys.executable, os.path.join(ROOT, "python", "adapter.py")]
ALL_RECORDS = sorted(os.path.join(RECORDS, n) for n in os.listdir(RECORDS) if n.endswith(".json"))
REQUESTS = "".join(json.dumps({"id": str(i), "scheme": "match_seed_v2", "op": "commit",
                               "input": {"serverSeed": "%064x" % i}}) + "\n" for i in range(3000))


def pipe_cases():
    writers = [
        ("pfkit verify --json", pfkit("verify", "--json", *ALL_RECORDS), None, 1),
        ("pfkit verify", pfkit("verify", *ALL_RECORDS), None, 1),
        ("pfkit audit", pfkit("audit", "--progress=false", RECORDS), None, 1),
        ("pfkit audit --json", pfkit("audit", "--json", "--progress=false", RECORDS), None, 1),
        ("pfkit eval", pfkit("eval"), REQUESTS, 0),
        ("pfkit eval --impl node", pfkit("eval", "--impl", "node"), REQUESTS, 0),
        ("pfkit eval --impl python", pfkit("eval", "--impl", "python"), REQUESTS, 0),
        ("pfkit conform", pfkit("conform", VECTOR), None, 0),
        ("pfkit vectors check", pfkit("vectors", "check", "--dir", VECTORS), None, 0),
        ("pfkit archive generate", pfkit("archive", "generate", "--count", "2000"), None, 0),
        ("pfkit version", pfkit("version"), None, 0),
        ("pfkit --help", pfkit("--help"), None, 0),
        ("pfkit conform --help", pfkit("conform", "--help"), None, 0),
        ("python -m pfkit verify --json", PY + ["verify", "--json", *ALL_RECORDS], None, 1),
        ("python -m pfkit verify", PY + ["verify", *ALL_RECORDS], None, 1),
        ("python -m pfkit eval", PY + ["eval"], REQUESTS, 0),
        ("python -m pfkit version", PY + ["version"], None, 0),
        ("python -m pfkit --help", PY + ["--help"], None, 0),
        ("python -m pfkit verify --help", PY + ["verify", "--help"], None, 0),
        ("python adapter.py", PY_ADAPTER, REQUESTS, 0),
        ("python adapter.py --help", PY_ADAPTER + ["--help"], None, 0),
        ("python adapter.py --version", PY_ADAPTER + ["--version"], None, 0),
        ("node verify.js --json", ["node", NODE_VERIFY, "--json", *ALL_RECORDS], None, 1),
        ("node verify.js", ["node", NODE_VERIFY, *ALL_RECORDS], None, 1),
        ("node verify.js --help", ["node", NODE_VERIFY, "--help"], None, 0),
        ("node verify.js --version", ["node", NODE_VERIFY, "--version"], None, 0),
        ("node adapter.js", ["node", NODE_ADAPTER], REQUESTS, 0),
        ("node adapter.js --help", ["node", NODE_ADAPTER, "--help"], None, 0),
        ("node adapter.js --version", ["node", NODE_ADAPTER, "--version"], None, 0),
    ]
    for label, argv, stdin, status in writers:
        yield pytest.param(argv, stdin, status, id=label)


def run_into_closed_pipe(argv, stdin, tmp_path, first_line):
    """Runs argv with standard output a pipe whose reader goes away: at once
    (first_line False: the first write already fails), or after reading the
    first line. Returns the exit status and standard error."""
    feed = tmp_path / "stdin"
    feed.write_text(stdin or "")
    with open(feed, "rb") as inp:
        p = subprocess.Popen(argv, cwd=ROOT, env=ENV, stdin=inp if stdin is not None else subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if first_line:
            p.stdout.readline()
        p.stdout.close()
        try:
            err = p.stderr.read()
            p.wait(timeout=120)
        finally:
            p.kill()
    return p.returncode, err.decode("utf-8", "replace")


@pytest.mark.skipif(not hasattr(signal, "SIGPIPE"), reason="no SIGPIPE on this system")
@pytest.mark.parametrize("argv,stdin,status", list(pipe_cases()))
def test_a_closed_pipe_ends_the_program_quietly(argv, stdin, status, tmp_path):
    """Pins the README's closed-pipe rule: standard output closed before the
    first byte, then after the first line. Nothing on standard error, and the
    status a shell shows as 141 (killed by SIGPIPE), never 0 for a run cut short,
    in Go, Python and Node alike; after the first line, a short output may
    already be written in full, and then the run ends as it would have."""
    code, err = run_into_closed_pipe(argv, stdin, tmp_path, first_line=False)
    assert (code, err) == (-signal.SIGPIPE, ""), err[:800]
    code, err = run_into_closed_pipe(argv, stdin, tmp_path, first_line=True)
    assert err == "" and code in (-signal.SIGPIPE, status), (code, err[:800])


# --- one way to spell a flag ----------------------------------------------

# The refusals of README's "Command-line manners", after the command's name.
FLAG_REFUSALS = [
    (["--bogus", RECORD], "unknown flag --bogus"),
    ([RECORD, "-bogus"], "unknown flag --bogus"),
    (["-x=1", RECORD], "unknown flag --x"),
    (["---json", RECORD], "bad flag syntax: ---json"),
    (["--=x", RECORD], "bad flag syntax: --=x"),
    ([RECORD, "--json=maybe"], 'invalid value "maybe" for --json: expected true or false'),
    ([RECORD, "--json=\u00e9\x1b"], 'invalid value "\u00e9\\u{001B}" for --json: expected true or false'),
]


@pytest.mark.parametrize("name", sorted(VERIFIERS))
@pytest.mark.parametrize("args,want", FLAG_REFUSALS, ids=[w for _, w in FLAG_REFUSALS])
def test_flag_refusals_are_worded_alike(name, args, want, tmp_path):
    """Go, Python and Node refuse a flag in the same words, spelling it
    --name as their usage lines do."""
    r = run(VERIFIERS[name] + args, tmp_path)
    assert (r.returncode, r.stdout) == (2, "")
    first = r.stderr.split("\n", 1)[0]
    assert first.split(": ", 1)[1] == want, r.stderr[:300]
    assert "\nusage: " in r.stderr


@pytest.mark.parametrize("argv", [c.argv for c in COMMANDS if c.label.startswith("pfkit ")], ids=str)
def test_go_flag_lists_spell_two_dashes(argv, tmp_path):
    r = run(argv + ["--help"], tmp_path)
    flags = r.stdout.partition("\nflags:\n")[2]
    assert [ln for ln in flags.splitlines() if not ln.startswith(("  --", "    \t"))] == []


def test_usage_names_the_command_as_invoked(tmp_path):
    """npm links verify.js into node_modules/.bin as pfkit-verify; its help
    and refusals say pfkit-verify. Run as a script, node verify.js."""
    link = tmp_path / "pfkit-verify"
    link.symlink_to(NODE_VERIFY)
    r = run(["node", str(link), "--help"], tmp_path)
    assert r.stdout.startswith("usage: pfkit-verify [--json] RECORD...\n"), r.stdout[:200]
    r = run(["node", str(link), "--bogus"], tmp_path)
    assert r.stderr.startswith("pfkit-verify: unknown flag --bogus\n\nusage: pfkit-verify [--json]"), r.stderr[:200]
    assert run(["node", NODE_VERIFY, "-h"], tmp_path).stdout.startswith("usage: node verify.js [--json] RECORD...\n")
    assert run(["node", NODE_ADAPTER, "-h"], tmp_path).stdout.startswith("usage: node adapter.js < requests.jsonl\n")
    pf = tmp_path / "pfkit-2.0.0-linux-amd64"
    pf.symlink_to(PFKIT)
    r = run([str(pf), "verify", "--bogus"], tmp_path)
    assert r.stderr.startswith("pfkit-2.0.0-linux-amd64 verify: unknown flag --bogus\n\n"
                               "usage: pfkit-2.0.0-linux-amd64 verify [--json] RECORD...\n"), r.stderr[:200]
    assert run(PY + ["verify", "-h"], tmp_path).stdout.startswith("usage: python -m pfkit verify [--json] RECORD...\n")


@pytest.mark.parametrize("argv, help_line", [(pfkit(), "pfkit --help"), (PY, "python -m pfkit --help")],
                         ids=["go", "python"])
@pytest.mark.parametrize("word, near", [("verfy", "verify"), ("evl", "eval"), ("x.json", None), ("-x", None)])
def test_an_unknown_command_is_named_alone_with_the_closest(argv, help_line, word, near, tmp_path):
    """The word alone, not the whole command line; the command it resembles;
    a one-line pointer to the usage instead of the whole help; exit 2."""
    r = run(argv + [word, RECORD, "--json"], tmp_path)
    first = f'pfkit: unknown command "{word}"' + (f"; did you mean {near}?" if near else "")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f'{first}\nrun "{help_line}" for usage\n', r.stderr


# --- standard input (TXT-4) ----------------------------------------------


def run_fed(argv, data: bytes, cwd):
    """argv with data on standard input, through a pipe."""
    return subprocess.run(argv, cwd=str(cwd), env=ENV, input=data, capture_output=True, timeout=120)


@pytest.mark.parametrize("record", ["bridge.json", "bridge.tampered.json", "broken-truncated.json"])
def test_dash_reads_standard_input_alike(record, tmp_path):
    """TXT-4: - is standard input in the three verifiers; the report names it -
    and is the same bytes as the report on the file, but for the name."""
    data = open(os.path.join(RECORDS, record), "rb").read()
    (tmp_path / "-").write_bytes(b"not a record")  # a file named - is ./-, not read for -
    outs = {}
    for name, argv in VERIFIERS.items():
        fed = run_fed(argv + ["-"], data, tmp_path)
        on_file = run(argv + [os.path.join(RECORDS, record)], tmp_path)
        assert fed.returncode == on_file.returncode, (name, fed.stderr)
        assert fed.stdout.decode().split("\n", 1)[0] == "-"
        assert fed.stdout.decode().split("\n", 1)[1] == on_file.stdout.split("\n", 1)[1], name
        doc = json.loads(run_fed(argv + ["--json", "-"], data, tmp_path).stdout)
        assert doc["records"][0]["path"] == "-"
        outs[name] = fed.stdout
    assert len(set(outs.values())) == 1, outs


@pytest.mark.parametrize("name", sorted(VERIFIERS))
def test_dash_named_twice_is_refused(name, tmp_path):
    r = run_fed(VERIFIERS[name] + ["-", RECORD, "-"], b"", tmp_path)
    assert (r.returncode, r.stdout) == (2, b"")
    assert b": - (standard input) can be named once, found 2 times\n\n" in r.stderr


def test_dash_in_the_other_commands(tmp_path):
    """conform reads a case file from -, audit merge a summary; audit refuses
    - with the reason, as its help says."""
    case = {"id": "c1", "scheme": "match_seed_v2", "op": "commit", "error": "invalid_hex",
            "input": {"serverSeed": "00"}}
    r = run_fed(pfkit("conform", "-"), (json.dumps(case) + "\n").encode(), tmp_path)
    assert r.returncode == 0 and b"1 passed, 0 failed" in r.stdout, r.stdout + r.stderr
    summary = run(pfkit("audit", "--json", "--progress=false", "--shard", "1/1", RECORDS), tmp_path).stdout
    (tmp_path / "s.json").write_text(summary)
    r = run_fed(pfkit("audit", "merge", "-"), summary.encode(), tmp_path)
    on_file = run(pfkit("audit", "merge", "s.json"), tmp_path)
    assert r.stdout.startswith(b"merged 1 shard of ") and r.stdout.decode() == on_file.stdout, r.stderr
    assert r.returncode == on_file.returncode
    for argv in (pfkit("audit", "-"), pfkit("audit", "merge", "--archive", "-", "x.json")):
        r = run_fed(argv, b"", tmp_path)
        assert (r.returncode, r.stdout) == (2, b"")
        assert b"- (standard input) is not read here: a shard reads the archive again" in r.stderr
    assert "not - (standard input)" in run(pfkit("audit", "--help"), tmp_path).stdout
