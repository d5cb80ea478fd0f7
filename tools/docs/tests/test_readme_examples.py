"""tools/docs/readme_examples.py: a README's example passes when it prints what
the README shows, and fails, naming the line, when it does not."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
import readme_examples as rx  # noqa: E402

FENCE = "`" * 3


def md(*blocks):
    return "\n\n".join(f"{mark}\n{FENCE}{lang}\n{code}{FENCE}" if mark else f"{FENCE}{lang}\n{code}{FENCE}"
                       for mark, lang, code in blocks) + "\n"


def check(tmp_path, *blocks):
    path = tmp_path / "README.md"
    path.write_text(md(*blocks), encoding="utf-8")
    return rx.check([str(path)])


RUN = "<!-- example: run -->"

CASES = [
    # (language, code that prints what it shows, the same code showing something else)
    ("python", "1 + 1  # 2\nsorted({'b': 1, 'a': 2})\n# ['a', 'b']\n",
     "1 + 1  # 3\n"),
    ("python", ">>> [1, 2] * 2\n[1, 2, 1, 2]\n",
     ">>> [1, 2] * 2\n[1, 2]\n"),
    ("js", "const x = [1, 2];\nx.length;  // 2\nconsole.log('a', 'b');  // a b\n",
     "const x = [1, 2];\nx.length;  // 3\n"),
    ("sh", "echo one; echo two\n# one\n# ...\nfalse\n# (exit 1)\n",
     "echo one\n# two\n"),
]


@pytest.mark.parametrize("lang,good,bad", CASES, ids=[c[0] + str(i) for i, c in enumerate(CASES)])
def test_shown_output_passes_and_another_fails(tmp_path, lang, good, bad):
    assert check(tmp_path, (RUN, lang, good)) == (1, 0, [])
    ran, skipped, problems = check(tmp_path, (RUN, lang, bad))
    assert ran == 1 and len(problems) == 1 and problems[0].startswith(f"{tmp_path}/README.md:2 ({lang})"), problems


def test_a_command_that_fails_unannounced_fails(tmp_path):
    _, _, problems = check(tmp_path, (RUN, "sh", "false\n"))
    assert "exit status 1, the README says 0" in problems[0]


def test_long_values_may_wrap_and_elide(tmp_path):
    code = "list(range(30))\n# [0, 1, 2,\n#  3, ..., 29]\n"
    assert check(tmp_path, (RUN, "python", code))[2] == []


def test_skips_need_a_reason_and_unmarked_code_is_refused(tmp_path):
    assert check(tmp_path, ("<!-- example: skip downloads a release -->", "sh", "false\n")) == (0, 1, [])
    _, _, problems = check(tmp_path, (None, "sh", "echo hi\n"))
    assert "no marker above the block" in problems[0]
    assert check(tmp_path, (None, "json", "{not code}\n")) == (0, 0, [])
    with pytest.raises(ValueError, match="a marker is"):
        check(tmp_path, ("<!-- example: skip -->", "sh", "echo\n"))


def test_cwd_is_the_folder_named(tmp_path):
    code = "open('records-index.json').read(1)  # '{'\n"
    assert check(tmp_path, ("<!-- example: cwd=vectors -->", "python", code))[2] == []


def test_go_output_is_compared(tmp_path):
    good = 'import "fmt"\n\nfunc main() {\n\tfmt.Println(6 * 7)\n\t// Output:\n\t// 42\n}\n'
    assert check(tmp_path, (RUN, "go", good)) == (1, 0, [])
    _, _, problems = check(tmp_path, (RUN, "go", good.replace("// 42", "// 41")))
    assert len(problems) == 1 and "the program prints" in problems[0]


@pytest.mark.parametrize("code, want", [
    ("bin/pfkit audit merge /tmp/shard-*.json", "bin/pfkit audit merge /S/shard-*.json"),
    ("x > /tmp/t.jsonl && y < /tmp/t.jsonl", "x > /S/t.jsonl && y < /S/t.jsonl"),
    ("'/tmp/a'", "'/S/a'"),
    # Not the shared folder: left as they are.
    ("/var/tmp/a ./tmp/a my/tmp/a /tmpx", "/var/tmp/a ./tmp/a my/tmp/a /tmpx"),
])
def test_examples_write_in_their_own_folder(code, want):
    assert rx.scratch(code, "/S") == want


def test_a_stray_file_in_the_shared_folder_is_not_seen(tmp_path):
    # What an earlier run left in /tmp does not join this run's glob.
    md = tmp_path / "README.md"
    md.write_text("<!-- example: run -->\n```sh\necho 1 > /tmp/shard-1.json\nls /tmp/shard-*.json | wc -l\n# 1\n```\n",
                  encoding="utf-8")
    ran, skipped, problems = rx.check([str(md)])
    assert (ran, skipped, problems) == (1, 0, [])
