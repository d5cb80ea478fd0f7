"""The package's modules stand on floors, and imports point down.

A module imports modules of its own floor or of lower floors, never of a higher
one; a module of the ground floor imports nothing of the package. So the
domain code a library user calls (the schemes, the records) never depends on
the runner, the commands or the package's entry points built on top of it. A
new module needs a floor here before the tests pass.
"""

import ast
import os

import pytest

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src", "pfkit")

FLOORS = (
    # 0. The spec's tables and the reports' English, generated (tools/gen/tables_gen.py,
    #    tools/words/catalog.py): data, no code.
    ("_spec_tables", "_words"),
    # 1. Leaves, on the tables at most: errors, text escapes, the declared readings, the scheme
    #    registry, the spec's own code and its draw stream with the shared hashing done once,
    #    instants, the generated schema data, JSON strings as RUN-8 reads them, the release
    #    version, the reports' words by code.
    ("errors", "escape", "reading", "schemes", "spec", "stream", "times", "_record_schemas_data", "jsonstring",
     "version", "words"),
    # 2. Reading input: strict JSON, op input fields, the schema check, flags.
    ("strictjson", "_fields", "record_schema", "cli"),
    # 3. The schemes: the domain code a library user calls.
    ("match_seed_v2", "poker_hmac_v1", "chess_colour_v1", "selfpoker_v1"),
    # 4. Records and their reports.
    ("report", "record_read", "record_match", "record_poker", "record_chess", "record_selfpoker", "records"),
    # 5. Every op by scheme and name, as the runner calls them.
    ("ops",),
    # 6. The commands: the runner contract and python -m pfkit verify.
    ("runner", "verify_cmd"),
    # 7. The package's faces: import pfkit, python -m pfkit.
    ("__init__", "__main__"),
)

FLOOR = {module: n for n, modules in enumerate(FLOORS) for module in modules}


def package_imports(source: str) -> set:
    """The modules of pfkit that source imports, wherever it does (inside a
    function too): from . import x, from .x import y, import pfkit.x, from
    pfkit import x, from pfkit.x import y."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            relative = node.level == 1
            absolute = node.level == 0 and node.module is not None and (
                node.module == "pfkit" or node.module.startswith("pfkit."))
            if not (relative or absolute):
                continue
            module = node.module if relative else node.module[len("pfkit"):].lstrip(".") or None
            if module:
                found.add(module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names if alias.name.startswith("pfkit."))
    return found


def wrong_imports(sources: dict) -> list:
    """(importer, imported, why) for every import that does not point down."""
    out = []
    for module, source in sorted(sources.items()):
        for imported in sorted(package_imports(source) - {module}):
            if imported not in FLOOR:
                out.append((module, imported, "the imported module has no floor"))
            elif FLOOR[module] == 0:
                out.append((module, imported, "a module of the ground floor imports nothing of the package"))
            elif FLOOR[imported] > FLOOR[module]:
                out.append((module, imported, f"floor {FLOOR[module]} imports floor {FLOOR[imported]}"))
    return out


def package_sources() -> dict:
    out = {}
    for name in sorted(os.listdir(PACKAGE)):
        if name.endswith(".py"):
            with open(os.path.join(PACKAGE, name), encoding="utf-8") as f:
                out[name[:-3]] = f.read()
    return out


def test_every_module_has_one_floor():
    modules = [m for floor in FLOORS for m in floor]
    assert len(modules) == len(set(modules))
    assert sorted(package_sources()) == sorted(modules)


def test_imports_point_down():
    assert wrong_imports(package_sources()) == []


@pytest.mark.parametrize("module, source, imported", [
    # The records reading the registry from the runner's ops: one floor up.
    ("records", "from .ops import UNSPECIFIED\n", "ops"),
    ("chess_colour_v1", "def f():\n    from . import records\n", "records"),
    ("match_seed_v2", "import pfkit.runner\n", "runner"),
    ("strictjson", "from pfkit.selfpoker_v1 import parse_seed\n", "selfpoker_v1"),
    ("records", "from pfkit import verify_cmd\n", "verify_cmd"),
    ("_spec_tables", "from . import errors\n", "errors"),
    ("ops", "from .unlisted import x\n", "unlisted"),
])
def test_an_import_that_does_not_point_down_is_found(module, source, imported):
    wrong = wrong_imports({module: source})
    assert [(m, i) for m, i, _ in wrong] == [(module, imported)]


def test_imports_of_the_same_floor_or_below_are_allowed():
    assert wrong_imports({
        "records": "from . import report, selfpoker_v1\nfrom .errors import PfkitError\n",
        "runner": "import json\nfrom .ops import call\nfrom . import verify_cmd\n",
        "__main__": "import sys\nfrom . import cli\n",
    }) == []
