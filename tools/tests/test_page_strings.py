"""Tests of the page-strings check (tools/page_strings.py, run by docs.py check)."""

import hashlib
import importlib.util
import json
import os
import shutil

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


page_strings = load("page_strings")
docs = load("docs")
REL = "node/page/strings.js"


@pytest.fixture
def root(tmp_path):
    (tmp_path / "node" / "page").mkdir(parents=True)
    shutil.copyfile(os.path.join(ROOT, REL), str(tmp_path / REL))
    return tmp_path


def text(root):
    return (root / REL).read_text(encoding="utf-8")


def edit(root, old, new):
    t = text(root)
    assert t.count(old) == 1, old
    (root / REL).write_text(t.replace(old, new, 1), encoding="utf-8")


def messages(root):
    return [str(p) for p in page_strings.check(str(root))]


def line_of(root, fragment):
    return next(n for n, line in enumerate(text(root).splitlines(), 1) if fragment in line)


def test_the_real_strings_are_in_step():
    assert messages(ROOT) == []


def test_hash_is_sha256_of_the_english_computed_independently():
    # The first 16 hex digits of SHA-256 of the UTF-8 bytes, as hashlib gives them.
    assert page_strings.en_hash("Language") == hashlib.sha256(b"Language").hexdigest()[:16]
    data, _ = page_strings.parse(text_real())
    assert data["it"]["lang.label"] == {"text": "Lingua", "en": hashlib.sha256(b"Language").hexdigest()[:16]}


def text_real():
    with open(os.path.join(ROOT, REL), encoding="utf-8") as f:
        return f.read()


def test_every_locale_has_every_english_key():
    data, _ = page_strings.parse(text_real())
    assert list(data) == ["en", "it", "de", "fr", "nl"]
    for locale in ("it", "de", "fr", "nl"):
        assert list(data[locale]) == list(data["en"]), locale


def test_missing_key_names_file_locale_and_key(root):
    edit(root, ' "lang.label": {"text": "Sprache", "en": "', ' "lang.labelx": {"text": "Sprache", "en": "')
    out = messages(root)
    assert any(m.startswith(REL + ":") and "de: key 'lang.label' is missing" in m for m in out), out
    assert any("de: key 'lang.labelx' is not in the English" in m for m in out), out


def test_changed_english_makes_every_translation_stale_until_stamped(root, capsys):
    edit(root, '"lang.label": "Language"', '"lang.label": "Language of the page"')
    out = messages(root)
    assert len(out) == 4, out
    for locale in ("it", "de", "fr", "nl"):
        assert any(f"{locale}: key 'lang.label' is stale" in m for m in out), out
    line = line_of(root, '"lang.label": {"text": "Lingua"')
    assert any(m.startswith(f"{REL}:{line}: it:") for m in out), (line, out)
    # docs.py check fails on it, with file and key; strings-stamp records the new English.
    assert docs.main(["--root", str(root), "strings-stamp", "it", "lang.label"]) == 0
    assert sorted(m.split(": ")[1] for m in messages(root)) == ["de", "fr", "nl"]
    for locale in ("de", "fr", "nl"):
        assert docs.main(["--root", str(root), "strings-stamp", locale, "lang.label"]) == 0
    assert messages(root) == []
    assert json.loads(text(root).split(page_strings.PREFIX)[1].rstrip().rstrip(";"))["it"]["lang.label"]["en"] == \
        hashlib.sha256(b"Language of the page").hexdigest()[:16]


def test_stamp_refuses_english_and_unknown_keys(root, capsys):
    before = text(root)
    assert docs.main(["--root", str(root), "strings-stamp", "en", "lang.label"]) == 1
    assert docs.main(["--root", str(root), "strings-stamp", "it", "no.such.key"]) == 1
    assert "no.such.key" in capsys.readouterr().err
    assert text(root) == before


def test_placeholders_must_match_the_english(root):
    edit(root, '"Verificato: tutti i {n} controlli sono superati."',
         '"Verificato: tutti i {m} controlli sono superati."')
    out = messages(root)
    assert any("it: key 'verdict.verified' has the placeholders ['m'], the English ['n']" in m for m in out), out


def test_empty_translation_and_duplicate_key(root):
    edit(root, '{"text": "Taal", ', '{"text": " ", ')
    assert any("nl: key 'lang.label' is empty" in m for m in messages(root))
    edit(root, ' "lang.label": "Language",', ' "lang.label": "Language",\n "lang.label": "Language",')
    out = messages(root)
    assert len(out) == 1 and "given twice" in out[0], out


def test_docs_check_fails_on_a_stale_string(root, capsys):
    # Through the command, on the real pages plus a stale string.
    repo = root
    shutil.copytree(os.path.join(ROOT, "spec"), str(repo / "spec"))
    for rel in ["node/snippet.js", "node/snippet-short.js", "node/verifier.js", "node/page/index.html",
                "python/snippet.py"]:
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), str(repo / rel))
    assert docs.main(["--root", str(repo), "check"]) == 0, capsys.readouterr().out
    edit(repo, '"page.heading": "Check a game record"', '"page.heading": "Check a record"')
    assert docs.main(["--root", str(repo), "check"]) == 1
    out = capsys.readouterr().out
    assert f"{REL}:" in out and "fr: key 'page.heading' is stale" in out, out
