"""Atomic saves leave either the old file or the new one, with ordinary permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from cardsmith.fileio import atomic_write, backup_path


def test_write_replace_and_backup(tmp_path: Path) -> None:
    target = tmp_path / "force.json"
    atomic_write(target, b"one", keep_backup=True)
    assert target.read_bytes() == b"one" and not backup_path(target).exists()
    atomic_write(target, b"two", keep_backup=True)
    assert target.read_bytes() == b"two"
    assert backup_path(target).read_bytes() == b"one"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_permissions_follow_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        target = tmp_path / "sheet.pdf"
        atomic_write(target, b"%PDF")
    finally:
        os.umask(old)
    assert stat.S_IMODE(target.stat().st_mode) == 0o644


def test_unwritable_folder_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = tmp_path / "missing"
    with pytest.raises(OSError):
        atomic_write(folder / "x.json", b"data")
    assert not folder.exists()


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (None, "no test file at"),
        (b"", "is empty"),
        (b'{"a": [1, 2', "cut short"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, "nests JSON too deeply to be a test file"),
    ],
)
def test_read_json_names_each_failure(tmp_path: Path, content: bytes | None, fragment: str) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_json

    path = tmp_path / "doc.json"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(ForceFileError, match=fragment):
        read_json(path, what="test file", max_bytes=10_000_000, error=ForceFileError)


def test_read_json_refuses_large_files_and_folders(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_json

    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"0," * 600 + b"0]")
    with pytest.raises(ForceFileError, match="over 1,000 are refused"):
        read_json(big, what="test file", max_bytes=1000, error=ForceFileError)
    with pytest.raises(ForceFileError, match="is a folder, not a test file"):
        read_json(tmp_path, what="test file", max_bytes=1000, error=ForceFileError)
    assert read_json(big, what="test file", max_bytes=10_000, error=ForceFileError)[0] == 0
