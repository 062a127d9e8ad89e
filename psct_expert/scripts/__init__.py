"""Auditing card scripts against the card text (``psct-expert audit --scripts DIR``)."""
