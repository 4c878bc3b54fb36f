"""Provides ``why_refused``: why a key does nothing now, when each of its bindings is off."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.dom import DOMNode


def why_refused(app: App[Any], key: str) -> str | None:
    """Why ``key`` does nothing now; None when a binding takes it, or when it has none.

    Textual passes over a binding whose ``check_action`` says None (greyed in the footer)
    or False (hidden), and a key left with no binding then does nothing, in silence.  The
    node the action belongs to says why in its ``why_not(action, parameters)`` (None when
    it has nothing to add); failing that, the binding's own label does.
    """
    refused: tuple[DOMNode, str, tuple[object, ...], str] | None = None
    # Textual has no public way to ask which binding a key reaches: this is the search of
    # App._check_bindings, in its order (the focused widget first, the app last).
    for namespace, bindings in app.screen._modal_binding_chain:
        for binding in bindings.key_to_bindings.get(key, ()):
            target, action, parameters = app._parse_action(binding.action, namespace)
            if target.check_action(action, parameters):
                return None  # this one runs
            if refused is None:
                label = binding.description or action.replace("_", " ")
                refused = (target, action, parameters, label)
    if refused is None:
        return None
    target, action, parameters, label = refused
    explain = getattr(target, "why_not", None)
    reason = explain(action, parameters) if explain is not None else None
    return reason or f"{label}: not available here now."
