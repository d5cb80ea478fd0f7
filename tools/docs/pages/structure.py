"""The structure of the pages: the same heading levels in the same order in
every locale, and a player page short and opening with the check."""

import re

from .files import Problem
from .page import HEADING

# What a page may have before its first section when it must open with the check.
OPENING_WORDS = 80


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
