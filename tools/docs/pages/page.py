"""A page of spec/pages parsed line by line: its snippet copies between their
markers (tools/docs/docs.py shows them), its prose, headings and links; and the
problems of its markers, fences and code blocks outside them."""

import bisect
import os
import posixpath
import re

from .files import Problem

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
        for _, t in self.prose:
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


# Whitespace as str.isspace() says, which holds every space separator (Zs):
# the non-breaking spaces of French typography too.
SPACES = re.compile(r"\s+")


def flatten(text):
    """The text with every run of whitespace (line breaks and non-breaking
    spaces included) as one plain space, so that wrapping and French
    typography do not hide a fact; and, per character kept, its index in text
    (a run's space at its first character's)."""
    out, where, pos = [], [], 0
    for m in SPACES.finditer(text):
        start = m.start()
        out += (text[pos:start], " ")
        where += range(pos, start + 1)
        pos = m.end()
    out.append(text[pos:])
    where += range(pos, len(text))
    return "".join(out), where

