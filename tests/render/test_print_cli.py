"""``cardsmith print``: exit codes, messages, atomic output."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cardsmith.cli.group import cli
from cardsmith.models import Force


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", "print", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_prints_letter_and_a4(
    tmp_path: Path, mixed_force: Force, write_force: Callable[..., Path]
) -> None:
    source = write_force(mixed_force)
    for paper, height in (("letter", 792.0), ("a4", 841.89)):
        out = tmp_path / f"{paper}.pdf"
        result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--paper", paper])
        assert result.exit_code == 0, result.output
        assert float(pypdf.PdfReader(out).pages[0].mediabox.height) == pytest.approx(
            height, abs=0.5
        )
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_roster_carries_the_rule_check_verdict(
    tmp_path: Path, mixed_force: Force, write_force: Callable[..., Path]
) -> None:
    from cardsmith.rules.engine import check_force, load_pack

    source = write_force(mixed_force)
    out = tmp_path / "sheets.pdf"
    result = CliRunner().invoke(
        cli, ["print", str(source), "-o", str(out), "--no-reference", "--mono"]
    )
    assert result.exit_code == 0, result.output
    roster = pypdf.PdfReader(out).pages[0].extract_text()
    legal = check_force(mixed_force, load_pack("standard")).legal
    assert ("NOT LEGAL" in roster) is (not legal)
    assert "not checked" not in roster


@pytest.mark.slow
def test_unknown_pack_prints_not_checked_with_a_warning(
    tmp_path: Path, mixed_force: Force, write_force: Callable[..., Path]
) -> None:
    source = write_force(mixed_force.with_changes(pack="no-such-pack"))
    out = tmp_path / "sheets.pdf"
    result = _run(str(source), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert "not checked" in result.stderr
    assert "not checked" in pypdf.PdfReader(out).pages[0].extract_text()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--cards-per-page", "9"], "at most 8 cards"),
        (["--paper", "a3"], "Invalid value for '--paper'"),
        (["--cards-per-page", "0"], "Invalid value for '--cards-per-page'"),
    ],
)
def test_bad_options_exit_2(
    tmp_path: Path,
    mixed_force: Force,
    write_force: Callable[..., Path],
    extra: list[str],
    message: str,
) -> None:
    out = tmp_path / "out.pdf"
    result = _run(str(write_force(mixed_force)), "-o", str(out), *extra)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


def test_bad_files_exit_2_and_keep_the_old_pdf(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    out.write_bytes(b"previous print")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "cardsmith-force", "version": 1, "name": ', encoding="utf-8")
    for source in (tmp_path / "missing.json", broken):
        result = _run(str(source), "-o", str(out))
        assert result.returncode == 2
        assert result.stderr.startswith("cardsmith: ")
        assert "Traceback" not in result.stderr
    assert out.read_bytes() == b"previous print"


@pytest.mark.slow
def test_unwritable_output_exits_2(
    tmp_path: Path, mixed_force: Force, write_force: Callable[..., Path]
) -> None:
    result = _run(str(write_force(mixed_force)), "-o", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert result.returncode == 2
    assert "cannot write" in result.stderr


def test_print_reports_one_force_in_the_singular(
    tmp_path: Path, mixed_force: Force, write_force: Callable[..., Path]
) -> None:
    source = write_force(mixed_force)
    out = tmp_path / "one.pdf"
    result = CliRunner().invoke(cli, ["print", str(source), "-o", str(out), "--no-reference"])
    assert result.exit_code == 0, result.output
    assert f"1 force, {len(mixed_force.entries)} cards" in result.output
    assert "(s)" not in result.output
