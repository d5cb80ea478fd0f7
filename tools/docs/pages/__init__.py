"""The checks of the fairness pages in spec/pages/, behind tools/docs/docs.py.

    files       where the files are, Problem, reading a file, loading JSON once
    page        a page parsed: snippet copies between markers, prose, headings, links
    config      spec/pages/facts.json, and the declared pages read
    snippets    each copy its canonical file's bytes, in order, terms and inputs current
    facts       the facts every locale states
    structure   heading levels across locales; a player page's length and opening
    links       relative links and anchors lead somewhere, the same in every locale
    glossary    spec/pages/glossary.json: terms to use, words to avoid, headings
    quotes      what a page quotes from the offline verifier page, word for word
    check       docs.py check: all of the above
    sync        docs.py sync: every copy rewritten from its canonical file
    run         docs.py extract and run: the copies run by the snippet checkers
    cli         the command line

tools/docs/ and tools/words/ must be on the import path (tools/docs/docs.py
puts them there): check and cli use tools/words/page_strings.py for the
offline page's words.
"""
