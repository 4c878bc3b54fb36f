"""Provides reading and atomic writing of campaign files (JSON, versioned, with a backup)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cardsmith import limits
from cardsmith.campaign.model import ACTIONS, Campaign, CampaignFileError, LogEntry
from cardsmith.campaign.replay import replay
from cardsmith.fileio import check_readable, locked, os_reason, read_json, save_bytes

FORMAT = "cardsmith-campaign"
VERSION = 1
"""Version of the campaign file format this code writes and reads."""


def campaign_to_json(campaign: Campaign) -> dict[str, Any]:
    """The file's content: the log is the record; the roster is a convenience snapshot."""
    roster = replay(campaign)
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": campaign.name,
        "pack": campaign.pack,
        "preferred_skill_tables": list(campaign.preferred_skill_tables),
        "created": campaign.created,
        "team": campaign.team,
        "funds": roster.funds,
        "games": [
            {
                "number": g.number,
                "opponent": g.opponent,
                "result": g.result,
                "notes": g.notes,
                "absent": list(g.absent),
            }
            for g in roster.games
        ],
        "roster": [w.to_json() for w in roster.warriors],
        "log": [e.to_json() for e in campaign.log],
    }


def campaign_from_json(data: object, source: str = "campaign file") -> Campaign:
    """Read a campaign from parsed JSON (the roster snapshot is rebuilt from the log).

    Raises:
        CampaignFileError: not a campaign file, a newer format, or a malformed log.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignFileError(f"{source} is not a cardsmith campaign file")
    version = data.get("version")
    if not isinstance(version, int) or version < 1:
        raise CampaignFileError(f"{source}: bad format version {version!r}")
    if version > VERSION:
        raise CampaignFileError(
            f"{source} was written by a newer cardsmith (format {version}; this one reads "
            f"up to {VERSION}); update cardsmith to open it"
        )
    try:
        log = tuple(_entry(raw) for raw in data.get("log", []))
        campaign = Campaign(
            name=str(data["name"]),
            pack=str(data["pack"]),
            preferred_skill_tables=tuple(str(t) for t in data.get("preferred_skill_tables", [])),
            created=str(data.get("created", "")),
            log=log,
            team=str(data.get("team", "")),
        )
        replay(campaign)  # a log that does not replay is a broken file: say so on open
    except CampaignFileError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise CampaignFileError(f"{source} is damaged: {exc}") from exc
    return campaign


def _entry(raw: Any) -> LogEntry:
    if not isinstance(raw, dict):
        raise CampaignFileError(f"a log entry is not an object: {raw!r}")
    action = raw.get("action")
    if action not in ACTIONS:
        raise CampaignFileError(f"log entry {raw.get('seq')}: unknown action {action!r}")
    data = raw.get("data", {})
    if not isinstance(data, dict):
        raise CampaignFileError(f"log entry {raw.get('seq')}: data must be an object")
    return LogEntry(
        seq=int(raw["seq"]),
        action=action,
        game=int(raw.get("game", 0)),
        at=str(raw.get("at", "")),
        warrior=str(raw.get("warrior", "")),
        data=data,
        note=str(raw.get("note", "")),
    )


def load_campaign(path: Path) -> Campaign:
    """Read a campaign file.

    Raises:
        CampaignFileError: missing, unreadable, not JSON, or not a campaign this version reads.
    """
    data = read_json(
        path, what="campaign file", max_bytes=limits.MAX_DOCUMENT_BYTES, error=CampaignFileError
    )
    return campaign_from_json(data, str(path))


def campaign_json_text(campaign: Campaign) -> str:
    """The file's text, as :func:`save_campaign` writes it."""
    return json.dumps(campaign_to_json(campaign), indent=2, ensure_ascii=False) + "\n"


def save_campaign(campaign: Campaign, path: Path) -> Path:
    """Write the campaign atomically: temp file in the same folder, then ``os.replace``.

    The previous file, if any, is copied to ``<name>.bak`` first, so a bad save never
    leaves the player without their last good campaign.

    Raises:
        CampaignFileError: the folder cannot be written, or the campaign holds a number
            its reader would refuse (nothing is written then).
    """
    document = campaign_to_json(campaign)
    check_readable(document, where=str(path), error=CampaignFileError)
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CampaignFileError(f"cannot save {path}: {os_reason(exc)}") from None
    save_bytes(
        path,
        text.encode("utf-8"),
        CampaignFileError,
        keep_backup=True,
        max_bytes=limits.MAX_DOCUMENT_BYTES,
        what="campaign file",
    )
    return path


@contextmanager
def campaign_lock(path: Path) -> Iterator[None]:
    """Hold the campaign file's advisory lock (the one every cardsmith edit takes).

    Every edit takes it before reading, so two processes editing one campaign run one
    after the other and neither loses the other's entries.

    Raises:
        CampaignFileError: another program held the lock too long ("busy, try again").
    """
    with locked(path, error=CampaignFileError):
        yield
