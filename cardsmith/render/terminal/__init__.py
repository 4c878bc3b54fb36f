"""Provides cards drawn as text for the terminal (the app's preview, text output)."""
