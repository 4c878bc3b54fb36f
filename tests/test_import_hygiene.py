"""The core imports no UI library, requests stays in the catalogue, reportlab in render/pdf."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "cardsmith"
SHELLS = ("cli", "tui")
#: The core: every top-level module and package of cardsmith except the two shells.
CORE = sorted(
    p.stem if p.suffix == ".py" else p.name
    for p in PACKAGE.iterdir()
    if (p.suffix == ".py" and p.stem not in ("__init__", "__main__"))
    or (p.is_dir() and (p / "__init__.py").is_file() and p.name not in SHELLS)
)
UI = ("textual", "rich", "click", "cardsmith.tui", "cardsmith.cli")


@functools.cache
def _imports(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return frozenset(names)


def _core_files() -> list[Path]:
    files: list[Path] = []
    for name in CORE:
        target = PACKAGE / name
        if target.is_dir():
            files.extend(sorted(target.rglob("*.py")))
        else:
            files.append(target.with_suffix(".py"))
    return files


def _uses(imported: frozenset[str], lib: str) -> bool:
    return any(n == lib or n.startswith(lib + ".") for n in imported)


@pytest.mark.slow
def test_the_core_imports_no_ui() -> None:
    """One test over every core file (not one copy per file): the list says each offender."""
    bad = {
        str(path.relative_to(PACKAGE)): sorted(u for u in UI if _uses(_imports(path), u))
        for path in _core_files()
    }
    assert {rel: libs for rel, libs in bad.items() if libs} == {}
    assert len(bad) > 100  # the walk found the package


def test_third_party_libraries_stay_in_their_package() -> None:
    homes = {"requests": "catalogue/", "requests_cache": "catalogue/", "reportlab": "render/"}
    strays = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        imported = _imports(path)
        strays += [f"{rel} imports {lib}" for lib, home in homes.items()
                   if _uses(imported, lib) and not rel.startswith(home)]  # fmt: skip
    assert strays == []


def test_importing_the_core_loads_no_ui_library() -> None:
    modules = [f"cardsmith.{name}" for name in CORE]
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
        "import cardsmith.cli, cardsmith.cli.search_cmds\n"
        "bad = [m for m in ('textual', 'reportlab') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_a_search_loads_no_force_import_or_availability_module(tmp_path: Path) -> None:
    """``cardsmith search NAME`` pays only for searching: start-up is most of its time."""
    code = (
        "import sys\n"
        "from cardsmith.cli import main\n"
        "try:\n"
        "    main(['--cache-dir', sys.argv[1], 'search', 'atlas'])\n"
        "except SystemExit as stop:\n"
        "    assert not stop.code, stop.code\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('cardsmith'))))\n"
    )
    for _run in ("the first seeds the starter", "the second is looked at"):
        result = subprocess.run(
            [sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True
        )
    loaded = set(result.stdout.strip().splitlines()[-1].split(","))
    assert "cardsmith.services.catalogue" in loaded  # the search did run
    unneeded = {
        "cardsmith.models.force",  # forces and pilots
        "cardsmith.catalogue.dump",  # the import file reader
        "cardsmith.catalogue.availability",  # availability lists, read for --available-in
        "cardsmith.catalogue.factions",
        "cardsmith.services.catalogue_upkeep",  # import, info, clear
        "rapidfuzz",  # typos only
    }
    assert sorted(unneeded & loaded) == []
