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
