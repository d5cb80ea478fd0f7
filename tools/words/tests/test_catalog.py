"""Tests of the catalog (spec/catalog/*.po) and of the page strings module made from it (tools/words/catalog.py)."""

import importlib.util
import json
import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "tools", "words", name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


catalog = load("catalog")


@pytest.fixture
def root(tmp_path):
    shutil.copytree(os.path.join(ROOT, "spec", "catalog"), str(tmp_path / "spec" / "catalog"))
    (tmp_path / "node" / "page").mkdir(parents=True)
    shutil.copyfile(os.path.join(ROOT, catalog.STRINGS), str(tmp_path / catalog.STRINGS))
    for rel in catalog.TABLES.values():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, rel), str(tmp_path / rel))
    return tmp_path


def edit(root, locale, old, new):
    path = root / "spec" / "catalog" / f"{locale}.po"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def check(root, capsys):
    code = catalog.main(["--check", "--root", str(root)])
    return code, capsys.readouterr().err


def test_the_real_catalog_is_sound_and_strings_js_is_fresh(capsys):
    assert check(ROOT, capsys) == (0, "")


def test_editing_the_catalog_without_regenerating_fails_the_check(root, capsys):
    edit(root, "it", 'msgstr "Lingua"', 'msgstr "Lingua della pagina"')
    code, err = check(root, capsys)
    assert code == 1 and "node/page/strings.js is stale" in err and "python3 tools/words/catalog.py" in err
    assert catalog.main(["--root", str(root)]) == 0
    capsys.readouterr()
    assert check(root, capsys) == (0, "")
    assert '"lang.label": "Lingua della pagina"' in (root / catalog.STRINGS).read_text(encoding="utf-8")


def test_editing_strings_js_by_hand_fails_the_check(root, capsys):
    path = root / catalog.STRINGS
    path.write_text(path.read_text(encoding="utf-8").replace('"Lingua"', '"Idioma"', 1), encoding="utf-8")
    assert check(root, capsys)[0] == 1


# Each broken catalog and the problem it is reported with (locale file, then a part of the message).
BROKEN = [
    ("a code missing from a locale",
     "fr", 'msgctxt "lang.label"\nmsgid "Language"\nmsgstr "Langue"\n\n', "",
     "fr.po", "fr: lang.label is missing (English: 'Language')"),
    ("a code the English lacks",
     "de", 'msgctxt "lang.label"', 'msgctxt "lang.labels"',
     "de.po", "de: 'lang.labels' is not in the English"),
    ("a parameter the message does not declare",
     "nl", 'msgstr "Het bestand kon niet worden gelezen: {error}"',
     'msgstr "Het bestand {file} kon niet worden gelezen: {error}"',
     "nl.po", "nl: record.fileError: {file} is not a parameter of this message (its parameters: error)"),
    ("a declared parameter left out",
     "it", 'msgstr "Non è stato possibile leggere il file: {error}"', 'msgstr "Il file non si legge."',
     "it.po", "it: record.fileError: the parameter {error} is missing"),
    ("a translation of English that has changed",
     "en", 'msgid "The file could not be read: {error}"', 'msgid "This file could not be read: {error}"',
     "de.po", "de: record.fileError is stale: it translates 'The file could not be read: {error}', and the "
              "English is now 'This file could not be read: {error}'"),
    ("a fuzzy translation",
     "fr", 'msgctxt "lang.label"', '#, fuzzy\nmsgctxt "lang.label"',
     "fr.po", "fr: lang.label is marked fuzzy"),
    ("a plural rule that is not the locale's",
     "fr", "Plural-Forms: nplurals=2; plural=(n > 1);", "Plural-Forms: nplurals=2; plural=(n != 1);",
     "fr.po", "the header must say Plural-Forms: nplurals=2; plural=(n > 1); (CLDR's rule for fr)"),
    ("a plural message with one form",
     "nl", 'msgstr[1] "{n} waarden wijken af."\n', "",
     "nl.po", "nl: summary.differ: a plural message needs 2 forms in nl (msgstr[0] to msgstr[1]), found 1"),
    ("the other plural form without its count",
     "de", 'msgstr[1] "{n} Werte weichen ab."', 'msgstr[1] "Mehrere Werte weichen ab."',
     "de.po", "de: summary.differ: the parameter {n} is missing from the 'other' form"),
    ("a type that is not one of the three",
     "en", "#. params: error=text", "#. params: error=string",
     "en.po", "record.fileError: parameter 'error' has type 'string'; the types are count, number, text"),
    ("a plural message with no count parameter",
     "en", "#. params: n=count\nmsgctxt \"summary.differ\"", "#. params: n=number\nmsgctxt \"summary.differ\"",
     "en.po", "summary.differ: a plural message has exactly one count parameter, found 0"),
    ("a pattern's words with a parameter",
     "en", '#. pattern: ^[0-9a-f]{64}$\n', '#. pattern: ^[0-9a-f]{64}$\n#. params: x=text\n',
     "en.po", "cli.schema.pattern.hex64: only a cli.schema.pattern. message without parameters words a pattern"),
    ("a pattern worded twice",
     "en", "#. pattern: ^(0|[1-9][0-9]*)$", "#. pattern: ^[0-9a-f]{64}$",
     "en.po", "cli.schema.pattern.digits: its pattern is worded twice"),
    ("a pattern on a message that is not a pattern's words",
     "en", 'msgctxt "cli.schema.record"', '#. pattern: ^x$\nmsgctxt "cli.schema.record"',
     "en.po", "cli.schema.record: only a cli.schema.pattern. message without parameters words a pattern"),
    ("an English msgstr",
     "en", 'msgid "Language"\nmsgstr ""', 'msgid "Language"\nmsgstr "Language"',
     "en.po", "lang.label: en.po is the source: its msgstr stays empty"),
    ("an empty translation",
     "it", 'msgstr "Lingua"', 'msgstr ""',
     "it.po", "it: lang.label: the text is empty"),
    ("a line that is not PO",
     "it", 'msgstr "Lingua"', 'msgstr Lingua',
     "it.po", "is not a PO file"),
]


@pytest.mark.parametrize("why,locale,old,new,where,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_catalog_is_reported(root, capsys, why, locale, old, new, where, message):
    edit(root, locale, old, new)
    code, err = check(root, capsys)
    assert code == 1, why
    assert any(line.startswith(f"spec/catalog/{where}") and message in line for line in err.splitlines()), err


def test_a_problem_names_the_line_of_its_entry(root, capsys):
    edit(root, "nl", 'msgstr "Het bestand kon niet worden gelezen: {error}"', 'msgstr "Kapot: {fout}"')
    text = (root / "spec" / "catalog" / "nl.po").read_text(encoding="utf-8").splitlines()
    line = next(n for n, s in enumerate(text, 1) if s == 'msgctxt "record.fileError"') - 1  # its "#." line
    _, err = check(root, capsys)
    assert f"spec/catalog/nl.po:{line}: nl: record.fileError: {{fout}} is not a parameter" in err, err


def test_po_strings_read_as_gettext_escapes_them():
    header, entries = catalog.parse_po(
        'msgid ""\nmsgstr ""\n"Language: it\\n"\n\nmsgctxt "a"\nmsgid "say \\"hi\\"\\\\"\n"  and more"\nmsgstr ""\n',
        "x.po")
    assert header == {"Language": "it"}
    assert [(e.ctxt, e.msgid) for e in entries] == [("a", 'say "hi"\\  and more')]


def test_every_locale_has_every_code_with_the_english_parameters():
    cat = catalog.Catalog(ROOT)
    data = cat.page_data()
    page = [code for code in cat.order if not code.startswith(catalog.CLI_PREFIX)]
    assert page and len(page) < len(cat.order)  # the command line's English stays out of the page
    for locale in catalog.LOCALES:
        assert list(data[locale]) == page, locale
    for code in page:
        english = data["en"][code]
        for locale in catalog.LOCALES[1:]:
            value = data[locale][code]
            assert type(value) is type(english), (locale, code)
            if isinstance(value, dict):
                assert set(value) == set(english) and value["count"] == english["count"]
                assert set(re.findall(r"\{(\w+)\}", value["other"])) == set(cat.params[code]), (locale, code)
            else:
                assert set(re.findall(r"\{(\w+)\}", value)) == set(cat.params[code]), (locale, code)


def test_plural_forms_agree_with_intl_plural_rules():
    """Each locale's gettext rule gives, for 0 to 1000, the form of the CLDR
    category Node's Intl.PluralRules (ICU's data, not ours) picks; the page
    picks forms with Intl.PluralRules."""
    script = ("const out = {}; for (const l of %s) { const r = new Intl.PluralRules(l); "
              "out[l] = Array.from({length: 1001}, (_, n) => r.select(n)); } console.log(JSON.stringify(out));"
              % json.dumps(list(catalog.LOCALES)))
    icu = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True,
                                    timeout=60).stdout)
    for locale, (rule, categories) in catalog.PLURAL_FORMS.items():
        expr = re.fullmatch(r"nplurals=(\d); plural=\((.*)\);", rule)
        assert int(expr.group(1)) == len(categories)
        c_expr = expr.group(2).replace("!=", " != ").replace(">", " > ")
        for n in range(1001):
            index = int(eval(c_expr, {"n": n}))  # the C expression is also Python for these rules
            assert categories[index] == icu[locale][n], (locale, n)


@pytest.mark.parametrize("lang", ["go", "node", "python"])
def test_editing_a_command_line_message_without_regenerating_fails_the_check(root, capsys, lang):
    edit(root, "en", 'msgid "chess_colour_v1 game against a bot"', 'msgid "chess_colour_v1 game against the bot"')
    code, err = check(root, capsys)
    assert code == 1 and f"{catalog.TABLES[lang]} is stale" in err
    assert "node/page/strings.js" not in err  # the page does not carry the command line's English
    assert catalog.main(["--root", str(root)]) == 0
    capsys.readouterr()
    assert check(root, capsys) == (0, "")
    assert '"chess_colour_v1 game against the bot"' in (root / catalog.TABLES[lang]).read_text(encoding="utf-8")


def test_a_command_line_message_is_english_only_but_a_page_message_is_not(root, capsys):
    edit(root, "en", 'msgctxt "cli.title.chess_bot"\nmsgid "chess_colour_v1 game against a bot"\nmsgstr ""\n', "")
    edit(root, "en", 'msgctxt "cli.title.chess_players"', 'msgctxt "title.chess_players_of_the_page"')
    code, err = check(root, capsys)
    assert code == 1 and "it: title.chess_players_of_the_page is missing" in err and "cli." not in err


def test_a_pattern_s_words_are_written_under_the_pattern_too():
    """The validators find a pattern's words by the pattern itself (SCH-2): the
    tables hold them under cli.schema.pattern.NAME and cli.schema.pattern:P."""
    rows = {code: one for code, one, _, _ in catalog.cli_rows(catalog.Catalog(ROOT))}
    words = '1 to 64 letters, digits, "-", "_" or "."'
    assert rows["cli.schema.pattern.identifier"] == words
    assert rows["cli.schema.pattern:^[A-Za-z0-9._-]{1,64}$"] == words


def test_every_pattern_of_the_record_schemas_has_words():
    patterns = set()

    def walk(v):
        if isinstance(v, dict):
            if isinstance(v.get("pattern"), str):
                patterns.add(v["pattern"])
            for e in v.values():
                walk(e)
        elif isinstance(v, list):
            for e in v:
                walk(e)

    folder = os.path.join(ROOT, "spec", "schemas")
    for name in sorted(os.listdir(folder)):
        if name.startswith("record_"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                walk(json.load(f))
    assert len(patterns) >= 7
    worded = catalog.Catalog(ROOT).patterns
    assert patterns <= set(worded.values()), sorted(patterns - set(worded.values()))
