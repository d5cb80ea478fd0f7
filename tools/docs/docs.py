#!/usr/bin/env python3
"""Keep the fairness pages in spec/pages/ in step with the code they show.

Every code block of a page is a copy of a canonical snippet file, held between
two HTML comments that Markdown does not render:

    <!-- snippet: node/snippet.js -->
    ```js
    ...the exact bytes of node/snippet.js...
    ```
    <!-- /snippet -->

spec/pages/facts.json lists, per page, its locales, its level, the snippets it
embeds in order, the facts (numbers, ids, phrases) every locale must state, the
terms of each snippet that the surrounding text relies on, and the lines of each
snippet a reader replaces with their own values. A page of level "player" is
for players: its prose stays under a word limit and it opens with the check
(the first section heading is the one "opens_with" gives for its locale). A
"technical" page holds the formats and the points the site decides itself.
"quotes_page" names codes of the catalog (spec/catalog/*.po) whose text every
locale of the page quotes word for word, as the verifier page shows it in that
locale.

spec/pages/glossary.json holds each locale's terms, taken from the site's own
published pages: the words a page must use, the words it must not use for the
same thing (reported with file, line and column), and headings that must read
as the originals do. A term with "verifier_page": true also keeps the words it
avoids out of the offline verifier page's text in that locale.

    python3 tools/docs/docs.py check          copies, snippet order, facts, markers, links
    python3 tools/docs/docs.py sync           rewrite every copy from its canonical file
    python3 tools/docs/docs.py extract DIR    write the copies as the pages show them
    python3 tools/docs/docs.py run            extract, then run the snippet checkers

check also reads the offline verifier page's words from the catalog
(spec/catalog/*.po, tools/words/catalog.py) and reports a catalog it cannot read.

The checks are the modules of tools/docs/pages/, one a concern (its __init__.py
lists them); this file is their command line.

--root DIR (before or after the command) works on another checkout or a copy;
the default is the repository that holds this file. Exit status: 0 when all
is well, 1 when anything failed, 2 on a usage error.
"""

import os
import sys

# The package pages/ is beside this file; the offline page's words are read
# through tools/words/page_strings.py.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "words"))
sys.path.insert(0, HERE)
from pages.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
