"""Atomic saves leave either the old file or the new one, with ordinary permissions."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from kit import CliRun

from cardsmith.errors import SpecialTarget
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


# -- special files, limits, links and permissions ------------------------------------------

_CHILD_TIMEOUT = 60  # a hang fails the test instead of stalling the suite


def _cardsmith(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardsmith", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=_CHILD_TIMEOUT,
        stdin=subprocess.DEVNULL,
    )


def test_a_fifo_as_a_force_file_is_refused_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "lance.json"
    os.mkfifo(fifo)
    result = _cardsmith("force", "show", str(fifo), cwd=tmp_path)
    assert result.returncode == 2, result
    assert "is a FIFO (named pipe), not a force file" in result.stderr
    assert "Traceback" not in result.stderr


def test_dev_zero_as_a_force_file_is_refused_before_any_read(tmp_path: Path) -> None:
    result = _cardsmith("force", "show", "/dev/zero", cwd=tmp_path)
    assert result.returncode == 2, result
    assert "/dev/zero is a device, not a force file" in result.stderr


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b'{"pv": NaN}', "holds NaN, which is not a finite number"),
        (b'{"pv": -Infinity}', "holds -Infinity"),
        (b'{"pv": 1e400}', "pv is not a finite number"),
        (b'{"mul_id": 99999999999999999999999}', "mul_id is too large a number"),
        (b'{"a":' * 70 + b"1" + b"}" * 70, "nests more than 64 levels deep"),
    ],
)
def test_read_json_keeps_to_the_shared_limits(
    tmp_path: Path, content: bytes, fragment: str
) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_json

    path = tmp_path / "doc.json"
    path.write_bytes(content)
    with pytest.raises(ForceFileError, match=re.escape(fragment)):
        read_json(path, what="test file", max_bytes=10_000, error=ForceFileError)


def test_what_is_too_large_to_read_back_is_never_written(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_json, save_bytes

    target = tmp_path / "force.json"
    target.write_bytes(b"[1]")
    with pytest.raises(ForceFileError, match="would be 2,001 bytes; force files over 2,000"):
        save_bytes(
            target, b"[" + b" " * 1999 + b"]", ForceFileError, max_bytes=2000, what="force file"
        )
    assert target.read_bytes() == b"[1]"
    save_bytes(target, b"[" + b" " * 1998 + b"]", ForceFileError, max_bytes=2000)
    assert read_json(target, what="force file", max_bytes=2000, error=ForceFileError) == []


def test_a_save_goes_through_a_symlink_to_the_real_file(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import save_bytes

    real_folder = tmp_path / "real"
    real_folder.mkdir()
    real = real_folder / "lance.json"
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_bytes(link, b"new", ForceFileError, keep_backup=True)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() == b"new"
    assert (real_folder / "lance.json.bak").read_bytes() == b"old"
    assert not (tmp_path / "link.json.bak").exists()


def test_a_read_only_file_is_refused_not_replaced(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import save_bytes

    target = tmp_path / "lance.json"
    target.write_bytes(b"mine")
    target.chmod(0o444)
    with pytest.raises(ForceFileError) as caught:
        save_bytes(target, b"theirs", ForceFileError, keep_backup=True)
    assert caught.value.message == (
        f"{target} is read-only; cardsmith does not replace it "
        "(make it writable, or save under another name)"
    )
    assert target.read_bytes() == b"mine" and not (tmp_path / "lance.json.bak").exists()
    assert stat.S_IMODE(target.stat().st_mode) == 0o444


def test_a_replaced_file_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "lance.json"
    target.write_bytes(b"one")
    target.chmod(0o600)
    atomic_write(target, b"two")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_failure_messages_name_the_file_not_a_temp_file_nor_an_errno(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import save_bytes

    missing = tmp_path / "nowhere" / "lance.json"
    with pytest.raises(ForceFileError) as caught:
        save_bytes(missing, b"x", ForceFileError)
    message = caught.value.message
    assert message == f"cannot write {missing}: the folder does not exist"
    if os.geteuid() != 0:  # root may write into a read-only folder
        folder = tmp_path / "locked"
        folder.mkdir()
        folder.chmod(0o555)
        try:
            with pytest.raises(ForceFileError) as caught:
                save_bytes(folder / "lance.json", b"x", ForceFileError)
        finally:
            folder.chmod(0o755)
        message = caught.value.message
        assert message == f"cannot write {folder / 'lance.json'}: permission denied"
    assert ".tmp" not in message and "Errno" not in message


def test_os_reasons_are_words() -> None:
    import errno

    from cardsmith.fileio import os_reason

    assert os_reason(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert os_reason(OSError(errno.ENOEXEC, "Exec format error")) == "exec format error"


# -- an output never overwrites an input ----------------------------------------------------


def test_refuse_overwrite_sees_through_links_and_dots(tmp_path: Path) -> None:
    from cardsmith.errors import UsageError
    from cardsmith.fileio import refuse_overwrite

    source = tmp_path / "lance.json"
    source.write_text("{}")
    (tmp_path / "sub").mkdir()
    sym = tmp_path / "sym.json"
    sym.symlink_to(source)
    hard = tmp_path / "hard.json"
    os.link(source, hard)
    for output in (source, tmp_path / "sub" / ".." / "lance.json", sym, hard):
        with pytest.raises(UsageError, match="is an input of this command") as caught:
            refuse_overwrite(output, [source])
        assert caught.value.exit_code == 2
    refuse_overwrite(tmp_path / "lance.pdf", [source])  # a new file is fine
    other = tmp_path / "other.json"
    other.write_text("{}")
    refuse_overwrite(other, [source])


# -- locked read-modify-write ---------------------------------------------------------------

_ADD_ONE = """
import json, sys
from pathlib import Path
from cardsmith.errors import ForceFileError
from cardsmith.fileio import locked_update, read_json

path = Path(sys.argv[1])
def read(p):
    return read_json(p, what="list", max_bytes=10**6, error=ForceFileError)
with locked_update(path, read=read, error=ForceFileError) as update:
    update.save(json.dumps(update.current + [sys.argv[2]]).encode())
"""


@pytest.mark.slow
def test_parallel_locked_updates_keep_every_change(tmp_path: Path) -> None:
    target = tmp_path / "lance.json"
    target.write_text("[]")
    procs = [
        subprocess.Popen([sys.executable, "-c", _ADD_ONE, str(target), str(n)]) for n in range(8)
    ]
    assert [p.wait(timeout=_CHILD_TIMEOUT) for p in procs] == [0] * 8
    assert sorted(json.loads(target.read_text())) == [str(n) for n in range(8)]


def test_a_held_lock_gives_a_clear_busy_error(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import locked, locked_update

    target = tmp_path / "lance.json"
    target.write_text("[]")
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with locked(target, error=ForceFileError):
            holding.set()
            release.wait(_CHILD_TIMEOUT)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(_CHILD_TIMEOUT)
        with (
            pytest.raises(ForceFileError, match=r"lance\.json is busy: .* try again"),
            locked_update(target, read=Path.read_text, error=ForceFileError, timeout=0.2),
        ):
            pass
    finally:
        release.set()
        holder.join()
    with locked_update(target, read=Path.read_text, error=ForceFileError, timeout=0.2) as update:
        assert update.current == "[]"


def test_the_lock_is_shared_through_a_symlink_and_re_entrant(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import lock_path, locked

    real = tmp_path / "lance.json"
    real.write_text("[]")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert lock_path(link) == lock_path(real) == tmp_path / ".lance.json.lock"
    with locked(real, error=ForceFileError), locked(link, error=ForceFileError, timeout=0):
        pass


def test_the_lock_timeout_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsmith.errors import UsageError
    from cardsmith.fileio import DEFAULT_LOCK_TIMEOUT, lock_timeout

    assert lock_timeout() == DEFAULT_LOCK_TIMEOUT
    monkeypatch.setenv("CARDSMITH_LOCK_TIMEOUT", "2.5")
    assert lock_timeout() == 2.5
    monkeypatch.setenv("CARDSMITH_LOCK_TIMEOUT", "nan")
    with pytest.raises(UsageError, match="CARDSMITH_LOCK_TIMEOUT must be a finite number"):
        lock_timeout()
    monkeypatch.setenv("CARDSMITH_LOCK_TIMEOUT", "0")
    assert lock_timeout() == 0  # do not wait: fail at once when the file is busy
    monkeypatch.setenv("CARDSMITH_LOCK_TIMEOUT", "-1")
    with pytest.raises(UsageError) as caught:
        lock_timeout()
    assert caught.value.message == "CARDSMITH_LOCK_TIMEOUT must be 0 or more, not '-1'"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_a_device_or_fifo_given_as_output_is_refused_not_replaced(
    tmp_path: Path, cli_run: CliRun
) -> None:
    """``-o /dev/null`` (as root) once renamed a plain file over the device.  A FIFO stands
    in for a device here, so a failing test cannot harm the machine it runs on."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(SpecialTarget):
        atomic_write(pipe, b"data")
    force = tmp_path / "f.json"
    assert cli_run("force", "new", "Pipe", "-o", str(force)).code == 0
    for command in (
        ("export", str(force), "--format", "tts", "-o", str(pipe)),
        ("print", str(force), "-o", str(pipe)),
        ("force", "new", "Again", "-o", str(pipe), "--overwrite"),
    ):
        result = cli_run(*command)
        assert result.code == 2, (command, result)
        assert "is a FIFO (named pipe), not a file" in result.stderr, result
        assert stat.S_ISFIFO(pipe.lstat().st_mode), command  # still the pipe it was


def test_a_lock_file_opens_to_whoever_may_write_the_file(tmp_path: Path) -> None:
    """The lock takes the file's own read and write permissions (its owner's always), never
    an execute bit."""
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import lock_path, locked

    for mode in (0o640, 0o664, 0o400, 0o751):
        path = tmp_path / f"lance-{mode:o}.json"
        path.write_text("[]")
        path.chmod(mode)
        with locked(path, error=ForceFileError):
            lock_mode = stat.S_IMODE(lock_path(path).stat().st_mode)
        assert lock_mode == (mode & 0o666) | 0o600, oct(lock_mode)
    # A file not saved yet: its lock gets what any new file of the user's would.
    umask = os.umask(0o022)
    try:
        new = tmp_path / "new.json"
        with locked(new, error=ForceFileError):
            assert stat.S_IMODE(lock_path(new).stat().st_mode) == 0o644
    finally:
        os.umask(umask)


@pytest.mark.parametrize(
    ("target", "kind"),
    [("/dev/null", "a device"), ("socket", "a socket")],
)
def test_a_device_or_socket_read_as_a_file_is_named_for_what_it_is(
    tmp_path: Path, target: str, kind: str
) -> None:
    import socket

    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_bytes

    path = Path(target)
    if target == "socket":
        path = tmp_path / "force.sock"
        server = socket.socket(socket.AF_UNIX)
        server.bind(str(path))
        server.close()
    with pytest.raises(ForceFileError) as caught:
        read_bytes(path, what="force file", max_bytes=1000, error=ForceFileError)
    assert caught.value.message == f"{path} is {kind}, not a force file"


def test_a_second_byte_order_mark_is_refused_like_any_bad_json(tmp_path: Path) -> None:
    """One BOM is skipped (Windows editors write it); a second is not JSON."""
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_json

    path = tmp_path / "doc.json"
    path.write_bytes(b"\xef\xbb\xbf[1]")
    assert read_json(path, what="test file", max_bytes=1000, error=ForceFileError) == [1]
    path.write_bytes(b"\xef\xbb\xbf\xef\xbb\xbf[1]")
    with pytest.raises(ForceFileError) as caught:
        read_json(path, what="test file", max_bytes=1000, error=ForceFileError)
    assert caught.value.message == (
        f"{path} is not valid JSON: Unexpected UTF-8 BOM (decode using utf-8-sig)"
        " at line 1 column 1"
    )


def test_an_output_that_is_an_input_under_another_name_says_both(tmp_path: Path) -> None:
    from cardsmith.errors import UsageError
    from cardsmith.fileio import refuse_overwrite

    source = tmp_path / "lance.json"
    source.write_text("{}")
    for output, shown in (
        (source, f"{source}"),
        (
            tmp_path / "sub" / ".." / "lance.json",
            f"{tmp_path}/sub/../lance.json (that is {source})",
        ),
        (tmp_path / "new.json", None),
    ):
        if shown is None:
            refuse_overwrite(output, [source, tmp_path / "missing.json"])  # neither is it
            continue
        (tmp_path / "sub").mkdir(exist_ok=True)
        with pytest.raises(UsageError) as caught:
            refuse_overwrite(output, [source])
        assert caught.value.message == (
            f"the output {shown} is an input of this command; "
            "writing it would destroy the input — choose another output file"
        )
    # An input not written yet is the output when its path leads to the output's.
    later = tmp_path / "later.json"
    with pytest.raises(UsageError, match="is an input"):
        refuse_overwrite(tmp_path / "sub" / ".." / "later.json", [later])


def test_a_locked_update_reads_afresh_and_saves_within_the_bounds_given(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import locked_update, read_json

    path = tmp_path / "lance.json"
    path.write_text('["first"]')

    def read(p: Path) -> list[str]:
        data: list[str] = read_json(p, what="list", max_bytes=1000, error=ForceFileError)
        return data

    with locked_update(path, read=read, error=ForceFileError) as update:
        assert update.current == ["first"] and not update.saved
        update.save(json.dumps([*update.current, "second"]).encode(), keep_backup=True)
        assert update.saved
    assert json.loads(path.read_text()) == ["first", "second"]
    assert backup_path(path).read_text() == '["first"]'  # the version it replaced
    with locked_update(path, read=read, error=ForceFileError) as update:
        big = b"[" + b'"x",' * 300 + b'"x"]'
        with pytest.raises(ForceFileError) as caught:
            update.save(big, max_bytes=1000, what="force file")
        assert not update.saved
    assert caught.value.message == (
        f"{path} would be {len(big):,} bytes; force files over 1,000 bytes are refused"
    )
    assert json.loads(path.read_text()) == ["first", "second"]  # nothing written
    with locked_update(path, read=read, error=ForceFileError) as update:
        update.save(b"[]")  # no backup asked for: the last one stays
    assert backup_path(path).read_text() == '["first"]' and path.read_text() == "[]"


def test_a_save_renames_a_hidden_temporary_made_beside_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Beside it, so the rename is one step on one file system; hidden and named after the
    file, so a leftover (power cut) is seen for what it is.  A failed rename leaves none."""
    import errno

    target = tmp_path / "lance.json"
    target.write_text('["old"]')
    renames: list[tuple[Path, Path]] = []
    rename = os.replace

    def noted(source: str, destination: str | Path) -> None:
        renames.append((Path(source), Path(destination)))
        rename(source, destination)

    monkeypatch.setattr(os, "replace", noted)
    atomic_write(target, b'["new"]', keep_backup=True)
    assert [destination.name for _, destination in renames] == ["lance.json.bak", "lance.json"]
    for source, destination in renames:
        assert source.parent == tmp_path
        assert source.name.startswith(f".{destination.name}.") and source.suffix == ".tmp"
    assert target.read_text() == '["new"]' and backup_path(target).read_text() == '["old"]'

    def cross_device(source: str, destination: str | Path) -> None:
        raise OSError(errno.EXDEV, "Invalid cross-device link")

    monkeypatch.setattr(os, "replace", cross_device)
    with pytest.raises(OSError):
        atomic_write(target, b'["lost"]')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lance.json", "lance.json.bak"]
    assert target.read_text() == '["new"]'


def test_a_folder_given_as_the_file_to_save_is_refused_in_words(tmp_path: Path) -> None:
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import save_bytes

    folder = tmp_path / "lance.json"
    folder.mkdir()
    with pytest.raises(ForceFileError) as caught:
        save_bytes(folder, b"[]", ForceFileError)
    assert caught.value.message == f"cannot write {folder}: it is a folder"
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_a_file_that_grows_while_it_is_read_is_read_whole_or_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program may still be writing it: the size stat gave is only where to start."""
    from cardsmith.errors import ForceFileError
    from cardsmith.fileio import read_bytes

    path = tmp_path / "growing.json"
    path.write_bytes(b"x" * 100)
    fstat = os.fstat

    class Earlier:  # what fstat said before the last 90 bytes were written
        def __init__(self, real: os.stat_result) -> None:
            self.st_mode, self.st_size = real.st_mode, 10

    monkeypatch.setattr(os, "fstat", lambda fd: Earlier(fstat(fd)))
    assert read_bytes(path, what="force file", max_bytes=100, error=ForceFileError) == b"x" * 100
    with pytest.raises(ForceFileError) as caught:
        read_bytes(path, what="force file", max_bytes=99, error=ForceFileError)
    assert caught.value.message == f"{path} is over 99 bytes; force files that large are refused"
