"""Table packs: the built-in ones load whole, and bad packs fail with file, key and reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.tables import TableSet, load_files, load_tables
from cardsmith.tables.model import Choice, Remove

from .conftest import PACK_HEAD as HEAD


def _problems(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "broken.toml"
    path.write_text(HEAD + body, encoding="utf-8")
    with pytest.raises(TemplateError) as info:
        load_files([path])
    return list(info.value.problems)


def _d6(*rows: str, extra: str = "") -> str:
    """A D6 table ``t``; each row is ``range|key`` or ``range|key|more TOML lines``."""
    entries = ""
    for row in rows:
        span, key, *more = row.split("|")
        entries += f'\n[[table.entry]]\nrange = "{span}"\nkey = "{key}"\nlabel = "{key}"\n'
        entries += "".join(more)
    return f'\n[[table]]\nid = "t"\ntitle = "T"\ndice = "D6"\n{extra}{entries}'


def test_builtin_packs_load(tables: TableSet) -> None:
    assert {"old-west", "alpha-strike-pilots"} <= set(tables.packs)
    assert tables.packs["alpha-strike-pilots"].house_default
    assert not tables.packs["old-west"].house_default


def test_every_builtin_entry_is_reachable(tables: TableSet) -> None:
    for table in tables.tables.values():
        if table.dice is None:
            continue
        possible = table.dice.results()
        for entry in table.entries:
            assert any(entry.covers(r) for r in possible), f"{table.id}.{entry.key}"
        for result in possible:
            assert sum(e.covers(result) for e in table.entries) == 1


def test_tables_found_by_russian_alias(tables: TableSet) -> None:
    assert tables.find("Таблица серьёзных повреждений героев").id == "serious-injury"
    assert tables.find("таблица эликсира").id == "snake-oil"


def test_cut_off_skill_table_is_marked(tables: TableSet) -> None:
    guts = tables.tables["guts-skills"]
    assert guts.incomplete
    assert [e.key for e in guts.entries if e.gap] == ["missing-from-source"]


def test_gap_is_reported(tmp_path: Path) -> None:
    problems = _problems(tmp_path, _d6("1-2|a", "4-6|b"))
    assert any("broken.toml: table.t.entry: no entry for D6 results 3" in p for p in problems)


def test_overlap_is_reported(tmp_path: Path) -> None:
    problems = _problems(tmp_path, _d6("1-3|a", "3-6|b"))
    assert any("result 3 is claimed by several entries: a, b" in p for p in problems)


def test_unreachable_range_is_reported(tmp_path: Path) -> None:
    problems = _problems(tmp_path, _d6("1-6|a", "7-9|b"))
    assert any("b: range 7-9 holds no D6 result" in p for p in problems)


def test_unknown_subtable_and_stat_and_kind(tmp_path: Path) -> None:
    body = _d6(
        '1-2|a|effects = [{ kind = "subtable", table = "nowhere" }]\n',
        '3-4|b|effects = [{ kind = "stat", stat = "charisma", delta = 1 }]\n',
        '5-6|c|effects = [{ kind = "teleport" }]\n',
    )
    problems = _problems(tmp_path, body)
    joined = "\n".join(problems)
    assert "table.t.entry.a.effects: sub-table 'nowhere' does not exist" in joined
    assert "stat 'charisma' is not a stat of pack test" in joined
    assert "table.t.entry.c.effects[0].kind: unknown effect kind 'teleport'" in joined


def test_roll_again_with_unknown_ignore_key(tmp_path: Path) -> None:
    body = _d6('1-3|a|effects = [{ kind = "roll-again", times = 1, ignore = ["zzz"] }]\n', "4-6|b")
    problems = _problems(tmp_path, body)
    assert any("ignore lists keys not on table t: zzz" in p for p in problems)


def test_misspelt_effect_setting(tmp_path: Path) -> None:
    body = _d6('1-6|a|effects = [{ kind = "xp", amont = 1 }]\n')
    problems = _problems(tmp_path, body)
    assert any("effects[0].amount: is required" in p for p in problems)
    assert any("effects[0].amont: is not a setting" in p for p in problems)


def test_subtable_cycle(tmp_path: Path) -> None:
    body = _d6('1-6|a|effects = [{ kind = "subtable", table = "t" }]\n')
    assert any("sub-tables lead back to it" in p for p in _problems(tmp_path, body))


def test_lookup_table_needs_no_gaps_and_an_open_end(tmp_path: Path) -> None:
    body = """
[[table]]
id = "look"
title = "Look"
input = "difference"

[[table.entry]]
range = "0-10"
key = "low"
label = "low"

[[table.entry]]
range = "12-20"
key = "high"
label = "high"
"""
    problems = _problems(tmp_path, body)
    assert any("no entry for difference 11-11" in p for p in problems)
    assert any("the last range must be open-ended" in p for p in problems)


def test_bad_toml_and_missing_head(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[pack\nid=", encoding="utf-8")
    headless = tmp_path / "headless.toml"
    headless.write_text('[[table]]\nid = "x"\n', encoding="utf-8")
    with pytest.raises(TemplateError) as info:
        load_files([bad, headless])
    joined = "\n".join(info.value.problems)
    assert "bad.toml: (file): cannot be read" in joined
    assert "headless.toml: pack: missing [pack] table" in joined


def test_user_file_overrides_builtin_of_same_name(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    builtin = tmp_path / "builtin"
    builtin.mkdir()
    (builtin / "same.toml").write_text(HEAD + _d6("1-6|old"), encoding="utf-8")
    (user / "same.toml").write_text(HEAD + _d6("1-6|new"), encoding="utf-8")
    loaded = load_tables([user, builtin])
    assert [e.key for e in loaded.tables["t"].entries] == ["new"]


def test_unknown_table_name(tables: TableSet) -> None:
    with pytest.raises(TemplateError, match="no table called 'nope'"):
        tables.find("nope")


def _pregame(lines: str) -> str:
    """HEAD with one ``[[pack.pregame]]`` roll (before any table, as pack keys must be)."""
    return f"\n[[pack.pregame]]\n{lines}\n" + _d6("1-6|a")


def test_a_pregame_roll_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "pre.toml"
    path.write_text(
        HEAD
        + _pregame(
            'condition = "old-wound"\nlabel = "Old wound"\ndice = "2D6"\nmisses_on = [2, 12]'
        ),
        encoding="utf-8",
    )
    (roll,) = load_files([path]).packs["test"].pregame
    assert (roll.condition, roll.label, roll.dice, roll.misses_on) == (
        "old-wound",
        "Old wound",
        "2D6",
        (2, 12),
    )
    # Without a label the condition names it; without misses_on no result misses the game.
    path.write_text(HEAD + _pregame('condition = "limp"\ndice = "D6"'), encoding="utf-8")
    (roll,) = load_files([path]).packs["test"].pregame
    assert (roll.label, roll.misses_on) == ("limp", ())


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        ('dice = "D6"\nmisses_on = [1]', "pack.pregame[0].condition: is required"),
        ('condition = "c"\nmisses_on = [1]', "pack.pregame[0].dice: is required"),
        (
            'condition = "c"\ndice = "D6"\nmisses_on = 1',
            "pack.pregame[0].misses_on: must be a list of whole numbers",
        ),
        (
            'condition = "c"\ndice = "D6"\nmisses_on = [1, "2"]',
            "pack.pregame[0].misses_on: must be a list of whole numbers",
        ),
        (
            'condition = "c"\ndice = "D6"\nmisses_on = [true]',
            "pack.pregame[0].misses_on: must be a list of whole numbers",
        ),
        (
            'condition = "c"\ndice = "D6"\nmisses_on = [1, 7]',
            "pack.pregame[0].misses_on: [7] cannot come up on D6",
        ),
        (
            'condition = "c"\ndice = "2D6"\nmisses_on = [1]',
            "pack.pregame[0].misses_on: [1] cannot come up on 2D6",
        ),
        ('condition = "c"\ndice = "D7x"\nmisses_on = [1]', "pack.pregame[0].dice: "),
    ],
)
def test_a_bad_pregame_roll_says_where_and_why(tmp_path: Path, lines: str, problem: str) -> None:
    problems = _problems(tmp_path, _pregame(lines))
    assert any(f"broken.toml: {problem}" in p for p in problems), problems
    assert len(problems) == 1, problems


def _effect(tmp_path: Path, effect: str) -> object:
    """The one effect of a one-entry D6 table, read from its own file."""
    path = tmp_path / "effect.toml"
    path.write_text(HEAD + _d6(f"1-6|a|effects = [{effect}]\n"), encoding="utf-8")
    (read,) = load_files([path]).tables["t"].entries[0].effects
    return read


def test_a_choice_is_read_whole_with_its_default_prompt(tmp_path: Path) -> None:
    options = (
        '{ key = "str", label = "+1 Strength", effects = [{ kind = "stat", stat = "courage", delta = 1 }] }, '
        '{ key = "xp", label = "Experience", effects = [{ kind = "xp", amount = 2 }] }'
    )
    choice = _effect(tmp_path, f'{{ kind = "choice", options = [{options}] }}')
    assert isinstance(choice, Choice)
    assert choice.prompt == "Choose one"
    assert [(o.key, o.label, len(o.effects)) for o in choice.options] == [
        ("str", "+1 Strength", 1),
        ("xp", "Experience", 1),
    ]
    asked = _effect(tmp_path, f'{{ kind = "choice", prompt = "Which?", options = [{options}] }}')
    assert isinstance(asked, Choice) and asked.prompt == "Which?"


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        (
            '"str", { key = "b", label = "B" }, { key = "c", label = "C" }',
            "options[0]: must be a table with key, label and effects",
        ),
        (
            '{ key = "Bad Key", label = "A" }, { key = "b", label = "B" }',
            "options[0].key: is required: lower-case letters, digits and dashes",
        ),
        (
            '{ label = "A" }, { key = "b", label = "B" }',
            "options[0].key: is required: lower-case letters, digits and dashes",
        ),
        ('{ key = "a" }, { key = "b", label = "B" }', "options[0].label: is required text"),
        (
            '{ key = "a", label = "" }, { key = "b", label = "B" }',
            "options[0].label: is required text",
        ),
        (
            '{ key = "a", label = "A", colour = "red" }, { key = "b", label = "B" }',
            "options[0].colour: is not a setting of a choice option",
        ),
        ('{ key = "a", label = "A" }', "options: a choice needs at least two options"),
        (
            '{ key = "a", label = "A" }, { key = "a", label = "B" }',
            "options: option keys must be different",
        ),
    ],
)
def test_a_bad_choice_says_where_and_why(tmp_path: Path, options: str, problem: str) -> None:
    body = _d6(f'1-6|a|effects = [{{ kind = "choice", options = [{options}] }}]\n')
    problems = _problems(tmp_path, body)
    assert any(f"broken.toml: table.t.entry.a.effects[0].{problem}" in p for p in problems), (
        problems
    )
    assert len(problems) == 1, problems


def test_remove_reads_its_status_and_reason(tmp_path: Path) -> None:
    assert _effect(tmp_path, '{ kind = "remove", status = "dead" }') == Remove(status="dead")
    gone = _effect(tmp_path, '{ kind = "remove", status = "gone", reason = "hanged" }')
    assert gone == Remove(status="gone", reason="hanged")
    for effect, problem in (
        ('{ kind = "remove", status = "lost" }', "status: must be one of dead, gone"),
        ('{ kind = "remove" }', "status: is required"),
    ):
        problems = _problems(tmp_path, _d6(f"1-6|a|effects = [{effect}]\n"))
        assert [str(p) for p in problems] == [f"broken.toml: table.t.entry.a.effects[0].{problem}"]


@pytest.mark.parametrize(
    ("covered", "missing"),
    [
        # D66 has 36 results: up to 12 missing ones are listed, more are counted too.
        ("11-46", "51, 52, 53, 54, 55, 56, 61, 62, 63, 64, 65, 66"),
        ("11-45", "46, 51, 52, 53, 54, 55, 56, 61, 62, 63, 64, 65 … (13 in all)"),
    ],
)
def test_a_long_gap_is_listed_then_counted(tmp_path: Path, covered: str, missing: str) -> None:
    body = f"""
[[table]]
id = "t"
title = "T"
dice = "D66"

[[table.entry]]
range = "{covered}"
key = "a"
label = "a"
"""
    problems = [str(p) for p in _problems(tmp_path, body)]
    assert problems == [f"broken.toml: table.t.entry: no entry for D66 results {missing}"]


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        ('{ kind = "remove", status = 3 }', "status: must be text"),
        (
            '{ kind = "condition", id = "x", label = "X", games = true }',
            "games: must be a whole number",
        ),
        (
            '{ kind = "condition", id = "x", label = "X", games = "2" }',
            "games: must be a whole number",
        ),
        (
            '{ kind = "skill", from = "any", reroll_duplicates = "yes" }',
            "reroll_duplicates: must be true or false",
        ),
        ('{ kind = "choice", options = "a, b" }', "options: must be a list"),
        (
            '{ kind = "remove", status = "dead", sound = "bang" }',
            "sound: is not a setting of this effect kind",
        ),
    ],
)
def test_an_effect_setting_of_the_wrong_type_says_what_it_must_be(
    tmp_path: Path, effect: str, problem: str
) -> None:
    problems = [str(p) for p in _problems(tmp_path, _d6(f"1-6|a|effects = [{effect}]\n"))]
    assert problems == [f"broken.toml: table.t.entry.a.effects[0].{problem}"]


def _entry(span: str, key: str) -> str:
    return f'\n[[table.entry]]\nrange = "{span}"\nkey = "{key}"\nlabel = "{key}"\n'


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ('title = "T"\ndice = "D6"' + _entry("1-6", "a"), "table[0].id: is required"),
        (
            'id = "Big T"\ntitle = "T"\ndice = "D6"' + _entry("1-6", "a"),
            "table.Big T.id: must be lower-case letters, digits and dashes",
        ),
        (
            'id = "t"\ntitle = "T"\ndice = "D7x"' + _entry("1-6", "a"),
            "table.t.dice: not a dice expression: 'D7x'",
        ),
        (
            'id = "t"\ntitle = "T"' + _entry("1-6", "a"),
            "table.t: needs 'dice' (D6, 2D6, D66 …) or 'input' for a lookup table",
        ),
        ('id = "t"\ntitle = "T"\ndice = "D6"', "table.t.entry: the table has no entries"),
        # Lookup tables: no input label says "values"; ranges in order, only the last open.
        (
            'id = "t"\ntitle = "T"\ninput = ""' + _entry("0-5", "a") + _entry("7+", "b"),
            "table.t.entry: no entry for values 6-6",
        ),
        (
            'id = "t"\ntitle = "T"\ninput = "gap"' + _entry("0-5", "a") + _entry("4+", "b"),
            "table.t.entry: b: range 4+ overlaps the entry before it",
        ),
        (
            'id = "t"\ntitle = "T"\ninput = "gap"' + _entry("0+", "a") + _entry("6+", "b"),
            "table.t.entry: a: only the last range may be open (0+)",
        ),
    ],
)
def test_a_bad_table_says_where_and_why(tmp_path: Path, table: str, problem: str) -> None:
    problems = [str(p) for p in _problems(tmp_path, f"\n[[table]]\n{table}\n")]
    assert len(problems) == 1 and problems[0].startswith(f"broken.toml: {problem}"), problems
