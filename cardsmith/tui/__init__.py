"""Provides the terminal app (Textual): catalogue browser, force editor, reference."""
