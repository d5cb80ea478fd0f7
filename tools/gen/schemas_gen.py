#!/usr/bin/env python3
"""Copy the record schemas of spec/schemas into the Python package and verifier.js.

Go embeds spec/schemas itself. Python and the one-file verifier.js (through its
sources in node/src) carry copies of the five record schemas
(spec/schemas/record_*.json, without "title", "description", "$schema" and
"$id"), written here and never by hand:

    python/src/pfkit/_record_schemas_data.py  a generated module: SCHEMAS = {...}
    node/src/record_schemas.js                a generated module: RECORD_SCHEMAS = {...}
                                              (node/build.js assembles it into node/verifier.js)

Both implementations interpret the copies with a small validator for the
part of JSON Schema 2020-12 that the record schemas use. A schema that uses a
keyword outside that part is refused here, so that no copy is written that
its validator would silently ignore.

    python3 tools/gen/schemas_gen.py            rewrite both copies (make schemas)
    python3 tools/gen/schemas_gen.py --check    exit 1 when a copy differs from what
                                            would be written (make schemas-check)

--root DIR works on another checkout or a copy of one. Standard library only.
"""

import argparse
import glob
import json
import os
import sys

import copies

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMAS = "spec/schemas"
PYTHON_OUT = "python/src/pfkit/_record_schemas_data.py"
NODE_OUT = "node/src/record_schemas.js"
REGENERATE = "make schemas (python3 tools/gen/schemas_gen.py)"

# SCH-1's subset, which the schema checks in python/src/pfkit/record_schema.py
# and verifier.js implement; annotations are dropped from the copies.
DROPPED = {"title", "description", "$schema", "$id"}
KEYWORDS = {
    "type", "const", "enum", "pattern", "format", "minimum", "maximum", "minItems", "maxItems",
    "prefixItems", "items", "required", "properties", "additionalProperties", "$ref", "$defs",
    "allOf", "if", "then", "else",
}
FORMATS = {"date-time"}
TYPES = {"null", "boolean", "object", "array", "number", "integer", "string"}


class SchemaError(Exception):
    pass


def strip(schema, where):
    """The schema without annotations; refuses keywords the validators lack."""
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, dict):
        raise SchemaError(f"{where}: a schema is an object or a boolean, found {type(schema).__name__}")
    out = {}
    for k, v in schema.items():
        at = f"{where}/{k}"
        if k in DROPPED:
            continue
        if k not in KEYWORDS:
            raise SchemaError(f"{at}: keyword {k!r} is not implemented by the Python and JavaScript "
                              f"validators; add it to both (and to KEYWORDS in tools/gen/schemas_gen.py)")
        if k in ("properties", "$defs"):
            out[k] = {name: strip(sub, f"{at}/{name}") for name, sub in v.items()}
        elif k in ("prefixItems", "allOf"):
            out[k] = [strip(sub, f"{at}/{i}") for i, sub in enumerate(v)]
        elif k in ("items", "if", "then", "else", "additionalProperties"):
            if k == "additionalProperties" and v is not False:
                raise SchemaError(f"{at}: only \"additionalProperties\": false is implemented")
            if k != "additionalProperties" and not isinstance(v, dict):
                raise SchemaError(f"{at}: SCH-1 takes a schema object here, found {v!r}")
            out[k] = strip(v, at)
        elif k == "format":
            if v not in FORMATS:
                raise SchemaError(f"{at}: format {v!r} is not implemented (only {', '.join(sorted(FORMATS))})")
            out[k] = v
        elif k == "type":
            for t in v if isinstance(v, list) else [v]:
                if t not in TYPES:
                    raise SchemaError(f"{at}: unknown type {t!r}")
            out[k] = v
        elif k == "$ref":
            if not v.startswith("#/"):
                raise SchemaError(f"{at}: only references inside the same schema (#/...) are implemented")
            out[k] = v
        elif k in ("minimum", "maximum", "minItems", "maxItems"):
            if isinstance(v, bool) or not isinstance(v, int):
                raise SchemaError(f"{at}: only integer bounds are implemented, found {v!r}")
            out[k] = v
        else:
            out[k] = v
    return out


def load(root):
    """{name: stripped schema} of spec/schemas/record_*.json, in name order."""
    out = {}
    for path in sorted(glob.glob(os.path.join(root, SCHEMAS, "record_*.json"))):
        name = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            out[name] = strip(json.load(f), name)
    if not out:
        raise SchemaError(f"no record schemas in {os.path.join(root, SCHEMAS)}")
    return out


def literal(v, lang, indent, width=110):
    """v as a Python or JavaScript literal: on one line when it fits, else one
    member a line with a trailing comma."""
    flat = _flat(v, lang)
    if len(flat) + indent <= width or not isinstance(v, (dict, list)) or not v:
        return flat
    pad = " " * (indent + 2)
    if isinstance(v, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {literal(x, lang, indent + 2, width)},"
                 for k, x in v.items()]
        return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"
    items = [f"{pad}{literal(x, lang, indent + 2, width)}," for x in v]
    return "[\n" + "\n".join(items) + "\n" + " " * indent + "]"


def _flat(v, lang):
    if v is None:
        return "None" if lang == "python" else "null"
    if isinstance(v, bool):
        return ("True" if v else "False") if lang == "python" else ("true" if v else "false")
    if isinstance(v, (int, str)):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_flat(x, lang) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {_flat(x, lang)}" for k, x in v.items()) + "}"
    raise SchemaError(f"unexpected value in a schema: {v!r}")


def python_module(schemas):
    body = ",\n".join(f"    {json.dumps(n)}: {literal(s, 'python', 4)}" for n, s in schemas.items())
    return (
        '"""The record schemas, spec/schemas/record_*.json without titles and descriptions.\n\n'
        "Generated by tools/gen/schemas_gen.py; do not edit. After changing a schema run\n"
        f"{REGENERATE}; make test fails while this copy is stale.\n"
        '"""\n\n'
        "SCHEMAS = {\n" + body + ",\n}\n"
    )


def node_module(schemas):
    body = "\n".join(f"  '{n}': {literal(s, 'js', 2)}," for n, s in schemas.items())
    return (
        "// The record schemas, spec/schemas/record_*.json without titles and descriptions.\n"
        "//\n"
        "// Generated by tools/gen/schemas_gen.py; do not edit. After changing a schema run\n"
        "// make schemas (python3 tools/gen/schemas_gen.py, then node node/build.js); make\n"
        "// test fails while this copy or verifier.js is stale.\n"
        "'use strict';\n\n"
        "const RECORD_SCHEMAS = {\n" + body + "\n};\n\n"
        "module.exports = { RECORD_SCHEMAS };\n"
    )


def outputs(root):
    """{relative path: the text it should hold}."""
    schemas = load(root)
    return {PYTHON_OUT: python_module(schemas), NODE_OUT: node_module(schemas)}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write (or --check) the generated copies of the record schemas.")
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when a copy is stale")
    ap.add_argument("--root", default=DEFAULT_ROOT, help="the checkout to work on (default: this one)")
    args = ap.parse_args(argv)
    try:
        want = outputs(args.root)
    except (SchemaError, OSError, ValueError) as e:
        print(f"schemas_gen: {e}", file=sys.stderr)
        return 1
    stale = copies.sync(args.root, want, args.check)
    if args.check:
        if stale:
            print(f"stale copies of spec/schemas/record_*.json: {', '.join(stale)}; regenerate them with "
                  f"{REGENERATE} and commit the result", file=sys.stderr)
            return 1
        print(f"schema copies up to date: {', '.join(want)}")
        return 0
    print(f"wrote {', '.join(stale)}" if stale else f"schema copies already up to date: {', '.join(want)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
