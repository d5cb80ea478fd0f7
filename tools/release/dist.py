#!/usr/bin/env python3
"""Release bundles of pfkit (spec section 16).

    python3 tools/release/dist.py build --out dist [--version X.Y.Z] [--no-binaries]
        the vectors bundle pfkit-vectors-X.Y.Z.tar.gz (spec, schemas, vectors,
        changelog, manifest) and its manifest beside it, the pfkit binary for
        every target in TARGETS, the Python wheel and sdist, the npm tarball,
        and SHA256SUMS over all of them. DIR is emptied first.
    python3 tools/release/dist.py manifest          the manifest of this checkout, on stdout
    python3 tools/release/dist.py check-version [X.Y.Z]
        VERSION, the spec's version line and the packages' versions
        (VERSIONED) agree, and name X.Y.Z when given (VER-1)
    python3 tools/release/dist.py set-version X.Y.Z  rewrite the version in all of them

Two builds of one commit give the same bytes, whatever the folder, umask or
time (spec VER-6): every file carries SOURCE_DATE_EPOCH, or the commit's time
when it is unset, and the manifest's `rebuild` names that time and the
toolchain. make dist-test builds twice, the second time in a fresh clone
under umask 077, and compares SHA256SUMS (tools/release/tests/test_dist.py).
Pins: VER-6

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
import zipfile
import zlib

DEFAULT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

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


def source_date_epoch(root):
    """The time every release file carries: SOURCE_DATE_EPOCH when it is set
    (the reproducible-builds convention), else the commit's time, so that
    two builds of one commit agree to the byte."""
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env is not None:
        if not env.isdigit():
            raise Failure(f"SOURCE_DATE_EPOCH: expected a whole number of seconds, found {env!r}")
        return int(env)
    when = git(root, "log", "-1", "--format=%ct")
    if not when:
        raise Failure(f"{root} is not a git checkout with a commit: set SOURCE_DATE_EPOCH")
    return int(when)


def tool_version(args):
    try:
        p = subprocess.run(args, capture_output=True, text=True)
    except OSError:
        return None
    return p.stdout.strip() or None if p.returncode == 0 else None


def toolchain():
    """The versions a rebuild must match for identical bytes: Go for the
    binaries, Python, build, setuptools and zlib for the wheel, the sdist and
    the compressed bundles, Node and npm for the npm tarball."""
    def module_version(name):
        try:
            from importlib.metadata import version
            return version(name)
        except Exception:
            return None
    go = tool_version(["go", "env", "GOVERSION"])
    return {
        "go": go,
        "python": ".".join(map(str, sys.version_info[:3])),
        "build": module_version("build"),
        "setuptools": module_version("setuptools"),
        "zlib": zlib.ZLIB_RUNTIME_VERSION,
        "node": tool_version(["node", "--version"]),
        "npm": tool_version(["npm", "--version"]),
    }


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
        "rebuild": {
            "sourceDateEpoch": source_date_epoch(root),
            "toolchain": toolchain(),
            "command": f"SOURCE_DATE_EPOCH={source_date_epoch(root)} make dist VERSION={version}",
        },
    }


def manifest_text(m) -> str:
    return json.dumps(m, indent=2, ensure_ascii=False) + "\n"


# --- the bundle ----------------------------------------------------------

def vectors_tarball(root, out_dir, version, m):
    """A reproducible .tar.gz: sorted entries, owner 0, the commit's time."""
    prefix = f"pfkit-vectors-{version}"
    when = m["rebuild"]["sourceDateEpoch"]
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


def python_dists(root, out_dir, epoch):
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
        built = os.path.join(tmp, "built")
        p = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", built, src],
                           capture_output=True, text=True, env=dict(os.environ, SOURCE_DATE_EPOCH=str(epoch)))
        if p.returncode != 0:
            raise Failure(f"python -m build failed:\n{(p.stdout + p.stderr).strip()[-3000:]}")
        for name in sorted(os.listdir(built)):
            src_path, dst_path = os.path.join(built, name), os.path.join(out_dir, name)
            if name.endswith(".whl"):
                normal_wheel(src_path, dst_path, epoch)
            elif name.endswith(".tar.gz"):
                normal_tar(src_path, dst_path, epoch)
            else:
                raise Failure(f"python -m build wrote {name}, neither a wheel nor an sdist")


# The builders stamp files with their times on disk, their modes under the
# builder's umask and the order they met them; these rewrite the archives
# with what depends on the commit alone: sorted entries, the commit's time,
# modes 644 (755 for folders), owner 0. The files' bytes stay as built, so the
# wheel's RECORD still holds.

def zip_time(epoch):
    # A zip entry's time is local-time fields from 1980 on, in steps of two
    # seconds (MS-DOS time); UTC keeps it one value whatever the machine's
    # zone, and an odd second is written as the even one before it.
    import time
    return max(time.gmtime(epoch - epoch % 2)[:6], (1980, 1, 1, 0, 0, 0))


def normal_wheel(src, dst, epoch):
    with zipfile.ZipFile(src) as zin:
        infos = zin.infolist()
        dist_info = next((i.filename.split("/")[0] for i in infos if i.filename.endswith(".dist-info/RECORD")), None)
        # The .dist-info folder last and its RECORD at the very end, as the wheel format recommends.
        infos.sort(key=lambda i: (i.filename.split("/")[0] == dist_info, i.filename == f"{dist_info}/RECORD",
                                  i.filename))
        with zipfile.ZipFile(dst, "w") as zout:
            for i in infos:
                info = zipfile.ZipInfo(i.filename, zip_time(epoch))
                info.create_system = 3  # Unix, so that external_attr carries the mode
                info.external_attr = ((0o40755 if i.is_dir() else 0o100644) << 16) | (0x10 if i.is_dir() else 0)
                info.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(info, zin.read(i.filename))


def normal_tar(src, dst, epoch, first=None):
    """The .tar.gz src rewritten as dst: first (a member's name) at the head,
    the rest sorted, and no builder's times, owners or umask."""
    raw = io.BytesIO()
    with tarfile.open(src, "r:gz") as tin, tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tout:
        for m in sorted(tin.getmembers(), key=lambda m: (m.name != first, m.name)):
            if not (m.isfile() or m.isdir()):
                raise Failure(f"{os.path.basename(src)} holds {m.name}, neither a file nor a folder")
            info = tarfile.TarInfo(m.name)
            info.type, info.mtime, info.uid, info.gid, info.uname, info.gname = m.type, epoch, 0, 0, "", ""
            info.mode = 0o755 if m.isdir() or m.mode & 0o100 else 0o644
            if m.isfile():
                info.size = m.size
                tout.addfile(info, tin.extractfile(m))
            else:
                tout.addfile(info)
    with open(dst, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as gz:
        gz.write(raw.getvalue())


def npm_tarball(root, out_dir, epoch):
    # npm pack fixes every time, but keeps the modes of the checkout (umask)
    # and takes files in the order the file system lists them.
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run(["npm", "pack", "--json", "--pack-destination", tmp], cwd=os.path.join(root, "node"),
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Failure(f"npm pack failed:\n{p.stderr.strip()[-3000:]}")
        for name in os.listdir(tmp):
            normal_tar(os.path.join(tmp, name), os.path.join(out_dir, name), epoch, first="package/package.json")


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
    python_dists(root, out_dir, m["rebuild"]["sourceDateEpoch"])
    npm_tarball(root, out_dir, m["rebuild"]["sourceDateEpoch"])
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
