#!/usr/bin/env python3
"""Write the spec's shared tables into Go, Node and Python, and the schemas' lists of them.

spec/pfkit.md holds four tables that every implementation needs as data:

    section 9      the scheme registry: the ids, which are specified, and what
                   a scheme that is never specified answers (REG-1, REG-2)
    section 10.1   the ops in order: each op's input fields in check order and
                   the members of its output in the order they are written
    section 11     the error codes and their meanings
    section 15.1   the declared readings: each field, its readings (the kit's
                   first) or the requirement that fixes the order it may list

They are read from the spec and written here, never by hand, into

    go/internal/errcode/codes_gen.go      the Code constants, All, Meaning
    go/internal/reading/readings_gen.go   the reading lists (Dealings, ...), Fields, Orders
    go/internal/scheme/tables_gen.go      the registry, the op input and output orders
    node/src/spec_tables.js               all four (node/build.js assembles it into verifier.js)
    python/src/pfkit/_spec_tables.py      all four

and the code enums of spec/schemas/protocol_v1.json, response_v1.json and
vectors_v1.json (with vectors_v1.json's scheme enum, the specified schemes) are
rewritten in place. The rules that use the tables stay in each language's
domain code; only the data is generated.

    python3 tools/gen/tables_gen.py            rewrite every copy (make tables)
    python3 tools/gen/tables_gen.py --check    exit 1 when a copy differs from what
                                           would be written (make tables-check)

--root DIR works on another checkout or a copy of one. Standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys

import copies

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = "spec/pfkit.md"
REGENERATE = "make tables (python3 tools/gen/tables_gen.py, then node node/build.js)"
GO_CODES = "go/internal/errcode/codes_gen.go"
GO_READINGS = "go/internal/reading/readings_gen.go"
GO_SCHEMES = "go/internal/scheme/tables_gen.go"
NODE_OUT = "node/src/spec_tables.js"
PYTHON_OUT = "python/src/pfkit/_spec_tables.py"
CODE_SCHEMAS = ("spec/schemas/protocol_v1.json", "spec/schemas/response_v1.json", "spec/schemas/vectors_v1.json")
SCHEME_SCHEMA = "spec/schemas/vectors_v1.json"


class TableError(Exception):
    pass


# --- reading the spec -------------------------------------------------------

def section(text, heading):
    """The body of the section whose heading line is heading, up to the next heading."""
    m = re.search(r"(?m)^" + re.escape(heading) + r"\n(.*?)(?=^#{2,3} |\Z)", text, re.S)
    if not m:
        raise TableError(f"{SPEC}: no section {heading!r}")
    return m.group(1)


def table(body, header, where):
    """The rows (lists of stripped cells) of the Markdown table whose header row is header."""
    lines = body.split("\n")
    for i, line in enumerate(lines):
        if cells(line) == header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                c = cells(row)
                if len(c) != len(header):
                    raise TableError(f"{where}: a row of {len(c)} cells in a table of {len(header)}: {row}")
                rows.append(c)
            if not rows:
                raise TableError(f"{where}: the table {' | '.join(header)} has no rows")
            return rows
    raise TableError(f"{where}: no table with the columns {' | '.join(header)}")


def cells(line):
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    return [c.strip() for c in line[1:-1].split("|")]


def ticked(cell, where):
    """The backticked words of a cell that lists nothing else: "`a`, `b`" -> ["a", "b"]."""
    if cell == "":
        return []
    words = [w.strip() for w in cell.split(",")]
    out = []
    for w in words:
        m = re.fullmatch(r"`([A-Za-z0-9_]+)`", w)
        if not m:
            raise TableError(f"{where}: expected backticked names separated by commas, found {cell!r}")
        out.append(m.group(1))
    return out


def plain(text):
    """A cell's prose without Markdown's backticks."""
    return text.replace("`", "")


def error_codes(text):
    rows = table(section(text, "## 11. Error codes"), ["code", "meaning"], "section 11")
    out = []
    for code, meaning in rows:
        m = re.fullmatch(r"`([a-z_]+)`", code)
        if not m or not meaning:
            raise TableError(f"section 11: expected | `code` | meaning |, found | {code} | {meaning} |")
        out.append((m.group(1), plain(meaning)))
    return out


def readings(text):
    """[(field, values or None, order requirement or None, decision)] in the table's order."""
    rows = table(section(text, "### 15.1 Declared readings"),
                 ["field", "readings, the kit's first", "declared by", "decision"], "section 15.1")
    out = []
    for field, listed, _, decision in rows:
        name = ticked(field, "section 15.1")
        if len(name) != 1:
            raise TableError(f"section 15.1: expected one backticked field, found {field!r}")
        order = re.fullmatch(r"the kit's order \(([A-Z]+-[0-9]+)\), or .*", listed)
        if order:
            out.append((name[0], None, order.group(1), decision))
            continue
        values = ticked(listed, f"section 15.1, {name[0]}")
        if len(values) < 2:
            raise TableError(f"section 15.1, {name[0]}: expected the kit's reading and at least one other")
        if all(v.isdigit() for v in values):
            values = [int(v) for v in values]
        out.append((name[0], values, None, decision))
    return out


def registry(text):
    """[(scheme, section or "", why it is never specified or "")] in the table's order."""
    rows = table(section(text, "## 9. Scheme registry"),
                 ["scheme", "specified in",
                  "what every op and record naming it is told, when it is never specified (REG-2)"], "section 9")
    out = []
    for scheme, where, why in rows:
        ids = ticked(scheme, "section 9")
        if len(ids) != 1 or bool(where) == bool(why):
            raise TableError(f"section 9: a scheme is either specified in a section or says why not, found "
                             f"| {scheme} | {where} | {why} |")
        out.append((ids[0], where, why))
    return out


def op_orders(text, schemes):
    """(inputs, outputs): {"scheme/op": [field, ...]} and {"scheme/op.member": [member, ...]}."""
    body = section(text, "### 10.1 Ops")
    described = table(body, ["scheme", "op", "input fields, in check order", "output", "cross-field checks"],
                      "section 10.1")
    rows = table(body, ["scheme", "op or object", "input fields, in check order", "output members, in order"],
                 "section 10.1")
    inputs, outputs = {}, {}
    for scheme, name, fields, members in rows:
        where = f"section 10.1, {scheme} {name}"
        if scheme not in schemes:
            raise TableError(f"{where}: {scheme} is not a specified scheme of section 9")
        if not re.fullmatch(r"`[A-Za-z]+(\.[A-Za-z0-9]+)?`", name):
            raise TableError(f"{where}: expected `op` or `op.member`, found {name!r}")
        key = f"{scheme}/{name.strip('`')}"
        if key in outputs:
            raise TableError(f"{where}: listed twice")
        if "." not in key:
            inputs[key] = ticked(fields, where)
        elif fields:
            raise TableError(f"{where}: an object inside an output has no input fields")
        outputs[key] = ticked(members, where)
    ops = [f"{s}/{o.strip('`')}" for s, o, *_ in described]
    if sorted(ops) != sorted(inputs):
        raise TableError(f"section 10.1: the two op tables list different ops: {sorted(set(ops) ^ set(inputs))}")
    # Every field of the orders table is one the op table describes (in the
    # op's own row, or the row it says it is "as").
    cell = {f"{s}/{o.strip('`')}": c for s, o, c, *_ in described}
    for key, fields in inputs.items():
        text_of = cell[key]
        for m in re.finditer(r"as `([A-Za-z]+)`", text_of):
            text_of += " " + cell.get(key.split("/")[0] + "/" + m.group(1), "")
        for f in fields:
            if f"`{f}`" not in text_of:
                raise TableError(f"section 10.1, {key}: input field {f} is not in the op table's row")
    return inputs, outputs


def load(root):
    with open(os.path.join(root, SPEC), encoding="utf-8") as f:
        text = f.read()
    reg = registry(text)
    specified = [s for s, where, _ in reg if where]
    inputs, outputs = op_orders(text, specified)
    return {"codes": error_codes(text), "readings": readings(text), "registry": reg,
            "inputs": inputs, "outputs": outputs}


# --- writing ----------------------------------------------------------------

def camel(name, sep="_"):
    return "".join(p[:1].upper() + p[1:] for p in name.split(sep))


def q(s):
    return json.dumps(s, ensure_ascii=False)


def js(s):
    """A JavaScript string literal in single quotes, as node/src writes them."""
    return "'" + json.dumps(s, ensure_ascii=False)[1:-1].replace('\\"', '"').replace("'", "\\'") + "'"


def gofmt(text, rel):
    """text as gofmt lays it out (columns of constants and literals aligned)."""
    try:
        done = subprocess.run(["gofmt"], input=text, capture_output=True, text=True, check=False)
    except OSError as e:
        raise TableError(f"{rel}: gofmt cannot run ({e}); it comes with Go") from e
    if done.returncode != 0:
        raise TableError(f"{rel}: gofmt refused the generated text: {done.stderr.strip()}")
    return done.stdout


def go_header(what):
    return (f"// Code generated by tools/gen/tables_gen.py from spec/pfkit.md ({what}); DO NOT EDIT.\n"
            f"// After changing the spec's table run {REGENERATE};\n"
            "// make generated-check fails while this file is stale.\n\n")


def go_codes(t):
    consts = "\n".join(f"\t{camel(c)} Code = {q(c)} // {m}" for c, m in t["codes"])
    names = "\n".join(f"\t{camel(c)}," for c, _ in t["codes"])
    meanings = "\n".join(f"\t{camel(c)}: {q(m)}," for c, m in t["codes"])
    return (go_header("section 11, Error codes") + "package errcode\n\n"
            "// The codes, in the order of the spec's table.\nconst (\n" + consts + "\n)\n\n"
            "// All lists every code once, in the order of the spec's table.\nvar All = []Code{\n" + names + "\n}\n\n"
            "// meanings are the spec's words for each code.\nvar meanings = map[Code]string{\n" + meanings + "\n}\n")


def go_readings(t):
    out = [go_header("section 15.1, Declared readings") + "package reading\n"]
    fields = ", ".join(q(f) for f, *_ in t["readings"])
    out.append("// Fields lists the reading fields, in the order of the spec's table.\n"
               f"var Fields = []string{{{fields}}}\n")
    for field, values, _, decision in t["readings"]:
        if values is None:
            continue
        name = camel(field)
        if isinstance(values[0], int):
            out.append(f"// {name} is the kit's reading of {field} (decision {decision}).\n"
                       f"const {name} = {values[0]}\n")
            kind = "int"
        else:
            kind = "string"
        listed = ", ".join(q(v) if kind == "string" else str(v) for v in values)
        out.append(f"// {name}s lists the readings of {field}, the kit's first (decision {decision}).\n"
                   f"var {name}s = []{kind}{{{listed}}}\n")
    orders = [(f, o) for f, _, o, _ in t["readings"] if o]
    consts = "\n".join(f"\t{camel(f)} = {q(f)}" for f, _ in orders)
    out.append("// The fields that list a fixed order in full: absent, the kit's order.\nconst (\n" + consts + "\n)\n")
    table_ = "\n".join(f"\t{camel(f)}: {q(o)}," for f, o in orders)
    out.append("// Orders names, for each of them, the requirement that gives the kit's order.\n"
               "var Orders = map[string]string{\n" + table_ + "\n}\n")
    return "\n".join(out)


def go_schemes(t):
    reg = "\n".join(f"\t{{{q(s)}, {q(w)}, {q(why)}}}," for s, w, why in t["registry"])
    inputs = "\n".join(f"\t{q(k)}: {{{', '.join(q(f) for f in v)}}}," for k, v in t["inputs"].items())
    outputs = "\n".join(f"\t{q(k)}: {{{', '.join(q(f) for f in v)}}}," for k, v in t["outputs"].items())
    return (go_header("section 9, Scheme registry, and section 10.1, Ops") + "package scheme\n\n"
            "// registry is the spec's table of schemes, in its order: the id, the section\n"
            "// that specifies it, or why it is never specified.\n"
            "var registry = []struct{ id, section, unspecified string }{\n" + reg + "\n}\n\n"
            "// opInputs lists each op's input fields in check order, keyed \"scheme/op\".\n"
            "var opInputs = map[string][]string{\n" + inputs + "\n}\n\n"
            "// outputOrders lists the members of each op's output, and of the objects\n"
            "// inside it (\"scheme/op.member\"), in the order they are written.\n"
            "var outputOrders = map[string][]string{\n" + outputs + "\n}\n")


def js_list(v):
    return "Object.freeze([" + ", ".join(js(x) if isinstance(x, str) else str(x) for x in v) + "])"


def node_module(t):
    codes = "\n".join(f"  {c}: {js(m)}," for c, m in t["codes"])
    reads = "\n".join(f"  {f}: {js_list(v)}," for f, v, _, _ in t["readings"] if v is not None)
    orders = "\n".join(f"  {f}: {js(o)}," for f, _, o, _ in t["readings"] if o)
    unspec = "\n".join(f"  {s}: {js(why)}," for s, w, why in t["registry"] if not w)
    specified = ", ".join(js(s) for s, w, _ in t["registry"] if w)
    inputs = "\n".join(f"  {js(k)}: {js_list(v)}," for k, v in t["inputs"].items())
    outputs = "\n".join(f"  {js(k)}: {js_list(v)}," for k, v in t["outputs"].items())
    return (
        "// The spec's shared tables (spec/pfkit.md sections 9, 10.1, 11 and 15.1).\n"
        "//\n"
        "// Generated by tools/gen/tables_gen.py; do not edit. After changing a table of the\n"
        f"// spec run {REGENERATE};\n"
        "// make generated-check fails while this copy or verifier.js is stale.\n"
        "'use strict';\n\n"
        "/** Section 11: every error code, in the table's order, with its meaning. */\n"
        "const ERROR_MEANINGS = Object.freeze({\n" + codes + "\n});\n"
        "const ERROR_CODES = Object.freeze(Object.keys(ERROR_MEANINGS));\n\n"
        "/** Section 15.1: the readings of each field, the kit's first. */\n"
        "const READINGS = Object.freeze({\n" + reads + "\n});\n\n"
        "/** Section 15.1: the fields that list a fixed order in full, and the requirement giving the kit's. */\n"
        "const ORDERS = Object.freeze({\n" + orders + "\n});\n\n"
        "/** Section 9: the specified schemes, in the table's order. */\n"
        f"const SPECIFIED_SCHEMES = Object.freeze([{specified}]);\n\n"
        "/** Section 9: the schemes registered but never specified, and what they answer (REG-2). */\n"
        "const UNSPECIFIED = Object.freeze({\n" + unspec + "\n});\n\n"
        "/** Section 10.1: each op's input fields, in check order. */\n"
        "const OP_INPUTS = Object.freeze({\n" + inputs + "\n});\n\n"
        "/** Section 10.1: the members of each op's output and of the objects inside it, in order. */\n"
        "const OUTPUT_ORDERS = Object.freeze({\n" + outputs + "\n});\n\n"
        "module.exports = { ERROR_CODES, ERROR_MEANINGS, READINGS, ORDERS, SPECIFIED_SCHEMES, UNSPECIFIED, OP_INPUTS, "
        "OUTPUT_ORDERS };\n"
    )


def py_tuple(v):
    return "(" + ", ".join(q(x) if isinstance(x, str) else str(x) for x in v) + ("," if len(v) == 1 else "") + ")"


def python_module(t):
    consts = "\n".join(f"{c.upper()} = {q(c)}" for c, _ in t["codes"])
    codes = "\n".join(f"    {c.upper()}," for c, _ in t["codes"])
    meanings = "\n".join(f"    {c.upper()}: {q(m)}," for c, m in t["codes"])
    reads = "\n".join(f"    {q(f)}: {py_tuple(v)}," for f, v, _, _ in t["readings"] if v is not None)
    orders = "\n".join(f"    {q(f)}: {q(o)}," for f, _, o, _ in t["readings"] if o)
    unspec = "\n".join(f"    {q(s)}: (\n        {q(why)}\n    )," for s, w, why in t["registry"] if not w)
    specified = py_tuple([s for s, w, _ in t["registry"] if w])
    inputs = "\n".join(f"    {q(k)}: {py_tuple(v)}," for k, v in t["inputs"].items())
    outputs = "\n".join(f"    {q(k)}: {py_tuple(v)}," for k, v in t["outputs"].items())
    names = ["ALL_CODES", "MEANINGS"] + [c.upper() for c, _ in t["codes"]]
    return (
        '"""The spec\'s shared tables (spec/pfkit.md sections 9, 10.1, 11 and 15.1).\n\n'
        "Generated by tools/gen/tables_gen.py; do not edit. After changing a table of the\n"
        f"spec run {REGENERATE};\n"
        "make generated-check fails while this copy is stale.\n"
        '"""\n\n'
        "# What pfkit.errors takes of this module: the codes. The other tables are\n"
        "# imported by name where they are used.\n"
        "__all__ = [\n" + "".join(f"    {q(n)},\n" for n in names) + "]\n\n"
        "# Section 11: the error codes, in the table's order.\n" + consts + "\n\n"
        "ALL_CODES = (\n" + codes + "\n)\n\n"
        "# Section 11: what each code means.\nMEANINGS = {\n" + meanings + "\n}\n\n"
        "# Section 15.1: the readings of each field, the kit's first.\nREADINGS = {\n" + reads + "\n}\n\n"
        "# Section 15.1: the fields that list a fixed order in full, and the requirement giving the kit's.\n"
        "ORDERS = {\n" + orders + "\n}\n\n"
        "# Section 9: the specified schemes, in the table's order.\n"
        f"SPECIFIED = {specified}\n\n"
        "# Section 9: the schemes registered but never specified, and what they answer (REG-2).\n"
        "UNSPECIFIED = {\n" + unspec + "\n}\n\n"
        "# Section 10.1: each op's input fields, in check order.\nOP_INPUTS = {\n" + inputs + "\n}\n\n"
        "# Section 10.1: the members of each op's output and of the objects inside it, in order.\n"
        "OUTPUT_ORDERS = {\n" + outputs + "\n}\n"
    )


def schema_text(root, rel, t):
    """The schema with its code enum (and vectors_v1's scheme enum) set from the tables."""
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        doc = json.load(f)
    codes = [c for c, _ in t["codes"]]
    found = set_enum(doc, "malformed_request", codes)
    if not found:
        raise TableError(f"{rel}: no enum lists the error codes")
    if rel == SCHEME_SCHEMA:
        doc["properties"]["scheme"]["enum"] = [s for s, w, _ in t["registry"] if w]
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def set_enum(v, member, values):
    """Replaces every enum that holds member with values; whether one was found."""
    found = False
    if isinstance(v, dict):
        if isinstance(v.get("enum"), list) and member in v["enum"]:
            v["enum"] = list(values)
            found = True
        for c in v.values():
            found = set_enum(c, member, values) or found
    elif isinstance(v, list):
        for c in v:
            found = set_enum(c, member, values) or found
    return found


def outputs(root):
    """{relative path: the text it should hold}."""
    t = load(root)
    out = {GO_CODES: gofmt(go_codes(t), GO_CODES), GO_READINGS: gofmt(go_readings(t), GO_READINGS),
           GO_SCHEMES: gofmt(go_schemes(t), GO_SCHEMES), NODE_OUT: node_module(t), PYTHON_OUT: python_module(t)}
    for rel in CODE_SCHEMAS:
        out[rel] = schema_text(root, rel, t)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="Write (or --check) the copies of the spec's shared tables.")
    ap.add_argument("--check", action="store_true", help="change nothing; exit 1 when a copy is stale")
    ap.add_argument("--root", default=DEFAULT_ROOT, help="the checkout to work on (default: this one)")
    args = ap.parse_args(argv)
    try:
        want = outputs(args.root)
    except (TableError, OSError, ValueError, KeyError) as e:
        print(f"tables_gen: {e}", file=sys.stderr)
        return 1
    stale = copies.sync(args.root, want, args.check)
    if args.check:
        if stale:
            print(f"stale copies of the spec's tables: {', '.join(stale)}; regenerate them with "
                  f"{REGENERATE} and commit the result", file=sys.stderr)
            return 1
        print(f"table copies up to date: {len(want)} files")
        return 0
    print(f"wrote {', '.join(stale)}" if stale else f"table copies already up to date: {len(want)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
