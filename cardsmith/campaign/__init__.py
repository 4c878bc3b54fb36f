"""Provides campaign records, the post-game flow, the roll log and campaign files."""

from cardsmith.campaign.campaign_file import load_campaign, save_campaign
from cardsmith.campaign.flow import (
    RELEASES,
    Rolled,
    add_warrior,
    adjust,
    game_checks,
    new_campaign,
    record_game,
    release,
    release_choices,
    replace_roll,
    roll_for,
    undo,
)
from cardsmith.campaign.model import (
    Campaign,
    CampaignError,
    CampaignFileError,
    Game,
    LogEntry,
    Warrior,
    WarriorCondition,
)
from cardsmith.campaign.postgame import PostGame, PostGamePlan, post_game
from cardsmith.campaign.pregame import PregameCheck
from cardsmith.campaign.replay import Roster, replay

__all__ = [
    "RELEASES",
    "Campaign",
    "CampaignError",
    "CampaignFileError",
    "Game",
    "LogEntry",
    "PostGame",
    "PostGamePlan",
    "PregameCheck",
    "Rolled",
    "Roster",
    "Warrior",
    "WarriorCondition",
    "add_warrior",
    "adjust",
    "game_checks",
    "load_campaign",
    "new_campaign",
    "post_game",
    "record_game",
    "release",
    "release_choices",
    "replace_roll",
    "replay",
    "roll_for",
    "save_campaign",
    "undo",
]
