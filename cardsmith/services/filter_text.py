"""Provides ``FilterText``: search filters as a player types them, before they are checked.

Apart from their parsing (``search_filters``) so that the app's first screen can hold
them without loading the unit model the parsing checks against.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class FilterText(NamedTuple):
    """Search filters as a player types them, in the CLI's options or the app's fields."""

    types: Sequence[str] = ()
    roles: Sequence[str] = ()
    sizes: Sequence[str] = ()
    pv: str | None = None
    """``20-40``, ``20-``, ``-40`` or ``35``."""
    pv_min: str = ""
    pv_max: str = ""
    move_min: float | None = None
    specials: Sequence[str] = ()
    eras: Sequence[str] = ()
    """Production eras."""
    techs: Sequence[str] = ()
    rules: Sequence[str] = ()
    usable_only: bool = False
    available_in: str = ""
    """The era of availability (MUL ``AvailableEras``), apart from the production era."""
    faction: str = ""
