"""Provides every cardsmith exception class and the exit code each branch maps to.

::

    CardsmithError                      exit 2 unless a subclass says otherwise
    ├── UsageError                      bad arguments the parser could not catch
    │   └── UnknownName                 an era or faction name that matches none (or several)
    ├── CatalogueError
    │   ├── CatalogueUnavailable        exit 3: the MUL could not be reached, nothing cached
    │   │   └── OfflineCacheMiss        exit 3: --offline and the answer is not cached
    │   ├── CatalogueDataError          a record or dump that cannot be read
    │   ├── CatalogueStoreError         the local catalogue folder cannot be used at all
    │   │   ├── CatalogueBusy           another process holds the store: try again
    │   │   └── CatalogueReadOnly       the store can be read but not written (owner, mode)
    │   └── UnitNotFound                no unit (or several) for the name or id given
    ├── ForceFileError                  an unreadable, malformed or too-new force file
    ├── ForceEditError                  an edit the force cannot take (skill, SPA, index …)
    │   └── FormationNotFound           an unknown formation id, or a group without one
    ├── BattleFileError                 a battle file that cannot be read or written
    ├── BattleEditError                 a change the battle cannot take (unknown unit, crit …)
    │   └── CritError                   a crit roll or crit name the crit tables cannot read
    ├── CampaignFileError               a campaign file that cannot be read or written
    ├── CampaignError                   a campaign action that cannot be done
    ├── DiceError                       a dice expression or entered dice that do not fit
    │   └── MoreDiceNeeded              the player's own dice ran out: ask for more, retry
    ├── ChoiceNeeded                    a table asks the player to choose; no answer given
    ├── TemplateError                   card layouts, dice tables and other template data
    │   └── RulePackError               a rule pack that does not load
    ├── RenderError                     the PDF could not be written
    ├── OutputError                     stdout or stderr cannot be written (a full disk)
    └── FormatError                     an import or export format problem
        ├── FormatProblems              a file with several bad rows or items
        └── ShareCodeError              a share code that is not one, too new, or damaged

Every error may carry ``problems`` (``cardsmith.problems.Problem``, one line each) and
``UnitNotFound`` its ``candidates``; the shells render both the same way.

``ReadOnlyTarget`` (a ``PermissionError``) and ``SpecialTarget`` are ``OSError`` exceptions, not
cardsmith errors: ``fileio.atomic_write`` raises them for a read-only file or a device it
refuses to replace, and ``fileio.save_bytes`` words them as the caller's error.

Two kinds of exception live elsewhere on purpose: ``catalogue.answers.BadAnswer`` is a
``requests`` exception (it must be one for the HTTP cache to keep a bad body out, and
``requests`` lives only in ``catalogue``; it never leaves the client), and private
``_Name`` signals that never leave the module that raises them.

Exceptions carry a message meant for the player; the shells print it (CLI, to stderr) or
show it (TUI, as a notification).  They never render themselves.  ``os_reason`` words an
``OSError`` the same way for every message that names a file.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable, Sequence

from cardsmith.problems import Problem

#: Exit codes of the command line (design §5).
EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_UNREACHABLE = 3


class CardsmithError(Exception):
    """Root of every error cardsmith raises on purpose."""

    exit_code: int = EXIT_BAD_INPUT

    def __init__(
        self, message: str, *, title: str | None = None, problems: Iterable[str] = ()
    ) -> None:
        super().__init__(message)
        self.message = message
        self.title = title
        self.problems: tuple[Problem, ...] = tuple(Problem.of(p) for p in problems)
        """Each problem found, when the error sums up several (``3 problems in …``)."""

    def __str__(self) -> str:
        return self.message


class UsageError(CardsmithError, ValueError):
    """Arguments that do not make sense together."""


class UnknownName(UsageError):
    """A name (era, faction …) that matches nothing or several; ``candidates`` lists close ones."""

    def __init__(self, message: str, *, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class CatalogueError(CardsmithError):
    """Something about units, their source or the local catalogue."""


class CatalogueUnavailable(CatalogueError):
    """The unit source could not be reached and nothing cached could answer."""

    exit_code = EXIT_UNREACHABLE


class OfflineCacheMiss(CatalogueUnavailable):
    """Offline mode was asked for and the answer is not in the HTTP cache."""


class CatalogueDataError(CatalogueError, ValueError):
    """A unit record or a dump file that cannot be read."""


class CatalogueStoreError(CatalogueError):
    """The local catalogue cannot be opened or written at all (permissions, disk)."""


class CatalogueBusy(CatalogueStoreError):
    """Another process holds the local catalogue longer than a writer waits; nothing is damaged."""


class CatalogueReadOnly(CatalogueStoreError):
    """The local catalogue can be read but this user cannot write it (the message says why)."""


class UnitNotFound(CatalogueError, LookupError):
    """No unit matches, or a name matches several; ``candidates`` lists close names."""

    def __init__(self, message: str, *, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class ForceFileError(CardsmithError):
    """A force file that cannot be read, or is of a format version we do not know."""


class ForceEditError(CardsmithError, ValueError):
    """An edit that would make the force file wrong (bad skill, unknown SPA …)."""


class FormationNotFound(ForceEditError, LookupError):
    """An unknown formation id, or a group that has no formation to evaluate."""


class BattleFileError(CardsmithError):
    """A battle file that cannot be read or written, or whose force files changed."""


class BattleEditError(CardsmithError, ValueError):
    """A change the battle cannot take: unknown unit, crit the unit has no track for …"""


class CritError(BattleEditError):
    """A crit roll outside 2–12, an unknown crit name, or a unit with no such table."""


class CampaignFileError(CardsmithError):
    """A campaign file that cannot be read, or of a format version we do not know."""


class CampaignError(CardsmithError, ValueError):
    """A campaign action that cannot be done (unknown warrior, a dead warrior rolling …)."""


class DiceError(CardsmithError, ValueError):
    """A dice expression that cannot be read, or entered dice that do not fit it."""


class ChoiceNeeded(CardsmithError, ValueError):
    """A table asks the player to choose and no answer was given."""

    def __init__(self, prompt: str, options: Sequence[tuple[str, str]]) -> None:
        listed = "; ".join(f"{key} ({label})" for key, label in options)
        super().__init__(f"{prompt}: choose one of {listed}")
        self.prompt = prompt
        self.options = tuple(options)


class MoreDiceNeeded(DiceError):
    """The entered dice ran out and there is no generator: the player rolls ``expr`` next.

    A shell that can ask (the app's dice dialog) catches this, adds the dice and runs the
    step again after :meth:`Dice.rewind`; a shell that cannot shows the message.
    """

    def __init__(self, expr: str, needed: int, purpose: str, have: tuple[int, ...]) -> None:
        what = f" for {purpose}" if purpose else ""
        left = len(have)
        super().__init__(
            f"{expr}{what} needs {needed} {'die' if needed == 1 else 'dice'}; "
            f"{left} entered {'die is' if left == 1 else 'dice are'} left"
        )
        self.expr = expr
        """The dice expression to roll (``D66``), as text."""
        self.needed = needed
        """How many physical dice that expression takes."""
        self.purpose = purpose
        self.have = have
        """Entered dice left over that make the start of this roll."""


class TemplateError(CardsmithError):
    """Template data (layouts, tables, catalogues of SPAs …) that does not load."""


class RulePackError(TemplateError):
    """A rule pack that does not load: names the file, the key and the reason."""


class RenderError(CardsmithError):
    """A PDF or card that could not be produced."""


class OutputError(CardsmithError):
    """The command's output cannot be written: stdout on a full disk, a failing device."""


class FormatError(CardsmithError, ValueError):
    """An import or export file of another tool that cannot be read or written."""


class FormatProblems(FormatError):
    """A file with several bad rows or items; ``problems`` lists each with its row number."""

    def __init__(self, message: str, problems: Iterable[str]) -> None:
        super().__init__(message, problems=problems)


class ShareCodeError(FormatError):
    """A share code that is not one, is of a newer version, or was damaged or cut short."""


class ReadOnlyTarget(PermissionError):
    """A save refused to replace a read-only file (``fileio.save_bytes`` words it)."""


class SpecialTarget(OSError):
    """A save refused to replace a device, FIFO or socket (``/dev/null`` given as output):
    renaming a file over it would destroy it.  ``strerror`` says which kind it is."""


# The operating system's errors in words: every message about a file says why in plain
# language, never ``[Errno 28] No space left on device: '/tmp/tmpa1b2'``.
_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "the disk is read-only",
    errno.ENOENT: "the folder does not exist",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "it is a folder",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ELOOP: "too many symbolic links",
    errno.EIO: "a disk input/output error",
    errno.EMFILE: "too many open files",
    errno.EBUSY: "the file is in use",
    errno.EXDEV: "it is on another disk",
}


def os_reason(exc: OSError) -> str:
    """The operating system's reason in words (``the disk is full``), never ``[Errno 28] …``."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    return (exc.strerror or type(exc).__name__).lower()
