"""The offline verifier page's words (node/page/strings.js), kept in step.

strings.js is a script, so that the page needs no fetch and works from file:,
but everything after its "globalThis.pfkitPageStrings = " is strict JSON:

    {"en": {"key": "English text", ...},
     "it": {"key": {"text": "testo italiano", "en": "<16 hex digits>"}, ...}, ...}

"en" under a translation is the start of SHA-256 of the English text it was
made from. The check reports, with file, line and key: a key of the English
missing from a locale, a key the English does not have, an empty text, {names}
that differ from the English ones, and a translation whose English changed
since (stale). After translating again, stamp() records the new hash.
"""

import hashlib
import json
import re

STRINGS = "node/page/strings.js"
LOCALES = ("en", "it", "de", "fr", "nl")
SOURCE = "en"
PREFIX = "globalThis.pfkitPageStrings = "
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def en_hash(text):
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class Problem:
    def __init__(self, line, message):
        self.path, self.line, self.message = STRINGS, line, message
        self.column = 0

    def __str__(self):
        return f"{self.path}:{self.line}: {self.message}" if self.line else f"{self.path}: {self.message}"


def _no_duplicates(pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError(f"key {k!r} is given twice")
        seen[k] = v
    return seen


def parse(text):
    """(data, lines, body offset): the JSON after the prefix, and where each locale's key sits."""
    start = text.find(PREFIX)
    if start < 0:
        raise ValueError(f"no line starting {PREFIX.strip()!r}")
    body = text[start + len(PREFIX):].rstrip()
    if not body.endswith(";"):
        raise ValueError("the object must end with ';'")
    data = json.loads(body[:-1], object_pairs_hook=_no_duplicates)
    # The line of each "key": within its locale's block, for the messages.
    lines = {}
    locale = None
    first = text[:start].count("\n") + 1
    for n, line in enumerate(text[start:].splitlines(), first):
        m = (re.match(r'^\s*"([^"]+)": \{\s*$', line)
             or re.match(r'^(?:globalThis\.pfkitPageStrings = \{)?\s*"([a-z]{2})": \{$', line))
        if m and m.group(1) in LOCALES:
            locale = m.group(1)
            continue
        m = re.match(r'^\s*"((?:[^"\\]|\\.)+)":', line)
        if m and locale:
            lines.setdefault((locale, json.loads('"' + m.group(1) + '"')), n)
    return data, lines


def check(root):
    """The problems of root's strings.js, as a list."""
    path = f"{root}/{STRINGS}"
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        return [Problem(0, f"cannot be read: {e.strerror}")]
    try:
        data, lines = parse(text)
    except ValueError as e:
        return [Problem(0, f"is not a strings file: {e}")]
    problems = []
    if not isinstance(data, dict) or list(data) != list(LOCALES):
        return [Problem(0, f"must hold the locales {', '.join(LOCALES)} in this order; it holds "
                           f"{', '.join(data) if isinstance(data, dict) else type(data).__name__}")]
    english = data[SOURCE]
    for key, value in english.items():
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(lines.get((SOURCE, key), 0), f"en: key {key!r} must be a non-empty text"))
    for locale in LOCALES[1:]:
        table = data[locale]
        block = lines.get((locale, next(iter(table), "")), 0)
        for key, source in english.items():
            if not isinstance(source, str):
                continue
            line = lines.get((locale, key), block)
            entry = table.get(key)
            if entry is None:
                problems.append(Problem(block, f"{locale}: key {key!r} is missing (English: {source!r})"))
                continue
            if (not isinstance(entry, dict) or set(entry) != {"text", "en"}
                    or not all(isinstance(v, str) for v in entry.values())):
                problems.append(Problem(line, f"{locale}: key {key!r} must be "
                                              '{"text": ..., "en": hash of the English}'))
                continue
            if not entry["text"].strip():
                problems.append(Problem(line, f"{locale}: key {key!r} is empty"))
            if entry["en"] != en_hash(source):
                problems.append(Problem(line, f"{locale}: key {key!r} is stale: the English changed since it was "
                                              f"translated (now {source!r}); translate it again, then "
                                              f"tools/docs.py strings-stamp {locale} {key}"))
            want, found = sorted(set(PLACEHOLDER.findall(source))), sorted(set(PLACEHOLDER.findall(entry["text"])))
            if want != found:
                problems.append(Problem(line,
                                        f"{locale}: key {key!r} has the placeholders {found}, the English {want}"))
        for key in table:
            if key not in english:
                problems.append(Problem(lines.get((locale, key), block),
                                        f"{locale}: key {key!r} is not in the English"))
    return problems


def stamp(root, locale, keys):
    """Records the current English hash for keys of locale; returns the problems (unknown locale or key)."""
    path = f"{root}/{STRINGS}"
    with open(path, encoding="utf-8") as f:
        text = f.read()
    data, _ = parse(text)
    if locale not in data or locale == SOURCE:
        return [Problem(0, f"strings-stamp: {locale!r} is not a translated locale ({', '.join(LOCALES[1:])})")]
    bad = [k for k in keys if k not in data[SOURCE] or not isinstance(data[locale].get(k), dict)]
    if bad:
        return [Problem(0, f"strings-stamp: {locale}: no translation for {', '.join(map(repr, bad))}")]
    out = []
    current = None
    for line in text.splitlines(keepends=True):
        m = re.match(r'^(?:globalThis\.pfkitPageStrings = \{)?\s*"([a-z]{2})": \{$', line.rstrip("\n"))
        if m:
            current = m.group(1)
        k = re.match(r'^\s*"((?:[^"\\]|\\.)+)": \{"text":', line)
        if current == locale and k and json.loads('"' + k.group(1) + '"') in keys:
            key = json.loads('"' + k.group(1) + '"')
            line = re.sub(r'"en": "[0-9a-f]*"\}', '"en": "' + en_hash(data[SOURCE][key]) + '"}', line)
        out.append(line)
    new = "".join(out)
    parse(new)
    with open(path, "w", encoding="utf-8") as f:
        f.write(new)
    return []

