"""Provides the cardsmith exception tree and the exit code each branch maps to.

::

    CardsmithError                      exit 2 unless a subclass says otherwise
    ├── UsageError                      bad arguments the parser could not catch
    ├── CatalogueError
    │   ├── CatalogueUnavailable        exit 3: the MUL could not be reached, nothing cached
    │   │   └── OfflineCacheMiss        exit 3: --offline and the answer is not cached
    │   ├── CatalogueDataError          a record or dump that cannot be read
    │   ├── CatalogueStoreError         the local catalogue folder cannot be used at all
    │   └── UnitNotFound                no unit (or several) for the name or id given
    ├── ForceFileError                  an unreadable, malformed or too-new force file
    ├── ForceEditError                  an edit the force cannot take (skill, SPA, index …)
    ├── TemplateError                   card layouts, dice tables and other template data
    ├── RulePackError                   a rule pack that does not load
    ├── RenderError                     the PDF could not be written
    └── FormatError                     an import or export format problem

Exceptions carry a message meant for the player; the shells print it (CLI, to stderr) or
show it (TUI, as a notification).  They never render themselves.
"""

from __future__ import annotations

#: Exit codes of the command line (design §5).
EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_BAD_INPUT = 2
EXIT_UNREACHABLE = 3


class CardsmithError(Exception):
    """Root of every error cardsmith raises on purpose."""

    exit_code: int = EXIT_BAD_INPUT

    def __init__(self, message: str, *, title: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.title = title

    def __str__(self) -> str:
        return self.message


class UsageError(CardsmithError, ValueError):
    """Arguments that do not make sense together."""


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


class UnitNotFound(CatalogueError, LookupError):
    """No unit matches, or a name matches several; ``candidates`` lists close names."""

    def __init__(self, message: str, *, candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.candidates = candidates


class ForceFileError(CardsmithError):
    """A force file that cannot be read, or is of a format version we do not know."""


class ForceEditError(CardsmithError, ValueError):
    """An edit that would make the force file wrong (bad skill, unknown SPA …)."""


class TemplateError(CardsmithError):
    """Template data (layouts, tables, catalogues of SPAs …) that does not load."""

    def __init__(self, message: str, *, problems: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class RulePackError(TemplateError):
    """A rule pack that does not load: names the file, the key and the reason."""


class RenderError(CardsmithError):
    """A PDF or card that could not be produced."""


class FormatError(CardsmithError, ValueError):
    """An import or export file of another tool that cannot be read or written."""
