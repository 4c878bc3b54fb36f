"""Holds Python's cycle collector off while the app starts, then freezes what start-up built."""

from __future__ import annotations

import gc

#: Whether ``hold`` turned the collector off (so that only it turns it back on).
_held = False


def hold() -> None:
    """Stop cyclic garbage collection until ``release``: called before the app is imported.

    Importing Textual and cardsmith and building the first screen makes about 80,000
    objects that live as long as the app; the collector walked them about 170 times before
    the first frame, 70-100 ms of a 650-780 ms start (bench/bench_tui.py).
    """
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Collect again, with what start-up built frozen out of every later collection's walk
    (a full collection then walks what the session makes, not the modules and the index)."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
