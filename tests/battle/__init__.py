"""Tests of battle state, effects, the battle file and the Betrayal rule."""
