"""Provides the command line's output: tables, JSON, warnings, error reports, safe streams.

Every command writes through ``safe_output``: while a command runs, stdout and stderr
are ``SafeStream``s, so no control character or escape sequence from a file (a unit
name, a pilot, a campaign note) reaches the terminal as anything but visible text
(``cardsmith.safetext``), and a write that fails (``> /dev/full``) becomes one clear
``OutputError`` instead of a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from cardsmith.errors import CardsmithError, OutputError, UnitNotFound, UnknownName, os_reason
from cardsmith.problems import problem_lines
from cardsmith.safetext import safe_text


def echo(text: str = "", *, err: bool = False) -> None:
    """Print a line on stdout (or stderr), flushed at once.

    The same as ``click.echo`` for the text cardsmith prints, without importing click, so
    a plain ``cardsmith search`` (``cli.quick_search``) never loads it.
    """
    stream = sys.stderr if err else sys.stdout
    if stream is not None:
        stream.write(f"{text}\n")
        stream.flush()


def echo_json(data: Any) -> None:
    """Print data as indented UTF-8 JSON on stdout.

    Where stdout cannot hold a character (an ASCII or Latin-1 stream), the JSON escapes
    every non-ASCII one instead (``\\u00fc``): the same data, where "?" would change it.
    """
    text = json.dumps(data, indent=2, ensure_ascii=False)
    if isinstance(sys.stdout, SafeStream) and not sys.stdout.can_show(text):
        text = json.dumps(data, indent=2)
    echo(text)


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], *, right: Sequence[int] = ()
) -> str:
    """Lay out rows in aligned columns; ``right`` lists column numbers to right-align.

    A cell is shown through ``safe_text`` (a newline in a name would break the row).
    """
    text_rows = [[safe_text(str(cell)) for cell in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in text_rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(widths[i]) if i in right else cell.ljust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    out = [line(list(headers)), line(["-" * w for w in widths])]
    out.extend(line(row) for row in text_rows)
    return "\n".join(out)


def warn(message: str) -> None:
    """A warning on stderr."""
    echo(f"cardsmith: warning: {message}", err=True)


def report_error(exc: CardsmithError) -> None:
    """Print a cardsmith error on stderr: its message, close names, then each problem."""
    echo(f"cardsmith: {exc.message}", err=True)
    if isinstance(exc, UnitNotFound | UnknownName) and exc.candidates:
        echo("Did you mean:", err=True)
        for candidate in exc.candidates:
            echo(f"  {candidate}", err=True)
    for line in problem_lines(exc.problems):
        echo(f"  {line}" if line.startswith(" ") else f"  - {line}", err=True)


class SafeStream:
    """A text stream in front of stdout or stderr: shows controls visibly, words failures."""

    def __init__(self, raw: TextIO, name: str) -> None:
        self.raw = raw
        """The stream written to."""
        self.name = name
        """``output`` or ``error output``, for the message when a write fails."""
        self._dead = False

    # click looks for these to decide that the stream is a usable text stream.
    @property
    def encoding(self) -> str:
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str:
        return getattr(self.raw, "errors", None) or "strict"

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("a SafeStream takes text, not bytes")
        # click probes a stream with an empty write; a probe must not count as the failure.
        if text and not self._dead:
            shown = safe_text(text, keep_layout=True)
            try:
                self.raw.write(shown)
            except UnicodeEncodeError:
                # A terminal or pipe set to ASCII or Latin-1 (PYTHONIOENCODING, a Windows code
                # page) cannot show every name: such a character prints as "?", the rest as is.
                self.raw.write(shown.encode(self.encoding, "replace").decode(self.encoding))
            except OSError as exc:
                self._failed(exc)
        return len(text)

    def can_show(self, text: str) -> bool:
        """Whether this stream's encoding holds every character of ``text``."""
        try:
            text.encode(self.encoding)
        except UnicodeEncodeError:
            return False
        return True

    def flush(self) -> None:
        if not self._dead:
            try:
                self.raw.flush()
            except OSError as exc:
                self._failed(exc)

    def isatty(self) -> bool:
        return bool(self.raw.isatty())

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def _failed(self, exc: OSError) -> None:
        # What stays in the buffer must not fail again when Python flushes it at exit.
        self._dead = True
        with contextlib.suppress(OSError, ValueError, AttributeError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.raw.fileno())
            os.close(devnull)
        if exc.errno == errno.EPIPE:
            raise BrokenPipeError(errno.EPIPE, "the reader went away") from None  # click: exit 1
        raise OutputError(f"cannot write the {self.name}: {os_reason(exc)}") from None


@contextlib.contextmanager
def safe_output() -> Iterator[None]:
    """Run a command with stdout and stderr behind ``SafeStream``s (idempotent)."""
    old_out, old_err = sys.stdout, sys.stderr
    if isinstance(old_out, SafeStream) or old_out is None or old_err is None:
        yield
        return
    sys.stdout = SafeStream(old_out, "output")
    sys.stderr = SafeStream(old_err, "error output")
    try:
        yield
    finally:
        sys.stdout, sys.stderr = old_out, old_err


def run_command(action: Callable[[], object]) -> int:
    """Run a command as every command runs and return its exit code.

    Output goes through ``safe_output``; a cardsmith error is reported and becomes its
    exit code; a reader that went away (``| head``) is exit 1 and Ctrl-C is 130, with a
    word on stderr.  An int the action returns is the exit code (else 0).
    """
    with safe_output():
        try:
            result = action()
            sys.stdout.flush()  # a full disk shows here when the last line was buffered
        except CardsmithError as exc:
            report_error(exc)
            return exc.exit_code
        except BrokenPipeError:
            return 1
        except KeyboardInterrupt:
            echo("Interrupted.", err=True)
            return 130
    return result if isinstance(result, int) else 0


def terminal_stream() -> TextIO:
    """stderr itself, for cardsmith's own terminal drawing (a progress bar's escapes)."""
    err = sys.stderr
    return err.raw if isinstance(err, SafeStream) else err
