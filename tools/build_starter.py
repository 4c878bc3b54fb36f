"""Rebuilds ``cache/starter.json``, the starter catalogue, from a MUL QuickList dump.

Usage: ``python tools/build_starter.py ../shared/mul/units.json``.  The unit ids below
are the starter selection: at least one unit of every card type, the seed's Griffin
GRF-1E "Sparky", a LAM and a QuadVee, and enough common 'Mechs and vehicles for two
real forces.  Only these units' stats are written, in cardsmith's own format.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardsmith.catalogue.dump import catalogue_document, read_unit_file  # noqa: E402

STARTER_IDS = (
    # BattleMechs: Succession Wars staples, the seed's Sparky and a few Clan designs
    140,
    1295,
    1297,
    1901,
    670,
    1692,
    2491,
    3573,
    1552,
    2901,
    478,
    2038,
    3488,
    174,
    1985,
    7467,
    772,
    3238,
    2697,
    3372,
    516,
    373,
    2610,
    3035,
    1514,
    240,
    # IndustrialMechs, ProtoMechs
    452,
    901,
    509,
    1239,
    # combat vehicles (tracked, wheeled, hover, VTOL)
    2735,
    2021,
    2807,
    1060,
    3395,
    2847,
    1175,
    1641,
    2461,
    2827,
    3030,
    1952,
    1390,
    # support vehicles
    154,
    1816,
    # battle armor, conventional infantry
    7387,
    8497,
    9,
    1141,
    1144,
    2,
    # aerospace and conventional fighters, a small craft
    1879,
    2923,
    3110,
    2992,
    155,
    1334,
    409,
    5790,
    # land-air 'Mech and QuadVee (modes as profiles)
    4824,
    7351,
)


def main(argv: list[str]) -> int:
    """Write the starter catalogue from the dump named on the command line."""
    if len(argv) != 2:
        print(__doc__)
        return 2
    records = {r.unit.mul_id: r.unit for r in read_unit_file(Path(argv[1]))}
    missing = [i for i in STARTER_IDS if i not in records]
    if missing:
        print(f"not in the dump: {missing}", file=sys.stderr)
        return 1
    units = sorted((records[i] for i in set(STARTER_IDS)), key=lambda u: u.mul_id)
    out = ROOT / "cache" / "starter.json"
    document = catalogue_document(units)
    out.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(units)} units to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
