"""Provides the app's widgets: results table, filters, unit card, force grid, validation."""
