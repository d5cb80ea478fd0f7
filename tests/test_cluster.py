"""The cluster recipes of cluster/ run as written, with no cluster: the very
shell commands of the Kubernetes Indexed Job (cluster/kubernetes/*.yaml) and
of the Slurm job array (cluster/slurm/*.sbatch) are taken out of the files
and run here for every index, with the environment the batch engine would
give them (JOB_COMPLETION_INDEX; SLURM_ARRAY_TASK_ID and
SLURM_ARRAY_TASK_COUNT) and the archive and summaries in a scratch folder.
Their merge must give the summary of one run over the whole archive, member
for member (spec AUD-2). Run by `make docs-test`; pfkit is bin/pfkit
(PFKIT_BIN names another)."""

import json
import os
import re
import subprocess
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PFKIT = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
KUBE = os.path.join(ROOT, "cluster", "kubernetes")
SLURM = os.path.join(ROOT, "cluster", "slurm")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def shell_block(manifest):
    """The one literal block (`- |`) of a manifest: the container's script."""
    lines = manifest.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == "- |"]
    assert len(starts) == 1, "expected one literal block, the container's script"
    indent = len(lines[starts[0]]) - len(lines[starts[0]].lstrip())
    body = []
    for line in lines[starts[0] + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return textwrap.dedent("\n".join(body)).strip() + "\n"


def env_values(manifest):
    return dict(re.findall(r'- name: (\w+)\n\s+value: "?([^"\n]*)"?', manifest))


def field(manifest, name):
    m = re.search(rf"^\s*{name}: (\S+)$", manifest, re.M)
    assert m, f"the manifest has no {name}"
    return m.group(1)


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """A tampered archive, its single run's summary, and a PATH with pfkit."""
    tmp = tmp_path_factory.mktemp("cluster")
    path = tmp / "hands.jsonl"
    subprocess.run([PFKIT, "archive", "generate", "--kind", "mixed", "--count", "400", "--tamper-every", "37",
                    "--out", str(path)], check=True)
    single = subprocess.run([PFKIT, "audit", "--json", "--progress=false", str(path)], capture_output=True, text=True)
    assert single.returncode == 1, single.stderr
    bindir = tmp / "bin"
    bindir.mkdir()
    os.symlink(PFKIT, bindir / "pfkit")
    env = dict(os.environ, PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}", ARCHIVE=str(path))
    return path, json.loads(single.stdout), env


def same_as_single(merged_path, single, shards, sample):
    merged = json.loads(read(merged_path))
    proof = merged.pop("merge")
    assert proof["shards"] == shards
    assert proof["checks"] == ["digests", "structure", "archive", "rerun"]
    assert proof["sample"]["size"] == sample and proof["sample"]["of"] == shards
    assert [r["outcome"] for r in proof["rerun"]] == ["same"] * sample
    want = {k: v for k, v in single.items() if k not in ("seconds", "peakRSSBytes")}
    assert merged == want  # digest included


def test_kubernetes_indexed_job(archive, tmp_path):
    path, single, env = archive
    job, merge = read(os.path.join(KUBE, "audit-job.yaml")), read(os.path.join(KUBE, "merge-job.yaml"))
    assert field(job, "completionMode") == "Indexed"
    n = int(field(job, "completions"))
    job_env, merge_env = env_values(job), env_values(merge)
    assert int(job_env["SHARDS"]) == n, "SHARDS must be the Job's completions"
    assert job_env["ARCHIVE"] == merge_env["ARCHIVE"] and job_env["SUMMARIES"] == merge_env["SUMMARIES"]
    summaries = tmp_path / "summaries"
    env = dict(env, SHARDS=job_env["SHARDS"], SUMMARIES=str(summaries))
    for index in range(n):
        r = subprocess.run(["/bin/sh", "-c", shell_block(job)], env=dict(env, JOB_COMPLETION_INDEX=str(index)),
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(summaries)) == sorted(f"shard-{i}.json" for i in range(1, n + 1))
    r = subprocess.run(["/bin/sh", "-c", shell_block(merge)], env=dict(env, SAMPLE=merge_env["SAMPLE"]),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr  # the archive's tampered records
    assert json.loads(r.stdout)["total"] == 400
    same_as_single(summaries / "merged.json", single, n, int(merge_env["SAMPLE"]))
    # A pod that wrote no summary fails, so the Job retries it.
    r = subprocess.run(["/bin/sh", "-c", shell_block(job)],
                       env=dict(env, JOB_COMPLETION_INDEX="0", ARCHIVE=str(tmp_path / "missing.jsonl")),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert '"digest"' not in read(summaries / "shard-1.json.part")


def test_slurm_job_array(archive, tmp_path):
    path, single, env = archive
    script, merge = os.path.join(SLURM, "audit.sbatch"), os.path.join(SLURM, "merge.sbatch")
    m = re.search(r"^#SBATCH --array=1-(\d+)$", read(script), re.M)
    assert m, "expected #SBATCH --array=1-N"
    n = int(m.group(1))
    summaries = tmp_path / "summaries"
    env = dict(env, SUMMARIES=str(summaries), SLURM_ARRAY_TASK_COUNT=str(n), SLURM_CPUS_PER_TASK="1")
    for task in range(1, n + 1):
        r = subprocess.run(["bash", script], env=dict(env, SLURM_ARRAY_TASK_ID=str(task)),
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    r = subprocess.run(["bash", merge], env=dict(env, SAMPLE="2"), capture_output=True, text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    same_as_single(summaries / "merged.json", single, n, 2)
    r = subprocess.run(["bash", script], env=dict(env, SLURM_ARRAY_TASK_ID="1", ARCHIVE=str(tmp_path / "missing")),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
