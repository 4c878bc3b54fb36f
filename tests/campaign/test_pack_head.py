"""A table pack's head, ``[pack]``: every field read as written, every mistake named by its key."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from cardsmith.errors import TemplateError
from cardsmith.tables import load_files
from cardsmith.tables.model import KindDef, StatDef

TABLES = """
[[table]]
id = "advance"
title = "Advancement"
dice = "D6"

[[table.entry]]
range = "1-6"
key = "xp"
label = "Experience"
effects = [{ kind = "xp", amount = 1 }]

[[table]]
id = "hurt"
title = "Injuries"
dice = "D6"

[[table.entry]]
range = "1-6"
key = "bruise"
label = "Bruise"
"""

HEAD = """
[pack]
id = "frontier"
title = "Frontier rules"
version = 2
description = "Rules for the frontier"
house_default = true
injury_table = "hurt"
bounty_teams = ["Outlaws", "Bandits"]

[[pack.stat]]
id = "aim"
label = "Aim"
aliases = ["shooting", "sh"]
lower_is_better = true
suffix = "+"

[[pack.stat]]
id = "grit"
label = "Grit"

[[pack.kind]]
id = "deputy"
label = "Deputy"
advancement = "advance"
aliases = ["dep"]
tables = ["advance"]
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "frontier.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_field_of_the_head_is_read_as_written(tmp_path: Path) -> None:
    path = _write(tmp_path, HEAD + TABLES)
    pack = load_files([path]).packs["frontier"]
    assert (pack.id, pack.title, pack.version, pack.description) == (
        "frontier",
        "Frontier rules",
        2,
        "Rules for the frontier",
    )
    assert pack.house_default and pack.injury_table == "hurt"
    assert pack.bounty_teams == ("Outlaws", "Bandits")
    assert pack.stats == (
        StatDef("aim", "Aim", aliases=("shooting", "sh"), lower_is_better=True, suffix="+"),
        StatDef("grit", "Grit"),
    )
    assert pack.kinds == (
        KindDef("deputy", "Deputy", advancement="advance", aliases=("dep",), tables=("advance",)),
    )
    assert pack.tables == ("advance", "hurt")
    # The digest logged with every roll: the first twelve hex digits of the file's SHA-256.
    assert pack.digest == hashlib.sha256(path.read_bytes()).hexdigest()[:12]


def test_a_head_left_short_takes_the_defaults(tmp_path: Path) -> None:
    short = '[pack]\nid = "frontier"\ntitle = "Frontier rules"\n'
    pack = load_files([_write(tmp_path, short + TABLES)]).packs["frontier"]
    assert (pack.version, pack.description, pack.house_default, pack.injury_table) == (
        1,
        "",
        False,
        "",
    )
    assert pack.stats == () and pack.kinds == () and pack.bounty_teams == ()


BROKEN = """
[pack]
title = 7
version = 0
description = ["not", "text"]
bounty_teams = "Outlaws"
stat = { id = "aim" }

[[pack.kind]]
aliases = "dep"
tables = [1]
"""


def test_each_mistake_in_the_head_is_named_by_its_key(tmp_path: Path) -> None:
    with pytest.raises(TemplateError) as refused:
        load_files([_write(tmp_path, BROKEN + TABLES)])
    said = {(p.where.split(": ", 1)[1], p.message) for p in refused.value.problems}
    assert said >= {
        ("pack.id", "is required"),
        ("pack.version", "must be a whole number from 1"),
        ("pack.stat", "must be a list of tables ([[stat]])"),
        ("pack.kind[0].id", "is required"),
        ("pack.kind[0].label", "is required"),
        ("pack.kind[0].aliases", "must be a list of text"),
        ("pack.kind[0].tables", "must be a list of text"),
        ("pack.title", "must be text"),
        ("pack.description", "must be text"),
        ("pack.bounty_teams", "must be a list of text"),
    }
    assert all(p.where.startswith("frontier.toml: ") for p in refused.value.problems)


def test_a_stat_without_its_id_and_label_is_named_by_its_place(tmp_path: Path) -> None:
    text = HEAD.replace('id = "grit"\nlabel = "Grit"', "aliases = [3]\nsuffix = 1")
    with pytest.raises(TemplateError) as refused:
        load_files([_write(tmp_path, text + TABLES)])
    said = {(p.where.split(": ", 1)[1], p.message) for p in refused.value.problems}
    assert said == {
        ("pack.stat[1].id", "is required"),
        ("pack.stat[1].label", "is required"),
        ("pack.stat[1].aliases", "must be a list of text"),
        ("pack.stat[1].suffix", "must be text"),
    }
