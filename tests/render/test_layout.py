"""Card templates and sheet geometry: loaded, validated and laid out without drawing."""

from __future__ import annotations

import copy
import tomllib
from typing import Any

import pytest

from cardsmith.errors import TemplateError
from cardsmith.paths import templates_dir
from cardsmith.render.layout.card import (
    FAMILIES,
    MAX_PIP_PITCH_MM,
    MIN_PIP_PITCH_MM,
    load_template,
    parse_template,
    pip_rows,
)
from cardsmith.render.layout.paper import load_sheet, parse_sheet, sheet_layout


def _raw(family: str) -> dict[str, Any]:
    with (templates_dir() / "cards" / f"{family}.toml").open("rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_shipped_template_loads_and_has_its_card_size(family: str) -> None:
    template = load_template(family)
    assert template.family == family
    assert (template.width, template.height) == (88.9, 63.5)
    for box in template.boxes.values():
        assert box.x >= 0 and box.right <= template.width
        assert box.y >= 0 and box.bottom <= template.height


@pytest.mark.parametrize(
    ("family", "has_heat", "has_crits"),
    [
        ("mech", True, True),
        ("vehicle", False, True),
        ("protomech", False, True),
        ("infantry", False, False),
        ("fighter", True, True),
        ("aerospace", False, True),
        ("large-craft", False, True),
        ("building", False, False),
    ],
)
def test_family_boxes_match_the_card_facts(family: str, has_heat: bool, has_crits: bool) -> None:
    # Which tracks go in the crits box is the battle engine's (test_card_model checks them).
    template = load_template(family)
    assert bool(template.heat_scale) is has_heat
    assert ("crits" in template.boxes) is has_crits


def test_a_template_may_not_define_its_own_crit_tracks() -> None:
    data = copy.deepcopy(_raw("mech"))
    data["crit"] = [{"name": "ENGINE", "boxes": 1}]
    with pytest.raises(TemplateError) as caught:
        parse_template(data)
    assert any("templates/battle/crits.toml" in p for p in caught.value.problems)


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["box"]["pv"].update(x_mm=80.0), "box 'pv': extends"),
        (lambda d: d["box"]["pv"].update(y_mm=60.0), "past the bottom edge"),
        (lambda d: d["box"]["name"].update(font="comic"), "box 'name': font must be one of"),
        (
            lambda d: d["box"]["name"].update(w_mm=-3.0),
            "box 'name': width and height must be positive",
        ),
        (lambda d: d["box"]["specials"].update(y_mm=40.0), "box 'armor' overlaps box 'specials'"),
        (lambda d: d["box"].pop("pilot"), "box 'pilot' is missing"),
        (lambda d: d["box"].pop("heat"), "box 'heat' is missing but the family has a heat scale"),
        (
            lambda d: d["box"]["crits"].update(h_mm=5.0),
            "box 'crits' is 5.0 mm tall; a title and one track need",
        ),
        (
            lambda d: d["box"].update(banner={"x_mm": 0, "y_mm": 0, "w_mm": 1, "h_mm": 1}),
            "box 'banner': unknown box",
        ),
        (lambda d: d["box"]["info"].update(size=40), "box 'info': size must be 3-30 pt"),
    ],
)
def test_geometry_errors_name_the_box_and_the_problem(mutate: Any, expected: str) -> None:
    data = copy.deepcopy(_raw("mech"))
    mutate(data)
    with pytest.raises(TemplateError) as caught:
        parse_template(data, source="mech.toml")
    assert "mech.toml" in caught.value.message
    assert any(expected in p for p in caught.value.problems), caught.value.problems


def test_heat_box_on_a_family_without_heat_is_refused() -> None:
    data = copy.deepcopy(_raw("vehicle"))
    data["box"]["heat"] = {"x_mm": 60, "y_mm": 2, "w_mm": 5, "h_mm": 5}
    with pytest.raises(TemplateError) as caught:
        parse_template(data)
    assert any("no heat scale" in p for p in caught.value.problems)


def test_all_problems_are_reported_together() -> None:
    data = copy.deepcopy(_raw("mech"))
    data["box"]["pv"]["x_mm"] = 80.0
    data["box"]["name"]["font"] = "comic"
    with pytest.raises(TemplateError) as caught:
        parse_template(data)
    assert len(caught.value.problems) >= 2


@pytest.mark.parametrize(("paper", "size"), [("letter", (215.9, 279.4)), ("a4", (210.0, 297.0))])
def test_eight_cards_fit_centred_on_letter_and_a4(paper: str, size: tuple[float, float]) -> None:
    layout = sheet_layout(paper, 8)
    assert (layout.page_width, layout.page_height) == size
    assert (layout.columns, layout.rows) == (2, 4)
    right = layout.page_width - (layout.left + 2 * layout.card_width)
    bottom = layout.page_height - (layout.top + 4 * layout.card_height)
    assert layout.left == pytest.approx(right)
    assert layout.top == pytest.approx(bottom)
    origins = {layout.card_origin(i) for i in range(8)}
    assert len(origins) == 8


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_marks_stay_in_the_margins(paper: str) -> None:
    layout = sheet_layout(paper)
    grid = (
        layout.left,
        layout.top,
        layout.left + 2 * layout.card_width,
        layout.top + 4 * layout.card_height,
    )
    xs, ys = layout.cut_lines()
    assert len(xs) == 3 and len(ys) == 5
    marks = layout.cut_marks()
    assert len(marks) == 2 * len(xs) + 2 * len(ys)
    for x1, y1, x2, y2 in marks:
        for x, y in ((x1, y1), (x2, y2)):
            assert 0 <= x <= layout.page_width and 0 <= y <= layout.page_height
            inside = grid[0] < x < grid[2] and grid[1] < y < grid[3]
            assert not inside, "a cut mark crosses a card"


def test_cut_marks_follow_a_partial_page() -> None:
    layout = sheet_layout("letter")
    xs, ys = layout.cut_lines(3)
    assert len(xs) == 3 and len(ys) == 3  # two rows used


@pytest.mark.parametrize(
    ("paper", "count", "message"),
    [
        ("letter", 9, "at most 8 cards"),
        ("a4", 0, "at least 1"),
        ("a3", 8, "unknown paper 'a3'"),
    ],
)
def test_bad_sheet_requests_are_refused(paper: str, count: int, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        sheet_layout(paper, count)


def test_fewer_cards_per_page_are_centred() -> None:
    layout = sheet_layout("a4", 2)
    assert (layout.columns, layout.rows) == (2, 1)
    assert layout.top == pytest.approx((297.0 - 63.5) / 2)


def test_cards_too_big_for_the_paper() -> None:
    spec = load_sheet()
    data = {
        "card": {"width_mm": 300.0, "height_mm": 63.5},
        "paper": {"letter": {"width_mm": spec.papers["letter"][0], "height_mm": 279.4}},
    }
    with pytest.raises(TemplateError, match="too big to fit on letter"):
        sheet_layout("letter", 1, parse_sheet(data))


@pytest.mark.parametrize(
    ("armor", "structure", "fits"),
    [(2, 1, True), (10, 8, True), (20, 12, True), (30, 30, True), (60, 50, False)],
)
def test_pips_always_fit_their_area_when_they_fit(armor: int, structure: int, fits: bool) -> None:
    """Every case states whether pips fit, so no assertion hides under an ``if``."""
    width, height = 39.0, 11.0
    rows = pip_rows(armor, structure, width, height)
    assert rows.fits is fits
    if not fits:
        # Too many points: the card prints numbers; the pitch fell below the markable size.
        assert rows.pitch < MIN_PIP_PITCH_MM
        return
    assert (rows.armor_rows + rows.structure_rows) * rows.pitch <= height + 1e-6
    assert rows.per_row * rows.pitch <= width + 1e-6
    assert rows.armor_rows * rows.per_row >= armor
    assert rows.structure_rows * rows.per_row >= structure
    # The largest pitch that fits: 0.1 mm more would not (or the cap is reached).
    bigger = rows.pitch + 0.1
    per_row = int(width // bigger)
    needed = -(-armor // per_row) + -(-structure // per_row) if per_row else 99
    assert rows.pitch == MAX_PIP_PITCH_MM or needed * bigger > height + 1e-6
