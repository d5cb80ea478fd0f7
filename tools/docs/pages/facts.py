"""The facts every locale of a page states (spec/pages/facts.json), found in its
prose however the text wraps."""

import bisect

from .files import Problem
from .page import flatten


def section_of(page, line):
    """Index of the heading that governs `line` (-1 before the first heading)."""
    return sum(1 for h in page.headings if h[0] <= line) - 1


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
