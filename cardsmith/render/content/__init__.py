"""Provides the second stage of printing: what each card and sheet shows, worked out without drawing."""
