"""A table entry read whole from a pack file, and each mistake in one named by its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.tables import load_files
from cardsmith.tables.model import Entry

from .conftest import PACK_HEAD


def _pack(tmp_path: Path, entries: str, *, skills: bool = False) -> Path:
    path = tmp_path / "entries.toml"
    head = f'\n[[table]]\nid = "t"\ntitle = "T"\ndice = "D6"\nskill_table = {str(skills).lower()}\n'
    path.write_text(PACK_HEAD + head + entries, encoding="utf-8")
    return path


def test_every_setting_of_an_entry_is_read_as_written(tmp_path: Path) -> None:
    entries = """
[[table.entry]]
range = "1-2"
key = "trick-shot"
label = "Trick shot"
aliases = ["trick", "ts"]
text = "Shoots twice"
value = 2
repeatable = 2
picks = ["Rifle", "Pistol"]

[[table.entry]]
range = 3
key = "missing"
label = "(missing)"
gap = true

[[table.entry]]
range = "4+"
key = "steady"
label = "Steady"
"""
    table = load_files([_pack(tmp_path, entries, skills=True)]).tables["t"]
    assert table.entries == (
        Entry(
            key="trick-shot",
            low=1,
            high=2,
            label="Trick shot",
            aliases=("trick", "ts"),
            text="Shoots twice",
            value=2,
            repeatable=2,
            picks=("Rifle", "Pistol"),
        ),
        Entry(key="missing", low=3, high=3, label="(missing)", gap=True),
        Entry(key="steady", low=4, high=None, label="Steady"),
    )


@pytest.mark.parametrize(
    ("entry", "where", "message"),
    [
        ('range = "x"', "entry[0].range", "'x' is not a range like 11-15, 22 or 101+"),
        ("range = true", "entry[0].range", "True is not a range like 11-15, 22 or 101+"),
        ('range = "6-1"', "entry[0].range", "'6-1' runs backwards"),
        ('range = "1-6"\nlabel = "A"', "entry[0].key", "is required"),
        ('range = "1-6"\nkey = "Big A"\nlabel = "A"', "entry[0].key",
         "must be lower-case letters, digits and dashes"),
        ('range = "1-6"\nkey = "a"', "entry.a.label", "is required"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\nvalue = "two"', "entry.a.value",
         "must be a whole number"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\nvalue = true', "entry.a.value",
         "must be a whole number"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\nrepeatable = 0', "entry.a.repeatable",
         "must be a whole number from 1"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\nrepeatable = true', "entry.a.repeatable",
         "must be a whole number from 1"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\ncolour = "red"', "entry.a.colour",
         "is not a setting of a table entry"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\naliases = "x"', "entry.a.aliases",
         "must be a list of text"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\npicks = [1]', "entry.a.picks",
         "must be a list of text"),
        ('range = "1-6"\nkey = "a"\nlabel = "A"\ntext = 5', "entry.a.text", "must be text"),
    ],
)  # fmt: skip
def test_a_mistake_in_an_entry_is_named_by_its_key(
    tmp_path: Path, entry: str, where: str, message: str
) -> None:
    with pytest.raises(TemplateError) as refused:
        load_files([_pack(tmp_path, f"\n[[table.entry]]\n{entry}\n")])
    said = [(p.where, p.message) for p in refused.value.problems]
    assert (f"entries.toml: table.t.{where}", message) in said


def test_every_setting_of_a_table_is_read_as_written(tmp_path: Path) -> None:
    path = tmp_path / "lookup.toml"
    path.write_text(
        PACK_HEAD
        + """
[[table]]
id = "gap"
title = "Rating gap"
input = "the rating difference"
aliases = ["underdog"]
text = "Look up the gap"
incomplete = "seed 002 leaves 3 out"
source = "seed 002, p. 4"

[[table.entry]]
range = "0-2"
key = "close"
label = "Close"

[[table.entry]]
range = "3+"
key = "far"
label = "Far"
""",
        encoding="utf-8",
    )
    table = load_files([path]).tables["gap"]
    assert (table.title, table.pack, table.dice, table.input_label) == (
        "Rating gap",
        "test",
        None,
        "the rating difference",
    )
    assert (table.aliases, table.text, table.incomplete, table.source) == (
        ("underdog",),
        "Look up the gap",
        "seed 002 leaves 3 out",
        "seed 002, p. 4",
    )
    assert not table.skill_table and [e.key for e in table.entries] == ["close", "far"]


def test_table_mistakes_are_named_by_their_key(tmp_path: Path) -> None:
    path = tmp_path / "entries.toml"
    text = """
[[table]]
id = "t"
dice = "D6"
title = 5
aliases = "x"
incomplete = 1

[[table.entry]]
range = "1-3"
key = "a"
label = "A"

[[table.entry]]
range = "4-6"
key = "a"
label = "A again"
"""
    path.write_text(PACK_HEAD + text, encoding="utf-8")
    with pytest.raises(TemplateError) as refused:
        load_files([path])
    said = {(p.where, p.message) for p in refused.value.problems}
    assert said == {
        ("entries.toml: table.t.title", "must be text"),
        ("entries.toml: table.t.aliases", "must be a list of text"),
        ("entries.toml: table.t.incomplete", "must be text"),
        ("entries.toml: table.t.entry.a", "key used by more than one entry"),
    }
    assert refused.value.message.startswith("4 problems in the table data")


def test_a_pack_or_table_id_used_twice_names_the_file_that_had_it_first(tmp_path: Path) -> None:
    first = _pack(tmp_path, '\n[[table.entry]]\nrange = "1-6"\nkey = "a"\nlabel = "A"\n')
    second = tmp_path / "again.toml"
    second.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    third = tmp_path / "third.toml"
    third.write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(TemplateError) as refused:
        load_files([first, second, third])
    assert [(p.where, p.message) for p in refused.value.problems] == [
        ("again.toml: pack.id", f"'test' is also the id of {first}"),
        ("third.toml: pack.id", f"'test' is also the id of {first}"),
    ]
    other = tmp_path / "other.toml"
    other.write_text(
        first.read_text(encoding="utf-8").replace('id = "test"', 'id = "other"', 1),
        encoding="utf-8",
    )
    with pytest.raises(TemplateError) as refused:
        load_files([first, other])
    assert [(p.where, p.message) for p in refused.value.problems] == [
        ("other.toml: table.t", f"id already used in {first}")
    ]


@pytest.mark.parametrize(
    ("tables", "where", "message"),
    [
        ('table = "t"', "table", "must be a list of tables ([[table]])"),
        ('[[table]]\ntitle = "T"\ndice = "D6"', "table[0].id", "is required"),
        ('[[table]]\nid = 7\ntitle = "T"', "table[0].id", "must be text"),
        ('[[table]]\nid = "t"\ntitle = "T"\ndice = "D6"\nentry = "a"', "table.t.entry",
         "must be a list of tables ([[entry]])"),
    ],
)  # fmt: skip
def test_the_list_of_tables_and_each_table_id_are_named_from_the_top(
    tmp_path: Path, tables: str, where: str, message: str
) -> None:
    path = tmp_path / "top.toml"
    path.write_text(tables + "\n" + PACK_HEAD, encoding="utf-8")  # a top-level key comes first
    with pytest.raises(TemplateError) as refused:
        load_files([path])
    assert (f"top.toml: {where}", message) in [(p.where, p.message) for p in refused.value.problems]
