"""Game content as data (TOML), one folder per game; read by rules.core.content."""
