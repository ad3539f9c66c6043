"""What every game shares: commands, decisions, dice and decks, events, the game base, saves."""
