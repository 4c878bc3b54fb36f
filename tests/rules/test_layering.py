"""The check registry and the formation modules sit in no import cycle (function-level imports too)."""

from __future__ import annotations

import grimp
import pytest

PACKAGES = ("cardsmith.rules", "cardsmith.forces.formation", "cardsmith.services.checks")


def _cycles() -> list[list[str]]:
    """Every strongly connected group of two or more cardsmith modules (Tarjan's algorithm)."""
    graph = grimp.build_graph("cardsmith")
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in graph.find_modules_directly_imported_by(module):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_touches(package: str) -> None:
    touching = [c for c in _cycles() if any(m.startswith(package) for m in c)]
    assert touching == []


def test_the_registry_joins_every_check_module() -> None:
    from cardsmith.rules import (
        checks_availability,
        checks_composition,
        checks_formations,
        checks_pilots,
    )
    from cardsmith.rules.checks import CHECKS

    declared = [
        name
        for module in (checks_composition, checks_pilots, checks_availability, checks_formations)
        for name in module.CHECKS.specs
    ]
    assert sorted(declared) == sorted(CHECKS)
    assert len(declared) == len(set(declared))
