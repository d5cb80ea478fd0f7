"""tools/release/dist.py: the release files, checked as a user of each would use them.

The build runs only under make dist-test (PFKIT_DIST_TEST=1, PFKIT_BIN set),
which has installed the build frontend (make setup-dist). It leaves out the
cross-compiled binaries; make dist builds them. Everything happens in
temporary folders and offline: the wheel goes into a new virtual environment
with pip --no-index, the npm tarball into a scratch project with npm
--offline, and each verifies a record and its tampered twin.
"""

import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, "tools", "release", "dist.py")
RECORDS = os.path.join(ROOT, "vectors", "records")
BIN = os.environ.get("PFKIT_BIN")
build_only = pytest.mark.skipif(not os.environ.get("PFKIT_DIST_TEST") or not BIN,
                                reason="make dist-test builds the release files (PFKIT_DIST_TEST=1, PFKIT_BIN)")

VERSION = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()


def run(args, **kw):
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    return subprocess.run(args, **kw)


def clean_env(**extra):
    """The environment without anything that would find this checkout's code."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NODE_PATH", "PYTHONHOME") and not k.startswith("npm_")}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "dist"
    p = run([sys.executable, TOOL, "build", "--out", str(out), "--no-binaries"])
    assert p.returncode == 0, p.stdout + p.stderr
    return out


def names(dist):
    return sorted(os.listdir(dist))


# --- what is there --------------------------------------------------------

@build_only
def test_the_release_files(dist):
    assert names(dist) == sorted([
        "SHA256SUMS",
        f"pfkit-vectors-{VERSION}.tar.gz", f"pfkit-vectors-{VERSION}.manifest.json",
        f"pfkit-{VERSION}-py3-none-any.whl", f"pfkit-{VERSION}.tar.gz",
        f"pfkit-verifier-{VERSION}.tgz",
    ])


@build_only
def test_sha256sums_verify_and_catch_a_changed_byte(dist, tmp_path):
    p = run(["sha256sum", "-c", "SHA256SUMS"], cwd=dist)
    assert p.returncode == 0, p.stdout + p.stderr
    listed = [line.split("  ", 1)[1] for line in (dist / "SHA256SUMS").read_text().splitlines()]
    assert listed == [n for n in names(dist) if n != "SHA256SUMS"]
    copy = tmp_path / "copy"
    shutil.copytree(dist, copy)
    wheel = copy / f"pfkit-{VERSION}-py3-none-any.whl"
    data = bytearray(wheel.read_bytes())
    data[len(data) // 2] ^= 1
    wheel.write_bytes(bytes(data))
    p = run(["sha256sum", "-c", "SHA256SUMS"], cwd=copy)
    assert p.returncode == 1 and f"pfkit-{VERSION}-py3-none-any.whl: FAILED" in p.stdout, p.stdout


def count_cases():
    """Cases per scheme and op, counted from the vector files themselves."""
    out = {}
    for dirpath, _, files in os.walk(os.path.join(ROOT, "vectors")):
        if os.path.basename(dirpath) == "records":
            continue
        for n in files:
            if n.endswith(".json"):
                with open(os.path.join(dirpath, n), encoding="utf-8") as f:
                    doc = json.load(f)
                if "cases" not in doc:
                    continue  # records-index.json
                if "scheme" in doc:
                    out.setdefault(doc["scheme"], {})[doc["op"]] = len(doc["cases"])
                    continue
                for c in doc["cases"]:  # protocol.json, by group
                    g = c.get("group", "envelope")
                    out.setdefault("protocol", {})[g] = out.get("protocol", {}).get(g, 0) + 1
    return out


@build_only
def test_manifest_and_vectors_bundle(dist, tmp_path):
    m = json.loads((dist / f"pfkit-vectors-{VERSION}.manifest.json").read_text(encoding="utf-8"))
    assert m["version"] == VERSION
    assert m["spec"] == {"file": "spec/pfkit.md", "version": ".".join(VERSION.split(".")[:2])}
    head = run(["git", "-C", ROOT, "rev-parse", "HEAD"]).stdout.strip()
    assert m["commit"] == head and len(head) == 40
    assert m["cases"] == count_cases()
    assert m["caseTotal"] == sum(n for ops in count_cases().values() for n in ops.values()) > 200
    with open(os.path.join(ROOT, "vectors", "records-index.json"), encoding="utf-8") as f:
        assert m["records"]["total"] == len(json.load(f)["records"])
    with tarfile.open(dist / f"pfkit-vectors-{VERSION}.tar.gz") as tar:
        tar.extractall(tmp_path, filter="data")
    top = tmp_path / f"pfkit-vectors-{VERSION}"
    assert (top / "manifest.json").read_text(encoding="utf-8") == \
        (dist / f"pfkit-vectors-{VERSION}.manifest.json").read_text(encoding="utf-8")
    p = run(["sha256sum", "-c", "-"], cwd=top, input="".join(f"{h}  {rel}\n" for rel, h in m["files"].items()))
    assert p.returncode == 0, p.stdout + p.stderr
    assert "vectors/records/bridge.tampered.json" in m["files"] and "spec/schemas/vectors_v1.json" in m["files"]
    # The unpacked vectors are usable as they are: the reference passes all of them.
    p = run([BIN, "conform", "--impl", "go", str(top / "vectors")])
    assert p.returncode == 0 and f"{m['caseTotal']} passed, 0 failed" in p.stdout, p.stdout + p.stderr


# --- rebuilt bit for bit -------------------------------------------------

def fresh_clone(dest):
    """A clone of this checkout at another path, holding the work tree's files
    as they are now (so an uncommitted edit is in both builds), every file
    written anew: other times on disk, and other modes under umask 077."""
    p = run(["git", "clone", "--quiet", "--no-checkout", ROOT, str(dest)])
    assert p.returncode == 0, p.stderr
    head = run(["git", "-C", ROOT, "rev-parse", "HEAD"]).stdout.strip()
    p = run(["git", "-C", str(dest), "checkout", "--quiet", head], preexec_fn=lambda: os.umask(0o077))
    assert p.returncode == 0, p.stderr
    listed = run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]).stdout
    for rel in filter(None, listed.split("\0")):
        src, dst = os.path.join(ROOT, rel), os.path.join(dest, rel)
        if os.path.isfile(src) and not os.path.islink(src):
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(src, "rb") as f:
                data = f.read()
            if os.path.exists(dst):
                os.remove(dst)
            # git tracks the executable bit, so it is kept (else the clone is dirty).
            fd = os.open(dst, os.O_WRONLY | os.O_CREAT, 0o700 if os.access(src, os.X_OK) else 0o600)
            with os.fdopen(fd, "wb") as f:
                f.write(data)


@build_only
def test_a_second_build_in_a_fresh_clone_is_identical(dist, tmp_path):
    clone = tmp_path / "elsewhere" / "pfkit"
    fresh_clone(clone)
    out = tmp_path / "again"
    p = run([sys.executable, str(clone / "tools" / "release" / "dist.py"), "build", "--out", str(out), "--no-binaries"],
            cwd=tmp_path, preexec_fn=lambda: os.umask(0o077))
    assert p.returncode == 0, p.stdout + p.stderr
    first, second = (dist / "SHA256SUMS").read_text(), (out / "SHA256SUMS").read_text()
    assert len(first.splitlines()) == len(names(dist)) - 1 == 5
    assert second == first, f"the rebuild differs:\n{first}\n{second}"


@build_only
def test_the_manifest_says_how_to_rebuild(dist):
    m = json.loads((dist / f"pfkit-vectors-{VERSION}.manifest.json").read_text(encoding="utf-8"))
    epoch = int(run(["git", "-C", ROOT, "log", "-1", "--format=%ct"]).stdout)
    assert m["rebuild"]["sourceDateEpoch"] == epoch
    assert m["rebuild"]["command"] == f"SOURCE_DATE_EPOCH={epoch} make dist VERSION={VERSION}"
    tools = m["rebuild"]["toolchain"]
    assert sorted(tools) == ["build", "go", "node", "npm", "python", "setuptools", "zlib"]
    pinned = dict(line.split("==") for line in open(os.path.join(ROOT, "python", "requirements-dist.txt"))
                  if "==" in line and not line.startswith("#"))
    assert tools["build"] == pinned["build"].strip() and tools["setuptools"] == pinned["setuptools"].strip()
    assert tools["go"].startswith("go1.") and tools["node"].startswith("v")
    # Every file carries that time, and no builder's owner or umask.
    with tarfile.open(dist / f"pfkit-{VERSION}.tar.gz") as tar:
        assert {(m.mtime, m.uid, m.gid, m.mode | (0o111 if m.isdir() else 0)) for m in tar.getmembers()} <= \
            {(epoch, 0, 0, 0o755), (epoch, 0, 0, 0o644)}
    with zipfile.ZipFile(dist / f"pfkit-{VERSION}-py3-none-any.whl") as whl:
        infos = whl.infolist()
    assert infos[-1].filename == f"pfkit-{VERSION}.dist-info/RECORD"
    when = tuple(time.gmtime(epoch - epoch % 2)[:6])  # a zip time counts two seconds a step
    assert {(i.date_time, i.external_attr >> 16) for i in infos} == {(when, 0o100644)}


# --- installed as a user would -------------------------------------------

@build_only
def test_wheel_installs_offline_and_verifies(dist, tmp_path):
    venv = tmp_path / "venv"
    p = run([sys.executable, "-m", "venv", str(venv)], env=clean_env())
    assert p.returncode == 0, p.stderr
    py = str(venv / "bin" / "python")
    p = run([py, "-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check",
             str(dist / f"pfkit-{VERSION}-py3-none-any.whl")], env=clean_env(), cwd=tmp_path)
    assert p.returncode == 0, p.stdout + p.stderr
    where = run([py, "-c", "import pfkit, importlib.metadata as m; "
                           "print(pfkit.__file__, m.version('pfkit'), pfkit.__version__)"],
                env=clean_env(), cwd=tmp_path).stdout.split()
    assert where[0].startswith(str(venv)) and where[1:] == [VERSION, VERSION], where
    ok = run([py, "-m", "pfkit", "verify", os.path.join(RECORDS, "bridge.json")], env=clean_env(), cwd=tmp_path)
    assert ok.returncode == 0 and "VERIFIED: 5 of 5 checks hold" in ok.stdout, ok.stdout + ok.stderr
    bad = run([py, "-m", "pfkit", "verify", "--json", os.path.join(RECORDS, "bridge.tampered.json")],
              env=clean_env(), cwd=tmp_path)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert json.loads(bad.stdout)["records"][0]["status"] == "failed"


@build_only
def test_npm_tarball_installs_offline_and_verifies(dist, tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "scratch", "version": "0.0.0", "private": true}\n')
    env = clean_env(npm_config_cache=str(tmp_path / "npm-cache"), npm_config_update_notifier="false")
    p = run(["npm", "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts",
             str(dist / f"pfkit-verifier-{VERSION}.tgz")], cwd=project, env=env)
    assert p.returncode == 0, p.stdout + p.stderr
    installed = json.loads((project / "node_modules" / "@pfkit" / "verifier" / "package.json").read_text())
    assert installed["version"] == VERSION and "private" not in installed
    p = run(["node", "-e", "console.log(require('@pfkit/verifier').VERSION)"], cwd=project, env=env)
    assert p.stdout.strip() == VERSION, p.stdout + p.stderr
    script = ("const pf = require('@pfkit/verifier'); const fs = require('fs');"
              "const out = process.argv.slice(1).map((p) => pf.records.verify(fs.readFileSync(p)).status);"
              "console.log(JSON.stringify(out));")
    p = run(["node", "-e", script, os.path.join(RECORDS, "bridge.json"), os.path.join(RECORDS, "bridge.tampered.json")],
            cwd=project, env=env)
    assert p.returncode == 0 and json.loads(p.stdout) == ["verified", "failed"], p.stdout + p.stderr
    cli = str(project / "node_modules" / ".bin" / "pfkit-verify")
    assert run([cli, os.path.join(RECORDS, "bridge.json")], cwd=project, env=env).returncode == 0
    assert run([cli, os.path.join(RECORDS, "bridge.tampered.json")], cwd=project, env=env).returncode == 1


# --- versions (no build needed) ------------------------------------------

def test_a_build_for_another_version_is_refused(tmp_path):
    p = run([sys.executable, TOOL, "build", "--out", str(tmp_path / "d"), "--version", "9.9.9"])
    assert p.returncode == 1 and "make version VERSION=9.9.9" in p.stderr, p.stderr
    assert not (tmp_path / "d").exists()


VERSIONED = ["VERSION", "spec/pfkit.md", "python/pyproject.toml", "python/src/pfkit/version.py", "node/package.json",
             "node/verifier.js", "go.mod"]


@pytest.fixture
def repo(tmp_path):
    for rel in VERSIONED:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), tmp_path / rel)
    return tmp_path


def test_versions_agree_in_this_checkout():
    p = run([sys.executable, TOOL, "check-version", VERSION])
    assert p.returncode == 0, p.stderr


def test_set_version_rewrites_every_place_and_a_lone_edit_is_caught(repo):
    p = run([sys.executable, TOOL, "--root", str(repo), "set-version", "2.1.3"])
    assert p.returncode == 0, p.stderr
    assert (repo / "VERSION").read_text() == "2.1.3\n"
    assert "\nVersion 2.1. This document is normative." in "\n" + (repo / "spec/pfkit.md").read_text()
    assert '\nversion = "2.1.3"\n' in (repo / "python/pyproject.toml").read_text()
    assert json.loads((repo / "node/package.json").read_text())["version"] == "2.1.3"
    assert '\n__version__ = "2.1.3"\n' in (repo / "python/src/pfkit/version.py").read_text()
    assert "\n  const VERSION = '2.1.3';\n" in (repo / "node/verifier.js").read_text()
    assert run([sys.executable, TOOL, "--root", str(repo), "check-version"]).returncode == 0
    pj = repo / "node/package.json"
    pj.write_text(pj.read_text().replace('"version": "2.1.3"', '"version": "2.1.4"'))
    p = run([sys.executable, TOOL, "--root", str(repo), "check-version"])
    assert p.returncode == 1 and "node/package.json says 2.1.4, VERSION says 2.1.3" in p.stderr, p.stderr


def test_a_new_major_version_moves_the_go_module_path(repo):
    # Go fetches v3.x.y only under a module path ending in /v3 (D-27).
    src = repo / "go/fair/x.go"
    src.parent.mkdir(parents=True)
    src.write_text('package fair\n\nimport "github.com/pfkit/pfkit/v2/go/internal/stream"\n')
    gomod = repo / "go.mod"
    gomod.write_text(gomod.read_text().replace("module github.com/pfkit/pfkit/v2\n",
                                               "module github.com/pfkit/pfkit/v3\n"))
    p = run([sys.executable, TOOL, "--root", str(repo), "check-version"])
    assert p.returncode == 1 and f"expected github.com/pfkit/pfkit/v2 for version {VERSION}" in p.stderr, p.stderr
    gomod.write_text(gomod.read_text().replace("/v3\n", "/v2\n"))
    p = run([sys.executable, TOOL, "--root", str(repo), "set-version", "3.0.0"])
    assert p.returncode == 0, p.stderr
    assert gomod.read_text().startswith("module github.com/pfkit/pfkit/v3\n")
    assert '"github.com/pfkit/pfkit/v3/go/internal/stream"' in src.read_text()
    assert run([sys.executable, TOOL, "--root", str(repo), "check-version"]).returncode == 0


def test_set_version_refuses_a_malformed_version(repo):
    for bad in ("1.0", "v1.0.0", "1.0.0-rc1", "01.0.0"):
        p = run([sys.executable, TOOL, "--root", str(repo), "set-version", bad])
        assert p.returncode == 1 and "MAJOR.MINOR.PATCH" in p.stderr, (bad, p.stderr)
    assert (repo / "VERSION").read_text().strip() == VERSION
