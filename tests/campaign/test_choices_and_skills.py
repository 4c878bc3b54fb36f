"""Answers given in advance (``--choose``), and a new skill taken from the right tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from cardsmith.errors import CardsmithError
from cardsmith.tables import ChoiceNeeded, Dice, Resolver, ScriptedChooser, TableSet
from cardsmith.tables.outcome import Outcome
from cardsmith.tables.resolver import Context

from .conftest import dice_for

OPTIONS = [("shooting-skills", "Shooting skills"), ("guts-skills", "Guts skills")]


class _Asked:
    """A chooser that notes the skill tables offered to it and answers with the last option."""

    def __init__(self, *, every: bool = False) -> None:
        self.asked: list[tuple[str, list[tuple[str, str]]]] = []
        self.every = every

    def choose(self, prompt: str, options: Sequence[tuple[str, str]]) -> str:
        # Not a skill's own question (Trick Shooter's weapon), unless every one is wanted.
        if self.every or prompt == "Skill table":
            self.asked.append((prompt, list(options)))
        return options[-1][0]


@pytest.mark.parametrize(
    ("answer", "key"),
    [
        ("guts-skills", "guts-skills"),  # the key
        ("Shooting Skills", "shooting-skills"),  # the label, any case
        ("1", "shooting-skills"),  # its number, counted from 1
        ("2", "guts-skills"),
        ("  GUTS ", "guts-skills"),  # a unique start of a key
    ],
)
def test_an_answer_matches_by_key_label_number_or_start(answer: str, key: str) -> None:
    assert ScriptedChooser([answer]).choose("Skill table", OPTIONS) == key


@pytest.mark.parametrize("answer", ["3", "0", "skills", "", "riding"])
def test_an_answer_that_is_no_option_asks_again_with_every_option(answer: str) -> None:
    with pytest.raises(ChoiceNeeded) as asked:
        ScriptedChooser([answer]).choose("Skill table", OPTIONS)
    assert asked.value.prompt == f"Skill table ({answer.casefold()!r} is not an option)"
    assert asked.value.options == tuple(OPTIONS)


def test_answers_run_out_to_the_fallback_or_to_a_question() -> None:
    fallback = _Asked(every=True)
    chooser = ScriptedChooser(["1"], fallback=fallback)
    assert chooser.choose("First", OPTIONS) == "shooting-skills"
    assert chooser.choose("Second", OPTIONS) == "guts-skills"
    assert fallback.asked == [("Second", OPTIONS)]
    with pytest.raises(ChoiceNeeded) as asked:
        ScriptedChooser([]).choose("Third", OPTIONS)
    assert (asked.value.prompt, asked.value.options) == ("Third", tuple(OPTIONS))


def _skill_roll(
    tables: TableSet, source: str, context: Context, chooser: _Asked
) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    """Resolve one gain-skill entry of the Wild West advancement: (tables rolled, choices, notes)."""
    key = "preferred-skill" if source == "preferred" else "any-skill"
    table = tables.tables["hero-advancement"]
    assert table.dice is not None
    (entry,) = [e for e in table.entries if e.key == key]
    result = min(r for r in table.dice.results() if entry.covers(r))
    dice = Dice.seeded(3, dice_for(table.dice, result))  # the skill roll: seeded
    outcome = Resolver(tables, dice, chooser, context).resolve(table)
    return [c.table for c in outcome.children], list(outcome.choices), list(outcome.notes)


def test_preferred_skill_tables_must_be_set(tables: TableSet) -> None:
    with pytest.raises(CardsmithError, match="preferred skill tables, and none are set"):
        _skill_roll(tables, "preferred", Context(), _Asked())


def test_one_open_table_is_rolled_on_without_asking(tables: TableSet) -> None:
    chooser = _Asked()
    context = Context(preferred_skill_tables=("guts-skills",))
    rolled, choices, notes = _skill_roll(tables, "preferred", context, chooser)
    assert (rolled, choices, notes, chooser.asked) == (["guts-skills"], [], [], [])


def test_several_open_tables_are_asked_about_and_the_choice_kept(tables: TableSet) -> None:
    chooser = _Asked()
    rolled, choices, _ = _skill_roll(tables, "any", Context(), chooser)
    ((prompt, options),) = chooser.asked
    skill_tables = [t.id for t in tables.skill_tables("old-west")]
    assert (prompt, [key for key, _ in options]) == ("Skill table", skill_tables)
    assert rolled == [skill_tables[-1]] and choices == [("Skill table", skill_tables[-1])]


def test_a_table_whose_every_skill_is_held_is_not_offered(tables: TableSet) -> None:
    guts, shooting = tables.tables["guts-skills"], tables.tables["shooting-skills"]
    held = Counter({e.key: e.repeatable for e in guts.entries if not e.gap})
    context = Context(skills=held, preferred_skill_tables=("guts-skills", "shooting-skills"))
    chooser = _Asked()
    rolled, _, notes = _skill_roll(tables, "preferred", context, chooser)
    assert (rolled, chooser.asked, notes) == (["shooting-skills"], [], [])
    # One skill taken once fewer than it may be: the table is offered again.
    held[next(e.key for e in guts.entries if not e.gap)] -= 1
    chooser = _Asked()
    _skill_roll(tables, "preferred", context, chooser)
    assert [key for key, _ in chooser.asked[0][1]] == ["guts-skills", "shooting-skills"]
    # Every skill of both held as often as it may be: nothing to roll on, and it says so.
    for table in (guts, shooting):
        held.update({e.key: e.repeatable - held[e.key] for e in table.entries if not e.gap})
    rolled, _, notes = _skill_roll(tables, "preferred", context, _Asked())
    assert (rolled, notes) == (
        [],
        ["already has every skill on the tables offered; nothing gained"],
    )


def _trial(
    tables: TableSet, dice: list[int], answer: str, funds: int | None
) -> tuple[Outcome, Context, _Asked]:
    """A trial that ends in bail: the D6 of the trial (3), the bail D6, then the jail D3."""
    context = Context(funds=funds)
    chooser = _Asked(every=True)
    fixed = ScriptedChooser([answer], fallback=chooser) if answer else chooser
    outcome = Resolver(tables, Dice.own([3, *dice]), fixed, context).resolve("trial")
    assert outcome.entry == "bail"
    return outcome, context, chooser


def test_bail_the_team_can_pay_is_offered_and_paid(tables: TableSet) -> None:
    outcome, context, _ = _trial(tables, [4], "pay", funds=4)  # exactly enough
    assert [c.label for c in outcome.all_changes()] == ["Bail paid: -$4"]
    assert [c.amount for c in outcome.changes] == [-4]
    assert context.funds == 0
    assert list(outcome.choices) == [("Bail", "pay")]
    assert [(r.purpose, r.roll.total) for r in outcome.extra] == [("bail", 4)]
    _, _, asked = _trial(tables, [5, 1], "", funds=None)  # funds unknown: asked all the same
    assert asked.asked == [
        ("Bail $5", [("pay", "Pay $5"), ("no", "Do not pay: jail for D3 games")])
    ]


def test_bail_not_paid_or_beyond_the_funds_means_jail(tables: TableSet) -> None:
    outcome, context, _ = _trial(tables, [4, 2], "no", funds=10)
    assert [(c.kind, c.amount) for c in outcome.all_changes()] == [("miss-games", 2)]
    assert context.funds == 10
    outcome, context, asked = _trial(tables, [5, 3], "", funds=4)
    assert asked.asked == []  # nothing to ask: the team cannot pay
    assert list(outcome.notes) == ["Bail $5: the team has only $4, so it cannot pay"]
    assert [(c.kind, c.amount) for c in outcome.all_changes()] == [("miss-games", 3)]
    assert context.funds == 4


def test_a_skill_taken_is_labelled_and_its_table_kept(tables: TableSet) -> None:
    context = Context()
    (change,) = Resolver(tables, Dice.own([1]), _Asked(), context).resolve("guts-skills").changes
    assert context.skills["true-grit"] == 1
    assert (change.kind, change.label, change.value, change.text, change.pick) == (
        "skill",
        "Skill: True Grit",
        "true-grit",
        "guts-skills",
        "",
    )


def test_a_result_missing_from_the_source_gives_no_skill_and_says_so(tables: TableSet) -> None:
    context = Context()
    outcome = Resolver(tables, Dice.own([4]), _Asked(), context).resolve("guts-skills")
    assert outcome.changes == () and not context.skills
    assert list(outcome.notes) == [
        "result 3-6 is missing from the source (seed 002 is cut off after result 2 of this "
        "table); no skill was given: agree one with your group and add it by hand"
    ]


def test_trick_shooter_names_its_weapon_and_asks_only_among_those_left(tables: TableSet) -> None:
    context = Context()
    asked = _Asked(every=True)
    resolver = Resolver(tables, Dice.own([2, 2, 2]), asked, context)
    labels = [resolver.resolve("shooting-skills").changes[0] for _ in range(3)]
    assert [(c.label, c.pick) for c in labels] == [
        ("Skill: Trick Shooter (rifle)", "rifle"),
        ("Skill: Trick Shooter (heavy pistol)", "heavy pistol"),
        ("Skill: Trick Shooter (revolver)", "revolver"),  # the last one left: not asked
    ]
    assert [(p, [k for k, _ in o]) for p, o in asked.asked] == [
        ("Trick Shooter: which weapon", ["revolver", "heavy pistol", "rifle"]),
        ("Trick Shooter: which weapon", ["revolver", "heavy pistol"]),
    ]
    assert context.skills["trick-shooter"] == 3  # taken three times, counted three
    assert context.skill_picks["trick-shooter"] == {"revolver", "heavy pistol", "rifle"}


def test_an_outcome_reads_as_its_rolls_choices_changes_and_nested_rolls(
    tables: TableSet,
) -> None:
    bail = Resolver(tables, Dice.own([3, 5, 2]), ScriptedChooser(["no"]), Context(funds=10))
    assert bail.resolve("trial").describe() == [
        "Trial — D6 [3] = 3: Released on bail",
        "  (bail: D6 [5] = 5)",
        "  (games missed: D3 [2] = 2)",
        "  choice — Bail: no",
        "  → Misses 2 games",
    ]
    context = Context(preferred_skill_tables=("shooting-skills",))
    skill = Resolver(tables, Dice.own([1, 1, 2]), ScriptedChooser(["rifle"]), context)
    assert skill.resolve("hero-advancement").describe("> ") == [
        "> Hero advancement — 2D6 [1, 1] = 2: New preferred skill",
        ">   Shooting skills — D6 [2] = 2: Trick Shooter",
        ">     choice — Trick Shooter: which weapon: rifle",
        ">     → Skill: Trick Shooter (rifle)",
    ]
    lookup = Resolver(tables, Dice.own([]), ScriptedChooser([]), Context())
    assert lookup.resolve("underdog", value=130).describe() == [
        "Underdog re-rolls — 130: 3 re-rolls"  # a number looked up, no dice
    ]
