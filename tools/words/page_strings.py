"""The offline verifier page's words as the pages' checks read them: the
catalog (spec/catalog/<locale>.po, read and checked by tools/words/catalog.py), from
which node/page/strings.js is generated.

load(root) gives (data, lines): data[locale][code] is the text the page shows,
or for a plural message {category: text, ..., "count": parameter}; lines maps
(locale, code) to the (file, line) of its entry. texts(value) lists the texts
of either kind. check(root) is the catalog's own check, so that docs.py check
reports a catalog it cannot read.
"""

import os

import catalog

LOCALES = catalog.LOCALES
STRINGS = catalog.CATALOG

# The last catalog read, by its root and its files' bytes: docs.py check asks
# for it from several checks, and reading it is most of a check's time.
_last = (None, None)


def _catalog(root):
    global _last
    key = [root]
    for locale in LOCALES:
        try:
            with open(os.path.join(root, STRINGS, f"{locale}.po"), "rb") as f:
                key.append(f.read())
        except OSError:
            key.append(None)
    if _last[0] != key:
        _last = (key, catalog.Catalog(root))
    return _last[1]


def load(root):
    cat = _catalog(root)
    return cat.page_data(), cat.lines


def texts(value):
    """The texts of a message: one, or one per plural category."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for k, v in value.items() if k != "count" and isinstance(v, str)]
    return []


def text(value, category="other"):
    """The text of a message, the given plural category's for a plural one (None when there is none)."""
    if isinstance(value, dict):
        value = value.get(category)
    return value if isinstance(value, str) else None


def check(root):
    problems = [catalog.Problem(p.path, p.line, p.message) for p in _catalog(root).problems]
    for p in problems:
        p.column = 0
    return problems
