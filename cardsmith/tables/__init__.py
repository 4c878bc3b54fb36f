"""Provides dice expressions and data-driven dice tables (loading, checking, resolving)."""

from cardsmith.tables.dice import (
    Dice,
    DiceError,
    DiceExpr,
    DiceMark,
    DiceRoll,
    MoreDiceNeeded,
    parse_dice,
    parse_entered,
    roll,
)
from cardsmith.tables.loader import TableSet, load_files, load_tables
from cardsmith.tables.model import Entry, Pack, Table
from cardsmith.tables.outcome import Change, Outcome
from cardsmith.tables.resolver import ChoiceNeeded, Context, Resolver, ScriptedChooser

__all__ = [
    "Change",
    "ChoiceNeeded",
    "Context",
    "Dice",
    "DiceError",
    "DiceExpr",
    "DiceMark",
    "DiceRoll",
    "Entry",
    "MoreDiceNeeded",
    "Outcome",
    "Pack",
    "Resolver",
    "ScriptedChooser",
    "Table",
    "TableSet",
    "load_files",
    "load_tables",
    "parse_dice",
    "parse_entered",
    "roll",
]
