"""Checks parity: ``cardsmith check --format json`` and the app's validation panel agree.

The same force files give the same verdicts, rule ids, severities, entries and
fingerprints in both shells, and each shell tells the player how to mend a violation in
its own terms: the CLI names a command, the app its keys.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rules.rulekit import build_unit, legal_entries
from textual.widgets import Input, OptionList
from tui.conftest import SIZE, ready

from cardsmith.forces.force_file import save_force
from cardsmith.models import Force, ForceEntry, Group
from cardsmith.tui.app import CardsmithApp
from cardsmith.tui.widgets.validation import ValidationPanel


@pytest.fixture(autouse=True)
def _no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Input, "_toggle_cursor", lambda _self: None)


def _forces() -> Iterator[tuple[str, Force]]:
    entries = legal_entries()
    yield "legal", Force("Legal Lance", "tournament-300", entries=tuple(entries),
                         groups=(Group("Alpha", "battle"),))  # fmt: skip
    # No commander, a third copy of one chassis, a skill outside 2-6 and an SPA at skill 5.
    broken = [replace(e, commander=False) for e in entries]
    broken[5] = replace(broken[5], skill=7)
    broken[6] = replace(broken[6], skill=5, spas=("sniper",))
    griffin = broken[0].unit
    broken += [
        ForceEntry(unit=griffin),
        ForceEntry(unit=replace(griffin, mul_id=griffin.mul_id + 1)),
    ]
    yield "broken", Force("Broken Lance", "tournament-300", entries=tuple(broken))
    # A group whose formation it does not meet: one light unit is no Assault Lance.
    light = ForceEntry(unit=build_unit("Locust L-1", size=1, armor=2), group="Bravo")
    yield (
        "formation",
        Force(
            "Odd Lance",
            "standard",
            entries=(*entries[:3], light),
            groups=(Group("Bravo", "assault"),),
        ),
    )


async def _app_view(path: Path) -> dict[str, Any]:
    """Open ``path`` in the app and read its validation panel, as a player sees it."""
    app = CardsmithApp(force_path=path, recovery=False)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        panel = app.screen.query_one(ValidationPanel)
        verdict = panel.verdict
        assert verdict is not None
        options = panel.query_one("#problems", OptionList)
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        return {
            "legal": verdict.legal,
            "fingerprint": verdict.fingerprint,
            "total_pv": verdict.total_pv,
            "violations": [
                (v.rule_id, v.severity.value, [i for i, _ in v.entries]) for v in verdict.violations
            ],
            "prompts": prompts,
        }


async def test_cli_and_app_give_the_same_verdicts(cli_run: Any, tmp_path: Path) -> None:
    paths = {}
    for name, force in _forces():
        paths[name] = tmp_path / f"{name}.json"
        save_force(force, paths[name])
    result = cli_run("check", *(str(p) for p in paths.values()), "--format", "json")
    assert result.code == 1, result
    by_file = {Path(item["file"]).stem: item for item in json.loads(result.stdout)}
    text = cli_run("check", *(str(p) for p in paths.values())).stdout
    seen = {}
    for name, path in paths.items():
        cli = by_file[name]
        app = seen[name] = await _app_view(path)
        assert app["legal"] == cli["legal"], name
        assert app["fingerprint"] == cli["fingerprint"], name
        assert app["total_pv"] == cli["total_pv"], name
        assert app["violations"] == [
            (v["rule"], v["severity"], [u["index"] for u in v["units"]]) for v in cli["violations"]
        ], name
        # The fix is data: each shell words it for itself, and neither borrows the other's.
        for prompt, violation in zip(app["prompts"], cli["violations"], strict=True):
            assert violation["message"] in prompt
            assert "cardsmith " not in prompt, prompt
        assert all(v["fix"] for v in cli["violations"])
    assert by_file["legal"]["legal"] is True and by_file["broken"]["legal"] is False
    broken = {v["rule"] for v in by_file["broken"]["violations"]}
    assert {"commander", "chassis-copies", "skill-range", "spa-budget"} <= broken
    assert {v["rule"] for v in by_file["formation"]["violations"]} == {"formations"}
    # The CLI names the command that mends the missing commander; the app its key.
    assert f"how: cardsmith force set {paths['broken']} INDEX --commander" in text
    commander = next(
        p for p, v in zip(seen["broken"]["prompts"], by_file["broken"]["violations"], strict=True)
        if v["rule"] == "commander"
    )  # fmt: skip
    assert "k marks the unit under the cursor as commander" in commander


async def test_both_shells_warn_of_a_pack_file_that_is_never_read(cli_run: Any) -> None:
    """Two files claim one pack id: ``rules list`` and the app's force settings (where a
    pack is chosen) give the same warning for the file that is never read, and no other."""
    from textual.message import Message
    from textual.notifications import Notify

    from cardsmith import paths
    from cardsmith.tui.screens.force_settings import ForceSettingsDialog

    rules = paths.user_templates_dir() / "rules"
    rules.mkdir(parents=True)
    text = '[[rule]]\nid = "cap"\ncheck = "pv-cap"\nmax = 300\n'
    for name in ("event-a", "event-b", "event-c"):
        (rules / f"{name}.toml").write_text(f'id = "spring"\ntitle = "{name}"\n' + text)
    cli = cli_run("rules", "list")
    assert cli.code == 0, cli
    prefix = "cardsmith: warning: "
    cli_said = [line.removeprefix(prefix) for line in cli.stderr.splitlines()]
    messages: list[Message] = []
    app = CardsmithApp(recovery=False)
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await ready(pilot)
        await pilot.press("f3", "f")
        await pilot.pause()
        assert isinstance(app.screen, ForceSettingsDialog)
    app_said = [
        m.notification.message
        for m in messages
        if isinstance(m, Notify) and m.notification.title == "Rule packs"
    ]
    assert app_said == cli_said
    read, unread = rules / "event-a.toml", (rules / "event-b.toml", rules / "event-c.toml")
    assert app_said == [
        f"pack 'spring' is read from {read}; {path} claims the same id and is never read "
        "(give it an id of its own)"
        for path in unread
    ]
