"""Provides ``CHECKS``, the one registry of force checks: name → spec of a generator of violations.

Each check is a small generator ``(view, rule) -> Iterator[Violation]`` (the jsonschema
keyword pattern, style guide §6 "Rules engine"); its docstring and ``Param`` specs are
what ``cardsmith rules list`` prints and what the pack loader validates against.  The
checks are declared by topic in the ``checks_*`` modules; this module only joins them,
in the order ``rules list`` shows.  Checks that need other data (SPAs, formations, the
catalogue) import it inside the function, so the registry loads fast and on its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardsmith.rules import (
    checks_availability,
    checks_composition,
    checks_formations,
    checks_pilots,
)
from cardsmith.rules.registry import CheckSpec, join

CHECKS: Mapping[str, CheckSpec] = join(
    checks_composition.CHECKS,
    checks_pilots.CHECKS,
    checks_availability.CHECKS,
    checks_formations.CHECKS,
)
