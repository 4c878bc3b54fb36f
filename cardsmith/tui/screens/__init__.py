"""Provides the app's screens: catalogue, force editor, reference, help and dialogs."""
