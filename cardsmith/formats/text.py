"""Provides plain-text and Markdown force lists for forums and play-by-web posts."""

from __future__ import annotations

from cardsmith.errors import CardsmithError
from cardsmith.forces.pricing import entry_pv, force_pv, total_pv
from cardsmith.forces.spas import load_spas
from cardsmith.models.force import SKILL_NAMES, Force, ForceEntry
from cardsmith.rules.engine import check_force, load_pack


def verdict(force: Force) -> tuple[str, list[str]]:
    """The rule pack's verdict in one line (or why there is none) and its violation messages."""
    try:
        result = check_force(force, load_pack(force.pack))
    except CardsmithError as exc:
        return f"Rule pack {force.pack}: not checked ({exc.message})", []
    messages = [v.message for v in result.violations]
    if result.legal and not result.violations:
        return f"Rule pack {force.pack}: legal", messages
    errors, warnings = len(result.errors), len(result.warnings)
    counts = ", ".join(
        text
        for text in (
            f"{errors} error{'s' * (errors != 1)}" if errors else "",
            f"{warnings} warning{'s' * (warnings != 1)}" if warnings else "",
        )
        if text
    )
    state = "legal" if result.legal else "NOT legal"
    return f"Rule pack {force.pack}: {state} ({counts})", messages


def _sections(force: Force) -> list[tuple[str, list[tuple[int, ForceEntry]]]]:
    """(heading, numbered entries) per group; ungrouped entries come last."""
    sections = []
    for name in force.group_names():
        members = force.members(name)
        if members:
            group = force.group(name)
            heading = (
                name if group is None or not group.formation else f"{name} ({group.formation})"
            )
            sections.append((heading, members))
    loose = force.members("")
    if loose:
        sections.append(("" if not sections else "Unassigned", loose))
    return sections


def _details(entry: ForceEntry) -> list[str]:
    parts = []
    if entry.pilot.name:
        parts.append(f"Pilot: {entry.pilot.name}")
    if entry.spas:
        parts.append(f"SPAs: {_spa_names(entry)}")
    if entry.unit.specials:
        parts.append(f"Specials: {entry.unit.specials_text}")
    return parts


def _spa_names(entry: ForceEntry) -> str:
    """SPA names as players know them (ids where the SPA catalogue cannot be read)."""
    try:
        catalogue = load_spas()
    except CardsmithError:
        return ", ".join(entry.spas)
    return ", ".join(spa.name if (spa := catalogue.get(i)) else i for i in entry.spas)


def _total_line(force: Force) -> str:
    units = len(force.entries)
    cap = f" of {force.cap}" if force.cap else ""
    return f"{units} unit{'s' * (units != 1)}, {force_pv(force)}{cap} PV"


def export_text(force: Force, *, markdown: bool = False) -> str:
    """The force as plain text (``markdown=False``) or Markdown, with totals and verdict."""
    return _markdown(force) if markdown else _plain(force)


def _plain(force: Force) -> str:
    lines = [f"{force.name} — {_total_line(force)}", ""]
    for heading, members in _sections(force):
        if heading:
            lines.append(f"{heading} — {total_pv(e for _, e in members)} PV")
        for index, entry in members:
            commander = " [commander]" if entry.commander else ""
            head = (
                f"{index:>2}. {entry.name} ({entry.unit.type_code}) — Skill {entry.skill}, "
                f"{entry_pv(entry)} PV{commander}"
            )
            lines.append(" — ".join([head, *_details(entry)]))
        lines.append("")
    lines.append(f"Total: {_total_line(force)}")
    line, problems = verdict(force)
    lines.append(line)
    lines.extend(f"  - {problem}" for problem in problems)
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    """Markdown table cell text: pipes escaped, no line breaks."""
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def _markdown(force: Force) -> str:
    lines = [f"## {_cell(force.name)}", "", f"**{_total_line(force)}**", ""]
    for heading, members in _sections(force):
        if heading:
            subtotal = total_pv(e for _, e in members)
            lines.extend([f"### {_cell(heading)} — {subtotal} PV", ""])
        lines.append("| # | Unit | Type | Skill | PV | Pilot | SPAs | Specials |")
        lines.append("|--:|------|------|------:|---:|-------|------|----------|")
        for index, entry in members:
            unit_name = _cell(entry.name) + (" ★" if entry.commander else "")
            skill = f"{entry.skill} ({SKILL_NAMES.get(entry.skill, '')})"
            lines.append(
                f"| {index} | {unit_name} | {entry.unit.type_code} | {skill} | {entry_pv(entry)} "
                f"| {_cell(entry.pilot.name)} | {_cell(_spa_names(entry))} "
                f"| {_cell(entry.unit.specials_text)} |"
            )
        lines.append("")
    lines.append(f"**Total:** {_total_line(force)}  ")
    line, problems = verdict(force)
    lines.append(f"**{line}**")
    if problems:
        lines.append("")
        lines.extend(f"- {_cell(problem)}" for problem in problems)
    if any(e.commander for e in force.entries):
        lines.extend(["", "★ commander"])
    return "\n".join(lines) + "\n"
