"""Tests of tools/docs/docs.py (the package tools/docs/pages/) on the real pages and on
temporary copies of them."""

import importlib.util
import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, "tools", "docs", "docs.py")

_spec = importlib.util.spec_from_file_location("docs", TOOL)
docs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(docs)  # puts tools/docs/ on the path, for the package

from pages.page import Page, flatten  # noqa: E402
from pages.structure import prose_words  # noqa: E402

# What a copy needs: the pages, the spec they link to, the canonical snippets
# and the verifier the pages link to.
FILES = ["node/snippet.js", "node/snippet-short.js", "node/verifier.js", "node/page/index.html", "python/snippet.py"]


@pytest.fixture
def repo(tmp_path):
    shutil.copytree(os.path.join(ROOT, "spec"), str(tmp_path / "spec"))
    for rel in FILES:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), str(tmp_path / rel))
    return tmp_path


def run(capsys, root, *args):
    code = docs.main(["--root", str(root), *args])
    return code, capsys.readouterr().out


def read(root, rel):
    with open(os.path.join(str(root), rel), encoding="utf-8", newline="") as f:
        return f.read()


def write(root, rel, text):
    with open(os.path.join(str(root), rel), "w", encoding="utf-8", newline="") as f:
        f.write(text)


def snapshot(root):
    out = {}
    for dirpath, _, names in os.walk(os.path.join(str(root), "spec", "pages")):
        for name in names:
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                out[path] = f.read()
    return out


def test_check_passes_on_the_real_pages(capsys):
    code, out = run(capsys, ROOT, "check")
    assert code == 0, out
    assert out.splitlines()[-1].startswith("docs check: ok")


def test_sync_changes_nothing_on_the_real_pages(repo, capsys):
    before = snapshot(repo)
    code, out = run(capsys, repo, "sync")
    assert code == 0, out
    assert snapshot(repo) == before


def mutate_snippet(root, page, source, line_no, column):
    """Change one character of the embedded copy of `source` in `page`; return
    (page line, expected char, found char)."""
    canonical = read(root, source).splitlines(keepends=True)
    target = canonical[line_no - 1]
    old = target[column - 1]
    new = "#" if old != "#" else "%"
    text = read(root, page)
    lines = text.splitlines(keepends=True)
    marker = lines.index(f"<!-- snippet: {source} -->\n")
    page_index = marker + 1 + line_no  # the fence, then the snippet's lines
    assert lines[page_index] == target
    lines[page_index] = target[:column - 1] + new + target[column:]
    write(root, page, "".join(lines))
    return page_index + 1, old, new


def test_one_changed_character_is_reported_with_file_line_and_column(repo, capsys):
    page = "spec/pages/table-games-technical/it.md"
    line, old, new = mutate_snippet(repo, page, "node/snippet.js", 20, 7)
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert (f"{page}:{line}: snippet node/snippet.js differs from the canonical file "
            f"at snippet line 20, column 7: expected {old!r}") in out
    assert f"found {new!r}" in out
    # Only that locale is named.
    assert "table-games-technical/en.md" not in out and "table-games-technical/de.md" not in out
    assert out.splitlines()[-1].startswith("docs check: FAILED, 1 problem in 1 file")


def test_sync_repairs_a_changed_copy(repo, capsys):
    before = snapshot(repo)
    mutate_snippet(repo, "spec/pages/selfpoker-technical/nl.md", "python/snippet.py", 3, 1)
    code, out = run(capsys, repo, "sync")
    assert code == 0, out
    assert "spec/pages/selfpoker-technical/nl.md: 1 snippet copy rewritten" in out
    assert snapshot(repo) == before
    assert run(capsys, repo, "check")[0] == 0


def test_sync_follows_a_changed_canonical_file_and_is_idempotent(repo, capsys):
    write(repo, "node/snippet.js", read(repo, "node/snippet.js") + "// one more line\n")
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert out.count("differs from the canonical file") == 4
    assert "expected '/', found the end of the snippet" in out
    code, out = run(capsys, repo, "sync")
    assert code == 0, out
    assert "4 pages rewritten" in out
    after_first = snapshot(repo)
    code, out = run(capsys, repo, "sync")
    assert code == 0
    assert "0 pages rewritten, 12 already in step" in out
    assert snapshot(repo) == after_first
    assert run(capsys, repo, "check")[0] == 0


def test_sync_fills_an_empty_marker_pair_and_lengthens_the_fence(repo, capsys):
    # A canonical file holding a line of three backticks needs a longer fence.
    write(repo, "python/snippet.py", read(repo, "python/snippet.py") + 'NOTE = """\n```\n"""\n')
    page = "spec/pages/selfpoker-technical/en.md"
    text = read(repo, page)
    start = text.index("<!-- snippet: python/snippet.py -->\n")
    end = text.index("<!-- /snippet -->\n", start)
    write(repo, page, text[:start] + "<!-- snippet: python/snippet.py -->\n" + text[end:])
    code, out = run(capsys, repo, "check")
    assert code == 1 and "no code fence between the markers" in out
    assert run(capsys, repo, "sync")[0] == 0
    assert "````python\n" in read(repo, page)
    code, out = run(capsys, repo, "check")
    assert code == 0, out


def first_localized_fact(root, page):
    with open(os.path.join(str(root), "spec/pages/facts.json"), encoding="utf-8") as f:
        config = json.load(f)
    return next(f for f in config["pages"][page]["facts"] if isinstance(f, dict))


def test_a_missing_fact_in_one_locale_is_reported(repo, capsys):
    fact = first_localized_fact(repo, "table-games")
    variants = fact["de"] if isinstance(fact["de"], list) else [fact["de"]]
    page = "spec/pages/table-games/de.md"
    text = read(repo, page)
    for v in variants:
        text = text.replace(v, "XXX")
    write(repo, page, text)
    code, out = run(capsys, repo, "check")
    assert code == 1
    problems = [line for line in out.splitlines() if "is missing" in line]
    assert len(problems) == 1, out
    assert problems[0].startswith(page + ":")
    assert repr(fact["fact"]) in problems[0] and repr(variants[0]) in problems[0]
    assert "spec/pages/table-games/en.md:" in problems[0]


def test_a_fact_may_wrap_across_lines(repo, capsys):
    page = "spec/pages/selfpoker-technical/nl.md"
    text = read(repo, page)
    assert "2 tot 23 spelers" in text.replace("\n", " ")
    write(repo, page, text.replace("2 tot 23 spelers", "2 tot 23\nspelers"))
    assert run(capsys, repo, "check")[0] == 0


def remove_block(text, source):
    start = text.index(f"<!-- snippet: {source} -->\n")
    end = text.index("<!-- /snippet -->\n", start) + len("<!-- /snippet -->\n")
    return text[:start] + text[end:], text[start:end]


def test_a_locale_without_the_snippet_is_reported(repo, capsys):
    page = "spec/pages/table-games-technical/fr.md"
    text, _ = remove_block(read(repo, page), "node/snippet.js")
    write(repo, page, text)
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert f"{page}:" in out and "snippet 1 (node/snippet.js) is missing" in out


def test_a_locale_with_snippets_out_of_order_is_reported(repo, capsys):
    # Declare a page that embeds two snippets, then swap them in one locale.
    config_path = "spec/pages/facts.json"
    config = json.loads(read(repo, config_path))
    config["pages"]["selfpoker-technical"]["snippets"] = ["python/snippet.py", "node/snippet.js"]
    write(repo, config_path, json.dumps(config, ensure_ascii=False, indent=1))
    empty_js = "<!-- snippet: node/snippet.js -->\n<!-- /snippet -->\n\n"
    empty_py = "<!-- snippet: python/snippet.py -->\n<!-- /snippet -->\n\n"
    en = read(repo, "spec/pages/selfpoker-technical/en.md")
    write(repo, "spec/pages/selfpoker-technical/en.md", en + "\n" + empty_js)
    nl, block = remove_block(read(repo, "spec/pages/selfpoker-technical/nl.md"), "python/snippet.py")
    nl = nl + "\n" + empty_js + empty_py
    write(repo, "spec/pages/selfpoker-technical/nl.md", nl)
    assert run(capsys, repo, "sync")[0] == 0
    code, out = run(capsys, repo, "check")
    assert code == 1
    page = "spec/pages/selfpoker-technical/nl.md"
    line = read(repo, page).splitlines().index("<!-- snippet: node/snippet.js -->") + 1
    assert f"{page}:{line}: snippet 1 is node/snippet.js; expected python/snippet.py" in out
    assert "selfpoker-technical/en.md" not in out


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("<!-- /snippet -->\n", "", 1), "expected <!-- /snippet --> right after the closing fence"),
    (lambda t: t.replace("snippet.js -->\n```js\n", "snippet.js -->\nconsole.log(1)\n```js\n", 1),
     "the line after the opening marker must be a code fence"),
    (lambda t: t + "\n<!-- /snippet -->\n", "closing marker <!-- /snippet --> without an opening marker"),
    (lambda t: t + "\n<!--snippet:node/snippet.js-->\n", "malformed snippet marker"),
    (lambda t: t + "\n```js\nconsole.log(1)\n```\n", "code block outside snippet markers"),
    (lambda t: t + "\n    console.log(1)\n", "indented code block outside snippet markers"),
    (lambda t: t.replace("snippet.js -->\n```js\n", "snippet.js -->\n```javascript\n", 1),
     "the fence should be labelled 'js'"),
    (lambda t: t.replace("\n<!-- snippet: node/snippet.js -->", "<!-- snippet: node/snippet.js -->", 1),
     "the opening marker must follow a blank line"),
    (lambda t: t.replace("<!-- snippet: node/snippet.js -->", "<!-- snippet: ../node/snippet.js -->", 1),
     "must be a plain relative path"),
])
def test_malformed_markers_are_reported_with_their_line(repo, capsys, edit, message):
    page = "spec/pages/table-games-technical/en.md"
    write(repo, page, edit(read(repo, page)))
    code, out = run(capsys, repo, "check")
    assert code == 1
    hits = [line for line in out.splitlines() if message in line]
    assert hits, out
    assert hits[0].startswith(page + ":") and hits[0].split(":")[1].isdigit()


def test_an_unclosed_fence_stops_sync_without_writing(repo, capsys):
    page = "spec/pages/table-games-technical/en.md"
    text = read(repo, page)
    start = text.index("<!-- snippet: node/snippet.js -->")
    broken = text[:start] + text[start:].replace("\n```\n<!-- /snippet -->\n", "\n", 1)
    write(repo, page, broken)
    code, out = run(capsys, repo, "sync")
    assert code == 1 and "code fence never closed" in out
    assert read(repo, page) == broken


def test_headings_and_links_must_line_up(repo, capsys):
    page = "spec/pages/table-games-technical/de.md"
    text = read(repo, page).replace("\n### Backgammon\n", "\n## Backgammon\n", 1)
    text = text.replace("(../../pfkit.md#13-decisions)", "(../../pfkit.md#13-entscheidungen)", 1)
    write(repo, page, text)
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert "'Backgammon' is level 2; spec/pages/table-games-technical/en.md:" in out
    assert "has no heading #13-entscheidungen" in out


def test_an_undeclared_page_is_reported(repo, capsys):
    shutil.copyfile(str(repo / "spec/pages/selfpoker/en.md"), str(repo / "spec/pages/selfpoker/es.md"))
    code, out = run(capsys, repo, "check")
    assert code == 1 and "spec/pages/selfpoker/es.md: not declared in spec/pages/facts.json" in out


def test_extract_writes_the_copies_as_the_pages_show_them(repo, capsys, tmp_path):
    mutate_snippet(repo, "spec/pages/table-games-technical/de.md", "node/snippet.js", 6, 3)
    out_dir = tmp_path / "extracted"
    code, out = run(capsys, repo, "extract", str(out_dir))
    assert code == 0, out
    paths = out.split()
    assert sorted(os.path.basename(p) for p in paths) == sorted(
        [f"table-games.{loc}.1.snippet-short.js" for loc in ("en", "it", "de", "fr")]
        + [f"table-games-technical.{loc}.1.snippet.js" for loc in ("en", "it", "de", "fr")]
        + [f"selfpoker-technical.{loc}.1.snippet.py" for loc in ("en", "nl")])
    canonical = {name: read(repo, rel) for name, rel in
                 [("snippet.js", "node/snippet.js"), ("snippet-short.js", "node/snippet-short.js"),
                  ("snippet.py", "python/snippet.py")]}
    for path in paths:
        text = read(out_dir, os.path.basename(path))
        source = canonical[os.path.basename(path).split(".", 3)[3]]
        if "table-games-technical.de." in path:
            assert text != source  # what the page shows, not the canonical file
        else:
            assert text == source


def test_the_command_line_exit_status(repo):
    ok = subprocess.run([sys.executable, TOOL, "check", "--root", str(repo)], stdout=subprocess.PIPE,
                        text=True)
    assert ok.returncode == 0, ok.stdout
    write(repo, "node/snippet.js", "// another snippet\n")
    failed = subprocess.run([sys.executable, TOOL, "--root", str(repo), "check"], stdout=subprocess.PIPE,
                            text=True)
    assert failed.returncode == 1
    assert failed.stdout.splitlines()[-1].startswith("docs check: FAILED")
    usage = subprocess.run([sys.executable, TOOL, "frobnicate"], capture_output=True)
    assert usage.returncode == 2


HAVE_CHECKERS = (shutil.which("node") and os.path.exists(os.path.join(ROOT, "node", "snippet-check.js"))
                 and os.path.exists(os.path.join(ROOT, "python", "snippet_check.py"))
                 and os.path.exists(os.path.join(ROOT, "python", ".venv", "bin", "python")))


@pytest.mark.skipif(not HAVE_CHECKERS, reason="needs node, the two snippet checkers and python/.venv (make setup)")
def test_run_passes_on_the_real_pages(capsys):
    code, out = run(capsys, ROOT, "run")
    assert code == 0, out
    assert out.count(" passed, 0 failed") == 2
    assert out.splitlines()[-1].startswith("docs run: ok")


def test_a_snippet_that_no_longer_matches_its_description_is_reported(repo, capsys):
    text = read(repo, "node/snippet.js")
    assert "console.log('commitment: matches')" in text
    write(repo, "node/snippet.js", text.replace("console.log('commitment: matches')", "console.log('commitment OK')"))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert "spec/pages/facts.json: node/snippet.js no longer contains \"console.log('commitment: matches')\"" in out


# The levels: a player page is short and opens with the check.

def test_a_player_page_over_the_word_limit_is_reported(repo, capsys):
    page = "spec/pages/table-games/fr.md"
    text = read(repo, page)
    words = prose_words(Page(page, text))
    assert 900 < words <= 1200
    filler = "\n" + "Un mot de plus ici. " * ((1201 - words) // 5 + 1) + "\n"
    write(repo, page, text + filler)
    code, out = run(capsys, repo, "check")
    assert code == 1
    hits = [line for line in out.splitlines() if "words of prose; a player page has at most 1200" in line]
    assert len(hits) == 1 and hits[0].startswith(page + ": "), out


def test_inline_code_and_link_targets_are_not_words(capsys):
    page = Page("x.md", "# T\n\nOne `two three four` [five](six/seven/eight.md) <!-- nine ten -->\n")
    assert prose_words(page) == 3


def test_a_player_page_must_open_with_the_check(repo, capsys):
    page = "spec/pages/table-games/de.md"
    text = read(repo, page)
    # Another section first.
    moved = text.replace("## Prüfe deine Partie\n", "## Unsere Spiele vorweg\n\nText.\n\n## Prüfe deine Partie\n", 1)
    write(repo, page, moved)
    code, out = run(capsys, repo, "check")
    assert code == 1
    line = moved.splitlines().index("## Unsere Spiele vorweg") + 1
    assert (f"{page}:{line}: a player page opens with the check: the first section must be "
            f"'Prüfe deine Partie', found 'Unsere Spiele vorweg'") in out
    # A long lead before the check.
    lead = text.replace("## Prüfe deine Partie\n", "Ein langer Vorspann. " * 30 + "\n\n## Prüfe deine Partie\n", 1)
    write(repo, page, lead)
    code, out = run(capsys, repo, "check")
    assert code == 1 and "words before 'Prüfe deine Partie'; at most 80" in out


# The glossary: the originals' own terms.

def line_col(text, needle):
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_a_forbidden_term_is_reported_with_file_line_and_column(repo, capsys):
    page = "spec/pages/selfpoker/nl.md"
    text = read(repo, page)
    assert "Klopt de vingerafdruk dan" in text
    text = text.replace("Klopt de vingerafdruk dan", "Klopt het commitment dan", 1)
    write(repo, page, text)
    line, col = line_col(text, "commitment dan")
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert (f"{page}:{line}:{col}: 'commitment': this site's nl pages say 'vingerafdruk' for the commitment"
            in out), out


def test_a_forbidden_term_in_inline_code_or_a_link_target_is_not_reported(repo, capsys):
    page = "spec/pages/selfpoker/nl.md"
    text = read(repo, page)
    # `commitment: matches` is what the script prints; it stays as it is.
    assert "`commitment: matches`" in text
    write(repo, page, text + "\nZie [de pagina](../selfpoker-technical/nl.md#commitment).\n")
    code, out = run(capsys, repo, "check")
    assert "'commitment'" not in out


@pytest.mark.parametrize("page, old, new, found", [
    ("spec/pages/table-games-technical/de.md", "von ihrem Endknoten hinauf", "von ihrem Blatt hinauf",
     "'ihrem Blatt hinauf'"),
    ("spec/pages/table-games-technical/de.md", "Das nächste Austeilen der Partie zieht mit\ndemselben Zähler weiter.",
     "Das nächste Austeilen der Partie setzt auf\ndemselben Zähler fort.", "'setzt auf\\ndemselben Zähler fort'"),
    ("spec/pages/table-games-technical/it.md", "le carte comuni sono le\nposizioni",
     "il board è formato dalle\nposizioni", "'board'"),
    ("spec/pages/table-games-technical/it.md", "uguale al limite o maggiore", "pari o superiore al limite",
     "'pari o superiore'"),
    ("spec/pages/table-games-technical/fr.md", "ne font pas partie de ce que vous\nrecevez",
     "ne figurent pas dans votre\nlot de départ", "'lot de départ'"),
    ("spec/pages/selfpoker-technical/nl.md", "in de volgorde van het kaartspel gedeeld", "in spelvolgorde gedeeld",
     "'spelvolgorde'"),
    ("spec/pages/selfpoker/en.md", "unpredictable even for us, but that is our word",
     "nobody can predict it, not even us", "'nobody can predict it'"),
])
def test_each_fault_of_the_old_pages_is_caught(repo, capsys, page, old, new, found):
    text = read(repo, page)
    assert old in text, old
    write(repo, page, text.replace(old, new, 1))
    code, out = run(capsys, repo, "check")
    assert code == 1
    hits = [line for line in out.splitlines()
            if line.startswith(page + ":") and found in line and "this site's" in line]
    assert hits, out
    assert hits[0].split(":")[1].isdigit() and hits[0].split(":")[2].isdigit()


def test_a_missing_glossary_term_is_reported(repo, capsys):
    for page in ("spec/pages/table-games/it.md", "spec/pages/table-games-technical/it.md"):
        write(repo, page, read(repo, page).replace("carte comuni", "carte in comune"))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert "spec/pages/table-games/it.md: glossary term 'carte comuni' is missing" in out
    assert "spec/pages/table-games-technical/it.md: glossary term 'carte comuni' is missing" in out


def test_a_name_written_as_code_is_found_in_code_spans(repo, capsys):
    """seatOrder is written as code: present in a code span, it is used; gone
    from the prose (the script's copy does not count), it is missing; the
    avoided `seats[i]` is reported in a code span, where it stands."""
    page = "spec/pages/table-games-technical/en.md"
    text = read(repo, page)
    snippet = text.index("<!-- snippet:")
    prose, code_part = text[:snippet], text[snippet:]
    assert "`seatOrder[i]`" in prose
    write(repo, page, prose.replace("`seatOrder[i]`", "`seats[i]`", 1) + code_part)
    code, out = run(capsys, repo, "check")
    line, col = line_col(text, "`seatOrder[i]`")
    assert f"{page}:{line}:{col}: '`seats[i]`': this site's en pages say 'seatOrder'" in out, out
    assert "glossary term 'seatOrder' is missing" not in out, out
    write(repo, page, prose.replace("seatOrder", "order") + code_part)
    code, out = run(capsys, repo, "check")
    assert code == 1 and f"{page}: glossary term 'seatOrder' is missing" in out, out


def test_a_verifier_page_term_holds_the_page_strings_too(repo, capsys):
    """de's 'Austeilen' (the original's word for a deal) is marked verifier_page:
    the old 'Gespielte Austeilungen' in the catalog is reported at its entry's line."""
    path = "spec/catalog/de.po"
    text = read(repo, path)
    old = 'msgstr "Wie oft ausgeteilt wurde"'
    assert text.count(old) == 1
    write(repo, path, text.replace(old, 'msgstr "Gespielte Austeilungen"', 1))
    line = text[:text.index('msgctxt "values.play.deals"')].count("\n") + 1
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert (f"{path}:{line}: de: values.play.deals: 'Austeilungen': this site's de pages say 'Austeilen' "
            "for a deal of cards") in out, out
    # The same word in the prose of a page is reported there, with its column.
    page = "spec/pages/table-games/de.md"
    write(repo, page, read(repo, page).replace("oder wie oft ausgeteilt wurde.", "oder die Zahl der Austeilungen.", 1))
    code, out = run(capsys, repo, "check")
    assert any(x.startswith(page + ":") and "'Austeilungen'" in x for x in out.splitlines()), out


def test_a_title_must_read_as_the_original(repo, capsys):
    page = "spec/pages/table-games/it.md"
    write(repo, page, read(repo, page).replace("# Equità dimostrabile\n", "# Equità verificabile\n", 1))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert (f"{page}: no level-1 heading 'Equità dimostrabile', the original's wording; "
            "first found 'Equità verificabile'") in out


def test_a_broken_glossary_is_reported(repo, capsys):
    path = "spec/pages/glossary.json"
    glossary = json.loads(read(repo, path))
    glossary["locales"]["nl"]["terms"][0]["pages"] = ["table-games"]  # no nl locale there
    glossary["locales"]["de"]["terms"][0]["avoid"] = [{"pattern": "("}]
    write(repo, path, json.dumps(glossary, ensure_ascii=False))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert "spec/pages/glossary.json: nl term 1 ('vingerafdruk'): 'pages' must list declared pages" in out
    assert "spec/pages/glossary.json: de term 1 ('Festlegung'): pattern '(' does not compile" in out


# The lines the pages tell players to replace.

def test_the_snippet_lines_the_pages_name_must_hold_the_inputs(repo, capsys):
    write(repo, "node/snippet.js", "// one more line at the top\n" + read(repo, "node/snippet.js"))
    assert run(capsys, repo, "sync")[0] == 0
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert ("spec/pages/facts.json: table-games-technical: the pages say node/snippet.js lines 7 to 15 hold the "
            "match input 'play'; found line 16") in out
    assert ("the pages say node/snippet.js lines 23 to 26 hold the chess input 'clientB'; found line 27") in out


def test_the_python_snippet_lines_are_checked_too(repo, capsys):
    text = read(repo, "python/snippet.py")
    write(repo, "python/snippet.py", text.replace("players = 2\n", "players = 2\nprint(players)\n", 1))
    assert run(capsys, repo, "sync")[0] == 0
    code, out = run(capsys, repo, "check")
    assert code == 0, out  # line 12, after the input lines: allowed
    write(repo, "python/snippet.py", text.replace("# How many players were dealt cards:\n", "x = 1\n", 1))
    assert run(capsys, repo, "sync")[0] == 0
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert ("python/snippet.py line 10 is within the hand input lines 7 to 11 "
            "but is not one of their inputs: 'x = 1'") in out


def test_a_link_to_another_locale_of_the_other_level_is_reported(repo, capsys):
    page = "spec/pages/table-games/it.md"
    write(repo, page,
          read(repo, page).replace("(../table-games-technical/it.md)", "(../table-games-technical/en.md)", 1))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert f"{page}: links differ from spec/pages/table-games/en.md" in out


def test_a_page_must_quote_the_verifier_pages_words(repo, capsys):
    # The match_seed_v1 paragraph quotes the catalog; a changed word on either side is reported.
    page = "spec/pages/table-games/de.md"
    text = read(repo, page)
    assert text.count("diese Seite kann sie erst prüfen") == 1
    write(repo, page, text.replace("diese Seite kann sie erst prüfen", "diese Seite kann sie bald prüfen", 1))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert f"{page}: must quote what the verifier page shows ('unspecified.why' in spec/catalog/de.po)" in out
    write(repo, page, text)
    assert run(capsys, repo, "check")[0] == 0
    strings = read(repo, "spec/catalog/en.po")
    write(repo, "spec/catalog/en.po", strings.replace(
        "which has not been published yet.", "which was never published.", 1))
    code, out = run(capsys, repo, "check")
    assert code == 1
    assert "spec/pages/table-games/en.md: must quote what the verifier page shows ('unspecified.verdict'" in out
    assert "spec/pages/table-games-technical/en.md: must quote" in out
    assert "spec/pages/table-games/it.md: must quote" not in out


def test_a_quote_of_a_code_the_catalog_lacks_is_reported(repo, capsys):
    config_path = "spec/pages/facts.json"
    config = json.loads(read(repo, config_path))
    config["pages"]["table-games"]["quotes_page"] = ["no.such.key"]
    write(repo, config_path, json.dumps(config, ensure_ascii=False, indent=1))
    code, out = run(capsys, repo, "check")
    assert code == 1 and "quotes the catalog's 'no.such.key' (spec/catalog), which has no text for 'fr'" in out


# The kit's own words out of the prose (tools/docs/pages/internal.py).

@pytest.mark.parametrize("page, old, new, what", [
    ("spec/pages/table-games-technical/it.md", "[decisioni della specifica]", "[decisione D-1]",
     "a spec id, 'D-1'"),
    ("spec/pages/table-games-technical/de.md", "[Entscheidungen der", "[Entscheidung\nD-11 der",
     "a spec id, 'D-11'"),
    ("spec/pages/table-games-technical/fr.md", "[décisions de la spécification]", "[voir CARD-3]",
     "a spec id, 'CARD-3'"),
    ("spec/pages/selfpoker-technical/nl.md", "[beslissingen van de",
     "[zie record_selfpoker_v1.json van de", "a schema file name, 'record_selfpoker_v1.json'"),
    ("spec/pages/table-games/de.md", "(den von A aus der", "(seedA aus der", "a field name in camelCase, 'seedA'"),
    ("spec/pages/table-games/en.md", "(A's from the connection", "(A's, open for 24h0m0s, from the connection",
     "a Go duration, '24h0m0s'"),
    ("spec/pages/table-games/fr.md", "(celui de A, issu", "(celui de A, 2026-11-30T20:00:00Z, issu",
     "a raw timestamp, '2026-11-30T20:00'"),
    # An error code of the spec's section 11, as code, as a bare word or as a link's text.
    ("spec/pages/table-games-technical/en.md", "it checks nothing and says that",
     "it checks nothing and answers `scheme_unspecified`, that is", "an error code, 'scheme_unspecified'"),
    ("spec/pages/table-games-technical/de.md", "meldet, dass dieses frühere",
     "meldet unknown_scheme, dass dieses frühere", "an error code, 'unknown_scheme'"),
    ("spec/pages/table-games-technical/fr.md", "[décisions de la spécification]",
     "[invalid_record]", "an error code, 'invalid_record'"),
    ("spec/pages/selfpoker-technical/nl.md", "de redenen staan", "de redenen (`equal_commitments`) staan",
     "an error code, 'equal_commitments'"),
])
def test_an_internal_word_in_the_prose_is_reported(repo, capsys, page, old, new, what):
    text = read(repo, page)
    assert old in text, old
    text = text.replace(old, new, 1)
    write(repo, page, text)
    code, out = run(capsys, repo, "check")
    assert code == 1
    kind, word = what.split(", ")
    line, col = line_col(text, word.strip("'"))
    assert f"{page}:{line}:{col}: {kind} in the prose, {word}:" in out, out


def test_internal_words_in_code_or_a_link_target_and_camel_case_on_a_technical_page_are_allowed(repo, capsys):
    page = "spec/pages/table-games-technical/en.md"
    text = read(repo, page)
    # A format given as code, a field name on a technical page, an id inside a link's target.
    write(repo, page, text + "\nThe field `firstHand` (see `D-12`, [the decisions](../../pfkit.md#13-decisions)), "
                             "and firstHand.\n")
    code, out = run(capsys, repo, "check")
    assert "in the prose" not in out, out


def test_each_technical_page_says_once_what_our_choice_means():
    """"Our choice" is explained once, near the top, with the one link to the
    specification's decisions; the points themselves say "our choice" alone."""
    config = json.loads(read(ROOT, "spec/pages/facts.json"))
    for name, spec in config["pages"].items():
        if spec.get("level", "technical") != "technical":
            continue
        for locale in spec["locales"]:
            page = Page(f"spec/pages/{name}/{locale}.md", read(ROOT, f"spec/pages/{name}/{locale}.md"))
            decisions = [(line, t) for line, t in page.links if t.endswith("#13-decisions")]
            assert len(decisions) == 1, (page.rel, decisions)
            first_heading = page.headings[0][0] if len(page.headings) < 2 else page.headings[1][0]
            assert decisions[0][0] < first_heading, (page.rel, "the link comes before the first section")


def test_an_error_code_in_a_code_block_or_a_link_target_is_allowed(repo, capsys):
    page = "spec/pages/table-games-technical/it.md"
    text = read(repo, page)
    write(repo, page, text + "\nVedi la [tabella](https://example.org/codes/scheme_unspecified).\n\n"
                             "```text\nscheme_unspecified\n```\n")
    code, out = run(capsys, repo, "check")
    assert "error code" not in out, out


def test_the_error_codes_are_read_from_the_spec(repo, capsys):
    """The codes come from section 11's table (a code added there is refused
    on the pages at once); a spec without the table is reported, not passed."""
    spec = read(repo, "spec/pfkit.md")
    row = "| `scheme_unspecified` |"
    assert row in spec
    write(repo, "spec/pfkit.md", spec.replace(row, "| `pages_code` | a code for this test |\n" + row, 1))
    page = "spec/pages/table-games/en.md"
    write(repo, page, read(repo, page) + "\nThe answer is `pages_code`.\n")
    code, out = run(capsys, repo, "check")
    assert code == 1 and "an error code in the prose, 'pages_code'" in out, out
    write(repo, "spec/pfkit.md", spec.replace("## 11. Error codes", "## 11. Codes", 1))
    write(repo, page, read(repo, page).replace("`pages_code`", "refused"))
    code, out = run(capsys, repo, "check")
    assert code == 1 and "spec/pfkit.md: expected section 11, Error codes, with a table of codes" in out, out


# Worked by hand: each run of whitespace (line breaks, tabs, the no-break
# spaces of French typography) is one plain space at the run's first index.
@pytest.mark.parametrize("text, flat, where", [
    ("", "", []),
    ("ab", "ab", [0, 1]),
    ("a  b", "a b", [0, 1, 3]),
    ("a\n\tb", "a b", [0, 1, 3]),
    ("prix\u00a0:\u202f5", "prix : 5", [0, 1, 2, 3, 4, 5, 6, 7]),
    ("  a\u3000\u2009 b  ", " a b ", [0, 2, 3, 6, 7]),
    ("a\u200bb", "a\u200bb", [0, 1, 2]),  # a zero-width space is a format character, not a space
])
def test_flatten(text, flat, where):
    assert flatten(text) == (flat, where)
