"""A fake Master Unit List on loopback, serving the real records of ../shared/mul, with faults."""

from mulserver.server import FakeMul, Fault, MulData, RecordedRequest

__all__ = ["FakeMul", "Fault", "MulData", "RecordedRequest"]
