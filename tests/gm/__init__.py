"""Tests of what a game master runs at the table: availability, event reports, verify."""
