"""`wartable serve`: host wartable over SSH (asyncssh) and the web (textual-serve), one seat per player."""
