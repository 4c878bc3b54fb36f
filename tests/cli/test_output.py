"""The output layer: safe names, one error handler, full disks, no terminal, closed pipes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardsmith.cli.group import cli
from cardsmith.cli.output import run_command
from cardsmith.errors import UnknownName

_TIMEOUT = 60  # a hang fails the test instead of stalling the suite
HOSTILE = "Evil\x1b]0;pwned\x07 \x1b]52;c;aGk=\x07\u202eX\x9b2J"


def _hostile_force(folder: Path, name: str = HOSTILE) -> Path:
    path = folder / "lance.json"
    path.write_text(
        json.dumps(
            {
                "format": "cardsmith-force",
                "version": 1,
                "name": name,
                "pack": "standard",
                "cap": None,
                "data_version": "",
                "groups": [],
                "entries": [],
            },
            ensure_ascii=False,
        ),
        encoding="utf-8",
    )
    return path


def _cardsmith(
    *args: str, stdout: int | None = subprocess.PIPE, cwd: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", *args],
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=_TIMEOUT,
        env={**os.environ, "CARDSMITH_OFFLINE": "1"},
    )


def _has_controls(text: str) -> bool:
    return any((ord(c) < 32 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F for c in text) or (
        "\u202e" in text
    )


def test_names_from_a_file_reach_the_terminal_only_as_visible_text(cli_run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _hostile_force(tmp_path)
    before = path.read_bytes()
    result = cli_run("force", "show", str(path))
    assert result.code == 0, result
    assert not _has_controls(result.stdout)
    assert "Evil\\u001b]0;pwned\\u0007 \\u001b]52;c;aGk=\\u0007\\u202eX\\u009b2J" in result.stdout
    assert path.read_bytes() == before  # the stored name stays exactly as it came


def test_json_output_is_safe_and_still_the_same_data(cli_run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = _hostile_force(tmp_path)
    result = cli_run("force", "show", str(path), "--format", "json")
    assert result.code == 0, result
    assert not _has_controls(result.stdout)
    assert json.loads(result.stdout)["name"] == HOSTILE


def test_a_real_process_shows_no_control_either(tmp_path: Path) -> None:
    path = _hostile_force(tmp_path)
    done = _cardsmith("force", "show", str(path), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not _has_controls(done.stdout) and "\\u001b]0;pwned" in done.stdout


def test_errors_are_reported_by_the_group_even_without_main(tmp_path: Path) -> None:
    """click's own runner calls the group, not ``main``: the group handles errors too."""
    result = CliRunner().invoke(cli, ["open", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "nowhere.json: no such force file" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [("search", "atlas"), ("search", "atlas", "--format", "json")])
def test_stdout_on_a_full_disk_is_a_clear_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = _cardsmith(*args, stdout=full.fileno(), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "cardsmith: cannot write the output: the disk is full"
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardsmith", "search", "a", "--limit", "200"],
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(1)
    proc.stdout.close()  # like `| head -c 1`
    stderr = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=_TIMEOUT) in (0, 1)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr


@pytest.mark.parametrize("args", [("lance.json",), ("open", "lance.json"), ()])
def test_without_a_terminal_the_app_refuses_to_start(tmp_path: Path, args: tuple[str, ...]) -> None:
    _hostile_force(tmp_path)
    done = _cardsmith(*args, cwd=tmp_path)
    assert done.returncode == 2, done
    assert "needs a terminal" in done.stderr and "cardsmith --help" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_pseudo_terminal_counts_as_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsmith.cli.misc_cmds import has_terminal

    leader, follower = os.openpty()
    try:
        with (
            open(follower, closefd=False) as keys,
            open(follower, "w", closefd=False) as screen,
            open(os.devnull) as nothing,
        ):
            monkeypatch.setattr(sys, "stdin", keys)
            monkeypatch.setattr(sys, "stdout", screen)
            assert has_terminal()
            monkeypatch.setattr(sys, "stdin", nothing)
            assert not has_terminal()
    finally:
        os.close(leader)
        os.close(follower)


def _raises(exc: BaseException) -> Callable[[], None]:
    def action() -> None:
        raise exc

    return action


@pytest.mark.parametrize(
    ("action", "code", "said"),
    [
        (lambda: 4, 4, ""),
        (lambda: None, 0, ""),
        (_raises(UnknownName("no such era: 'Nowhen'")), 2, "cardsmith: no such era: 'Nowhen'\n"),
        (_raises(BrokenPipeError(32, "the reader went away")), 1, ""),
        (_raises(KeyboardInterrupt()), 130, "Interrupted.\n"),
    ],
    ids=["code", "none", "error", "pipe", "ctrl-c"],
)
def test_every_command_ends_the_same_way(
    action: Callable[[], object], code: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``run_command``: what the click group and the quick search both end with."""
    assert run_command(action) == code
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", said)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_a_stream_that_cannot_hold_a_name_shows_a_question_mark(
    tmp_path: Path, encoding: str
) -> None:
    """Not a traceback: text shows "?" for what the stream cannot hold; JSON escapes it."""
    name = "Gürteltier Lanze 🦔"
    path = _hostile_force(tmp_path, name)
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    runs = {
        fmt: subprocess.run(
            [sys.executable, "-m", "cardsmith", "force", "show", str(path), "--format", fmt],
            capture_output=True,
            env=env,
            timeout=_TIMEOUT,
        )
        for fmt in ("table", "json")
    }
    shown = name.encode(encoding, "replace").decode(encoding)
    assert runs["table"].returncode == 0, runs["table"].stderr
    assert shown.encode(encoding) in runs["table"].stdout
    assert runs["json"].returncode == 0, runs["json"].stderr
    assert json.loads(runs["json"].stdout)["name"] == name
    missing = subprocess.run(
        [sys.executable, "-m", "cardsmith", "force", "show", str(tmp_path / "Bär.json")],
        capture_output=True,
        env=env,
        timeout=_TIMEOUT,
    )
    assert missing.returncode == 2  # stderr: Python's own "backslashreplace" shows the name
    assert missing.stderr.startswith(b"cardsmith: no force file at "), missing.stderr
    assert missing.stderr.count(b"\n") == 1
