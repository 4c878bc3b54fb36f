"""Provides the links between a campaign and the table: pilots from a force, battle results."""

from __future__ import annotations

from dataclasses import dataclass

from cardsmith.battle.state import Battle, UnitState
from cardsmith.campaign.flow import add_warrior
from cardsmith.campaign.model import Campaign, CampaignError, Warrior
from cardsmith.campaign.postgame import PostGamePlan
from cardsmith.campaign.replay import Roster, replay
from cardsmith.models.force import Force, ForceEntry
from cardsmith.tables.loader import TableSet

#: The stat a pilot's Alpha Strike skill goes into (ASCE p.29: 0-7, lower is better).
SKILL_STAT = "skill"


@dataclass(frozen=True, slots=True)
class PilotsAdded:
    """Pilots added to the roster from a force file, and the ones already on it."""

    campaign: Campaign
    warriors: tuple[Warrior, ...]
    skipped: tuple[str, ...]


def pilots_from_force(campaign: Campaign, tables: TableSet, force: Force) -> PilotsAdded:
    """One warrior per unit of ``force``: the pilot's name, skill and SPAs, and the unit.

    A unit without a pilot name gets ``Pilot of <unit>``; a name already on the roster is
    not added twice, so a force can be read again after new units join it.

    Raises:
        CampaignError: the campaign's pack has no pilot skill (it is not an Alpha Strike
            pack), or the force has no units.
    """
    pack = tables.packs[campaign.pack]
    if pack.stat(SKILL_STAT) is None:
        raise CampaignError(
            f"pack {pack.id} has no pilot skill: pilots come from a force only into an "
            "Alpha Strike campaign (pack alpha-strike-pilots)"
        )
    if not force.entries:
        raise CampaignError(f"force {force.name!r} has no units, so no pilots")
    kind = next((k for k in pack.kinds if k.id == "pilot"), pack.kinds[0])
    taken = {w.name.casefold() for w in replay(campaign).warriors}
    added: list[Warrior] = []
    skipped: list[str] = []
    for entry in force.entries:
        name = entry.pilot.name.strip() or f"Pilot of {entry.name}"
        if name.casefold() in taken:
            skipped.append(f"{name} is on the roster already")
            continue
        taken.add(name.casefold())
        campaign, warrior = add_warrior(
            campaign,
            tables,
            name,
            kind.id,
            {SKILL_STAT: entry.skill},
            equipment=(entry.name,),
            skills=entry.spas,
        )
        added.append(warrior)
    return PilotsAdded(campaign, tuple(added), tuple(skipped))


@dataclass(frozen=True, slots=True)
class BattleResults:
    """What a battle file says about the campaign's pilots, for the post-game step."""

    casualties: tuple[str, ...]
    """Warrior ids whose unit was destroyed or whose pilot was hit: they roll for injury."""
    lines: tuple[str, ...]
    """One line per pilot found in the battle, saying what happened and why."""

    def merged_into(self, plan: PostGamePlan) -> PostGamePlan:
        """``plan`` with these casualties added (each warrior once)."""
        casualties = tuple(dict.fromkeys((*plan.casualties, *self.casualties)))
        return PostGamePlan(plan.opponent, plan.result, casualties, plan.xp, plan.advance)


def _match(roster: Roster, entry: ForceEntry) -> Warrior | None:
    """The roster's pilot of a unit: by pilot name, else by the unit recorded with them."""
    playing = [w for w in roster.warriors if w.available]
    name = entry.pilot.name.strip().casefold()
    if name:
        named = [w for w in playing if w.name.casefold() == name]
        if len(named) == 1:
            return named[0]
    by_unit = [w for w in playing if entry.name in w.equipment]
    return by_unit[0] if len(by_unit) == 1 else None


def _what_happened(state: UnitState) -> str | None:
    if state.destroyed:
        return "unit destroyed"
    if state.pilotless:
        return "pilot killed or ejected"
    if state.pilot_wounds:
        return f"pilot hit {state.pilot_wounds} time{'s' if state.pilot_wounds != 1 else ''}"
    return None


def battle_results(campaign: Campaign, battle: Battle) -> BattleResults:
    """Which of the campaign's pilots a battle took out: destroyed units and pilot hits.

    Pilots are matched to units by name (the force's pilot name, as ``add-pilots`` keeps
    it) or by the unit recorded with them; units of other sides match nobody.
    """
    roster = replay(campaign)
    casualties: list[str] = []
    lines: list[str] = []
    for state in battle.units:
        entry = battle.force_entry(state)
        warrior = _match(roster, entry)
        if warrior is None or warrior.id in casualties:
            continue
        what = _what_happened(state)
        if what is None:
            lines.append(f"{warrior.name} ({entry.name}): came through unhurt")
            continue
        casualties.append(warrior.id)
        lines.append(f"{warrior.name} ({entry.name}): {what}, rolls for injury")
    if not lines:
        lines.append("No pilot of this campaign is in the battle (names or units differ)")
    return BattleResults(tuple(casualties), tuple(lines))
