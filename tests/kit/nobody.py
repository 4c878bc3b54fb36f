"""Provides ``run_as_nobody``: a real ``cardsmith`` process as the user ``nobody``.

Tests of files another user owns run as root (the machine's CI does): dropping to
``nobody`` (65534) in the child gives the second user without a second account.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def run_as_nobody(
    args: list[str], env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``cardsmith ARGS…`` as ``nobody``, finding cardsmith through this checkout."""
    python = shutil.which("python3.11", path="/usr/bin") or sys.executable
    child = dict(os.environ if env is None else env)
    child["PYTHONPATH"] = os.pathsep.join([str(REPO), *site.getsitepackages()])

    def drop() -> None:
        os.setgid(65534)
        os.setuid(65534)

    return subprocess.run(
        [python, "-m", "cardsmith", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd="/",
        env=child,
        check=False,
        preexec_fn=drop,
    )
