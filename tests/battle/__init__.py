"""Tests of play state, effects, the battle file and the Betrayal rule."""
