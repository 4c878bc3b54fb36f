"""Provides ``campaign_sheet_data``: a campaign's roster sheet as plain rows (no drawing).

Pure: the PDF draws from these rows, and tests (or a text view) can read them directly.
Everything is rebuilt from the campaign's log, so the sheet always shows the replayed
roster, never a stale snapshot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from cardsmith.campaign.model import CAPTURED, DEAD, GONE, Campaign, LogEntry, Warrior
from cardsmith.campaign.replay import effective_entries, replay
from cardsmith.tables.dice import DiceRoll
from cardsmith.tables.loader import TableSet
from cardsmith.tables.model import Pack, StatDef
from cardsmith.tables.outcome import Outcome

#: Statuses of warriors no longer on the team; they are listed last.
FALLEN = (DEAD, GONE)

#: Headings of the detail lines under a warrior, in the order they are printed.
DETAIL_HEADINGS = (
    "Skills",
    "Injuries",
    "Advances",
    "Conditions",
    "Equipment",
    "Hates",
    "Note",
)


@dataclass(frozen=True, slots=True)
class StatColumn:
    """One stat column of the warriors table."""

    id: str
    header: str
    """Short header printed above the column (``Sht``)."""
    label: str
    """Full name for the legend (``Shooting``)."""


@dataclass(frozen=True, slots=True)
class WarriorRow:
    """One warrior as the sheet prints them."""

    id: str
    name: str
    role: str
    """The kind's label from the pack: ``Hero``, ``Hired gun``, ``Pilot``."""
    stats: tuple[str, ...]
    """One cell per stat column (``4+``, ``3``; empty when the warrior lacks the stat)."""
    xp: int
    status: str
    """``available``, ``missing 2 games``, ``captured``, ``dead`` or ``gone``."""
    state: str
    """``available``, ``missing``, ``captured`` or ``fallen`` (how the row is styled)."""
    details: tuple[tuple[str, str], ...]
    """(heading, text) lines under the row: skills, injuries, conditions, equipment …"""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log entry in words."""

    seq: int
    game: int
    text: str


@dataclass(frozen=True, slots=True)
class CampaignSheet:
    """Everything on a campaign roster sheet."""

    name: str
    pack_title: str
    house_default: bool
    """True when the campaign uses house-default tables (printed as a reminder)."""
    games_played: int
    games: tuple[str, ...]
    """One short line per game: ``1 vs Los Bandidos (loss)``."""
    funds: int
    stat_columns: tuple[StatColumn, ...]
    warriors: tuple[WarriorRow, ...]
    log: tuple[LogLine, ...]
    """The last log entries, oldest first."""
    log_total: int
    """How many entries the whole log has."""


def campaign_sheet_data(
    campaign: Campaign,
    tables: TableSet,
    *,
    log_entries: int = 12,
    stat_headers: Mapping[str, str] | None = None,
) -> CampaignSheet:
    """The roster sheet of ``campaign``: header facts, warrior rows and the last log entries.

    ``tables`` gives the labels (stats, kinds, skills) of the campaign's pack; a pack that
    is not loaded falls back to the ids stored in the log.
    """
    roster = replay(campaign)
    pack = tables.packs.get(campaign.pack)
    columns = _stat_columns(pack, roster.warriors, stat_headers or {})
    skill_labels = _skill_labels(tables, campaign.pack)
    history = _roll_history(campaign, tables, pack)
    starts = _starting_stats(campaign)
    kind_order = {k.id: i for i, k in enumerate(pack.kinds)} if pack else {}
    ordered = sorted(
        enumerate(roster.warriors),
        key=lambda item: (
            item[1].status in FALLEN,
            kind_order.get(item[1].kind, len(kind_order)),
            item[0],
        ),
    )
    rows = tuple(
        _warrior_row(w, pack, columns, skill_labels, history.get(w.id, {}), starts.get(w.id, set()))
        for _, w in ordered
    )
    games = tuple(
        f"{g.number}"
        + (f" vs {g.opponent}" if g.opponent else "")
        + (f" ({g.result})" if g.result else "")
        for g in roster.games
    )
    count = max(0, log_entries)
    shown = campaign.log[-count:] if count else ()
    return CampaignSheet(
        name=campaign.name,
        pack_title=pack.title if pack else campaign.pack,
        house_default=bool(pack and pack.house_default),
        games_played=len(roster.games),
        games=games,
        funds=roster.funds,
        stat_columns=columns,
        warriors=rows,
        log=tuple(log_lines(campaign, shown, {k.id: k.label for k in pack.kinds} if pack else {})),
        log_total=len(campaign.log),
    )


def _stat_columns(
    pack: Pack | None, warriors: tuple[Warrior, ...], headers: Mapping[str, str]
) -> tuple[StatColumn, ...]:
    ids = [s.id for s in pack.stats] if pack else []
    # A stat a warrior carries that the pack does not define still gets a column.
    for warrior in warriors:
        ids.extend(k for k, _ in warrior.stats if k not in ids)
    columns = []
    for stat_id in ids:
        stat = pack.stat(stat_id) if pack else None
        label = stat.label if stat else stat_id
        columns.append(StatColumn(stat_id, headers.get(stat_id, label), label))
    return tuple(columns)


def _skill_labels(tables: TableSet, pack_id: str) -> dict[str, str]:
    if pack_id not in tables.packs:
        return {}
    return {e.key: e.label for t in tables.skill_tables(pack_id) for e in t.entries}


def _story(outcome: Outcome) -> str:
    """``Multiple injuries (Leg wound; Hand wound (Light hand wound))``.

    A result that asked a choice names what was chosen (``+1 Strength or +1 Fighting:
    +1 Strength``), so the sheet shows what changed, not just the question.
    """
    text = outcome.label
    if outcome.choices and outcome.changes:
        text += ": " + ", ".join(c.label for c in outcome.changes)
    if outcome.children:
        text += f" ({'; '.join(_story(c) for c in outcome.children)})"
    return text


def _roll_history(
    campaign: Campaign, tables: TableSet, pack: Pack | None
) -> dict[str, dict[str, list[str]]]:
    """Per warrior id: injury and advancement results still in force, by heading."""
    injury = pack.injury_table if pack else ""
    advancement = {k.advancement for k in pack.kinds if k.advancement} if pack else set()
    found: dict[str, dict[str, list[str]]] = {}
    for item, source in effective_entries(campaign):
        if item.action != "roll":
            continue
        table = str(source.data.get("table", ""))
        if table == injury:
            heading = "Injuries"
        elif table in advancement:
            heading = "Advances"
        else:
            continue
        outcome = Outcome.from_json(source.data["outcome"])
        if heading == "Injuries" and not any(
            c.kind not in ("note", "xp") for c in outcome.all_changes()
        ):
            # "Shaken but fine" and "Full recovery" change nothing: no injury to list
            # (the roll stays in the log).
            continue
        found.setdefault(item.warrior, {}).setdefault(heading, []).append(
            f"game {item.game}: {_story(outcome)}"
        )
    return found


def _starting_stats(campaign: Campaign) -> dict[str, set[str]]:
    """Per warrior id: the stats given when they joined (the rest only count advances)."""
    return {
        e.warrior: set(e.data.get("warrior", {}).get("stats", {}))
        for e in campaign.log
        if e.action == "add-warrior"
    }


def stat_cell(value: int | None, stat: StatDef | None, started: bool) -> str:
    """A stat as the sheet prints it.

    A stat the warrior joined with prints its value (``4+``, ``3``).  One they joined
    without holds only what advances and injuries did to it, so it prints as the change
    (``+1``: one step better; for a stat where lower is better a step better is a step
    down), never as a value the warrior does not have (a +1 Strength is not "Str 1").
    """
    if value is None:
        return ""
    if started:
        return f"{value}{stat.suffix if stat else ''}"
    steps = -value if stat is not None and stat.lower_is_better else value
    return f"{steps:+d}"


def _warrior_row(
    warrior: Warrior,
    pack: Pack | None,
    columns: tuple[StatColumn, ...],
    skill_labels: Mapping[str, str],
    history: Mapping[str, list[str]],
    started: set[str],
) -> WarriorRow:
    kind = pack.kind(warrior.kind) if pack else None
    cells = []
    for column in columns:
        stat = pack.stat(column.id) if pack else None
        cells.append(stat_cell(warrior.stat(column.id), stat, column.id in started))
    details: list[tuple[str, str]] = []
    if warrior.skills:
        counts = Counter(warrior.skills)
        picks: dict[str, list[str]] = {}
        for skill, pick in warrior.skill_picks:
            picks.setdefault(skill, []).append(pick)
        names = [
            skill_labels.get(s, s)
            + (
                f" ({', '.join(picks[s])})"
                if s in picks
                else (f" ×{counts[s]}" if counts[s] > 1 else "")
            )
            for s in dict.fromkeys(warrior.skills)
        ]
        details.append(("Skills", ", ".join(names)))
    for heading in ("Injuries", "Advances"):
        if history.get(heading):
            details.append((heading, "; ".join(history[heading])))
    if warrior.conditions:
        texts = []
        for condition in warrior.conditions:
            left = condition.games_left
            tail = f" ({left} game{'s' if left != 1 else ''} left)" if left else ""
            texts.append(condition.label + tail)
        details.append(("Conditions", "; ".join(texts)))
    if warrior.equipment:
        details.append(("Equipment", ", ".join(warrior.equipment)))
    if warrior.enmities:
        details.append(("Hates", ", ".join(warrior.enmities)))
    note = warrior.status_note
    if warrior.status == CAPTURED and warrior.bounty:
        note = f"{note}; if handed to the law, the captors get ${warrior.bounty}".lstrip("; ")
    if note:
        details.append(("Note", note))
    return WarriorRow(
        id=warrior.id,
        name=warrior.name,
        role=kind.label if kind else warrior.kind,
        stats=tuple(cells),
        xp=warrior.xp,
        status="available" if warrior.available else warrior.standing,
        state=_state(warrior),
        details=tuple(details),
    )


def _state(warrior: Warrior) -> str:
    if warrior.status in FALLEN:
        return "fallen"
    if warrior.status == CAPTURED:
        return "captured"
    return "missing" if warrior.miss_games else "available"


def log_lines(
    campaign: Campaign,
    entries: tuple[LogEntry, ...] | None = None,
    kind_labels: Mapping[str, str] | None = None,
) -> list[LogLine]:
    """Log entries (all by default) in words, naming warriors and marking corrections."""
    names = {
        e.warrior: str(e.data.get("warrior", {}).get("name", e.warrior))
        for e in campaign.log
        if e.action == "add-warrior"
    }
    undone = {int(e.data["target"]) for e in campaign.log if e.action == "undo"}
    replaced: dict[int, int] = {}
    for e in campaign.log:
        if e.action == "replace" and e.seq not in undone:
            replaced[int(e.data["replaces"])] = e.seq
    lines = []
    for entry in campaign.log if entries is None else entries:
        name = names.get(entry.warrior, entry.warrior)
        text = _entry_text(entry, name, kind_labels or {}, campaign)
        if entry.seq in undone:
            text += " (undone)"
        elif entry.seq in replaced:
            text += f" (replaced by #{replaced[entry.seq]})"
        lines.append(LogLine(entry.seq, entry.game, text))
    return lines


def _dice_text(roll: DiceRoll) -> str:
    """Compact dice for a log line: ``D66 16``, ``D6 4``, ``2D6 3+2=5``, ``D6x5 4=20``."""
    expr = roll.expr
    if expr.is_d66 or (len(roll.dice) == 1 and roll.total == roll.dice[0]):
        return f"{expr} {roll.total}"
    return f"{expr} {'+'.join(str(d) for d in roll.dice)}={roll.total}"


def _entry_text(
    entry: LogEntry, name: str, kind_labels: Mapping[str, str], campaign: Campaign
) -> str:
    data = entry.data
    if entry.action == "add-warrior":
        kind = str(data["warrior"].get("kind", "?"))
        return f"{name} joins as {kind_labels.get(kind, kind).lower()}"
    if entry.action == "game":
        opponent = data.get("opponent") or "an unnamed opponent"
        result = f": {data['result']}" if data.get("result") else ""
        return f"Game {data.get('number', entry.game)} against {opponent}{result}"
    if entry.action in ("roll", "replace"):
        outcome = Outcome.from_json(data["outcome"])
        dice = ", ".join(_dice_text(r) for r in outcome.all_rolls())
        head = f"{name}: {outcome.table_title}: {_story(outcome)}"
        tail = f" — replaces #{data['replaces']}" if entry.action == "replace" else ""
        return f"{head} [{dice}]{tail}" if dice else head + tail
    if entry.action == "undo":
        target = int(data["target"])
        what = next((e.action for e in campaign.log if e.seq == target), "entry")
        return f"Undo #{target} ({what}{' for ' + name if entry.warrior else ''})"
    if entry.action == "adjust":
        changes = ", ".join(str(c.get("label", "")) for c in data.get("changes", []))
        who = f"{name}: " if entry.warrior else "Team: "
        reason = data.get("reason") or "by hand"
        return f"{who}{changes} ({reason})"
    if entry.action == "release":
        how = str(data.get("how", ""))
        if how == "bounty":
            return f"{name} handed to the law; captors get ${data.get('reward', '?')}"
        return f"{name} released ({how})"
    return f"{entry.action} {name}".strip()
