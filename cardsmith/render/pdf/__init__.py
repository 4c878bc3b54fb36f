"""Provides the last stage of printing: cards and sheets drawn as vector PDF (the only reportlab user)."""
