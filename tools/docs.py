#!/usr/bin/env python3
"""Keep the fairness pages in spec/pages/ in step with the code they show.

Every code block of a page is a copy of a canonical snippet file, held between
two HTML comments that Markdown does not render:

    <!-- snippet: node/snippet.js -->
    ```js
    ...the exact bytes of node/snippet.js...
    ```
    <!-- /snippet -->

spec/pages/facts.json lists, per page, its locales, its level, the snippets it
embeds in order, the facts (numbers, ids, phrases) every locale must state, the
terms of each snippet that the surrounding text relies on, and the lines of each
snippet a reader replaces with their own values. A page of level "player" is
for players: its prose stays under a word limit and it opens with the check
(the first section heading is the one "opens_with" gives for its locale). A
"technical" page holds the formats and the kit's decisions.

spec/pages/glossary.json holds each locale's terms, taken from the site's own
published pages: the words a page must use, the words it must not use for the
same thing (reported with file, line and column), and headings that must read
as the originals do.

    python3 tools/docs.py check          copies, snippet order, facts, markers, links
    python3 tools/docs.py sync           rewrite every copy from its canonical file
    python3 tools/docs.py extract DIR    write the copies as the pages show them
    python3 tools/docs.py run            extract, then run the snippet checkers
    python3 tools/docs.py strings-stamp LOCALE KEY...
                                         after translating KEY again: record the
                                         English it now translates

check also keeps the offline verifier page's words (node/page/strings.js) in
step: every English key in every locale, none stale (tools/page_strings.py).

--root DIR (before or after the command) works on another checkout or a copy;
the default is the repository that holds this file. Exit status: 0 when all
is well, 1 when anything failed, 2 on a usage error.
"""

import argparse
import bisect
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import page_strings  # noqa: E402  (beside this file)

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = "spec/pages"
CONFIG = PAGES + "/facts.json"
GLOSSARY = PAGES + "/glossary.json"
LEVELS = ("player", "technical")
# What a page may have before its first section when it must open with the check.
OPENING_WORDS = 80

# The markers are HTML comments alone on their lines, so every renderer hides
# them and a line-based reader finds them without parsing Markdown.
OPEN_MARKER = re.compile(r"^<!-- snippet: ([^\s]+) -->$")
CLOSE_MARKER = "<!-- /snippet -->"
ANY_MARKER = re.compile(r"<!--\s*/?\s*snippet\b", re.IGNORECASE)
# CommonMark fences: up to three spaces of indentation, three or more ` or ~.
FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})(.*)$")
HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
# A link's text may wrap onto the next line, but not across a blank line.
LINK = re.compile(r"!?\[(?:[^\]\n]|\n(?![ \t]*\n))*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
LANGUAGES = {".js": "js", ".py": "python"}
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


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


class Snippet:
    def __init__(self, source, marker_line):
        self.source = source            # canonical file, relative to the root
        self.marker_line = marker_line  # 1-based line of the opening marker
        self.fence_line = None          # 1-based line of the opening fence, None when absent
        self.fence = None
        self.info = None
        self.content = None             # the embedded text, each line with its line ending
        self.close_line = None          # 1-based line of the closing marker


class Page:
    """A page parsed line by line: its snippets, its prose, headings and links."""

    def __init__(self, rel, text):
        self.rel = rel
        self.lines = text.splitlines(keepends=True)
        self.snippets = []
        self.problems = []   # markers, fences and code blocks outside markers
        self.prose = []      # (line number, text) outside every code block
        self.headings = []   # (line number, level, text)
        self.links = []      # (line number, target)
        self._flat = None
        self._parse()
        self._find_links()

    def _problem(self, line, message, blocks_sync=True):
        self.problems.append(Problem(self.rel, line, message, blocks_sync))

    def _closing_fence(self, start, fence):
        """Index of the line that closes `fence`, searching from `start`; None when unclosed."""
        closing = re.compile("^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        for k in range(start, len(self.lines)):
            if closing.match(strip_eol(self.lines[k])):
                return k
        return None

    def _parse(self):
        lines, i = self.lines, 0
        while i < len(lines):
            text = strip_eol(lines[i])
            opening = OPEN_MARKER.match(text)
            if opening:
                i = self._parse_snippet(i, opening.group(1))
                continue
            if text == CLOSE_MARKER:
                self._problem(i + 1, "closing marker <!-- /snippet --> without an opening marker")
            elif ANY_MARKER.search(text):
                self._problem(i + 1, "malformed snippet marker: expected '<!-- snippet: PATH -->' "
                                     "or '<!-- /snippet -->' alone on the line, found " + repr(text))
            fence = FENCE.match(text)
            if fence and not (fence.group(2)[0] == "`" and "`" in fence.group(3)):
                self._problem(i + 1, "code block outside snippet markers: every code block of a "
                                     "page must be a marked copy of a canonical snippet file")
                end = self._closing_fence(i + 1, fence.group(2))
                if end is None:
                    self._problem(i + 1, "code fence never closed")
                    return
                i = end + 1
                continue
            if indented_code(lines, i):
                self._problem(i + 1, "indented code block outside snippet markers: indent by fewer "
                                     "than four spaces, or embed the code as a snippet")
            self.prose.append((i + 1, text))
            heading = HEADING.match(text)
            if heading:
                self.headings.append((i + 1, len(heading.group(1)), (heading.group(2) or "").strip()))
            i += 1

    def flat_prose(self):
        """(flattened prose, index of each kept character in the joined prose,
        offset of each prose line in the joined prose), computed once."""
        if self._flat is None:
            starts, pos = [], 0
            for _, text in self.prose:
                starts.append(pos)
                pos += len(text) + 1
            flat, where = flatten("\n".join(t for _, t in self.prose))
            self._flat = (flat, where, starts)
        return self._flat

    def _find_links(self):
        text = "\n".join(t for _, t in self.prose)
        starts, pos = [], 0
        for n, t in self.prose:
            starts.append(pos)
            pos += len(t) + 1
        for link in LINK.finditer(text):
            k = bisect.bisect_right(starts, link.start()) - 1
            self.links.append((self.prose[k][0], link.group(1)))

    def _parse_snippet(self, i, source):
        """Parse the snippet whose opening marker is line index i; return the next index."""
        lines = self.lines
        snip = Snippet(source, i + 1)
        self.snippets.append(snip)
        # Blank lines around the block keep every renderer from gluing the
        # comment to a neighbouring paragraph.
        if i > 0 and strip_eol(lines[i - 1]).strip():
            self._problem(i + 1, "the opening marker must follow a blank line", False)
        problem = check_source(source)
        if problem:
            self._problem(i + 1, problem)
        j = i + 1
        if j >= len(lines):
            self._problem(i + 1, f"snippet {source}: the file ends after the opening marker")
            return j
        text = strip_eol(lines[j])
        if text == CLOSE_MARKER:
            self._problem(j + 1, f"snippet {source}: no code fence between the markers "
                                 "(`docs.py sync` fills it in)", False)
            snip.close_line = j + 1
            return self._after_close(j)
        fence = FENCE.match(text)
        if not fence or fence.group(1):
            self._problem(j + 1, f"snippet {source}: the line after the opening marker must be a "
                                 "code fence at the start of the line, found " + repr(text))
            return j
        snip.fence_line, snip.fence, snip.info = j + 1, fence.group(2), fence.group(3).strip()
        if fence.group(2)[0] == "`" and "`" in fence.group(3):
            self._problem(j + 1, f"snippet {source}: a backtick fence's info string may not contain backticks")
        expected = LANGUAGES.get(os.path.splitext(source)[1])
        if expected and snip.info != expected:
            self._problem(j + 1, f"snippet {source}: the fence should be labelled {expected!r}, "
                                 f"found {snip.info!r}", False)
        end = self._closing_fence(j + 1, snip.fence)
        if end is None:
            self._problem(j + 1, f"snippet {source}: code fence never closed")
            snip.fence_line = None
            return len(lines)
        snip.content = "".join(lines[j + 1:end])
        k = end + 1
        if k >= len(lines) or strip_eol(lines[k]) != CLOSE_MARKER:
            found = repr(strip_eol(lines[k])) if k < len(lines) else "the end of the file"
            self._problem(k + 1 if k < len(lines) else end + 1,
                          f"snippet {source} (opened at line {i + 1}): expected <!-- /snippet --> "
                          f"right after the closing fence, found {found}")
            return k
        snip.close_line = k + 1
        return self._after_close(k)

    def _after_close(self, k):
        if k + 1 < len(self.lines) and strip_eol(self.lines[k + 1]).strip():
            self._problem(k + 1, "the closing marker must be followed by a blank line", False)
        return k + 1


def strip_eol(line):
    return line.rstrip("\r\n")


LIST_ITEM = re.compile(r"^ {0,3}([-+*]|\d{1,9}[.)])([ \t]|$)")


def indented_code(lines, i):
    """Whether line i starts an indented code block: four spaces or a tab, after
    a blank line, outside a list (a list item's continuation may be indented)."""
    text = strip_eol(lines[i])
    if not text.strip() or not (text.startswith("    ") or text.startswith("\t")):
        return False
    if i == 0 or strip_eol(lines[i - 1]).strip():
        return False
    for k in range(i - 1, -1, -1):
        previous = strip_eol(lines[k])
        if previous.strip() and not previous.startswith((" ", "\t")):
            return not LIST_ITEM.match(previous)
    return True


def check_source(source):
    """Why a marker's path is unacceptable, or None."""
    plain = source == posixpath.normpath(source) and not source.startswith(("/", "../")) and "\\" not in source
    if not plain:
        return f"snippet path {source!r} must be a plain relative path inside the repository"
    if os.path.splitext(source)[1] not in LANGUAGES:
        return f"snippet path {source!r}: no code-block language is known for this extension"
    return None


def read_text(path):
    # newline="" keeps line endings as they are, so comparisons are byte for byte.
    with open(path, encoding="utf-8", newline="") as f:
        return f.read()


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


def flatten(text):
    """The text with every run of whitespace (line breaks and non-breaking
    spaces included) as one plain space, so that wrapping and French
    typography do not hide a fact; and, per character kept, its index in text."""
    out, where, space = [], [], False
    for index, c in enumerate(text):
        if c.isspace() or unicodedata.category(c) == "Zs":
            if space:
                continue
            c, space = " ", True
        else:
            space = False
        out.append(c)
        where.append(index)
    return "".join(out), where


def slug(text, seen):
    """The anchor a GitHub-style renderer gives a heading: its text without
    code and emphasis marks, lower case, punctuation dropped, spaces as hyphens."""
    text = text.replace("`", "").replace("*", "")
    base = re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")
    n = seen.get(base, 0)
    seen[base] = n + 1
    return base if n == 0 else f"{base}-{n}"


def anchors_of(page):
    """The anchors of a page's headings (code blocks excluded)."""
    seen = {}
    return {slug(text, seen) for _, _, text in page.headings}


class Config:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.pages = {}
        path = os.path.join(root, CONFIG)
        try:
            data = json.loads(read_text(path))
        except OSError as e:
            self.problems.append(Problem(CONFIG, 0, f"cannot read: {e.strerror}"))
            return
        except ValueError as e:
            self.problems.append(Problem(CONFIG, getattr(e, "lineno", 0), f"not valid JSON: {e}"))
            return
        pages = data.get("pages") if isinstance(data, dict) else None
        if not isinstance(pages, dict) or not pages:
            self.problems.append(Problem(CONFIG, 0, 'expected {"pages": {NAME: {...}, ...}}'))
            return
        for name, spec in pages.items():
            self._page(name, spec)

    def _bad(self, message):
        self.problems.append(Problem(CONFIG, 0, message))

    def _page(self, name, spec):
        if not NAME.match(name):
            return self._bad(f"page name {name!r}: letters, digits, '-' and '_' only (it names a folder)")
        if not isinstance(spec, dict):
            return self._bad(f"page {name}: expected an object")
        locales, snippets, facts = spec.get("locales"), spec.get("snippets"), spec.get("facts", [])
        if not (isinstance(locales, list) and locales and all(isinstance(x, str) and NAME.match(x) for x in locales)):
            return self._bad(f"page {name}: 'locales' must be a non-empty list of names such as \"en\"")
        if len(set(locales)) != len(locales):
            return self._bad(f"page {name}: a locale is listed twice")
        if not (isinstance(snippets, list) and all(isinstance(x, str) for x in snippets)):
            return self._bad(f"page {name}: 'snippets' must be a list of paths")
        if not isinstance(facts, list):
            return self._bad(f"page {name}: 'facts' must be a list")
        parsed = []
        for n, fact in enumerate(facts, 1):
            if isinstance(fact, str) and fact.strip():
                # "{locale}" stands for each page's own locale: a link to the
                # same page in the other level, for example.
                parsed.append((fact, {loc: [fact.replace("{locale}", loc)] for loc in locales}))
                continue
            if not isinstance(fact, dict) or not isinstance(fact.get("fact"), str):
                self._bad(f"page {name}: fact {n} must be a string or an object with a 'fact' label")
                continue
            variants = {}
            for loc in locales:
                v = fact.get(loc)
                v = [v] if isinstance(v, str) else v
                if not (isinstance(v, list) and v and all(isinstance(x, str) and x.strip() for x in v)):
                    self._bad(f"page {name}: fact {fact['fact']!r} gives no text for locale {loc!r}")
                    break
                variants[loc] = v
            else:
                extra = set(fact) - set(locales) - {"fact"}
                if extra:
                    self._bad(f"page {name}: fact {fact['fact']!r} names undeclared locales {sorted(extra)}")
                parsed.append((fact["fact"], variants))
        mentions = spec.get("snippet_mentions", {})
        if not (isinstance(mentions, dict) and all(
                k in snippets and isinstance(v, list) and all(isinstance(t, str) and t for t in v)
                for k, v in mentions.items())):
            return self._bad(f"page {name}: 'snippet_mentions' must map snippets of the page to lists of strings")
        level = spec.get("level", "technical")
        if level not in LEVELS:
            return self._bad(f"page {name}: 'level' must be one of {', '.join(LEVELS)}, found {level!r}")
        max_words, opens_with = spec.get("max_words"), spec.get("opens_with")
        if level == "player":
            if not (isinstance(max_words, int) and not isinstance(max_words, bool) and max_words > 0):
                return self._bad(f"page {name}: a player page needs 'max_words', a positive whole number")
            if not (isinstance(opens_with, dict) and set(opens_with) == set(locales)
                    and all(isinstance(v, str) and v.strip() for v in opens_with.values())):
                return self._bad(f"page {name}: a player page needs 'opens_with', the heading of its check "
                                 f"in each of its locales {locales}")
        inputs = spec.get("snippet_inputs", {})
        if not (isinstance(inputs, dict) and all(
                k in snippets and isinstance(v, dict) and v and all(
                    isinstance(g, dict) and isinstance(g.get("names"), list) and g["names"]
                    and all(isinstance(x, str) for x in g["names"])
                    and isinstance(g.get("lines"), list) and len(g["lines"]) == 2
                    and all(isinstance(x, int) and x > 0 for x in g["lines"]) and g["lines"][0] <= g["lines"][1]
                    for g in v.values())
                for k, v in inputs.items())):
            return self._bad(f"page {name}: 'snippet_inputs' must map snippets of the page to "
                             '{PART: {"lines": [FIRST, LAST], "names": [NAME, ...]}}')
        self.pages[name] = {"locales": locales, "snippets": snippets, "facts": parsed, "mentions": mentions,
                            "level": level, "max_words": max_words, "opens_with": opens_with, "inputs": inputs}

    def page_path(self, name, locale):
        return f"{PAGES}/{name}/{locale}.md"


def load_pages(root, config):
    """({(name, locale): Page}, unreadable, undeclared): the declared pages that
    could be read, problems reading the others, and pages nobody declared."""
    pages, problems, undeclared = {}, [], []
    for name, spec in config.pages.items():
        for locale in spec["locales"]:
            rel = config.page_path(name, locale)
            try:
                pages[name, locale] = Page(rel, read_text(os.path.join(root, rel)))
            except OSError as e:
                problems.append(Problem(rel, 0, f"cannot read the page: {e.strerror}"))
            except UnicodeDecodeError as e:
                problems.append(Problem(rel, 0, f"not UTF-8: {e}"))
    # Pages nobody declared would escape every check.
    base = os.path.join(root, PAGES)
    for entry in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        full = os.path.join(base, entry)
        if not os.path.isdir(full):
            continue
        for f in sorted(os.listdir(full)):
            if f.endswith(".md"):
                loc = f[:-3]
                if entry not in config.pages or loc not in config.pages[entry]["locales"]:
                    undeclared.append(Problem(f"{PAGES}/{entry}/{f}", 0, f"not declared in {CONFIG}, so never checked"))
    return pages, problems, undeclared


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


def section_of(page, line):
    """Index of the heading that governs `line` (-1 before the first heading)."""
    return sum(1 for h in page.headings if h[0] <= line) - 1


def check_structure(config, name, pages):
    """Same headings levels in the same order: the sections line up across locales."""
    problems = []
    spec = config.pages[name]
    ref_locale = spec["locales"][0]
    ref = pages.get((name, ref_locale))
    if ref is None:
        return problems
    levels = [h[1] for h in ref.headings]
    for locale in spec["locales"][1:]:
        page = pages.get((name, locale))
        if page is None:
            continue
        mine = [h[1] for h in page.headings]
        if mine == levels:
            continue
        n = next((x for x in range(min(len(mine), len(levels))) if mine[x] != levels[x]), min(len(mine), len(levels)))
        if n < len(mine) and n < len(levels):
            h, r = page.headings[n], ref.headings[n]
            message = f"heading {n + 1} {h[2]!r} is level {h[1]}; {ref.rel}:{r[0]} has level {r[1]} ({r[2]!r})"
            line = h[0]
        elif n < len(mine):
            h = page.headings[n]
            message = f"extra heading {n + 1} {h[2]!r}: {ref.rel} has {len(levels)} headings"
            line = h[0]
        else:
            r = ref.headings[n]
            message = (f"heading {n + 1} is missing ({ref.rel}:{r[0]} has {r[2]!r}): "
                       f"{len(mine)} headings here, {len(levels)} there")
            line = page.headings[-1][0] if page.headings else 0
        problems.append(Problem(page.rel, line, message))
    return problems


def check_facts(config, name, pages):
    problems = []
    spec = config.pages[name]
    ref_locale = spec["locales"][0]
    for label, variants in spec["facts"]:
        for locale in spec["locales"]:
            page = pages.get((name, locale))
            if page is None:
                continue
            if find_fact(page, variants[locale]):
                continue
            hint, line = "", 0
            ref = pages.get((name, ref_locale))
            if ref is not None and locale != ref_locale:
                at = find_fact(ref, variants[ref_locale])
                if at:
                    hint = f"; {ref.rel}:{at} has it"
                    section = section_of(ref, at)
                    if 0 <= section < len(page.headings):
                        line = page.headings[section][0]
                        hint += " in the section that starts here"
            wanted = " or ".join(repr(v) for v in variants[locale])
            what = f"fact {label!r}" if [label] != variants[locale] else "fact"
            problems.append(Problem(page.rel, line, f"{what} is missing: expected {wanted} in the text{hint}"))
    return problems


def find_fact(page, variants):
    """Line where one of the variants appears in the prose, else None."""
    flat, where, starts = page.flat_prose()
    for v in variants:
        at = flat.find(flatten(v)[0].strip())
        if at >= 0:
            return page.prose[bisect.bisect_right(starts, where[at]) - 1][0]
    return None


def check_links(root, page):
    problems = []
    page_dir = os.path.dirname(page.rel)
    own = anchors_of(page)
    for line, target in page.links:
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):
            continue  # external: not checked offline
        path, _, fragment = target.partition("#")
        if not path:
            if fragment not in own:
                problems.append(Problem(page.rel, line, f"link to #{fragment}: no such heading on this page"))
            continue
        rel = os.path.normpath(os.path.join(page_dir, path)).replace(os.sep, "/")
        full = os.path.join(root, rel)
        if rel.startswith("../") or not os.path.exists(full):
            problems.append(Problem(page.rel, line, f"link to {target}: {rel} does not exist"))
            continue
        if fragment and rel.endswith(".md"):
            try:
                anchors = anchors_of(Page(rel, read_text(full)))
            except (OSError, UnicodeDecodeError):
                anchors = set()
            if fragment not in anchors:
                problems.append(Problem(page.rel, line, f"link to {target}: {rel} has no heading #{fragment}"))
    return problems


def check_link_sets(config, name, pages):
    """The locales link to the same files (anchors inside a page are localized, so ignored)."""
    problems = []
    spec = config.pages[name]
    ref = pages.get((name, spec["locales"][0]))
    if ref is None:
        return problems

    def targets(page):
        # A link to the same locale of another page counts as the same link.
        own = "/" + os.path.splitext(os.path.basename(page.rel))[0] + ".md"
        return sorted(t.replace(own, "/{locale}.md") if t.endswith(own) or own + "#" in t else t
                      for _, t in page.links if not t.startswith("#"))

    want = targets(ref)
    for locale in spec["locales"][1:]:
        page = pages.get((name, locale))
        if page is None:
            continue
        mine = targets(page)
        if mine != want:
            missing = sorted(set(want) - set(mine)) or [t for t in want if want.count(t) > mine.count(t)]
            extra = sorted(set(mine) - set(want)) or [t for t in mine if mine.count(t) > want.count(t)]
            parts = []
            if missing:
                parts.append("missing " + ", ".join(sorted(set(missing))))
            if extra:
                parts.append("extra " + ", ".join(sorted(set(extra))))
            problems.append(Problem(page.rel, 0, f"links differ from {ref.rel}: " + "; ".join(parts)))
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


WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")
HTML_COMMENT = re.compile(r"<!--.*?-->")


def masked(text):
    """A prose line with inline code, link targets and HTML comments blanked out,
    column for column: what a reader reads as words."""
    for pattern in (HTML_COMMENT, INLINE_CODE, LINK_TARGET):
        text = pattern.sub(lambda m: " " * len(m.group(0)), text)
    return text


def prose_words(page):
    return sum(len(WORD.findall(masked(text))) for _, text in page.prose)


def check_level(config, name, pages):
    """A player page stays short and opens with the check."""
    spec = config.pages[name]
    problems = []
    if spec["level"] != "player":
        return problems
    for locale in spec["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        words = prose_words(page)
        if words > spec["max_words"]:
            problems.append(Problem(page.rel, 0, f"{words} words of prose; a player page has at most "
                                                 f"{spec['max_words']} (code excluded): move details to the "
                                                 "technical page"))
        want = spec["opens_with"][locale]
        sections = [h for h in page.headings if h[1] == 2]
        if not sections or sections[0][2] != want:
            found = repr(sections[0][2]) if sections else "no section"
            problems.append(Problem(page.rel, sections[0][0] if sections else 0,
                                    f"a player page opens with the check: the first section must be {want!r}, "
                                    f"found {found}"))
            continue
        before = sum(len(WORD.findall(masked(text))) for n, text in page.prose
                     if n < sections[0][0] and not HEADING.match(text))
        if before > OPENING_WORDS:
            problems.append(Problem(page.rel, sections[0][0], f"{before} words before {want!r}; at most "
                                                              f"{OPENING_WORDS}, so that the check comes first"))
    return problems


class Glossary:
    """spec/pages/glossary.json: per locale, terms to use, words to avoid, headings."""

    def __init__(self, root, config):
        self.problems, self.locales = [], {}
        path = os.path.join(root, GLOSSARY)
        try:
            data = json.loads(read_text(path))
        except OSError as e:
            self.problems.append(Problem(GLOSSARY, 0, f"cannot read: {e.strerror}"))
            return
        except ValueError as e:
            self.problems.append(Problem(GLOSSARY, getattr(e, "lineno", 0), f"not valid JSON: {e}"))
            return
        locales = data.get("locales") if isinstance(data, dict) else None
        if not isinstance(locales, dict):
            self.problems.append(Problem(GLOSSARY, 0, 'expected {"locales": {LOCALE: {"terms": [...], '
                                                      '"headings": [...]}}}'))
            return
        for locale, spec in locales.items():
            self._locale(locale, spec, config)

    def _bad(self, message):
        self.problems.append(Problem(GLOSSARY, 0, message))

    def _locale(self, locale, spec, config):
        if not isinstance(spec, dict) or set(spec) - {"terms", "headings"}:
            return self._bad(f"{locale}: expected an object with 'terms' and 'headings'")
        terms, headings = [], []
        for n, term in enumerate(spec.get("terms", []), 1):
            label = f"{locale} term {n}"
            if not isinstance(term, dict) or set(term) - {"use", "for", "pages", "avoid", "why"}:
                self._bad(f"{label}: expected an object with 'use', 'for', 'pages', 'avoid' and 'why'")
                continue
            use, pages, avoid = term.get("use"), term.get("pages", []), term.get("avoid", [])
            if not (isinstance(use, str) and use.strip()):
                self._bad(f"{label}: 'use' must be the term the original page uses")
                continue
            if not (isinstance(pages, list) and all(p in config.pages and locale in config.pages[p]["locales"]
                                                     for p in pages)):
                self._bad(f"{label} ({use!r}): 'pages' must list declared pages that have the locale {locale!r}")
                continue
            patterns = []
            for a in avoid if isinstance(avoid, list) else [None]:
                if isinstance(a, str) and a.strip():
                    words = r"\s+".join(re.escape(w) for w in a.split())
                    patterns.append((a, re.compile(r"(?<![\w-])" + words + r"(?![\w-])", re.IGNORECASE)))
                elif isinstance(a, dict) and isinstance(a.get("pattern"), str):
                    try:
                        patterns.append((a.get("label", a["pattern"]), re.compile(a["pattern"])))
                    except re.error as e:
                        self._bad(f"{label} ({use!r}): pattern {a['pattern']!r} does not compile: {e}")
                else:
                    self._bad(f"{label} ({use!r}): 'avoid' must list words or {{\"pattern\": REGEX}} objects")
            terms.append({"use": use, "for": term.get("for", use), "pages": pages, "avoid": patterns,
                          "why": term.get("why", "")})
        for n, h in enumerate(spec.get("headings", []), 1):
            if not (isinstance(h, dict) and h.get("page") in config.pages and isinstance(h.get("level"), int)
                    and isinstance(h.get("text"), str) and locale in config.pages[h["page"]]["locales"]):
                self._bad(f"{locale} heading {n}: expected {{\"page\": PAGE, \"level\": N, \"text\": TEXT}} "
                          f"for a declared page with the locale {locale!r}")
                continue
            headings.append(h)
        self.locales[locale] = {"terms": terms, "headings": headings}


def check_glossary(glossary, pages):
    problems = []
    for (name, locale), page in sorted(pages.items()):
        spec = glossary.locales.get(locale)
        if spec is None:
            continue
        # The prose as one text, line breaks kept, so that a term wrapped onto
        # the next line is found, and reported where it starts.
        starts, pos, parts = [], 0, []
        for _, text in page.prose:
            starts.append(pos)
            parts.append(masked(text))
            pos += len(text) + 1
        joined = "\n".join(parts)
        flat = flatten(joined)[0].lower()
        for term in spec["terms"]:
            for label, pattern in term["avoid"]:
                for m in pattern.finditer(joined):
                    k = bisect.bisect_right(starts, m.start()) - 1
                    why = f" ({term['why']})" if term["why"] else ""
                    problems.append(Problem(page.rel, page.prose[k][0],
                                            f"{m.group(0)!r}: this site's {locale} pages say {term['use']!r} "
                                            f"for {term['for']}{why}", column=m.start() - starts[k] + 1))
            if name in term["pages"] and flatten(term["use"])[0].lower() not in flat:
                why = f" ({term['why']})" if term["why"] else ""
                problems.append(Problem(page.rel, 0, f"glossary term {term['use']!r} is missing: this page must "
                                                     f"use it for {term['for']}{why}"))
        for h in spec["headings"]:
            if h["page"] != name:
                continue
            if not any(level == h["level"] and text == h["text"] for _, level, text in page.headings):
                found = [text for _, level, text in page.headings if level == h["level"]][:1]
                problems.append(Problem(page.rel, 0, f"no level-{h['level']} heading {h['text']!r}, the "
                                                     f"original's wording" + (f"; first found {found[0]!r}"
                                                                             if found else "")))
    return problems


def cmd_check(root):
    config = Config(root)
    problems = list(config.problems)
    pages, unreadable, undeclared = load_pages(root, config)
    problems += unreadable + undeclared
    cache = {}
    facts = 0
    glossary = Glossary(root, config)
    problems += glossary.problems
    problems += check_glossary(glossary, pages)
    for (name, locale), page in pages.items():
        problems += page.problems
        problems += check_copies(root, page, cache)
        problems += check_links(root, page)
    for name in config.pages:
        problems += check_order(config, name, pages)
        problems += check_mentions(root, config, name, cache)
        problems += check_inputs(root, config, name, cache)
        problems += check_level(config, name, pages)
        problems += check_structure(config, name, pages)
        problems += check_facts(config, name, pages)
        problems += check_link_sets(config, name, pages)
        present = sum(1 for loc in config.pages[name]["locales"] if (name, loc) in pages)
        facts += len(config.pages[name]["facts"]) * present
    problems += page_strings.check(root)
    for p in sorted(problems, key=lambda p: (p.path, p.line, p.column)):
        print(p)
    copies = sum(len(p.snippets) for p in pages.values())
    terms = sum(len(g["terms"]) for g in glossary.locales.values())
    summary = (f"{len(pages)} locale files of {len(config.pages)} pages, {copies} snippet copies, "
               f"{facts} fact checks, {terms} glossary terms")
    if problems:
        files = len({p.path for p in problems})
        print(f"docs check: FAILED, {len(problems)} problem{'s' * (len(problems) != 1)} in {files} "
              f"file{'s' * (files != 1)} ({summary})")
        return 1
    print(f"docs check: ok ({summary})")
    return 0


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
    for (name, locale), page in pages.items():
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


def write_atomically(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    shutil.copymode(path, tmp)
    os.replace(tmp, path)


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
                continue
            command, note = commands[ext]
            argv = command + files
            print("$ " + " ".join(argv))
            if note:
                print("  note: " + note)
            if not os.path.exists(os.path.join(root, command[1])):
                print(f"  {command[1]} does not exist")
                failures += 1
                continue
            try:
                result = subprocess.run(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        universal_newlines=True, timeout=600)
            except (OSError, subprocess.TimeoutExpired) as e:
                print(f"  cannot run: {e}")
                failures += 1
                continue
            lines = result.stdout.splitlines()
            summary = [line for line in lines if SUMMARY.match(line)]
            passed = summary and int(SUMMARY.match(summary[-1]).group(1)) > 0
            if result.returncode != 0 or not passed:
                # Show everything the checker said: the failing cases are in there.
                for line in lines:
                    print("  " + line)
                print(f"  exit status {result.returncode}" + ("" if summary else ", no 'N passed, M failed' line"))
                failures += 1
            else:
                print("  " + summary[-1].strip())
    ran = len(groups)
    if failures:
        print(f"docs run: FAILED, {failures} of {ran} checker run{'s' * (ran != 1)} failed")
        return 1
    print(f"docs run: ok, {ran} checker run{'s' * (ran != 1)} over "
          f"{len(paths)} embedded snippet{'s' * (len(paths) != 1)}")
    return 0


def main(argv=None):
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--root", default=argparse.SUPPRESS,
                        help="repository root to work on (default: the one holding this tool)")
    parser = argparse.ArgumentParser(prog="docs.py", parents=[common],
                                     description="Check and sync the snippets and facts of spec/pages/.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    sub.add_parser("check", parents=[common], help="copies, snippet order, facts, markers and links")
    sub.add_parser("sync", parents=[common], help="rewrite every embedded copy from its canonical file")
    p = sub.add_parser("extract", parents=[common], help="write the embedded copies to DIR")
    p.add_argument("dir", metavar="DIR")
    sub.add_parser("run", parents=[common], help="extract, then run the snippet checkers")
    p = sub.add_parser("strings-stamp", parents=[common],
                       help="record that KEY of LOCALE in node/page/strings.js translates the current English")
    p.add_argument("locale", metavar="LOCALE")
    p.add_argument("keys", metavar="KEY", nargs="+")
    args = parser.parse_args(argv)
    root = os.path.abspath(getattr(args, "root", DEFAULT_ROOT))
    if args.command == "check":
        return cmd_check(root)
    if args.command == "sync":
        return cmd_sync(root)
    if args.command == "extract":
        return cmd_extract(root, args.dir)
    if args.command == "strings-stamp":
        problems = page_strings.stamp(root, args.locale, args.keys)
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    return cmd_run(root)


if __name__ == "__main__":
    sys.exit(main())
