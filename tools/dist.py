#!/usr/bin/env python3
"""Release bundles of pfkit (spec section 16).

    python3 tools/dist.py build --out dist [--version X.Y.Z] [--no-binaries]
        the vectors bundle pfkit-vectors-X.Y.Z.tar.gz (spec, schemas, vectors,
        changelog, manifest) and its manifest beside it, the pfkit binary for
        every target in TARGETS, the Python wheel and sdist, the npm tarball,
        and SHA256SUMS over all of them. DIR is emptied first.
    python3 tools/dist.py manifest          the manifest of this checkout, on stdout
    python3 tools/dist.py check-version [X.Y.Z]
        VERSION, the spec's version line and the packages' versions
        (VERSIONED) agree, and name X.Y.Z when given (VER-1)
    python3 tools/dist.py set-version X.Y.Z  rewrite the version in all of them

The wheel and sdist need the `build` frontend and setuptools in the Python
that runs this (make setup-dist installs python/requirements-dist.txt); they
are built without network access (--no-isolation). --root DIR works on
another checkout. Exit status: 0 done, 1 failed, 2 usage.
"""

import argparse
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The targets of the pfkit binary: plain go build, no cgo.
TARGETS = ("linux/amd64", "linux/arm64", "darwin/arm64", "windows/amd64")

VERSION_RE = re.compile(r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")
SPEC_VERSION_RE = re.compile(r"^Version ([0-9]+\.[0-9]+)\. ", re.M)
PYPROJECT_VERSION_RE = re.compile(r'^version = "([^"]*)"$', re.M)
PACKAGE_VERSION_RE = re.compile(r'^  "version": "([^"]*)",$', re.M)
VERIFIER_VERSION_RE = re.compile(r"^  const VERSION = '([^']*)';$", re.M)
PYTHON_VERSION_RE = re.compile(r'^__version__ = "([^"]*)"$', re.M)

# Where the release version is written besides VERSION (VER-1).
VERSIONED = (
    ("python/pyproject.toml", PYPROJECT_VERSION_RE),
    ("python/src/pfkit/version.py", PYTHON_VERSION_RE),
    ("node/package.json", PACKAGE_VERSION_RE),
    ("node/verifier.js", VERIFIER_VERSION_RE),
)

# What the vectors bundle holds, besides its manifest.
BUNDLE_FILES = ("CHANGELOG.md", "spec/pfkit.md")
BUNDLE_DIRS = ("spec/schemas", "vectors")

# The expected verdict of every example record in vectors/records/.
RECORDS_INDEX = "vectors/records-index.json"

# Keys of a vector case that say why it exists; everything else (id, input,
# accumulate, raw, rawHex, responseId, expect, error, and any key added later)
# is its question and its answer (VER-3).
CASE_NOTES = ("comment", "flags", "requirements")


class Failure(Exception):
    pass


def read(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        return f.read()


def write(root, rel, text):
    with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
        f.write(text)


# --- versions ------------------------------------------------------------

def versions(root):
    """{where: version} as each file states it (None when it states none)."""
    def find(rx, rel):
        m = rx.search(read(root, rel))
        return m.group(1) if m else None
    out = {"VERSION": read(root, "VERSION").strip(), "spec/pfkit.md": find(SPEC_VERSION_RE, "spec/pfkit.md")}
    for rel, rx in VERSIONED:
        out[rel] = find(rx, rel)
    return out


def check_version(root, want=None):
    """The release version, after checking that every file agrees (VER-1)."""
    v = versions(root)
    version = v["VERSION"]
    if not VERSION_RE.match(version):
        raise Failure(f"VERSION: expected MAJOR.MINOR.PATCH such as 1.0.0, found {version!r}")
    problems = []
    if want is not None and want != version:
        problems.append(f"asked for {want} but VERSION says {version}; run make version VERSION={want} first")
    major_minor = ".".join(version.split(".")[:2])
    if v["spec/pfkit.md"] != major_minor:
        problems.append(f"spec/pfkit.md says Version {v['spec/pfkit.md']}, expected {major_minor} (VERSION {version})")
    for rel, _ in VERSIONED:
        if v[rel] != version:
            problems.append(f"{rel} says {v[rel]}, VERSION says {version}")
    # Go fetches a tag vN.x.y (N >= 2) only for a module path ending in /vN (D-27).
    module = re.search(r"(?m)^module\s+(\S+)", read(root, "go.mod")).group(1)
    want_path = go_module_path(module, int(version.split(".")[0]))
    if module != want_path:
        problems.append(f"go.mod says module {module}, expected {want_path} for version {version} "
                        f"(rename the module and every import, D-27)")
    if problems:
        raise Failure("versions disagree: " + "; ".join(problems) + " (make version VERSION=X.Y.Z sets them all)")
    return version


def set_version(root, version):
    if not VERSION_RE.match(version):
        raise Failure(f"expected MAJOR.MINOR.PATCH such as 1.0.0, found {version!r}")
    major_minor = ".".join(version.split(".")[:2])
    targets = (("spec/pfkit.md", SPEC_VERSION_RE, major_minor),) + tuple((r, x, version) for r, x in VERSIONED)
    for rel, rx, new in targets:
        text = read(root, rel)
        m = rx.search(text)
        if m is None:
            raise Failure(f"{rel}: no version line matching {rx.pattern}")
        write(root, rel, text[:m.start(1)] + new + text[m.end(1):])
    write(root, "VERSION", version + "\n")
    set_go_module_major(root, int(version.split(".")[0]))


def go_module_path(path, major):
    """The module path Go fetches tags of this major version under (D-27)."""
    return re.sub(r"/v[0-9]+$", "", path) + (f"/v{major}" if major >= 2 else "")


def set_go_module_major(root, major):
    """Rewrites the module line and every import of it in the .go files."""
    gomod = read(root, "go.mod")
    old = re.search(r"(?m)^module\s+(\S+)", gomod).group(1)
    new = go_module_path(old, major)
    if new == old:
        return
    write(root, "go.mod", gomod.replace(f"module {old}\n", f"module {new}\n", 1))
    imp = re.compile(re.escape(old) + r'(?=["/])')
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d != "node_modules"]
        for name in filenames:
            if name.endswith(".go"):
                rel = os.path.relpath(os.path.join(dirpath, name), root)
                text = read(root, rel)
                if imp.search(text):
                    write(root, rel, imp.sub(new, text))


# --- the manifest --------------------------------------------------------

def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def git(root, *args):
    p = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True)
    return p.stdout.strip() if p.returncode == 0 else None


def bundle_files(root):
    """Relative paths of the files the vectors bundle holds, sorted."""
    out = [rel for rel in BUNDLE_FILES]
    for d in BUNDLE_DIRS:
        for dirpath, dirnames, names in os.walk(os.path.join(root, d)):
            dirnames[:] = sorted(n for n in dirnames if not n.startswith("."))
            for n in names:
                if not n.startswith("."):
                    out.append(os.path.relpath(os.path.join(dirpath, n), root).replace(os.sep, "/"))
    return sorted(out)


def _strictjson():
    """The Python package's JSON reader, which keeps numbers as written, and
    its canonical JSON (VEC-3)."""
    sys.path.insert(0, os.path.join(DEFAULT_ROOT, "python", "src"))
    try:
        from pfkit import strictjson
    finally:
        sys.path.pop(0)
    return strictjson


def canon(value):
    return _strictjson().canon(value)


def load_json(root, rel):
    with open(os.path.join(root, rel), "rb") as f:
        sj = _strictjson()
        return sj.loads(f.read(), sj.UNBOUNDED)


def case_digest(case) -> str:
    """SHA-256 of a case's question and answer in canonical JSON (VER-4)."""
    return sha256(canon({k: v for k, v in case.items() if k not in CASE_NOTES}).encode("utf-8"))


def answers(root, index_rel=RECORDS_INDEX):
    """(cases per scheme and op, digest of every case and example record,
    example records per expected status) of the vectors under root (VER-4)."""
    counts, digests, statuses = {}, {}, {}
    for rel in bundle_files(root):
        if not rel.startswith("vectors/") or not rel.endswith(".json") or rel.startswith("vectors/records/"):
            continue
        doc = load_json(root, rel)
        if not isinstance(doc.get("cases"), list):
            continue  # not a vector file (records-index.json)
        cases = doc["cases"]
        if "scheme" in doc:
            counts.setdefault(doc["scheme"], {})[doc["op"]] = len(cases)
        else:  # protocol.json: its cases by group (protocol/envelope, protocol/implementation)
            for c in cases:
                group = counts.setdefault("protocol", {})
                group[c.get("group", "envelope")] = group.get(c.get("group", "envelope"), 0) + 1
        digests[rel[len("vectors/"):]] = {str(c["id"]): case_digest(c) for c in cases}
    index = load_json(root, index_rel)
    for e in index["records"]:
        statuses[e["status"]] = statuses.get(e["status"], 0) + 1
        with open(os.path.join(root, "vectors", "records", e["file"]), "rb") as f:
            record = f.read()
        verdict = {k: v for k, v in e.items() if k not in ("file", "comment")}
        digests["records/" + e["file"]] = sha256(record + b"\n" + canon(verdict).encode("utf-8"))
    statuses = dict(sorted(statuses.items()), total=len(index["records"]))
    return {s: dict(sorted(ops.items())) for s, ops in sorted(counts.items())}, digests, statuses


def manifest(root, version):
    counts, digests, statuses = answers(root)
    commit = git(root, "rev-parse", "HEAD")
    dirty = git(root, "status", "--porcelain", "--untracked-files=no")
    return {
        "name": "pfkit-vectors",
        "version": version,
        "spec": {"file": "spec/pfkit.md", "version": versions(root)["spec/pfkit.md"]},
        "commit": commit,
        "dirty": bool(dirty) if dirty is not None else None,
        "cases": counts,
        "caseTotal": sum(n for ops in counts.values() for n in ops.values()),
        "records": statuses,
        "files": {rel: sha256(open(os.path.join(root, rel), "rb").read()) for rel in bundle_files(root)},
        "digests": digests,
    }


def manifest_text(m) -> str:
    return json.dumps(m, indent=2, ensure_ascii=False) + "\n"


# --- the bundle ----------------------------------------------------------

def vectors_tarball(root, out_dir, version, m):
    """A reproducible .tar.gz: sorted entries, owner 0, the commit's time."""
    prefix = f"pfkit-vectors-{version}"
    when = int(git(root, "log", "-1", "--format=%ct") or 0)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        def add(name, data):
            info = tarfile.TarInfo(f"{prefix}/{name}")
            info.size, info.mtime, info.mode = len(data), when, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            tar.addfile(info, io.BytesIO(data))
        for rel in bundle_files(root):
            with open(os.path.join(root, rel), "rb") as f:
                add(rel, f.read())
        add("manifest.json", manifest_text(m).encode("utf-8"))
    path = os.path.join(out_dir, f"{prefix}.tar.gz")
    with open(path, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
        gz.write(raw.getvalue())
    write(out_dir, f"{prefix}.manifest.json", manifest_text(m))


def binaries(root, out_dir, version):
    for target in TARGETS:
        goos, goarch = target.split("/")
        name = f"pfkit-{version}-{goos}-{goarch}" + (".exe" if goos == "windows" else "")
        env = dict(os.environ, CGO_ENABLED="0", GOOS=goos, GOARCH=goarch)
        # -buildvcs=auto: the binary's pfkit version names the commit (VER-5),
        # whatever GOFLAGS says.
        p = subprocess.run(["go", "build", "-trimpath", "-buildvcs=auto", "-ldflags=-s -w",
                            "-o", os.path.join(out_dir, name), "./go/cmd/pfkit"],
                           cwd=root, env=env, capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure(f"go build for {target} failed:\n{p.stderr.strip()}")


def python_dists(root, out_dir):
    try:
        import build  # noqa: F401
    except ImportError:
        raise Failure(f"{sys.executable} has no `build` module: run make setup-dist "
                      f"(pip install -r python/requirements-dist.txt)") from None
    with tempfile.TemporaryDirectory() as tmp:
        # A copy, so that the build leaves nothing in the work tree.
        src = os.path.join(tmp, "python")
        shutil.copytree(os.path.join(root, "python"), src,
                        ignore=shutil.ignore_patterns(".venv*", "__pycache__", "*.egg-info", "build", "tests",
                                                      ".pytest_cache"))
        p = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out_dir, src],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure(f"python -m build failed:\n{(p.stdout + p.stderr).strip()[-3000:]}")


def npm_tarball(root, out_dir):
    p = subprocess.run(["npm", "pack", "--json", "--pack-destination", out_dir], cwd=os.path.join(root, "node"),
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure(f"npm pack failed:\n{p.stderr.strip()[-3000:]}")


def sha256sums(out_dir):
    lines = []
    for name in sorted(os.listdir(out_dir)):
        if name == "SHA256SUMS":
            continue
        with open(os.path.join(out_dir, name), "rb") as f:
            lines.append(f"{sha256(f.read())}  {name}\n")
    write(out_dir, "SHA256SUMS", "".join(lines))


def build_all(root, out_dir, version=None, with_binaries=True):
    version = check_version(root, version)
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)
    os.makedirs(out_dir)
    out_dir = os.path.abspath(out_dir)
    m = manifest(root, version)
    vectors_tarball(root, out_dir, version, m)
    if with_binaries:
        binaries(root, out_dir, version)
    python_dists(root, out_dir)
    npm_tarball(root, out_dir)
    sha256sums(out_dir)
    return version


def main(argv=None):
    ap = argparse.ArgumentParser(description="Release bundles of pfkit.")
    ap.add_argument("--root", default=DEFAULT_ROOT)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build", help="write every release file into --out")
    b.add_argument("--out", required=True)
    b.add_argument("--version", help="refuse unless VERSION says the same")
    b.add_argument("--no-binaries", action="store_true", help="leave out the cross-compiled pfkit binaries")
    sub.add_parser("manifest", help="print the manifest of this checkout")
    c = sub.add_parser("check-version", help="check that every file names the same version")
    c.add_argument("version", nargs="?")
    s = sub.add_parser("set-version", help="write a new version into every file")
    s.add_argument("version")
    args = ap.parse_args(argv)
    root = os.path.abspath(args.root)
    try:
        if args.cmd == "build":
            version = build_all(root, args.out, args.version, not args.no_binaries)
            for name in sorted(os.listdir(args.out)):
                print(f"{os.path.getsize(os.path.join(args.out, name)):>10}  {name}")
            print(f"pfkit {version} in {args.out}" + (" (no binaries)" if args.no_binaries else ""))
        elif args.cmd == "manifest":
            sys.stdout.write(manifest_text(manifest(root, check_version(root))))
        elif args.cmd == "check-version":
            print(f"version {check_version(root, args.version)} everywhere")
        else:
            set_version(root, args.version)
            print(f"version {check_version(root, args.version)} written to VERSION, spec/pfkit.md, "
                  + ", ".join(rel for rel, _ in VERSIONED))
    except Failure as e:
        print(f"dist: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
