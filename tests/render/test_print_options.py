"""Every print option read back from the PDF: groups and formations, sorting, page breaks,
cards per page, the roster's wrapping, extra card kinds, blank skill, enlarged cards, fonts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pdfplumber
import pypdf
import pytest
from render.conftest import MM

from cardsmith.forces.pricing import adjusted_pv, entry_pv
from cardsmith.models import Force, ForceEntry, Group, Pilot, Unit
from cardsmith.render.content.sheets import SheetOptions
from cardsmith.render.layout.paper import sheet_layout
from cardsmith.render.pdf.record_sheets import render_sheets

#: A Battle Lance that qualifies (four Brawlers of size 3+) and a Skirmisher group that
#: declares a Battle Lance but is too light for it.
BRAWLERS = (516, 1985, 3238, 3488)
SKIRMISHERS = (1295, 2491, 2610, 3573)


@pytest.fixture
def lances(starter_units: dict[int, Unit]) -> Force:
    entries = [
        ForceEntry(starter_units[i], skill=4, pilot=Pilot(f"Pilot {i}"), group="Anvil")
        for i in BRAWLERS
    ] + [
        ForceEntry(starter_units[i], skill=3, group="Hammer", spas=("sniper",) if n == 0 else ())
        for n, i in enumerate(SKIRMISHERS)
    ]
    groups = (Group("Anvil", "battle"), Group("Hammer", "battle"))
    return Force(name="Two Lances", entries=tuple(entries), groups=groups)


def _pdf(tmp_path: Path, force: Force, name: str = "out.pdf", **options: Any) -> Path:
    options.setdefault("reference", False)
    return render_sheets([force], tmp_path / name, SheetOptions(**options))


def _texts(path: Path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


def _card_names(text: str, force: Force) -> list[str]:
    """Unit names of the cards on a page, slot by slot (from their ``#n · MUL id`` footers)."""
    return [force.entries[int(n) - 1].unit.name for n in re.findall(r"#(\d+) · MUL", text)]


def test_roster_shows_each_group_with_its_formation_verdict_and_bonus(
    tmp_path: Path, lances: Force
) -> None:
    roster = _texts(_pdf(tmp_path, lances))[0]
    anvil_pv = sum(entry_pv(e) for e in lances.entries if e.group == "Anvil")
    assert f"Anvil · {anvil_pv} PV — Battle Lance: qualifies" in roster
    hammer = re.search(r"Hammer · \d+ PV — Battle Lance: does not qualify: (.+)", roster)
    assert hammer, roster
    assert "Size 3 or larger" in hammer.group(1)  # which requirement it misses
    assert roster.count("Bonus: Shared Lucky") == 2
    # The Anvil rows come after its heading and before Hammer's.
    assert roster.index("Anvil ·") < roster.index("Centurion") < roster.index("Hammer ·")


@pytest.mark.slow
def test_card_pages_break_per_group_unless_asked_not_to(tmp_path: Path, lances: Force) -> None:
    broken = _texts(_pdf(tmp_path, lances, "groups.pdf"))
    assert len(broken) == 1 + 2  # roster, one page per group of four
    assert "group Anvil" in broken[1] and "group Hammer" not in broken[1]
    assert "group Hammer" in broken[2]
    together = _texts(_pdf(tmp_path, lances, "together.pdf", group_breaks=False))
    assert len(together) == 1 + 1


@pytest.mark.slow
@pytest.mark.parametrize("sort", ["pv", "name", "role"])
def test_sort_orders_roster_rows_and_cards(tmp_path: Path, lances: Force, sort: str) -> None:
    pages = _texts(_pdf(tmp_path, lances, group_breaks=False, sort=sort))
    members = list(lances.entries)
    keys = {
        "pv": lambda e: (-entry_pv(e), members.index(e)),
        "name": lambda e: (e.unit.name.casefold(),),
        "role": lambda e: ((e.unit.role or "").casefold(), e.unit.name.casefold()),
    }
    # The roster keeps a section per group; within it, rows follow the sort.
    for group in ("Anvil", "Hammer"):
        expected = [
            e.unit.name for e in sorted((e for e in members if e.group == group), key=keys[sort])
        ]
        roster_order = sorted(expected, key=lambda name: pages[0].index(name))
        assert roster_order == expected
    # Without group breaks the cards run in one sorted sequence.
    assert _card_names(pages[1], lances) == [e.unit.name for e in sorted(members, key=keys[sort])]


@pytest.mark.slow
@pytest.mark.parametrize("per_page", range(1, 9))
def test_cards_per_page_is_honoured_exactly(
    tmp_path: Path, starter_units: dict[int, Unit], per_page: int
) -> None:
    units = [u for u in starter_units.values() if u.type_code == "BM" and u.profiles is None][:9]
    force = Force(name="Nine", entries=tuple(ForceEntry(u) for u in units))
    with pdfplumber.open(_pdf(tmp_path, force, cards_per_page=per_page)) as pdf:
        counts = [len(re.findall(r"MUL \d+", page.extract_text())) for page in pdf.pages[1:]]
    full, rest = divmod(len(units), per_page)
    assert counts == [per_page] * full + ([rest] if rest else [])


def test_cards_per_page_beyond_what_fits_is_refused(tmp_path: Path, lances: Force) -> None:
    from cardsmith.errors import TemplateError

    with pytest.raises(TemplateError, match="at most 8 cards"):
        _pdf(tmp_path, lances, cards_per_page=9)
    with pytest.raises(TemplateError, match="at most 4 cards"):
        _pdf(tmp_path, lances, cards_per_page=5, enlarged=True)


def test_roster_wraps_long_cells_and_never_cuts_a_total(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    atlas = starter_units[140]
    long_pilot = "Wilhelmina Anastasia Konstantinopoulou-Vandenberghe"
    entries = [ForceEntry(atlas, skill=0, pilot=Pilot(long_pilot), spas=("sniper", "speed-demon"))]
    entries += [ForceEntry(atlas, skill=0) for _ in range(24)]
    force = Force(name="Heavy", entries=tuple(entries))
    assert sum(entry_pv(e) for e in entries) >= 1000
    out = _pdf(tmp_path, force)
    with pdfplumber.open(out) as pdf:
        words = [w["text"] for page in pdf.pages[:2] for w in page.extract_words()]
        roster = "\n".join(page.extract_text() for page in pdf.pages[:2])
    total = sum(entry_pv(e) for e in entries)
    assert str(total) in words, "the 4-digit total is printed whole"
    assert "…" not in roster
    for part in (*long_pilot.split(), "Sniper,", "Speed", "Demon"):
        assert part in words or any(part in w for w in words), part


def test_header_band_frames_the_column_headings(tmp_path: Path, lances: Force) -> None:
    with pdfplumber.open(_pdf(tmp_path, lances)) as pdf:
        page = pdf.pages[0]
        heading = next(w for w in page.extract_words() if w["text"] == "Unit")
        bands = [r for r in page.rects if r["fill"] and r["x0"] < heading["x0"] < r["x1"]]
        band = next(r for r in bands if r["top"] <= heading["top"] <= r["bottom"])
    assert band["top"] <= heading["top"] - 0.5 and heading["bottom"] + 0.5 <= band["bottom"]


@pytest.mark.slow
def test_pilot_spa_cards_and_tokens(tmp_path: Path, lances: Force) -> None:
    pages = _texts(_pdf(tmp_path, lances, extras=("pilot", "spa", "token")))
    pilots = next(p for p in pages if "pilot card" in p)
    assert "Pilot 516" in pilots and "SKILL 4" in pilots and "Regular" in pilots
    # The skirmisher with Sniper has no name, but an SPA: it gets a card with a write-in name.
    assert "Sniper (3 pts)" in pilots and "On the card: TN M+1 L+2 E+3" in pilots
    spa = next(p for p in pages if "SPA card" in p)
    assert "Sniper" in spa and "ASCE p.99" in spa and "Taken by:" in spa
    assert "#5 unnamed pilot (Griffin GRF-1E" in spa
    tokens = pages[-1]
    for index, entry in enumerate(lances.entries, start=1):
        assert f"#{index}" in tokens
        assert entry.unit.name.split()[0] in tokens


def test_roster_only_prints_no_cards(tmp_path: Path, lances: Force) -> None:
    pages = _texts(_pdf(tmp_path, lances, roster_only=True, extras=("pilot",)))
    assert len(pages) == 1 and "Two Lances" in pages[0]


def test_blank_skill_cards_leave_the_skill_and_list_pv_per_skill(
    tmp_path: Path, lances: Force
) -> None:
    pages = _texts(_pdf(tmp_path, lances, blank_skill=True))
    cards = "\n".join(pages[1:])
    assert not re.search(r"TN \d+\+", cards)  # no target number without a skill
    assert "skill+0" in cards and "skill+4" in cards
    assert "SKILL ____" in cards
    griffin = lances.entries[4].unit
    row = " ".join(str(adjusted_pv(griffin.pv, s)) for s in range(8))
    assert f"PV {row}" in cards


def test_enlarged_cards_are_four_to_a_landscape_page(tmp_path: Path, lances: Force) -> None:
    out = _pdf(tmp_path, lances, enlarged=True)
    reader = pypdf.PdfReader(out)
    roster, first_cards = reader.pages[0], reader.pages[1]
    assert float(roster.mediabox.width) < float(roster.mediabox.height)
    assert float(first_cards.mediabox.width) > float(first_cards.mediabox.height)
    layout = sheet_layout("letter", None, scale=1.5, landscape=True)
    assert layout.per_page == 4
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[1]
        assert len(re.findall(r"MUL \d+", page.extract_text())) == 4
        frames = [
            r for r in page.rects if abs(r["width"] - 88.9 * 1.5 * MM) < 1.0 and not r["fill"]
        ]
    assert len(frames) == 4


def test_every_font_is_embedded(tmp_path: Path, lances: Force) -> None:
    from cardsmith.services.printing import ForceToPrint, print_forces

    out = tmp_path / "fonts.pdf"
    # Through the print use case, so the roster carries its QR code too.
    print_forces([ForceToPrint(lances)], out, SheetOptions(extras=("pilot", "spa", "token")))
    seen = set()
    for page in pypdf.PdfReader(out).pages:
        fonts = page["/Resources"].get("/Font", {})  # type: ignore[attr-defined]
        for ref in fonts.values():
            font = ref.get_object()
            seen.add(str(font["/BaseFont"]))
            descendants = font.get("/DescendantFonts")
            described = descendants[0].get_object() if descendants else font
            descriptor = described["/FontDescriptor"].get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font
    assert seen and not [name for name in seen if "Helvetica" in name]


def test_stat_line_and_target_numbers_are_readable(tmp_path: Path, lances: Force) -> None:
    from render.conftest import in_box

    from cardsmith.render.layout.card import load_template

    layout = sheet_layout("letter")
    info = load_template("mech").boxes["info"]
    with pdfplumber.open(_pdf(tmp_path, lances)) as pdf:
        page = pdf.pages[1]
        words = page.extract_words(extra_attrs=["size"])
    for slot in range(4):
        left, top = layout.card_origin(slot)
        rect = (
            (left + info.x) * MM,
            (top + info.y) * MM,
            (left + info.right) * MM,
            (top + info.bottom) * MM,
        )
        stat = [w for w in words if in_box(w, rect, slack=0)]
        assert {"TP", "SZ", "TMM", "MV", "ROLE", "SKILL"} <= {w["text"] for w in stat}
        assert min(w["size"] for w in stat) >= 8.0 - 1e-6
    targets = [w["size"] for w in words if re.fullmatch(r"\d+\+", w["text"])]
    assert len(targets) == 4 * 3 and min(targets) >= 7.0 - 1e-6


def test_long_names_keep_their_distinguishing_end(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    base = starter_units[8497]  # Elemental Battle Armor [Laser] (Sqd5)
    long_name = "Elemental Battle Armor Heavy Assault Experimental Prototype [Laser] (Sqd5)"
    unit = base.__class__(
        **{**{f: getattr(base, f) for f in base.__dataclass_fields__}, "name": long_name}
    )
    force = Force(name="Long", entries=(ForceEntry(unit),))
    cards = _texts(_pdf(tmp_path, force))[1]
    title = next(line for line in cards.splitlines() if line.startswith("Elemental"))
    assert "…" in title and title.split("PV")[0].rstrip().endswith("[Laser] (Sqd5)")


@pytest.mark.slow
def test_roster_qr_code_decodes_to_the_force_share_code(tmp_path: Path, lances: Force) -> None:
    import zxingcpp

    from cardsmith.formats.share_code import decode
    from cardsmith.services.printing import ForceToPrint, print_forces, roster_share_code

    out = tmp_path / "qr.pdf"
    print_forces([ForceToPrint(lances)], out, SheetOptions(reference=False, roster_only=True))
    with pdfplumber.open(out) as pdf:
        image = pdf.pages[0].to_image(resolution=200).original
        assert "Share code" in pdf.pages[0].extract_text()
    found = zxingcpp.read_barcodes(image)
    assert [b.format for b in found] == [zxingcpp.BarcodeFormat.QRCode]
    assert found[0].text == roster_share_code(lances)
    shared = decode(found[0].text)
    assert [e.mul_id for e in shared.entries] == [e.unit.mul_id for e in lances.entries]


def test_roster_breaks_a_long_word_at_its_hyphen(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    force = Force(
        name="Hyphen",
        entries=(ForceEntry(starter_units[140], pilot=Pilot("Natasha Kerensky-Longname")),),
    )
    with pdfplumber.open(_pdf(tmp_path, force)) as pdf:
        words = [w["text"] for w in pdf.pages[0].extract_words()]
    assert "Kerensky-" in words and "Longname" in words


def test_a_token_keeps_the_whole_of_a_long_name_when_it_has_room(
    tmp_path: Path, starter_units: dict[int, Unit]
) -> None:
    base = starter_units[2735]
    long_name = "Mobile Long Tom Artillery LT-MOB-25F (Ammunition Loader Carriage)"
    unit = base.__class__(
        **{**{f: getattr(base, f) for f in base.__dataclass_fields__}, "name": long_name}
    )
    force = Force(name="Long", entries=(ForceEntry(unit),))
    tokens = _texts(_pdf(tmp_path, force, extras=("token",)))[-1]
    assert "…" not in tokens
    for word in long_name.split():
        assert word in tokens, word
