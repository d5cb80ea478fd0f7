"""docs.py sync: every snippet copy rewritten from its canonical file."""

import os
import re

from .config import Config, load_pages
from .files import Problem, write_atomically
from .page import LANGUAGES, strip_eol
from .snippets import canonical


def fence_for(content, current):
    """A backtick fence longer than any backtick run that could close it early."""
    n = len(current) if current and current[0] == "`" else 3
    for line in content.splitlines():
        m = re.match(r"^ {0,3}(`{3,})[ \t]*$", line)
        if m:
            n = max(n, len(m.group(1)) + 1)
    return "`" * n


def synced(root, page, cache):
    """(new text, number of copies changed, problems) for one page."""
    fatal = [p for p in page.problems if p.blocks_sync]
    if fatal:
        return None, 0, fatal
    out, changed, problems, last = [], 0, [], 0
    for snip in page.snippets:
        text, problem = canonical(root, snip.source, cache)
        if problem:
            problems.append(Problem(page.rel, snip.marker_line, f"snippet {snip.source}: {problem}"))
            continue
        eol = page.lines[snip.marker_line - 1][len(strip_eol(page.lines[snip.marker_line - 1])):] or "\n"
        lang = LANGUAGES[os.path.splitext(snip.source)[1]]
        fence = fence_for(text, snip.fence)
        block = [fence + lang + eol] + text.splitlines(keepends=True) + [fence + eol]
        start, end = snip.marker_line, snip.close_line - 1  # indices of the lines between the markers
        if page.lines[start:end] != block:
            changed += 1
        out += page.lines[last:start] + block
        last = end
    if problems:
        return None, 0, problems
    out += page.lines[last:]
    return "".join(out), changed, []


def cmd_sync(root):
    config = Config(root)
    problems = list(config.problems)
    pages, unreadable, _ = load_pages(root, config)
    problems += unreadable
    cache, written, current = {}, 0, 0
    for page in pages.values():
        text, changed, trouble = synced(root, page, cache)
        problems += trouble
        if text is None:
            print(f"{page.rel}: not synced (fix the problems below first)")
            continue
        if changed:
            write_atomically(os.path.join(root, page.rel), text)
            written += 1
            print(f"{page.rel}: {changed} snippet cop{'ies' if changed != 1 else 'y'} rewritten")
        else:
            current += 1
    for p in problems:
        print(p)
    status = "FAILED" if problems else "ok"
    print(f"docs sync: {status}, {written} page{'s' * (written != 1)} rewritten, {current} already in step")
    return 1 if problems else 0
