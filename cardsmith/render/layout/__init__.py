"""Provides the first stage of printing: templates and sheet geometry as data (no reportlab)."""
