"""The English of the command-line reports, by code.

Each message is a "cli." code of spec/catalog/en.po with named parameters; the
table in _words.py is generated from it by tools/words/catalog.py (make catalog), and
text() fills a message in, the same way as go/internal/words and
node/src/words.js.
"""

from ._words import TABLE

_BY_CODE = {row[0]: row for row in TABLE}


def text(code: str, **params) -> str:
    """The English of the message code with its parameters (str or int) filled in.

    A plural message takes its singular form when its count parameter is 1. A
    code the catalog does not have gives the code itself, and a parameter not
    given stays {name}, so a mistake shows in the output and in the tests.
    """
    row = _BY_CODE.get(code)
    if row is None:
        return code
    _, one, other, count = row
    message = one if count and params.get(count) == 1 and not isinstance(params.get(count), bool) else other
    out, rest = [], message
    while True:
        start = rest.find("{")
        end = rest.find("}", start + 1) if start >= 0 else -1
        if end < 0:
            break
        name = rest[start + 1:end]
        out.append(rest[:start])
        out.append(str(params[name]) if name in params else rest[start:end + 1])
        rest = rest[end + 1:]
    out.append(rest)
    return "".join(out)
