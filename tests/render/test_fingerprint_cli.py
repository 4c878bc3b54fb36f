"""`force show` prints the same fingerprint as the roster page, so a GM can compare them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pdfplumber


def test_force_show_and_roster_agree(cli_run: Any, tmp_path: Path) -> None:
    force = tmp_path / "f.json"
    assert cli_run("force", "new", "Fingerprint Test", "-o", str(force)).code == 0
    assert cli_run("force", "add", str(force), "140", "--skill", "3").code == 0
    assert cli_run("force", "add", str(force), "1295", "--pilot", "Ана").code == 0
    shown = json.loads(cli_run("force", "show", str(force), "--format", "json").stdout)
    pdf = tmp_path / "f.pdf"
    assert cli_run("print", str(force), "-o", str(pdf)).code == 0
    with pdfplumber.open(pdf) as document:
        roster_text = document.pages[0].extract_text() or ""
    assert shown["fingerprint"] in roster_text
    # Any edit changes it.
    assert cli_run("force", "set", str(force), "2", "--skill", "2").code == 0
    changed = json.loads(cli_run("force", "show", str(force), "--format", "json").stdout)
    assert changed["fingerprint"] != shown["fingerprint"]
