"""What a page quotes from the offline verifier page: facts.json's "quotes_page"
names keys of node/page/strings.js, and every locale of the page must hold the
text that key has in that locale, word for word, as the page shows it (the
match_seed_v1 message, for one: one tense, one wording, on the page and in the
prose)."""

import os

import page_strings

from .files import CONFIG, Problem
from .page import flatten


def strings_text(data, locale, key):
    """The text the page shows for key in locale, or None."""
    value = data.get(locale, {}).get(key)
    if isinstance(value, dict):
        value = value.get("text")
    return value if isinstance(value, str) else None


def check_quotes(root, config, name, pages):
    keys = config.pages[name]["quotes"]
    if not keys:
        return []
    try:
        with open(os.path.join(root, page_strings.STRINGS), encoding="utf-8") as f:
            data, _ = page_strings.parse(f.read())
    except (OSError, ValueError) as e:
        # strings.js's own check reports why it cannot be read.
        return [Problem(CONFIG, 0, f"{name}: cannot read the texts the pages quote from {page_strings.STRINGS}: {e}")]
    problems = []
    for locale in config.pages[name]["locales"]:
        page = pages.get((name, locale))
        if page is None:
            continue
        flat = page.flat_prose()[0]
        for key in keys:
            text = strings_text(data, locale, key)
            if text is None:
                problems.append(Problem(page.rel, 0, f"quotes {page_strings.STRINGS} key {key!r}, which has no "
                                                     f"text for {locale!r}"))
            elif flatten(text)[0].strip() not in flat:
                problems.append(Problem(page.rel, 0, f"must quote what the verifier page shows ({key!r} in "
                                                     f"{page_strings.STRINGS}), word for word: {text!r}"))
    return problems
