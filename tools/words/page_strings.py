"""The offline verifier page's words as the pages' checks read them: the
catalog (spec/catalog/<locale>.po, read and checked by tools/words/catalog.py), from
which node/page/strings.js is generated.

load(root) gives (data, lines): data[locale][code] is the text the page shows,
or for a plural message {category: text, ..., "count": parameter}; lines maps
(locale, code) to the (file, line) of its entry. texts(value) lists the texts
of either kind. check(root) is the catalog's own check, so that docs.py check
reports a catalog it cannot read.
"""

import catalog

LOCALES = catalog.LOCALES
STRINGS = catalog.CATALOG


def load(root):
    cat = catalog.Catalog(root)
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
    problems = catalog.Catalog(root).problems
    for p in problems:
        p.column = 0
    return problems
