"""The kit's own words out of the pages' prose: a reader of any locale meets
no spec id (SEED-1, decision D-1: a decision is linked in words), no schema
file name, no Go duration (24h0m0s) and no raw RFC 3339 time; on a player page,
no field name in camelCase either. Code blocks and `code spans` may hold them
(the technical pages give formats and field names as code), and so may a
link's target; the link's text may not."""

import re

from .files import Problem

# SHA-256 and the like name an algorithm, not a requirement.
INTERNAL = (
    ("a spec id", re.compile(r"\b(?!SHA-|ISO-|UTF-|RFC-)(?:[A-Z]{2,5}|D)-\d+\b")),
    ("a schema file name", re.compile(r"\b\w+_v\d+\.json\b")),
    ("a Go duration", re.compile(r"\b(?:\d+h)?\d+m[\d.]+s\b|\b\d+h\d+m\d*s?\b")),
    ("a raw timestamp", re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d")),
)
CAMEL = ("a field name in camelCase", re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b"))

CODE_SPAN = re.compile(r"(`+).*?\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")


def _blank(m):
    return " " * len(m.group(0))


def readable(text):
    """The text a reader sees: code spans and link targets blanked, columns kept."""
    return LINK_TARGET.sub(_blank, CODE_SPAN.sub(_blank, text))


def check_internal_words(config, name, pages):
    level = config.pages[name]["level"]
    kinds = INTERNAL + ((CAMEL,) if level == "player" else ())
    problems = []
    for locale in config.pages[name]["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        for line, text in page.prose:
            shown = readable(text)
            for what, pattern in kinds:
                for m in pattern.finditer(shown):
                    problems.append(Problem(page.rel, line, f"{what} in the prose, {m.group(0)!r}: say it in words "
                                            "(a decision as a link whose text is words), or put a format in code",
                                            column=m.start() + 1))
    return problems
