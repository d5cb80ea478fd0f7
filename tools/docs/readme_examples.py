#!/usr/bin/env python3
"""Runs every example of the READMEs and compares what it prints with what the
README shows, so that no README can drift from the code.

    python3 tools/docs/readme_examples.py [FILE.md ...]    (default: README.md,
        python/README.md, node/README.md, vectors/README.md)

Which blocks run. Every fenced block whose language is python, js, sh or go
runs, and says so in a comment on the line just above its fence; blocks of
any other language (json, text, html, none) are formats and listings, not
code. A block of those four languages without the comment is an error, so
that nothing a README shows runs unseen (an install, a release):

    <!-- example: run -->           run in the repository root
    <!-- example: cwd=DIR -->       run in DIR, relative to the repository
    <!-- example: skip REASON -->   not run; the reason is required (a
                                    download, an install from a registry)

How expected output is written:

- python: a top-level expression statement followed by comment lines just
  below it starting with `#` in column 0, or else by a comment on its own
  line (`x  # 'failed'`), shows the expression's repr, or for a call that
  prints and returns None, what it printed. A comment after any other
  statement is prose. Blocks with `>>>` prompts run as doctests.
- js: the same for a one-line expression statement ending in `;` and a `//`
  comment: util.inspect of its value, or what console.log printed.
- sh: a command (a complete one as bash -n reads it: continuation lines and
  loops included) followed by lines starting with `#` in column 0 shows its
  output, standard output and error together; a last line `# (exit N)` says
  its exit status, otherwise it must exit 0. Indented or trailing comments
  are prose.
- go: the block is a main package (the package clause may be left out) run
  in a throwaway module that requires this checkout, after `go mod tidy` as
  README.md says; its `// Output:` comment lines are what it prints.

Every run has a fresh temporary folder of its own: a path under /tmp that an
example's text shows (/tmp/hands.jsonl) is run under that folder instead, so
that no file of another run, or of anything else on the machine, is read or
overwritten (a stray /tmp/shard-x1.json would join an audit merge over
/tmp/shard-*.json).

Values are compared with runs of white space as one space (a README wraps a
long value over lines); command output line by line. In both, `...` stands
for any text, as in doctest's ELLIPSIS. Exit status: 0 every example printed
what its README shows, 1 one did not (each difference is listed), 2 usage.
"""

import ast
import doctest
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
from contextlib import redirect_stdout

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
READMES = ("README.md", "python/README.md", "node/README.md", "vectors/README.md")
RUN = ("python", "js", "sh", "go")
MARK = re.compile(r"^\s*<!-- example: (run|skip \S.*|cwd=\S+) -->$")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
TIMEOUT = 120


class Block:
    def __init__(self, path, line, lang, code, mark):
        self.path, self.line, self.lang, self.code, self.mark = path, line, lang, code, mark

    @property
    def where(self):
        return f"{self.path}:{self.line}"

    @property
    def cwd(self):
        m = self.mark and re.match(r"cwd=(\S+)", self.mark)
        return os.path.join(ROOT, m.group(1)) if m else ROOT

    @property
    def skipped(self):
        return bool(self.mark and self.mark.startswith("skip "))


def blocks(path, text):
    """Every fenced block of a Markdown text, with the marker above it."""
    lines = text.split("\n")
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].lstrip().startswith("<!-- example:") and not MARK.match(lines[i]):
                raise ValueError(f"{path}:{i + 1}: a marker is '<!-- example: skip REASON -->' or "
                                 f"'<!-- example: cwd=DIR -->', found {lines[i]!r}")
            i += 1
            continue
        indent = m.group(1)
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        mark = MARK.match(lines[i - 1]) if i else None
        code = "\n".join(line[len(indent):] if line.startswith(indent) else line for line in lines[i + 1:j])
        out.append(Block(path, i + 1, m.group(2), code + "\n", mark and mark.group(1)))
        i = j + 1
    return out


def ellipsis_match(want, got):
    return doctest._ellipsis_match(want, got) if "..." in want else want == got


def same_value(want, got):
    return ellipsis_match(" ".join(want.split()), " ".join(got.split()))


# --- python --------------------------------------------------------------

def comments_after(lines, comments, first, last):
    """The comment on line `last` after the code, then the comment lines in
    column 0 just below it: the expected result of a statement."""
    parts = []
    n = last + 1
    while n <= len(lines) and lines[n - 1].startswith("#"):
        parts.append(comments[n][1])
        n += 1
    if not parts and last in comments and comments[last][0] > 0:
        parts.append(comments[last][1])  # a trailing comment shows the result only without lines below
    return "\n".join(p[1:].strip() for p in parts) if parts else None


def run_python(block):
    if ">>> " in block.code:
        return run_doctest(block)
    lines = block.code.split("\n")
    comments = {t.start[0]: (t.start[1], t.string)
                for t in tokenize.generate_tokens(io.StringIO(block.code).readline) if t.type == tokenize.COMMENT}
    problems, env = [], {"__name__": "__readme__"}
    sys.path.insert(0, os.path.join(ROOT, "python", "src"))
    old = os.getcwd()
    os.chdir(block.cwd)
    try:
        for stmt in ast.parse(block.code).body:
            want = comments_after(lines, comments, stmt.lineno, stmt.end_lineno) \
                if isinstance(stmt, ast.Expr) else None
            printed = io.StringIO()
            try:
                with redirect_stdout(printed):
                    if isinstance(stmt, ast.Expr):
                        value = eval(compile(ast.Expression(stmt.value), block.where, "eval"), env)
                    else:
                        exec(compile(ast.Module([stmt], []), block.where, "exec"), env)
                        value = None
            except Exception as e:  # an example that raises is a failing example
                problems.append(f"line {stmt.lineno}: raised {type(e).__name__}: {e}")
                break
            got = repr(value) if value is not None else printed.getvalue().rstrip("\n")
            if want is not None and not same_value(want, got):
                problems.append(f"line {stmt.lineno}: the README shows\n    {want}\n  the code gives\n    {got}")
    finally:
        os.chdir(old)
        sys.path.pop(0)
    return problems


def run_doctest(block):
    test = doctest.DocTestParser().get_doctest(block.code, {}, block.where, block.path, block.line)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    sys.path.insert(0, os.path.join(ROOT, "python", "src"))
    old = os.getcwd()
    os.chdir(block.cwd)
    try:
        runner.run(test, out=out.write)
    finally:
        os.chdir(old)
        sys.path.pop(0)
    return [out.getvalue()] if runner.failures else []


# --- js --------------------------------------------------------------------

JS_DECL = re.compile(r"^(const|let|var|function|class|if|for|while|do|try|return|import|export|async|await|}|//)\b")
JS_CHECK = re.compile(r"^(?P<expr>[^/].*?);\s*(//\s?(?P<want>.*))?$")

JS_PRELUDE = """'use strict';
// A relative require names a file under the block's folder, as when the
// example is typed there; a package falls back to the script's node_modules.
const __cwdRequire = require('node:module').createRequire(process.cwd() + '/');
const __ownRequire = require;
require = (id) => {
  try {
    return __cwdRequire(id);
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    return __ownRequire(id);
  }
};
const __inspect = require('node:util').inspect;
let __printed = [];
const __log = console.log;
console.log = (...a) => { __printed.push(a.map((x) => typeof x === 'string' ? x : __inspect(x)).join(' ')); };
const __results = [];
function __show(line, value) {
  const shown = value === undefined ? __printed.join('\\n') : __inspect(value, { depth: null, breakLength: Infinity });
  __results.push([line, shown]);
  __printed = [];
}
process.on('exit', () => { __log(JSON.stringify(__results)); });
"""


def run_js(block, tmp):
    lines = block.code.split("\n")
    wants, body = {}, []
    for n, line in enumerate(lines, 1):
        m = JS_CHECK.match(line)
        if m and not line.startswith((" ", "\t")) and not JS_DECL.match(line):
            want = m.group("want")
            below = n
            while below < len(lines) and lines[below].startswith("//"):
                want = ((want or "") + "\n" + lines[below][2:].strip()).strip()
                below += 1
            if want is not None:
                wants[n] = want
            body.append(f"__show({n}, ({m.group('expr')}));")
        else:
            body.append(line)
    # require('@pfkit/verifier') finds this checkout's node/ through a
    # node_modules beside the script.
    pkg = os.path.join(tmp, "node_modules", "@pfkit")
    os.makedirs(pkg, exist_ok=True)
    if not os.path.exists(os.path.join(pkg, "verifier")):
        os.symlink(os.path.join(ROOT, "node"), os.path.join(pkg, "verifier"))
    script = os.path.join(tmp, f"example-{block.line}.js")
    with open(script, "w", encoding="utf-8") as f:
        f.write(JS_PRELUDE + "\n".join(body))
    p = subprocess.run(["node", script], cwd=block.cwd, capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0:
        return [f"node exited {p.returncode}:\n{p.stderr.strip()[-2000:]}"]
    got = dict((n, v) for n, v in __import__("json").loads(p.stdout.strip().split("\n")[-1]))
    return [f"line {n}: the README shows\n    {w}\n  the code gives\n    {got.get(n)}"
            for n, w in sorted(wants.items()) if not same_value(w, got.get(n, "<not run>"))]


# A path of the system's shared temporary folder, as an example's text shows it.
SHARED_TMP = re.compile(r"(?<![\w./-])/tmp/")


def scratch(code, tmp):
    """code with every /tmp/ it names moved into tmp, this run's own folder."""
    return SHARED_TMP.sub(lambda _: tmp + "/", code)


# --- sh --------------------------------------------------------------------

def sh_commands(code):
    """(command, expected output lines or None, exit status wanted) for each
    complete command of a shell block."""
    lines, out, chunk, i = code.rstrip("\n").split("\n"), [], [], 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not chunk and (not line.strip() or line.startswith("#")):
            continue
        chunk.append(line)
        text = "\n".join(chunk)
        complete = subprocess.run(["bash", "-n"], input=text, capture_output=True, text=True).returncode == 0
        if line.rstrip().endswith("\\") or not complete:
            continue
        want = None
        while i < len(lines) and lines[i].startswith("#"):
            want = (want or []) + [re.sub(r"^# ?", "", lines[i])]
            i += 1
        status = 0
        if want and re.fullmatch(r"\(exit [0-9]+\)", want[-1].strip()):
            status = int(want.pop().strip()[6:-1])
        out.append((text, want, status))
        chunk = []
    if chunk:
        raise ValueError("an incomplete command at the end: " + " / ".join(chunk))
    return out


def run_sh(block, tmp):
    problems = []
    env = dict(os.environ, PFKIT_README_TMP=tmp)
    for cmd, want, status in sh_commands(block.code):
        p = subprocess.run(["bash", "-c", "set -o pipefail\n" + cmd], cwd=block.cwd, env=env, timeout=TIMEOUT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        got = p.stdout.rstrip("\n")
        first = cmd.split("\n")[0]
        if p.returncode != status:
            problems.append(f"{first}: exit status {p.returncode}, the README says {status}\n{got[-2000:]}")
        elif want is not None and not ellipsis_match("\n".join(w.rstrip() for w in want),
                                                     "\n".join(g.rstrip() for g in got.split("\n"))):
            problems.append(f"{first}: the README shows\n" + "\n".join("    " + w for w in want)
                            + "\n  the command prints\n" + "\n".join("    " + g for g in got.split("\n")))
    return problems


# --- go --------------------------------------------------------------------

def run_go(block, tmp):
    want = [re.sub(r"^\s*// ?", "", line) for line in
            block.code.split("// Output:", 1)[1].split("\n")[1:] if line.strip().startswith("//")] \
        if "// Output:" in block.code else None
    if want is None:
        return ["a go example needs an // Output: comment"]
    mod = os.path.join(tmp, f"go-{block.line}")
    os.makedirs(mod, exist_ok=True)
    module = re.search(r"(?m)^module\s+(\S+)", open(os.path.join(ROOT, "go.mod")).read()).group(1)
    major = re.search(r"/v([0-9]+)$", module)
    version = f"v{major.group(1)}.0.0" if major else "v0.0.0"
    with open(os.path.join(mod, "go.mod"), "w") as f:
        f.write(f"module example.com/readme\n\ngo 1.24\n\nrequire {module} {version}\n\nreplace {module} => {ROOT}\n")
    shutil.copyfile(os.path.join(ROOT, "go.sum"), os.path.join(mod, "go.sum"))
    code = block.code if re.search(r"(?m)^package ", block.code) else "package main\n\n" + block.code
    with open(os.path.join(mod, "main.go"), "w") as f:
        f.write(code)
    # As the README says: go mod tidy, then go run (from the module cache:
    # no proxy).
    env = dict(os.environ, GOFLAGS="", GOPROXY="off", GOWORK="off")
    p = subprocess.run(["go", "mod", "tidy"], cwd=mod, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode == 0:
        p = subprocess.run(["go", "run", "."], cwd=mod, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode != 0:
        return [f"go run exited {p.returncode}:\n{(p.stdout + p.stderr).strip()[-2000:]}"]
    got = p.stdout.rstrip("\n")
    if not ellipsis_match("\n".join(want).rstrip("\n"), got):
        return ["the README shows\n" + "\n".join("    " + w for w in want) + "\n  the program prints\n"
                + "\n".join("    " + g for g in got.split("\n"))]
    return []


def check(paths):
    """(examples run, examples skipped, problems) over the READMEs."""
    ran = skipped = 0
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in paths:
            with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
                found = blocks(rel, f.read())
            for b in found:
                if b.lang not in RUN:
                    continue
                if b.mark is None:
                    problems.append(f"{b.where} ({b.lang}): no marker above the block: "
                                    f"<!-- example: run -->, cwd=DIR or skip REASON")
                    continue
                if b.skipped:
                    skipped += 1
                    continue
                ran += 1
                b = Block(b.path, b.line, b.lang, scratch(b.code, tmp), b.mark)
                try:
                    if b.lang == "python":
                        got = run_python(b)
                    else:
                        got = {"js": run_js, "sh": run_sh, "go": run_go}[b.lang](b, tmp)
                except (ValueError, SyntaxError, subprocess.TimeoutExpired) as e:
                    got = [str(e)]
                problems += [f"{b.where} ({b.lang}): {p}" for p in got]
    return ran, skipped, problems


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    if args in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if any(a.startswith("-") for a in args):
        print("usage: python3 tools/docs/readme_examples.py [FILE.md ...]", file=sys.stderr)
        return 2
    ran, skipped, problems = check(args or READMES)
    for p in problems:
        print(p)
    failed = len({p.split(" ", 1)[0] for p in problems})
    print(f"readme examples: {ran - failed} passed, {failed} failed, {skipped} skipped")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
