"""Victory: The Blocks of War campaign screens (hot-seat and multi-player campaign manager)."""
