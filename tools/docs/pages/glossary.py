"""spec/pages/glossary.json read and checked (tools/docs/docs.py says what it holds),
and every page's prose held to its locale's terms and headings. A term marked
"verifier_page": true holds the offline verifier page's words in that locale
(spec/catalog/*.po, which node/page/strings.js is made from) to it as well, so
that the page and the prose a player reads beside it name one thing one way."""

import bisect
import re

import page_strings

from .files import GLOSSARY, Problem, load_json
from .page import flatten
from .structure import masked

# A term that is a name in the script (camelCase), written as code on the pages.
CODE_NAME = re.compile(r"[a-z]+[A-Z][A-Za-z0-9]*")


class Glossary:
    """spec/pages/glossary.json: per locale, terms to use, words to avoid, headings."""

    def __init__(self, root, config):
        self.problems, self.locales = [], {}
        data, problem = load_json(root, GLOSSARY)
        if problem:
            self.problems.append(problem)
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
            if not isinstance(term, dict) or set(term) - {"use", "for", "pages", "avoid", "why", "verifier_page"}:
                self._bad(f"{label}: expected an object with 'use', 'for', 'pages', 'avoid', 'why' and "
                          f"'verifier_page'")
                continue
            if not isinstance(term.get("verifier_page", False), bool):
                self._bad(f"{label}: 'verifier_page' must be true or false")
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
                          "why": term.get("why", ""), "verifier_page": term.get("verifier_page", False)})
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
        # A name the pages write as code (seatOrder, `seats[i]`) is looked for
        # in the code spans too; the columns are the same.
        raw = "\n".join(text for _, text in page.prose)
        flat_raw = flatten(raw)[0].lower()
        for term in spec["terms"]:
            for _, pattern in term["avoid"]:
                for m in pattern.finditer(raw if "`" in pattern.pattern else joined):
                    k = bisect.bisect_right(starts, m.start()) - 1
                    why = f" ({term['why']})" if term["why"] else ""
                    problems.append(Problem(page.rel, page.prose[k][0],
                                            f"{m.group(0)!r}: this site's {locale} pages say {term['use']!r} "
                                            f"for {term['for']}{why}", column=m.start() - starts[k] + 1))
            used = flat_raw if CODE_NAME.fullmatch(term["use"]) else flat
            if name in term["pages"] and flatten(term["use"])[0].lower() not in used:
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


def check_glossary_strings(glossary, root):
    """The offline page's words in each locale held to the terms marked verifier_page."""
    data, lines = page_strings.load(root)  # page_strings.check reports a catalog it cannot read
    problems = []
    for locale, spec in sorted(glossary.locales.items()):
        table = data.get(locale) if isinstance(data, dict) else None
        if not isinstance(table, dict):
            continue
        for term in (t for t in spec["terms"] if t["verifier_page"]):
            why = f" ({term['why']})" if term["why"] else ""
            for key, value in table.items():
                path, line = lines.get((locale, key), (f"{page_strings.STRINGS}/{locale}.po", 0))
                for text in page_strings.texts(value):
                    for _, pattern in term["avoid"]:
                        for m in pattern.finditer(text):
                            problems.append(Problem(path, line, f"{locale}: {key}: {m.group(0)!r}: this site's "
                                                                f"{locale} pages say {term['use']!r} for "
                                                                f"{term['for']}{why}"))
    return problems
