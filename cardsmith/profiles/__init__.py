"""Provides multi-profile units: switch rules, Alpha Strike modes and custom unit files."""
