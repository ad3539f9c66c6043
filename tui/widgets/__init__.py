"""Widgets shared by every game's screens: command menu, log, tracks, hand, dice, odds."""
