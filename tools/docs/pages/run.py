"""docs.py extract and run: the snippet copies written out as the pages show
them, then run by the snippet checkers on vector inputs."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from .config import Config, load_pages
from .page import check_source


def extract(root, directory):
    """Write every embedded copy as the page shows it; return (paths, problems)."""
    config = Config(root)
    problems = list(config.problems)
    pages, unreadable, _ = load_pages(root, config)
    problems += unreadable
    os.makedirs(directory, exist_ok=True)
    paths = []
    for (name, locale), page in pages.items():
        problems += page.problems
        for n, snip in enumerate(page.snippets, 1):
            if snip.content is None or check_source(snip.source):
                continue
            # page.locale.N.basename keeps the extension the checkers go by.
            path = os.path.join(directory, f"{name}.{locale}.{n}.{os.path.basename(snip.source)}")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(snip.content)
            paths.append(path)
    return paths, problems


def cmd_extract(root, directory):
    paths, problems = extract(root, directory)
    for path in paths:
        print(path)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"docs extract: FAILED, {len(problems)} problem{'s' * (len(problems) != 1)}", file=sys.stderr)
        return 1
    return 0


def checkers(root):
    """{extension: (command, note)}: what checks snippet files of each kind."""
    venv = [os.path.join(root, "python", ".venv", "bin", "python"),
            os.path.join(root, "python", ".venv", "Scripts", "python.exe")]
    python = next((p for p in venv if os.path.exists(p)), None)
    # The Python snippet needs NumPy, which the virtual environment holds.
    note = "" if python else "no python/.venv (`make setup` creates it), so python3 runs the checker"
    return {
        ".js": ([shutil.which("node") or "node", "node/snippet-check.js"], ""),
        ".py": ([python or shutil.which("python3") or sys.executable, "python/snippet_check.py"], note),
    }


SUMMARY = re.compile(r"^\s*(\d+) passed, (\d+) failed\s*$")


def cmd_run(root):
    failures = 0
    with tempfile.TemporaryDirectory(prefix="pfkit-snippets-") as tmp:
        paths, problems = extract(root, tmp)
        for p in problems:
            print(p)
        if problems:
            print("docs run: FAILED, the pages' snippet markers have problems (see above; "
                  "`docs.py check` tells more)")
            return 1
        groups = {}
        for path in paths:
            groups.setdefault(os.path.splitext(path)[1], []).append(path)
        commands = checkers(root)
        for ext in sorted(groups):
            files = sorted(groups[ext])
            if ext not in commands:
                print(f"no checker for {ext} snippets: {', '.join(files)}")
                failures += 1
            elif not run_checker(root, commands[ext], files):
                failures += 1
    ran = len(groups)
    if failures:
        print(f"docs run: FAILED, {failures} of {ran} checker run{'s' * (ran != 1)} failed")
        return 1
    print(f"docs run: ok, {ran} checker run{'s' * (ran != 1)} over "
          f"{len(paths)} embedded snippet{'s' * (len(paths) != 1)}")
    return 0


def run_checker(root, checker, files):
    """Run one checker, (command, note), on the extracted files and say how it
    went; True when it ran, passed something and failed nothing."""
    command, note = checker
    argv = command + files
    print("$ " + " ".join(argv))
    if note:
        print("  note: " + note)
    if not os.path.exists(os.path.join(root, command[1])):
        print(f"  {command[1]} does not exist")
        return False
    try:
        result = subprocess.run(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"  cannot run: {e}")
        return False
    lines = result.stdout.splitlines()
    summary = [line for line in lines if SUMMARY.match(line)]
    passed = summary and int(SUMMARY.match(summary[-1]).group(1)) > 0
    if result.returncode != 0 or not passed:
        # Show everything the checker said: the failing cases are in there.
        for line in lines:
            print("  " + line)
        print(f"  exit status {result.returncode}" + ("" if summary else ", no 'N passed, M failed' line"))
        return False
    print("  " + summary[-1].strip())
    return True
