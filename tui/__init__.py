"""wartable's terminal interface: Textual screens over the rules packages."""
