"""Provides force building: edits, pricing, SPAs, formations, the force file and its fingerprint."""
