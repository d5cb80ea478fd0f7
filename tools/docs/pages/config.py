"""spec/pages/facts.json read and checked (tools/docs/docs.py says what it holds),
and the pages it declares read."""

import os
import re

from .files import CONFIG, PAGES, Problem, load_json, read_text
from .page import Page

LEVELS = ("player", "technical")
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


class Config:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.pages = {}
        data, problem = load_json(root, CONFIG)
        if problem:
            self.problems.append(problem)
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
        parsed = self._facts(name, locales, facts)
        mentions = spec.get("snippet_mentions", {})
        if not (isinstance(mentions, dict) and all(
                k in snippets and isinstance(v, list) and all(isinstance(t, str) and t for t in v)
                for k, v in mentions.items())):
            return self._bad(f"page {name}: 'snippet_mentions' must map snippets of the page to lists of strings")
        level = spec.get("level", "technical")
        if level not in LEVELS:
            return self._bad(f"page {name}: 'level' must be one of {', '.join(LEVELS)}, found {level!r}")
        max_words, opens_with = spec.get("max_words"), spec.get("opens_with")
        if level == "player" and not self._player_page(name, locales, max_words, opens_with):
            return None
        quotes = spec.get("quotes_page", [])
        if not (isinstance(quotes, list) and all(isinstance(k, str) and k for k in quotes)):
            return self._bad(f"page {name}: 'quotes_page' must be a list of codes of the catalog (spec/catalog/*.po)")
        inputs = spec.get("snippet_inputs", {})
        if not _inputs_ok(inputs, snippets):
            return self._bad(f"page {name}: 'snippet_inputs' must map snippets of the page to "
                             '{PART: {"lines": [FIRST, LAST], "names": [NAME, ...]}}')
        self.pages[name] = {"locales": locales, "snippets": snippets, "facts": parsed, "mentions": mentions,
                            "level": level, "max_words": max_words, "opens_with": opens_with, "inputs": inputs,
                            "quotes": quotes}
        return None

    def _facts(self, name, locales, facts):
        """[(label, {locale: [variant, ...]})] of the facts that are well formed;
        the others are reported."""
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
        return parsed

    def _player_page(self, name, locales, max_words, opens_with):
        """Whether a player page has its word limit and its opening heading in every locale."""
        if not (isinstance(max_words, int) and not isinstance(max_words, bool) and max_words > 0):
            self._bad(f"page {name}: a player page needs 'max_words', a positive whole number")
            return False
        if not (isinstance(opens_with, dict) and set(opens_with) == set(locales)
                and all(isinstance(v, str) and v.strip() for v in opens_with.values())):
            self._bad(f"page {name}: a player page needs 'opens_with', the heading of its check "
                      f"in each of its locales {locales}")
            return False
        return True

    def page_path(self, name, locale):
        return f"{PAGES}/{name}/{locale}.md"


def _inputs_ok(inputs, snippets):
    """Whether snippet_inputs maps snippets of the page to {PART: {"lines": [FIRST, LAST], "names": [...]}}."""
    return isinstance(inputs, dict) and all(
        k in snippets and isinstance(v, dict) and v and all(
            isinstance(g, dict) and isinstance(g.get("names"), list) and g["names"]
            and all(isinstance(x, str) for x in g["names"])
            and isinstance(g.get("lines"), list) and len(g["lines"]) == 2
            and all(isinstance(x, int) and x > 0 for x in g["lines"]) and g["lines"][0] <= g["lines"][1]
            for g in v.values())
        for k, v in inputs.items())


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
