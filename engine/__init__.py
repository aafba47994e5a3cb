"""Headless rules engines. Pure Python: nothing here may import Django."""
