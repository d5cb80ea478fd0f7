"""What a page quotes from the offline verifier page: facts.json's "quotes_page"
names codes of the catalog (spec/catalog/*.po), and every locale of the page must hold the
text that key has in that locale, word for word, as the page shows it (the
match_seed_v1 message, for one: one tense, one wording, on the page and in the
prose)."""

import page_strings

from .files import Problem
from .page import flatten


def strings_text(data, locale, key):
    """The text the page shows for key in locale, or None."""
    return page_strings.text(data.get(locale, {}).get(key))


def check_quotes(root, config, name, pages):
    keys = config.pages[name]["quotes"]
    if not keys:
        return []
    data, _ = page_strings.load(root)  # the catalog's own check reports a file it cannot read
    problems = []
    for locale in config.pages[name]["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        flat = page.flat_prose()[0]
        for key in keys:
            text = strings_text(data, locale, key)
            if text is None:
                problems.append(Problem(page.rel, 0, f"quotes the catalog's {key!r} ({page_strings.STRINGS}), "
                                                     f"which has no text for {locale!r}"))
            elif flatten(text)[0].strip() not in flat:
                problems.append(Problem(page.rel, 0, f"must quote what the verifier page shows ({key!r} in "
                                                     f"{page_strings.STRINGS}/{locale}.po), word for word: {text!r}"))
    return problems
