"""Provides the hints the core words as command lines, kept here so the app can give its keys.

A message that reaches both shells names the CLI's command; the app replaces each of these
with its own keys (``cardsmith.tui.app_hints``), so each hint has one wording to match.
A ``{command}`` in a hint stands for the command line it is filled with.
"""

#: A faction was named before the catalogue knew any.
NO_FACTIONS_HINT = (
    "no MUL factions are in the local catalogue yet; "
    "`cardsmith catalogue sync --availability --factions NAME` looks the name up on the MUL"
)

#: How to get a unit an imported file names that the catalogue lacks.
FETCH_AND_IMPORT_AGAIN = "fetch it with `cardsmith fetch NAME` and import again"

#: What to do with a cardsmith force file given to an import.
OPEN_FORCE_FILE = "open it with `cardsmith force show`"

#: A force names a faction the catalogue does not know.
UNKNOWN_FACTION_HINT = (
    "name a faction the catalogue knows (catalogue sync --availability --factions NAME)"
)

#: The availability list a check needs is not in the catalogue; ``{command}`` syncs it.
SYNC_LIST_HINT = (
    "sync the missing list ({command}) or import a captured one (catalogue import FILE)"
)
