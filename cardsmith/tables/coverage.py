"""Provides the coverage check: every possible result of a table maps to exactly one entry."""

from __future__ import annotations

from cardsmith.tables.model import Table


def coverage_problems(table: Table, *, minimum: int = 0) -> list[str]:
    """Why the table's ranges fail to give every possible result exactly one entry."""
    reasons: list[str] = []
    if not table.entries:
        return ["the table has no entries"]
    if table.dice is not None:
        possible = sorted(table.dice.results())
        missing = [r for r in possible if not any(e.covers(r) for e in table.entries)]
        if missing:
            reasons.append(f"no entry for {table.dice} results {_numbers(missing)}")
        for r in possible:
            hits = [e.key for e in table.entries if e.covers(r)]
            if len(hits) > 1:
                reasons.append(f"result {r} is claimed by several entries: {', '.join(hits)}")
        for entry in table.entries:
            if not any(entry.covers(r) for r in possible):
                reasons.append(
                    f"{entry.key}: range {entry.range_text} holds no {table.dice} result"
                )
        return reasons
    # A lookup table: ranges must run without gaps from ``minimum`` and end open (101+).
    ordered = sorted(table.entries, key=lambda e: e.low)
    expected = minimum
    for entry in ordered:
        if entry.low > expected:
            what = table.input_label or "values"
            reasons.append(f"no entry for {what} {expected}-{entry.low - 1}")
        elif entry.low < expected:
            reasons.append(f"{entry.key}: range {entry.range_text} overlaps the entry before it")
        if entry.high is None:
            if entry is not ordered[-1]:
                reasons.append(f"{entry.key}: only the last range may be open ({entry.range_text})")
            return reasons
        expected = max(expected, entry.high + 1)
    reasons.append(f"the last range must be open-ended (like {expected}+)")
    return reasons


def _numbers(values: list[int]) -> str:
    shown = ", ".join(str(v) for v in values[:12])
    return shown + (f" … ({len(values)} in all)" if len(values) > 12 else "")
