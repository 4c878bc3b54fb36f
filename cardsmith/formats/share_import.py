"""Provides the force a share code describes, with its units from the local catalogue."""

from __future__ import annotations

from dataclasses import replace

from cardsmith.formats.common import (
    NO_OPTIONS,
    ImportOptions,
    ImportReport,
    ImportState,
    decode_text,
    make_entry,
    map_spas,
)
from cardsmith.formats.matching import UnitMatcher
from cardsmith.formats.share_code import SharedForce, decode


def import_code(
    data: bytes,
    matcher: UnitMatcher,
    *,
    name: str = "",
    origin: str = "the code",
    options: ImportOptions = NO_OPTIONS,
) -> ImportReport:
    """A force from a share code (the code's text, as a file holds it or a user pastes it).

    Units come from the local catalogue by MUL id; a unit it lacks is reported as unknown,
    and stats that differ from the sender's (another data version) are warned about.

    Raises:
        ShareCodeError: not a share code, too new, or damaged.
    """
    shared = decode(decode_text(data, origin).strip())
    return force_from_shared(shared, matcher, name=name, options=options)


def force_from_shared(
    shared: SharedForce,
    matcher: UnitMatcher,
    *,
    name: str = "",
    options: ImportOptions = NO_OPTIONS,
) -> ImportReport:
    """The force a decoded share code describes, with units from ``matcher``'s catalogue."""
    state = ImportState()
    for number, item in enumerate(shared.entries, start=1):
        where = f"unit {number}"
        unit = matcher.joinable(item.mul_id)
        if unit is None:
            state.unknown.append(matcher.unknown(where, "", mul_id=item.mul_id))
            continue
        spas = map_spas(unit, item.spas, options.spa_catalogue, where, state.warnings)
        state.entries.append(
            make_entry(
                unit,
                skill=item.skill,
                pilot=item.pilot,
                spas=spas,
                group=item.group,
                commander=item.commander,
            )
        )
    report = state.report("code", name or shared.name, matcher, shared.groups)
    # Exactly the declared groups: entries may name groups a force never declared.
    force = report.force.with_changes(
        pack=shared.pack,
        cap=shared.cap,
        groups=shared.groups,
        era=shared.era,
        faction=shared.faction,
    )
    warnings = list(report.warnings)
    if not report.unknown and shared.data_version and force.data_version != shared.data_version:
        warnings.append(
            f"the local catalogue's stats differ from those the code was made with (data "
            f"version {force.data_version}, the code's {shared.data_version}); points and "
            "the fingerprint may differ"
        )
    return replace(report, force=force, warnings=tuple(warnings))
