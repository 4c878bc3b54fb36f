"""``IndexRow`` is declared for the type checker and built by collections at run time.

A plain search must not import typing (see ``cli.quick_search``), so the runtime class is
a ``collections.namedtuple`` over the index query's columns; the typed declaration beside
it must name the same columns in the same order.
"""

from __future__ import annotations

import ast
from pathlib import Path

from cardsmith.catalogue import index_rows


def test_the_declared_index_row_is_the_row_search_builds() -> None:
    tree = ast.parse(Path(index_rows.__file__).read_text(encoding="utf-8"))
    declared = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and node.name == "IndexRow"
    )
    names = [
        item.target.id
        for item in declared.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    ]
    assert len(names) == 13
    assert tuple(names) == index_rows.IndexRow._fields
