"""Tests of rule packs, checks and the check command."""
