"""Provides the one problem-list type: a ``Problem`` (where, message, hint) and ``Problems``.

Every reader that checks a whole file collects what it finds in a ``Problems`` and raises
them together on a ``CardsmithError`` (``exc.problems``).  Both shells render the same
list: the command line one problem a line under the error (``problem_lines``), the app
as a list in its notification.  A ``Problem`` is also its own one-line text
(``where: message``), so it prints, joins and compares as that line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path


class Problem(str):
    """One problem found in a file or an input, with where it is and what would fix it.

    The string value is ``where: message`` (just ``message`` when ``where`` is empty);
    the hint is kept apart so a shell can show it on its own line.
    """

    where: str
    """Where it is: ``lance.json: entries[3].skill``, ``row 5``, ``[card] line_mm``."""
    message: str
    """What is wrong, in the player's words."""
    hint: str
    """What would fix it, or ``""``."""

    def __new__(cls, message: str, *, where: str = "", hint: str = "") -> Problem:
        text = f"{where}: {message}" if where else message
        problem = super().__new__(cls, text)
        problem.where = where
        problem.message = message
        problem.hint = hint
        return problem

    @classmethod
    def of(cls, item: str) -> Problem:
        """A ``Problem`` as it is, or one whose message is the whole text given."""
        return item if isinstance(item, Problem) else cls(str(item))

    def __repr__(self) -> str:
        hint = f", hint={self.hint!r}" if self.hint else ""
        return f"Problem({self.message!r}, where={self.where!r}{hint})"

    def __reduce__(self) -> tuple[object, ...]:
        # Keyword-only fields: pickling (pytest-xdist, multiprocessing) needs a recipe.
        return (_rebuild, (self.message, self.where, self.hint))


def _rebuild(message: str, where: str, hint: str) -> Problem:
    return Problem(message, where=where, hint=hint)


class Problems:
    """Collects the problems found while one file or input is read, then raises them together."""

    def __init__(self, source: Path | str = "") -> None:
        self.source = source
        """The file being read (a ``Path`` is named by its file name in ``at``)."""
        self.items: list[Problem] = []

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.items)

    def add(self, message: str, *, where: str = "", hint: str = "") -> None:
        """Record a problem (a message that already says where it is needs no ``where``)."""
        self.items.append(
            Problem(message, where=where, hint=hint) if where or hint else Problem.of(message)
        )

    def extend(self, problems: Iterable[str]) -> None:
        """Record several problems at once (plain text becomes a ``Problem`` as it is)."""
        self.items.extend(Problem.of(p) for p in problems)

    def at(self, key: str, reason: str, *, file: Path | str | None = None, hint: str = "") -> None:
        """Record ``file: dotted.key: reason`` (``file`` defaults to this collector's source)."""
        place = self.source if file is None else file
        name = place.name if isinstance(place, Path) else place
        where = f"{name}: {key}" if name else key
        self.add(reason, where=where, hint=hint)

    def headline(self, what: str) -> str:
        """``<source>: 3 problems in the <what>``."""
        count = len(self.items)
        text = f"{count:,} problem{'s' if count != 1 else ''} in the {what}"
        return f"{self.source}: {text}" if self.source else text

    def raise_if_any(self, what: str, *, error: Callable[..., Exception]) -> None:
        """Raise one ``error`` (a ``CardsmithError`` class) listing every problem, if any.

        The message reads ``<source>: 3 problems in the <what>``; ``templates.Problems``
        raises ``TemplateError`` when no error is given.  (This module sits below
        ``errors``, which imports it, so the class is passed in.)
        """
        if self.items:
            raise error(self.headline(what), problems=tuple(self.items))


def problem_lines(problems: Iterable[str], *, limit: int | None = None) -> list[str]:
    """The problems as lines to show, each hint on the line after its problem.

    With ``limit``, at most that many problems and a last line ``… and N more``.
    """
    items = [Problem.of(p) for p in problems]
    shown = items if limit is None else items[:limit]
    lines: list[str] = []
    for problem in shown:
        lines.append(str(problem))
        if problem.hint:
            lines.append(f"  {problem.hint}")
    if len(items) > len(shown):
        lines.append(f"… and {len(items) - len(shown):,} more")
    return lines
