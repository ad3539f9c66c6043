"""Tide of Iron: Stalingrad campaign screens (hot-seat campaign layer)."""
