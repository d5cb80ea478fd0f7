"""tools/bench/against.py builds another revision and audits make bench's
archives with both binaries in turn: here HEAD against this tree's bin/pfkit,
at a thousandth of the counts, and its refusals.
"""

import os
import re
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
AGAINST = os.path.join(os.path.dirname(HERE), "against.py")


def against(*args):
    """against.py run in a process group of its own, which a timeout ends
    whole: the go build and the audits it starts with it."""
    p = subprocess.Popen([sys.executable, AGAINST, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        raise
    return subprocess.CompletedProcess(p.args, p.returncode, out, err)


def test_head_against_this_tree():
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()
    p = against(head, "--runs", "1", "--scale", "0.001", "--stats")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    # One line per archive; each side audited every record verified (audit_once
    # exits otherwise), so each rate is a positive number.
    pattern = (r"^(1,000 selfpoker|100 bridge) records, per CPU-second, best of 1 in turn: "
               + re.escape(head) + r" ([\d,]+), this tree ([\d,]+); this tree is (\d+\.\d\d)x$")
    assert len(lines) == 4, p.stdout
    for line, kind in zip(lines, ("selfpoker", "bridge")):
        m = re.match(pattern, line)
        assert m and kind in m.group(1), line
        assert int(m.group(2).replace(",", "")) > 0 and int(m.group(3).replace(",", "")) > 0
    # Then, with --stats, each side's audit --stats over its audit without.
    side = r"(\d+\.\d{3}) \((\d+\.\d\d) vs (\d+\.\d\d) CPU-s\)"
    stats = (r"^(1,000 selfpoker|100 bridge) records, audit --stats over the audit without, best of 1 in turn: "
             + re.escape(head) + " " + side + "; this tree " + side + "$")
    for line, kind in zip(lines[2:], ("selfpoker", "bridge")):
        m = re.match(stats, line)
        assert m and kind in m.group(1), line


def test_refusals():
    for args, said in ((["HEAD", "--bogus"], "unrecognized arguments: --bogus"),
                       (["HEAD", "--scale", "0"], "--scale is above 0"),
                       (["HEAD", "--runs", "0"], "--runs is at least 1"),
                       ([], "the following arguments are required: rev"),
                       (["no-such-revision"], "'no-such-revision' is no commit of this repository")):
        p = against(*args)
        assert p.returncode == 2, (args, p.stderr)
        assert said in p.stderr and p.stdout == "", (args, p.stderr)


def test_help():
    p = against("--help")
    assert p.returncode == 0 and "another revision beside this tree" in p.stdout
