"""docs.py check: every check of the pages, their problems sorted by place."""

import page_strings

from .config import Config, load_pages
from .facts import check_facts
from .glossary import Glossary, check_glossary, check_glossary_strings
from .internal import check_internal_words
from .links import check_link_sets, check_links
from .quotes import check_quotes
from .snippets import check_copies, check_inputs, check_mentions, check_order
from .structure import check_level, check_structure


def cmd_check(root):
    config = Config(root)
    problems = list(config.problems)
    pages, unreadable, undeclared = load_pages(root, config)
    problems += unreadable + undeclared
    cache = {}
    facts = 0
    glossary = Glossary(root, config)
    problems += glossary.problems
    problems += check_glossary(glossary, pages)
    problems += check_glossary_strings(glossary, root)
    for page in pages.values():
        problems += page.problems
        problems += check_copies(root, page, cache)
        problems += check_links(root, page)
    for name in config.pages:
        problems += check_order(config, name, pages)
        problems += check_mentions(root, config, name, cache)
        problems += check_inputs(root, config, name, cache)
        problems += check_level(config, name, pages)
        problems += check_structure(config, name, pages)
        problems += check_facts(config, name, pages)
        problems += check_link_sets(config, name, pages)
        problems += check_quotes(root, config, name, pages)
        problems += check_internal_words(config, name, pages)
        present = sum(1 for loc in config.pages[name]["locales"] if (name, loc) in pages)
        facts += len(config.pages[name]["facts"]) * present
    problems += page_strings.check(root)
    for p in sorted(problems, key=lambda p: (p.path, p.line, p.column)):
        print(p)
    copies = sum(len(p.snippets) for p in pages.values())
    terms = sum(len(g["terms"]) for g in glossary.locales.values())
    summary = (f"{len(pages)} locale files of {len(config.pages)} pages, {copies} snippet copies, "
               f"{facts} fact checks, {terms} glossary terms")
    if problems:
        files = len({p.path for p in problems})
        print(f"docs check: FAILED, {len(problems)} problem{'s' * (len(problems) != 1)} in {files} "
              f"file{'s' * (files != 1)} ({summary})")
        return 1
    print(f"docs check: ok ({summary})")
    return 0
