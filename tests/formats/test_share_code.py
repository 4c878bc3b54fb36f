"""Share codes: exact round trips (property tests), refusal of bad codes, the CLI both ways."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsmith.catalogue.store import Catalogue
from cardsmith.errors import ShareCodeError
from cardsmith.forces.fingerprint import force_fingerprint
from cardsmith.forces.force_file import force_to_dict, load_force, save_force
from cardsmith.formats.exchange import detect_format, import_data
from cardsmith.formats.share_code import (
    MAX_PAYLOAD_BYTES,
    SharedEntry,
    SharedForce,
    decode,
    encode,
    encode_shared,
    shared_force,
)
from cardsmith.models.force import Force, Group, MulRef

# Names are data: anything a file may hold (but lone surrogates, which UTF-8 cannot carry).
_TEXT = st.text(st.characters(blacklist_categories=["Cs"]), max_size=30)
_NAME = _TEXT.filter(lambda s: bool(s.strip()))
_HEX = "0123456789abcdef"


@st.composite
def shared_forces(draw: st.DrawFn) -> SharedForce:
    declared = draw(st.lists(_NAME, max_size=4, unique=True))
    extra = draw(st.lists(_NAME.filter(lambda s: s not in declared), max_size=2, unique=True))
    groups = tuple(Group(name, draw(st.none() | _NAME)) for name in declared)
    entries = draw(
        st.lists(
            st.builds(
                SharedEntry,
                mul_id=st.integers(-(2**63), 2**63 - 1).filter(bool),
                skill=st.integers(0, 7),
                spas=st.lists(_NAME, max_size=3).map(tuple),
                group=st.sampled_from(["", *declared, *extra]),
                commander=st.booleans(),
                pilot=_TEXT,
            ),
            max_size=20,
        )
    )
    digits = draw(st.text(_HEX, min_size=12, max_size=12))
    return SharedForce(
        name=draw(_NAME),
        pack=draw(st.sampled_from(["standard", "tournament-300"]) | _NAME),
        cap=draw(st.none() | st.integers(1, 10**6)),
        groups=groups,
        entries=tuple(entries),
        era=draw(st.none() | st.builds(MulRef, id=st.integers(-(2**63), 2**63 - 1), name=_TEXT)),
        faction=draw(st.none() | st.builds(MulRef, id=st.integers(0, 10**6), name=_TEXT)),
        data_version=draw(st.text(_HEX, max_size=12)),
        fingerprint=draw(st.sampled_from(["", "-".join(digits[i : i + 4] for i in (0, 4, 8))])),
    )


@pytest.mark.slow
@given(shared_forces())
@settings(max_examples=150, deadline=None)
def test_every_force_comes_back_exactly(shared: SharedForce) -> None:
    code = encode_shared(shared)
    assert code.startswith("CS1-") and code.isascii() and " " not in code
    assert decode(code) == shared


@pytest.mark.slow
@given(shared_forces(), st.data())
@settings(max_examples=60, deadline=None)
def test_a_code_read_aloud_or_split_over_lines_still_reads(
    shared: SharedForce, data: st.DataObject
) -> None:
    code = encode_shared(shared)
    cut = data.draw(st.integers(4, len(code)))
    written = f"  {code[:cut].lower()}\n - {code[cut:]}  "
    assert decode(written) == shared


@pytest.mark.slow
@given(shared_forces(), st.data())
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_cut_or_mistyped_code_is_refused_clearly(
    shared: SharedForce, data: st.DataObject
) -> None:
    code = encode_shared(shared)
    cut = data.draw(st.integers(0, len(code) - 1))
    with pytest.raises(ShareCodeError):
        decode(code[:cut])
    # CRC-32 catches every change of one character (a burst of at most 5 bits).
    at = data.draw(st.integers(4, len(code) - 1))
    other = data.draw(
        st.sampled_from([c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" if c != code[at]])
    )
    with pytest.raises(ShareCodeError):
        decode(code[:at] + other + code[at + 1 :])


def test_only_one_spelling_of_a_code_reads() -> None:
    """The last character's bits beyond the data must be zero: no second spelling exists."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    tried = 0
    for name in ["A", "Ab", "Abc", "Abcd", "Abcde", "Abcdef", "Abcdefg", "Abcdefgh"]:
        code = encode_shared(SharedForce(name, entries=(SharedEntry(140, 3),)))
        if (5 * len(code[4:])) % 8 == 0:
            continue  # this length leaves the last character no spare bits
        tried += 1
        flipped = alphabet[alphabet.index(code[-1]) ^ 1]
        with pytest.raises(ShareCodeError, match="damaged"):
            decode(code[:-1] + flipped)
    assert tried >= 4


@given(st.text(max_size=200))
@settings(max_examples=200, deadline=None)
def test_any_text_after_the_prefix_is_a_share_code_error_or_a_force(text: str) -> None:
    try:
        result = decode("CS1-" + text)
    except ShareCodeError as exc:
        assert exc.message.startswith("the share code")
    else:
        assert isinstance(result, SharedForce)


def _code_of(payload: Any) -> str:
    """A well-formed code around any payload (to test the reader's checks of contents)."""
    return _code_of_bytes(json.dumps(payload).encode("utf-8"))


def _code_of_bytes(raw: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    body = packed + zlib.crc32(packed).to_bytes(4, "big")
    return "CS1-" + base64.b32encode(body).decode("ascii").rstrip("=")


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("", "not a cardsmith share code"),
        ("{{4759,4},{7740,4}}", "not a cardsmith share code"),
        ("CS2-AAAAAAAA", "version 2, made by a newer cardsmith"),
        ("CS0-AAAAAAAA", "version 0 does not exist"),
        ("CS1-", "damaged or cut short"),
        ("CS1-ABC1DEF", "holds '1'"),
        ("CS1-AAAAAAAAAAAAAAAA", "damaged or cut short"),
        ("CS1-" + "A" * 30_000, "refused"),
        (_code_of([1, 2]), "not a force"),
        (_code_of({"u": []}), "has no name"),
        (_code_of({"n": "x", "c": 0, "u": []}), "PV cap"),
        (_code_of({"n": "x", "u": [[140, 9]]}), "unit 1 has a skill outside 0-7"),
        (_code_of({"n": "x", "u": [[140, 4], [0, 4]]}), "unit 2 has no usable MUL id"),
        (_code_of({"n": "x", "u": [[2**64, 4]]}), "unit 1 has no usable MUL id"),
        (_code_of({"n": "x", "u": [[140, 4, [], 1]]}), "names a group it does not declare"),
        (_code_of({"n": "x", "u": [[140, 4, "sniper"]]}), "no list of SPAs"),
        (_code_of({"n": "x", "u": [[140, True]]}), "skill outside"),
        (_code_of({"n": "x", "g": [["A", 5]], "u": []}), "formation is not text"),
        (_code_of({"n": "x", "e": "Clan Invasion", "u": []}), "era is not an id and a name"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, expected: str) -> None:
    with pytest.raises(ShareCodeError, match=expected):
        decode(code)


def test_a_deflate_bomb_is_refused_before_it_fills_memory() -> None:
    code = _code_of_bytes(b'{"n":"' + b"x" * (MAX_PAYLOAD_BYTES * 4) + b'"}')
    assert len(code) < 20_000
    with pytest.raises(ShareCodeError, match="unpacks to more than"):
        decode(code)


# -- a force through the catalogue ---------------------------------------------------------


def test_a_force_comes_back_exactly_through_the_catalogue(
    starter_force: Force, catalogue: Catalogue
) -> None:
    force = starter_force.with_changes(
        era=MulRef(13, "Clan Invasion"), faction=MulRef(34, "Clan Wolf")
    )
    code = encode(force)
    assert detect_format(code.encode()) == "code"
    report = import_data(code.encode(), catalogue, origin="the share code")
    assert report.complete and report.warnings == ()
    assert report.force == force
    assert force_fingerprint(report.force) == decode(code).fingerprint == force_fingerprint(force)


def test_the_code_carries_what_the_force_fields(starter_force: Force) -> None:
    force = starter_force.with_changes(
        era=MulRef(13, "Clan Invasion"), faction=MulRef(34, "Clan Wolf")
    )
    shared = decode(encode(force))
    assert shared == shared_force(force)
    assert [(e.mul_id, e.skill, e.spas, e.group) for e in shared.entries][:3] == [
        (e.unit.mul_id, e.skill, e.spas, e.group) for e in starter_force.entries[:3]
    ]
    assert shared.groups == starter_force.groups == (Group("Alpha", "battle"),)
    assert (shared.era, shared.faction) == (MulRef(13, "Clan Invasion"), MulRef(34, "Clan Wolf"))
    assert shared.data_version == starter_force.data_version


def test_other_stats_here_are_warned_about(starter_force: Force, catalogue: Catalogue) -> None:
    shared = shared_force(starter_force)
    elsewhere = replace(shared, data_version="0123456789ab")
    report = import_data(encode_shared(elsewhere).encode(), catalogue)
    assert any("stats differ from those the code was made with" in w for w in report.warnings)


def test_a_unit_the_catalogue_lacks_is_reported_and_the_rest_kept(catalogue: Catalogue) -> None:
    code = encode_shared(SharedForce("Odd", entries=(SharedEntry(140, 3), SharedEntry(999_999, 4))))
    report = import_data(code.encode(), catalogue)
    assert [(e.unit.mul_id, e.skill) for e in report.force.entries] == [(140, 3)]
    (unknown,) = report.unknown
    assert unknown.where == "unit 2" and unknown.mul_id == 999_999


# -- the command line ------------------------------------------------------------------------


def test_export_code_then_import_code_gives_the_same_force_file(
    cli_run: Any, tmp_path: Path, starter_force: Force
) -> None:
    path = tmp_path / "lance.json"
    save_force(starter_force, path)
    exported = cli_run("export", str(path), "--format", "code")
    assert exported.code == 0, exported
    code = exported.stdout.strip()
    assert code.startswith("CS1-") and "\n" not in code
    back = tmp_path / "back.json"
    result = cli_run("import", code, "-o", str(back))
    assert result.code == 0, result
    assert "from the share code into" in result.stdout
    assert force_to_dict(load_force(back)) == force_to_dict(load_force(path))
    # The same code from a file reads the same.
    held = tmp_path / "code.txt"
    held.write_text(code + "\n", encoding="utf-8")
    again = tmp_path / "again.json"
    assert cli_run("import", str(held), "-o", str(again)).code == 0
    assert force_to_dict(load_force(again)) == force_to_dict(load_force(path))


def test_a_truncated_code_on_the_command_line_exits_2(cli_run: Any, tmp_path: Path) -> None:
    code = encode_shared(SharedForce("Odd", entries=(SharedEntry(140, 3),)))
    out = tmp_path / "f.json"
    result = cli_run("import", code[:-3], "-o", str(out))
    assert result.code == 2, result
    assert "damaged or cut short" in result.stderr and "Traceback" not in result.stderr
    assert not out.exists()
