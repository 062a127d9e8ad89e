"""Layout rules the design card sets: experta behind one module, no card names in code."""

import ast
import pathlib
import re

import pytest

PKG = pathlib.Path(__file__).resolve().parent.parent / "psct_expert"
SOURCES = {p: p.read_text(encoding="utf-8") for p in PKG.rglob("*.py")}


def test_only_the_engine_shim_imports_experta():
    importers = sorted(p.name for p, text in SOURCES.items()
                       if re.search(r"^\s*(?:from|import) experta\b", text, re.M))
    assert importers == ["_experta.py"]
    users = sorted(p.name for p, text in SOURCES.items() if "_experta" in text
                   and p.name != "_experta.py")
    assert users == ["engine.py"]


def code_strings(text: str) -> list[str]:
    """String literals that are code, not documentation (docstrings left out)."""
    tree = ast.parse(text)
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
            and isinstance(n.value, str) and id(n) not in docs]


@pytest.mark.slow
def test_no_card_name_in_package_code(base_expert):
    """Python reads text, runs the engine and renders proofs; it never names a card."""
    names = {c.name for c in base_expert.db.all_cards() if len(c.name) >= 6}
    literals = "\x00".join(lit for text in SOURCES.values() for lit in code_strings(text))
    by_start: dict[str, list[str]] = {}       # names by their first six characters
    for n in names:
        by_start.setdefault(n[:6], []).append(n)
    found = set()
    for i in range(len(literals)):            # every place a name could start ...
        if i and literals[i - 1].isalnum():
            continue
        for n in by_start.get(literals[i:i + 6], ()):
            end = i + len(n)                  # ... as a whole name, not inside a longer word
            if literals.startswith(n, i) and not (end < len(literals) and literals[end].isalnum()):
                found.add(n)
    assert not found


@pytest.mark.parametrize("name", ["guide-cases.yaml", "real-rulings.yaml", "player-questions.yaml"])
def test_acceptance_copy_is_identical_to_the_shared_one(name):
    """The acceptance cases are copied verbatim; compare when ../shared is beside the checkout."""
    root = pathlib.Path(__file__).resolve().parent.parent
    shared = root.parent / "shared" / "acceptance" / name
    if not shared.exists():
        pytest.skip("no ../shared beside this checkout")
    assert (root / "tests" / "acceptance" / name).read_bytes() == shared.read_bytes()


@pytest.mark.slow
def test_layer_contracts_are_kept():
    """import-linter checks the contracts in pyproject.toml: the parser never imports the reader,
    the questions or the engine; the reader never imports the parser; a question builds on
    scenario lines, never the other way."""
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", "from importlinter.cli import lint_imports_command;"
                          "lint_imports_command()"], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "3 kept, 0 broken" in out.stdout

def test_situate_is_composed_not_patched():
    """The told situation's event methods live in per-topic mixins of Situate: no module assigns
    to a class attribute of another (``Situate.ev_x = ...``), and the README's Layout table names
    every situate module."""
    patched = [(p.name, m.group(0)) for p, text in SOURCES.items()
               for m in re.finditer(r"^[A-Z]\w*\.\w+\s*=(?!=)", text, re.M)]
    assert not patched
    readme = (PKG.parent / "README.md").read_text(encoding="utf-8")
    situate = PKG / "situate"
    for p in sorted(situate.rglob("*.py")):
        if p.name != "__init__.py":
            assert f"`{p.relative_to(PKG.parent).as_posix()}`" in readme, p


def test_no_module_defines_a_top_level_name_twice():
    """(session after 34b7d8b) a function defined again further down a module replaces the first
    one silently: every caller of the first gets the second."""
    twice = []
    for p, text in SOURCES.items():
        seen = set()
        for node in ast.parse(text).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name in seen:
                    twice.append(f"{p.name}: {node.name}")
                seen.add(node.name)
    assert twice == []
