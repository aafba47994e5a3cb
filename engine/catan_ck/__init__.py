"""Catan with Cities & Knights rules engine (in progress; docs/catan_ck.md)."""
