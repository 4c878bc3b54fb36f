"""Tests of the terminal app, driven with Textual's Pilot."""
