"""The kit's own words out of the pages' prose: a reader of any locale meets
no spec id (SEED-1, decision D-1: a decision is linked in words), no schema
file name, no Go duration (24h0m0s) and no raw RFC 3339 time; on a player page,
no field name in camelCase either. Code blocks and `code spans` may hold them
(the technical pages give formats and field names as code), and so may a
link's target; the link's text may not.

An error code of the specification's section 11 (`scheme_unspecified`) is
refused in the prose even as code: it names what a program answers, not what a
reader is told, so a page says in words what the verifier says."""

import os
import re

from .files import Problem, read_text

# SHA-256 and the like name an algorithm, not a requirement.
INTERNAL = (
    ("a spec id", re.compile(r"\b(?!SHA-|ISO-|UTF-|RFC-)(?:[A-Z]{2,5}|D)-\d+\b")),
    ("a schema file name", re.compile(r"\b\w+_v\d+\.json\b")),
    ("a Go duration", re.compile(r"\b(?:\d+h)?\d+m[\d.]+s\b|\b\d+h\d+m\d*s?\b")),
    ("a raw timestamp", re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d")),
)
CAMEL = ("a field name in camelCase", re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b"))
IN_WORDS = "say it in words (a decision as a link whose text is words), or put a format in code"

SPEC = "spec/pfkit.md"
# Section 11 of the spec: its table lists one code a row, "| `code` | meaning |".
CODES_SECTION = re.compile(r"^## 11\. Error codes\n(.*?)^## ", re.M | re.S)
CODE_ROW = re.compile(r"^\| `([a-z][a-z0-9_]*)` \|", re.M)

CODE_SPAN = re.compile(r"(`+).*?\1")
LINK_TARGET = re.compile(r"\]\([^)]*\)")


def _blank(m):
    return " " * len(m.group(0))


def readable(text):
    """The text a reader sees: code spans and link targets blanked, columns kept."""
    return LINK_TARGET.sub(_blank, CODE_SPAN.sub(_blank, text))


def error_codes(root):
    """(the error codes of the spec's section 11, None), or ([], the Problem that
    says why they cannot be read)."""
    try:
        text = read_text(os.path.join(root, SPEC))
    except (OSError, UnicodeDecodeError) as e:
        return [], Problem(SPEC, 0, f"cannot read the error codes of section 11: {e}")
    section = CODES_SECTION.search(text)
    codes = CODE_ROW.findall(section.group(1)) if section else []
    if not codes:
        return [], Problem(SPEC, 0, "expected section 11, Error codes, with a table of codes "
                                    "(| `code` | meaning |): the pages' prose cannot be checked for them")
    return codes, None


def check_internal_words(config, name, pages):
    level = config.pages[name]["level"]
    kinds = INTERNAL + ((CAMEL,) if level == "player" else ())
    codes, problem = error_codes(config.root)
    problems = [problem] if problem else []
    code_word = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, codes)) + r")(?![\w-])") if codes else None
    for locale in config.pages[name]["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        for line, text in page.prose:
            shown = readable(text)
            for what, pattern in kinds:
                for m in pattern.finditer(shown):
                    problems.append(Problem(page.rel, line, f"{what} in the prose, {m.group(0)!r}: {IN_WORDS}",
                                            column=m.start() + 1))
            if code_word is None:
                continue
            # Code spans count here: only a link's target may name a code.
            for m in code_word.finditer(LINK_TARGET.sub(_blank, text)):
                problems.append(Problem(page.rel, line, f"an error code in the prose, {m.group(0)!r}: say in words "
                                        "what the verifier says (the codes are for programs, section 11 of the "
                                        "specification)", column=m.start() + 1))
    return problems
