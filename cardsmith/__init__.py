"""cardsmith: Alpha Strike forces, legality checks and record sheets; the version lives here."""

__version__ = "0.1.0"
