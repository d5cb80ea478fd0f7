"""The links of the pages: every relative link and anchor leads somewhere, and
every locale links to the same files."""

import functools
import os
import re

from .files import Problem, read_text
from .page import Page


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


@functools.lru_cache(maxsize=16)
def _anchors_in(rel, text):
    """anchors_of a linked file, parsed once for its text: the pages link to
    the spec's sections over and over."""
    return frozenset(anchors_of(Page(rel, text)))


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
                anchors = _anchors_in(rel, read_text(full))
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
