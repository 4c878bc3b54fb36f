"""The core imports no UI library, requests stays in the catalogue, reportlab in render/pdf."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardsmith"
CORE = [
    "models",
    "catalogue",
    "forces",
    "rules",
    "tables",
    "campaign",
    "formats",
    "render",
    "battle",
    "profiles",
    "services",
    "glossary",
    "fileio",
    "paths",
    "errors",
]
UI = ("textual", "rich", "click", "cardsmith.tui", "cardsmith.cli")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _core_files() -> list[Path]:
    files: list[Path] = []
    for name in CORE:
        target = PACKAGE / name
        if target.is_dir():
            files.extend(sorted(target.rglob("*.py")))
        elif target.with_suffix(".py").is_file():
            files.append(target.with_suffix(".py"))
    return files


@pytest.mark.parametrize("path", _core_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_core_module_imports_no_ui(path: Path) -> None:
    bad = {n for n in _imports(path) if any(n == u or n.startswith(u + ".") for u in UI)}
    assert not bad, f"{path.name} imports UI code: {sorted(bad)}"


def _all_files() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _all_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_third_party_libraries_stay_in_their_package(path: Path) -> None:
    rel = path.relative_to(PACKAGE).as_posix()
    imported = _imports(path)
    uses = lambda lib: any(n == lib or n.startswith(lib + ".") for n in imported)  # noqa: E731
    if uses("requests") or uses("requests_cache"):
        assert rel.startswith("catalogue/"), f"{rel} imports requests outside cardsmith.catalogue"
    if uses("reportlab"):
        assert rel.startswith("render/pdf/"), f"{rel} imports reportlab outside render/pdf"


def test_importing_the_core_loads_no_ui_library() -> None:
    modules = [
        f"cardsmith.{name}"
        for name in CORE
        if (PACKAGE / name).exists() or (PACKAGE / f"{name}.py").exists()
    ]
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "bad = [m for m in ('textual', 'rich', 'click') if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "", f"the core pulled in: {result.stdout.strip()}"


def test_search_command_does_not_load_pdf_or_tui_libraries() -> None:
    code = (
        "import sys\n"
        "import cardsmith.cli, cardsmith.cli.catalogue_cmds\n"
        "bad = [m for m in ('textual', 'reportlab') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
