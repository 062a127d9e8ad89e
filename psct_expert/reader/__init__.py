"""Text → facts.  See :mod:`psct_expert.reader.reader`."""

from .reader import EffectReading, Reading, read_card

__all__ = ["EffectReading", "Reading", "read_card"]
