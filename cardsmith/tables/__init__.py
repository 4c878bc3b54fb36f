"""Provides dice expressions and data-driven dice tables (loading, checking, resolving)."""

from cardsmith.tables.dice import (
    DiceError,
    DiceExpr,
    DiceRoll,
    EnteredDice,
    RandomDice,
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
    "DiceError",
    "DiceExpr",
    "DiceRoll",
    "EnteredDice",
    "Entry",
    "Outcome",
    "Pack",
    "RandomDice",
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
