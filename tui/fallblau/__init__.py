"""Campaign: Fall Blau in the terminal: the Textual screen and the plain-text mode."""
