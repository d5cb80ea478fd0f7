"""The snippet copies: each the exact bytes of its canonical file, the same
snippets in the same order in every locale, the terms the prose relies on still
in the canonical files, and the input lines the pages name still holding those
inputs."""

import os
import re
import unicodedata

from .files import CONFIG, Problem, read_text
from .page import check_source


def canonical(root, source, cache):
    """(text, problem) for a canonical snippet file."""
    if source not in cache:
        try:
            text = read_text(os.path.join(root, source))
            problem = None
            if text and not text.endswith("\n"):
                problem = "does not end with a newline, so no fenced copy can reproduce it exactly"
            cache[source] = (text, problem)
        except OSError as e:
            cache[source] = (None, f"cannot read the canonical file: {e.strerror}")
        except UnicodeDecodeError as e:
            cache[source] = (None, f"the canonical file is not UTF-8: {e}")
    return cache[source]


def check_copies(root, page, cache):
    problems = []
    for snip in page.snippets:
        if check_source(snip.source):
            continue  # already reported by the parser
        text, problem = canonical(root, snip.source, cache)
        if problem:
            problems.append(Problem(page.rel, snip.marker_line, f"snippet {snip.source}: {problem}"))
            if text is None:
                continue
        if snip.content is None or snip.content == text:
            continue
        index, line, column = first_difference(text, snip.content)
        page_line = snip.fence_line + line
        problems.append(Problem(
            page.rel, page_line,
            f"snippet {snip.source} differs from the canonical file at snippet line {line}, "
            f"column {column}: expected {describe_char(text, index)}, found {describe_char(snip.content, index)}"
            f"\n    expected: {shorten(line_at(text, index))!r}"
            f"\n    found:    {shorten(line_at(snip.content, index))!r}"))
    return problems


def check_mentions(root, config, name, cache):
    """The prose describes its snippets (part numbers, function names); each term
    it relies on must still be in the canonical file, or the prose is stale."""
    problems = []
    for source, terms in config.pages[name]["mentions"].items():
        text, _ = canonical(root, source, cache)
        if text is None:
            continue  # reported with the copies
        for term in terms:
            if term not in text:
                problems.append(Problem(CONFIG, 0, f"{source} no longer contains {term!r}, which the "
                                                   f"{name} pages describe: update their text and this list"))
    return problems


def check_order(config, name, pages):
    """Every locale embeds the declared snippets, in the declared order."""
    problems = []
    spec = config.pages[name]
    expected = spec["snippets"]
    for locale in spec["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        found = [s.source for s in page.snippets]
        if found == expected:
            continue
        n = next((x for x in range(min(len(found), len(expected))) if found[x] != expected[x]),
                 min(len(found), len(expected)))
        if n < len(found):
            line = page.snippets[n].marker_line
            want = expected[n] if n < len(expected) else "no further snippet"
            message = f"snippet {n + 1} is {found[n]}; expected {want}"
        else:
            line = len(page.lines)
            message = f"snippet {n + 1} ({expected[n]}) is missing"
        order = ", ".join(expected) or "no snippet"
        problems.append(Problem(page.rel, line, f"{message} (every locale embeds {order} in this order)"))
    return problems


# An input line of a snippet: `const NAME = ...` in JavaScript, `NAME = ...` in Python.
INPUT_LINE = {".js": re.compile(r"^const ([A-Za-z_$][\w$]*) = "), ".py": re.compile(r"^([A-Za-z_]\w*) = ")}


def check_inputs(root, config, name, cache):
    """The pages tell readers which lines of a snippet to replace; those lines
    must still hold exactly the inputs they name, and nothing else but comments."""
    problems = []
    for source, parts in config.pages[name]["inputs"].items():
        text, _ = canonical(root, source, cache)
        if text is None:
            continue  # reported with the copies
        ext = os.path.splitext(source)[1]
        assign, comment = INPUT_LINE[ext], "//" if ext == ".js" else "#"
        lines = text.splitlines()
        for part, spec in parts.items():
            first, last = spec["lines"]
            where = {}
            for n, line in enumerate(lines, 1):
                m = assign.match(line)
                if m and m.group(1) in spec["names"]:
                    where.setdefault(m.group(1), []).append(n)
            for input_name in spec["names"]:
                at = where.get(input_name, [])
                if len(at) != 1 or not first <= at[0] <= last:
                    found = "no such line" if not at else "line " + ", ".join(map(str, at))
                    problems.append(Problem(CONFIG, 0, f"{name}: the pages say {source} lines {first} to {last} hold "
                                                       f"the {part} input {input_name!r}; found {found}"))
            for n in range(first, min(last, len(lines)) + 1):
                line = lines[n - 1].strip()
                m = assign.match(lines[n - 1])
                if line and not line.startswith(comment) and not (m and m.group(1) in spec["names"]):
                    problems.append(Problem(CONFIG, 0, f"{name}: {source} line {n} is within the {part} input "
                                                       f"lines {first} to {last} but is not one of their "
                                                       f"inputs: {shorten(line)!r}"))
            if last > len(lines):
                problems.append(Problem(CONFIG, 0, f"{name}: {source} has {len(lines)} lines, not {last}"))
    return problems


def first_difference(expected, found):
    """(index, line, column) of the first differing character, 1-based line and column."""
    n = min(len(expected), len(found))
    index = next((x for x in range(n) if expected[x] != found[x]), n)
    before = expected[:index]
    line = before.count("\n") + 1
    column = index - (before.rfind("\n") + 1) + 1
    return index, line, column


def describe_char(text, index):
    if index >= len(text):
        return "the end of the snippet"
    c = text[index]
    name = unicodedata.name(c, "") if not c.isprintable() or c.isspace() else ""
    return repr(c) + (f" ({name})" if name else "")


def line_at(text, index):
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start:end if end >= 0 else len(text)].rstrip("\r")


def shorten(text, limit=100):
    return text if len(text) <= limit else text[:limit - 1] + "…"
