"""Provides units in a battle: per-unit damage, heat and crits, their effects, and optional rules."""
